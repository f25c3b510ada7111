"""What floats over the table: the hot-seat curtain, the hover preview, messages, the final ranking.

Owns: the curtain drawn while the mouse passes to the next player (a veil over the whole screen
and a card naming who is next; the hand under it is never drawn, the scene gives no hand to draw),
the preview bubble beside the cursor, the toast for a refused action, and the ranking shown in
the side panel once the game is over.

Must not import: net, game.rules.
"""

from __future__ import annotations

import math
from collections.abc import Sequence
from typing import TYPE_CHECKING, Any

import pygame

from game.i18n import name_of
from game.i18n import t as tr
from game.ui.kit import theme as th
from game.ui.kit.panels import draw_panel
from game.ui.table.piece_art import PieceArt
from game.ui.table.table_text import fit_lines, fit_size

if TYPE_CHECKING:
    from game.ui.app import App


def draw_curtain(app: App, surface: pygame.Surface, name: str, dynasty: str, art: PieceArt, clock: float,
                 reason: str = "") -> None:
    """A dark veil and a card: "Pass the mouse to <name>"; a click lifts it (a click on Menu, drawn over
    the veil, opens the menu instead: the card's words promise no more than that). reason says why the mouse
    passes mid-turn ("Bel, to defend the war"), under the name."""
    t = app.theme
    w, h = surface.get_size()
    veil = pygame.Surface((w, h), pygame.SRCALPHA)
    veil.fill((*th.LAPIS_DEEP[:3], 236))
    surface.blit(veil, (0, 0))
    card = pygame.Rect(0, 0, t.s(980), t.s(520))
    card.center = (w // 2, h // 2)
    draw_panel(surface, card, t, th.SAND, th.GOLD, radius=28)
    emblem = pygame.Rect(0, 0, t.s(150), t.s(150))
    emblem.midtop = (card.centerx, card.top + t.s(40))
    bob = round(math.sin(clock * 2.5) * t.s(6))
    art.blit(surface, f"dynasty_{dynasty}", emblem.move(0, bob))
    width = card.width - t.s(80)
    size, lines = fit_lines(t, tr("curtain.pass_to", name=name), th.TEXT_HUGE - 10, width, max_lines=2,
                            min_size=th.TEXT_BODY)
    y = emblem.bottom + t.s(24)
    for line in lines:
        y = t.blit_text(surface, line, size, th.TERRACOTTA, midtop=(card.centerx, y)).bottom
    below = reason or tr("banner.dynasty", dynasty=name_of("dynasty", dynasty))
    t.blit_text(surface, below, fit_size(t, below, th.TEXT_BODY, width), th.INK, midtop=(card.centerx, y + t.s(6)))
    # Pulsing between two lapis shades that both keep 4.5:1 on sand.
    pulse = th.lerp_color(th.LAPIS_DEEP, th.LAPIS, 0.5 + 0.5 * math.sin(clock * 4))
    line = tr("curtain.click", name=name)
    t.blit_text(surface, line, fit_size(t, line, th.TEXT_BODY, width), pulse,
                midbottom=(card.centerx, card.bottom - t.s(36)))


def tooltip_rect(app: App, window: pygame.Rect, pos: tuple[int, int], lines: list[str],
                 area: pygame.Rect | None = None, avoid: Sequence[pygame.Rect] = ()) -> pygame.Rect:
    """Where the bubble of draw_tooltip goes.

    It opens above and to the right of the cursor when it can; when that would cover what it speaks of
    (avoid: the squares of an inspected kingdom), it takes whichever corner around the cursor covers
    least of them, so the kingdom a player points at stays in sight. Never under the cursor.
    """
    t = app.theme
    # Measured in the face each line is drawn in (Chinese in the CJK face, wider than the Latin one's boxes).
    width = max(t.measure(line, th.TEXT_SMALL) for line in lines) + t.s(36)
    line_h = round(t.s(th.TEXT_SMALL) * 1.15)
    size = (width, line_h * len(lines) + t.s(26))
    inside = area or window
    rect, least = None, 0
    for place in _bubble_places(pos, size, window.width - t.s(440), t.s(34), t.s(20), t.s(40)):
        place.clamp_ip(inside)
        if place.collidepoint(pos):
            continue
        covered = sum(_overlap(place, r) for r in avoid)
        if rect is None or covered < least:
            rect, least = place, covered
    if rect is None:  # no corner clear of the cursor (a tiny window): below it
        rect = pygame.Rect((pos[0] + t.s(34), pos[1] + t.s(40)), size)
        rect.clamp_ip(inside)
    return rect


def draw_tooltip(app: App, surface: pygame.Surface, pos: tuple[int, int], lines: list[str],
                 area: pygame.Rect | None = None, avoid: Sequence[pygame.Rect] = ()) -> None:
    """A bubble near the cursor saying what a click would do, kept inside area (the window by default)."""
    if not lines:
        return
    t = app.theme
    line_h = round(t.s(th.TEXT_SMALL) * 1.15)
    rect = tooltip_rect(app, surface.get_rect(), pos, lines, area, avoid)
    draw_panel(surface, rect, t, th.LAPIS_DEEP, th.GOLD, radius=14)
    y = rect.top + t.s(13)
    for i, line in enumerate(lines):
        ink = th.GOLD_LIGHT if i == 0 else th.CREAM
        t.blit_text(surface, line, th.TEXT_SMALL, ink, topleft=(rect.left + t.s(18), y))
        y += line_h


def _bubble_places(pos: tuple[int, int], size: tuple[int, int], right_limit: int, dx: int, above: int,
                   below: int) -> list[pygame.Rect]:
    """The corners a bubble may open at around the cursor, most natural first (away from the side panel)."""
    x, y = pos
    w, h = size
    right, left = pygame.Rect(x + dx, 0, w, h), pygame.Rect(x - dx - w, 0, w, h)
    sides = [right, left] if right.right <= right_limit else [left, right]
    out = []
    for top in (y - above - h, y + below):
        for side in sides:
            out.append(pygame.Rect(side.left, top, w, h))
    return out


def _overlap(a: pygame.Rect, b: pygame.Rect) -> int:
    clip = a.clip(b)
    return clip.width * clip.height


def draw_toast(app: App, surface: pygame.Surface, board: pygame.Rect, text: str) -> None:
    """A refused action's reason, over the top of the board."""
    t = app.theme
    lines = t.wrap(text, th.TEXT_BODY, board.width - t.s(120))
    line_h = round(t.s(th.TEXT_BODY) * 1.15)
    rect = pygame.Rect(0, 0, board.width - t.s(80), line_h * len(lines) + t.s(40))
    rect.midtop = (board.centerx, board.top + t.s(20))
    draw_panel(surface, rect, t, th.TERRACOTTA, th.GOLD_LIGHT, radius=16)
    y = rect.top + t.s(20)
    for line in lines:
        t.blit_text(surface, line, th.TEXT_BODY, th.CREAM, midtop=(rect.centerx, y))
        y += line_h


def draw_game_over_panel(app: App, surface: pygame.Surface, side: pygame.Rect, view: dict[str, Any]) -> None:
    """The final ranking, best first, under the side panel's title."""
    t = app.theme
    ranking = view.get("ranking") or []
    y = side.top + t.s(100)
    for r in ranking:
        name = view["names"][r["seat"]]
        color = th.TERRACOTTA if r["place"] == 1 else th.INK
        score = t.blit_text(surface, str(r["score"]), th.TEXT_BODY, color, topright=(side.right - t.s(24), y))
        line = f"{r['place']}. {name}"
        room = score.left - t.s(16) - (side.left + t.s(24))  # a long name shrinks, never runs into its score
        size = fit_size(t, line, th.TEXT_BODY, room)
        t.blit_text(surface, th.fit_text(t, line, size, room), size, color, topleft=(side.left + t.s(24), y))
        y += t.s(52)
