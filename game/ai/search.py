"""The hard computer player: whole turns weighed against the next player's reply, solved conflicts.

Owns: `hard`, which sends a turn action to the look-ahead of game.ai.reply (whole turns played on
many shared guesses of the hidden tiles, each followed by the next seat's reply), support to the
solved conflict of game.ai.conflict, and the remaining small decisions (war order, offers,
treasures) to the normal level's one-ply judgement, seen with hard's own sight (evaluate.HARD_SIGHT).

The budget is counted in simulations (one plan and its reply played on one guess), never read off
the clock, so the same view, history, rng_seed and budget give the same decision however busy the
machine is (DESIGN.md). A second of budget buys SIMULATIONS_PER_SECOND simulations at a 2-player
table (SEAT_SHARE of them with more seats, whose positions cost more to judge); finding the plans
is paid out of them too. The clock only stops a search the machine has starved far beyond its
budget (SAFETY_FACTOR).
Imports game.rules only; never game.ui, net or pygame.
"""

from __future__ import annotations

import math
import random
import time
from dataclasses import dataclass

from game.rules.state import deciding

from .determinize import Knowledge
from .evaluate import HARD_SIGHT
from .levels import normal, support
from .policy import Action, may_pass
from .reply import TurnSearch

DEFAULT_BUDGET = 1.5
MAX_BUDGET = 5.0
# Measured on the project's 2-core build machine (2026-12-03, two games at once, one a core): with both
# reply actions judged on the whole candidate list, 128 simulations (the default budget's) took 0.90 s
# median per hard decision in a 20-game run against normal, 2.95 s at most (0.62-0.71 s median when only
# the first reply action was). More simulations would buy little (README: bench_search.py).
SIMULATIONS_PER_SECOND = 85
SEAT_SHARE = {2: 1.0, 3: 0.9, 4: 0.85}
# Finding the plans judges a few hundred positions one ply ahead; this many of them cost about
# as much as one simulation (our turn and the reply, the reply's every option judged). Set when the
# reply weighed the short list only: a simulation now judges about 85 positions, but changing it would
# change hard's choices from those measured (README).
PLAN_POSITIONS_PER_SIMULATION = 30
SAFETY_FACTOR = 3.0     # the clock stops a search only at this many times the budget
SAFETY_FLOOR = 1.0      # seconds: tiny budgets get this much slack before the clock steps in


@dataclass(frozen=True)
class Thought:
    """One hard turn decision and what it cost: for tests and benchmarks."""

    action: Action
    simulations: int            # plans played with their reply on one guess
    granted: int                # simulations the budget bought, finding the plans included
    root_cost: int              # simulations' worth finding the plans took out of them
    stopped_by_clock: bool      # True only when the safety stop cut the search short


def simulations_for(budget_s: float | None, players: int = 2) -> int:
    """Return the simulations a budget in seconds buys at a table of `players` (finding the plans included)."""
    budget = min(DEFAULT_BUDGET if budget_s is None else budget_s, MAX_BUDGET)
    return max(1, round(budget * SIMULATIONS_PER_SECOND * SEAT_SHARE[players]))


def think(know: Knowledge, rng: random.Random, budget_s: float | None = None,
          simulations: int | None = None) -> Thought:
    """Search a turn action: for the budget's simulations, or exactly `simulations` after finding the plans."""
    start = time.perf_counter()
    budget = min(DEFAULT_BUDGET if budget_s is None else budget_s, MAX_BUDGET)
    s = know.sample(rng)
    search = TurnSearch(know, rng, may_pass(s, know.whole_passes))
    root_cost = math.ceil(search.root_cost / PLAN_POSITIONS_PER_SIMULATION)
    if simulations is not None:
        granted, target, stop = simulations + root_cost, simulations, None
    else:
        granted = simulations_for(budget, search.players)
        # At least one guess for each of two plans, so that the search always looks past its plans.
        target = max(2, granted - root_cost)
        stop = start + max(SAFETY_FACTOR * budget, SAFETY_FLOOR)
    action = search.run(target, stop)
    return Thought(action, search.simulations, granted, root_cost, search.stopped_by_clock)


def hard(know: Knowledge, rng: random.Random, budget_s: float | None = None,
         simulations: int | None = None) -> Action:
    """Return the hard level's decision for the budget (or after exactly `simulations`)."""
    s = know.sample(rng)
    kind = deciding(s)["kind"]
    if kind == "support":
        return {"kind": "commit", "count": support(know, s)}
    if kind != "action":
        return normal(know, rng, HARD_SIGHT)
    return think(know, rng, budget_s, simulations).action
