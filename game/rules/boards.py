"""The two boards of RULES.md section 2, as data, and the bit geometry of a 16x11 board.

Owns: square indexing (index = row * 16 + col), bitboards as plain Python ints, the
standard and advanced boards (terrain, starting temples, priority treasures).
Imports only the standard library.
"""

from __future__ import annotations

from dataclasses import dataclass

from .vocabulary import COLS, ROWS

SQUARES = ROWS * COLS
FULL = (1 << SQUARES) - 1

_COL0 = sum(1 << (r * COLS) for r in range(ROWS))
_COL15 = sum(1 << (r * COLS + COLS - 1) for r in range(ROWS))
NOT_COL0 = FULL & ~_COL0
NOT_COL15 = FULL & ~_COL15


def index(row: int, col: int) -> int:
    """Return the square index of (row, col)."""
    return row * COLS + col


def square(idx: int) -> list[int]:
    """Return the wire form [row, col] of a square index."""
    return [idx // COLS, idx % COLS]


def bit(idx: int) -> int:
    """Return the bitboard holding only square idx."""
    return 1 << idx


def dilate(mask: int) -> int:
    """Return mask grown by one step orthogonally, clipped to the board."""
    return (
        mask
        | ((mask << 1) & NOT_COL0)
        | ((mask >> 1) & NOT_COL15)
        | ((mask << COLS) & FULL)
        | (mask >> COLS)
    )


def neighbours(mask: int) -> int:
    """Return the squares orthogonally adjacent to mask, outside it."""
    return dilate(mask) & ~mask


def flood(seed: int, within: int) -> int:
    """Return every square of `within` connected to `seed` through adjacency."""
    group = seed & within
    # dilate() inlined: flood is the engine's hottest loop, and `within` clips the board edges.
    not_col0, not_col15 = NOT_COL0, NOT_COL15
    while True:
        grown = (group | ((group << 1) & not_col0) | ((group >> 1) & not_col15)
                 | (group << COLS) | (group >> COLS)) & within
        if grown == group:
            return group
        group = grown


# For each byte of a bitboard, and each value of it, the squares it holds: a lookup per byte is
# several times faster than peeling bits one by one.
_BYTE_SQUARES = tuple(tuple(tuple(8 * k + i for i in range(8) if (b >> i) & 1) for b in range(256))
                      for k in range((SQUARES + 7) // 8))


def squares_of(mask: int) -> list[int]:
    """Return the indices set in mask, lowest first."""
    out: list[int] = []
    k = 0
    while mask:
        byte = mask & 0xFF
        if byte:
            out += _BYTE_SQUARES[k][byte]
        mask >>= 8
        k += 1
    return out


@dataclass(frozen=True)
class Board:
    """One board: its terrain, starting temples and priority treasures."""

    name: str
    river: int
    land: int
    temples: int
    priority: int
    rows: tuple[str, ...]


def _parse(name: str, rows: tuple[str, ...], priority: list[tuple[int, int]]) -> Board:
    river = land = temples = 0
    for r, line in enumerate(rows):
        assert len(line) == COLS, (name, r)
        for c, ch in enumerate(line):
            b = bit(index(r, c))
            if ch == "~":
                river |= b
            else:
                land |= b
                if ch == "T":
                    temples |= b
    prio = 0
    for r, c in priority:
        prio |= bit(index(r, c))
    assert prio & ~temples == 0, name
    return Board(name, river, land, temples, prio, rows)


STANDARD = _parse(
    "standard",
    (
        "....~~~~~.T.~...",
        ".T..~.......~..T",
        "...~~T......~~..",
        "~~~~.........~~~",
        ".............T~~",
        "..............~.",
        "~~~~....T...~~~.",
        ".T.~~~~.....~...",
        "......~~~~~~~.T.",
        ".....T..........",
        "..........T.....",
    ),
    [(1, 1), (1, 15), (7, 1), (8, 14)],
)

# Section 16.1: the advanced board's priority treasures are the eight in the central
# area enclosed by the rivers (the land connected to (4, 7) without crossing river).
ADVANCED = _parse(
    "advanced",
    (
        "..~~T....T.....~",
        "..~~..........T~",
        ".T~~...........~",
        "..~...T....T~~~~",
        "..~.........~...",
        "..~T........~..T",
        "..~~........~~..",
        "T..~~~.T....T~..",
        ".....~~~.....~..",
        "....T.~~~~~~~~..",
        "......~..T....T.",
    ),
    [(0, 4), (0, 9), (1, 14), (3, 6), (3, 11), (5, 3), (7, 7), (7, 12)],
)

BOARDS = {"standard": STANDARD, "advanced": ADVANCED}
