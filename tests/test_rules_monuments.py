"""RULES.md section 13: monuments."""

from __future__ import annotations

from game.rules import legal_actions, view_for

from .scenarios import SPARE, SPARE_TREASURES, board, decision, kinds, leader_at, load, of_kind, play, points, refused

GREEN_MONUMENTS = [["red", "green"], ["green", "blue"], ["green", "black"]]


def position(*pieces, **kw):
    kw.setdefault("hands", [["green"] * 3 + ["red"] * 3, ["red"] * 6])
    kw.setdefault("treasures", SPARE_TREASURES)
    return load(*pieces, *SPARE, temples=False, **kw)


def test_a_completed_block_offers_every_unbuilt_monument_of_its_colour() -> None:
    s = position(("gg/g.", (3, 5)))
    s, events = play(s, {"kind": "place_tile", "color": "green", "to": [4, 6]})
    assert kinds(events) == ["tile_placed"]
    assert decision(s) == {"kind": "monument", "seat": 0,
                           "options": [{"at": [3, 5], "monument": m} for m in GREEN_MONUMENTS]}
    assert legal_actions(s) == [{"kind": "build_monument", "at": [3, 5], "monument": m}
                                for m in GREEN_MONUMENTS] + [{"kind": "decline"}]


def test_building_turns_the_block_face_down() -> None:
    s = position(("gg/g.", (3, 5)))
    s, _ = play(s, {"kind": "place_tile", "color": "green", "to": [4, 6]})
    # A monument is named by its two colours in any order.
    s, events = play(s, {"kind": "build_monument", "at": [3, 5], "monument": ["black", "green"]})
    assert events == [{"kind": "monument_built", "seat": 0, "colors": ["green", "black"], "at": [3, 5]}]
    assert board(s)[3][5:7] == "##" and board(s)[4][5:7] == "##"
    view = view_for(s, None)
    assert view["monuments"] == [{"colors": ["green", "black"], "at": [3, 5]}]
    assert ["green", "black"] not in view["monuments_left"]
    assert decision(s) == {"kind": "action", "seat": 0, "actions_left": 1}
    # The next green block offers only the two green monuments left.
    s = position(("gg/g.", (3, 5)), ("##/##", (7, 9)), monuments=[{"colors": ["green", "black"], "at": [7, 9]}])
    s, _ = play(s, {"kind": "place_tile", "color": "green", "to": [4, 6]})
    assert [o["monument"] for o in decision(s)["options"]] == [["red", "green"], ["green", "blue"]]


def test_a_tile_completing_two_blocks_offers_both() -> None:
    s = position(("ggg/g.g", (3, 5)))
    s, _ = play(s, {"kind": "place_tile", "color": "green", "to": [4, 6]})
    options = decision(s)["options"]
    assert options == [{"at": at, "monument": m} for at in ([3, 5], [3, 6]) for m in GREEN_MONUMENTS]
    s, _ = play(s, {"kind": "build_monument", "at": [3, 6], "monument": ["green", "red"]})
    assert board(s)[3][5:8] == "g##" and board(s)[4][5:8] == "g##"


def test_a_monument_not_offered_is_refused() -> None:
    s = position(("gg/g.", (3, 5)))
    s, _ = play(s, {"kind": "place_tile", "color": "green", "to": [4, 6]})
    assert refused(s, {"kind": "build_monument", "at": [3, 5], "monument": ["red", "blue"]}) == \
        "That monument cannot be built there."
    assert refused(s, {"kind": "build_monument", "at": [3, 6], "monument": ["red", "green"]}) == \
        "That monument cannot be built there."
    assert refused(s, {"kind": "build_monument", "at": [3, 5], "monument": ["green"]}) == \
        "Name a monument by its two colours."
    assert refused(s, {"kind": "build_monument", "at": [3, 5], "monument": ["green", "green"]}) == \
        "Name a monument by its two colours."
    assert "cannot be played now" in refused(s, {"kind": "pass"})


def test_decline_and_the_block_can_never_be_built_later() -> None:
    s = position(("gg/g.", (3, 5)))
    s, _ = play(s, {"kind": "place_tile", "color": "green", "to": [4, 6]})
    s, events = play(s, {"kind": "decline"})
    assert events == [{"kind": "declined", "seat": 0, "offer": "monument"}]
    assert decision(s) == {"kind": "action", "seat": 0, "actions_left": 1}
    # Another green tile touching the block completes no new block: no offer.
    s, events = play(s, {"kind": "place_tile", "color": "green", "to": [5, 5]})
    assert kinds(events) == ["tile_placed", "tiles_drawn", "turn_ended", "turn_started"]
    assert decision(s) == {"kind": "action", "seat": 1, "actions_left": 2}


def test_no_offer_when_every_monument_of_the_colour_is_built() -> None:
    built = [{"colors": ["green", "red"], "at": [7, 7]}, {"colors": ["green", "blue"], "at": [7, 9]},
             {"colors": ["green", "black"], "at": [9, 11]}]
    s = position(("gg/g.", (3, 5)), ("####/####", (7, 7)), ("##/##", (9, 11)), monuments=built)
    s, events = play(s, {"kind": "place_tile", "color": "green", "to": [4, 6]})
    assert kinds(events) == ["tile_placed"]
    assert decision(s) == {"kind": "action", "seat": 0, "actions_left": 1}


def test_a_monument_keeps_its_treasure_and_strands_a_leader() -> None:
    # Seat 0's priest (3,4) stands only by the temple (3,5), seat 1's farmer (5,5) only by (4,5):
    # once the block (3,5)-(4,6) turns face down, both go home. The treasure on (3,5) stays.
    s = position(("Rrr/.r./.F.", (3, 4)), treasures=[[3, 5], *SPARE_TREASURES],
                 hands=[["red"] * 6, ["red"] * 6])
    s, events = play(s, {"kind": "place_tile", "color": "red", "to": [4, 6]})
    assert points(events) == [(0, "red", 1, "tile")]
    assert [o["monument"] for o in decision(s)["options"]] == [["red", "green"], ["red", "black"], ["blue", "red"]]
    s, events = play(s, {"kind": "build_monument", "at": [3, 5], "monument": ["red", "blue"]})
    assert kinds(events) == ["monument_built", "leader_returned", "leader_returned"]
    assert of_kind(events, "leader_returned") == [
        {"kind": "leader_returned", "seat": 0, "color": "red", "from": [3, 4], "reason": "unsupported"},
        {"kind": "leader_returned", "seat": 1, "color": "blue", "from": [5, 5], "reason": "unsupported"},
    ]
    assert leader_at(s, 0, "red") is None and leader_at(s, 1, "blue") is None
    assert [3, 5] in view_for(s, None)["treasures"]
    assert events[0]["colors"] == ["blue", "red"]
