"""Game pieces drawn for the menus and the rules pages: tiles, leaders, dynasty emblems, treasures.

Owns: one function per piece that draws it into a rect, using the sprite when it exists
(`app.sprite`) and simple shapes otherwise, so every screen works before (and without) the art.
The table scene may use these too.

Must not import: game.rules, net, or any scene.
"""

from __future__ import annotations

import math
from typing import TYPE_CHECKING

import pygame

from game.ui.kit import theme as th

if TYPE_CHECKING:
    from game.ui.app import App


def _sprite(app: App, name: str, rect: pygame.Rect, surface: pygame.Surface) -> bool:
    image = app.sprite(name, rect.size)
    if image is None:
        return False
    surface.blit(image, rect)
    return True


def draw_score_column(app: App, surface: pygame.Surface, color: str, bar: pygame.Rect, icon: int, gap: int,
                      radius: int, rim: int, lighten: float) -> None:
    """One colour's score as a bar standing on its tile (the results and the rules' scoring page)."""
    pygame.draw.rect(surface, th.TILE_COLORS[color], bar, border_radius=radius)
    pygame.draw.rect(surface, th.lerp_color(th.TILE_COLORS[color], th.CREAM, lighten), bar, width=rim,
                     border_radius=radius)
    draw_tile(app, surface, pygame.Rect(bar.centerx - icon // 2, bar.bottom + gap, icon, icon), color)


def draw_tile(app: App, surface: pygame.Surface, rect: pygame.Rect, color: str) -> None:
    """A civilization tile of a colour (red, blue, green or black)."""
    if _sprite(app, f"tile_{color}", rect, surface):
        return
    rad = max(2, rect.width // 8)
    pygame.draw.rect(surface, th.TILE_COLORS[color], rect, border_radius=rad)
    pygame.draw.rect(
        surface,
        th.lerp_color(th.TILE_COLORS[color], th.CREAM, 0.5),
        rect,
        width=max(1, rect.width // 16),
        border_radius=rad,
    )


def draw_leader(app: App, surface: pygame.Surface, rect: pygame.Rect, dynasty: str, color: str) -> None:
    """A leader: its dynasty's symbol on a disc of its colour."""
    if _sprite(app, f"leader_{dynasty}_{color}", rect, surface):
        return
    pygame.draw.circle(surface, th.TILE_COLORS[color], rect.center, rect.width // 2)
    pygame.draw.circle(surface, th.GOLD, rect.center, rect.width // 2, max(2, rect.width // 14))
    draw_emblem_shape(surface, rect.inflate(-rect.width // 3, -rect.height // 3), dynasty, th.CREAM)


def draw_emblem(app: App, surface: pygame.Surface, rect: pygame.Rect, dynasty: str) -> None:
    """A dynasty's emblem medallion (bull, lion, archer, urn)."""
    if _sprite(app, f"dynasty_{dynasty}", rect, surface):
        return
    pygame.draw.circle(surface, th.SAND, rect.center, rect.width // 2)
    pygame.draw.circle(surface, th.DYNASTY_COLORS[dynasty], rect.center, rect.width // 2, max(2, rect.width // 12))
    draw_emblem_shape(surface, rect.inflate(-rect.width // 3, -rect.height // 3), dynasty, th.INK)


def draw_treasure(app: App, surface: pygame.Surface, rect: pygame.Rect, priority: bool = False) -> None:
    """A treasure chest (gold, a darker rim when it is a priority treasure)."""
    if _sprite(app, "treasure_priority" if priority else "treasure", rect, surface):
        return
    pygame.draw.circle(surface, th.GOLD, rect.center, rect.width // 2)
    pygame.draw.circle(surface, th.GOLD_DARK, rect.center, rect.width // 2, max(2, rect.width // 10))


def draw_catastrophe(app: App, surface: pygame.Surface, rect: pygame.Rect) -> None:
    if _sprite(app, "catastrophe", rect, surface):
        return
    pygame.draw.rect(surface, th.SHADOW, rect, border_radius=rect.width // 8)
    w = max(2, rect.width // 8)
    pygame.draw.line(surface, th.TERRACOTTA_LIGHT, rect.topleft, rect.bottomright, w)
    pygame.draw.line(surface, th.TERRACOTTA_LIGHT, rect.topright, rect.bottomleft, w)


def draw_emblem_shape(surface: pygame.Surface, rect: pygame.Rect, dynasty: str, color: pygame.Color) -> None:
    """Plain-shape emblems for when the art is missing."""
    cx, cy, r = rect.centerx, rect.centery, rect.width // 2
    line = max(2, r // 5)
    if dynasty == "bull":
        pygame.draw.circle(surface, color, (cx, cy + r // 4), r * 2 // 3)
        pygame.draw.arc(surface, color, rect.move(0, -r // 3), math.pi * 0.1, math.pi * 0.9, line)
    elif dynasty == "lion":
        for k in range(12):
            a = k * math.pi / 6
            pygame.draw.line(surface, color, (cx, cy), (cx + r * math.cos(a), cy + r * math.sin(a)), line)
        pygame.draw.circle(surface, color, (cx, cy), r * 3 // 5)
    elif dynasty == "archer":
        pygame.draw.arc(surface, color, rect, -math.pi / 2, math.pi / 2, line)
        pygame.draw.line(surface, color, rect.midtop, rect.midbottom, max(1, line // 2))
        pygame.draw.line(surface, color, (rect.left, cy), (rect.right, cy), max(1, line // 2))
    else:  # urn
        pts = [
            (cx - r // 3, rect.top),
            (cx + r // 3, rect.top),
            (cx + r // 4, cy - r // 3),
            (cx + r, cy + r // 4),
            (cx + r // 3, rect.bottom),
            (cx - r // 3, rect.bottom),
            (cx - r, cy + r // 4),
            (cx - r // 4, cy - r // 3),
        ]
        pygame.draw.polygon(surface, color, pts)
