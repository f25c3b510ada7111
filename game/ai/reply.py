"""The hard level's look-ahead: whole turns weighed against the next seat's reply, over many guesses.

Owns: `TurnSearch`, hard's search for a turn action. Normal judges its two actions one ply ahead on
one guess of the hidden tiles and never asks what the next player will do with the position it
leaves. Hard does three things more:

- **Plans, not single actions**: the candidates are whole turns (a first action and the second
  actions a one-ply judgement, normal's with hard's sight, rates best after it), so a first action
  is weighed with the second that follows it. After a swap the second action is left to each
  guess (`AFTER_SWAP`): the tiles a swap draws are the guess's own.
- **The reply**: after our turn, the next seat plays its own turn, each action chosen greedily
  by the evaluation from its side (`policy.reply_candidates`: the best-looking tiles, leaders and
  leader moves, and every war or revolt it could start), so a plan that hands a rival a winning
  revolt, a war or a treasure is seen to cost what it costs. Both its actions are chosen among the
  whole candidate list: a short list missed the action a normal player picks more often than not
  (benchmarks/bench_reply.py), and the search is not short of simulations to pay for it
  (benchmarks/bench_search.py: past the default budget its choice improves little). The reply is
  judged with the sight the other levels have (`evaluate.FULL_SIGHT`); hard's own plans, and the
  position the reply leaves, with hard's own (`HARD_SIGHT`).
- **Many guesses, shared**: every plan is played on the same guesses of the hidden tiles (the
  rival's hand, the draws, the support it can commit), so plans are compared on equal terms and
  the luck of one guess cancels out (common random numbers). Plans are narrowed by sequential
  halving: all of them on a few guesses, the better half on more, and so on.

Follow-up decisions inside a plan (support, war order, offers) are answered by the solved rules of
game.ai.conflict and the quick answers. The budget is a count of simulations (one plan played with
its reply on one guess), never read off the clock, so the same knowledge, seed and budget give the
same choice however busy the machine is.
Imports game.rules only; never game.ui, net or pygame.
"""

from __future__ import annotations

import math
import random
import time

from game.rules import IllegalAction, apply
from game.rules.engine import apply_in_place
from game.rules.state import State

from .determinize import Knowledge
from .evaluate import HARD_SIGHT, evaluate
from .policy import (
    NARROW,
    PASS,
    WIDE,
    Action,
    attacks,
    best_of,
    candidates,
    greedy,
    ranked,
    reply_candidates,
    settle,
)

FIRST_WIDTH = 8         # first actions, by a one-ply judgement with hard's sight, that start a plan
ATTACK_WIDTH = 3        # further first actions that start a war or a revolt
SECOND_WIDTH = 3        # second actions kept after each of them
PLAN_WIDTH = 20         # plans weighed in all (the rest never reach the search)
FIRST_GUESSES = 3       # guesses each plan is played on in the first round of halving
REPLY = WIDE            # the candidates of each of the next seat's reply actions

Plan = tuple[Action, ...]
# A plan's second action after a swap: decided on each guess one ply ahead (normal's short list and
# every attack), since the tiles the swap draws are the guess's own (a second action found on one
# guess's draw means nothing on another).
AFTER_SWAP: Action = {"kind": "after_swap"}


def _ours(s: State, seat: int) -> bool:
    """Return whether s asks seat for a turn action."""
    d = s.decision
    return not s.game_over and d is not None and d["kind"] == "action" and d["seat"] == seat


def plans(s: State, seat: int, allow_pass: bool) -> tuple[list[Plan], int]:
    """Return the plans worth weighing (best-looking on this guess first) and the positions judged to
    find them (their cost)."""
    acts = candidates(s, WIDE, allow_pass)
    known = len(acts)
    acts += [a for a in attacks(s) if a not in acts]
    first = ranked(s, acts, HARD_SIGHT)
    cost = len(acts)
    found: dict[tuple[str, ...], tuple[float, Plan]] = {}

    def keep(plan: Plan, value: float) -> None:
        found.setdefault(tuple(map(_key, plan)), (value, plan))

    # An attack's worth depends on the defender's hidden support, which one guess tells badly: the
    # attacks start plans of their own, to be weighed on many guesses.
    tops = first[:FIRST_WIDTH] + [f for f in first[FIRST_WIDTH:] if f[1] >= known][:ATTACK_WIDTH]
    for v1, i, after in tops:
        if s.actions_left < 2 or not _ours(after, seat):
            keep((acts[i],), v1)
            continue
        seconds = _seconds(after)
        cost += len(seconds)
        best = ranked(after, seconds, HARD_SIGHT)
        if acts[i]["kind"] == "swap":
            # Ranked like the others by its best second on this guess, played with each guess's own.
            keep((acts[i], AFTER_SWAP), best[0][0])
            continue
        for v2, j, _ in best[:SECOND_WIDTH]:
            keep((acts[i], seconds[j]), v2)
    if s.actions_left < 2:
        for v1, i, _ in first[FIRST_WIDTH:PLAN_WIDTH]:
            keep((acts[i],), v1)
    order = sorted(found.values(), key=lambda vp: -vp[0])[:PLAN_WIDTH]
    return [p for _, p in order], cost


def _seconds(s: State) -> list[Action]:
    """Return the second actions weighed after a first: normal's short list and every attack, which a
    full hand's short list would never hold."""
    seconds = candidates(s, NARROW)
    return seconds + [a for a in attacks(s) if a not in seconds]


def _key(a: Action) -> str:
    return repr(sorted(a.items()))


def play_turns(s: State, plan: Plan, seat: int) -> State:
    """Play plan for seat on guess s, then the next seat's turn as its greedy instinct plays it; return
    the position at the end of that turn (s itself may be changed too)."""
    for a in plan:
        s = settle(s)
        if not _ours(s, seat):
            break
        if a is AFTER_SWAP:
            apply_in_place(s, best_of(s, _seconds(s), HARD_SIGHT))
            continue
        try:
            # A copy: an illegal action would leave a State changed in place half done.
            s, _ = apply(s, a)
        except IllegalAction:
            # The guess changed what follows (a conflict went otherwise): decide one ply ahead, as normal
            # would but with hard's sight.
            apply_in_place(s, greedy(s, NARROW, HARD_SIGHT))
    s = settle(s)
    if _ours(s, seat):
        apply_in_place(s, PASS)
        s = settle(s)
    turn = s.turn
    while not s.game_over and s.decision is not None and s.turn == turn:
        if s.decision["kind"] != "action":
            s = settle(s)
            continue
        # The whole list: a short one missed the move a real player picks more often than not.
        apply_in_place(s, best_of(s, reply_candidates(s, REPLY)))
    return s


def play_out(s: State, plan: Plan, seat: int) -> float:
    """Return what plan is worth to seat on guess s once the next seat has replied."""
    return evaluate(play_turns(s, plan, seat), seat, HARD_SIGHT)


class TurnSearch:
    """One hard turn decision: the plans, the shared guesses and the halving between them."""

    def __init__(self, know: Knowledge, rng: random.Random, allow_pass: bool) -> None:
        self.know = know
        self.rng = rng
        self.seat = know.seat
        first = know.sample(rng)
        self.players = first.players
        self.plans, self.root_cost = plans(first, self.seat, allow_pass)
        self.guesses: list[State] = []
        self.simulations = 0
        self.stopped_by_clock = False

    def _guess(self, j: int) -> State:
        while len(self.guesses) <= j:
            self.guesses.append(self.know.quick_sample(self.rng))
        return self.guesses[j].copy()

    def run(self, simulations: int, safety_stop: float | None = None) -> Action:
        """Narrow the plans by sequential halving, spending at most `simulations` (unless the safety stop,
        a perf_counter time, cuts a search the machine has starved); return the best plan's first action.

        Every round plays each plan still in the running on the next guesses, the same guesses for all,
        then keeps the better half by their mean value; the last round shares what is left evenly (a
        simulation that would give one plan more guesses than the other is not spent).
        """
        if len(self.plans) == 1:
            return self.plans[0][0]
        total = [0.0] * len(self.plans)
        seen = [0] * len(self.plans)
        # A budget too small to try every plan on a few guesses tries only the best-looking ones.
        alive = list(range(min(len(self.plans), max(2, simulations // (2 * FIRST_GUESSES)))))
        while len(alive) > 1 and self.simulations < simulations:
            left = simulations - self.simulations
            rounds = math.ceil(math.log2(len(alive)))
            # The last round gives every plan the same guesses (the runner-up too), or it would be
            # judged on fewer of them than the leader and lose the common guesses' fairness.
            per = max(1, left // rounds // len(alive)) if rounds > 1 else left // len(alive)
            if not any(seen) and rounds > 1:
                per = max(per, FIRST_GUESSES)   # one or two guesses are too few to drop a plan on
            if per == 0:
                break
            for p in alive:
                for _ in range(per):
                    if self.simulations >= simulations or self._starved(safety_stop):
                        break
                    total[p] += play_out(self._guess(seen[p]), self.plans[p], self.seat)
                    seen[p] += 1
                    self.simulations += 1
            alive.sort(key=lambda p: (-(total[p] / seen[p] if seen[p] else -math.inf), p))
            alive = alive[:(len(alive) + 1) // 2]
            if self.stopped_by_clock:
                break
        return self.plans[alive[0]][0]

    def _starved(self, safety_stop: float | None) -> bool:
        if safety_stop is not None and self.simulations and time.perf_counter() > safety_stop:
            self.stopped_by_clock = True
        return self.stopped_by_clock
