"""RULES.md section 10: revolts (internal conflicts)."""

from __future__ import annotations

from game.rules import legal_actions, to_move, view_for

from .scenarios import decision, kinds, leader_at, load, of_kind, play, points, refused, scores

# Seat 1's farmer (4,7) stands between temples (3,7) and (4,8). Seat 0 places its farmer on (3,6),
# beside temples (2,6) and (3,7): the temple (3,7) counts for both leaders.
#
#   col 6 7 8
#   r2  r . .
#   r3  . r .
#   r4  . F r
PIECES = (("r../.r./.Fr", (2, 6)),)
PLACE = {"kind": "place_leader", "leader": "blue", "to": [3, 6]}


def revolt(hands=None):
    hands = hands or [["red"] * 3 + ["blue", "blue", "green"], ["red"] * 2 + ["black", "black", "green", "green"]]
    s = load(*PIECES, hands=hands)
    s, events = play(s, PLACE)
    return s, events


def test_revolt_asks_the_attacker_first_then_the_defender() -> None:
    s, events = revolt()
    assert kinds(events) == ["leader_placed", "revolt_started"]
    assert decision(s) == {"kind": "support", "seat": 0}
    assert to_move(s) == 0
    assert legal_actions(s) == [{"kind": "commit", "count": n} for n in range(4)]
    conflict = view_for(s, None)["conflict"]
    assert conflict["attacker_strength"] == 2 and conflict["defender_strength"] == 2
    assert conflict["support_color"] == "red"
    s, events = play(s, {"kind": "commit", "count": 1})
    assert events == [{"kind": "support", "seat": 0, "side": "attacker", "color": "red", "count": 1}]
    assert decision(s) == {"kind": "support", "seat": 1}
    assert legal_actions(s) == [{"kind": "commit", "count": n} for n in range(3)]
    assert view_for(s, None)["conflict"]["attacker_commit"] == 1


def test_attacker_wins_with_a_strictly_greater_strength() -> None:
    s0, _ = revolt()
    s, events = play(s0, {"kind": "commit", "count": 2}, {"kind": "commit", "count": 1})
    assert of_kind(events, "conflict_resolved") == [{
        "kind": "conflict_resolved", "conflict": "revolt", "color": "blue", "winner": 0, "loser": 1,
        "attacker_strength": 4, "defender_strength": 3,
    }]
    assert of_kind(events, "leader_returned") == [
        {"kind": "leader_returned", "seat": 1, "color": "blue", "from": [4, 7], "reason": "revolt"}]
    assert points(events) == [(0, "red", 1, "revolt")]
    assert leader_at(s, 1, "blue") is None and leader_at(s, 0, "blue") == [3, 6]
    # Committed tiles are out of the game.
    assert s.hands[0][0] == 1 and s.hands[1][0] == 1
    assert s.discarded[0] == s0.discarded[0] + 3
    assert decision(s) == {"kind": "action", "seat": 0, "actions_left": 1}
    assert s.conflict is None


def test_a_tie_goes_to_the_defender() -> None:
    s, _ = revolt()
    s, events = play(s, {"kind": "commit", "count": 1}, {"kind": "commit", "count": 1})
    resolved = of_kind(events, "conflict_resolved")[0]
    assert (resolved["winner"], resolved["loser"]) == (1, 0)
    assert resolved["attacker_strength"] == resolved["defender_strength"] == 3
    assert points(events) == [(1, "red", 1, "revolt")]
    assert scores(s, 1)["red"] == 1 and scores(s, 0)["red"] == 0
    assert leader_at(s, 0, "blue") is None and leader_at(s, 1, "blue") == [4, 7]
    # The attacker's action is spent all the same.
    assert decision(s) == {"kind": "action", "seat": 0, "actions_left": 1}


def test_support_is_asked_even_from_a_player_without_red() -> None:
    s, _ = revolt(hands=[["blue"] * 6, ["green"] * 6])
    assert decision(s) == {"kind": "support", "seat": 0}
    assert legal_actions(s) == [{"kind": "commit", "count": 0}]
    assert refused(s, {"kind": "commit", "count": 1}) == "You hold no red tiles."
    s, _ = play(s, {"kind": "commit", "count": 0})
    assert decision(s) == {"kind": "support", "seat": 1}
    assert legal_actions(s) == [{"kind": "commit", "count": 0}]
    s, events = play(s, {"kind": "commit", "count": 0})
    assert of_kind(events, "conflict_resolved")[0]["winner"] == 1


def test_support_of_the_wrong_colour_or_more_than_held_is_refused() -> None:
    s, _ = revolt()
    assert refused(s, {"kind": "commit", "count": 1, "color": "blue"}) == "Support in this conflict must be red."
    assert refused(s, {"kind": "commit", "count": 4}) == "You hold only 3 red tiles."
    assert refused(s, {"kind": "commit", "count": -1}) == "'count' must be a whole number, 0 or more."
    assert refused(s, {"kind": "commit", "count": True}) == "'count' must be a whole number, 0 or more."
    assert "not your turn" in refused(s, {"kind": "commit", "count": 0}, seat=1)
    assert "cannot be played now" in refused(s, {"kind": "pass"})


def test_revolt_strength_counts_only_adjacent_temples() -> None:
    # A temple of the kingdom far from both leaders counts for neither.
    s = load(*PIECES, ("r", (5, 8)), hands=[["blue"] * 6, ["green"] * 6])
    s, _ = play(s, PLACE)
    conflict = view_for(s, None)["conflict"]
    assert (conflict["attacker_strength"], conflict["defender_strength"]) == (2, 2)
