"""A whole game in the terminal between automatic players: the engine's smoke test.

Owns: `python main.py --selfplay`. Each seat plays random legal actions or a computer level
(--levels); the final board, every player's points and the ranking are printed.
Imports game.rules and game.ai only.
"""

from __future__ import annotations

import random
from collections.abc import Callable
from typing import Any, TextIO

from game.rules import COLORS, apply, final_ranking, legal_actions, new_game, tie_break, to_move
from game.rules.state import State
from game.rules.views import board_text

Chooser = Callable[[State, int], dict[str, Any]]


def random_chooser(seed: int) -> Chooser:
    """Return a player that picks uniformly among the legal actions."""
    rng = random.Random(seed)

    def choose(state: State, seat: int) -> dict[str, Any]:
        return rng.choice(legal_actions(state))

    return choose


PLAYERS = ("random", "easy", "normal", "hard")


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


def level_chooser(level: str, seed: int, budget_s: float | None = None) -> Chooser:
    """Return a player of one level: random, or a computer level deciding from its seat's view."""
    if level == "random":
        return random_chooser(seed)
    from game.ai import choose as ai_choose
    from game.rules import view_for

    rng = random.Random(seed)

    def choose(state: State, seat: int) -> dict[str, Any]:
        return ai_choose(view_for(state, seat), level, rng.randrange(1 << 30), budget_s)

    return choose


def level_choosers(levels: list[str], seed: int, budget_s: float | None = None) -> list[Chooser]:
    """Return a chooser per seat for the given levels."""
    return [level_chooser(level, seed * 31 + i, budget_s) for i, level in enumerate(levels)]


MAX_TURNS = 1000    # far beyond any real game (about 100 turns): a game this long is a failure


def play(players: int, seed: int, variants: tuple[str, ...] = (),
         choosers: list[Chooser] | None = None, log: Callable[[str], None] | None = None,
         max_turns: int = MAX_TURNS) -> State:
    """Play one game to the end (or stop it after max_turns, unfinished) and return its last state."""
    state = new_game(players, seed, variants)
    choosers = choosers or [random_chooser(seed * 31 + i) for i in range(players)]
    while (seat := to_move(state)) is not None and state.turn <= max_turns:
        action = choosers[seat](state, seat)
        state, events = apply(state, action)
        if log:
            for e in events:
                log(describe(e))
    return state


def describe(e: dict[str, Any]) -> str:
    """Return one event in words, for the terminal log."""
    fields = ", ".join(f"{k}={v}" for k, v in e.items() if k != "kind")
    return f"  {e['kind']}: {fields}"


def report(state: State, out: TextIO) -> None:
    """Print the final board, the points of every player and the ranking."""
    if not state.game_over:
        out.write(f"FAILED: the game was stopped unfinished after {state.turn - 1} turns.\n\n")
    else:
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
