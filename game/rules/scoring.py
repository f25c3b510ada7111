"""The final score of RULES.md section 15.

Owns: adding treasures to the lowest colours, the score (the lowest colour), the ranking with
its tie-breaks, and naming which tie-break decided between two players.
"""

from __future__ import annotations

from typing import TypedDict

from .state import COLORS, State


class RankingRow(TypedDict):
    """One line of final_ranking (DESIGN.md's engine contract); a plain dict on the wire."""

    seat: int
    place: int          # 1 is the winner; a true tie shares a place
    score: int          # the lowest colour after adding treasures
    colors: dict[str, int]   # the four totals after adding treasures
    treasures: int


def with_treasures(points: list[int], treasures: int) -> list[int]:
    """Section 15: add treasures one at a time, always to the lowest colour."""
    totals = list(points)
    for _ in range(treasures):
        low = min(range(4), key=lambda c: (totals[c], c))
        totals[low] += 1
    return totals


def final_ranking(state: State) -> list[RankingRow]:
    """Return the players best first with place, score, colours and treasures."""
    keyed: list[tuple[list[int], RankingRow]] = []
    for seat in range(state.players):
        totals = with_treasures(state.scores[seat], state.treasures_taken[seat])
        keyed.append((sorted(totals), {
            "seat": seat,
            "score": min(totals),
            "colors": {COLORS[c]: totals[c] for c in range(4)},
            "treasures": state.treasures_taken[seat],
            "place": 0,   # set below, once the order is known
        }))
    # Highest lowest colour wins; ties go to the second-lowest, then the third, then the highest.
    keyed.sort(key=lambda kr: ([-v for v in kr[0]], kr[1]["seat"]))
    place = 0
    previous: list[int] | None = None
    for i, (key, row) in enumerate(keyed):
        if key != previous:
            place = i + 1
            previous = key
        row["place"] = place
    return [row for _, row in keyed]


def tie_break(a: RankingRow, b: RankingRow) -> str:
    """Return what separated two ranking rows: 'score', 'second', 'third', 'highest' or 'shared'."""
    ka, kb = sorted(a["colors"].values()), sorted(b["colors"].values())
    for level, name in enumerate(("score", "second", "third", "highest")):
        if ka[level] != kb[level]:
            return name
    return "shared"
