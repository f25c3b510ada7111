"""A whole game in the terminal between automatic players: the engine's smoke test.

Owns: `python main.py --selfplay` and the games the AI benchmark plays. Each seat plays random
legal actions or a computer level (--levels) at a real table, the computer seats through the one
driver (game.ai.seats.ComputerSeats) exactly as at a hot-seat table; a game longer than
`MAX_TURNS` turns is stopped and counts as a failure (computers must never keep a game alive by
passing). The final board, every player's points and the ranking are printed.
Imports game.rules, game.session and game.ai only.
"""

from __future__ import annotations

import random
import time
from collections.abc import Callable
from dataclasses import dataclass, field
from typing import Any, TextIO

from game.ai.seats import ComputerSeats
from game.rules import COLORS, final_ranking, tie_break
from game.rules.state import State
from game.rules.views import board_text
from game.session import LocalLink, Seat, Table, new_seed

PLAYERS = ("random", "easy", "normal", "hard")
MAX_TURNS = 400     # a real game ends long before; a longer one means computers stopped playing


def parse_levels(text: str, players: int) -> list[str]:
    """Return one player per seat from 'easy,normal,hard,random' (a single name fills every seat)."""
    levels = [name.strip() for name in text.split(",") if name.strip()] or ["random"]
    if len(levels) == 1:
        levels = levels * players
    unknown = [name for name in levels if name not in PLAYERS]
    if unknown:
        raise ValueError(f"unknown level {unknown[0]!r}; use {', '.join(PLAYERS)}")
    if len(levels) != players:
        raise ValueError(f"--levels names {len(levels)} players for {players} seats")
    return levels


@dataclass
class Played:
    """A finished (or capped) self-play game and how long each level thought per decision."""

    table: Table
    capped: bool
    thinking: dict[str, list[float]] = field(default_factory=dict)

    @property
    def state(self) -> State:
        """Return the game's last state."""
        return self.table.state


def play(levels: list[str], seed: int, variants: tuple[str, ...] = (), ai_seed: int | None = None,
         budget_s: float | None = None, log: Callable[[str], None] | None = None,
         max_turns: int = MAX_TURNS) -> Played:
    """Play one game to the end (or to max_turns) at a table; random seats draw from the game's own rng.

    The random players' choices come from a generator seeded by ai_seed, the computers' from the
    driver's decision_seed(ai_seed, ...): with the same seed and ai_seed a game replays exactly.
    """
    ai_seed = new_seed() if ai_seed is None else ai_seed
    table = Table([Seat(f"seat {i}", "bull", level if level in PLAYERS[1:] else "human")
                   for i, level in enumerate(levels)], seed, variants, ai_seed=ai_seed)
    link = LocalLink(table, frozenset(range(len(levels))))
    if log is not None:
        def tell(events: list[dict[str, Any]]) -> None:
            for e in events:
                log(describe(e))
        table.subscribe(tell)
    rng = random.Random(ai_seed)
    played = Played(table, capped=False)
    driver = ComputerSeats(link, lambda seat: levels[seat] if levels[seat] != "random" else None, ai_seed,
                           budget_s=budget_s, min_think=0.0, workers="inline")
    with driver:
        while (seat := table.to_move()) is not None:
            if table.state.turn > max_turns:
                played.capped = True
                break
            if levels[seat] == "random":
                link.send(seat, rng.choice(link.legal_actions(seat)))
                continue
            start = time.perf_counter()
            driver.tick()           # inline: decides for the seat to move
            played.thinking.setdefault(levels[seat], []).append(time.perf_counter() - start)
            if driver.tick() != seat:
                raise RuntimeError(f"the {levels[seat]} computer at seat {seat} did not act: {driver.errors}")
    return played


def describe(e: dict[str, Any]) -> str:
    """Return one event in words, for the terminal log."""
    fields = ", ".join(f"{k}={v}" for k, v in e.items() if k != "kind")
    return f"  {e['kind']}: {fields}"


def report(state: State, out: TextIO) -> None:
    """Print the final board, the points of every player and the ranking."""
    if not state.game_over:
        out.write(f"Stopped after {MAX_TURNS} turns: the game did not end (a failure).\n")
        return
    out.write(f"Game over ({state.end_reason}) after {state.turn} turns, {state.players} players.\n\n")
    for row in board_text(state):
        out.write(f"  {row}\n")
    out.write("\nPoints (before treasures):\n")
    for seat in range(state.players):
        pts = "  ".join(f"{c} {state.scores[seat][i]:>2}" for i, c in enumerate(COLORS))
        out.write(f"  seat {seat}: {pts}  treasures {state.treasures_taken[seat]}\n")
    out.write("\nRanking:\n")
    ranking = final_ranking(state)
    for i, row in enumerate(ranking):
        cols = " ".join(f"{c} {row['colors'][c]}" for c in COLORS)
        why = ""
        if i > 0:
            why = f"  ({tie_break(ranking[i - 1], row)})"
        out.write(f"  {row['place']}. seat {row['seat']}: score {row['score']}  [{cols}]{why}\n")
