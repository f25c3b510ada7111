"""The pages of the in-game rules: a sofa-sized summary of RULES.md with drawn diagrams.

Owns: each page (short lines, big type; the words are the catalogue's `rules.<page>.*` keys, in
the player's language) and its diagram, drawn from tile, leader and treasure sprites (or shapes) on
a small board. `PAGES` is what RulesScene shows, in order.

Must not import: game.rules (the diagrams are pictures, not positions), net, or any scene.
"""

from __future__ import annotations

import math
from collections.abc import Callable
from dataclasses import dataclass
from typing import TYPE_CHECKING

import pygame

import game.i18n as i18n
from game.i18n import has, name_of, t
from game.ui import pieces
from game.ui import theme as th

if TYPE_CHECKING:
    from game.ui.app import App

Diagram = Callable[["App", pygame.Surface, pygame.Rect, float], None]
TILE_CHARS = {"r": "red", "b": "blue", "g": "green", "k": "black"}


@dataclass(frozen=True)
class Page:
    """One page: its catalogue key (rules.<key>.title, rules.<key>.1 .. .<count>, .caption) and its picture."""

    key: str
    count: int
    diagram: Diagram

    @property
    def title(self) -> str:
        return t(f"rules.{self.key}.title")

    @property
    def lines(self) -> tuple[str, ...]:
        return tuple(t(f"rules.{self.key}.{i}") for i in range(1, self.count + 1))

    @property
    def caption(self) -> str:
        key = f"rules.{self.key}.caption"
        return t(key) if has(key) else ""


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
    t = app.theme
    n = len(values)
    slot = rect.width // n
    top_value = max(values.values()) or 1
    icon = min(slot * 2 // 3, t.s(84))
    lowest = min(values, key=lambda k: values[k])
    for i, (color, value) in enumerate(values.items()):
        grow = min(1.0, max(0.0, time * 1.2 - i * 0.15))
        cx = rect.left + slot * i + slot // 2
        base = rect.bottom - icon - t.s(12)
        height = round((base - rect.top - t.s(th.TEXT_LARGE)) * value / top_value * grow)
        bar = pygame.Rect(0, 0, slot * 3 // 5, height)
        bar.midbottom = (cx, base)
        pygame.draw.rect(surface, th.TILE_COLORS[color], bar, border_radius=t.s(8))
        pygame.draw.rect(
            surface,
            th.lerp_color(th.TILE_COLORS[color], th.CREAM, 0.4),
            bar,
            width=max(2, t.s(3)),
            border_radius=t.s(8),
        )
        pieces.draw_tile(app, surface, pygame.Rect(cx - icon // 2, base + t.s(8), icon, icon), color)
        t.blit_text(surface, str(round(value * grow)), th.TEXT_LARGE, th.INK, midbottom=(cx, bar.top - t.s(4)))
        if mark_lowest and color == lowest and grow >= 1:
            ring = bar.inflate(t.s(22), t.s(22) + t.s(th.TEXT_LARGE))
            ring.bottom = bar.bottom + t.s(11)
            pygame.draw.rect(surface, th.GOLD, ring, width=max(3, t.s(6)), border_radius=t.s(16))


# -- the diagrams ----------------------------------------------------------------------------------
BULL = {"P": ("bull", "red"), "K": ("bull", "black"), "F": ("bull", "blue"), "M": ("bull", "green")}
LION = {"p": ("lion", "red"), "f": ("lion", "blue"), "m": ("lion", "green")}


def goal(app: App, surface: pygame.Surface, rect: pygame.Rect, time: float) -> None:
    draw_bars(app, surface, rect, {"red": 9, "blue": 6, "green": 4, "black": 7}, time)


def actions(app: App, surface: pygame.Surface, rect: pygame.Rect, time: float) -> None:
    t = app.theme
    cards = [(i18n.t(f"rules.label.{kind}"), kind) for kind in ("leader", "tile", "catastrophe", "swap")]
    w, h = rect.width // 2, rect.height // 2
    for i, (label, kind) in enumerate(cards):
        cell = pygame.Rect(rect.left + (i % 2) * w, rect.top + (i // 2) * h, w, h)
        side = min(w, h) - t.s(th.TEXT_BODY) - t.s(40)
        bob = round(math.sin(time * 2 + i) * t.s(6))
        icon = pygame.Rect(0, 0, side, side)
        icon.midtop = (cell.centerx, cell.top + t.s(10) + bob)
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
        t.blit_text(surface, f"{i + 1}. {label}", th.TEXT_BODY, th.INK, midtop=(cell.centerx, icon.bottom + t.s(8)))


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
    t = app.theme
    bars = rect.copy()
    bars.height -= t.s(90)
    gained = min(2, max(0, int(time * 1.2 - 1.5)))  # two treasures go, one by one, to the lowest colour
    draw_bars(app, surface, bars, {"red": 8, "blue": 5 + gained, "green": 9, "black": 8}, time)
    for k in range(2 - gained):
        icon = pygame.Rect(0, 0, t.s(70), t.s(70))
        icon.midbottom = (rect.centerx + (k - 0.5) * t.s(90), rect.bottom)
        pieces.draw_treasure(app, surface, icon)


def variants(app: App, surface: pygame.Surface, rect: pygame.Rect, time: float) -> None:
    t = app.theme
    items = [(name_of("variant", variant), sprite) for variant, sprite in
             (("advanced_board", "treasure_priority"), ("buildings", "building_red"), ("ziggurat", "ziggurat"))]
    w = rect.width // 3
    for i, (label, sprite) in enumerate(items):
        cell = pygame.Rect(rect.left + i * w, rect.top, w, rect.height)
        side = min(w - t.s(20), rect.height - t.s(120))
        icon = pygame.Rect(0, 0, side, side)
        icon.center = (cell.centerx, cell.centery - t.s(30) + round(math.sin(time * 2 + i) * t.s(6)))
        if not _sprite(app, surface, sprite, icon):
            pieces.draw_treasure(app, surface, icon)
        t.blit_text(surface, label, th.TEXT_SMALL, th.INK, midtop=(cell.centerx, icon.bottom + t.s(14)))


PAGES: tuple[Page, ...] = (
    Page("goal", 3, goal),
    Page("actions", 4, actions),
    Page("kingdoms", 4, kingdoms),
    Page("revolt", 4, revolt),
    Page("war", 4, war),
    Page("monuments", 4, monuments),
    Page("final", 3, final),
    Page("variants", 3, variants),
)
