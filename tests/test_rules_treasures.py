"""RULES.md section 14: treasures, and section 15: the end of the game and final scoring."""

from __future__ import annotations

from game.rules import final_ranking, legal_actions, tie_break, view_for

from .scenarios import SPARE, SPARE_TREASURES, decision, kinds, load, of_kind, play, refused

PASS = {"kind": "pass"}


def taken(events):
    return [(e["seat"], e["at"]) for e in of_kind(events, "treasure_taken")]


# Seat 0's trader (1,2) between the priority temple (1,1) and the temple (1,3), both with treasures.
PRIORITY_KINGDOM = ("rGr", (1, 1))


def test_a_priority_treasure_is_taken_first_without_a_question() -> None:
    s = load(PRIORITY_KINGDOM, *SPARE, temples=False, treasures=[[1, 1], [1, 3], *SPARE_TREASURES],
             hands=[["red"] * 6, ["red"] * 6])
    s, events = play(s, PASS)
    assert taken(events) == [(0, [1, 1])]
    assert kinds(events) == ["passed", "treasure_taken", "turn_ended", "turn_started"]
    assert [1, 3] in view_for(s, None)["treasures"]
    assert s.treasures_taken == [1, 0]
    assert view_for(s, 1)["seats"][0]["treasures"] == 1


def test_a_real_choice_is_asked_as_take_treasure() -> None:
    s = load(("rGr", (9, 7)), *SPARE, temples=False, treasures=[[9, 7], [9, 9], *SPARE_TREASURES],
             hands=[["red"] * 6, ["red"] * 6])
    s, events = play(s, PASS)
    assert kinds(events) == ["passed"]
    assert decision(s) == {"kind": "treasure", "seat": 0, "squares": [[9, 7], [9, 9]], "count": 1}
    assert legal_actions(s) == [{"kind": "take_treasure", "at": [9, 7]}, {"kind": "take_treasure", "at": [9, 9]}]
    assert refused(s, {"kind": "take_treasure", "at": [0, 0]}) == "You cannot take that treasure now."
    assert "cannot be played now" in refused(s, PASS)
    s, events = play(s, {"kind": "take_treasure", "at": [9, 9]})
    assert taken(events) == [(0, [9, 9])]
    assert kinds(events) == ["treasure_taken", "turn_ended", "turn_started"]
    assert [9, 7] in view_for(s, None)["treasures"] and [9, 9] not in view_for(s, None)["treasures"]


def test_priority_first_then_a_choice_among_the_rest() -> None:
    # Three treasures: the priority one goes by itself, then the owner picks one of the other two.
    s = load(("rGr/ r ", (1, 1)), *SPARE, temples=False, treasures=[[1, 1], [1, 3], [2, 2], *SPARE_TREASURES],
             hands=[["red"] * 6, ["red"] * 6])
    s, events = play(s, PASS)
    assert taken(events) == [(0, [1, 1])]
    assert decision(s) == {"kind": "treasure", "seat": 0, "squares": [[1, 3], [2, 2]], "count": 1}
    s, events = play(s, {"kind": "take_treasure", "at": [1, 3]})
    assert s.treasures_taken == [2, 0]
    assert [2, 2] in view_for(s, None)["treasures"]


def test_several_kingdoms_are_settled_clockwise_from_the_active_player() -> None:
    legend = {"Y": (2, "green")}
    s = load(
        PRIORITY_KINGDOM,                  # seat 0: (1,1) priority and (1,3): forced
        ("rY/r", (8, 14)),                 # seat 2: (8,14) priority and (9,14): forced
        ("rTr", (9, 7)),                   # seat 1, the active player: a real choice
        *SPARE, temples=False, players=3, active=1, legend=legend,
        treasures=[[1, 1], [1, 3], [8, 14], [9, 14], [9, 7], [9, 9], *SPARE_TREASURES],
        hands=[["red"] * 6] * 3,
    )
    s, events = play(s, PASS)
    assert taken(events) == []
    assert decision(s) == {"kind": "treasure", "seat": 1, "squares": [[9, 7], [9, 9]], "count": 1}
    s, events = play(s, {"kind": "take_treasure", "at": [9, 7]})
    assert taken(events) == [(1, [9, 7]), (2, [8, 14]), (0, [1, 1])]
    assert s.treasures_taken == [1, 1, 1]
    assert decision(s) == {"kind": "action", "seat": 2, "actions_left": 2}


def test_a_kingdom_without_a_trader_keeps_its_treasures() -> None:
    s = load(("rRr", (1, 1)), ("rr", (9, 7)), *SPARE, temples=False,
             treasures=[[1, 1], [1, 3], [9, 7], [9, 8], *SPARE_TREASURES], hands=[["red"] * 6, ["red"] * 6])
    s, events = play(s, PASS)
    assert taken(events) == []
    assert len(view_for(s, None)["treasures"]) == 7


def test_taking_treasures_can_end_the_game() -> None:
    # Three treasures on the board; the trader takes one, two are left: the game ends at the end check.
    s = load(("rGr", (9, 7)), ("r", (0, 0)), temples=False, treasures=[[9, 7], [9, 9], [0, 0]],
             hands=[["red"] * 6, ["red"] * 6], scores=[{"red": 2, "blue": 2, "green": 2, "black": 2}, {}])
    s, _ = play(s, PASS)
    s, events = play(s, {"kind": "take_treasure", "at": [9, 7]})
    assert kinds(events) == ["treasure_taken", "game_over"]
    assert events[-1]["reason"] == "treasures"
    ranking = events[-1]["ranking"]
    assert {k: ranking[0][k] for k in ("seat", "place", "score", "treasures")} == {
        "seat": 0, "place": 1, "score": 2, "treasures": 1}
    assert sorted(ranking[0]["colors"].values()) == [2, 2, 2, 3]
    assert ranking[1]["place"] == 2 and ranking[1]["score"] == 0


# --- section 15: final scoring ---------------------------------------------------------------

def ranking(scores, treasures):
    s = load(players=len(scores), hands=[[]] * len(scores),
             scores=[dict(zip(("red", "blue", "green", "black"), p, strict=True)) for p in scores],
             treasures_taken=treasures)
    return final_ranking(s)


def test_treasures_go_one_at_a_time_to_the_lowest_colour() -> None:
    rows = ranking([[3, 1, 2, 5], [0, 0, 0, 0]], [4, 0])
    best = rows[0]
    assert best["seat"] == 0 and best["treasures"] == 4
    assert best["colors"] == {"red": 4, "blue": 3, "green": 3, "black": 5}
    assert best["score"] == 3
    # One at a time, always to the lowest: three treasures make [4, 4, 9, 9] into 5, 6, 9, 9 (which of
    # two equal colours takes a treasure changes nothing).
    rows = ranking([[3, 5, 5, 5], [4, 4, 9, 9]], [1, 3])
    assert [(r["seat"], r["score"]) for r in rows] == [(1, 5), (0, 4)]
    assert sorted(rows[0]["colors"].values()) == [5, 6, 9, 9]


def test_every_tie_break_level() -> None:
    rows = ranking([[5, 5, 9, 9], [6, 5, 6, 9], [7, 6, 5, 7], [8, 7, 6, 5]], [0, 0, 0, 0])
    assert [(r["seat"], r["place"], r["score"]) for r in rows] == [(3, 1, 5), (2, 2, 5), (1, 3, 5), (0, 4, 5)]
    assert tie_break(rows[0], rows[1]) == "highest"   # 5 6 7 8 against 5 6 7 7
    assert tie_break(rows[1], rows[2]) == "third"     # 5 6 7 7 against 5 6 6 9
    assert tie_break(rows[2], rows[3]) == "second"    # 5 6 6 9 against 5 5 9 9
    rows = ranking([[4, 9, 9, 9], [5, 5, 5, 5]], [0, 0])
    assert [r["seat"] for r in rows] == [1, 0] and tie_break(rows[0], rows[1]) == "score"


def test_players_still_equal_share_the_place() -> None:
    rows = ranking([[5, 6, 7, 8], [1, 9, 9, 9], [8, 7, 6, 5]], [0, 0, 0])
    assert [(r["seat"], r["place"]) for r in rows] == [(0, 1), (2, 1), (1, 3)]
    assert tie_break(rows[0], rows[1]) == "shared"
    # Equal after treasures: [4, 6, 7, 8] with one treasure is [5, 6, 7, 8].
    rows = ranking([[4, 6, 7, 8], [5, 6, 7, 8]], [1, 0])
    assert [r["place"] for r in rows] == [1, 1]
