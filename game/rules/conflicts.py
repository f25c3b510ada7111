"""Revolts and wars (RULES.md sections 10 and 11).

Owns: starting a conflict, taking support from attacker then defender, resolving it, and
finding the wars still pending around the unification tile.
"""

from __future__ import annotations

from typing import Any

from .boards import bit, dilate, flood, neighbours, square, squares_of
from .effects import Event, discard_from_hand, remove_tiles, return_leader, score
from .flow import step
from .state import COLORS, RED, IllegalAction, State, connected, deciding, leader_mask, temples_next_to
from .wire import color_field, count_field


def start_revolt(s: State, events: list[Event], attacker: tuple[int, int], defender: tuple[int, int]) -> None:
    """Section 10: the leader just positioned meets a leader of its colour in its kingdom."""
    s.conflict = {
        "kind": "revolt", "color": attacker[1],
        "attacker": attacker[0], "defender": defender[0],
        "attacker_commit": None, "defender_commit": None,
    }
    events.append({
        "kind": "revolt_started", "color": COLORS[attacker[1]],
        "attacker": attacker[0], "defender": defender[0],
        "attacker_at": square(s.leaders[attacker]), "defender_at": square(s.leaders[defender]),
    })
    s.decision = {"kind": "support", "seat": attacker[0]}


def pending_wars(s: State) -> dict[int, list[tuple[int, int]]]:
    """Section 11: each colour with two leaders among the kingdoms around the unification tile."""
    assert s.union is not None
    conn = connected(s) & ~bit(s.union)
    around = neighbours(bit(s.union)) & conn
    groups = 0
    for sq in squares_of(around):
        if not (groups >> sq) & 1:
            groups |= flood(bit(sq), conn)
    by_color: dict[int, list[tuple[int, int]]] = {}
    for key, sq in sorted(s.leaders.items()):
        if (groups >> sq) & 1:
            by_color.setdefault(key[1], []).append(key)
    return {c: keys for c, keys in sorted(by_color.items()) if len(keys) >= 2}


def war_side(s: State, key: tuple[int, int]) -> int:
    """Section 11: a leader's side is its own kingdom; the unification square belongs to neither."""
    assert s.union is not None
    return flood(bit(s.leaders[key]), connected(s) & ~bit(s.union))


def start_war(s: State, events: list[Event], color: int) -> None:
    """Begin the war of one colour around the unification tile."""
    assert s.union is not None, "a war is fought only around the unification tile"
    a, b = pending_wars(s)[color]
    # Section 11: the active player attacks if involved; otherwise the first involved player
    # clockwise from the active player.
    first, second = sorted((a, b), key=lambda k: (k[0] - s.active) % s.players)
    s.conflict = {
        "kind": "war", "color": color,
        "attacker": first[0], "defender": second[0],
        "attacker_commit": None, "defender_commit": None,
    }
    events.append({
        "kind": "war_started", "color": COLORS[color], "attacker": first[0], "defender": second[0],
        "attacker_at": square(s.leaders[first]), "defender_at": square(s.leaders[second]),
        "union": square(s.union),
    })
    s.decision = {"kind": "support", "seat": first[0]}
    s.steps.insert(0, "wars")


def board_strength(s: State, side: str) -> int:
    """Return the strength of one side of the current conflict before support."""
    c = s.conflict
    assert c is not None
    key = (c[side], c["color"])
    if c["kind"] == "revolt":
        return temples_next_to(s, s.leaders[key])
    return (war_side(s, key) & s.tiles[c["color"]]).bit_count()


def support_color(s: State) -> int:
    """Revolts are fought with temples; wars with tiles of the war's colour."""
    c = s.conflict
    assert c is not None
    return RED if c["kind"] == "revolt" else c["color"]


def commit(s: State, action: dict[str, Any], events: list[Event]) -> None:
    """Take one side's support, then resolve once both sides have committed."""
    c = dict(s.conflict or {})
    seat = deciding(s)["seat"]
    count = count_field(action, "count")
    color = support_color(s)
    if "color" in action and color_field(action, "color") != color:
        raise IllegalAction(f"Support in this conflict must be {COLORS[color]}.", "rules.illegal.support_color",
                            color=COLORS[color])
    held = s.hands[seat][color]
    if count > held and held == 0:
        raise IllegalAction(f"You hold no {COLORS[color]} tiles.", "rules.illegal.no_support_tiles",
                            color=COLORS[color])
    if count > held:
        # Said as errors_en.py says it: one tile, or many.
        raise IllegalAction(f"You hold only {held} {COLORS[color]} tile{'' if held == 1 else 's'}.",
                            "rules.illegal.support_too_many", n=held, color=COLORS[color])
    discard_from_hand(s, seat, color, count)
    side = "attacker" if c["attacker_commit"] is None else "defender"
    c[f"{side}_commit"] = count
    s.conflict = c
    events.append({"kind": "support", "seat": seat, "side": side, "color": COLORS[color], "count": count})
    if side == "attacker":
        s.decision = {"kind": "support", "seat": c["defender"]}
    else:
        s.decision = None
        _resolve(s, events)


def _resolve(s: State, events: list[Event]) -> None:
    c = s.conflict
    assert c is not None
    attack = board_strength(s, "attacker") + c["attacker_commit"]
    defend = board_strength(s, "defender") + c["defender_commit"]
    # Sections 10 and 11: the attacker wins only with a strictly greater strength.
    winner, loser = ("attacker", "defender") if attack > defend else ("defender", "attacker")
    color = c["color"]
    events.append({
        "kind": "conflict_resolved", "conflict": c["kind"], "color": COLORS[color],
        "winner": c[winner], "loser": c[loser], "attacker_strength": attack, "defender_strength": defend,
    })
    loser_key = (c[loser], color)
    if c["kind"] == "revolt":
        return_leader(s, events, loser_key, "revolt")
        score(s, events, c[winner], RED, 1, "revolt")
    else:
        removed = _war_losses(s, loser_key)
        return_leader(s, events, loser_key, "war")
        if removed:
            remove_tiles(s, color, removed)
            events.append({"kind": "tiles_removed", "color": COLORS[color],
                           "squares": [square(q) for q in squares_of(removed)]})
        score(s, events, c[winner], color, 1 + removed.bit_count(), "war")
    s.conflict = None


def _war_losses(s: State, loser_key: tuple[int, int]) -> int:
    color = loser_key[1]
    lost = war_side(s, loser_key) & s.tiles[color]
    if color == RED:
        # Section 11: in a red war, temples holding a treasure and temples next to another
        # leader stay on the board.
        lost &= ~s.treasure
        lost &= ~dilate(leader_mask(s, loser_key))
    building = s.buildings.get(color)
    if building is not None:
        lost &= ~bit(building)  # Section 16.2: the tile under a building is never removed by war.
    return lost


def choose_war(s: State, action: dict[str, Any], events: list[Event]) -> None:
    """Section 11: the active player picks which pending war is fought next."""
    color = color_field(action, "color")
    if color not in pending_wars(s):
        raise IllegalAction(f"There is no {COLORS[color]} war to fight.", "rules.illegal.no_war", color=COLORS[color])
    events.append({"kind": "war_chosen", "seat": s.active, "color": COLORS[color]})
    s.decision = None
    start_war(s, events, color)


@step("wars")
def wars_step(s: State, events: list[Event]) -> None:
    """Fight the wars around the unification tile until none is left."""
    if s.union is None:
        return
    pending = pending_wars(s)
    if not pending:
        events.append({"kind": "unification_returned", "seat": s.active, "at": square(s.union)})
        s.union = None
        return
    if len(pending) == 1:
        start_war(s, events, next(iter(pending)))
    else:
        # choose_war starts the chosen war, which queues this step again.
        s.decision = {"kind": "choose_war", "seat": s.active, "colors": list(pending)}

