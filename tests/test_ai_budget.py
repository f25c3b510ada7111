"""The hard level's budget is a count of search iterations: its decision does not depend on the clock."""

from __future__ import annotations

import random
import subprocess
import sys
import time
from typing import Any

from game.ai import DEFAULT_BUDGET, MAX_BUDGET, choose
from game.ai.determinize import knowledge
from game.ai.mcts import Search, settle_in_place
from game.ai.search import ITERATIONS_PER_SECOND, SEAT_SHARE, iterations_for, think
from game.rules import apply, events_for, legal_actions, new_game, to_move, view_for
from game.rules.engine import apply_in_place

BUDGET = 0.08   # seconds: a small budget keeps the test fast; the count, not the clock, decides


def positions() -> list[tuple[dict[str, Any], list[dict[str, Any]]]]:
    """Return a few turn decisions (views and histories) from a game played by random legal actions."""
    s = new_game(2, 21, ())
    rng = random.Random(21)
    seen: list[list[dict[str, Any]]] = [[], []]
    out = []
    while (seat := to_move(s)) is not None and len(out) < 3:
        if s.decision["kind"] == "action" and s.actions_left == 2 and s.turn % 6 == 1:
            out.append((view_for(s, seat), list(seen[seat])))
        s, events = apply(s, rng.choice(legal_actions(s)))
        for i in range(2):
            seen[i].extend(events_for(events, i))
    return out


def decide_all(ps: list[tuple[dict[str, Any], list[dict[str, Any]]]]) -> list[tuple[Any, ...]]:
    """Return each position's hard decision through the contract and the search's own account of it
    (action, iterations), checking the clock never cut a search."""
    out = []
    for i, (view, history) in enumerate(ps):
        thought = think(knowledge(view, history), random.Random(1000 + i), BUDGET)
        assert not thought.stopped_by_clock
        assert thought.iterations == thought.granted - thought.root_cost
        out.append((choose(view, "hard", 1000 + i, BUDGET, history), thought.action, thought.iterations))
    return out


def busy_loop() -> subprocess.Popen[str]:
    """Start a process that keeps one core busy; return once it is running."""
    proc = subprocess.Popen([sys.executable, "-c", "print('busy', flush=True)\nwhile True: pass"],
                            stdout=subprocess.PIPE, text=True)
    assert proc.stdout is not None
    assert proc.stdout.readline().strip() == "busy"
    return proc


def test_hard_decides_the_same_under_different_load() -> None:
    ps = positions()
    assert len(ps) == 3
    quiet = decide_all(ps)
    busy = [busy_loop(), busy_loop()]    # both cores of a two-core machine, more on a bigger one
    try:
        started = time.perf_counter()
        loaded = decide_all(ps)
        assert time.perf_counter() - started < 30
    finally:
        for proc in busy:
            proc.kill()
            proc.wait()
    assert loaded == quiet


def test_the_budget_buys_a_fixed_count_and_root_ranking_is_paid_from_it() -> None:
    assert iterations_for(None) == round(DEFAULT_BUDGET * ITERATIONS_PER_SECOND)
    assert iterations_for(60.0) == round(MAX_BUDGET * ITERATIONS_PER_SECOND)
    assert iterations_for(0.0) == 1
    # Larger tables cost more per iteration: a second buys fewer, so the default still thinks quickly.
    assert iterations_for(None, 4) == round(DEFAULT_BUDGET * ITERATIONS_PER_SECOND * SEAT_SHARE[4])
    assert iterations_for(None, 4) < iterations_for(None, 3) < iterations_for(None, 2)
    view, history = positions()[0]
    thought = think(knowledge(view, history), random.Random(3), BUDGET)
    assert thought.granted == iterations_for(BUDGET)
    assert thought.root_cost > 0        # the root's ranking weighed dozens of positions
    assert thought.iterations == thought.granted - thought.root_cost


def test_the_search_judges_its_own_second_action_as_normal_does() -> None:
    """Below each first action tried, our second action is ordered by the full evaluation one ply ahead
    (normal's judgement), not by the cheap priors: the best follow-up is tried first."""
    view, history = positions()[0]
    know = knowledge(view, history)
    rng = random.Random(5)
    tree = Search(know, rng, allow_pass=True)
    tree.run(400)
    judged = 0
    for i, child in tree.root.children.items():
        if child.acts is None or child.mover != know.seat:
            continue
        s = know.sample(random.Random(9))
        apply_in_place(s, tree.root.acts[i])
        settle_in_place(s)
        if s.active != know.seat or s.actions_left != 1:
            continue
        # The priors fall as normal's one-ply values fall (a softmax of them), and the first is the best.
        assert child.prior == sorted(child.prior, reverse=True)
        assert child.prior[0] > child.prior[-1]
        judged += 1
    assert judged >= 3, "the search looked at too few second actions to check"


def test_at_four_seats_the_search_looks_over_our_turn_and_the_next_seats() -> None:
    """The tree holds only our own decisions and the next seat's (two turns, game.ai.mcts.HORIZON_TURNS),
    and every action it chose on the way down was legal in the guess it was chosen in."""
    s = new_game(4, 33, ())
    rng = random.Random(33)
    seen: list[list[dict[str, Any]]] = [[] for _ in range(4)]
    while not (s.decision["kind"] == "action" and s.actions_left == 2 and s.turn >= 12):
        s, events = apply(s, rng.choice(legal_actions(s)))
        for i in range(4):
            seen[i].extend(events_for(events, i))
    seat = to_move(s)
    know = knowledge(view_for(s, seat), seen[seat])
    tree = Search(know, random.Random(4), allow_pass=True)
    tree.run(600)
    movers: set[int] = set()
    depth = 0
    stack = [(tree.root, 0)]
    while stack:
        node, d = stack.pop()
        if node.acts is not None:
            movers.add(node.mover)
            depth = max(depth, d)
        stack.extend((child, d + 1) for child in node.children.values())
    assert movers == {seat, (seat + 1) % 4}
    assert depth >= 2       # it did reach the next seat's replies
