"""The pages of the in-game rules: a sofa-sized summary of RULES.md with drawn diagrams.

Owns: the text of each page (short lines, big type) and its diagram, drawn from tile, leader
and treasure sprites (or shapes) on a small board. `PAGES` is what RulesScene shows, in order.

Must not import: game.rules (the diagrams are pictures, not positions), net, or any scene.
"""

from __future__ import annotations

import math
from collections.abc import Callable
from dataclasses import dataclass
from typing import TYPE_CHECKING

import pygame

from game.ui import pieces
from game.ui import theme as th

if TYPE_CHECKING:
    from game.ui.app import App

Diagram = Callable[["App", pygame.Surface, pygame.Rect, float], None]
TILE_CHARS = {"r": "red", "b": "blue", "g": "green", "k": "black"}


@dataclass(frozen=True)
class Page:
    title: str
    lines: tuple[str, ...]
    diagram: Diagram
    caption: str = ""


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
    cards = (("Leader", "leader"), ("Tile", "tile"), ("Catastrophe", "catastrophe"), ("Swap", "swap"))
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
    items = (("Advanced board", "treasure_priority"), ("Buildings", "building_red"), ("Ziggurat", "ziggurat"))
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
    Page(
        "Goal and turn",
        (
            "Grow kingdoms between the two rivers and score points in four colours.",
            "At the end your score is your WEAKEST colour: keep all four growing.",
            "On your turn take two actions (the same one twice is fine), then refill your hand to six tiles.",
        ),
        goal,
        "This player scores 4: green is lowest.",
    ),
    Page(
        "The four actions",
        (
            "1. Place, move or withdraw a leader. Leaders stand on land, next to a temple (red).",
            "2. Place a tile from your hand. Blue farms only on the river; the rest only on land.",
            "3. Place a catastrophe: it destroys a tile and stays for good.",
            "4. Swap one to six tiles for new ones from the bag. (You may also pass.)",
        ),
        actions,
    ),
    Page(
        "Kingdoms and leaders",
        (
            "Tiles touching each other form a region; with a leader it is a kingdom.",
            "A tile placed in a kingdom scores 1 point of its colour for the leader of that colour.",
            "No such leader? The king (black) takes it. No king? Nobody scores.",
            "A kingdom holds one leader of each colour at most.",
        ),
        kingdoms,
        "The new green market scores for the king.",
    ),
    Page(
        "Revolts",
        (
            "Put a leader into a kingdom that already has one of its colour: a revolt.",
            "Strength: the temples next to your leader, plus red tiles you add from your hand.",
            "The attacker adds first. Ties go to the defender.",
            "The loser's leader goes home; the winner scores 1 red point.",
        ),
        revolt,
        "Bull priest: 2 temples. Lion priest: 1 temple.",
    ),
    Page(
        "Wars",
        (
            "A tile that joins two kingdoms starts a war for each colour with a leader on both sides.",
            "Strength: all tiles of that colour on your side, plus tiles of it from your hand.",
            "The loser loses the leader and those tiles; the winner scores a point for the leader and each tile.",
            "In a war of priests, treasure temples and temples next to other leaders stay.",
        ),
        war,
        "The unification tile joins them: a war of farmers.",
    ),
    Page(
        "Monuments and treasures",
        (
            "Four tiles of one colour in a square may become a monument of that colour and another.",
            "At the end of your turn, your leaders in its kingdom score 1 each if they match one of its colours.",
            "At the end of a turn, a kingdom with two or more treasures and a trader (green): the trader's owner "
            "takes all but one.",
            "Each treasure is one point of any colour at the end.",
        ),
        monuments,
        "Four tiles turned face down: a monument.",
    ),
    Page(
        "The end and the final score",
        (
            "The game ends when the bag cannot refill a hand, or at the end of a turn with two or fewer treasures "
            "left on the board.",
            "Treasures are added one by one to your lowest colour. Your score is then your lowest colour.",
            "Highest score wins. Ties: compare the second-lowest colour, then the third, then the highest.",
        ),
        final,
        "Treasures lift the weakest colour.",
    ),
    Page(
        "Variants",
        (
            "Advanced board: other rivers, fourteen treasures; the eight in the middle must be taken first.",
            "Civilization buildings: a line of three tiles of a colour may hold its building, worth points.",
            "Ziggurat: five tiles of one colour in a plus make it. At the end of your turn, if your king is in "
            "the ziggurat's kingdom, you score 1 black point.",
        ),
        variants,
        "Choose them on the New game screen.",
    ),
)
