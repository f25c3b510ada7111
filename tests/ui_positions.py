"""Positions for the table-scene tests, reached by seeded random play at a real table.

Owns: `find_table`, which plays random legal actions (tiles and leaders first, so that kingdoms,
conflicts and monuments come soon) until a position a test wants appears, and returns the Table
there. The engine is used only to set a position up; the scene under test just draws it.
"""

from __future__ import annotations

import random
from collections.abc import Callable
from typing import Any

from game.session import Seat, Table

NAMES = ["Ana", "Bel", "Cyrus", "Dara"]
DYNASTIES = ["lion", "bull", "archer", "urn"]


def config_for(players: int, variants: tuple[str, ...] = (), seed: int = 1, kinds: list[str] | None = None
               ) -> dict[str, Any]:
    """A New-game config as the menus hand it over."""
    kinds = kinds or ["human"] * players
    return {"players": players, "variants": list(variants), "seed": seed,
            "seats": [{"name": NAMES[i], "dynasty": DYNASTIES[i], "kind": kinds[i]} for i in range(players)]}


def _pick(legal: list[dict[str, Any]], rng: random.Random) -> dict[str, Any]:
    kinds: dict[str, list[dict[str, Any]]] = {}
    for a in legal:
        kinds.setdefault(a["kind"], []).append(a)
    for kind, chance in (("place_leader", 0.35), ("place_tile", 0.95)):
        if kind in kinds and rng.random() < chance:
            return rng.choice(kinds[kind])
    builds = [a for a in legal if a["kind"].startswith("build")]
    if builds:
        return rng.choice(builds)
    return rng.choice(legal)


def find_table(want: Callable[[Table], bool], players: int = 2, variants: tuple[str, ...] = (),
               seeds: range = range(1, 400), max_actions: int = 2000) -> tuple[Table, dict[str, Any]]:
    """Play seeded random games until `want(table)` holds; return that table and its config."""
    for seed in seeds:
        config = config_for(players, variants, seed)
        table = Table([Seat(s["name"], s["dynasty"], "human") for s in config["seats"]], seed, variants)
        rng = random.Random(seed)
        for _ in range(max_actions):
            if want(table):
                return table, config
            seat = table.to_move()
            if seat is None:
                break
            table.submit(seat, _pick(table.legal_actions(seat), rng))
    raise LookupError("no such position in the seeds tried")


def deciding(kind: str) -> Callable[[Table], bool]:
    """A test for `find_table`: the seat to move is asked `kind` (support, choose_war, monument...)."""
    def test(table: Table) -> bool:
        d = table.state.decision
        return d is not None and d["kind"] == kind and not table.state.game_over
    return test
