"""The hard computer player: a real search for turn actions, solved conflicts, normal's offers.

Owns: `hard`, which sends a turn action to the information-set tree search of game.ai.mcts,
support to the solved conflict of game.ai.conflict, and the remaining small decisions (war
order, offers, treasures) to the normal level's one-ply judgement.

The budget is counted in search iterations, never read off the clock, so the same view, history,
rng_seed and budget give the same decision however busy the machine is (DESIGN.md). A second
of budget buys ITERATIONS_PER_SECOND iterations at a 2-player table (SEAT_SHARE of them with more
seats, whose iterations cost more); the root's ranking is paid out of them too.
The clock only stops a search the machine has starved far beyond its budget (SAFETY_FACTOR).
Imports game.rules only; never game.ui, net or pygame.
"""

from __future__ import annotations

import math
import random
import time
from dataclasses import dataclass

from .determinize import Knowledge
from .levels import normal, support
from .mcts import Search
from .policy import Action, may_pass

DEFAULT_BUDGET = 1.5
MAX_BUDGET = 5.0
# Calibrated on the project's 2-core build machine (2026-12-01, `bench_ai.py --think 20 --jobs 2`:
# one decision on each core). One 2-player iteration takes ~0.6 ms of wall time there, so 3,000
# iterations took 1.86 s median, too close to the 2 s the table may wait; 1,400 a second of budget
# puts the default budget's turn decision near 1.3 s.
ITERATIONS_PER_SECOND = 1400
# The search looks over two turns at every table size (game.ai.mcts.HORIZON_TURNS), but with more
# seats each position has more leaders and kingdoms to weigh: 2,000 iterations took ~1.4 s of CPU in
# 2-player positions, ~1.5 s in 3-player and ~1.65 s in 4-player ones (same machine, quiet). A
# second of budget buys this share of the 2-player count, so every table size thinks alike.
SEAT_SHARE = {2: 1.0, 3: 0.9, 4: 0.85}
# The root's ranking weighs ~120-160 positions at one ply, each ~0.12 ms of CPU: four of them
# cost about one iteration.
ROOT_EVALUATIONS_PER_ITERATION = 4
SAFETY_FACTOR = 3.0     # the clock stops a search only at this many times the budget
SAFETY_FLOOR = 1.0      # seconds: tiny budgets get this much slack before the clock steps in


@dataclass(frozen=True)
class Thought:
    """One hard turn decision and what it cost: for tests and benchmarks."""

    action: Action
    iterations: int             # tree iterations run
    granted: int                # iterations the budget bought, root's ranking included
    root_cost: int              # iterations' worth the root's ranking took out of them
    stopped_by_clock: bool      # True only when the safety stop cut the search short


def iterations_for(budget_s: float | None, players: int = 2) -> int:
    """Return the iterations a budget in seconds buys at a table of `players` (root's ranking included)."""
    budget = min(DEFAULT_BUDGET if budget_s is None else budget_s, MAX_BUDGET)
    return max(1, round(budget * ITERATIONS_PER_SECOND * SEAT_SHARE[players]))


def think(know: Knowledge, rng: random.Random, budget_s: float | None = None,
          rounds: int | None = None) -> Thought:
    """Search a turn action: for the budget's iterations, or exactly `rounds` iterations after the root."""
    start = time.perf_counter()
    budget = min(DEFAULT_BUDGET if budget_s is None else budget_s, MAX_BUDGET)
    s = know.sample(rng)
    tree = Search(know, rng, may_pass(s, know.whole_passes))
    root_cost = math.ceil(tree.root_evaluations / ROOT_EVALUATIONS_PER_ITERATION)
    if rounds is not None:
        granted, target, stop = rounds + root_cost, rounds, None
    else:
        granted = iterations_for(budget, tree.players)
        # At least one iteration, so that the search always looks past the root.
        target = max(1, granted - root_cost)
        stop = start + max(SAFETY_FACTOR * budget, SAFETY_FLOOR)
    action = tree.run(target, stop)
    return Thought(action, tree.iterations, granted, root_cost, tree.stopped_by_clock)


def hard(know: Knowledge, rng: random.Random, budget_s: float | None = None,
         rounds: int | None = None) -> Action:
    """Return the hard level's decision for the budget (or after `rounds` search iterations)."""
    s = know.sample(rng)
    kind = s.decision["kind"]
    if kind == "support":
        return {"kind": "commit", "count": support(know, s)}
    if kind != "action":
        return normal(know, rng)
    return think(know, rng, budget_s, rounds).action
