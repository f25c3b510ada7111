"""Where leaders, tiles and catastrophes may go (RULES.md sections 6, 7 and 8), as bitboards.

Owns: the target squares of each placing action. `legal_actions` lists them and `apply` checks
against them, so both always agree.
"""

from __future__ import annotations

from .boards import FULL, bit, flood, neighbours
from .state import (
    BLUE,
    State,
    all_tiles,
    connected,
    kingdoms,
    leader_mask,
    supported_squares,
    touch_counts,
)


def kingdoms_without(s: State, base: list[int], conn: int, key: tuple[int, int]) -> list[int]:
    """Return the kingdoms once one leader is lifted, re-finding only the kingdom it stood in."""
    lifted = bit(s.leaders[key])
    conn_wo = conn & ~lifted
    out = [k for k in base if not k & lifted]
    home = next(k for k in base if k & lifted)
    covered = 0
    for other, sq in s.leaders.items():
        b = 1 << sq
        if other != key and b & home and not b & covered:
            piece = flood(b, conn_wo)
            covered |= piece
            out.append(piece)
    return out


def leader_targets(s: State, without: tuple[int, int] | None = None, base: list[int] | None = None) -> int:
    """Section 6: empty land next to a temple where the leader joins at most one kingdom.

    `base`, the kingdoms with every leader in place, may be given to save finding them again.
    """
    taken = all_tiles(s) | leader_mask(s, without) | s.cat
    conn = connected(s)
    if base is None:
        base = kingdoms(s, conn)
    found = base if without is None else kingdoms_without(s, base, conn, without)
    halos = [neighbours(k) for k in found]
    two, _ = touch_counts(halos)
    targets = s.board.land & ~taken & supported_squares(s) & ~two
    if without is not None:
        targets &= ~bit(s.leaders[without])
    return targets


def turn_targets(s: State, base: list[int]) -> tuple[int, dict[int, int], int, int]:
    """Return, for the active player, every target at once: (leader placements, moves per leader
    colour, land tiles, farms), sharing the work the separate functions would each redo.

    The same rules as leader_targets and tile_targets_by_terrain, which `apply` checks against.
    """
    tiles = all_tiles(s)
    leaders = leader_mask(s)
    conn = tiles | leaders
    taken = conn | s.cat
    open_land = s.board.land & supported_squares(s) & ~tiles & ~s.cat
    halos = [neighbours(k) for k in base]
    two, three = touch_counts(halos)
    moves: dict[int, int] = {}
    for key, sq in s.leaders.items():
        if key[0] != s.active:
            continue
        lifted = 1 << sq
        # Section 6: the leader is lifted first; only the kingdom it stood in changes.
        kept = [h for k, h in zip(base, halos, strict=True) if not k & lifted]
        home = next(k for k in base if k & lifted)
        conn_wo = conn & ~lifted
        covered = 0
        for other, osq in s.leaders.items():
            b = 1 << osq
            if other != key and b & home and not b & covered:
                piece = flood(b, conn_wo)
                covered |= piece
                kept.append(neighbours(piece))
        two_wo, _ = touch_counts(kept)
        moves[key[1]] = open_land & ~leaders & ~two_wo
    free = ~taken & ~three
    return open_land & ~leaders & ~two, moves, s.board.land & free, s.board.river & free


def tile_targets(s: State, color: int) -> int:
    """Section 7: empty squares of the right terrain where the tile joins at most two kingdoms."""
    land, river = tile_targets_by_terrain(s)
    return river if color == BLUE else land


def tile_targets_by_terrain(s: State, base: list[int] | None = None) -> tuple[int, int]:
    """Return the squares open to a land tile and to a farm, computed once for every colour."""
    taken = all_tiles(s) | leader_mask(s) | s.cat
    if base is None:
        base = kingdoms(s, connected(s))
    halos = [neighbours(k) for k in base]
    _, three = touch_counts(halos)
    free = ~taken & ~three
    return s.board.land & free, s.board.river & free


def catastrophe_targets(s: State) -> int:
    """Section 8: empty squares or face-up tiles without a treasure, leader or building."""
    blocked = leader_mask(s) | s.cat | s.down | s.zig | s.treasure
    for sq in s.buildings.values():
        blocked |= bit(sq)
    return FULL & ~blocked


def adjacent_kingdoms(s: State, sq: int) -> list[int]:
    """Return the kingdoms adjacent to an empty square."""
    around = neighbours(bit(sq))
    return [k for k in kingdoms(s, connected(s)) if k & around]
