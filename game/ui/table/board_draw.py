"""Drawing the board: the cached static layer and the pieces of a view, with highlights.

Owns: the static layer (backdrop, board frame, land and river, priority marks; rendered once per
layout so a frame costs one blit), and `BoardPainter`, which draws the pieces of a view (as
`piece_art.PieceArt` shows them), the squares that light up, the last move and the sides of a war.
Pieces an animation is still bringing in are skipped (`hidden`); the animation draws them.

Must not import: net, game.rules.
"""

from __future__ import annotations

import math
from collections.abc import Sequence
from typing import TYPE_CHECKING, Any

import pygame

from game.ui.kit import theme as th
from game.ui.kit.assets import monument_name
from game.ui.table.piece_art import PieceArt
from game.ui.table.table_layout import COLS, ROWS, TableLayout

if TYPE_CHECKING:
    from game.ui.app import App

Square = tuple[int, int]
CHAR_COLOR = {"r": "red", "b": "blue", "g": "green", "k": "black"}
HIGHLIGHT = pygame.Color(255, 226, 120)
# The two sides of a conflict, the same on the board and in the side panel.
SIDE_COLORS = {"attacker": th.TERRACOTTA, "defender": th.LAPIS_LIGHT}


def build_static_layer(app: App, layout: TableLayout, terrain: list[str], priority: list[list[int]]) -> pygame.Surface:
    """Backdrop, board frame, land and river squares: everything that never changes in a game."""
    t = app.theme
    surf = th.vertical_gradient(layout.size, th.LAPIS, th.LAPIS_DEEP).convert()
    frame = layout.board.inflate(t.s(28), t.s(28))
    from game.ui.kit.panels import draw_panel

    draw_panel(surf, frame, t, th.CLAY, th.GOLD_DARK, radius=14)
    q = layout.square
    land = app.sprite("land", (q * 2, q * 2))
    river = app.sprite("river", (q * 2, q * 2))
    for r in range(ROWS):
        for c in range(COLS):
            rect = layout.square_rect((r, c))
            water = terrain[r][c] == "~"
            art = river if water else land
            if art is not None:
                # Each square shows a different quarter of the texture so the ground does not repeat.
                surf.blit(art, rect, pygame.Rect((c % 2) * q, (r % 2) * q, q, q))
            else:
                surf.fill(th.RIVER if water else th.SAND, rect)
    _grid(surf, layout, terrain)
    for at in priority:
        _priority_mark(surf, layout.square_rect(at), t)
    return surf


def _grid(surf: pygame.Surface, layout: TableLayout, terrain: list[str]) -> None:
    # Fine lines between squares, softer on the river so its course reads as one stream.
    shade = pygame.Surface((layout.square, layout.square), pygame.SRCALPHA)
    pygame.draw.rect(shade, (60, 40, 20, 70), shade.get_rect(), width=1)
    water = pygame.Surface((layout.square, layout.square), pygame.SRCALPHA)
    pygame.draw.rect(water, (230, 245, 255, 40), water.get_rect(), width=1)
    for r in range(ROWS):
        for c in range(COLS):
            surf.blit(water if terrain[r][c] == "~" else shade, layout.square_rect((r, c)))


def _priority_mark(surf: pygame.Surface, rect: pygame.Rect, t: th.Theme) -> None:
    """Gold corner brackets: a priority treasure's square keeps its mark after the treasure is gone."""
    k = max(3, rect.width // 4)
    w = max(2, t.s(4))
    inner = rect.inflate(-t.s(4), -t.s(4))
    for (x, y), (dx, dy) in zip((inner.topleft, inner.topright, inner.bottomleft, inner.bottomright),
                                ((1, 1), (-1, 1), (1, -1), (-1, -1)), strict=True):
        pygame.draw.line(surf, th.GOLD_LIGHT, (x, y), (x + dx * k, y), w)
        pygame.draw.line(surf, th.GOLD_LIGHT, (x, y), (x, y + dy * k), w)


class BoardPainter:
    """Draws the pieces of a view over the static layer, every frame."""

    def __init__(self, app: App, art: PieceArt) -> None:
        self.app = app
        self.art = art
        self._glow: dict[tuple[int, tuple[int, ...]], pygame.Surface] = {}

    def tint(self, surface: pygame.Surface, rect: pygame.Rect, color: tuple[int, ...], alpha: int) -> None:
        """A translucent square (cached per size and colour; alpha set per frame)."""
        key = (rect.width, tuple(color[:3]))
        img = self._glow.get(key)
        if img is None:
            img = pygame.Surface(rect.size)
            img.fill(color[:3])
            self._glow[key] = img
        img.set_alpha(max(0, min(255, alpha)))
        surface.blit(img, rect)

    def draw_pieces(self, surface: pygame.Surface, layout: TableLayout, view: dict[str, Any],
                    hidden: set[tuple[str, Square]], dynasties: list[str]) -> None:
        """Tiles, monuments, buildings, the ziggurat, treasures, catastrophes, the union tile, leaders."""
        q = layout.square
        tile_size = q - max(2, q // 16)
        for r, row in enumerate(view["board"]):
            for c, ch in enumerate(row):
                if ch in ".~" or ("tile", (r, c)) in hidden:
                    continue
                special = {"x": "catastrophe", "#": "tile_down", "z": "ziggurat_square"}
                name = special.get(ch) or f"tile_{CHAR_COLOR[ch]}"
                if ch == "x" and ("cat", (r, c)) in hidden:
                    continue
                self.art.blit(surface, name, layout.square_rect((r, c)).inflate(tile_size - q, tile_size - q))
        for m in view["monuments"]:
            at = (m["at"][0], m["at"][1])
            if ("monument", at) not in hidden:
                self.draw_monument(surface, layout, m["colors"], at)
        self._draw_extras(surface, layout, view, hidden)
        for l in view["leaders"]:
            at = (l["at"][0], l["at"][1])
            if ("leader", at) not in hidden:
                rect = layout.square_rect(at).inflate(-q // 12, -q // 12)
                # A ring of the dynasty's colour tells whose leader it is from across the room.
                ring = th.DYNASTY_COLORS.get(dynasties[l["seat"]], th.GOLD)
                pygame.draw.circle(surface, ring, rect.center, rect.width // 2 + max(2, q // 20), max(3, q // 14))
                self.art.blit(surface, f"leader_{dynasties[l['seat']]}_{l['color']}", rect)
                self.draw_role_badge(surface, layout.square_rect(at), l["color"])

    def draw_role_badge(self, surface: pygame.Surface, square: pygame.Rect, color: str) -> None:
        """The leader's role as its tile (temple, farm, market, settlement), large in the square's corner.

        Big enough to tell a priest from a king across the room, and a symbol, not only a colour.
        """
        size = square.width * 9 // 20
        badge = pygame.Rect(0, 0, size, size)
        badge.bottomright = (square.right + square.width // 14, square.bottom + square.width // 14)
        pygame.draw.rect(surface, th.CREAM, badge.inflate(4, 4), border_radius=max(2, size // 5))
        self.art.blit(surface, f"tile_{color}", badge)

    def draw_monument(self, surface: pygame.Surface, layout: TableLayout, colors: list[str], at: Square,
                      scale: float = 1.0, alpha: int = 255) -> None:
        rect = layout.square_rect(at).union(layout.square_rect((at[0] + 1, at[1] + 1)))
        size = round(rect.width * 0.96 * scale)
        self.art.blit(surface, monument_name(*colors), pygame.Rect(0, 0, size, size).move(
            rect.centerx - size // 2, rect.centery - size // 2), alpha)

    def _draw_extras(self, surface: pygame.Surface, layout: TableLayout, view: dict[str, Any],
                     hidden: set[tuple[str, Square]]) -> None:
        q = layout.square
        priority = {tuple(p) for p in view["priority"]}
        for color, at in view["buildings"].items():
            if ("building", tuple(at)) not in hidden:
                self.art.blit(surface, f"building_{color}", layout.square_rect(at).inflate(-q // 5, -q // 5))
        if view["ziggurat"] is not None and ("zig", tuple(view["ziggurat"])) not in hidden:
            self.art.blit(surface, "ziggurat", layout.square_rect(view["ziggurat"]).inflate(q // 3, q // 3))
        for at in view["treasures"]:
            key = tuple(at)
            if ("treasure", key) in hidden:
                continue
            rect = layout.square_rect(at)
            first = key in priority
            side = q * 12 // 20 if first else q * 10 // 20
            small = pygame.Rect(0, 0, side, side)
            small.topright = (rect.right - q // 24, rect.top + q // 24)
            if first:
                # A priority treasure (section 15: taken first) wears a bold gold frame, not just a darker rim.
                frame = small.inflate(q // 10, q // 10)
                # A dark rim outside the gold: gold alone would melt into the sand around it.
                pygame.draw.rect(surface, th.SHADOW, frame.inflate(6, 6), border_radius=max(2, q // 10))
                pygame.draw.rect(surface, th.GOLD_LIGHT, frame, width=max(3, q // 14), border_radius=max(2, q // 10))
            self.art.blit(surface, "treasure_priority" if first else "treasure", small)
        if view["union"] is not None and ("union", tuple(view["union"])) not in hidden:
            self.art.blit(surface, "unification", layout.square_rect(view["union"]).inflate(-q // 10, -q // 10))

    def draw_targets(self, surface: pygame.Surface, layout: TableLayout, squares: set[Square],
                     hover: Square | None, clock: float, color: tuple[int, ...] = HIGHLIGHT[:3],
                     ghost: str | None = None) -> None:
        """Squares where the chosen piece may go: a glowing fill and frame; under the cursor, the piece itself.

        The frame is two-tone (a dark line inside a light one) so it shows on sand and on water alike at
        720p from the sofa; it is thin and inset, so the pieces and symbols beside it stay readable.
        """
        pulse = 0.5 + 0.5 * math.sin(clock * 4.0)
        w = max(2, self.app.theme.s(4))
        line = max(2, self.app.theme.s(3))
        dark = max(1, self.app.theme.s(2))
        few = len(squares) <= 12  # a handful of choices (an offer, a treasure) gets full, thicker frames
        for sq in squares:
            rect = layout.square_rect(sq)
            if sq == hover:
                continue
            self.tint(surface, rect, color, round(55 + 35 * pulse))
            frame = rect.inflate(-w, -w)
            radius = max(2, layout.square // 10)
            pygame.draw.rect(surface, color, frame, width=w if few else line, border_radius=radius)
            inner = frame.inflate(-2 * (w if few else line), -2 * (w if few else line))
            pygame.draw.rect(surface, th.GOLD_DARK, inner, width=dark, border_radius=max(1, radius - line))
        if hover in squares:
            rect = layout.square_rect(hover)
            self.tint(surface, rect, (255, 255, 255), 110)
            if ghost:
                self.art.blit(surface, ghost, rect.inflate(-layout.square // 10, -layout.square // 10), 190)
            pygame.draw.rect(surface, (255, 255, 255), rect.inflate(w, w), width=w, border_radius=max(2, w))

    def draw_last_move(self, surface: pygame.Surface, layout: TableLayout, squares: list[Square], clock: float) -> None:
        """The last move's squares keep a gold frame so a player who looked away can find it."""
        glow = th.lerp_color(th.GOLD, th.GOLD_LIGHT, 0.5 + 0.5 * math.sin(clock * 3))
        w = max(3, self.app.theme.s(5))
        for sq in squares:
            pygame.draw.rect(surface, glow, layout.square_rect(sq).inflate(w, w), width=w,
                             border_radius=max(2, layout.square // 8))

    def draw_sides(self, surface: pygame.Surface, layout: TableLayout, conflict: dict[str, Any],
                   dynasties: list[str]) -> None:
        """A war's two sides (section 11: each leader's own kingdom) and both leaders, told apart by pattern.

        The attacker's squares and ring are solid, the defender's dashed, so the sides read without their tint.
        """
        q = layout.square
        w = max(3, self.app.theme.s(5))
        for side in ("attacker", "defender"):
            color = SIDE_COLORS[side]
            for at in conflict.get(f"{side}_side", []):  # a revolt has no sides, only the two leaders
                rect = layout.square_rect(at)
                self.tint(surface, rect, color[:3], 90)
                if side == "attacker":
                    pygame.draw.rect(surface, color, rect.inflate(-w, -w), width=w)
                else:
                    dashed_rect(surface, color, rect.inflate(-w, -w), w, max(4, q // 6))
            at = conflict[f"{side}_at"]
            ring = max(3, self.app.theme.s(6))
            if side == "attacker":
                pygame.draw.circle(surface, color, layout.square_center(at), q * 6 // 10, ring)
            else:
                dashed_circle(surface, color, layout.square_center(at), q * 6 // 10, ring)

    def draw_kingdom(self, surface: pygame.Surface, layout: TableLayout, squares: set[Square]) -> None:
        """The kingdom being inspected: lightened, with one outline around its edge."""
        w = max(3, self.app.theme.s(5))
        edge = th.CREAM
        for sq in squares:
            rect = layout.square_rect(sq)
            self.tint(surface, rect, (255, 255, 255), 70)
            r, c = sq
            for (dr, dc), (a, b) in (((-1, 0), (rect.topleft, rect.topright)),
                                     ((1, 0), (rect.bottomleft, rect.bottomright)),
                                     ((0, -1), (rect.topleft, rect.bottomleft)),
                                     ((0, 1), (rect.topright, rect.bottomright))):
                if (r + dr, c + dc) not in squares:
                    pygame.draw.line(surface, edge, a, b, w)

    def draw_recap(self, surface: pygame.Surface, layout: TableLayout,
                   marks: list[tuple[int, list[Square], bool, str]], monuments: Sequence[dict[str, Any]] = ()) -> None:
        """The others' moves since this player last acted: (number, squares changed, emptied?, dynasty) each.

        A square something was put on gets a solid frame, a square something left a dashed one; both carry
        the move's number on a disc and the dynasty's emblem, in the dynasty's colour (never colour alone).
        A monument gets one frame around its block and its number beside it, never over it; a number that
        would land on another (two moves on one square) moves to the next free corner.
        """
        t = self.app.theme
        q = layout.square
        w = max(3, t.s(5))
        blocks = monument_blocks(layout, monuments)
        discs: list[pygame.Rect] = []
        for number, squares, emptied, dynasty in marks:
            color = th.DYNASTY_COLORS.get(dynasty, th.GOLD)
            framed: set[tuple[int, int]] = set()
            for sq in squares:
                block = blocks.get(sq)
                if block is not None and block.topleft in framed:
                    continue
                whole = block if block is not None else layout.square_rect(sq)
                framed.add(whole.topleft)
                rect = whole.inflate(-w // 2, -w // 2)
                if emptied:
                    dashed_rect(surface, color, rect, w, max(4, q // 6))
                else:
                    pygame.draw.rect(surface, th.SHADOW, rect.inflate(w, w), width=max(1, w // 2),
                                     border_radius=max(2, q // 10))
                    pygame.draw.rect(surface, color, rect, width=w, border_radius=max(2, q // 10))
                r = max(t.s(17), q // 4)
                centre = self._disc_place(layout, rect, r, w, block is not None, discs, list(blocks.values()))
                discs.append(pygame.Rect(centre[0] - r, centre[1] - r, 2 * r, 2 * r))
                # The dynasty's colour as a thick ring, the number in ink on cream: readable on every dynasty.
                pygame.draw.circle(surface, th.CREAM, centre, r)
                pygame.draw.circle(surface, color, centre, r, max(3, r // 3))
                pygame.draw.circle(surface, th.SHADOW, centre, r + 1, max(1, t.s(2)))
                t.blit_text(surface, str(number), max(th.MIN_TEXT_1080, round(r * 1.3 / t.scale)), th.INK,
                            center=centre)
                if block is None:
                    badge = pygame.Rect(0, 0, q * 2 // 5, q * 2 // 5)
                    badge.bottomright = (rect.right - w // 2, rect.bottom - w // 2)
                    self.art.blit(surface, f"dynasty_{dynasty}", badge)

    @staticmethod
    def _disc_place(layout: TableLayout, rect: pygame.Rect, r: int, w: int, outside: bool,
                    taken: list[pygame.Rect], blocks: list[pygame.Rect]) -> tuple[int, int]:
        """Where a recap number goes: a corner of its square, or just outside a monument's block; the first
        corner that stays on the board and covers no other number and no monument."""
        k = r - w // 2
        if outside:  # centred beyond the block's corners: the monument itself stays in sight
            k = -r + w
        corners = [(rect.left + k, rect.top + k), (rect.right - k, rect.top + k),
                   (rect.left + k, rect.bottom - k), (rect.right - k, rect.bottom - k)]
        board = layout.board.inflate(r, r)
        for centre in corners:
            disc = pygame.Rect(centre[0] - r, centre[1] - r, 2 * r, 2 * r)
            inner = disc.inflate(-r // 2, -r // 2)
            if (board.contains(disc) and disc.collidelist(taken) < 0
                    and inner.collidelist([b.inflate(-w, -w) for b in blocks]) < 0):
                return centre
        return corners[0]


def monument_blocks(layout: TableLayout, monuments: Sequence[dict[str, Any]]) -> dict[Square, pygame.Rect]:
    """Each square under a monument -> the 2x2 block the monument covers (at = its top-left square)."""
    out: dict[tuple[int, int], pygame.Rect] = {}
    for m in monuments:
        r, c = int(m["at"][0]), int(m["at"][1])
        block = layout.square_rect((r, c)).union(layout.square_rect((r + 1, c + 1)))
        for sq in ((r, c), (r, c + 1), (r + 1, c), (r + 1, c + 1)):
            out[sq] = block
    return out


def dashed_rect(surface: pygame.Surface, color: Any, rect: pygame.Rect, width: int, dash: int) -> None:
    """A rectangle drawn in dashes (the defending side of a conflict)."""
    corners = [rect.topleft, rect.topright, rect.bottomright, rect.bottomleft, rect.topleft]
    for (x0, y0), (x1, y1) in zip(corners, corners[1:], strict=False):
        length = max(abs(x1 - x0), abs(y1 - y0), 1)
        for start in range(0, length, 2 * dash):
            end = min(length, start + dash)
            a = (x0 + (x1 - x0) * start // length, y0 + (y1 - y0) * start // length)
            b = (x0 + (x1 - x0) * end // length, y0 + (y1 - y0) * end // length)
            pygame.draw.line(surface, color, a, b, width)


def dashed_circle(surface: pygame.Surface, color: Any, centre: tuple[int, int], radius: int, width: int,
                  dashes: int = 12) -> None:
    """A ring drawn in dashes (the defending leader)."""
    box = pygame.Rect(0, 0, 2 * radius, 2 * radius)
    box.center = centre
    step = 2 * math.pi / dashes
    for i in range(dashes):
        pygame.draw.arc(surface, color, box, i * step, i * step + step * 0.55, width)
