"""Hard's look-ahead in detail: the wars and revolts it sees, how it plans a swap, how it shares its guesses.

Positions are built with the scenario format on the standard board.
"""

from __future__ import annotations

import random
from typing import Any

import pytest

from game.ai import reply
from game.ai.determinize import knowledge
from game.ai.policy import PASS, TINY, WAR_SQUARES, WIDE, attacks, best_of, reply_candidates, settle
from game.ai.reply import AFTER_SWAP, TurnSearch, plans, play_turns
from game.rules import legal_actions, load_scenario, view_for
from game.rules.engine import apply_in_place

from .test_ai_games import STANDSTILL

STANDARD = [
    "....~~~~~.r.~...",
    ".r..~.......~..r",
    "...~~r......~~..",
    "~~~~.........~~~",
    ".............r~~",
    "..............~.",
    "~~~~....r...~~~.",
    ".r.~~~~.....~...",
    "......~~~~~~~.r.",
    ".....r..........",
    "..........r.....",
]


def board(**rows: str) -> list[str]:
    """Return the standard board with some rows replaced (keys r0 ... r10)."""
    out = list(STANDARD)
    for key, row in rows.items():
        out[int(key[1:])] = row
    return out


def tile(color: str, r: int, c: int) -> dict[str, Any]:
    return {"kind": "place_tile", "color": color, "to": [r, c]}


# Two red kingdoms in the bottom rows: seat 0's along row 8, seat 1's along row 10, with empty row 9 between
# them (six squares that would join them in a red war). Seat 1's black leader stands in its kingdom beside the
# temple at (10, 9), so seat 0's black leader could start a revolt at (9, 6), (9, 9) or (9, 10).
FACING = {
    "players": 2,
    "board": board(r8="rrrrrr~~~~~~~.r.", r9="................", r10="rrrrrrr..rr....."),
    "treasures": [[0, 10], [1, 1], [1, 15], [2, 5], [4, 13], [6, 8], [7, 1], [8, 14], [10, 10]],
    "leaders": [{"seat": 0, "color": "red", "at": [7, 0]}, {"seat": 1, "color": "red", "at": [10, 7]},
                {"seat": 1, "color": "black", "at": [10, 8]}],
    "hands": [["red", "red", "red", "blue", "black", "black"], ["red", "blue", "green", "green", "black", "blue"]],
    "active": 0,
}


def test_a_war_tile_spends_a_colour_not_at_war() -> None:
    """The tile that joins two kingdoms fights on neither side: spending a red one in a red war would throw
    away a support tile, so the black tile goes down though more red are held."""
    s = load_scenario(FACING)
    wars = [a for a in attacks(s, most=99) if a["kind"] == "place_tile"]
    assert wars, "row 9 joins the two kingdoms"
    assert all(a["color"] == "black" for a in wars), wars
    legal = legal_actions(s)
    assert all(a in legal for a in wars)


def test_a_revolt_is_seen_however_many_squares_would_start_a_war() -> None:
    """Six squares would start the same red war; the short list keeps at most WAR_SQUARES of them and room
    for the revolt (before, the six took every place and the revolt was never weighed)."""
    s = load_scenario(FACING)
    ideas = attacks(s)
    wars = [a for a in ideas if a["kind"] == "place_tile"]
    revolts = [a for a in ideas if a["kind"] == "place_leader"]
    assert 1 <= len(wars) <= WAR_SQUARES
    assert revolts and all(a["leader"] == "black" and a["to"] in ([9, 6], [9, 9], [9, 10]) for a in revolts)
    assert len(ideas) <= 4


def test_war_squares_of_each_terrain_come_first() -> None:
    """Where farms and a land square all join the same two kingdoms, a farm and the land square are the two
    tried: they take tiles of different colours (before, the first four squares by number were all farms)."""
    # Seat 0's kingdom along row 2 (its last two squares farms), seat 1's along row 4: in row 3 the farms
    # (3, 0) to (3, 3) and the land square (3, 4) each touch both.
    scenario = {
        "players": 2,
        "board": board(r2="rrrbbr......~~..", r4="rrrrr........r~~"),
        "leaders": [{"seat": 0, "color": "red", "at": [1, 0]}, {"seat": 1, "color": "red", "at": [5, 0]}],
        "hands": [["red", "blue", "green", "black", "black", "blue"], ["red"] * 6],
        "active": 0,
    }
    s = load_scenario(scenario)
    wars = [a for a in attacks(s, most=99) if a["kind"] == "place_tile"]
    assert wars == [tile("black", 3, 4), tile("blue", 3, 0)]
    assert all(a in legal_actions(s) for a in wars)


def test_a_swap_plan_leaves_its_second_action_to_each_guess(monkeypatch: pytest.MonkeyPatch) -> None:
    """A swap's second action was found on one guess's draw; now it is decided on each guess's own tiles."""
    s = load_scenario(STANDSTILL)
    found, _ = plans(s, 0, allow_pass=True)
    swaps = [p for p in found if p[0]["kind"] == "swap"]
    assert swaps, "passing and swapping look best in the standstill"
    assert all(p == (p[0], AFTER_SWAP) for p in swaps)
    # Played on a guess, the second action is chosen there, among the seconds and attacks of that guess.
    asked: list[Any] = []
    real = reply._seconds

    def seconds(state: Any) -> Any:
        asked.append((state.active, state.actions_left))
        return real(state)

    monkeypatch.setattr(reply, "_seconds", seconds)
    after = play_turns(s.copy(), swaps[0], 0)
    assert asked == [(0, 1)]
    assert after.turn == s.turn + 2 or after.game_over


@pytest.mark.parametrize("budget", range(2, 41))
def test_the_last_round_gives_the_runner_up_as_many_guesses(monkeypatch: pytest.MonkeyPatch, budget: int) -> None:
    """The two plans left at the end are compared on the same guesses, whatever the budget's parity."""
    played: dict[int, int] = {}

    def counted(s: Any, plan: Any, seat: int) -> float:
        i = search.plans.index(plan)
        played[i] = played.get(i, 0) + 1
        return random.Random(i * 1000 + played[i]).random()

    s = load_scenario(FACING)
    search = TurnSearch(knowledge(view_for(s, 0), None), random.Random(5), allow_pass=True)
    monkeypatch.setattr(reply, "play_out", counted)
    search.run(budget)
    first, second = sorted(played.values(), reverse=True)[:2]
    assert first == second
    assert budget - 1 <= search.simulations <= budget


# The middle of a game (normal against normal), seat 1 to act. If it passes, seat 0's best first action by the
# evaluation is a black tile in its king's kingdom at (0, 15), (2, 14) or (2, 15) (the three are worth the same):
# squares the short candidate list never holds.
MIDGAME = {
    "players": 2,
    "board": ["....~b~~~.r.~kg.", ".r..~kk..g..~k.r", "...~br......~~..", "~~~~.........~~~", ".............r~~",
              "..............~.", "~~~~....r...~~~.", ".r.~~~~.....~...", "......~~~~~~~.r.", ".....r..........",
              "..........r....."],
    "treasures": [[0, 10], [1, 1], [1, 15], [2, 5], [4, 13], [6, 8], [7, 1], [8, 14], [9, 5], [10, 10]],
    "leaders": [{"seat": 0, "color": "red", "at": [0, 9]}, {"seat": 0, "color": "blue", "at": [3, 5]},
                {"seat": 0, "color": "green", "at": [1, 2]}, {"seat": 0, "color": "black", "at": [1, 14]},
                {"seat": 1, "color": "red", "at": [0, 1]}, {"seat": 1, "color": "blue", "at": [1, 0]},
                {"seat": 1, "color": "green", "at": [1, 10]}, {"seat": 1, "color": "black", "at": [2, 6]}],
    "hands": [["red", "green", "green", "black", "black", "black"], ["red", "red", "blue", "blue", "black", "black"]],
    "catastrophes": [2, 2],
    "scores": [{"red": 1, "blue": 1, "green": 2, "black": 1}, {"red": 3, "blue": 1, "green": 0, "black": 3}],
    "active": 1, "actions_left": 2, "turn": 13, "seed": 9100,
}


def played_out(s: Any, *actions: Any) -> Any:
    """Return a copy of s with actions played, each followed by the quick answers of what it starts."""
    s = settle(s.copy())
    for a in actions:
        apply_in_place(s, a)
        settle(s)
    return s


def our_pass_and_the_reply(monkeypatch: pytest.MonkeyPatch, s: Any) -> tuple[list[Any], list[Any], Any]:
    """Play seat 1 passing and seat 0's reply as hard's look-ahead plays it; return seat 0's actions, the
    (actions left, candidate limits) of every reply action, and the position at the end."""
    played: list[tuple[int, Any]] = []
    lists: list[tuple[int, Any]] = []
    real, real_candidates = reply.apply_in_place, reply.reply_candidates

    def record(state: Any, action: Any) -> Any:
        played.append((state.active, action))
        return real(state, action)

    def candidates(state: Any, limits: Any) -> Any:
        lists.append((state.actions_left, limits))
        return real_candidates(state, limits)

    monkeypatch.setattr(reply, "apply_in_place", record)
    monkeypatch.setattr(reply, "reply_candidates", candidates)
    after = play_turns(s.copy(), (PASS,), 1)
    return [a for seat, a in played if seat == 0], lists, after


def test_the_next_seat_replies_with_its_best_first_action_of_the_whole_list(monkeypatch: pytest.MonkeyPatch) -> None:
    """The reply's first action is chosen among the wide candidate list: the short list missed the action
    normal would play there more often than not."""
    s = load_scenario(MIDGAME)
    after_pass = played_out(s, PASS)
    best = best_of(after_pass, reply_candidates(after_pass, WIDE))
    assert best in (tile("black", 0, 15), tile("black", 2, 14), tile("black", 2, 15))
    assert best not in reply_candidates(after_pass, TINY), "the short list would never have seen it"
    rival, lists, after = our_pass_and_the_reply(monkeypatch, s)
    assert rival[0] == best
    # Both actions from the wide list.
    assert lists == [(2, WIDE), (1, WIDE)]
    assert after.turn == s.turn + 2 or after.game_over


def test_the_next_seat_replies_with_its_best_second_action_of_the_whole_list(monkeypatch: pytest.MonkeyPatch) -> None:
    """The reply's second action is chosen among the wide list too: with two blue, two red and two black tiles,
    after its blue tile the rival's best second action is a black tile by its king at (0, 15), (2, 14) or
    (2, 15) (worth the same), squares the short list never holds (it would play a red tile)."""
    scenario = dict(MIDGAME, hands=[["red", "red", "blue", "blue", "black", "black"], MIDGAME["hands"][1]])
    s = load_scenario(scenario)
    (first, second, *_), _, after = our_pass_and_the_reply(monkeypatch, s)
    assert first["kind"] == "place_tile" and first["color"] == "blue"
    # The position the rival's second action was chosen in.
    before = played_out(s, PASS, first)
    assert (before.active, before.actions_left) == (0, 1)
    assert second == best_of(before, reply_candidates(before, WIDE))
    assert second in (tile("black", 0, 15), tile("black", 2, 14), tile("black", 2, 15))
    short = reply_candidates(before, TINY)
    assert not [a for a in short if a["kind"] == "place_tile" and a["color"] == "black"], \
        "the short list would never have seen a black tile"
    assert after.turn == s.turn + 2 or after.game_over
