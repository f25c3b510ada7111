"""A whole game in the terminal between automatic players: the engine's smoke test.

Owns what `python main.py --selfplay` and the AI benchmark need around a game: the players per seat
(`parse_levels`), the finished game (`Played`), and its report. The game itself is wired and played
by `main.play` (main.py puts every game together, DESIGN.md): each seat plays random legal actions or
a computer level (--levels) at a real table, the computer seats through the one driver exactly as at
a hot-seat table; a game longer than `MAX_TURNS` turns is stopped and counts as a failure (computers
must never keep a game alive by passing). The final board, every player's points and the ranking are
printed.
Imports game.rules and game.session only.
"""

from __future__ import annotations

from dataclasses import dataclass, field
from typing import Any, TextIO

from game.rules import COLORS, final_ranking, tie_break
from game.rules.state import State
from game.rules.views import board_text
from game.rules.vocabulary import LEVELS
from game.session import Table

PLAYERS = ("random", *LEVELS)
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
    for line in board_text(state):
        out.write(f"  {line}\n")
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
