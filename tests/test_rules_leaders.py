"""RULES.md section 6: placing, moving and withdrawing leaders."""

from __future__ import annotations

from game.rules import legal_actions

from .scenarios import decision, kinds, leader_at, load, of_kind, play, points, refused

# Two kingdoms side by side, A (temple (3,5), seat 0's king at (4,5)) and B (temple (3,7),
# seat 1's priest at (4,7)); two regions (temples (3,10) and (5,10)); a lone temple at (4,0)
# beside the river square (3,0).
#
#     col 4 5 6 7 8 9 10
#  r3     . r . r . . r
#  r4     . K . P . . .
#  r5     . . . . . . r
PIECES = (
    (".r.r..r..", (3, 4)),
    (".K.P.....", (4, 4)),
    ("......r..", (5, 4)),
    ("r", (4, 0)),
)


def two_kingdoms(**kw):
    return load(*PIECES, temples=False, hands=[["red"] * 3 + ["black"] * 3, ["red"] * 2 + ["blue"] * 4], **kw)


def targets(state, kind, leader):
    return sorted(tuple(a["to"]) for a in legal_actions(state) if a["kind"] == kind and a["leader"] == leader)


PLACE_TARGETS = sorted([
    (2, 5), (3, 4),                          # beside temple (3,5), kingdom A only
    (2, 7), (3, 8),                          # beside temple (3,7), kingdom B only
    (2, 10), (3, 9), (3, 11), (4, 10),       # beside the region (3,10)
    (6, 10), (5, 9), (5, 11),                # beside the region (5,10)
    (5, 0), (4, 1),                          # beside the lone temple; (3,0) is river
])


def test_place_from_supply_lists_exactly_the_legal_squares() -> None:
    s = two_kingdoms()
    # (3,6) and (4,6) would join A and B; (4,6) is not next to a temple anyway.
    for color in ("red", "blue", "green"):
        assert targets(s, "place_leader", color) == PLACE_TARGETS
    assert targets(s, "place_leader", "black") == []  # the king is on the board


def test_place_from_supply() -> None:
    s = two_kingdoms()
    s2, events = play(s, {"kind": "place_leader", "leader": "green", "to": [2, 5]})
    assert kinds(events) == ["leader_placed"]
    assert events[0] == {"kind": "leader_placed", "seat": 0, "color": "green", "at": [2, 5]}
    assert leader_at(s2, 0, "green") == [2, 5]
    assert decision(s2) == {"kind": "action", "seat": 0, "actions_left": 1}
    assert leader_at(s, 0, "green") is None, "apply changed its input"


def test_placing_a_leader_already_on_the_board_is_refused() -> None:
    s = two_kingdoms()
    assert "already on the board" in refused(s, {"kind": "place_leader", "leader": "black", "to": [2, 5]})


def test_leader_joining_two_kingdoms_is_refused() -> None:
    s = two_kingdoms()
    action = {"kind": "place_leader", "leader": "red", "to": [3, 6]}
    assert action not in legal_actions(s)
    assert refused(s, action) == "A leader may not join two kingdoms."


def test_leader_joining_two_regions_is_allowed_and_makes_one_kingdom() -> None:
    s = two_kingdoms()
    action = {"kind": "place_leader", "leader": "red", "to": [4, 10]}
    assert action in legal_actions(s)
    s, events = play(s, action)
    assert kinds(events) == ["leader_placed"]
    # Both regions are now the priest's kingdom: a temple beside the lower one scores for seat 0.
    s, events = play(s, {"kind": "place_tile", "color": "red", "to": [6, 10]})
    assert points(events) == [(0, "red", 1, "tile")]


def test_leader_on_river_is_refused() -> None:
    s = two_kingdoms()
    action = {"kind": "place_leader", "leader": "red", "to": [3, 0]}
    assert action not in legal_actions(s)
    assert refused(s, action) == "Leaders stand on land, never on the river."


def test_leader_not_next_to_a_temple_is_refused() -> None:
    s = two_kingdoms()
    for to in ([4, 6], [9, 0]):
        action = {"kind": "place_leader", "leader": "red", "to": to}
        assert action not in legal_actions(s)
        assert refused(s, action) == "A leader must stand next to a temple."


def test_leader_on_an_occupied_square_is_refused() -> None:
    s = two_kingdoms()
    for to in ([3, 5], [4, 7], [4, 5]):
        assert refused(s, {"kind": "place_leader", "leader": "red", "to": to}) == "A leader needs an empty square."


def test_move_lifts_the_leader_first() -> None:
    s = two_kingdoms()
    # Lifted, the king leaves A a region, so (3,6) touches only kingdom B; its own square is excluded.
    expected = sorted([*PLACE_TARGETS, (3, 6)])
    assert targets(s, "move_leader", "black") == expected
    s2, events = play(s, {"kind": "move_leader", "leader": "black", "to": [3, 6]})
    assert events == [{"kind": "leader_moved", "seat": 0, "color": "black", "from": [4, 5], "to": [3, 6]}]
    assert leader_at(s2, 0, "black") == [3, 6]
    assert decision(s2) == {"kind": "action", "seat": 0, "actions_left": 1}


def test_move_to_its_own_square_is_refused() -> None:
    s = two_kingdoms()
    action = {"kind": "move_leader", "leader": "black", "to": [4, 5]}
    assert action not in legal_actions(s)
    assert refused(s, action) == "A leader cannot move to the square it stands on."


def test_moving_a_leader_in_the_supply_is_refused() -> None:
    s = two_kingdoms()
    assert refused(s, {"kind": "move_leader", "leader": "red", "to": [2, 5]}) == "Your priest is not on the board."
    assert refused(s, {"kind": "withdraw_leader", "leader": "red"}) == "Your priest is not on the board."


def test_withdraw_may_split_a_kingdom_and_nothing_else_follows() -> None:
    # temple - priest - king - farmer(seat 1) - temple ... the king is the only bridge.
    s = load(("rRKFr", (4, 4)), ("r.r.r", (3, 4)), temples=False,
             hands=[["red"] * 6, ["blue"] * 6])
    s2, events = play(s, {"kind": "withdraw_leader", "leader": "black"})
    assert events == [{"kind": "leader_withdrawn", "seat": 0, "color": "black", "from": [4, 6]}]
    assert leader_at(s2, 0, "black") is None
    assert s2.scores == s.scores
    assert decision(s2) == {"kind": "action", "seat": 0, "actions_left": 1}
    # Now split: a tile on (4,6) joins the two kingdoms again (a unification), proving they were apart.
    s3, events = play(s2, {"kind": "place_tile", "color": "red", "to": [4, 6]})
    assert of_kind(events, "unification_placed") == [{"kind": "unification_placed", "seat": 0, "at": [4, 6]}]
    assert points(events) == []


def test_revolt_when_placing_into_a_kingdom_with_a_same_colour_leader() -> None:
    s = two_kingdoms()
    s2, events = play(s, {"kind": "place_leader", "leader": "red", "to": [3, 8]})
    assert kinds(events) == ["leader_placed", "revolt_started"]
    assert events[1] == {"kind": "revolt_started", "color": "red", "attacker": 0, "defender": 1,
                         "attacker_at": [3, 8], "defender_at": [4, 7]}
    assert decision(s2) == {"kind": "support", "seat": 0}


def test_revolt_when_moving_into_a_kingdom_with_a_same_colour_leader() -> None:
    # Seat 0's priest in A moves next to temple (3,7), into B where seat 1's priest stands.
    s = load(*PIECES, ("R", (2, 5)), temples=False, hands=[["red"] * 6, ["blue"] * 6])
    s2, events = play(s, {"kind": "move_leader", "leader": "red", "to": [2, 7]})
    assert kinds(events) == ["leader_moved", "revolt_started"]
    assert events[1]["attacker"] == 0 and events[1]["defender"] == 1
    assert decision(s2) == {"kind": "support", "seat": 0}


def test_no_revolt_for_a_leader_of_another_colour() -> None:
    s = two_kingdoms()
    s2, events = play(s, {"kind": "place_leader", "leader": "blue", "to": [3, 8]})
    assert kinds(events) == ["leader_placed"]
    assert decision(s2)["kind"] == "action"
