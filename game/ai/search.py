"""The hard computer player: flat Monte Carlo over guesses of the hidden tiles.

Owns: picking a short list of candidate decisions with the normal player's judgement, then
playing each one out on many determinized States (other hands and the bag sampled from the
unseen tiles) through the rest of its own turn and every rival's reply, with a cheap greedy
policy, and scoring where that leaves it. Candidates that trail are dropped as evidence grows
(successive halving). Every candidate of a round shares the same guess and the same dice, so
they are compared on equal terms. Stops at the time budget (never over MAX_BUDGET) or after a
fixed number of rounds, which tests use to get a decision that does not depend on the clock.
Imports game.rules only; never game.ui, net or pygame.
"""

from __future__ import annotations

import random
import time

from game.rules import apply, legal_actions
from game.rules.state import State

from .determinize import Knowledge
from .evaluate import evaluate
from .levels import normal
from .policy import NARROW, WIDE, Action, candidates, greedy, quick_answer, ranked

DEFAULT_BUDGET = 1.5
MAX_BUDGET = 5.0
CANDIDATES = 6          # turn actions kept for the search
PLAYOUT_DECISIONS = 24  # a playout stops at the seat's next turn, or after this many decisions
HALVE_AT = (4, 8, 16)   # rounds after which the weaker half of the candidates is dropped


def hard(know: Knowledge, rng: random.Random, budget_s: float | None = None,
         rounds: int | None = None) -> Action:
    """Return the hard level's decision within the time budget (or after a fixed number of rounds)."""
    start = time.perf_counter()
    budget = min(DEFAULT_BUDGET if budget_s is None else budget_s, MAX_BUDGET)
    deadline = start + budget * 0.9
    s = know.sample(rng)
    kind = s.decision["kind"]
    if kind == "action":
        cands = shortlist(s)
    elif kind == "support":
        cands = legal_actions(s)
    else:
        return normal(know, rng)
    if len(cands) == 1:
        return cands[0]
    return _search(know, rng, cands, deadline, rounds)


def shortlist(s: State) -> list[Action]:
    """Return the turn actions worth searching: normal's favourites, judged over the whole turn."""
    acts = candidates(s, WIDE)
    first = ranked(s, acts)
    if s.actions_left < 2:
        return [acts[i] for _, i, _ in first[:CANDIDATES]]
    seat = s.active
    judged = []
    for v1, i, after in first[:CANDIDATES + 2]:
        d = after.decision
        if not after.game_over and d is not None and d["kind"] == "action" and d["seat"] == seat:
            v1 = max(v1, ranked(after, candidates(after, NARROW))[0][0])
        judged.append((v1, i))
    judged.sort(key=lambda t: (-t[0], t[1]))
    return [acts[i] for _, i in judged[:CANDIDATES]]


def _search(know: Knowledge, rng: random.Random, cands: list[Action], deadline: float,
            rounds: int | None) -> Action:
    totals = [0.0] * len(cands)
    alive = list(range(len(cands)))
    done = 0
    cutoff = time.perf_counter() + MAX_BUDGET * 0.8   # the hard ceiling, even inside a round
    while True:
        if rounds is not None and done >= rounds:
            break
        if rounds is None and done >= 1 and time.perf_counter() > deadline:
            break
        guess = know.sample(rng)
        dice = rng.randrange(1 << 30)
        values = {}
        for i in alive:
            if rounds is None and time.perf_counter() > cutoff:
                break
            values[i] = playout(guess, cands[i], know.seat, random.Random(dice))
        if len(values) < len(alive):
            break       # an unfinished round would compare candidates on unequal terms
        for i, v in values.items():
            totals[i] += v
        done += 1
        if done in HALVE_AT and len(alive) > 2:
            alive.sort(key=lambda i: (-totals[i], i))
            alive = sorted(alive[:max(2, len(alive) // 2)])
    if done == 0:
        return cands[0]     # no time for even one round: normal's favourite
    best = max(alive, key=lambda i: (totals[i], -i))
    return cands[best]


def playout(s: State, first: Action, seat: int, rng: random.Random) -> float:
    """Return the value for seat after first, the rest of its turn and every rival's next turn."""
    s, _ = apply(s, first)
    turns_seen = 0
    last_active = s.active
    for _ in range(PLAYOUT_DECISIONS):
        if s.game_over or s.decision is None:
            break
        if s.active != last_active:
            turns_seen += 1
            last_active = s.active
            if s.active == seat or turns_seen >= s.players:
                break
        if s.decision["kind"] != "action":
            action = quick_answer(s)
        elif s.decision["seat"] == seat:
            action = greedy(s, WIDE)      # its own second action: as normal would play it
        else:
            action = greedy(s, NARROW)    # a rival's reply: a narrower greedy player
        s, _ = apply(s, action)
    return evaluate(s, seat)
