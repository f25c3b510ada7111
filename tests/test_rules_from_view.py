"""state_from_view: a seat's view plus the true hidden parts gives back the same game."""

from __future__ import annotations

import random

import pytest

from game.rules import ScenarioError, apply, legal_actions, new_game, state_from_view, to_move, view_for
from game.rules.guessed import hidden_of

from .invariants import TOTAL_TILES, tiles_accounted

VARIANT_SETS = [(), ("buildings", "ziggurat"), ("advanced_board", "buildings", "ziggurat", "open_scores")]


def walk(seed: int, players: int, variants: tuple[str, ...]):
    """Yield every position of a seeded random game where a seat decides."""
    s = new_game(players, seed, variants)
    rng = random.Random(seed)
    while to_move(s) is not None:
        yield s
        s, _ = apply(s, rng.choice(legal_actions(s)))


@pytest.mark.parametrize("seed", range(9))
def test_the_true_guess_rebuilds_the_same_game(seed: int) -> None:
    players, variants = 2 + seed % 3, VARIANT_SETS[seed % 3]
    rng = random.Random(seed)
    kinds = set()
    for s in walk(seed, players, variants):
        seat = to_move(s)
        kinds.add(s.decision["kind"])
        if s.decision["kind"] == "action" and rng.random() > 0.2:
            continue
        rebuilt = state_from_view(view_for(s, seat), hidden_of(s, seat))
        assert tiles_accounted(rebuilt) == TOTAL_TILES
        legal = legal_actions(s)
        assert legal_actions(rebuilt) == legal
        action = rng.choice(legal)
        a, ea = apply(s, action)
        b, eb = apply(rebuilt, action)
        assert ea == eb
        for viewer in range(players):
            assert view_for(a, viewer) == view_for(b, viewer)
    assert "support" in kinds


def test_a_spectators_view_rebuilds_too() -> None:
    s = new_game(3, 5)
    rebuilt = state_from_view(view_for(s, None), hidden_of(s, None))
    assert [view_for(rebuilt, i) for i in range(3)] == [view_for(s, i) for i in range(3)]


def test_a_guess_that_cannot_be_true_is_refused() -> None:
    s = new_game(2, 3)
    seat = to_move(s)
    view = view_for(s, seat)
    good = hidden_of(s, seat)
    short_bag = dict(good, bag=good["bag"][1:])
    with pytest.raises(ScenarioError, match="bag holds"):
        state_from_view(view, short_bag)
    other = 1 - seat
    small_hand = dict(good, hands=[None, None])
    small_hand["hands"][other] = ["red"]
    with pytest.raises(ScenarioError, match="holds 6 tiles"):
        state_from_view(view, small_hand)
    too_many = dict(good, bag=["green"] * len(good["bag"]))
    with pytest.raises(ScenarioError, match="green tiles"):
        state_from_view(view, too_many)
    with pytest.raises(ScenarioError, match="list of colours"):
        state_from_view(view, dict(good, bag=["purple"] * len(good["bag"])))
    with pytest.raises(ScenarioError, match="whole numbers"):
        state_from_view(view, dict(good, scores=[{"red": "many"}, None]))
    with pytest.raises(ScenarioError, match="lacks board"):
        state_from_view({k: v for k, v in view.items() if k != "board"}, good)
    # Refusing changed nothing: the good guess still rebuilds the game.
    assert legal_actions(state_from_view(view, good)) == legal_actions(s)
