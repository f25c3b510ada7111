"""Computer players for Two Rivers: three levels that see only what their seat may see.

Owns: `LEVELS` and `choose`, the one entry point. A decision is made from a seat's view (and
optionally the public events so far), never from a State: to look ahead, a level rebuilds a
State from the view and fills the hidden tiles with a guess (game.ai.determinize), so two
positions that look the same to a seat give the same decision for the same rng_seed.
Imports game.rules only; never game.ui, net or pygame (DESIGN.md).
"""

from __future__ import annotations

import random
from typing import Any

from game.rules.vocabulary import LEVELS

from .determinize import knowledge
from .levels import easy, normal
from .search import DEFAULT_BUDGET, MAX_BUDGET, hard

__all__ = ["DEFAULT_BUDGET", "LEVELS", "MAX_BUDGET", "choose"]


def choose(view: dict[str, Any], level: str, rng_seed: int, budget_s: float | None = None,
           history: list[dict[str, Any]] | None = None) -> dict[str, Any]:
    """Return a legal action for view["seat"], which must be the seat to decide now.

    budget_s bounds the hard level's thinking (default DEFAULT_BUDGET, at most MAX_BUDGET);
    history is the list of events this seat has seen so far, used to estimate hidden scores
    and which tiles have left the game. Every level gives the same answer for the same view,
    history and seed (and hard for the same budget too: it buys a fixed number of
    simulations, game.ai.search), however busy the machine is.
    """
    if level not in LEVELS:
        raise ValueError(f"Unknown level {level!r}; choose one of {', '.join(LEVELS)}.")
    seat = view.get("seat")
    if seat is None or view.get("to_move") != seat:
        raise ValueError("A computer player decides only when its own seat must decide.")
    rng = random.Random(rng_seed)
    know = knowledge(view, history)
    if level == "easy":
        return easy(know, rng)
    if level == "normal":
        return normal(know, rng)
    return hard(know, rng, budget_s)
