"""The public panels around the board: the top bar, one panel per seat, and the game log.

Owns: drawing what every player may know (RULES.md section 18) — each seat's dynasty, name,
leaders in supply, catastrophes, unification tile, tiles in hand, treasures taken — plus the
point totals the view allows (the seat whose hand is shown, or all with open scores; "?"
otherwise), whose turn it is, the actions left, the bag, the treasures left and the variants in
play, and each icon's tooltip (`spots`). Panels only read the view; they never act.

Must not import: net, game.rules (beyond its vocabulary).
"""

from __future__ import annotations

import math
from typing import TYPE_CHECKING, Any

import pygame

from game.i18n import has, name_of, names_of
from game.i18n import t as tr
from game.rules.vocabulary import COLORS, VARIANT_NAMES  # noqa: F401  (the table tests read the English names here)
from game.ui.kit import theme as th
from game.ui.kit.panels import draw_panel
from game.ui.table.piece_art import PieceArt
from game.ui.table.table_layout import TableLayout
from game.ui.table.table_text import fit_size
from game.ui.table.table_tray import capitalized
from game.ui.table.table_words import tile_word

if TYPE_CHECKING:
    from game.ui.app import App

# The line under a seat's name ("computer", "waiting", "to play"): >= 4.5:1 on its panel (WCAG AA).
SUB_INK = pygame.Color(72, 50, 34)  # 5.2:1 on SAND_DARK
SUB_INK_TO_MOVE = pygame.Color(100, 40, 22)  # 7.8:1 on SAND


def draw_top_bar(app: App, surface: pygame.Surface, layout: TableLayout, view: dict[str, Any],
                 status: str, art: PieceArt, spots: list[Spot] | None = None) -> None:
    """Whose turn and what is asked (left); tiles in the bag and treasures on the board (right).

    spots gets each count's icon and number with its tooltip."""
    t = app.theme
    bar = layout.top
    shade = pygame.Surface(bar.size, pygame.SRCALPHA)
    shade.fill((*th.LAPIS_DEEP[:3], 215))
    surface.blit(shade, bar)
    pygame.draw.line(surface, th.GOLD_DARK, bar.bottomleft, bar.bottomright, max(2, t.s(3)))
    # Right-aligned before the menu button: what is left in the bag and on the board.
    x = bar.right - t.s(220)
    icon = t.s(48)
    for name, value, key, tip in (("treasure", view["treasures_left"], "panel.count.treasures", "tip.treasures_left"),
                                  ("tile_back", view["bag"], "panel.count.in_bag", "tip.bag")):
        right = x
        # The catalogue puts the word before or after the number ("113 in bag" / "袋中 113").
        before, after = count_words(key, value)
        r = pygame.Rect(x, bar.centery, 0, 0)
        if after:
            r = t.blit_text(surface, after, th.TEXT_SMALL - 6, th.SAND, midright=(x, bar.centery + t.s(2)))
        r = t.blit_text(surface, str(value), th.TEXT_BODY, th.CREAM, shadow=True,
                        midright=(r.left - t.s(8) if after else x, bar.centery))
        if before:
            r = t.blit_text(surface, before, th.TEXT_SMALL - 6, th.SAND,
                            midright=(r.left - t.s(8), bar.centery + t.s(2)))
        art.blit(surface, name, pygame.Rect(r.left - t.s(8) - icon, bar.centery - icon // 2, icon, icon))
        if spots is not None:
            spots.append((pygame.Rect(r.left - t.s(8) - icon, bar.top, right - r.left + t.s(8) + icon, bar.height),
                          [tr(tip, n=value)]))
        x = r.left - t.s(8) - icon - t.s(30)
    # The status takes what is left on the left: shrunk for long names, cut only as a last resort.
    room = x + t.s(30) - t.s(24) - (bar.left + t.s(24))
    size = fit_size(t, status, th.TEXT_BODY, room)
    t.blit_text(surface, th.fit_text(t, status, size, room), size, th.GOLD_LIGHT, shadow=True,
                midleft=(bar.left + t.s(24), bar.centery))


def count_words(key: str, n: int) -> tuple[str, str]:
    """The words before and after a count drawn large, in the language's order ("", "in bag") / ("袋中", "")."""
    before, _, after = tr(key, n=n).partition(str(n))  # the words around it hold no digits
    return before.strip(), after.strip()


def variants_line(view: dict[str, Any]) -> str:
    """The variants in play, in words ("Standard rules" when none)."""
    names = names_of("variant", view["variants"])
    return tr("table.variants", variants=names) if names else tr("table.no_variants")


Spot = tuple[pygame.Rect, list[str]]  # an icon's place and its tooltip


class SeatPanels:
    """One tablet per seat, left of the board; `spots` are its icons and their tooltips as last drawn."""

    def __init__(self, app: App, art: PieceArt) -> None:
        self.app = app
        self.art = art
        self.spots: list[Spot] = []

    def anchor(self, layout: TableLayout, seat: int) -> tuple[int, int]:
        """Where points and returning pieces fly to: the seat's emblem."""
        if 0 <= seat < len(layout.seats):
            r = layout.seats[seat]
            return (r.left + r.height // 3 + self.app.theme.s(14), r.top + r.height // 3)
        return layout.board.center

    def draw(self, surface: pygame.Surface, layout: TableLayout, view: dict[str, Any], thinking: set[int],
             clock: float, mine: int | None = None, stopped: bool = False) -> None:
        """Draw every seat's tablet; mine is the seat this window belongs to (a LAN player's), marked "you";
        at a stopped table (its link over for good) no seat is shown as moving."""
        self.spots = []
        for seat_view in view["seats"]:
            self._draw_one(surface, layout.seats[seat_view["seat"]], view, seat_view, thinking, clock, mine, stopped)

    def _draw_one(self, surface: pygame.Surface, rect: pygame.Rect, view: dict[str, Any], sv: dict[str, Any],
                  thinking: set[int], clock: float, mine: int | None = None, stopped: bool = False) -> None:
        t = self.app.theme
        seat = sv["seat"]
        names, dynasties = view["names"], view["dynasties"]
        dyn = dynasties[seat]
        to_move = view["to_move"] == seat and not stopped
        accent = th.DYNASTY_COLORS.get(dyn, th.GOLD)
        border = th.lerp_color(th.GOLD, th.GOLD_LIGHT, 0.5 + 0.5 * math.sin(clock * 4)) if to_move else th.GOLD_DARK
        # shadow=False: the panels' shadows are painted once into the table's static layer.
        draw_panel(surface, rect, t, th.SAND if to_move else th.SAND_DARK, border, radius=18, shadow=False)
        if seat == mine:  # this window's own seat: a lapis ring inside the gold, whoever is to move
            pygame.draw.rect(surface, th.LAPIS, rect.inflate(-t.s(10), -t.s(10)), max(3, t.s(6)),
                             border_radius=t.s(14))
        pad = t.s(12)
        stripe = pygame.Rect(rect.left + t.s(4), rect.top + t.s(16), t.s(8), rect.height - t.s(32))
        pygame.draw.rect(surface, accent, stripe, border_radius=t.s(4))
        row_h = (rect.height - 2 * pad) // 3
        emblem = min(row_h + t.s(10), t.s(64))
        e_rect = pygame.Rect(rect.left + pad + t.s(10), rect.top + pad, emblem, emblem)
        self.art.blit(surface, f"dynasty_{dyn}", e_rect)
        self.spots.append((e_rect, [tr("tip.seat", name=names[seat], dynasty=name_of("dynasty", dyn))]))
        name_x = e_rect.right + t.s(12)
        # A long LAN name shrinks to the sofa minimum, then is cut, but never runs out of the tablet.
        room = rect.right - t.s(12) - name_x
        size = fit_size(t, names[seat], th.TEXT_BODY, room)
        t.blit_text(surface, th.fit_text(t, names[seat], size, room), size, th.INK, topleft=(name_x, rect.top + pad))
        sub = "thinking" if seat in thinking else ("to_play" if to_move else view["kinds"][seat] if view.get("kinds")
                                                   else "")
        if seat == view["active"] and not to_move and view["to_move"] is not None and seat not in thinking:
            sub = "waiting"
        if seat == mine:
            sub = "your_turn" if to_move else "you"
        sub = tr(f"panel.sub.{sub}") if sub and has(f"panel.sub.{sub}") else ""
        if sub:
            t.blit_text(surface, sub, th.TEXT_SMALL - 4, SUB_INK_TO_MOVE if to_move else SUB_INK,
                        topleft=(name_x, rect.top + pad + t.s(40)))
        y2 = rect.top + pad + row_h + t.s(6)
        self._draw_supply(surface, rect, sv, dyn, y2, row_h)
        self._draw_counts(surface, rect, sv, y2 + row_h, row_h)

    def _draw_supply(self, surface: pygame.Surface, rect: pygame.Rect, sv: dict[str, Any], dyn: str,
                     y: int, h: int) -> None:
        t = self.app.theme
        size = min(h, t.s(44))
        x = rect.left + t.s(24)
        for color in COLORS:
            slot = pygame.Rect(x, y + (h - size) // 2, size, size)
            where = "tip.supply" if color in sv["supply"] else "tip.on_board"
            self.spots.append((slot, [capitalized(tr(where, leader=name_of("leader", color)))]))
            if color in sv["supply"]:
                self.art.blit(surface, f"leader_{dyn}_{color}", slot)
            else:
                pygame.draw.circle(surface, th.lerp_color(th.SAND_DARK, th.INK, 0.25), slot.center, size // 2 - 2,
                                   max(1, t.s(2)))
            x += size + t.s(4)
        x += t.s(12)
        cats = pygame.Rect(x, y + (h - size) // 2, 2 * size + t.s(4), size)
        self.spots.append((cats, [tr("tip.catastrophes", n=sv["catastrophes"])]))
        for i in range(2):
            slot = pygame.Rect(x, y + (h - size) // 2, size, size)
            self.art.blit(surface, "catastrophe", slot, 255 if i < sv["catastrophes"] else 50)
            x += size + t.s(4)
        x += t.s(12)
        self.art.blit(surface, "unification", pygame.Rect(x, y + (h - size) // 2, size, size),
                      255 if sv["unification"] else 50)
        self.spots.append((pygame.Rect(x, y + (h - size) // 2, size, size),
                           [tr("tip.unification" if sv["unification"] else "tip.unification.used")]))

    def _draw_counts(self, surface: pygame.Surface, rect: pygame.Rect, sv: dict[str, Any], y: int, h: int) -> None:
        t = self.app.theme
        size = min(h, t.s(32))  # small icons: the row leaves its room to the point counters
        cy = y + h // 2
        x = rect.left + t.s(24)
        for name, value in (("hand", sv["hand_count"]), ("treasure", sv["treasures"])):
            icon = pygame.Rect(x, cy - size // 2, size, size)
            if name == "hand":
                draw_hand_icon(self.art, surface, icon)
            else:
                self.art.blit(surface, name, icon)
            right = t.blit_text(surface, str(value), th.TEXT_SMALL, th.INK, midleft=(x + size + t.s(5), cy)).right
            tip = tr("tip.hand" if name == "hand" else "tip.treasures", n=value)
            self.spots.append((pygame.Rect(x, icon.top, right - x, size), [tip]))
            x = right
            x += t.s(10)
        scores = sv["scores"]
        for color, tile, badge in score_badges(t, rect, y, h):
            # The tile itself, symbol and all, so a score is never told by its colour alone.
            self.art.blit(surface, f"tile_{color}", tile)
            text = "?" if scores is None else str(scores[color])
            words = {"color": name_of("color", color), "tiles": tile_word(color, 2)}
            tip = tr("tip.points.hidden", **words) if scores is None else tr("tip.points", n=scores[color], **words)
            self.spots.append((tile.union(badge), [capitalized(tip)]))
            pygame.draw.rect(surface, th.CREAM, badge, border_radius=badge.height // 2)
            pygame.draw.rect(surface, th.TILE_COLORS[color], badge, max(1, t.s(3)), border_radius=badge.height // 2)
            size = fit_size(t, text, SCORE_TEXT, badge.width - t.s(8), SCORE_TEXT_MIN)
            t.blit_text(surface, text, size, th.INK, center=badge.center, within=badge)


def draw_hand_icon(art: PieceArt, surface: pygame.Surface, rect: pygame.Rect) -> None:
    """Tiles in hand: three tile backs fanned like a held hand, unlike the single tile back of the bag."""
    tile = max(4, rect.width * 5 // 8)
    step = (rect.width - tile) // 2
    for i, dy in enumerate((rect.height // 8, 0, rect.height // 8)):
        art.blit(surface, "tile_back", pygame.Rect(rect.left + i * step, rect.top + dy + (rect.height - tile) // 3,
                                                   tile, tile))


# The points are the number a player looks for most: read from the sofa, up to 99 inside the badge.
SCORE_TEXT = 32
SCORE_TEXT_MIN = 28


def score_badges(t: th.Theme, rect: pygame.Rect, y: int, h: int) -> list[tuple[str, pygame.Rect, pygame.Rect]]:
    """(colour, tile, badge) for the four point counters of a seat panel's bottom row (y, height h).

    The badge is a pill across the foot of its tile, as wide as the tile: two digits at sofa size fit it,
    and the tile's symbol stays visible above it.
    """
    chip = min(h - t.s(12), t.s(42))
    gap = t.s(4)
    badge_h = t.s(30)
    x = rect.right - t.s(14) - 4 * (chip + t.s(4)) - 3 * gap
    top = min(y, rect.bottom - t.s(6) - badge_h // 2 - chip)
    out = []
    for color in COLORS:
        tile = pygame.Rect(x + t.s(2), top, chip, chip)
        badge = pygame.Rect(0, 0, chip + t.s(4), badge_h)
        badge.midtop = (tile.centerx, tile.bottom - badge_h // 2)
        out.append((color, tile, badge))
        x += chip + t.s(4) + gap
    return out
