"""Random full games with every invariant checked after every action (OpenSpiel-style playouts).

Every player count and every combination of variants is played. CI plays about 300 games; more
on demand: TWO_RIVERS_GAMES=2000 python -m pytest -q tests/test_random_games.py
"""

from __future__ import annotations

import itertools
import os

import pytest

from game.rules import final_ranking

from .invariants import play_checked

GAMES = int(os.environ.get("TWO_RIVERS_GAMES", "300"))
OPTIONAL = ("advanced_board", "buildings", "ziggurat", "open_scores")
COMBOS = [c for n in range(len(OPTIONAL) + 1) for c in itertools.combinations(OPTIONAL, n)]
CASES = [(players, combo) for players in (2, 3, 4) for combo in COMBOS]


@pytest.mark.parametrize(("players", "variants"), CASES, ids=lambda v: ",".join(v) if isinstance(v, tuple) else v)
def test_random_games_keep_every_invariant(players: int, variants: tuple[str, ...]) -> None:
    per_case = max(1, GAMES // len(CASES))
    for i in range(per_case):
        seed = 100_000 * players + 1000 * COMBOS.index(variants) + i
        # Full checks (privacy, msgpack, refusals, scenario round trips) on every other game.
        s = play_checked(seed, players, variants, full_checks=(i % 2 == 0))
        assert s.game_over
        ranking = final_ranking(s)
        assert sorted(r["seat"] for r in ranking) == list(range(players))
        assert ranking[0]["place"] == 1


def test_same_seed_same_game() -> None:
    a = play_checked(7, 3, full_checks=False)
    b = play_checked(7, 3, full_checks=False)
    assert final_ranking(a) == final_ranking(b)
    assert a.tiles == b.tiles and a.leaders == b.leaders
