"""Kingdom inspection: pointing at a leader or a tile lights its kingdom and tells each leader's strength.

Owns: `inspect(view, square)`, the squares of the region or kingdom under the cursor (RULES.md
section 4) and a few lines for the hover bubble: for each leader there, whose it is, its revolt
strength (the temples beside it, section 10) and its colour's war strength (the tiles of its colour
in the kingdom, section 11). It reads only the view, so it tells nobody anything hidden.

Must not import: pygame, net, game.rules (beyond its vocabulary).
"""

from __future__ import annotations

from typing import Any

from game.rules.vocabulary import LEADER_WORDS, TILE_WORDS
from game.ui.board_preview import BoardReading

Square = tuple[int, int]
ROLE = LEADER_WORDS
CHAR = {"red": "r", "blue": "b", "green": "g", "black": "k"}
ORDER = ("black", "red", "blue", "green")


def inspect(view: dict[str, Any], sq: Square) -> tuple[set[Square], list[str]] | None:
    """The kingdom under sq and what its leaders could muster; None off a kingdom."""
    reading = BoardReading(view)
    if not reading.occupied(sq) or reading.char(sq) in "z":
        return None
    group = reading.group(sq)
    leaders = sorted(((color, seat, at) for at, (seat, color) in reading.leaders.items() if at in group),
                     key=lambda x: ORDER.index(x[0]))
    tiles = sum(1 for q in group if reading.char(q) in "rbgk")
    if not leaders:
        return None   # a region without leaders: nothing to tell, and a bubble would only hide the board
    lines = [f"A kingdom of {tiles} tile{'s' * (tiles != 1)}"]
    for color, seat, at in leaders:
        war = sum(1 for q in group if reading.char(q) == CHAR[color])
        revolt = reading.temples_next_to(at)
        lines.append(f"{reading.name(seat)}'s {ROLE[color]}: revolt {revolt}, war {war} {TILE_WORDS[color]}s")
    return group, lines
