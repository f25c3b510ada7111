"""RULES.md section 16: the variants (advanced board, civilization buildings, the ziggurat)."""

from __future__ import annotations

from game.rules import legal_actions, view_for

from .scenarios import (
    SPARE,
    SPARE_TREASURES,
    board,
    decision,
    kinds,
    leader_at,
    load,
    of_kind,
    play,
    points,
    refused,
)

PASS = {"kind": "pass"}
COMMIT0 = {"kind": "commit", "count": 0}
CAT_REFUSAL = ("A catastrophe cannot go there: not on a leader, a treasure, a monument, "
               "a ziggurat, a building or another catastrophe.")


def position(*pieces, variants=("buildings", "ziggurat"), **kw):
    kw.setdefault("hands", [["green"] * 2 + ["black"] * 2 + ["red"] * 2, ["red"] * 6])
    kw.setdefault("treasures", SPARE_TREASURES)
    return load(*pieces, *SPARE, temples=False, variants=list(variants), **kw)


def place(color, r, c):
    return {"kind": "place_tile", "color": color, "to": [r, c]}


# --- 16.2 civilization buildings ---------------------------------------------------------------

def test_building_offered_for_a_line_of_three() -> None:
    s, events = play(position(("gg", (9, 6))), place("green", 9, 8))
    assert kinds(events) == ["tile_placed"]
    assert decision(s) == {"kind": "building", "seat": 0, "color": "green",
                           "squares": [[9, 6], [9, 7], [9, 8]], "move": False}
    assert legal_actions(s) == [{"kind": "build_building", "color": "green", "at": [9, c]} for c in (6, 7, 8)] + [
        {"kind": "decline"}]
    assert refused(s, {"kind": "build_building", "color": "green", "at": [9, 9]}) == "That building cannot go there."
    assert refused(s, {"kind": "build_building", "color": "red", "at": [9, 7]}) == "That building cannot go there."
    s, events = play(s, {"kind": "decline"})
    assert events == [{"kind": "declined", "seat": 0, "offer": "building"}]
    assert decision(s) == {"kind": "action", "seat": 0, "actions_left": 1}


def test_building_offer_covers_both_lines_through_the_tile() -> None:
    s, _ = play(position(("gg/  g/  g", (3, 7))), place("green", 3, 9))
    assert decision(s)["squares"] == [[3, 7], [3, 8], [3, 9], [4, 9], [5, 9]]


def test_no_building_offer_for_a_line_of_two_a_gap_or_a_face_down_tile() -> None:
    monument = [{"colors": ["red", "green"], "at": [8, 5]}]
    for pieces, monuments in (
        ((("g", (9, 7)),), []),                             # a line of two
        ((("g.", (9, 6)),), []),                            # g . + : broken
        ((("##/##", (8, 5)), ("g", (9, 7))), monument),     # # g + : the face-down tile does not count
    ):
        s, events = play(position(*pieces, monuments=monuments), place("green", 9, 8))
        assert decision(s) == {"kind": "action", "seat": 0, "actions_left": 1}, pieces
    # Without the variant, no building is ever offered.
    s, _ = play(position(("gg", (9, 6)), variants=()), place("green", 9, 8))
    assert decision(s) == {"kind": "action", "seat": 0, "actions_left": 1}


def test_building_points_go_to_the_same_colour_leader_then_the_king_then_nobody() -> None:
    # Seat 0's trader (10,7) in the line's kingdom: 1 green to seat 0.
    s, _ = play(position(("gg/rG", (9, 6))), place("green", 9, 8))
    s, events = play(s, {"kind": "build_building", "color": "green", "at": [9, 7]})
    assert points(events) == [(0, "green", 1, "building")]
    assert events[0] == {"kind": "building_built", "seat": 0, "color": "green", "at": [9, 7], "from": None}
    assert view_for(s, None)["buildings"] == {"green": [9, 7]}
    # Only seat 1's king: 1 green to seat 1. (The tile itself scored nothing: no trader there.)
    s, events = play(position(("gg/rS", (9, 6))), place("green", 9, 8), {"kind": "build_building",
                                                                          "color": "green", "at": [9, 6]})
    assert points(events) == [(1, "green", 1, "tile"), (1, "green", 1, "building")]
    # A seat 1 priest only: nobody.
    s, events = play(position(("gg/rP", (9, 6))), place("green", 9, 8), {"kind": "build_building",
                                                                          "color": "green", "at": [9, 6]})
    assert points(events) == []


def test_building_moves_only_for_a_strictly_longer_line_and_scores_two() -> None:
    pieces = (("ggg", (9, 6)), ("rT", (4, 1)), ("gg", (5, 1)))
    # The building stands on a line of three at (9,6)-(9,8). A new line of three: no offer.
    s = position(*pieces, buildings={"green": [9, 7]})
    s, events = play(s, place("green", 5, 3))
    assert decision(s) == {"kind": "action", "seat": 0, "actions_left": 1}
    # A new line of four: the building may move onto it and scores 2 for the new kingdom's trader.
    s, events = play(s, place("green", 5, 4))
    assert decision(s) == {"kind": "building", "seat": 0, "color": "green",
                           "squares": [[5, 1], [5, 2], [5, 3], [5, 4]], "move": True}
    s, events = play(s, {"kind": "build_building", "color": "green", "at": [5, 3]})
    assert events[0] == {"kind": "building_built", "seat": 0, "color": "green", "at": [5, 3], "from": [9, 7]}
    assert points(events)[0] == (1, "green", 2, "building")
    assert view_for(s, None)["buildings"] == {"green": [5, 3]}


def test_extending_the_buildings_own_line_does_not_move_it() -> None:
    s = position(("ggg", (9, 6)), buildings={"green": [9, 7]})
    s, _ = play(s, place("green", 9, 9))
    assert decision(s) == {"kind": "action", "seat": 0, "actions_left": 1}


def test_the_tile_under_a_building_survives_a_war_and_refuses_a_catastrophe() -> None:
    #   col 4 5 6 7 8 9 10 11 12
    #   r3  . . g . . . .  .  .
    #   r4  r G g g + g g* T  r      (* the green building)
    s = position(("..g", (3, 4)), ("rGgg.ggTr", (4, 4)), buildings={"green": [4, 10]})
    assert refused(s, {"kind": "catastrophe", "to": [4, 10]}) == CAT_REFUSAL
    assert {"kind": "catastrophe", "to": [4, 9]} in legal_actions(s)
    s, events = play(s, place("black", 4, 8))
    assert of_kind(events, "war_started")[0]["color"] == "green"
    s, events = play(s, COMMIT0, COMMIT0)
    resolved = of_kind(events, "conflict_resolved")[0]
    assert (resolved["winner"], resolved["attacker_strength"], resolved["defender_strength"]) == (0, 3, 2)
    assert of_kind(events, "tiles_removed") == [{"kind": "tiles_removed", "color": "green", "squares": [[4, 9]]}]
    assert points(events) == [(0, "green", 2, "war")]
    assert board(s)[4][9:11] == ".g" and view_for(s, None)["buildings"] == {"green": [4, 10]}


def test_offers_come_in_order_and_a_monument_sends_a_building_back() -> None:
    #   col 5 6 7
    #   r3  . k k
    #   r4  k k +      the black tile on (4,7) makes a line of three, a 2x2 block and a plus
    #   r5  . k .
    s = position((".kk/kk./.k.", (3, 5)))
    s, _ = play(s, place("black", 4, 7))
    assert decision(s)["kind"] == "building"
    assert decision(s)["squares"] == [[4, 5], [4, 6], [4, 7]]
    s, _ = play(s, {"kind": "build_building", "color": "black", "at": [4, 6]})
    assert decision(s)["kind"] == "monument"
    assert [o["at"] for o in decision(s)["options"]] == [[3, 6]] * 3
    s, events = play(s, {"kind": "build_monument", "at": [3, 6], "monument": ["black", "red"]})
    assert kinds(events) == ["monument_built", "building_returned"]
    assert events[1] == {"kind": "building_returned", "color": "black", "from": [4, 6]}
    assert view_for(s, None)["buildings"] == {}
    # The plus is broken now (its tiles are face down): no ziggurat offer.
    assert decision(s) == {"kind": "action", "seat": 0, "actions_left": 1}


def test_declining_each_offer_leads_to_the_next_then_the_ziggurat() -> None:
    s = position((".kk/kk./.k.", (3, 5)))
    s, _ = play(s, place("black", 4, 7), {"kind": "decline"}, {"kind": "decline"})
    assert decision(s) == {"kind": "ziggurat", "seat": 0, "squares": [[4, 6]]}
    assert legal_actions(s) == [{"kind": "build_ziggurat", "at": [4, 6]}, {"kind": "decline"}]


# --- 16.3 the ziggurat -----------------------------------------------------------------------

def test_ziggurat_offered_for_a_plus_of_five_from_any_of_its_tiles() -> None:
    for placed in ([4, 6], [3, 6], [5, 6], [4, 5], [4, 7]):
        pieces = [(".k./kkk/.k.", (3, 5)), (".", tuple(placed))]
        s, _ = play(position(*pieces, variants=("ziggurat",)), place("black", *placed))
        assert decision(s) == {"kind": "ziggurat", "seat": 0, "squares": [[4, 6]]}, placed


def test_no_ziggurat_for_a_broken_plus_a_face_down_tile_or_a_second_time() -> None:
    broken = position((".k./k.k/...", (3, 5)), variants=("ziggurat",))
    s, _ = play(broken, place("black", 4, 6))
    assert decision(s)["kind"] == "action"
    face_down = position(("##/##", (2, 6)), ("k.k/.k.", (4, 5)), variants=("ziggurat",),
                         monuments=[{"colors": ["black", "red"], "at": [2, 6]}])
    s, _ = play(face_down, place("black", 4, 6))
    assert decision(s)["kind"] == "action"
    already = position((".k./k.k/.k.", (3, 5)), (".z./zzz/.z.", (7, 8)), variants=("ziggurat",),
                       ziggurat=[8, 9])
    s, _ = play(already, place("black", 4, 6))
    assert decision(s)["kind"] == "action"
    # Without the variant there is no offer either.
    s, _ = play(position((".k./k.k/.k.", (3, 5)), variants=()), place("black", 4, 6))
    assert decision(s)["kind"] == "action"


def test_building_the_ziggurat() -> None:
    # A red plus around (4,6) with a treasure on (3,6); seat 0's priest (3,5) stands only by it.
    s = position(("Rr./rr./.r.", (3, 5)), variants=("ziggurat",), treasures=[[3, 6], *SPARE_TREASURES],
                 hands=[["red"] * 6, ["red"] * 6])
    s, _ = play(s, place("red", 4, 7))
    s0 = s
    s, events = play(s, {"kind": "build_ziggurat", "at": [4, 6]})
    assert events == [
        {"kind": "ziggurat_built", "seat": 0, "at": [4, 6], "color": "red"},
        {"kind": "leader_returned", "seat": 0, "color": "red", "from": [3, 5], "reason": "unsupported"},
    ]
    assert board(s)[3][5:8] == ".z." and board(s)[4][5:8] == "zzz" and board(s)[5][5:8] == ".z."
    assert view_for(s, None)["ziggurat"] == [4, 6]
    assert [3, 6] in view_for(s, None)["treasures"]
    assert s.discarded[0] == s0.discarded[0] + 5
    assert leader_at(s, 0, "red") is None
    assert refused(s, {"kind": "catastrophe", "to": [3, 6]}) == CAT_REFUSAL
    assert refused(s, {"kind": "build_ziggurat", "at": [4, 6]}).startswith("'build_ziggurat' cannot be played now")


def test_ziggurat_point_only_to_the_active_player_with_a_king_in_its_kingdom() -> None:
    # Seat 1's king (4,8) touches the ziggurat and the temple (4,9); seat 0's king is elsewhere.
    s = position((".z./zzz/.z.", (3, 5)), ("Sr", (4, 8)), ("rK", (9, 4)), variants=("ziggurat",),
                 ziggurat=[4, 6], hands=[["black"] * 6, ["black"] * 6])
    s, events = play(s, PASS)
    assert points(events) == []
    # The ziggurat squares connect: a settlement beside the ziggurat is in seat 1's king's kingdom.
    s, events = play(s, place("black", 2, 6))
    assert points(events) == [(1, "black", 1, "tile")]
    s, events = play(s, PASS)
    assert points(events) == [(1, "black", 1, "ziggurat")]


# --- 16.1 the advanced board -----------------------------------------------------------------

ADVANCED_TREASURES = [[0, 4], [0, 9], [1, 14], [2, 1], [3, 6], [3, 11], [5, 3], [5, 15], [7, 0], [7, 7],
                      [7, 12], [9, 4], [10, 9], [10, 14]]


def test_advanced_board_priority_treasures_are_the_central_ones() -> None:
    # Seat 0's trader (0,6) in a kingdom holding the central (0,4) and (0,9): a choice between them.
    s = load(("rrGrrr", (0, 4)), variants=["advanced_board"], hands=[["red"] * 6, ["red"] * 6])
    assert view_for(s, None)["priority"] == [[0, 4], [0, 9], [1, 14], [3, 6], [3, 11], [5, 3], [7, 7], [7, 12]]
    assert view_for(s, None)["treasures"] == ADVANCED_TREASURES
    s, _ = play(s, PASS)
    assert decision(s) == {"kind": "treasure", "seat": 0, "squares": [[0, 4], [0, 9]], "count": 1}
    # With a third, ordinary treasure (on (1,5)), both central ones must go first, without a question.
    s = load(("rrGrrr/ r", (0, 4)), variants=["advanced_board"], hands=[["red"] * 6, ["red"] * 6],
             treasures=[*ADVANCED_TREASURES, [1, 5]])
    s, events = play(s, PASS)
    assert [e["at"] for e in of_kind(events, "treasure_taken")] == [[0, 4], [0, 9]]
    assert [1, 5] in view_for(s, None)["treasures"]
    # An outer starting temple is not a priority one: (10,9) and (10,14) leave a choice.
    s = load(("rrGrrr", (10, 9)), variants=["advanced_board"], hands=[["red"] * 6, ["red"] * 6])
    s, _ = play(s, PASS)
    assert decision(s)["squares"] == [[10, 9], [10, 14]]
