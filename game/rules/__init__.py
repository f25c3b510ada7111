"""The Two Rivers rules engine: the whole of RULES.md, pure Python, standard library only.

Owns the engine contract of DESIGN.md. Must not import pygame, sockets, msgpack or anything
outside the standard library and this package.
"""

from __future__ import annotations

from .engine import apply, legal_actions, new_game, to_move
from .guessed import state_from_view
from .scenario import ScenarioError, dump_scenario, load_scenario
from .scoring import RankingRow, final_ranking, tie_break
from .state import COLORS, IllegalAction, State
from .views import SeatView, events_for, hide_own, open_view, public_view, seat_view, view_for
from .wire import canonical

__all__ = [
    "COLORS", "IllegalAction", "RankingRow", "ScenarioError", "SeatView", "State",
    "apply", "canonical", "dump_scenario", "events_for", "final_ranking", "hide_own", "legal_actions",
    "load_scenario", "new_game", "open_view", "public_view", "seat_view", "state_from_view", "tie_break", "to_move",
    "view_for",
]
