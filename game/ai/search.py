"""The hard computer player: a real search for turn actions, solved conflicts, normal's offers.

Owns: `hard`, which sends a turn action to the information-set tree search of game.ai.mcts
(within the time budget, never over MAX_BUDGET, or for a fixed number of iterations, which
tests use to get a decision that does not depend on the clock), support to the solved conflict
of game.ai.conflict, and the remaining small decisions (war order, offers, treasures) to the
normal level's one-ply judgement.
Imports game.rules only; never game.ui, net or pygame.
"""

from __future__ import annotations

import random
import time

from .determinize import Knowledge
from .levels import normal, support
from .mcts import search
from .policy import Action, may_pass

DEFAULT_BUDGET = 1.5
MAX_BUDGET = 5.0


def hard(know: Knowledge, rng: random.Random, budget_s: float | None = None,
         rounds: int | None = None) -> Action:
    """Return the hard level's decision within the time budget (or after `rounds` iterations)."""
    start = time.perf_counter()
    budget = min(DEFAULT_BUDGET if budget_s is None else budget_s, MAX_BUDGET)
    s = know.sample(rng)
    kind = s.decision["kind"]
    if kind == "support":
        return {"kind": "commit", "count": support(know, s)}
    if kind != "action":
        return normal(know, rng)
    # The search stops a little early: the last iteration and the answer's journey take time too.
    deadline = start + budget * 0.9
    action, _ = search(know, rng, may_pass(s, know.whole_passes), deadline, rounds)
    return action
