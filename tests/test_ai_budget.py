"""The hard level's budget is a count of simulations, not the clock; what its search weighs and sees."""

from __future__ import annotations

import random
import subprocess
import sys
import time
from typing import Any

from game.ai import DEFAULT_BUDGET, MAX_BUDGET, choose
from game.ai.determinize import knowledge
from game.ai.levels import normal
from game.ai.reply import PLAN_WIDTH, TurnSearch, play_turns
from game.ai.search import SEAT_SHARE, SIMULATIONS_PER_SECOND, simulations_for, think
from game.rules import apply, events_for, legal_actions, load_scenario, new_game, to_move, view_for

from .scenarios import SPARE, SPARE_TREASURES, scenario

BUDGET = 0.15   # seconds: a small budget (about ten simulations) keeps the test fast; the count, not the clock, decides


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


def spent_the_budget(thought: Any) -> bool:
    """Return whether a search spent what its budget bought after finding the plans: all of it, or all
    but the one simulation the last round of halving leaves when it cannot share it evenly."""
    target = max(2, thought.granted - thought.root_cost)
    return target > 2 and thought.simulations in (target, target - 1)


def decide_all(ps: list[tuple[dict[str, Any], list[dict[str, Any]]]]) -> list[tuple[Any, ...]]:
    """Return each position's hard decision through the contract and the search's own account of it
    (action, simulations), checking the clock never cut a search."""
    out = []
    for i, (view, history) in enumerate(ps):
        thought = think(knowledge(view, history), random.Random(1000 + i), BUDGET)
        assert not thought.stopped_by_clock
        assert spent_the_budget(thought)
        out.append((choose(view, "hard", 1000 + i, BUDGET, history), thought.action, thought.simulations))
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
    assert simulations_for(None) == round(DEFAULT_BUDGET * SIMULATIONS_PER_SECOND)
    assert simulations_for(60.0) == round(MAX_BUDGET * SIMULATIONS_PER_SECOND)
    assert simulations_for(0.0) == 1
    # Larger tables cost more per simulation: a second buys fewer, so the default still thinks quickly.
    assert simulations_for(None, 4) == round(DEFAULT_BUDGET * SIMULATIONS_PER_SECOND * SEAT_SHARE[4])
    assert simulations_for(None, 4) < simulations_for(None, 3) < simulations_for(None, 2)
    view, history = positions()[0]
    thought = think(knowledge(view, history), random.Random(3), BUDGET)
    assert thought.granted == simulations_for(BUDGET)
    assert thought.root_cost > 0        # the root's ranking weighed dozens of positions
    assert spent_the_budget(thought)


def test_plans_are_whole_turns_and_hold_normals_own_choice() -> None:
    """Where two actions are left, the plans weighed are whole turns (a first action and a second chosen by
    normal's one-ply judgement after it), and normal's own choice for the same guess is among them."""
    checked = 0
    for i, (view, history) in enumerate(positions()):
        know = knowledge(view, history)
        search = TurnSearch(know, random.Random(i), allow_pass=True)
        assert 1 < len(search.plans) <= PLAN_WIDTH
        assert all(1 <= len(plan) <= 2 for plan in search.plans)
        assert any(len(plan) == 2 for plan in search.plans)
        chosen = normal(know, random.Random(i))
        assert any(plan[0] == chosen for plan in search.plans), chosen
        checked += 1
    assert checked == 3


def test_every_plan_is_played_to_the_end_of_the_next_seats_turn() -> None:
    """A plan is weighed where it matters: our turn played, then the next seat's whole reply, at every
    table size (at four seats the later rivals are not played)."""
    for players in (2, 4):
        s = new_game(players, 33, ())
        rng = random.Random(33)
        seen: list[list[dict[str, Any]]] = [[] for _ in range(players)]
        while not (s.decision["kind"] == "action" and s.actions_left == 2 and s.turn >= 12):
            s, events = apply(s, rng.choice(legal_actions(s)))
            for i in range(players):
                seen[i].extend(events_for(events, i))
        seat = to_move(s)
        know = knowledge(view_for(s, seat), seen[seat])
        search = TurnSearch(know, random.Random(4), allow_pass=True)
        for plan in search.plans:
            after = play_turns(know.quick_sample(random.Random(5)), plan, seat)
            assert after.game_over or (after.turn == s.turn + 2 and after.active == (seat + 2) % players)


# Seat 0's king stands in a small kingdom; a lone black tile lies between it and seat 1's kingdom, whose
# king is backed by four black tiles. Joining that tile (5,6) scores our king a point and looks best one ply
# ahead, but leaves (5,7) one square from seat 1's king: any tile there starts a black war we must lose
# (2 black tiles and one in hand against 4). A black tile anywhere else around our kingdom scores the same.
#
#   col  4 5 6 7 8 9 10
#   r4   r . . . . r k
#   r5   r K . k . S k
#   r6   . . . . . k k
EXPOSED = {"kind": "place_tile", "color": "black", "to": [5, 6]}


def exposed_position() -> dict[str, Any]:
    return view_for(load_scenario(scenario(
        ("r....rk", (4, 4)), ("rK.k.Sk", (5, 4)), (".....kk", (6, 4)),
        ("R", (8, 0)), ("G", (10, 0)), ("B", (9, 1)), *SPARE,
        temples=False, treasures=SPARE_TREASURES,
        hands=[["black", "black", "blue", "blue", "blue", "blue"], ["red", "red", "green", "green", "blue", "blue"]],
        # Black is both seats' lowest colour, so the war's points and the lost king weigh fully.
        scores=[{"red": 5, "blue": 5, "green": 5, "black": 1}, {"red": 5, "blue": 5, "green": 5, "black": 2}],
        catastrophes=[0, 2], actions_left=1, seed=5)), 0)


def test_hard_sees_the_war_its_tile_would_hand_the_next_player_and_normal_does_not() -> None:
    view = exposed_position()
    assert all(choose(view, "normal", seed) == EXPOSED for seed in range(3))
    for seed in range(3):
        action = choose(view, "hard", seed, 0.5)
        assert action != EXPOSED and action["kind"] == "place_tile" and action["color"] == "black", action
