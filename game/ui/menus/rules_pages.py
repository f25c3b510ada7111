"""The pages of the in-game rules: a sofa-sized summary of RULES.md with drawn diagrams.

Owns: each page's words as catalogue keys (`rules.<page>.title`, `.1` …, `.caption`; the English and
Chinese are in game/i18n/rules_en.py and rules_zh_tw.py), read in the current language whenever they
are drawn, and its diagram, drawn from tile, leader and treasure sprites (or shapes) on a small
board. `PAGES` is what RulesScene shows, in order.

Must not import: game.rules (the diagrams are pictures, not positions), net, or any scene.
"""

from __future__ import annotations

import math
from collections.abc import Callable
from dataclasses import dataclass
from typing import TYPE_CHECKING

import pygame

from game.i18n import name_of, t
from game.ui.kit import theme as th
from game.ui.table import pieces

if TYPE_CHECKING:
    from game.ui.app import App

Diagram = Callable[["App", pygame.Surface, pygame.Rect, float], None]
TILE_CHARS = {"r": "red", "b": "blue", "g": "green", "k": "black"}


@dataclass(frozen=True)
class Page:
    """One page: its key stem in the catalogue, how many bullet lines it has, and its diagram.

    `caption_params` gives the caption's parameters (game words in the current language), so the
    caption can say what the diagram shows in either word order.
    """

    name: str
    line_count: int
    diagram: Diagram
    caption_params: Callable[[], dict[str, object]] = dict
    caption: bool = True

    @property
    def title(self) -> str:
        return t(f"rules.{self.name}.title")

    @property
    def lines(self) -> tuple[str, ...]:
        return tuple(t(f"rules.{self.name}.{i}") for i in range(1, self.line_count + 1))

    @property
    def caption_text(self) -> str:
        """The words under the diagram ("" when the page has none)."""
        return t(f"rules.{self.name}.caption", **self.caption_params()) if self.caption else ""

    def keys(self) -> list[str]:
        """Every catalogue key the page reads."""
        keys = [f"rules.{self.name}.title", *(f"rules.{self.name}.{i}" for i in range(1, self.line_count + 1))]
        return keys + [f"rules.{self.name}.caption"] if self.caption else keys


# -- a small board ---------------------------------------------------------------------------------
def draw_board(
    app: App,
    surface: pygame.Surface,
    rect: pygame.Rect,
    rows: list[str],
    leaders: dict[str, tuple[str, str]],
    glow: set[tuple[int, int]],
    time: float,
    crossed: frozenset[tuple[int, int]] = frozenset(),
) -> pygame.Rect:
    """Draw a little board: . land, ~ river, r/b/g/k tiles (b sits on river), T temple with a
    treasure, C temple with a priority (corner) treasure, x catastrophe (X on river), # monument
    (face down), u unification tile (on river); letters in `leaders` are leaders. Cells in `glow`
    pulse in gold; cells in `crossed` are struck out (a square where the piece may not go).
    Returns the board's rect."""
    n_rows, n_cols = len(rows), max(len(r) for r in rows)
    cell = min(rect.width // n_cols, rect.height // n_rows)
    board = pygame.Rect(0, 0, cell * n_cols, cell * n_rows)
    board.center = rect.center
    inset = max(2, cell // 14)
    for r, line in enumerate(rows):
        for c, ch in enumerate(line):
            square = pygame.Rect(board.left + c * cell, board.top + r * cell, cell, cell)
            water = ch in "~bXu"
            ground = app.sprite("river" if water else "land", square.size)
            if ground is not None:
                surface.blit(ground, square)
            else:
                pygame.draw.rect(surface, th.RIVER if water else th.SAND, square)
                pygame.draw.rect(surface, th.SAND_DARK, square, 1)
            piece = square.inflate(-2 * inset, -2 * inset)
            _draw_cell(app, surface, piece, ch, leaders)
            if (r, c) in glow:
                pulse = 0.5 + 0.5 * math.sin(time * 5)
                width = max(3, round(cell * (0.06 + 0.04 * pulse)))
                pygame.draw.rect(
                    surface,
                    th.lerp_color(th.GOLD, th.CREAM, pulse),
                    square.inflate(-inset, -inset),
                    width=width,
                    border_radius=cell // 6,
                )
            if (r, c) in crossed:
                _cross(surface, square.inflate(-2 * inset, -2 * inset))
    pygame.draw.rect(surface, th.GOLD_DARK, board, width=max(2, cell // 20))
    return board


def square_of(board: pygame.Rect, rows: list[str], r: int, c: int) -> pygame.Rect:
    """The rect of square (r, c) of a board drawn by draw_board."""
    cell = board.width // max(len(line) for line in rows)
    return pygame.Rect(board.left + c * cell, board.top + r * cell, cell, cell)


def _cross(surface: pygame.Surface, rect: pygame.Rect) -> None:
    """A no-entry mark: a dark-rimmed red ring with a bar, readable on sand and on tiles."""
    width = max(3, rect.width // 9)
    for color, extra in ((th.SHADOW, 2), (th.TERRACOTTA_LIGHT, 0)):
        pygame.draw.circle(surface, color, rect.center, rect.width // 2 - width // 2 + extra, width + 2 * extra)
        a = rect.inflate(-rect.width // 3, -rect.height // 3)
        pygame.draw.line(surface, color, a.topleft, a.bottomright, width + 2 * extra)


def draw_tag(app: App, surface: pygame.Surface, text: str, midbottom: tuple[int, int]) -> None:
    """A word on a cream label (attacker, defender) pinned over a piece of a diagram."""
    theme = app.theme
    width = theme.measure(text, th.TEXT_SMALL) + theme.s(24)
    box = pygame.Rect(0, 0, width, theme.s(th.TEXT_SMALL) + theme.s(12))
    box.midbottom = midbottom
    pygame.draw.rect(surface, th.CREAM, box, border_radius=theme.s(10))
    pygame.draw.rect(surface, th.GOLD_DARK, box, width=max(2, theme.s(3)), border_radius=theme.s(10))
    with theme.container(box):
        theme.blit_text(surface, text, th.TEXT_SMALL, th.INK, center=box.center)


def _draw_cell(
    app: App, surface: pygame.Surface, piece: pygame.Rect, ch: str, leaders: dict[str, tuple[str, str]]
) -> None:
    if ch in TILE_CHARS:
        pieces.draw_tile(app, surface, piece, TILE_CHARS[ch])
    elif ch == "T":
        pieces.draw_tile(app, surface, piece, "red")
        pieces.draw_treasure(app, surface, piece.inflate(-piece.width // 3, -piece.height // 3))
    elif ch == "C":  # a priority treasure's temple wears a gold frame (dark-rimmed, to show on sand)
        frame = piece.inflate(piece.width // 6, piece.height // 6)
        rim = max(3, piece.width // 12)
        pygame.draw.rect(surface, th.SHADOW, frame.inflate(4, 4), width=rim + 4, border_radius=piece.width // 6)
        pygame.draw.rect(surface, th.GOLD_LIGHT, frame, width=rim, border_radius=piece.width // 6)
        pieces.draw_tile(app, surface, piece, "red")
        pieces.draw_treasure(app, surface, piece.inflate(-piece.width // 3, -piece.height // 3), priority=True)
    elif ch in "xX":
        pieces.draw_catastrophe(app, surface, piece)
    elif ch == "#":
        if not _sprite(app, surface, "tile_down", piece):
            pygame.draw.rect(surface, th.CLAY, piece, border_radius=piece.width // 8)
    elif ch == "u":
        if not _sprite(app, surface, "unification", piece):
            pygame.draw.rect(surface, th.GOLD, piece, border_radius=piece.width // 8)
    elif ch in leaders:
        dynasty, color = leaders[ch]
        pieces.draw_leader(app, surface, piece, dynasty, color)


def _sprite(app: App, surface: pygame.Surface, name: str, rect: pygame.Rect) -> bool:
    image = app.sprite(name, rect.size)
    if image is not None:
        surface.blit(image, rect)
    return image is not None


def draw_bars(
    app: App, surface: pygame.Surface, rect: pygame.Rect, values: dict[str, int], time: float, mark_lowest: bool = True
) -> None:
    """Four score columns (one per colour) growing in; the lowest is ringed: that is the score."""
    theme = app.theme
    n = len(values)
    slot = rect.width // n
    top_value = max(values.values()) or 1
    icon = min(slot * 2 // 3, theme.s(84))
    lowest = min(values, key=lambda k: values[k])
    for i, (color, value) in enumerate(values.items()):
        grow = min(1.0, max(0.0, time * 1.2 - i * 0.15))
        cx = rect.left + slot * i + slot // 2
        base = rect.bottom - icon - theme.s(12)
        height = round((base - rect.top - theme.s(th.TEXT_LARGE)) * value / top_value * grow)
        bar = pygame.Rect(0, 0, slot * 3 // 5, height)
        bar.midbottom = (cx, base)
        pieces.draw_score_column(app, surface, color, bar, icon, theme.s(8), theme.s(8), max(2, theme.s(3)), 0.4)
        theme.blit_text(surface, str(round(value * grow)), th.TEXT_LARGE, th.INK, midbottom=(cx, bar.top - theme.s(4)))
        if mark_lowest and color == lowest and grow >= 1:
            ring = bar.inflate(theme.s(22), theme.s(22) + theme.s(th.TEXT_LARGE))
            ring.bottom = bar.bottom + theme.s(11)
            pygame.draw.rect(surface, th.GOLD, ring, width=max(3, theme.s(6)), border_radius=theme.s(16))


# -- the diagrams ----------------------------------------------------------------------------------
BULL = {"P": ("bull", "red"), "K": ("bull", "black"), "F": ("bull", "blue"), "M": ("bull", "green")}
LION = {"p": ("lion", "red"), "f": ("lion", "blue"), "m": ("lion", "green")}


GOAL = {"red": 9, "blue": 6, "green": 4, "black": 7}  # one player's points; the caption names the lowest
LOWEST = min(GOAL, key=lambda color: GOAL[color])


def goal(app: App, surface: pygame.Surface, rect: pygame.Rect, time: float) -> None:
    draw_bars(app, surface, rect, GOAL, time)


def actions(app: App, surface: pygame.Surface, rect: pygame.Rect, time: float) -> None:
    theme = app.theme
    w, h = rect.width // 2, rect.height // 2
    for i, kind in enumerate(("leader", "tile", "catastrophe", "swap")):
        cell = pygame.Rect(rect.left + (i % 2) * w, rect.top + (i // 2) * h, w, h)
        side = min(w, h) - theme.s(th.TEXT_BODY) - theme.s(40)
        bob = round(math.sin(time * 2 + i) * theme.s(6))
        icon = pygame.Rect(0, 0, side, side)
        icon.midtop = (cell.centerx, cell.top + theme.s(10) + bob)
        if kind == "leader":
            pieces.draw_leader(app, surface, icon, "bull", "red")
        elif kind == "tile":
            pieces.draw_tile(app, surface, icon, "blue")
        elif kind == "catastrophe":
            pieces.draw_catastrophe(app, surface, icon)
        else:
            small = icon.inflate(-side // 3, -side // 3)
            pieces.draw_tile(app, surface, small.move(-side // 6, -side // 6), "green")
            pieces.draw_tile(app, surface, small.move(side // 6, side // 6), "black")
        label = t("rules.actions.card", n=i + 1, action=t(f"rules.actions.{kind}"))
        theme.blit_text(surface, label, th.TEXT_BODY, th.INK, midtop=(cell.centerx, icon.bottom + theme.s(8)))


def leaders(app: App, surface: pygame.Surface, rect: pygame.Rect, time: float) -> None:
    # Two kingdoms (a bull king's, a lion priest's) with a temple between them: the square touching
    # both is struck out; the one beside the lone temple is open.
    rows = [".......", ".rr.rr.", ".Kk.kp.", "...r...", "......."]
    draw_board(app, surface, rect, rows, {**BULL, **LION}, {(4, 3)}, time, crossed=frozenset({(2, 3)}))


def tiles(app: App, surface: pygame.Surface, rect: pygame.Rect, time: float) -> None:
    rows = ["......~", ".rP...~", ".kKg.~~", "..r..~.", ".....~."]
    draw_board(app, surface, rect, rows, BULL, {(2, 3)}, time)


HIT = 1.2  # seconds: when a diagram's event happens (a catastrophe lands, a war is decided, a treasure goes)


def catastrophes(app: App, surface: pygame.Surface, rect: pygame.Rect, time: float) -> None:
    # The lion trader's only temple takes a catastrophe: the temple is gone and the trader goes home.
    # Another catastrophe already lies on an empty river square.
    before = ["......~", ".gg..~~", ".gmr.~.", "...kk~.", ".....X."]
    after = ["......~", ".gg..~~", ".g.x.~.", "...kk~.", ".....X."]
    draw_board(app, surface, rect, after if time >= HIT else before, LION, {(2, 3)}, time)


def revolt(app: App, surface: pygame.Surface, rect: pygame.Rect, time: float) -> None:
    # The lion player has just placed a priest in the bull's kingdom: the lion attacks with 1 temple,
    # the bull defends with 2 (and wins a tie).
    rows = [".......", ".rPr.~~", "..k.p.~", ".Kkkr.~", "......~"]
    board = draw_board(app, surface, rect, rows, {**BULL, **LION}, {(1, 2), (2, 4)}, time)
    for (r, c), word in (((2, 4), "rules.war.attacker"), ((1, 2), "rules.war.defender")):
        leader = square_of(board, rows, r, c)
        draw_tag(app, surface, t(word), (leader.centerx, leader.top + app.theme.s(4)))


WAR = ["...~~~..", ".rF~bfr.", ".rbbub.r", "..g~~~bb", ".....~.."]


def war(app: App, surface: pygame.Surface, rect: pygame.Rect, time: float) -> None:
    # The bull player placed the blue tile under the unification tile: a war of farmers, two farms a
    # side. The bull player is active and involved, so attacks; the lion player defends.
    board = draw_board(app, surface, rect, WAR, {**BULL, **LION}, {(2, 4)}, time)
    for col, word in ((2, "rules.war.attacker"), (5, "rules.war.defender")):
        leader = square_of(board, WAR, 1, col)
        draw_tag(app, surface, t(word), (leader.centerx, leader.top + app.theme.s(4)))


def war_end(app: App, surface: pygame.Surface, rect: pygame.Rect, time: float) -> None:
    # The defender won the tie: the attacker's farmer and its side's two farms leave the board, and
    # the unification tile goes back (the placed tile stays an ordinary farm).
    lost = {(1, 2), (2, 2), (2, 3)}
    after = ["...~~~..", ".r.~bfr.", ".r~~bb.r", "..g~~~bb", ".....~.."]
    draw_board(app, surface, rect, after if time >= HIT else WAR, {**BULL, **LION}, lost, time)


def monuments(app: App, surface: pygame.Surface, rect: pygame.Rect, time: float) -> None:
    # Four temples turned face down under a red-green monument: the king beside it keeps a temple
    # (3,3); the trader in the kingdom scores green at its owner's turn end, the king nothing.
    rows = [".......", ".##.T..", ".##rM..", "..KrT..", "......."]
    board = draw_board(app, surface, rect, rows, BULL, {(1, 1), (1, 2), (2, 1), (2, 2)}, time)
    block = square_of(board, rows, 1, 1).union(square_of(board, rows, 2, 2))
    _sprite(app, surface, "monument_red_green", block.inflate(-block.width // 25, -block.height // 25))


def treasures(app: App, surface: pygame.Surface, rect: pygame.Rect, time: float) -> None:
    # A kingdom with a trader and three treasures: the corner one is taken first (1), then one more
    # (2); one stays. The taken ones keep their place under a numbered badge, so the still picture
    # (reduced motion, a screenshot) shows the order too.
    rows = ["~......", "~Cr.T..", "~.rMr..", "~..T...", "~......"]
    taken = [(1, 1), (1, 4)]
    shown = [sq for k, sq in enumerate(taken) if time >= HIT + 0.8 * k]
    glow = {taken[len(shown)]} if len(shown) < len(taken) else {(3, 3)}
    board = draw_board(app, surface, rect, rows, BULL, glow, time)
    for k, (r, c) in enumerate(shown):
        _badge(app, surface, str(k + 1), square_of(board, rows, r, c))


def _badge(app: App, surface: pygame.Surface, text: str, square: pygame.Rect) -> None:
    """A round numbered badge on a square's top-left corner (the order things happen in)."""
    theme = app.theme
    radius = max(theme.s(22), square.width // 4)
    centre = (square.left + radius // 2, square.top + radius // 2)
    pygame.draw.circle(surface, th.SHADOW, centre, radius + max(2, theme.s(3)))
    pygame.draw.circle(surface, th.CREAM, centre, radius)
    box = pygame.Rect(0, 0, 2 * radius, 2 * radius)
    box.center = centre
    with theme.container(box):
        theme.blit_text(surface, text, th.TEXT_SMALL, th.INK, center=centre)


def buildings(app: App, surface: pygame.Surface, rect: pygame.Rect, time: float) -> None:
    # Three temples in a row: the library goes on the line and scores for the priest's owner.
    rows = [".......", ".P.....", ".rrr.~~", "....~~.", "...~~.."]
    board = draw_board(app, surface, rect, rows, BULL, {(2, 1), (2, 2), (2, 3)}, time)
    if time >= HIT:
        square = square_of(board, rows, 2, 2)
        _sprite(app, surface, "building_red", square.inflate(-square.width // 5, -square.height // 5))


def final(app: App, surface: pygame.Surface, rect: pygame.Rect, time: float) -> None:
    theme = app.theme
    bars = rect.copy()
    bars.height -= theme.s(90)
    gained = min(2, max(0, int(time * 1.2 - 1.5)))  # two treasures go, one by one, to the lowest colour
    draw_bars(app, surface, bars, {"red": 8, "blue": 5 + gained, "green": 9, "black": 8}, time)
    for k in range(2 - gained):
        icon = pygame.Rect(0, 0, theme.s(70), theme.s(70))
        icon.midbottom = (rect.centerx + (k - 0.5) * theme.s(90), rect.bottom)
        pieces.draw_treasure(app, surface, icon)


def variants(app: App, surface: pygame.Surface, rect: pygame.Rect, time: float) -> None:
    theme = app.theme
    items = (("advanced_board", "treasure_priority"), ("ziggurat", "ziggurat"), ("open_scores", ""))
    w = rect.width // 3
    for i, (variant, sprite) in enumerate(items):
        cell = pygame.Rect(rect.left + i * w, rect.top, w, rect.height)
        side = min(w - theme.s(20), rect.height - theme.s(120))
        icon = pygame.Rect(0, 0, side, side)
        icon.center = (cell.centerx, cell.centery - theme.s(30) + round(math.sin(time * 2 + i) * theme.s(6)))
        if not sprite:  # open scores: the four colours' points, side by side
            _score_icon(app, surface, icon)
        elif not _sprite(app, surface, sprite, icon):
            pieces.draw_treasure(app, surface, icon)
        box = pygame.Rect(cell.left + theme.s(4), icon.bottom + theme.s(14), w - theme.s(8), theme.s(90))
        theme.blit_fit(surface, t(f"variant.{variant}"), th.TEXT_SMALL, th.INK, box, valign="top",
                       min_size=th.TEXT_SMALL, max_lines=2)


def _score_icon(app: App, surface: pygame.Surface, icon: pygame.Rect) -> None:
    """Four small score columns on their tiles: the open-scores variant shows every player's points."""
    slot = icon.width // 4
    tile = slot * 4 // 5
    for i, (color, value) in enumerate((("red", 3), ("blue", 5), ("green", 2), ("black", 4))):
        bar = pygame.Rect(0, 0, tile * 3 // 5, (icon.height - tile - 8) * value // 5)
        bar.midbottom = (icon.left + slot * i + slot // 2, icon.bottom - tile - 4)
        pieces.draw_score_column(app, surface, color, bar, tile, 4, 4, 2, 0.4)


PAGES: tuple[Page, ...] = (
    Page("goal", 4, goal, lambda: {"score": GOAL[LOWEST], "color": t(f"color.{LOWEST}")}),
    Page("actions", 5, actions, caption=False),
    Page("leaders", 5, leaders),
    Page("tiles", 4, tiles),
    Page("catastrophes", 4, catastrophes),
    Page("revolt", 5, revolt, lambda: {"dynasty1": name_of("dynasty", "bull"), "dynasty2": name_of("dynasty", "lion")}),
    Page("war", 5, war),
    Page("war_end", 5, war_end),
    Page("monuments", 4, monuments),
    Page("treasures", 4, treasures),
    Page("end", 4, final),
    Page("variants", 4, variants, lambda: {"screen": t("new_game.heading")}),
    Page("buildings", 5, buildings),
)
