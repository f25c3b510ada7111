"""The final score of RULES.md section 15.

Owns: adding treasures to the lowest colours, the score (the lowest colour), the ranking with
its tie-breaks, and naming which tie-break decided between two players.
"""

from __future__ import annotations

from typing import Any

from .state import COLORS, State


def with_treasures(points: list[int], treasures: int) -> list[int]:
    """Section 15: add treasures one at a time, always to the lowest colour."""
    totals = list(points)
    for _ in range(treasures):
        low = min(range(4), key=lambda c: (totals[c], c))
        totals[low] += 1
    return totals


def final_ranking(state: State) -> list[dict[str, Any]]:
    """Return the players best first with place, score, colours and treasures."""
    rows = []
    for seat in range(state.players):
        totals = with_treasures(state.scores[seat], state.treasures_taken[seat])
        rows.append({
            "seat": seat,
            "score": min(totals),
            "colors": {COLORS[c]: totals[c] for c in range(4)},
            "treasures": state.treasures_taken[seat],
            "_key": sorted(totals),
        })
    # Highest lowest colour wins; ties go to the second-lowest, then the third, then the highest.
    rows.sort(key=lambda r: ([-v for v in r["_key"]], r["seat"]))
    place = 0
    previous = None
    for i, row in enumerate(rows):
        if row["_key"] != previous:
            place = i + 1
            previous = row["_key"]
        row["place"] = place
    for row in rows:
        del row["_key"]
    return rows


def tie_break(a: dict[str, Any], b: dict[str, Any]) -> str:
    """Return what separated two ranking rows: 'score', 'second', 'third', 'highest' or 'shared'."""
    ka, kb = sorted(a["colors"].values()), sorted(b["colors"].values())
    for level, name in enumerate(("score", "second", "third", "highest")):
        if ka[level] != kb[level]:
            return name
    return "shared"
