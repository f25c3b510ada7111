"""What a tile placement may let the active player build (RULES.md sections 13, 16.2, 16.3).

Owns: finding the monument, civilization building and ziggurat offers after a tile placement,
and building them. Each offer is a step; a player answers it with a build action or `decline`.
"""

from __future__ import annotations

from collections.abc import Callable
from typing import Any

from .boards import COLS, ROWS, bit, flood, square, squares_of
from .effects import Event, return_unsupported, score
from .flow import step
from .state import (
    BLACK,
    COLORS,
    MONUMENTS,
    IllegalAction,
    State,
    connected,
    deciding,
    leader_of_color,
    tile_color_at,
    unbuilt_monuments,
)
from .wire import color_field, color_list_field, square_field

# --- monuments (section 13) -----------------------------------------------------------------

def monument_options(s: State, placed: int) -> list[tuple[int, tuple[int, int]]]:
    """Return (top-left square, monument) for each 2x2 block the placed tile completes."""
    color = tile_color_at(s, placed)
    if color is None:
        return []
    monuments = [m for m in unbuilt_monuments(s) if color in m]
    if not monuments:
        return []
    r, c = divmod(placed, COLS)
    options: list[tuple[int, tuple[int, int]]] = []
    for top in (r - 1, r):
        for left in (c - 1, c):
            if 0 <= top < ROWS - 1 and 0 <= left < COLS - 1:
                block = _block(top * COLS + left)
                if block & s.tiles[color] == block:
                    options.extend((top * COLS + left, m) for m in monuments)
    return options


def _block(top_left: int) -> int:
    b = bit(top_left)
    return b | (b << 1) | (b << COLS) | (b << (COLS + 1))


@step("offer_monument")
def _offer_monument(s: State, events: list[Event]) -> None:
    options = monument_options(s, s.ctx["placed"])
    if options:
        s.decision = {"kind": "monument", "seat": s.active, "options": options}


def build_monument(s: State, action: dict[str, Any], events: list[Event]) -> None:
    """Turn a 2x2 block face down under a monument."""
    at = square_field(action, "at")
    pair = color_list_field(action, "monument")
    named = tuple(pair)
    monument = next((m for m in MONUMENTS if sorted(m) == sorted(named)), None)
    if len(pair) != 2 or monument is None:
        raise IllegalAction("Name a monument by its two colours.", "rules.illegal.monument_colors")
    if (at, monument) not in deciding(s)["options"]:
        raise IllegalAction("That monument cannot be built there.", "rules.illegal.monument_not_there")
    block = _block(at)
    color = tile_color_at(s, at)
    assert color is not None
    s.tiles[color] &= ~block
    s.down |= block
    s.monuments.append((monument, at, color))
    events.append({"kind": "monument_built", "seat": s.active, "colors": [COLORS[c] for c in monument],
                   "at": square(at)})
    _return_buildings(s, events, block)
    return_unsupported(s, events)
    s.decision = None


# --- civilization buildings (section 16.2) ---------------------------------------------------

def _run(s: State, sq: int, color: int, step_: int, limit_ok: Callable[[int], bool]) -> int:
    """Return the squares of color going from sq in one direction (sq excluded)."""
    out = 0
    cur = sq
    while True:
        nxt = cur + step_
        if not limit_ok(cur) or not (s.tiles[color] >> nxt) & 1:
            return out
        out |= bit(nxt)
        cur = nxt


def lines_through(s: State, sq: int, color: int) -> list[int]:
    """Return the horizontal and vertical lines of face-up tiles of color through sq."""
    here = bit(sq)
    row = here | _run(s, sq, color, 1, lambda q: q % COLS < COLS - 1) | _run(
        s, sq, color, -1, lambda q: q % COLS > 0)
    col = here | _run(s, sq, color, COLS, lambda q: q // COLS < ROWS - 1) | _run(
        s, sq, color, -COLS, lambda q: q // COLS > 0)
    return [row, col]


def building_options(s: State, placed: int) -> tuple[int, int, bool] | None:
    """Return (colour, squares it may go to, whether it moves) or None."""
    color = tile_color_at(s, placed)
    if color is None:
        return None
    lines = [line for line in lines_through(s, placed, color) if line.bit_count() >= 3]
    if not lines:
        return None
    current = s.buildings.get(color)
    if current is None:
        squares = 0
        for line in lines:
            squares |= line
        return color, squares, False
    # A building moves only to a strictly longer line than its own longest line.
    own = max(line.bit_count() for line in lines_through(s, current, color))
    squares = 0
    for line in lines:
        if line.bit_count() > own:
            squares |= line
    return (color, squares, True) if squares else None


@step("offer_building")
def _offer_building(s: State, events: list[Event]) -> None:
    if "buildings" not in s.variants:
        return
    found = building_options(s, s.ctx["placed"])
    if found:
        color, squares, moves = found
        s.decision = {"kind": "building", "seat": s.active, "color": color,
                      "squares": squares_of(squares), "move": moves}


def build_building(s: State, action: dict[str, Any], events: list[Event]) -> None:
    """Place or move a civilization building and score it."""
    color = color_field(action, "color")
    at = square_field(action, "at")
    d = deciding(s)
    if color != d["color"] or at not in d["squares"]:
        raise IllegalAction("That building cannot go there.", "rules.illegal.building_not_there")
    frm = s.buildings.get(color)
    s.buildings[color] = at
    events.append({"kind": "building_built", "seat": s.active, "color": COLORS[color], "at": square(at),
                   "from": square(frm) if frm is not None else None})
    kingdom = flood(bit(at), connected(s))
    owner = leader_of_color(s, kingdom, color)
    if owner is None:
        owner = leader_of_color(s, kingdom, BLACK)
    score(s, events, owner, color, 2 if d["move"] else 1, "building")
    s.decision = None


def _return_buildings(s: State, events: list[Event], covered: int) -> None:
    for color, sq in sorted(s.buildings.items()):
        if (covered >> sq) & 1:
            del s.buildings[color]
            events.append({"kind": "building_returned", "color": COLORS[color], "from": square(sq)})


# --- the ziggurat (section 16.3) -------------------------------------------------------------

def _plus(centre: int) -> int | None:
    r, c = divmod(centre, COLS)
    if not (0 < r < ROWS - 1 and 0 < c < COLS - 1):
        return None
    b = bit(centre)
    return b | (b << 1) | (b >> 1) | (b << COLS) | (b >> COLS)


def ziggurat_options(s: State, placed: int) -> list[int]:
    """Return the centres of every plus of five face-up tiles of one colour holding the placed tile."""
    if s.ziggurat is not None:
        return []
    color = tile_color_at(s, placed)
    if color is None:
        return []
    centres = []
    for centre in sorted([placed, placed - 1, placed + 1, placed - COLS, placed + COLS]):
        if not 0 <= centre < ROWS * COLS or abs(centre % COLS - placed % COLS) > 1:
            continue
        plus = _plus(centre)
        if plus is not None and (plus >> placed) & 1 and plus & s.tiles[color] == plus:
            centres.append(centre)
    return centres


@step("offer_ziggurat")
def _offer_ziggurat(s: State, events: list[Event]) -> None:
    if "ziggurat" not in s.variants:
        return
    centres = ziggurat_options(s, s.ctx["placed"])
    if centres:
        s.decision = {"kind": "ziggurat", "seat": s.active, "squares": centres}


def build_ziggurat(s: State, action: dict[str, Any], events: list[Event]) -> None:
    """Replace a plus of five tiles with the ziggurat."""
    at = square_field(action, "at")
    if at not in deciding(s)["squares"]:
        raise IllegalAction("The ziggurat cannot be built there.", "rules.illegal.ziggurat_not_there")
    plus = _plus(at)
    assert plus is not None
    color = tile_color_at(s, at)
    assert color is not None
    s.tiles[color] &= ~plus
    s.discarded[color] += 5
    s.zig |= plus
    s.ziggurat = at
    events.append({"kind": "ziggurat_built", "seat": s.active, "at": square(at), "color": COLORS[color]})
    _return_buildings(s, events, plus)
    return_unsupported(s, events)
    s.decision = None


def decline(s: State, action: dict[str, Any], events: list[Event]) -> None:
    """Refuse the monument, building or ziggurat on offer."""
    events.append({"kind": "declined", "seat": s.active, "offer": deciding(s)["kind"]})
    s.decision = None
