"""Games between two normal players, replayed decision by decision, for the benchmarks that probe hard's model.

Owns: playing 2-player games in which both seats are normal (game.ai.choose, the move of game g's
step seeded step + 1000 * g, as bench_reply and bench_search always have) and handing the caller each
decision, with the mover's own history of events, before its move is played. The same seed therefore
gives both benchmarks the same games.

Imports game only.
"""

from __future__ import annotations

from collections.abc import Iterator
from typing import Any, NamedTuple

from game.ai import choose
from game.rules import apply, events_for, new_game, to_move, view_for
from game.rules.state import State


class Decision(NamedTuple):
    """One decision of a game between normal players, before it is made."""

    game: int                       # which game of the run (0-based)
    step: int                       # which decision of that game (0-based)
    state: State                    # the whole table: not to be changed by the caller
    seat: int                       # who decides
    history: list[dict[str, Any]]   # the events that seat has seen so far


def decisions(seed: int, games: int) -> Iterator[Decision]:
    """Yield every decision of `games` 2-player games between normal players; game g is new_game(2, seed + g)."""
    for g in range(games):
        s = new_game(2, seed + g)
        seen: list[list[dict[str, Any]]] = [[], []]
        step = 0
        while (seat := to_move(s)) is not None:
            yield Decision(g, step, s, seat, list(seen[seat]))
            s, events = apply(s, choose(view_for(s, seat), "normal", step + 1000 * g, None, seen[seat]))
            for q in range(2):
                seen[q].extend(events_for(events, q))
            step += 1
