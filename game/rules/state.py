"""The game state, its constants, and the small queries every rule needs.

Owns: the State record (one position of a game), the components of RULES.md section 1,
and questions about the board such as "which kingdom holds this square".
Imports only the standard library and game.rules.
"""

from __future__ import annotations

from typing import Any

from .boards import FULL, Board, bit, dilate, flood, neighbours
from .vocabulary import COLORS
from .vocabulary import VARIANTS as VARIANTS  # re-exported: the engine checks variants here

RED, BLUE, GREEN, BLACK = 0, 1, 2, 3
COLOR_INDEX = {name: i for i, name in enumerate(COLORS)}
TILE_COUNTS = (57, 36, 30, 30)
HAND_SIZE = 6
CATASTROPHES = 2

# Section 1: one monument per pair of colours, named in this order on the wire.
MONUMENTS = ((RED, GREEN), (RED, BLACK), (BLUE, RED), (BLUE, BLACK), (GREEN, BLUE), (GREEN, BLACK))


class IllegalAction(ValueError):
    """An action the rules do not allow now, with a reason a player understands.

    Beside the English message it carries `key` and `params`: the reason as a catalogue key
    ("rules.illegal.<name>") and plain parameters, so the screens and the LAN host can show it in
    each player's language without the rules knowing about languages. An error raised without a
    key is shown by its English message ("rules.illegal.other" with the message as `text`).
    """

    def __init__(self, message: str, key: str | None = None, **params: object) -> None:
        super().__init__(message)
        self.key = key or "rules.illegal.other"
        self.params: dict[str, object] = params if key else {"text": message}


class State:
    """One position of a game. Treated as immutable outside `apply`, which works on a copy."""

    __slots__ = (
        "board", "players", "variants", "seed",
        "tiles", "down", "zig", "cat", "treasure",
        "leaders", "hands", "catastrophes", "scores", "treasures_taken",
        "bag", "bag_pos", "discarded",
        "monuments", "buildings", "ziggurat", "union",
        "active", "actions_left", "turn",
        "decision", "steps", "ctx", "conflict",
        "game_over", "end_reason",
    )

    board: Board
    players: int
    variants: frozenset[str]
    seed: int | None
    tiles: list[int]              # face-up tiles, one bitboard per colour
    down: int                     # face-down monument tiles
    zig: int                      # ziggurat squares
    cat: int                      # catastrophes
    treasure: int                 # treasures still on the board
    leaders: dict[tuple[int, int], int]   # (seat, colour) -> square, for leaders on the board
    hands: list[list[int]]        # per seat, tiles in hand per colour
    catastrophes: list[int]
    scores: list[list[int]]       # per seat, points per colour
    treasures_taken: list[int]
    bag: tuple[int, ...]          # the draw order; bag[bag_pos:] is still in the bag
    bag_pos: int
    discarded: list[int]          # tiles out of the game, per colour
    monuments: list[tuple[tuple[int, int], int, int]]   # (colours, top-left square, colour built from)
    buildings: dict[int, int]     # colour -> square (variant 16.2)
    ziggurat: int | None          # centre square (variant 16.3)
    union: int | None             # square holding the unification tile
    active: int
    actions_left: int
    turn: int
    decision: dict[str, Any] | None   # who must decide now, and about what
    steps: list[str]              # what happens next once the decision is taken
    ctx: dict[str, Any]           # data the pending steps need
    conflict: dict[str, Any] | None
    game_over: bool
    end_reason: str | None

    def copy(self) -> State:
        """Return a copy whose containers may be changed without touching self."""
        new = State.__new__(State)
        # Written out slot by slot: this runs once per apply, so it is worth being quick.
        new.board, new.players, new.variants, new.seed = self.board, self.players, self.variants, self.seed
        new.tiles = list(self.tiles)
        new.down, new.zig, new.cat, new.treasure = self.down, self.zig, self.cat, self.treasure
        new.leaders = dict(self.leaders)
        new.hands = [list(h) for h in self.hands]
        new.catastrophes = list(self.catastrophes)
        new.scores = [list(s) for s in self.scores]
        new.treasures_taken = list(self.treasures_taken)
        new.bag, new.bag_pos = self.bag, self.bag_pos
        new.discarded = list(self.discarded)
        new.monuments = list(self.monuments)
        new.buildings = dict(self.buildings)
        new.ziggurat, new.union = self.ziggurat, self.union
        new.active, new.actions_left, new.turn = self.active, self.actions_left, self.turn
        new.decision = self.decision
        new.steps = list(self.steps)
        new.ctx = dict(self.ctx)
        new.conflict = self.conflict
        new.game_over, new.end_reason = self.game_over, self.end_reason
        return new


# --- board queries -------------------------------------------------------------------------

def all_tiles(s: State) -> int:
    """Return every square holding a tile, face up or down, or a ziggurat square."""
    t = s.tiles
    return t[0] | t[1] | t[2] | t[3] | s.down | s.zig


def leader_mask(s: State, without: tuple[int, int] | None = None) -> int:
    """Return the squares holding leaders, optionally leaving one leader out."""
    m = 0
    for key, sq in s.leaders.items():
        if key != without:
            m |= 1 << sq
    return m


def occupied(s: State) -> int:
    """Return the squares that are not empty: tiles, leaders and catastrophes."""
    return all_tiles(s) | leader_mask(s) | s.cat


def connected(s: State, without: tuple[int, int] | None = None) -> int:
    """Return the squares that link groups together (tiles and leaders; catastrophes break links)."""
    return all_tiles(s) | leader_mask(s, without)


_KINGDOMS: dict[tuple[int, tuple[int, ...]], list[int]] = {}   # memo of kingdoms(): a pure function


def kingdoms(s: State, conn: int, without: tuple[int, int] | None = None) -> list[int]:
    """Return each kingdom (a group with a leader) as a bitboard.

    Remembered by (connected squares, leader squares): listing the legal actions and applying one
    of them, or a search's many visits to one position, ask the same question again and again.
    """
    squares = tuple(sq for key, sq in s.leaders.items() if key != without)
    memo_key = (conn, squares)
    found = _KINGDOMS.get(memo_key)
    if found is None:
        found = []
        covered = 0
        for sq in squares:
            b = 1 << sq
            if b & covered:
                continue
            k = flood(b, conn)
            covered |= k
            found.append(k)
        if len(_KINGDOMS) > 20_000:
            _KINGDOMS.clear()
        _KINGDOMS[memo_key] = found
    return list(found)


def touch_counts(halos: list[int]) -> tuple[int, int]:
    """Return (squares in two or more halos, squares in three or more halos)."""
    one = two = three = 0
    for h in halos:
        three |= two & h
        two |= one & h
        one |= h
    return two, three


def leaders_in(s: State, group: int) -> list[tuple[int, int]]:
    """Return the (seat, colour) of every leader standing in group."""
    return [key for key, sq in s.leaders.items() if (group >> sq) & 1]


def leader_of_color(s: State, group: int, color: int) -> int | None:
    """Return the seat owning the leader of this colour in group, or None."""
    for (seat, c), sq in s.leaders.items():
        if c == color and (group >> sq) & 1:
            return seat
    return None


def temples_next_to(s: State, sq: int) -> int:
    """Return how many temples are adjacent to square sq."""
    return (neighbours(bit(sq)) & s.tiles[RED]).bit_count()


def supported_squares(s: State) -> int:
    """Return the squares adjacent to at least one temple."""
    return dilate(s.tiles[RED]) & FULL


def unbuilt_monuments(s: State) -> list[tuple[int, int]]:
    """Return the monuments still in the supply, in the order of section 1."""
    built = {colors for colors, _, _ in s.monuments}
    return [m for m in MONUMENTS if m not in built]


def tile_color_at(s: State, sq: int) -> int | None:
    """Return the colour of the face-up tile on sq, or None."""
    b = 1 << sq
    for c in range(4):
        if s.tiles[c] & b:
            return c
    return None


def deciding(s: State) -> dict[str, Any]:
    """Return the decision under way: every position has one until the game is over."""
    d = s.decision
    if d is None:
        raise IllegalAction("The game is over.", "rules.illegal.game_over")
    return d


def hand_size(s: State, seat: int) -> int:
    """Return how many tiles seat holds."""
    return sum(s.hands[seat])


def bag_left(s: State) -> int:
    """Return how many tiles are still in the bag."""
    return len(s.bag) - s.bag_pos
