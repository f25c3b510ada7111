"""Every view comes from game.rules: a seat's view made from the public one, the spectator's view a client
makes from its own, and a replay's open view, all equal to the engine's view_for, after every action of
random games (with open scores and without, and at the game's end)."""

from __future__ import annotations

import random

import pytest

from game.rules import (
    State,
    apply,
    hide_own,
    legal_actions,
    new_game,
    open_view,
    public_view,
    seat_view,
    to_move,
    view_for,
)


def positions(players: int, seed: int, variants: tuple[str, ...], steps: int = 2000) -> list[State]:
    """Return the states of a random game, from its start to its end or steps actions."""
    rng = random.Random(seed)
    state = new_game(players, seed, variants)
    out = [state]
    while to_move(state) is not None and len(out) <= steps:
        state, _ = apply(state, rng.choice(legal_actions(state)))
        out.append(state)
    return out


@pytest.mark.parametrize(("players", "variants"), [(2, ()), (3, ("open_scores",)), (4, ("buildings",))])
def test_every_view_built_from_the_public_one_is_the_engines(players: int, variants: tuple[str, ...]) -> None:
    states = positions(players, 40 + players, variants)
    assert to_move(states[-1]) is None, "the random game should reach its end"
    for state in [*states[::9], states[-1]]:
        public = public_view(state)
        assert public == view_for(state, None)
        for seat in range(players):
            own = view_for(state, seat)
            assert seat_view(state, seat, public) == own
            assert hide_own(own) | {"can_undo": False} == public | {"can_undo": False}
        assert public == view_for(state, None)  # building the seats' views left the public one alone
        shown = open_view(state)
        for seat in range(players):
            assert shown["seats"][seat] == view_for(state, seat)["seats"][seat]
        assert {k: v for k, v in shown.items() if k != "seats"} == {k: v for k, v in public.items() if k != "seats"}


def test_a_view_of_a_seat_that_does_not_exist_is_refused() -> None:
    state = new_game(2, 1)
    for seat in (2, -1, True, "0"):
        with pytest.raises(ValueError, match="No seat"):
            seat_view(state, seat, public_view(state))  # type: ignore[arg-type]
