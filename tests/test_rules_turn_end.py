"""RULES.md section 12: the end of a turn (monument scoring, refill, end check)."""

from __future__ import annotations

from game.rules import legal_actions, to_move

from .scenarios import SPARE, SPARE_TREASURES, decision, kinds, load, of_kind, play, points

PASS = {"kind": "pass"}

# A red/black monument (3,5)-(4,6) over two temples (5,5) (5,6). In its kingdom: seat 0's priest
# (5,4), king (5,7) and farmer (6,5); seat 1's trader (6,6).
RED_BLACK = (
    ("##/##", (3, 5)),
    ("RrrK", (5, 4)),
    ("BT", (6, 5)),
)
# A red/green monument (3,10)-(4,11) over temples (5,10) (5,11), with seat 0's trader (5,9),
# seat 1's priest (5,12) and, in a kingdom of its own far away, seat 1's king.
RED_GREEN = (
    ("##/##", (3, 10)),
    ("GrrP", (5, 9)),
)


def monuments(**kw):
    kw.setdefault("hands", [["red"] * 6, ["red"] * 6])
    return load(*RED_BLACK, *RED_GREEN, *SPARE, temples=False, treasures=SPARE_TREASURES,
                monuments=[{"colors": ["red", "black"], "at": [3, 5]}, {"colors": ["red", "green"], "at": [3, 10]}],
                **kw)


def test_monuments_score_the_active_players_matching_leaders() -> None:
    s, events = play(monuments(), PASS)
    # Red/black: the priest and the king (a monument with black); not the farmer, not seat 1's trader.
    # Red/green: seat 0's trader; seat 1's priest scores only at the end of seat 1's turn.
    assert points(events) == [(0, "red", 1, "monument"), (0, "black", 1, "monument"),
                              (0, "green", 1, "monument")]
    s, events = play(s, PASS)
    assert points(events) == [(1, "red", 1, "monument")]
    assert s.scores[0] == [1, 0, 1, 1] and s.scores[1] == [1, 0, 0, 0]


def test_the_king_scores_only_from_a_monument_with_black() -> None:
    # Seat 0's king instead of its trader by the red/green monument: nothing for it there.
    s = load(*RED_GREEN, ("K", (5, 9)), ("r", (6, 9)), *SPARE, temples=False, treasures=SPARE_TREASURES,
             monuments=[{"colors": ["red", "green"], "at": [3, 10]}], hands=[["red"] * 6, ["red"] * 6])
    s, events = play(s, PASS)
    assert points(events) == []


def test_monument_scoring_happens_once_per_turn_after_both_actions() -> None:
    s = monuments()
    s, events = play(s, {"kind": "place_tile", "color": "red", "to": [9, 9]})
    assert points(events) == [] and decision(s)["actions_left"] == 1
    s, events = play(s, {"kind": "place_tile", "color": "red", "to": [9, 10]})
    assert [p for p in points(events) if p[3] == "monument"] == [
        (0, "red", 1, "monument"), (0, "black", 1, "monument"), (0, "green", 1, "monument")]
    assert kinds(events)[-2:] == ["turn_ended", "turn_started"]
    assert decision(s) == {"kind": "action", "seat": 1, "actions_left": 2}


def test_refill_starts_with_the_active_player_and_goes_clockwise() -> None:
    s = load(*SPARE, temples=False, treasures=SPARE_TREASURES, players=3, active=1,
             hands=[["red"] * 3, ["blue"] * 5, ["green"] * 6],
             bag=["black", "green", "blue", "red", "red"])
    s, events = play(s, PASS)
    assert of_kind(events, "tiles_drawn") == [
        {"kind": "tiles_drawn", "seat": 1, "count": 1, "tiles": ["black"]},
        {"kind": "tiles_drawn", "seat": 0, "count": 3, "tiles": ["green", "blue", "red"]},
    ]
    assert kinds(events) == ["passed", "tiles_drawn", "tiles_drawn", "turn_ended", "turn_started"]
    assert events[-1] == {"kind": "turn_started", "seat": 2, "turn": 2}
    assert [sum(h) for h in s.hands] == [6, 6, 6]


def test_a_short_bag_at_refill_ends_the_game() -> None:
    s = load(*RED_BLACK, *SPARE, temples=False, treasures=SPARE_TREASURES, players=3, active=0,
             monuments=[{"colors": ["red", "black"], "at": [3, 5]}],
             hands=[["red"] * 4, ["blue"] * 6, ["green"] * 5], bag=["black", "green"])
    s, events = play(s, PASS)
    # Monuments score first; then the active player takes what is left and the game is over.
    assert kinds(events) == ["passed", "points", "points", "tiles_drawn", "game_over"]
    assert of_kind(events, "tiles_drawn")[0]["tiles"] == ["black", "green"]
    assert events[-1]["reason"] == "bag"
    assert s.hands[2] == [0, 0, 5, 0]  # seat 2 drew nothing
    assert to_move(s) is None and legal_actions(s) == []


def test_the_game_ends_when_two_treasures_are_left() -> None:
    three = load(*SPARE, temples=False, treasures=SPARE_TREASURES, hands=[["red"] * 6, ["red"] * 6])
    s, events = play(three, PASS)
    assert not s.game_over and kinds(events)[-1] == "turn_started"
    two = load(*SPARE[:2], temples=False, treasures=SPARE_TREASURES[:2], hands=[["red"] * 6, ["red"] * 6])
    s, events = play(two, PASS)
    assert s.game_over and s.end_reason == "treasures"
    assert kinds(events) == ["passed", "game_over"]
    assert events[-1]["reason"] == "treasures"
    assert [r["place"] for r in events[-1]["ranking"]] == [1, 1]
