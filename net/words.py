"""Actions and results in words, for the headless host's log (`python main.py --host`).

Owns: one line of plain English per action a seat takes, and the final ranking as lines. Squares are
shown as "row 3, column 7" counted from 1, as a player reads the board.

Imports the standard library only. Never pygame.
"""

from __future__ import annotations

from typing import Any

from game.rules.vocabulary import LEADER_WORDS as LEADER_NAMES
from game.rules.vocabulary import TILE_WORDS as TILE_NAMES


def where(square: Any) -> str:
    """Return a square [row, col] in words."""
    try:
        row, col = square
        return f"row {int(row) + 1}, column {int(col) + 1}"
    except (TypeError, ValueError):
        return "somewhere"


def _tile(color: Any) -> str:
    return f"a {color} {TILE_NAMES.get(color, 'tile')}"


def _leader(color: Any) -> str:
    return f"the {LEADER_NAMES.get(color, 'leader')}"


def describe_action(name: str, action: dict[str, Any]) -> str:
    """Return what a player did, in one sentence."""
    kind = action.get("kind")
    a = action
    phrases = {
        "place_leader": lambda: f"places {_leader(a.get('leader'))} at {where(a.get('to'))}",
        "move_leader": lambda: f"moves {_leader(a.get('leader'))} to {where(a.get('to'))}",
        "withdraw_leader": lambda: f"withdraws {_leader(a.get('leader'))}",
        "place_tile": lambda: f"places {_tile(a.get('color'))} at {where(a.get('to'))}",
        "catastrophe": lambda: f"lays a catastrophe at {where(a.get('to'))}",
        "swap": lambda: f"swaps {len(a.get('tiles') or [])} tiles",
        "pass": lambda: "passes",
        "commit": lambda: f"commits {a.get('count')} tiles of support",
        "choose_war": lambda: f"fights the {a.get('color')} war first",
        "build_monument": lambda: f"builds the {'-'.join(a.get('monument') or [])} monument at {where(a.get('at'))}",
        "build_building": lambda: f"builds the {a.get('color')} building at {where(a.get('at'))}",
        "build_ziggurat": lambda: f"builds the ziggurat at {where(a.get('at'))}",
        "take_treasure": lambda: f"takes the treasure at {where(a.get('at'))}",
        "decline": lambda: "declines",
    }
    phrase = phrases.get(kind, lambda: f"plays {kind}")()
    return f"{name} {phrase}."


def describe_ranking(ranking: list[dict[str, Any]], names: list[str]) -> list[str]:
    """Return the final ranking as lines, best first."""
    lines = []
    for row in ranking:
        seat = row.get("seat")
        name = names[seat] if isinstance(seat, int) and 0 <= seat < len(names) else f"seat {seat}"
        colors = " ".join(f"{c} {v}" for c, v in (row.get("colors") or {}).items())
        lines.append(f"{row.get('place')}. {name}: {row.get('score')} points  [{colors}]")
    return lines
