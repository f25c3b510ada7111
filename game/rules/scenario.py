"""The scenario format of DESIGN.md, both ways: load_scenario and dump_scenario.

Owns: turning a JSON-friendly description of a position (at the start of an action) into a
State, refusing with a clear message anything that cannot exist, and the reverse.

A monument's "colors" are read in order: the first is the colour its four face-down tiles were
(counted against that colour's 57/36/30/30 tiles), the second the other colour of the monument.
Any order names the same monument. A left-out "seed" is 0.
"""

from __future__ import annotations

import random
from typing import Any

from .boards import COLS, ROWS, bit, dilate, index, neighbours, square, squares_of
from .engine import blank_state, check_variants, shuffled_bag
from .flow import ask_for_action
from .state import (
    CATASTROPHES,
    COLOR_INDEX,
    COLORS,
    HAND_SIZE,
    MONUMENTS,
    RED,
    TILE_COUNTS,
    State,
    connected,
    kingdoms,
)

CHAR_COLOR = {"r": 0, "b": 1, "g": 2, "k": 3}
LAND_ONLY = set(".rgk")
RIVER_ONLY = set("~b")
EITHER = set("x#z")


class ScenarioError(ValueError):
    """A scenario that cannot exist, with what is wrong with it.

    Like IllegalAction it carries `key` ("scenario.<name>") and plain `params` beside the English
    message, so a screen can say it in its own language; without a key it is "scenario.other".
    """

    def __init__(self, message: str, key: str | None = None, **params: object) -> None:
        super().__init__(message)
        self.key = key or "scenario.other"
        self.params: dict[str, object] = params if key else {"text": message}


def _sq(value: Any, what: str) -> int:
    if (not isinstance(value, (list, tuple)) or len(value) != 2
            or not all(isinstance(v, int) and not isinstance(v, bool) for v in value)):
        raise ScenarioError(f"{what} must be a square [row, col], not {value!r}.",
                            "scenario.not_a_square", what=what, value=repr(value)[:60])
    r, c = value
    if not (0 <= r < ROWS and 0 <= c < COLS):
        raise ScenarioError(f"{what} [{r}, {c}] is off the board.", "scenario.off_board", what=what, row=r, col=c)
    return index(r, c)


def _color(value: Any, what: str) -> int:
    if not isinstance(value, str) or value not in COLOR_INDEX:
        raise ScenarioError(f"{what} must be red, blue, green or black, not {value!r}.",
                            "scenario.not_a_color", what=what, value=repr(value)[:60])
    return COLOR_INDEX[value]


def _per_seat(data: dict[str, Any], key: str, players: int, default: Any) -> list[Any]:
    value = data.get(key)
    if value is None:
        return [default() if callable(default) else default for _ in range(players)]
    if not isinstance(value, list) or len(value) != players:
        raise ScenarioError(f"'{key}' must list one entry per player ({players}).",
                            "scenario.one_per_player", field=key, n=players)
    return value


def _int(value: Any, what: str, lo: int, hi: int | None = None) -> int:
    if not isinstance(value, int) or isinstance(value, bool) or value < lo or (hi is not None and value > hi):
        if hi is None:
            raise ScenarioError(f"{what} must be a whole number from {lo} or more, not {value!r}.",
                                "scenario.not_a_number_from", what=what, low=lo, value=repr(value)[:60])
        raise ScenarioError(f"{what} must be a whole number from {lo} to {hi}, not {value!r}.",
                            "scenario.not_a_number", what=what, low=lo, high=hi, value=repr(value)[:60])
    return value


def load_scenario(data: Any) -> State:
    """Return the position a scenario describes; raise ScenarioError if it cannot exist."""
    if not isinstance(data, dict):
        raise ScenarioError("A scenario must be a dict.", "scenario.not_a_dict")
    players = _int(data.get("players"), "'players'", 2, 4)
    try:
        variants = check_variants(data.get("variants", []))
    except ValueError as exc:
        raise ScenarioError(str(exc), "scenario.variants", text=str(exc)) from None
    seed = data.get("seed", 0)
    if seed is None:
        seed = 0
    if not isinstance(seed, int) or isinstance(seed, bool):
        raise ScenarioError(f"'seed' must be a whole number, not {seed!r}.", "scenario.seed", value=repr(seed)[:60])
    s = blank_state(players, variants, seed)
    s.tiles[RED] = 0
    s.treasure = 0
    # A scenario without a board starts from the chosen board's starting temples.
    board = data["board"] if "board" in data else [row.replace("T", "r") for row in s.board.rows]
    _load_board(s, board)
    _load_treasures(s, data)
    _load_monuments(s, data.get("monuments", []))
    _load_buildings(s, data.get("buildings", {}))
    _load_ziggurat(s, data.get("ziggurat"))
    _load_leaders(s, data.get("leaders", []))
    _load_counts(s, data)
    _load_tiles_in_play(s, data)
    s.active = _int(data.get("active", 0), "'active'", 0, players - 1)
    s.actions_left = _int(data.get("actions_left", 2), "'actions_left'", 1, 2)
    s.turn = _int(data.get("turn", 1), "'turn'", 1)
    ask_for_action(s)
    return s


def _load_board(s: State, board: Any) -> None:
    if not isinstance(board, list) or len(board) != ROWS:
        raise ScenarioError(f"'board' must be {ROWS} strings of {COLS} characters.",
                            "scenario.board_shape", rows=ROWS, cols=COLS)
    for r, line in enumerate(board):
        if not isinstance(line, str) or len(line) != COLS:
            raise ScenarioError(f"Board row {r} must be a string of {COLS} characters.",
                                "scenario.board_row", row=r, cols=COLS)
        for c, ch in enumerate(line):
            b = bit(index(r, c))
            river = bool(s.board.river & b)
            if ch in LAND_ONLY and river:
                what = "empty land" if ch == "." else f"a {COLORS[CHAR_COLOR[ch]]} tile"
                raise ScenarioError(f"Board square [{r}, {c}] is river on the {s.board.name} board; "
                                    f"it cannot hold {what}.",
                                    "scenario.river_square", row=r, col=c, board=s.board.name, char=ch)
            if ch in RIVER_ONLY and not river:
                what = "river" if ch == "~" else "a farm (blue tile)"
                raise ScenarioError(f"Board square [{r}, {c}] is land on the {s.board.name} board; "
                                    f"it cannot hold {what}.",
                                    "scenario.land_square", row=r, col=c, board=s.board.name, char=ch)
            if not put_board_char(s, ch, b) and ch not in ".~":
                raise ScenarioError(f"Board square [{r}, {c}] has an unknown character {ch!r}.",
                                    "scenario.unknown_char", row=r, col=c, char=ch)


def put_board_char(s: State, ch: str, b: int) -> bool:
    """Put what a board character stands for on square bit b; False for empty or unknown."""
    if ch in CHAR_COLOR:
        s.tiles[CHAR_COLOR[ch]] |= b
    elif ch == "x":
        s.cat |= b
    elif ch == "#":
        s.down |= b
    elif ch == "z":
        s.zig |= b
    else:
        return False
    return True


def _load_treasures(s: State, data: dict[str, Any]) -> None:
    if "treasures" not in data:
        s.treasure = s.board.temples & s.tiles[RED]
        return
    treasures = data["treasures"]
    if not isinstance(treasures, list):
        raise ScenarioError("'treasures' must be a list of squares.", "scenario.treasures_list")
    for value in treasures:
        sq = _sq(value, "A treasure")
        if not bit(sq) & (s.tiles[RED] | s.down | s.zig):
            raise ScenarioError(f"The treasure at {square(sq)} is not on a temple.",
                                "scenario.treasure_off_temple", row=sq // COLS, col=sq % COLS)
        s.treasure |= bit(sq)


def _load_monuments(s: State, monuments: Any) -> None:
    if not isinstance(monuments, list):
        raise ScenarioError("'monuments' must be a list.", "scenario.monuments_list")
    covered = 0
    for m in monuments:
        if not isinstance(m, dict) or not isinstance(m.get("colors"), list) or len(m["colors"]) != 2:
            raise ScenarioError("Each monument needs 'colors' (two colours) and 'at'.", "scenario.monument_fields")
        built_from, other = (_color(c, "A monument colour") for c in m["colors"])
        pair = next((p for p in MONUMENTS if sorted(p) == sorted((built_from, other))), None)
        if pair is None:
            raise ScenarioError(f"There is no {m['colors'][0]}/{m['colors'][1]} monument.",
                                "scenario.no_such_monument", first=str(m['colors'][0]), second=str(m['colors'][1]))
        if any(p == pair for p, _, _ in s.monuments):
            raise ScenarioError(f"The {m['colors'][0]}/{m['colors'][1]} monument is listed twice.",
                                "scenario.monument_twice", first=str(m['colors'][0]), second=str(m['colors'][1]))
        at = _sq(m.get("at"), "A monument")
        r, c = divmod(at, COLS)
        if r >= ROWS - 1 or c >= COLS - 1:
            raise ScenarioError(f"The monument at {[r, c]} does not fit on the board.",
                                "scenario.monument_off_board", row=r, col=c)
        b = bit(at)
        block = b | (b << 1) | (b << COLS) | (b << (COLS + 1))
        if block & s.down != block or block & covered:
            raise ScenarioError(f"The monument at {[r, c]} must stand on four face-down tiles (#).",
                                "scenario.monument_not_on_down", row=r, col=c)
        covered |= block
        s.monuments.append((pair, at, built_from))
    if covered != s.down:
        raise ScenarioError(f"Face-down tiles at {[square(q) for q in squares_of(s.down & ~covered)]} "
                            "have no monument on them.",
                            "scenario.down_without_monument",
                            squares=str([square(q) for q in squares_of(s.down & ~covered)])[:120])


def _load_buildings(s: State, buildings: Any) -> None:
    if not isinstance(buildings, dict):
        raise ScenarioError("'buildings' must map a colour to a square.", "scenario.buildings_map")
    if buildings and "buildings" not in s.variants:
        raise ScenarioError("Buildings need the 'buildings' variant.", "scenario.buildings_variant")
    for name, at in buildings.items():
        color = _color(name, "A building")
        sq = _sq(at, f"The {name} building")
        if not s.tiles[color] & bit(sq):
            raise ScenarioError(f"The {name} building must stand on a face-up {name} tile.",
                                "scenario.building_not_on_tile", color=name)
        s.buildings[color] = sq


def _load_ziggurat(s: State, at: Any) -> None:
    if at is None:
        if s.zig:
            raise ScenarioError("Ziggurat squares (z) need a 'ziggurat' centre.", "scenario.ziggurat_centre")
        return
    if "ziggurat" not in s.variants:
        raise ScenarioError("The ziggurat needs the 'ziggurat' variant.", "scenario.ziggurat_variant")
    sq = _sq(at, "The ziggurat")
    plus = dilate(bit(sq))
    if plus.bit_count() != 5 or s.zig != plus:
        raise ScenarioError("The ziggurat squares (z) must form one plus around the 'ziggurat' centre.",
                            "scenario.ziggurat_plus")
    s.ziggurat = sq


def _load_leaders(s: State, leaders: Any) -> None:
    if not isinstance(leaders, list):
        raise ScenarioError("'leaders' must be a list.", "scenario.leaders_list")
    taken = s.tiles[0] | s.tiles[1] | s.tiles[2] | s.tiles[3] | s.down | s.zig | s.cat
    for entry in leaders:
        if not isinstance(entry, dict):
            raise ScenarioError("Each leader needs 'seat', 'color' and 'at'.", "scenario.leader_fields")
        seat = _int(entry.get("seat"), "A leader's seat", 0, s.players - 1)
        color = _color(entry.get("color"), "A leader's colour")
        sq = _sq(entry.get("at"), "A leader")
        where = square(sq)
        if (seat, color) in s.leaders:
            raise ScenarioError(f"Seat {seat} has only one {COLORS[color]} leader.",
                                "scenario.leader_twice", seat=seat, color=COLORS[color])
        if bit(sq) & (taken | s.board.river) or sq in s.leaders.values():
            raise ScenarioError(f"The leader at {where} must stand on an empty land square.",
                                "scenario.leader_square", row=sq // COLS, col=sq % COLS)
        if not neighbours(bit(sq)) & s.tiles[RED]:
            raise ScenarioError(f"The leader at {where} is not next to a temple.",
                                "scenario.leader_no_temple", row=sq // COLS, col=sq % COLS)
        s.leaders[(seat, color)] = sq
    for k in kingdoms(s, connected(s)):
        colors = [c for (_, c), sq in s.leaders.items() if (k >> sq) & 1]
        for c in set(colors):
            if colors.count(c) > 1:
                raise ScenarioError(f"A kingdom holds two {COLORS[c]} leaders.",
                                    "scenario.kingdom_two_leaders", color=COLORS[c])


def _load_counts(s: State, data: dict[str, Any]) -> None:
    n = s.players
    s.catastrophes = [_int(v, "Catastrophes left", 0, CATASTROPHES)
                      for v in _per_seat(data, "catastrophes", n, CATASTROPHES)]
    s.treasures_taken = [_int(v, "Treasures taken", 0) for v in _per_seat(data, "treasures_taken", n, 0)]
    scores = []
    for entry in _per_seat(data, "scores", n, dict):
        if not isinstance(entry, dict) or set(entry) - set(COLORS):
            raise ScenarioError("Each score must map colours to points.", "scenario.scores_map")
        scores.append([_int(entry.get(c, 0), f"A {c} score", 0) for c in COLORS])
    s.scores = scores


def _color_list(value: Any, what: str) -> list[int]:
    if not isinstance(value, list):
        raise ScenarioError(f"{what} must be a list of colours.", "scenario.not_a_color_list", what=what)
    return [_color(v, what) for v in value]


def _load_tiles_in_play(s: State, data: dict[str, Any]) -> None:
    hands_given = "hands" in data
    hands = [_color_list(h, "A hand") for h in _per_seat(data, "hands", s.players, list)]
    for seat, hand in enumerate(hands):
        if len(hand) > HAND_SIZE:
            raise ScenarioError(f"Seat {seat} holds {len(hand)} tiles; a hand holds at most {HAND_SIZE}.",
                                "scenario.hand_too_big", seat=seat, n=len(hand), most=HAND_SIZE)
        for c in hand:
            s.hands[seat][c] += 1
    used = [s.tiles[c].bit_count() + sum(h[c] for h in s.hands) for c in range(4)]
    for _, _, color in s.monuments:
        used[color] += 4
    if "bag" in data:
        s.bag = tuple(_color_list(data["bag"], "The bag"))
        for c in s.bag:
            used[c] += 1
    for c in range(4):
        if used[c] > TILE_COUNTS[c]:
            raise ScenarioError(f"There are {used[c]} {COLORS[c]} tiles in this scenario; "
                                f"the game has only {TILE_COUNTS[c]}.",
                                "scenario.too_many_tiles", n=used[c], color=COLORS[c], most=TILE_COUNTS[c])
    rest = [TILE_COUNTS[c] - used[c] for c in range(4)]
    if "bag" in data:
        s.discarded = rest
    else:
        s.bag = shuffled_bag(rest, random.Random(s.seed))
    if not hands_given:
        for i in range(s.players):
            from .effects import draw
            draw(s, [], i, HAND_SIZE)


def dump_scenario(state: State) -> dict[str, Any]:
    """Return the scenario describing `state`, which must be at the start of an action."""
    s = state
    if s.game_over or s.decision is None or s.decision["kind"] != "action":
        raise ScenarioError("A scenario can only be taken at the start of an action.", "scenario.not_at_action")
    from .views import board_text

    return {
        "players": s.players,
        "variants": sorted(s.variants),
        "board": board_text(s),
        "treasures": [square(q) for q in squares_of(s.treasure)],
        "monuments": [{"colors": [COLORS[built], COLORS[a if b == built else b]], "at": square(at)}
                      for (a, b), at, built in s.monuments],
        "buildings": {COLORS[c]: square(q) for c, q in sorted(s.buildings.items())},
        "ziggurat": square(s.ziggurat) if s.ziggurat is not None else None,
        "leaders": [{"seat": k[0], "color": COLORS[k[1]], "at": square(q)} for k, q in sorted(s.leaders.items())],
        "hands": [[COLORS[c] for c in range(4) for _ in range(h[c])] for h in s.hands],
        "catastrophes": list(s.catastrophes),
        "scores": [{COLORS[c]: sc[c] for c in range(4)} for sc in s.scores],
        "treasures_taken": list(s.treasures_taken),
        "bag": [COLORS[c] for c in s.bag[s.bag_pos:]],
        "active": s.active,
        "actions_left": s.actions_left,
        "turn": s.turn,
        "seed": s.seed,
    }


