"""The four actions of a turn and passing (RULES.md sections 5 to 9).

Owns: checking and carrying out place/move/withdraw leader, place tile, catastrophe, swap and
pass. Conflicts they cause are handed to game.rules.conflicts; what follows is queued as steps.
"""

from __future__ import annotations

from typing import Any

from .boards import bit, flood, neighbours, square
from .conflicts import start_revolt
from .effects import Event, discard_from_hand, draw, end_game, remove_tiles, return_unsupported, score
from .flow import AFTER_TILE
from .placement import catastrophe_targets, leader_targets, tile_targets_by_terrain
from .state import BLACK, BLUE, COLORS, IllegalAction, State, connected, kingdoms, leader_of_color, tile_color_at
from .vocabulary import LEADER_WORDS
from .vocabulary import TILE_WORDS as COLOR_WORDS
from .wire import color_field, color_list_field, square_field


def place_leader(s: State, action: dict[str, Any], events: list[Event]) -> None:
    """Section 6: put a leader from the supply onto the board."""
    color = color_field(action, "leader")
    to = square_field(action, "to")
    key = (s.active, color)
    if key in s.leaders:
        raise IllegalAction(f"Your {LEADER_WORDS[COLORS[color]]} is already on the board; move it instead.",
                            "rules.illegal.leader_on_board", leader=COLORS[color])
    _check_leader_square(s, to, None)
    s.leaders[key] = to
    events.append({"kind": "leader_placed", "seat": s.active, "color": COLORS[color], "at": square(to)})
    _after_leader(s, key, events)


def move_leader(s: State, action: dict[str, Any], events: list[Event]) -> None:
    """Section 6: lift a leader and set it down elsewhere, under the same checks."""
    color = color_field(action, "leader")
    to = square_field(action, "to")
    key = (s.active, color)
    if key not in s.leaders:
        raise IllegalAction(f"Your {LEADER_WORDS[COLORS[color]]} is not on the board.",
                            "rules.illegal.leader_not_on_board", leader=COLORS[color])
    if s.leaders[key] == to:
        raise IllegalAction("A leader cannot move to the square it stands on.", "rules.illegal.leader_same_square")
    _check_leader_square(s, to, key)
    frm = s.leaders[key]
    s.leaders[key] = to
    events.append({"kind": "leader_moved", "seat": s.active, "color": COLORS[color],
                   "from": square(frm), "to": square(to)})
    _after_leader(s, key, events)


def withdraw_leader(s: State, action: dict[str, Any], events: list[Event]) -> None:
    """Section 6: take a leader back to the supply; nothing else follows."""
    color = color_field(action, "leader")
    key = (s.active, color)
    if key not in s.leaders:
        raise IllegalAction(f"Your {LEADER_WORDS[COLORS[color]]} is not on the board.",
                            "rules.illegal.leader_not_on_board", leader=COLORS[color])
    frm = s.leaders.pop(key)
    events.append({"kind": "leader_withdrawn", "seat": s.active, "color": COLORS[color], "from": square(frm)})
    s.steps = ["action_done"]


def _check_leader_square(s: State, to: int, without: tuple[int, int] | None) -> None:
    if leader_targets(s, without) >> to & 1:
        return
    b = bit(to)
    taken = s.cat | s.down | s.zig | s.tiles[0] | s.tiles[1] | s.tiles[2] | s.tiles[3]
    if b & taken or any(sq == to for k, sq in s.leaders.items() if k != without):
        raise IllegalAction("A leader needs an empty square.", "rules.illegal.leader_square_taken")
    if b & s.board.river:
        raise IllegalAction("Leaders stand on land, never on the river.", "rules.illegal.leader_on_river")
    from .state import supported_squares
    if not supported_squares(s) & b:
        raise IllegalAction("A leader must stand next to a temple.", "rules.illegal.leader_needs_temple")
    raise IllegalAction("A leader may not join two kingdoms.", "rules.illegal.leader_joins_kingdoms")


def _after_leader(s: State, key: tuple[int, int], events: list[Event]) -> None:
    # Section 6: landing in a kingdom that already has a leader of this colour starts a revolt.
    s.steps = ["action_done"]
    kingdom = flood(bit(s.leaders[key]), connected(s))
    for other, sq in s.leaders.items():
        if other != key and other[1] == key[1] and (kingdom >> sq) & 1:
            start_revolt(s, events, key, other)
            return


def place_tile(s: State, action: dict[str, Any], events: list[Event]) -> None:
    """Section 7: place a civilization tile from the hand, scoring or uniting kingdoms."""
    color = color_field(action, "color")
    to = square_field(action, "to")
    if s.hands[s.active][color] < 1:
        raise IllegalAction(f"You hold no {COLOR_WORDS[COLORS[color]]} tile.", "rules.illegal.no_tile",
                            tile=COLORS[color])
    base = kingdoms(s, connected(s))
    land, river = tile_targets_by_terrain(s, base)
    if not (river if color == BLUE else land) >> to & 1:
        _refuse_tile(s, color, to)
    around = neighbours(bit(to))
    touching = [k for k in base if k & around]
    s.hands[s.active][color] -= 1
    s.tiles[color] |= bit(to)
    events.append({"kind": "tile_placed", "seat": s.active, "color": COLORS[color], "at": square(to)})
    if len(touching) == 1:
        kingdom = touching[0] | bit(to)
        owner = leader_of_color(s, kingdom, color)
        if owner is None:
            owner = leader_of_color(s, kingdom, BLACK)
        score(s, events, owner, color, 1, "tile")
    elif len(touching) == 2:
        # Section 7: the unification tile marks the joining square; it scores nothing.
        s.union = to
        events.append({"kind": "unification_placed", "seat": s.active, "at": square(to)})
    s.ctx["placed"] = to
    s.steps = list(AFTER_TILE)


def _refuse_tile(s: State, color: int, to: int) -> None:
    """Raise the reason a tile cannot go on `to` (called once the square is known to be refused)."""
    b = bit(to)
    if tile_color_at(s, to) is not None or b & (s.cat | s.down | s.zig) or to in s.leaders.values():
        raise IllegalAction("That square is not empty.", "rules.illegal.square_taken")
    if color == BLUE and not b & s.board.river:
        raise IllegalAction("Farms (blue) go only on the river.", "rules.illegal.farm_on_land")
    if color != BLUE and b & s.board.river:
        raise IllegalAction("Only farms (blue) go on the river.", "rules.illegal.land_tile_on_river")
    raise IllegalAction("A tile may not join three kingdoms.", "rules.illegal.tile_joins_kingdoms")


def catastrophe(s: State, action: dict[str, Any], events: list[Event]) -> None:
    """Section 8: destroy a square for the rest of the game."""
    to = square_field(action, "to")
    if s.catastrophes[s.active] < 1:
        raise IllegalAction("You have no catastrophe tiles left.", "rules.illegal.no_catastrophes")
    if not catastrophe_targets(s) >> to & 1:
        raise IllegalAction("A catastrophe cannot go there: not on a leader, a treasure, a monument, "
                            "a ziggurat, a building or another catastrophe.", "rules.illegal.catastrophe_not_there")
    s.catastrophes[s.active] -= 1
    color = tile_color_at(s, to)
    if color is not None:
        remove_tiles(s, color, bit(to))
    s.cat |= bit(to)
    events.append({"kind": "catastrophe", "seat": s.active, "at": square(to),
                   "removed": COLORS[color] if color is not None else None})
    return_unsupported(s, events)
    s.steps = ["action_done"]


def swap(s: State, action: dict[str, Any], events: list[Event]) -> None:
    """Section 9: discard 1-6 tiles face down and draw as many."""
    colors = color_list_field(action, "tiles")
    if not 1 <= len(colors) <= 6:
        raise IllegalAction("Swap between 1 and 6 tiles.", "rules.illegal.swap_count")
    for c in set(colors):
        n, word = colors.count(c), COLOR_WORDS[COLORS[c]]
        if n > s.hands[s.active][c]:
            # Said as errors_en.py says it: one tile, or many.
            raise IllegalAction(f"You do not hold a {word} tile." if n == 1 else f"You do not hold {n} {word} tiles.",
                                "rules.illegal.swap_too_many", n=n, tile=COLORS[c])
    for c in colors:
        discard_from_hand(s, s.active, c, 1)
    events.append({"kind": "swap", "seat": s.active, "count": len(colors),
                   "tiles": [COLORS[c] for c in sorted(colors)]})
    s.steps = ["action_done"]
    if not draw(s, events, s.active, len(colors)):
        end_game(s, events, "bag")


def pass_turn(s: State, action: dict[str, Any], events: list[Event]) -> None:
    """Section 5: passing an action passes the rest of the turn."""
    events.append({"kind": "passed", "seat": s.active})
    s.actions_left = 0
    s.steps = ["action_done"]


TURN_ACTIONS = {
    "place_leader": place_leader,
    "move_leader": move_leader,
    "withdraw_leader": withdraw_leader,
    "place_tile": place_tile,
    "catastrophe": catastrophe,
    "swap": swap,
    "pass": pass_turn,
}
