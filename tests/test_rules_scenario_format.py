"""The scenario format of DESIGN.md: positions dump and load back unchanged, defaults are a fresh game's."""

from __future__ import annotations

import json

from game.rules import dump_scenario, legal_actions, load_scenario, view_for

from .scenarios import SPARE, SPARE_TREASURES, load, play


def round_trip(state) -> dict:
    data = dump_scenario(state)
    again = load_scenario(json.loads(json.dumps(data)))
    assert dump_scenario(again) == data
    assert legal_actions(again) == legal_actions(state)
    assert view_for(again, 0) == view_for(state, 0)
    return data


def test_a_position_with_every_kind_of_piece_round_trips() -> None:
    s = load(("##/##", (3, 5)), ("rGr", (5, 5)), (".z./zzz/.z.", (7, 8)), ("ggg", (9, 1)), ("x", (0, 0)),
             variants=["buildings", "ziggurat"], ziggurat=[8, 9], buildings={"green": [9, 2]},
             monuments=[{"colors": ["blue", "red"], "at": [3, 5]}], treasures=[[5, 5], [1, 1], [7, 1], [8, 14]],
             hands=[["red", "blue"], ["green"] * 6], catastrophes=[1, 0], treasures_taken=[2, 1],
             scores=[{"red": 3}, {"black": 1, "green": 2}], active=1, actions_left=1)
    data = round_trip(s)
    assert data["monuments"] == [{"colors": ["blue", "red"], "at": [3, 5]}]
    assert data["buildings"] == {"green": [9, 2]} and data["ziggurat"] == [8, 9]
    assert data["leaders"] == [{"seat": 0, "color": "green", "at": [5, 6]}]
    assert data["hands"] == [["red", "blue"], ["green"] * 6]
    assert (data["active"], data["actions_left"], data["catastrophes"]) == (1, 1, [1, 0])


def test_round_trip_after_play() -> None:
    s = load(("rGr", (9, 7)), *SPARE, temples=False, treasures=[[9, 7], [9, 9], *SPARE_TREASURES],
             hands=[["red"] * 6, ["black"] * 6], bag=["green"] * 20)
    s, _ = play(s, {"kind": "place_tile", "color": "red", "to": [10, 8]}, {"kind": "pass"},
                {"kind": "take_treasure", "at": [9, 9]})
    data = round_trip(s)
    assert data["bag"] == ["green"] * 19 and data["treasures_taken"] == [1, 0]


def test_left_out_keys_take_a_fresh_games_values() -> None:
    s = load(seed=5)
    view = view_for(s, 0)
    assert view["board"] == [row.replace("T", "r") for row in
                             ["....~~~~~.T.~...", ".T..~.......~..T", "...~~T......~~..", "~~~~.........~~~",
                              ".............T~~", "..............~.", "~~~~....T...~~~.", ".T.~~~~.....~...",
                              "......~~~~~~~.T.", ".....T..........", "..........T....."]]
    assert len(view["treasures"]) == 10 and view["monuments"] == [] and view["leaders"] == []
    assert [seat["hand_count"] for seat in view["seats"]] == [6, 6]
    assert [seat["catastrophes"] for seat in view["seats"]] == [2, 2]
    assert view["bag"] == 153 - 10 - 12
    assert (view["active"], view["actions_left"]) == (0, 2)
