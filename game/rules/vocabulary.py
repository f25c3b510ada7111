"""The game's words, said once: colours, tile and leader words, dynasties, computer levels, variants, the board's size.

Owns the names every part of Two Rivers shares (the engine, the LAN's messages, the screens, the
journal), so a word is changed in one place. Plain data, standard library only; the wire form of
colours and variants is DESIGN.md's.
"""

from __future__ import annotations

# The four colours, in the engine's order (index 0..3) and as they are named on the wire.
COLORS = ("red", "blue", "green", "black")

# What a tile of each colour is, and the leader of that colour (RULES.md section 1).
TILE_WORDS = {"red": "temple", "blue": "farm", "green": "market", "black": "settlement"}
LEADER_WORDS = {"red": "priest", "blue": "farmer", "green": "trader", "black": "king"}
LEADER_PLURALS = {"red": "priests", "blue": "farmers", "green": "traders", "black": "kings"}

# The players' dynasties, in the order seats take them.
DYNASTIES = ("bull", "lion", "archer", "urn")

# The computer players' levels, weakest first, as named on the wire, in journals and in settings.
LEVELS = ("easy", "normal", "hard")

# The optional rules a game may use, as named on the wire and in journals, and as shown to players.
VARIANTS = ("advanced_board", "buildings", "ziggurat", "open_scores")
# The order the menus list them in: the scoring rule first, then what changes the board.
VARIANTS_SHOWN = ("open_scores", "advanced_board", "buildings", "ziggurat")
VARIANT_NAMES = {"advanced_board": "Advanced board", "buildings": "Buildings", "ziggurat": "Ziggurat",
                 "open_scores": "Open scores"}

# The board: 11 rows of 16 squares, both boards of RULES.md section 2.
ROWS = 11
COLS = 16
