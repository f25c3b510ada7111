"""The search-speed path: random actions drawn without listing are legal, in-place play matches apply."""

from __future__ import annotations

import random

import pytest

from game.rules import apply, legal_actions, new_game, to_move, view_for
from game.rules.engine import apply_in_place
from game.rules.fast import random_action, scoring_tile

from .invariants import TOTAL_TILES, tiles_accounted


@pytest.mark.parametrize("seed", range(6))
def test_drawn_actions_are_legal_and_in_place_play_matches_apply(seed: int) -> None:
    variants = ("buildings", "ziggurat") if seed % 2 else ()
    s = new_game(2 + seed % 3, seed, variants)
    rng = random.Random(seed)
    fast = s.copy()
    scored = 0
    while to_move(s) is not None:
        action = random_action(s, rng)
        legal = legal_actions(s)
        assert action in legal, action
        tile = scoring_tile(s, rng) if s.decision["kind"] == "action" else None
        if tile is not None:
            assert tile in legal
            after, events = apply(s, tile)
            assert any(e["kind"] == "points" and e["seat"] == s.active and e["reason"] == "tile" for e in events)
            scored += 1
        s, events = apply(s, action)
        assert apply_in_place(fast, action) == events
        assert view_for(fast, None) == view_for(s, None)
        assert tiles_accounted(fast) == TOTAL_TILES
    assert scored > 0
