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
) -> pygame.Rect:
    """Draw a little board: . land, ~ river, r/b/g/k tiles (b sits on river), T temple with a
    treasure, x catastrophe, # monument (face down), u unification tile; letters in `leaders` are
    leaders. Cells in `glow` pulse in gold. Returns the board's rect."""
    n_rows, n_cols = len(rows), max(len(r) for r in rows)
    cell = min(rect.width // n_cols, rect.height // n_rows)
    board = pygame.Rect(0, 0, cell * n_cols, cell * n_rows)
    board.center = rect.center
    inset = max(2, cell // 14)
    for r, line in enumerate(rows):
        for c, ch in enumerate(line):
            square = pygame.Rect(board.left + c * cell, board.top + r * cell, cell, cell)
            water = ch in "~b"
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
    pygame.draw.rect(surface, th.GOLD_DARK, board, width=max(2, cell // 20))
    return board


def _draw_cell(
    app: App, surface: pygame.Surface, piece: pygame.Rect, ch: str, leaders: dict[str, tuple[str, str]]
) -> None:
    if ch in TILE_CHARS:
        pieces.draw_tile(app, surface, piece, TILE_CHARS[ch])
    elif ch == "T":
        pieces.draw_tile(app, surface, piece, "red")
        pieces.draw_treasure(app, surface, piece.inflate(-piece.width // 3, -piece.height // 3))
    elif ch == "x":
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


def kingdoms(app: App, surface: pygame.Surface, rect: pygame.Rect, time: float) -> None:
    rows = ["......~", ".rP...~", ".kKg.~~", "..r..~.", ".....~."]
    draw_board(app, surface, rect, rows, BULL, {(2, 3)}, time)


def revolt(app: App, surface: pygame.Surface, rect: pygame.Rect, time: float) -> None:
    rows = [".......", ".rPr.~~", "..k.p.~", ".Kkkr.~", "......~"]
    draw_board(app, surface, rect, rows, {**BULL, **LION}, {(1, 2), (2, 4)}, time)


def war(app: App, surface: pygame.Surface, rect: pygame.Rect, time: float) -> None:
    rows = ["...~~~..", ".rF~bfr.", ".rbbub.r", "..g~~~bb", ".....~.."]
    draw_board(app, surface, rect, rows, {**BULL, **LION}, {(2, 4)}, time)


def monuments(app: App, surface: pygame.Surface, rect: pygame.Rect, time: float) -> None:
    rows = [".......", ".##.T..", ".##rM..", "..KrT..", "......."]
    draw_board(app, surface, rect, rows, BULL, {(1, 1), (1, 2), (2, 1), (2, 2)}, time)


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
    items = (("advanced_board", "treasure_priority"), ("buildings", "building_red"), ("ziggurat", "ziggurat"))
    w = rect.width // 3
    for i, (variant, sprite) in enumerate(items):
        cell = pygame.Rect(rect.left + i * w, rect.top, w, rect.height)
        side = min(w - theme.s(20), rect.height - theme.s(120))
        icon = pygame.Rect(0, 0, side, side)
        icon.center = (cell.centerx, cell.centery - theme.s(30) + round(math.sin(time * 2 + i) * theme.s(6)))
        if not _sprite(app, surface, sprite, icon):
            pieces.draw_treasure(app, surface, icon)
        label = t(f"variant.{variant}")
        theme.blit_text(surface, label, th.TEXT_SMALL, th.INK, midtop=(cell.centerx, icon.bottom + theme.s(14)))


PAGES: tuple[Page, ...] = (
    Page("goal", 3, goal,
         lambda: {"score": min(GOAL.values()), "color": t(f"color.{min(GOAL, key=lambda c: GOAL[c])}")}),
    Page("actions", 4, actions, caption=False),
    Page("kingdoms", 4, kingdoms),
    Page("revolt", 4, revolt, lambda: {"dynasty1": name_of("dynasty", "bull"), "dynasty2": name_of("dynasty", "lion")}),
    Page("war", 4, war),
    Page("monuments", 4, monuments),
    Page("end", 3, final),
    Page("variants", 3, variants, lambda: {"screen": t("new_game.heading")}),
)
