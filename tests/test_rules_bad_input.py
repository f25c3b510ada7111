"""Malformed and illegal input: actions refused with a clear message, bad scenarios refused by name.

Also checks that legal_actions and apply agree: every listed action applies, and every other
action of a broad sample is refused.
"""

from __future__ import annotations

import random
from typing import Any

import pytest

from game.rules import IllegalAction, ScenarioError, apply, legal_actions, load_scenario, new_game, to_move
from game.rules.state import COLORS

from .scenarios import SPARE, SPARE_TREASURES, load, play, refused, scenario

SQUARE_MSG = "'to' must be a square [row, col]."
BAD_SQUARES = ["here", [1], [1, 2, 3], [1.0, 2], [True, 1], None, {"row": 1}]


def start():
    return load(("rR", (4, 4)), hands=[["red", "red", "blue", "green", "black", "black"], ["red"] * 6])


@pytest.mark.parametrize("action,message", [
    ("pass", "An action must be a dict with a 'kind'."),
    (["kind", "pass"], "An action must be a dict with a 'kind'."),
    (None, "An action must be a dict with a 'kind'."),
    ({}, "Unknown action kind None."),
    ({"kind": "nonsense"}, "Unknown action kind 'nonsense'."),
    ({"kind": 3}, "Unknown action kind 3."),
    ({"kind": ["pass"]}, "Unknown action kind ['pass']."),
    ({"kind": "place_leader", "leader": "purple", "to": [3, 4]}, "'leader' must be one of red, blue, green, black."),
    ({"kind": "place_leader", "leader": ["red"], "to": [3, 4]}, "'leader' must be one of red, blue, green, black."),
    ({"kind": "place_leader", "to": [3, 4]}, "'leader' must be one of red, blue, green, black."),
    ({"kind": "move_leader", "leader": 0, "to": [3, 4]}, "'leader' must be one of red, blue, green, black."),
    ({"kind": "withdraw_leader", "leader": "RED"}, "'leader' must be one of red, blue, green, black."),
    ({"kind": "place_tile", "color": "purple", "to": [3, 4]}, "'color' must be one of red, blue, green, black."),
    ({"kind": "place_tile", "to": [3, 4]}, "'color' must be one of red, blue, green, black."),
    ({"kind": "place_tile", "color": "red", "to": [11, 0]}, "Square [11, 0] is off the board."),
    ({"kind": "place_tile", "color": "red", "to": [0, 16]}, "Square [0, 16] is off the board."),
    ({"kind": "place_tile", "color": "red", "to": [-1, 3]}, "Square [-1, 3] is off the board."),
    ({"kind": "place_leader", "leader": "blue", "to": [99, 99]}, "Square [99, 99] is off the board."),
    ({"kind": "catastrophe", "to": [0, -1]}, "Square [0, -1] is off the board."),
    ({"kind": "catastrophe"}, SQUARE_MSG),
    ({"kind": "swap", "tiles": "red"}, "'tiles' must be a list of colours."),
    ({"kind": "swap"}, "'tiles' must be a list of colours."),
    ({"kind": "swap", "tiles": ["red", "pink"]}, "'tiles' must list only red, blue, green or black."),
    ({"kind": "swap", "tiles": [None]}, "'tiles' must list only red, blue, green or black."),
    ({"kind": "place_tile", "color": "green", "to": [9, 9]}, None),  # legal: control
])
def test_malformed_actions_are_refused_with_a_clear_message(action: Any, message: str | None) -> None:
    s = start()
    if message is None:
        apply(s, action)
        return
    assert refused(s, action) == message


@pytest.mark.parametrize("kind", ["place_leader", "move_leader", "place_tile", "catastrophe"])
@pytest.mark.parametrize("bad", BAD_SQUARES)
def test_every_square_field_is_checked(kind: str, bad: Any) -> None:
    action = {"kind": kind, "leader": "red", "color": "red", "to": bad}
    assert refused(start(), action) == SQUARE_MSG


@pytest.mark.parametrize("action", [
    {"kind": "commit", "count": 0},
    {"kind": "choose_war", "color": "red"},
    {"kind": "build_monument", "at": [3, 4], "monument": ["red", "blue"]},
    {"kind": "build_building", "color": "red", "at": [3, 4]},
    {"kind": "build_ziggurat", "at": [3, 4]},
    {"kind": "take_treasure", "at": [1, 1]},
    {"kind": "decline"},
])
def test_answers_to_questions_not_asked_are_refused(action: dict[str, Any]) -> None:
    message = refused(start(), action)
    assert message == (f"'{action['kind']}' cannot be played now; the game is waiting for an action "
                       "(leader, tile, catastrophe, swap or pass).")


def test_a_tile_not_in_hand_is_refused() -> None:
    s = load(("rR", (4, 4)), hands=[["red"] * 6, ["red"] * 6])
    assert refused(s, {"kind": "place_tile", "color": "black", "to": [9, 9]}) == "You hold no settlement tile."


def test_acting_out_of_turn_is_refused() -> None:
    s = start()
    assert refused(s, {"kind": "pass"}, seat=1) == "It is not your turn: seat 1 must decide now."
    assert refused(s, {"kind": "pass", "seat": 1}) == "It is not your turn: seat 1 must decide now."
    assert refused(s, {"kind": "nonsense"}, seat=1) == "Unknown action kind 'nonsense'."
    apply(s, {"kind": "pass"}, seat=0)


def war_support_position(attacker_greens: int = 2):
    # A green war: seat 0's trader (4,5) and seat 1's trader (4,7) joined by a tile on (4,6).
    hand = ["black"] + ["green"] * attacker_greens + ["red"] * (5 - attacker_greens)
    s = load(("rG.Tr", (4, 4)), *SPARE, temples=False, treasures=SPARE_TREASURES,
             hands=[hand, ["green"] * 6])
    s, _ = play(s, {"kind": "place_tile", "color": "black", "to": [4, 6]})
    return s


def test_support_of_the_wrong_colour_or_more_than_held_is_refused_in_a_war() -> None:
    s = war_support_position()
    assert to_move(s) == 0
    assert refused(s, {"kind": "commit", "count": 1, "color": "red"}) == "Support in this conflict must be green."
    assert refused(s, {"kind": "commit", "count": 1, "color": 7}) == "'color' must be one of red, blue, green, black."
    assert refused(s, {"kind": "commit", "count": 3}) == "You hold only 2 green tiles."
    assert refused(s, {"kind": "commit", "count": "2"}) == "'count' must be a whole number, 0 or more."
    assert refused(s, {"kind": "commit"}) == "'count' must be a whole number, 0 or more."
    assert refused(s, {"kind": "commit", "count": 1}, seat=1) == "It is not your turn: seat 1 must decide now."
    s, _ = play(s, {"kind": "commit", "count": 2, "color": "green"})
    assert refused(s, {"kind": "commit", "count": 7}) == "You hold only 6 green tiles."
    assert refused(s, {"kind": "commit", "count": 0}, seat=0) == "It is not your turn: seat 2 must decide now."


def test_the_game_over_refuses_everything() -> None:
    s = load(hands=[["red"] * 6, ["red"] * 6], bag=["red"])
    s, _ = play(s, {"kind": "swap", "tiles": ["red", "red"]})
    assert s.game_over
    assert refused(s, {"kind": "pass"}) == "The game is over."
    assert refused(s, {"kind": "nonsense"}) == "Unknown action kind 'nonsense'."


# --- bad scenarios ---------------------------------------------------------------------------

def bad(data: Any, message: str) -> None:
    with pytest.raises(ScenarioError) as info:
        load_scenario(data)
    assert str(info.value) == message


def test_scenario_shape_is_checked() -> None:
    bad("scenario", "A scenario must be a dict.")
    bad({"players": 5}, "'players' must be a whole number from 2 to 4, not 5.")
    bad({}, "'players' must be a whole number from 2 to 4, not None.")
    bad({"players": 2, "board": "...."}, "'board' must be 11 strings of 16 characters.")
    bad({"players": 2, "variants": 5}, "'variants' must be a list of variant names.")
    bad({"players": 2, "seed": [1]}, "'seed' must be a whole number, not [1].")
    bad({"players": 2, "leaders": [{"seat": 0, "color": ["red"], "at": [1, 2]}]},
        "A leader's colour must be red, blue, green or black, not ['red'].")
    data = scenario()
    bad(dict(data, board=data["board"][:10]), "'board' must be 11 strings of 16 characters.")
    bad(dict(data, variants=["chess"]), "Unknown variant(s): chess.")
    bad(dict(data, active=2), "'active' must be a whole number from 0 to 1, not 2.")
    bad(dict(data, actions_left=0), "'actions_left' must be a whole number from 1 to 2, not 0.")
    bad(dict(data, catastrophes=[2, 3]), "Catastrophes left must be a whole number from 0 to 2, not 3.")
    bad(dict(data, catastrophes=[2]), "'catastrophes' must list one entry per player (2).")


def test_left_out_keys_take_the_values_of_a_fresh_game() -> None:
    s = load_scenario({"players": 3})
    fresh = new_game(3, 0)
    assert s.tiles == fresh.tiles and s.treasure == fresh.treasure
    assert [sum(h) for h in s.hands] == [6, 6, 6] and s.catastrophes == [2, 2, 2]
    assert s.active == 0 and s.actions_left == 2
    assert load_scenario({"players": 2, "seed": None}).bag == load_scenario({"players": 2}).bag


def test_a_row_of_the_wrong_length_is_refused() -> None:
    data = scenario()
    rows = list(data["board"])
    rows[3] = rows[3] + "."
    bad(dict(data, board=rows), "Board row 3 must be a string of 16 characters.")
    rows[3] = rows[3][:-2]
    bad(dict(data, board=rows), "Board row 3 must be a string of 16 characters.")


def test_broken_terrain_is_refused() -> None:
    bad(scenario(("b", (9, 9))),
        "Board square [9, 9] is land on the standard board; it cannot hold a farm (blue tile).")
    bad(scenario(("~", (9, 9))), "Board square [9, 9] is land on the standard board; it cannot hold river.")
    bad(scenario(("r", (3, 0))), "Board square [3, 0] is river on the standard board; it cannot hold a red tile.")
    bad(scenario((".", (3, 0))), "Board square [3, 0] is river on the standard board; it cannot hold empty land.")
    bad(scenario(("?", (9, 9))), "Board square [9, 9] has an unknown character '?'.")
    # On the advanced board the terrain is the advanced board's: (0,2) is river there.
    bad(scenario(("g", (0, 2)), variants=["advanced_board"]),
        "Board square [0, 2] is river on the advanced board; it cannot hold a green tile.")
    load(("b", (0, 2)), variants=["advanced_board"])


def test_bad_leaders_are_refused() -> None:
    bad(scenario(("K", (9, 9))), "The leader at [9, 9] is not next to a temple.")
    bad(scenario(("PrR", (9, 7))), "A kingdom holds two red leaders.")
    bad(scenario(("rR", (9, 7)), leaders=[{"seat": 0, "color": "red", "at": [9, 6]}]),
        "Seat 0 has only one red leader.")
    bad(scenario(leaders=[{"seat": 0, "color": "red", "at": [3, 0]}]), "The leader at [3, 0] must stand on an "
        "empty land square.")
    bad(scenario(leaders=[{"seat": 0, "color": "red", "at": [1, 1]}]), "The leader at [1, 1] must stand on an "
        "empty land square.")
    bad(scenario(leaders=[{"seat": 2, "color": "red", "at": [1, 2]}]),
        "A leader's seat must be a whole number from 0 to 1, not 2.")
    bad(scenario(leaders=[{"seat": 0, "color": "pink", "at": [1, 2]}]),
        "A leader's colour must be red, blue, green or black, not 'pink'.")
    bad(scenario(leaders=[{"seat": 0, "color": "red", "at": [1, 20]}]), "A leader [1, 20] is off the board.")
    # Two red leaders in different kingdoms are fine.
    load(("rR", (9, 7)), ("rP", (9, 11)))


def test_too_many_tiles_of_a_colour_are_refused() -> None:
    thirty = ("g" * 16 + "/" + "g" * 14, (9, 0))
    load(thirty, hands=[[], []])  # all thirty markets on the board is possible
    bad(scenario(thirty, hands=[["green"], []]), "There are 31 green tiles in this scenario; the game has only 30.")
    bad(scenario(hands=[["red"] * 6, ["red"] * 6], bag=["red"] * 36),
        "There are 58 red tiles in this scenario; the game has only 57.")
    bad(scenario(("##/##", (9, 9)), monuments=[{"colors": ["green", "red"], "at": [9, 9]}],
                 hands=[["green"] * 6, ["green"] * 6], bag=["green"] * 15),
        "There are 31 green tiles in this scenario; the game has only 30.")


def test_other_impossible_contents_are_refused() -> None:
    bad(scenario(treasures=[[9, 9]]), "The treasure at [9, 9] is not on a temple.")
    bad(scenario(("##", (9, 9))), "Face-down tiles at [[9, 9], [9, 10]] have no monument on them.")
    bad(scenario(("##/##", (9, 9)), monuments=[{"colors": ["red", "red"], "at": [9, 9]}]),
        "There is no red/red monument.")
    bad(scenario(monuments=[{"colors": ["red", "blue"], "at": [9, 9]}]),
        "The monument at [9, 9] must stand on four face-down tiles (#).")
    bad(scenario(("zzz", (9, 9)), ziggurat=[9, 10]), "The ziggurat needs the 'ziggurat' variant.")
    bad(scenario(("g", (9, 9)), buildings={"green": [9, 9]}), "Buildings need the 'buildings' variant.")
    bad(scenario(("g", (9, 9)), variants=["buildings"], buildings={"green": [9, 8]}),
        "The green building must stand on a face-up green tile.")
    bad(scenario(hands=[["red"] * 7, []]), "Seat 0 holds 7 tiles; a hand holds at most 6.")
    bad(scenario(hands=[["ruby"], []]), "A hand must be red, blue, green or black, not 'ruby'.")
    bad(scenario(hands="red"), "'hands' must list one entry per player (2).")


# --- legal_actions and apply agree -------------------------------------------------------------

def every_action(players: int) -> list[dict[str, Any]]:
    """Return a broad sample of actions of every kind, legal or not."""
    squares = [[r, c] for r in range(11) for c in range(16)]
    out: list[dict[str, Any]] = [{"kind": "pass"}, {"kind": "decline"}]
    for color in COLORS:
        out.append({"kind": "withdraw_leader", "leader": color})
        out.append({"kind": "choose_war", "color": color})
        for to in squares:
            out.append({"kind": "place_leader", "leader": color, "to": to})
            out.append({"kind": "move_leader", "leader": color, "to": to})
            out.append({"kind": "place_tile", "color": color, "to": to})
        out.append({"kind": "swap", "tiles": [color]})
        out.append({"kind": "swap", "tiles": [color] * 3})
    for to in squares:
        out.append({"kind": "catastrophe", "to": to})
        out.append({"kind": "take_treasure", "at": to})
        out.append({"kind": "build_ziggurat", "at": to})
        out.append({"kind": "build_monument", "at": to, "monument": ["red", "green"]})
        out.append({"kind": "build_building", "color": "black", "at": to})
    out.extend({"kind": "commit", "count": n} for n in range(8))
    return out


def agree(state) -> int:
    """Assert legal_actions and apply agree on state; return how many actions were listed."""
    legal = legal_actions(state)
    assert len({repr(a) for a in legal}) == len(legal), "an action is listed twice"
    for action in legal:
        apply(state, action)
    listed = {repr(a) for a in legal}
    for action in every_action(state.players):
        if repr(action) not in listed:
            with pytest.raises(IllegalAction):
                apply(state, action)
    return len(legal)


def decision_positions():
    """Yield positions at every kind of decision."""
    from .test_rules_variants import position as variant_position
    from .test_rules_war import three_wars

    yield "leaders", start()
    s = load(("r../.r./.F.", (2, 6)), hands=[["red"] * 3 + ["blue"] * 3, ["red"] * 6])
    yield "revolt attacker", play(s, {"kind": "place_leader", "leader": "blue", "to": [3, 6]})[0]
    yield "war defender", play(war_support_position(), {"kind": "commit", "count": 1})[0]
    yield "choose war", play(three_wars(), {"kind": "place_tile", "color": "green", "to": [4, 8]})[0]
    s = variant_position((".kk/kk./.k.", (3, 5)))
    s, _ = play(s, {"kind": "place_tile", "color": "black", "to": [4, 7]})
    yield "building", s
    yield "monument", play(s, {"kind": "decline"})[0]
    yield "ziggurat", play(s, {"kind": "decline"}, {"kind": "decline"})[0]
    s = load(("rGr", (9, 7)), *SPARE, temples=False, treasures=[[9, 7], [9, 9], *SPARE_TREASURES],
             hands=[["red"] * 6, ["red"] * 6])
    yield "treasure", play(s, {"kind": "pass"})[0]


def test_legal_actions_and_apply_agree_at_every_kind_of_decision() -> None:
    seen = set()
    for name, s in decision_positions():
        assert agree(s) > 0, name
        seen.add(s.decision["kind"])
    assert seen == {"action", "support", "choose_war", "building", "monument", "ziggurat", "treasure"}


@pytest.mark.parametrize("seed", [3, 11])
def test_legal_actions_and_apply_agree_in_random_games(seed: int) -> None:
    rng = random.Random(seed)
    s = new_game(3, seed, ["buildings", "ziggurat"])
    checked = 0
    while to_move(s) is not None and checked < 6:
        if rng.random() < 0.1:
            agree(s)
            checked += 1
        s, _ = apply(s, rng.choice(legal_actions(s)))


def test_a_refusal_counts_tiles_in_words_one_tile_many_or_none() -> None:
    assert refused(war_support_position(1), {"kind": "commit", "count": 2}) == "You hold only 1 green tile."
    assert refused(war_support_position(0), {"kind": "commit", "count": 1}) == "You hold no green tiles."
    s = load(hands=[["red", "red", "blue", "blue", "black", "black"], ["red"] * 6])
    assert refused(s, {"kind": "swap", "tiles": ["green"]}) == "You do not hold a market tile."
    assert refused(s, {"kind": "swap", "tiles": ["green", "green"]}) == "You do not hold 2 market tiles."
