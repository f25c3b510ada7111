"""RULES.md section 8: catastrophes, and section 9: swapping tiles."""

from __future__ import annotations

from game.rules import dump_scenario, legal_actions, load_scenario, to_move, view_for

from .scenarios import cell, decision, kinds, leader_at, load, play, points, refused

REFUSAL = ("A catastrophe cannot go there: not on a leader, a treasure, a monument, "
           "a ziggurat, a building or another catastrophe.")

# On the standard board with its starting temples (treasures on them):
#   seat 0's priest (5,8) beside the starting temple (6,8);
#   a temple (4,4) and seat 0's farmer (4,5), supported only by it;
#   a catastrophe (9,9); a monument (red/blue) at (3,9)-(4,10); a market (9,12).
PIECES = (
    ("R", (5, 8)),
    ("rB", (4, 4)),
    ("x", (9, 9)),
    ("##/##", (3, 9)),
    ("g", (9, 12)),
)


def position(**kw):
    kw.setdefault("hands", [["red"] * 6, ["red"] * 6])
    return load(*PIECES, monuments=[{"colors": ["red", "blue"], "at": [3, 9]}], **kw)


def cat_squares(state):
    return {tuple(a["to"]) for a in legal_actions(state) if a["kind"] == "catastrophe"}


def test_catastrophe_on_empty_land_and_river() -> None:
    s = position()
    for to in ([9, 0], [3, 0]):
        s2, events = play(s, {"kind": "catastrophe", "to": to})
        assert events == [{"kind": "catastrophe", "seat": 0, "at": to, "removed": None}]
        assert cell(s2, *to) == "x"
        assert view_for(s2, None)["seats"][0]["catastrophes"] == 1
        assert s2.scores == s.scores and s2.discarded == s.discarded


def test_catastrophe_on_a_face_up_tile_discards_it() -> None:
    s = position()
    s2, events = play(s, {"kind": "catastrophe", "to": [9, 12]})
    assert events == [{"kind": "catastrophe", "seat": 0, "at": [9, 12], "removed": "green"}]
    assert cell(s2, 9, 12) == "x"
    assert s2.discarded[2] == s.discarded[2] + 1


def test_catastrophe_refused_on_leader_treasure_monument_and_catastrophe() -> None:
    s = position()
    legal = cat_squares(s)
    for to in ([5, 8], [6, 8], [3, 9], [4, 10], [9, 9]):  # leader, treasure, face-down x2, catastrophe
        assert tuple(to) not in legal
        assert refused(s, {"kind": "catastrophe", "to": to}) == REFUSAL
    # Everything else is a target: empty squares and face-up tiles without a treasure.
    assert (4, 4) in legal and (9, 12) in legal and (0, 0) in legal and (3, 0) in legal
    assert len(legal) == 176 - 10 - 2 - 4 - 1  # treasures, leaders, monument, catastrophe


def test_catastrophe_refused_on_a_ziggurat_square() -> None:
    s = load((".z./zzz/.z.", (3, 5)), variants=["ziggurat"], ziggurat=[4, 6], hands=[["red"] * 6, ["red"] * 6])
    for to in ([4, 6], [3, 6], [4, 5], [4, 7], [5, 6]):
        assert refused(s, {"kind": "catastrophe", "to": to}) == REFUSAL
    assert (3, 5) in cat_squares(s)


def test_catastrophe_strands_a_leader() -> None:
    s = position()
    s2, events = play(s, {"kind": "catastrophe", "to": [4, 4]})
    assert kinds(events) == ["catastrophe", "leader_returned"]
    assert events[0]["removed"] == "red"
    assert events[1] == {"kind": "leader_returned", "seat": 0, "color": "blue", "from": [4, 5],
                         "reason": "unsupported"}
    assert leader_at(s2, 0, "blue") is None
    assert leader_at(s2, 0, "red") == [5, 8]  # still beside its temple
    assert points(events) == []


def test_catastrophe_splits_a_kingdom() -> None:
    # temple (9,0), seat 0's priest (9,1), a settlement (9,2), seat 1's king (9,3), temple (9,4).
    s = load(("rRkSr", (9, 0)), hands=[["black"] * 6, ["red"] * 6])
    # Before: a settlement beside the priest is in the king's kingdom.
    _, events = play(s, {"kind": "place_tile", "color": "black", "to": [8, 1]})
    assert points(events) == [(1, "black", 1, "tile")]
    s2, events = play(s, {"kind": "catastrophe", "to": [9, 2]})
    assert kinds(events) == ["catastrophe"]  # no points, no conflict
    _, events = play(s2, {"kind": "place_tile", "color": "black", "to": [8, 1]})
    assert points(events) == []  # the priest's kingdom has no king any more


def test_catastrophes_run_out() -> None:
    s = position(catastrophes=[1, 2])
    s, _ = play(s, {"kind": "catastrophe", "to": [9, 0]})
    assert view_for(s, None)["seats"][0]["catastrophes"] == 0
    assert not cat_squares(s)
    assert refused(s, {"kind": "catastrophe", "to": [9, 1]}) == "You have no catastrophe tiles left."


# --- section 9: swapping ---------------------------------------------------------------------

def test_swap_choices_are_every_set_of_one_to_six_held_tiles() -> None:
    s = load(hands=[["red", "red", "blue", "blue", "blue", "blue"], ["red"] * 6])
    swaps = [a["tiles"] for a in legal_actions(s) if a["kind"] == "swap"]
    assert len(swaps) == 3 * 5 - 1
    assert ["red", "red", "blue", "blue", "blue", "blue"] in swaps
    assert ["blue"] in swaps and ["red", "red"] in swaps


def test_swap_discards_and_draws_in_bag_order() -> None:
    s = load(hands=[["red", "red", "blue", "blue", "green", "black"], ["red"] * 6],
             bag=["black", "black", "green", "red", "red"])
    s2, events = play(s, {"kind": "swap", "tiles": ["blue", "red", "blue"]})
    assert events == [
        {"kind": "swap", "seat": 0, "count": 3, "tiles": ["red", "blue", "blue"]},
        {"kind": "tiles_drawn", "seat": 0, "count": 3, "tiles": ["black", "black", "green"]},
    ]
    assert s2.hands[0] == [1, 0, 2, 3]
    assert [s2.discarded[c] - s.discarded[c] for c in range(4)] == [1, 2, 0, 0]
    assert view_for(s2, None)["bag"] == 2
    assert decision(s2) == {"kind": "action", "seat": 0, "actions_left": 1}


def test_swap_of_the_wrong_size_or_unheld_tiles_is_refused() -> None:
    s = load(hands=[["red", "red", "blue", "blue", "green", "black"], ["red"] * 6])
    assert refused(s, {"kind": "swap", "tiles": []}) == "Swap between 1 and 6 tiles."
    assert refused(s, {"kind": "swap", "tiles": ["red"] * 7}) == "Swap between 1 and 6 tiles."
    assert refused(s, {"kind": "swap", "tiles": ["red", "red", "red"]}) == "You do not hold 3 temple tiles."
    assert refused(s, {"kind": "swap", "tiles": ["black", "black"]}) == "You do not hold 2 settlement tiles."


def test_swap_on_a_short_bag_ends_the_game_at_once() -> None:
    # Seat 0's priest stands by a red/green monument: at the end of the turn it would score, but the
    # game ends in the middle of the swap and nothing more is scored.
    s = load(("rR##/..##", (3, 7)), monuments=[{"colors": ["red", "green"], "at": [3, 9]}],
             hands=[["red", "red", "blue", "blue", "green", "black"], ["red"] * 6],
             bag=["green", "black"])
    s2, events = play(s, {"kind": "swap", "tiles": ["red", "red", "blue", "blue"]})
    assert kinds(events) == ["swap", "tiles_drawn", "game_over"]
    assert events[1]["tiles"] == ["green", "black"]
    assert events[2]["reason"] == "bag"
    assert s2.game_over and to_move(s2) is None and legal_actions(s2) == []
    assert s2.hands[0] == [0, 0, 2, 2]  # the player took what was left
    assert s2.scores == s.scores
    assert refused(s2, {"kind": "pass"}) == "The game is over."
    # Control: with a bag that can supply the swap, the turn ends and the monument scores.
    s3 = load_scenario(dict(dump_scenario(s), bag=["green", "black"] * 10))
    _, events = play(s3, {"kind": "swap", "tiles": ["red", "red", "blue", "blue"]}, {"kind": "pass"})
    assert (0, "red", 1, "monument") in points(events)
