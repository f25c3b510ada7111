"""The search-speed path: one legal action drawn at random without listing them all.

Owns: `random_action` (uniform over the kinds of turn action, then over that kind's squares, read
straight from the target bitboards) and `scoring_tile` (a tile placement that scores for the
player now, the cheap instinct of a playout). With `apply_in_place` these let a random playout
run tens of thousands of actions a second (benchmarks/bench_engine.py measures it; no computer level
plays random playouts today). Every action returned is legal: it is taken from the same
target bitboards that `legal_actions` lists and `apply` checks.
"""

from __future__ import annotations

import random
from typing import Any

from .boards import neighbours, square, squares_of
from .engine import legal_actions
from .placement import catastrophe_targets, leader_targets, tile_targets_by_terrain
from .state import BLACK, BLUE, COLORS, State, connected, kingdoms

PASS = {"kind": "pass"}


def _pick(mask: int, rng: random.Random) -> int | None:
    squares = squares_of(mask)
    return squares[rng.randrange(len(squares))] if squares else None


def random_action(s: State, rng: random.Random, catastrophes: bool = True) -> dict[str, Any]:
    """Return a legal action for the seat to decide, drawn at random (kind first, then square)."""
    d = s.decision
    assert d is not None
    if d["kind"] != "action":
        options = legal_actions(s)
        return options[rng.randrange(len(options))]
    seat = s.active
    hand = s.hands[seat]
    kinds = ["pass"]
    if any(hand):
        kinds += ["tile", "tile", "tile", "swap"]
    kinds += ["leader"] * sum(1 for c in range(4) if (seat, c) not in s.leaders)
    on_board = [c for c in range(4) if (seat, c) in s.leaders]
    kinds += ["move"] * len(on_board)
    if catastrophes and s.catastrophes[seat]:
        kinds.append("catastrophe")
    kind = kinds[rng.randrange(len(kinds))]
    base = kingdoms(s, connected(s)) if kind in ("tile", "leader", "move") else []
    if kind == "tile":
        color = rng.choice([c for c in range(4) if hand[c]])
        land, river = tile_targets_by_terrain(s, base)
        sq = _pick(river if color == BLUE else land, rng)
        if sq is not None:
            return {"kind": "place_tile", "color": COLORS[color], "to": square(sq)}
    elif kind == "swap":
        tiles = [COLORS[c] for c in range(4) for _ in range(hand[c]) if rng.random() < 0.5]
        if tiles:
            return {"kind": "swap", "tiles": tiles}
    elif kind == "leader":
        color = rng.choice([c for c in range(4) if (seat, c) not in s.leaders])
        sq = _pick(leader_targets(s, None, base), rng)
        if sq is not None:
            return {"kind": "place_leader", "leader": COLORS[color], "to": square(sq)}
    elif kind == "move":
        color = rng.choice(on_board)
        if rng.random() < 0.2:
            return {"kind": "withdraw_leader", "leader": COLORS[color]}
        sq = _pick(leader_targets(s, (seat, color), base), rng)
        if sq is not None:
            return {"kind": "move_leader", "leader": COLORS[color], "to": square(sq)}
    elif kind == "catastrophe":
        sq = _pick(catastrophe_targets(s), rng)
        if sq is not None:
            return {"kind": "catastrophe", "to": square(sq)}
    return dict(PASS)


def scoring_tile(s: State, rng: random.Random) -> dict[str, Any] | None:
    """Return a tile placement that scores a point for the player to act now, or None."""
    seat = s.active
    hand = s.hands[seat]
    if not any(hand):
        return None
    base = kingdoms(s, connected(s))
    land, river = tile_targets_by_terrain(s, base)
    halos = [neighbours(k) for k in base]
    choices: list[tuple[int, int]] = []
    for color in range(4):
        if not hand[color]:
            continue
        mine = 0
        for k, halo in zip(base, halos, strict=True):
            owner = _owner(s, k, color)
            if owner == seat:
                mine |= halo
        # A square touching two kingdoms unites them instead of scoring: leave those out.
        open_squares = (river if color == BLUE else land) & mine & ~_shared(halos)
        if open_squares:
            choices.extend((color, q) for q in squares_of(open_squares))
    if not choices:
        return None
    color, sq = choices[rng.randrange(len(choices))]
    return {"kind": "place_tile", "color": COLORS[color], "to": square(sq)}


def _owner(s: State, kingdom: int, color: int) -> int | None:
    """Return who scores a tile of color joining this kingdom: its leader of that colour, or its king."""
    king = None
    for (seat, c), sq in s.leaders.items():
        if (kingdom >> sq) & 1:
            if c == color:
                return seat
            if c == BLACK:
                king = seat
    return king


def _shared(halos: list[int]) -> int:
    one = two = 0
    for h in halos:
        two |= one & h
        one |= h
    return two

