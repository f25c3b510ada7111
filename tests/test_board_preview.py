"""The hover preview says what the engine would do, for a seat's view and for a spectator's."""

from __future__ import annotations

from typing import Any

from game.rules import legal_actions, load_scenario, view_for
from game.rules.boards import STANDARD
from game.ui.table.board_preview import preview, war_rivals

NAMES = ["Ana", "Bo"]


def board(marks: dict[tuple[int, int], str]) -> list[str]:
    rows = [list(row.replace("T", ".")) for row in STANDARD.rows]
    for (r, c), ch in marks.items():
        rows[r][c] = ch
    return ["".join(row) for row in rows]


def views(marks: dict[tuple[int, int], str], leaders: list[dict[str, Any]], active: int = 0,
          hands: list[list[str]] | None = None) -> list[dict[str, Any]]:
    """Return the active seat's view and a spectator's, both with the players' names."""
    s = load_scenario({"players": 2, "board": board(marks), "leaders": leaders, "active": active,
                       "treasures": [], "hands": hands or [["red", "blue", "green", "black", "red", "green"]] * 2})
    out = []
    for seat in (active, None):
        v = view_for(s, seat)
        v["names"] = NAMES
        out.append(v)
    assert legal_actions(s)
    return out


def leader(seat: int, color: str, r: int, c: int) -> dict[str, Any]:
    return {"seat": seat, "color": color, "at": [r, c]}


ONE_KINGDOM = ({(5, 1): "r"}, [leader(0, "red", 4, 1), leader(1, "black", 5, 0)])


def test_a_tile_scores_for_the_leader_of_its_colour_or_the_king() -> None:
    for v in views(*ONE_KINGDOM):
        assert preview(v, {"kind": "place_tile", "color": "red", "to": [5, 2]}) == ["+1 red point for Ana"]
        assert preview(v, {"kind": "place_tile", "color": "green", "to": [4, 0]}) == \
            ["+1 green point for Bo's king"]
        assert preview(v, {"kind": "place_tile", "color": "green", "to": [9, 9]}) == ["A new region: no points"]


def test_a_kingdom_without_that_leader_or_a_king_scores_nobody() -> None:
    marks, leaders = ONE_KINGDOM
    for v in views(marks, leaders[:1]):
        assert preview(v, {"kind": "place_tile", "color": "green", "to": [5, 2]}) == \
            ["Joins a kingdom with no trader", "nobody scores"]


def test_joining_two_kingdoms_names_the_wars() -> None:
    marks = {(5, 1): "r", (5, 3): "r"}
    both_priests = [leader(0, "red", 4, 1), leader(1, "red", 4, 3)]
    for v in views(marks, both_priests):
        assert preview(v, {"kind": "place_tile", "color": "black", "to": [5, 2]}) == \
            ["Unites two kingdoms:", "war of priests!"]
    for v in views(marks, [leader(0, "red", 4, 1), leader(1, "green", 4, 3)]):
        assert preview(v, {"kind": "place_tile", "color": "black", "to": [5, 2]}) == ["Unites two kingdoms", "no war"]


def test_a_leader_revolts_joins_or_founds() -> None:
    for v in views(*ONE_KINGDOM, active=1):
        assert preview(v, {"kind": "place_leader", "leader": "red", "to": [5, 2]}) == \
            ["Revolt against Ana's priest!", "temples: you 1, them 1"]
        assert preview(v, {"kind": "place_leader", "leader": "green", "to": [6, 5]}) == []   # not legal: no temple
    for v in views({(5, 1): "r", (9, 8): "r"}, [leader(0, "red", 4, 1)]):
        assert preview(v, {"kind": "place_leader", "leader": "black", "to": [5, 2]}) == \
            ["Joins a kingdom", "1 temple beside"]
        assert preview(v, {"kind": "place_leader", "leader": "black", "to": [9, 9]}) == \
            ["Founds a kingdom", "1 temple beside"]


def test_a_catastrophe_says_who_goes_home() -> None:
    for v in views(*ONE_KINGDOM):
        assert preview(v, {"kind": "catastrophe", "to": [5, 1]}) == \
            ["Destroys a temple", "Ana's priest goes home", "Bo's king goes home"]
        assert preview(v, {"kind": "catastrophe", "to": [9, 9]}) == ["Blocks the square for good"]


def test_war_rivals_are_the_two_leaders_of_the_colour() -> None:
    from game.rules import apply, load_scenario

    s = load_scenario({"players": 2, "board": board({(5, 1): "r", (5, 3): "r", (6, 4): "r", (6, 6): "r"}),
                       "treasures": [],
                       "leaders": [leader(0, "red", 4, 1), leader(1, "red", 4, 3),
                                   leader(0, "black", 5, 4), leader(1, "black", 5, 6)],
                       "hands": [["black", "red"], ["red"]]})
    s, _ = apply(s, {"kind": "place_tile", "color": "black", "to": [5, 5]})
    assert s.decision["kind"] == "support"      # only the kings meet here: one war starts at once
    v = view_for(s, 0)
    assert sorted(war_rivals(v, "black")) == [(5, 4), (5, 6)]
    assert war_rivals(v, "red") == []
