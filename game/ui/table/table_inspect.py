"""Kingdom inspection: pointing at a leader or a tile lights its kingdom and tells each leader's strength.

Owns: `inspect(view, square)`, the squares of the region or kingdom under the cursor (RULES.md
section 4) and a few lines for the hover bubble: for each leader there, whose it is, its revolt
strength (the temples beside it, section 10) and its colour's war strength (the tiles of its colour
in the kingdom, section 11; while wars wait, in its own side only, as
game.rules.conflicts counts it). It reads only the view, so it tells nobody anything hidden.

It reads the engine's position of the view (hidden tiles guessed), never a copy of the rules.
Must not import: pygame, net.
"""

from __future__ import annotations

from typing import Any

from game.i18n import name_of
from game.i18n import t as tr
from game.rules.boards import bit, flood, index, square, squares_of
from game.rules.conflicts import war_side
from game.rules.state import COLORS, connected, leaders_in, temples_next_to
from game.rules.vocabulary import LEADER_WORDS
from game.ui.table.board_preview import position
from game.ui.table.table_words import tile_word

Square = tuple[int, int]
ROLE = LEADER_WORDS
ORDER = ("black", "red", "blue", "green")


def inspect(view: dict[str, Any], sq: Square) -> tuple[set[Square], list[str]] | None:
    """The kingdom under sq and what its leaders could muster; None off a kingdom."""
    s = position(view)
    if s is None:
        return None
    here = bit(index(*sq))
    links = connected(s)
    if not here & links or here & s.zig:
        return None
    group = flood(here, links)
    squares = {(r, c) for r, c in map(square, squares_of(group))}
    tiles = sum((group & t).bit_count() for t in s.tiles)
    names = view.get("names") or [tr("lan.host.player_n", n=i + 1) for i in range(view["players"])]
    leaders = sorted(leaders_in(s, group), key=lambda key: ORDER.index(COLORS[key[1]]))
    if not leaders:
        return None   # a region without leaders: nothing to tell, and a bubble would only hide the board
    lines = [tr("inspect.kingdom", n=tiles)]
    for seat, color in leaders:
        # While wars wait around the unification tile each side counts only its own kingdom (section 11),
        # exactly as the engine will; otherwise the whole kingdom is the leader's side.
        side = war_side(s, (seat, color)) if s.union is not None else group
        war = (side & s.tiles[color]).bit_count()
        revolt = temples_next_to(s, s.leaders[(seat, color)])
        word = COLORS[color]
        lines.append(tr("inspect.leader", name=names[seat], leader=name_of("leader", word), revolt=revolt, war=war,
                        tiles=tile_word(word, war)))
    return squares, lines
