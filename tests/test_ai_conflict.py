"""The conflict sub-game solved: the computer players' support in revolts and wars."""

from __future__ import annotations

from typing import Any

import pytest

from game.ai import choose
from game.ai.conflict import attacker_commit, defender_commit, holds_at_least, hypergeometric
from game.rules import apply, events_for, legal_actions, load_scenario, to_move, view_for
from game.rules.boards import STANDARD


def test_the_hypergeometric_law() -> None:
    assert sum(hypergeometric(k, 40, 12, 6) for k in range(7)) == pytest.approx(1.0)
    assert hypergeometric(0, 10, 0, 6) == 1.0
    assert holds_at_least(1, 10, 0, 6) == 0.0
    assert holds_at_least(0, 10, 3, 6) == 1.0
    # 2 red among 4 unseen tiles, a hand of 2: P(both red) = 1/6.
    assert holds_at_least(2, 4, 2, 2) == pytest.approx(1 / 6)


def test_the_attacker_commits_just_enough_when_nobody_can_hold() -> None:
    # No tile of the colour is unseen: the defender holds none, so one more than the gap wins.
    assert attacker_commit(held=5, gap=1, pool=30, marked=0, drawn=6, win=3.0, lose=-3.0) == 2
    # The attack cannot beat the defender's board even with every tile: keep them.
    assert attacker_commit(held=2, gap=2, pool=30, marked=10, drawn=6, win=3.0, lose=-3.0) == 0


def test_the_attacker_weighs_the_defenders_likely_hand() -> None:
    # Half the unseen tiles are the colour: a six-tile hand likely holds two or three, so one
    # more than the board gap is not enough; with none unseen it is.
    likely = attacker_commit(held=6, gap=0, pool=20, marked=10, drawn=6, win=3.0, lose=-3.0)
    certain = attacker_commit(held=6, gap=0, pool=20, marked=0, drawn=6, win=3.0, lose=-3.0)
    assert certain == 1
    assert likely >= 4
    # Winning worth little next to the tiles: the attack is not pressed.
    assert attacker_commit(held=6, gap=0, pool=20, marked=10, drawn=6, win=0.1, lose=0.0) <= 1


def test_the_defender_answers_exactly_or_not_at_all() -> None:
    assert defender_commit(held=3, need=2, hold=2.0, fall=-2.0) == 2
    assert defender_commit(held=1, need=2, hold=2.0, fall=-2.0) == 0      # a lost defence
    assert defender_commit(held=3, need=0, hold=2.0, fall=-2.0) == 0      # already holding
    assert defender_commit(held=3, need=3, hold=0.1, fall=0.0) == 0       # not worth three tiles


def board(marks: dict[tuple[int, int], str]) -> list[str]:
    rows = [list(row.replace("T", ".")) for row in STANDARD.rows]
    for (r, c), ch in marks.items():
        rows[r][c] = ch
    return ["".join(row) for row in rows]


def revolt(attacker_hand: list[str], defender_hand: list[str]) -> tuple[Any, list[list[dict[str, Any]]]]:
    """Seat 0's priest lands beside two temples in the kingdom of seat 1's priest (one temple)."""
    s = load_scenario({
        "players": 2, "board": board({(5, 2): "r", (5, 4): "r"}), "treasures": [],
        "leaders": [{"seat": 1, "color": "red", "at": [4, 2]}],
        "hands": [attacker_hand, defender_hand], "active": 0,
    })
    s, events = apply(s, {"kind": "place_leader", "leader": "red", "to": [5, 3]})
    assert s.conflict is not None and s.conflict["kind"] == "revolt"
    return s, [events_for(events, i) for i in range(2)]


@pytest.mark.parametrize("level", ["normal", "hard"])
def test_a_defender_commits_nothing_to_a_lost_defence(level: str) -> None:
    s, seen = revolt(["red", "red", "red", "blue", "blue", "blue"], ["red", "red", "green", "green", "blue", "black"])
    s, _ = apply(s, {"kind": "commit", "count": 3})     # 2 + 3 against 1: the defender would need 4
    assert to_move(s) == 1
    assert choose(view_for(s, 1), level, 5, budget_s=0.3, history=seen[1]) == {"kind": "commit", "count": 0}


@pytest.mark.parametrize("level", ["normal", "hard"])
def test_a_defender_that_can_hold_commits_just_enough(level: str) -> None:
    s, seen = revolt(["red", "blue", "blue", "blue", "green", "green"], ["red", "red", "red", "green", "blue", "black"])
    s, _ = apply(s, {"kind": "commit", "count": 0})     # 2 against 1: one temple makes a tie, which holds
    action = choose(view_for(s, 1), level, 5, budget_s=0.3, history=seen[1])
    assert action == {"kind": "commit", "count": 1}
    assert action in legal_actions(s)


def test_an_attacker_without_hope_keeps_its_tiles() -> None:
    # Seat 0's priest beside one temple against seat 1's beside three: one red in hand cannot win.
    s = load_scenario({
        "players": 2, "board": board({(4, 6): "r", (5, 7): "r", (6, 6): "r", (6, 5): "r"}), "treasures": [],
        "leaders": [{"seat": 1, "color": "red", "at": [5, 6]}],
        "hands": [["red", "blue", "blue", "green", "green", "black"], ["red"] * 6], "active": 0,
    })
    s, events = apply(s, {"kind": "place_leader", "leader": "red", "to": [5, 5]})
    assert s.conflict is not None
    assert choose(view_for(s, 0), "normal", 1, history=events_for(events, 0)) == {"kind": "commit", "count": 0}


# --- broader ideas: catastrophes and swaps ------------------------------------------------------

def catastrophe_ideas(marks: dict[tuple[int, int], str], leaders: list[dict[str, Any]]) -> list[list[int]]:
    from game.ai.policy import WIDE, candidates

    s = load_scenario({"players": 2, "treasures": [], "board": board(marks), "leaders": leaders,
                       "hands": [["red", "blue", "blue", "green", "green", "black"], ["black"] * 6], "active": 0})
    return [a["to"] for a in candidates(s, WIDE) if a["kind"] == "catastrophe"]


def test_a_catastrophe_idea_breaks_a_kingdom_shared_with_a_rival() -> None:
    # Seat 0's king and seat 1's trader share a kingdom held together by a row of markets.
    ideas = catastrophe_ideas({(5, 2): "r", (5, 3): "g", (5, 4): "g", (5, 5): "g", (5, 6): "r"},
                              [{"seat": 0, "color": "black", "at": [4, 2]},
                               {"seat": 1, "color": "green", "at": [4, 6]}])
    assert [5, 4] in ideas
    assert [5, 6] in ideas          # the rival trader's only temple: it goes home
    assert [5, 2] not in ideas      # never our own king's only temple


def test_a_catastrophe_idea_spoils_a_rivals_monument() -> None:
    # Seat 1's trader leads three markets of a 2x2 block; [10, 6] would complete it.
    ideas = catastrophe_ideas({(8, 4): "r", (9, 5): "g", (9, 6): "g", (10, 5): "g"},
                              [{"seat": 1, "color": "green", "at": [8, 5]}])
    assert [10, 6] in ideas


def test_swaps_offer_useful_subsets() -> None:
    from game.ai.policy import _swaps

    s = load_scenario({
        "players": 2, "board": board({(5, 2): "r"}), "treasures": [],
        "leaders": [{"seat": 0, "color": "red", "at": [4, 2]}],
        "hands": [["red", "red", "red", "red", "green", "black"], ["black"] * 6], "active": 0,
    })
    swaps = [a["tiles"] for a in _swaps(s)]
    assert ["green", "black"] in swaps                    # colours without a leader
    assert ["red", "red"] in swaps                        # the surplus beyond two
    assert ["red", "red", "green", "black"] in swaps      # both
    assert len(swaps) == len({tuple(t) for t in swaps})
    assert all(a in legal_actions(s) for a in ({"kind": "swap", "tiles": t} for t in swaps))


def test_the_war_fought_first_is_the_one_the_chooser_is_likeliest_to_win() -> None:
    from game.ai.conflict import quick_war

    # A black tile at [5, 4] joins seat 0's kingdom (two temples, one market) to seat 1's (two
    # temples, two markets): a red war and a green war. Seat 0 holds three temples, no market.
    s = load_scenario({
        "players": 2, "treasures": [],
        "board": board({(5, 1): "r", (5, 2): "r", (5, 3): "g", (5, 5): "r", (5, 6): "r", (5, 7): "g", (5, 8): "g"}),
        "leaders": [{"seat": 0, "color": "red", "at": [4, 1]}, {"seat": 0, "color": "green", "at": [4, 2]},
                    {"seat": 1, "color": "red", "at": [4, 5]}, {"seat": 1, "color": "green", "at": [4, 6]}],
        "hands": [["red", "red", "red", "black", "blue", "blue"], ["blue"] * 6], "active": 0,
    })
    s, _ = apply(s, {"kind": "place_tile", "color": "black", "to": [5, 4]})
    assert s.decision["kind"] == "choose_war"
    assert quick_war(s) == 0
    for level in ("normal", "hard"):
        action = choose(view_for(s, 0), level, 3, budget_s=0.2)
        assert action in legal_actions(s)
