"""Random full games with every invariant checked after every action (OpenSpiel-style playouts).

More games on demand: TWO_RIVERS_GAMES=1000 python -m pytest tests/test_random_games.py
"""

from __future__ import annotations

import os

import pytest

from game.rules import final_ranking

from .invariants import play_checked

GAMES = int(os.environ.get("TWO_RIVERS_GAMES", "60"))


@pytest.mark.parametrize("players", [2, 3, 4])
@pytest.mark.parametrize("chunk", range(4))
def test_random_games_keep_every_invariant(players: int, chunk: int) -> None:
    per_chunk = max(1, GAMES // 12)
    for i in range(per_chunk):
        seed = 1000 * players + chunk * per_chunk + i
        s = play_checked(seed, players, full_checks=(i % 3 == 0))
        assert s.game_over
        ranking = final_ranking(s)
        assert sorted(r["seat"] for r in ranking) == list(range(players))
        assert ranking[0]["place"] == 1


def test_same_seed_same_game() -> None:
    a = play_checked(7, 3, full_checks=False)
    b = play_checked(7, 3, full_checks=False)
    assert final_ranking(a) == final_ranking(b)
    assert a.tiles == b.tiles and a.leaders == b.leaders
