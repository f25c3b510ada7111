"""RULES.md section 7: placing civilization tiles, scoring them, and joining kingdoms."""

from __future__ import annotations

from game.rules import legal_actions
from game.rules.boards import STANDARD, index

from .scenarios import cell, decision, kinds, load, of_kind, play, points, refused, scores

HAND = ["red", "green", "green", "black", "blue", "blue"]

# Kingdom A: temples (3,5) (3,6), seat 0's priest (4,5) and seat 1's king (4,6).
# Kingdom C: temple (4,12) and seat 1's farmer (4,13), beside the river squares (3,13) and (4,14).
# Region: a market at (9,2).
PIECES = (
    (".rr.", (3, 4)),
    (".RS.", (4, 4)),
    ("rF", (4, 12)),
    ("g", (9, 2)),
)


def position(**kw):
    kw.setdefault("hands", [HAND, ["red"] * 6])
    return load(*PIECES, temples=False, **kw)


def tile_squares(state, color):
    return {tuple(a["to"]) for a in legal_actions(state) if a["kind"] == "place_tile" and a["color"] == color}


def test_farms_only_on_river_others_only_on_land() -> None:
    s = position()
    river = {divmod(q, 16) for q in range(176) if STANDARD.river >> q & 1}
    blue = tile_squares(s, "blue")
    assert blue == river  # no river square is taken or next to three kingdoms here
    for color in ("red", "green", "black"):
        squares = tile_squares(s, color)
        assert squares and not squares & river
    assert refused(s, {"kind": "place_tile", "color": "blue", "to": [5, 5]}) == "Farms (blue) go only on the river."
    assert refused(s, {"kind": "place_tile", "color": "red", "to": [3, 0]}) == "Only farms (blue) go on the river."


def test_tile_on_an_occupied_square_is_refused() -> None:
    s = position()
    for to in ([3, 5], [4, 5], [9, 2]):
        assert refused(s, {"kind": "place_tile", "color": "red", "to": to}) == "That square is not empty."
    s = load(*PIECES, ("x", (5, 0)), temples=False, hands=[HAND, ["red"] * 6])
    assert refused(s, {"kind": "place_tile", "color": "red", "to": [5, 0]}) == "That square is not empty."


def test_tile_not_in_hand_is_refused() -> None:
    s = position(hands=[["red"] * 6, ["red"] * 6])
    assert refused(s, {"kind": "place_tile", "color": "green", "to": [9, 9]}) == "You hold no market tile."
    assert not tile_squares(s, "green")


def test_touching_no_kingdom_scores_nothing() -> None:
    s = position()
    s2, events = play(s, {"kind": "place_tile", "color": "green", "to": [9, 3]})  # joins the region (9,2)
    assert events == [{"kind": "tile_placed", "seat": 0, "color": "green", "at": [9, 3]}]
    assert s2.scores == s.scores
    assert s2.hands[0] == [1, 2, 1, 1]


def test_one_kingdom_point_to_the_same_colour_leader() -> None:
    # Kingdom A also holds seat 1's king, but a temple goes to the priest.
    s, events = play(position(), {"kind": "place_tile", "color": "red", "to": [3, 4]})
    assert points(events) == [(0, "red", 1, "tile")]
    assert scores(s, 0) == {"red": 1, "blue": 0, "green": 0, "black": 0}


def test_one_kingdom_point_to_the_king_when_no_same_colour_leader() -> None:
    s, events = play(position(), {"kind": "place_tile", "color": "green", "to": [2, 5]})
    assert points(events) == [(1, "green", 1, "tile")]
    assert scores(s, 1)["green"] == 1 and scores(s, 0)["green"] == 0


def test_one_kingdom_black_tile_to_the_king() -> None:
    s, events = play(position(), {"kind": "place_tile", "color": "black", "to": [5, 6]})
    assert points(events) == [(1, "black", 1, "tile")]


def test_one_kingdom_no_leader_of_the_colour_and_no_king_scores_nobody() -> None:
    s = position()
    s2, events = play(s, {"kind": "place_tile", "color": "green", "to": [5, 12]})  # kingdom C: farmer only
    assert points(events) == []
    assert s2.scores == s.scores
    s3, events = play(s2, {"kind": "place_tile", "color": "blue", "to": [4, 14]})  # the farmer's own colour
    assert points(events) == [(1, "blue", 1, "tile")]


def test_tile_joining_three_kingdoms_is_refused() -> None:
    #        (2,8) r
    #        (3,8) R
    #  (4,6) r (4,7) F  [4,8]  (4,9) S (4,10) r
    s = load(("r", (2, 8)), ("R", (3, 8)), ("rF.Sr", (4, 6)), temples=False, hands=[HAND, ["red"] * 6])
    action = {"kind": "place_tile", "color": "green", "to": [4, 8]}
    assert action not in legal_actions(s)
    assert refused(s, action) == "A tile may not join three kingdoms."
    # (5,8) touches none of them and (3,9) only two (the priest's and the king's): both allowed.
    assert {"kind": "place_tile", "color": "green", "to": [5, 8]} in legal_actions(s)
    assert {"kind": "place_tile", "color": "green", "to": [3, 9]} in legal_actions(s)


def test_joining_two_kingdoms_places_the_unification_tile_and_scores_nothing() -> None:
    # Seat 0's priest (4,7) and seat 1's king (4,9): no colour in both, so no war.
    s = load(("rR.Sr", (4, 6)), temples=False, hands=[HAND, ["red"] * 6])
    s, events = play(s, {"kind": "place_tile", "color": "green", "to": [4, 8]})
    assert kinds(events) == ["tile_placed", "unification_placed", "unification_returned"]
    assert of_kind(events, "unification_returned") == [{"kind": "unification_returned", "seat": 0, "at": [4, 8]}]
    assert points(events) == []
    assert s.union is None and cell(s, 4, 8) == "g"
    assert decision(s) == {"kind": "action", "seat": 0, "actions_left": 1}
    # The placed tile is now ordinary: a market beside it scores for the joined kingdom's king.
    s, events = play(s, {"kind": "place_tile", "color": "green", "to": [5, 8]})
    assert points(events) == [(1, "green", 1, "tile")]


def test_a_tile_joining_regions_scores_for_the_one_kingdom() -> None:
    # The tile at (4,8) touches the priest's kingdom and a leaderless region (4,9): one kingdom.
    s = load(("rR.rr", (4, 6)), temples=False, hands=[HAND, ["red"] * 6])
    assert index(4, 8) not in s.leaders.values()
    s, events = play(s, {"kind": "place_tile", "color": "red", "to": [4, 8]})
    assert kinds(events) == ["tile_placed", "points"]
    assert points(events) == [(0, "red", 1, "tile")]
