"""RULES.md section 11: wars (external conflicts) around the unification tile."""

from __future__ import annotations

from game.rules import legal_actions, view_for

from .scenarios import (
    SPARE,
    SPARE_TREASURES,
    board,
    cell,
    decision,
    kinds,
    leader_at,
    load,
    of_kind,
    play,
    points,
    refused,
    scores,
)

COMMIT0 = {"kind": "commit", "count": 0}

# A red war. Seat 0's side (left) holds six temples, none next to the priest but two; seat 1's
# side (right) holds five: (4,9) beside its own priest, (4,10) with a treasure, (4,11) beside
# seat 1's farmer, and (3,11), (3,12) beside nobody. The black tile goes on (4,8).
#
#   col 4 5 6 7 8 9 10 11 12
#   r3  r r r k . . .  r  r
#   r4  . R . k + r r* r  .
#   r5  r r r . . P .  F  .
RED_WAR = (
    ("rrrk...rr", (3, 4)),
    (".R.k.rrr.", (4, 4)),
    ("rrr..P.F.", (5, 4)),
)
JOIN = {"kind": "place_tile", "color": "black", "to": [4, 8]}


def red_war(**kw):
    kw.setdefault("hands", [["black", "black", "red", "red", "green", "green"], ["red", "black"] * 3])
    return load(*RED_WAR, *SPARE, temples=False, treasures=[[4, 10], *SPARE_TREASURES], **kw)


def test_a_single_war_starts_at_once_with_the_active_player_attacking() -> None:
    s, events = play(red_war(), JOIN)
    assert kinds(events) == ["tile_placed", "unification_placed", "war_started"]
    assert events[2] == {"kind": "war_started", "color": "red", "attacker": 0, "defender": 1,
                         "attacker_at": [4, 5], "defender_at": [5, 9], "union": [4, 8]}
    assert decision(s) == {"kind": "support", "seat": 0}
    view = view_for(s, None)
    assert view["union"] == [4, 8] and view["seats"][0]["unification"] is False
    # Strength counts the whole side: all six temples on the left, all five on the right.
    assert view["conflict"]["attacker_strength"] == 6 and view["conflict"]["defender_strength"] == 5
    assert [4, 8] not in view["conflict"]["attacker_side"] + view["conflict"]["defender_side"]


def test_red_war_loser_keeps_treasure_temples_and_temples_next_to_other_leaders() -> None:
    s0, _ = play(red_war(), JOIN)
    s, events = play(s0, COMMIT0, COMMIT0)
    assert kinds(events) == ["support", "support", "conflict_resolved", "leader_returned", "tiles_removed",
                             "points", "unification_returned"]
    assert of_kind(events, "conflict_resolved")[0] == {
        "kind": "conflict_resolved", "conflict": "war", "color": "red", "winner": 0, "loser": 1,
        "attacker_strength": 6, "defender_strength": 5}
    assert of_kind(events, "leader_returned") == [
        {"kind": "leader_returned", "seat": 1, "color": "red", "from": [5, 9], "reason": "war"}]
    assert of_kind(events, "tiles_removed") == [
        {"kind": "tiles_removed", "color": "red", "squares": [[3, 11], [3, 12], [4, 9]]}]
    # 1 for the leader and 1 for each tile removed.
    assert points(events) == [(0, "red", 4, "war")]
    assert board(s)[3][4:13] == "rrrk....."
    assert board(s)[4][4:13] == "...kk.rr."  # leaders are not part of the board text
    assert [4, 10] in view_for(s, None)["treasures"]
    assert leader_at(s, 1, "blue") == [5, 11]  # still beside its temple
    assert s.discarded[0] == s0.discarded[0] + 3
    assert s.union is None and view_for(s, None)["seats"][0]["unification"] is True
    assert decision(s) == {"kind": "action", "seat": 0, "actions_left": 1}


def test_committed_tiles_score_nothing_and_are_discarded() -> None:
    s0, _ = play(red_war(), JOIN)
    s, events = play(s0, COMMIT0, {"kind": "commit", "count": 3})
    resolved = of_kind(events, "conflict_resolved")[0]
    assert (resolved["winner"], resolved["attacker_strength"], resolved["defender_strength"]) == (1, 6, 8)
    # Seat 0 loses its priest and every temple on its side: none holds a treasure or stands by
    # another leader.
    assert of_kind(events, "tiles_removed")[0]["squares"] == [[3, 4], [3, 5], [3, 6], [5, 4], [5, 5], [5, 6]]
    assert points(events) == [(1, "red", 7, "war")]
    assert s.hands[1][0] == 0 and s.discarded[0] == s0.discarded[0] + 3 + 6
    assert leader_at(s, 0, "red") is None


def test_the_union_tile_becomes_ordinary_after_the_wars() -> None:
    s, _ = play(red_war(), JOIN, COMMIT0, COMMIT0)
    # A temple beside only the black union tile joins the one kingdom: it scores for seat 0's priest.
    s, events = play(s, {"kind": "place_tile", "color": "red", "to": [3, 8]})
    assert points(events) == [(0, "red", 1, "tile")]
    assert cell(s, 4, 8) == "k"


# Three wars at once. Seat 0's side (bottom left) has priest R, farmer B and king K and six
# temples. Seat 1's side (top right) has priest P (1,9), farmer F (3,8) and king S (4,10); its
# two halves are joined only by the temples (2,9) and (2,10), which stand by no other leader.
#
#   col 4 5 6 7 8 9 10
#   r1  . . . . . P .
#   r2  . . . . r r r
#   r3  . . B . F . r
#   r4  r r r r + k S
#   r5  . K r r R . .
THREE_WARS = (
    ("     P ", (1, 4)),
    ("    rrr", (2, 4)),
    ("..B.F.r", (3, 4)),
    ("rrrr.kS", (4, 4)),
    (".KrrR..", (5, 4)),
)


def three_wars(hands=None):
    hands = hands or [["green", "blue", "blue", "black", "black", "black"], ["blue", "black"] * 3]
    return load(*THREE_WARS, *SPARE, temples=False, treasures=SPARE_TREASURES, hands=hands)


def test_several_wars_the_active_player_chooses_the_order() -> None:
    s, events = play(three_wars(), {"kind": "place_tile", "color": "green", "to": [4, 8]})
    assert kinds(events) == ["tile_placed", "unification_placed"]
    assert decision(s) == {"kind": "choose_war", "seat": 0, "colors": ["red", "blue", "black"]}
    assert legal_actions(s) == [{"kind": "choose_war", "color": c} for c in ("red", "blue", "black")]
    assert legal_actions(s) == [a for a in legal_actions(s) if a["kind"] == "choose_war"]
    s, events = play(s, {"kind": "choose_war", "color": "red"})
    assert kinds(events) == ["war_chosen", "war_started"]
    assert events[1]["color"] == "red" and events[1]["attacker"] == 0


def test_a_war_after_which_the_union_touches_three_kingdoms() -> None:
    s, _ = play(three_wars(), {"kind": "place_tile", "color": "green", "to": [4, 8]},
                {"kind": "choose_war", "color": "red"})
    s, events = play(s, COMMIT0, COMMIT0)
    assert of_kind(events, "conflict_resolved")[0]["winner"] == 0
    # (2,8) stands by the farmer and (3,10) by the king: they stay; (2,9) and (2,10) go.
    assert of_kind(events, "tiles_removed")[0]["squares"] == [[2, 9], [2, 10]]
    assert points(events) == [(0, "red", 3, "war")]
    # Seat 1's side is now two kingdoms, both touching the union: the farmer's and the king's.
    # Blue and black are still at war, so the active player chooses again.
    assert decision(s) == {"kind": "choose_war", "seat": 0, "colors": ["blue", "black"]}
    s, events = play(s, {"kind": "choose_war", "color": "black"})
    war = of_kind(events, "war_started")[0]
    assert (war["attacker_at"], war["defender_at"]) == ([5, 5], [4, 10])
    conflict = view_for(s, None)["conflict"]
    # The king's side is only its own half now: one settlement (4,9).
    assert (conflict["attacker_strength"], conflict["defender_strength"]) == (0, 1)
    assert sorted(conflict["defender_side"]) == [[3, 10], [4, 9], [4, 10]]
    s, events = play(s, {"kind": "commit", "count": 2}, COMMIT0)
    assert of_kind(events, "conflict_resolved")[0]["winner"] == 0
    assert points(events) == [(0, "black", 2, "war")]  # the king and the settlement (4,9)
    # A single war is left: it starts at once, with no choice asked.
    assert kinds(events)[-1] == "war_started" and events[-1]["color"] == "blue"
    assert decision(s) == {"kind": "support", "seat": 0}
    s, events = play(s, {"kind": "commit", "count": 1}, COMMIT0)
    assert points(events) == [(0, "blue", 1, "war")]
    assert kinds(events)[-1] == "unification_returned"
    assert s.union is None and decision(s) == {"kind": "action", "seat": 0, "actions_left": 1}
    assert (leader_at(s, 1, "red"), leader_at(s, 1, "blue"), leader_at(s, 1, "black")) == (None, None, None)
    assert scores(s, 0) == {"red": 3, "blue": 1, "green": 0, "black": 2}


# A war that disappears: seat 1's farmer F (3,11) reaches the union only through the temples
# (4,9) (beside the losing priest) and (4,10) (beside nobody).
#
#   col 4 5 6 7 8 9 10 11
#   r3  . . B . . P .  F
#   r4  r r r r + r r  r
#   r5  . . r r R . .  .
VANISHING = (
    ("..B..P.F", (3, 4)),
    ("rrrr.rrr", (4, 4)),
    ("..rrR...", (5, 4)),
)


def test_a_war_disappears_when_an_earlier_war_splits_a_kingdom() -> None:
    s = load(*VANISHING, *SPARE, temples=False, treasures=SPARE_TREASURES,
             hands=[["green", "blue", "blue", "black", "black", "black"], ["blue", "black"] * 3])
    s, _ = play(s, {"kind": "place_tile", "color": "green", "to": [4, 8]})
    assert decision(s) == {"kind": "choose_war", "seat": 0, "colors": ["red", "blue"]}
    s, events = play(s, {"kind": "choose_war", "color": "red"}, COMMIT0, COMMIT0)
    assert of_kind(events, "tiles_removed")[0]["squares"] == [[4, 9], [4, 10]]
    assert kinds(events)[-1] == "unification_returned"
    assert len(of_kind(events, "war_started")) == 1
    assert leader_at(s, 1, "blue") == [3, 11] and leader_at(s, 0, "blue") == [3, 6]
    assert decision(s) == {"kind": "action", "seat": 0, "actions_left": 1}


def test_the_attacker_is_chosen_clockwise_when_the_active_player_is_not_involved() -> None:
    # Three players; seat 1 joins seat 0's trader (4,5) and seat 2's trader (4,7).
    s = load(("rG.Yr", (4, 4)), players=3, active=1, legend={"Y": (2, "green")},
             hands=[["red"] * 6, ["black"] * 6, ["blue"] * 6])
    s, events = play(s, {"kind": "place_tile", "color": "black", "to": [4, 6]})
    war = of_kind(events, "war_started")[0]
    # Clockwise from seat 1: seat 2 comes before seat 0.
    assert (war["attacker"], war["defender"]) == (2, 0)
    assert decision(s) == {"kind": "support", "seat": 2}
    # Support is asked even from a hand without green; only 0 is legal.
    assert legal_actions(s) == [COMMIT0]
    s, events = play(s, COMMIT0)
    assert decision(s) == {"kind": "support", "seat": 0}
    s, events = play(s, COMMIT0)
    resolved = of_kind(events, "conflict_resolved")[0]
    assert (resolved["winner"], resolved["loser"]) == (0, 2)  # a tie goes to the defender
    assert points(events) == [(0, "green", 1, "war")]
    assert leader_at(s, 2, "green") is None
    assert decision(s) == {"kind": "action", "seat": 1, "actions_left": 1}


def test_choose_war_is_refused_for_a_colour_not_at_war() -> None:
    s, _ = play(three_wars(), {"kind": "place_tile", "color": "green", "to": [4, 8]})
    assert refused(s, {"kind": "choose_war", "color": "green"}) == "There is no green war to fight."
    assert "cannot be played now" in refused(s, COMMIT0)


def test_a_red_union_tile_belongs_to_neither_side() -> None:
    # The same red war, joined by a temple: it counts for nobody and is never removed.
    s, events = play(red_war(), {"kind": "place_tile", "color": "red", "to": [4, 8]})
    conflict = view_for(s, None)["conflict"]
    assert (conflict["attacker_strength"], conflict["defender_strength"]) == (6, 5)
    s, events = play(s, COMMIT0, {"kind": "commit", "count": 3})
    assert of_kind(events, "conflict_resolved")[0]["winner"] == 1
    removed = of_kind(events, "tiles_removed")[0]["squares"]
    assert [4, 8] not in removed and len(removed) == 6
    assert cell(s, 4, 8) == "r"
    assert points(events) == [(1, "red", 7, "war")]
