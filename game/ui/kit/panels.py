"""Clay tablets, their shadows and the few glyphs drawn as shapes: what every panel and widget is drawn on.

Owns: `draw_panel` (a rounded, bordered tablet with a lighter top edge and a soft shadow, composed once
and cached for panels drawn every frame at the same size), `draw_shadow` and `draw_icon` (arrows, plus
and minus: the default font lacks them).

Must not import: game.rules, net, or any scene.
"""

from __future__ import annotations

from functools import lru_cache

import pygame

from game.ui.kit import theme as th
from game.ui.kit.theme import Theme


@lru_cache(maxsize=128)
def shadow_layer(size: tuple[int, int], radius: int, alpha: int) -> pygame.Surface:
    """One rounded layer of shadow (a glow under a hovered row, or half of a drop shadow)."""
    surf = pygame.Surface(size, pygame.SRCALPHA)
    pygame.draw.rect(surf, (*th.SHADOW[:3], alpha), surf.get_rect(), border_radius=radius)
    return surf


@lru_cache(maxsize=128)
def _soft_shadow(size: tuple[int, int], radius: int, offset: int, alpha: int) -> pygame.Surface:
    """Both layers of a drop shadow composed once, so each frame blits one surface, not two."""
    w, h = size
    surf = pygame.Surface((w + offset, h + offset), pygame.SRCALPHA)
    for grow, a in ((offset, alpha // 2), (0, alpha)):
        layer = shadow_layer((w + grow, h + grow), radius + grow // 2, a)
        surf.blit(layer, ((offset - grow) // 2, (offset - grow) // 2))
    return surf


def draw_shadow(surface: pygame.Surface, rect: pygame.Rect, radius: int, offset: int, alpha: int = 110) -> None:
    """A soft drop shadow under a rounded rect (two layers read as soft from across a room)."""
    shade = _soft_shadow(rect.size, radius, offset, alpha)
    surface.blit(shade, (rect.left, rect.top + offset - offset // 2))  # sunk below, grown to both sides


# Panels drawn every frame at the same size (the table's side, seats, log, tray) are composed once and
# blitted in one go; a panel is cached the second time it is seen, within a pixel budget.
_PANELS: dict[tuple, pygame.Surface] = {}
_PANELS_SEEN: set[tuple] = set()
PANEL_CACHE_PIXELS = 4_000_000


def draw_panel(
    surface: pygame.Surface,
    rect: pygame.Rect,
    theme: Theme,
    fill: pygame.Color = th.SAND,
    border: pygame.Color = th.GOLD_DARK,
    *,
    radius: int = 22,
    shadow: bool = True,
) -> None:
    """A clay tablet: rounded, bordered, with a lighter top edge and a shadow."""
    key = (rect.size, tuple(fill), tuple(border), radius, shadow, theme.scale)
    image = _PANELS.get(key)
    opaque = all(len(tuple(c)) < 4 or tuple(c)[3] == 255 for c in (fill, border))  # see-through: drawn directly
    if image is None and key in _PANELS_SEEN and opaque:
        image = _panel_image(rect.size, theme, fill, border, radius, shadow)
        if sum(i.get_width() * i.get_height() for i in _PANELS.values()) > PANEL_CACHE_PIXELS:
            _PANELS.clear()
        _PANELS[key] = image
    if image is not None:
        surface.blit(image, rect.topleft)
        return
    if len(_PANELS_SEEN) > 256:
        _PANELS_SEEN.clear()
    _PANELS_SEEN.add(key)
    _paint_panel(surface, rect, theme, fill, border, radius, shadow)


def _panel_image(size: tuple[int, int], theme: Theme, fill: pygame.Color, border: pygame.Color, radius: int,
                 shadow: bool) -> pygame.Surface:
    """The panel and its shadow on a transparent surface whose top-left is the panel's."""
    off = theme.s(10)
    image = pygame.Surface((size[0] + off, size[1] + 2 * off), pygame.SRCALPHA)
    _paint_panel(image, pygame.Rect((0, 0), size), theme, fill, border, radius, shadow)
    return image


def _paint_panel(surface: pygame.Surface, rect: pygame.Rect, theme: Theme, fill: pygame.Color,
                 border: pygame.Color, radius: int, shadow: bool) -> None:
    rad = theme.s(radius)
    if shadow:
        draw_shadow(surface, rect, rad, theme.s(10))
    pygame.draw.rect(surface, fill, rect, border_radius=rad)
    hi = rect.inflate(-theme.s(10), -theme.s(10))
    pygame.draw.rect(
        surface,
        th.lerp_color(fill, th.CREAM, 0.35),
        hi,
        width=max(1, theme.s(2)),
        border_radius=max(1, rad - theme.s(5)),
    )
    pygame.draw.rect(surface, border, rect, width=max(2, theme.s(4)), border_radius=rad)


def draw_icon(surface: pygame.Surface, kind: str, rect: pygame.Rect, color: pygame.Color) -> None:
    """Glyphs drawn as shapes (the default font lacks arrows and a true minus)."""
    c, r = rect.center, min(rect.width, rect.height) // 2
    bar = max(3, r // 3)
    if kind in ("minus", "plus"):
        pygame.draw.rect(
            surface,
            color,
            pygame.Rect(0, 0, 2 * r, bar).move(c[0] - r, c[1] - bar // 2),
            border_radius=bar // 2,
        )
        if kind == "plus":
            pygame.draw.rect(
                surface,
                color,
                pygame.Rect(0, 0, bar, 2 * r).move(c[0] - bar // 2, c[1] - r),
                border_radius=bar // 2,
            )
    elif kind in ("left", "right"):
        d = -1 if kind == "left" else 1
        pts = [(c[0] + d * r, c[1]), (c[0] - d * r * 0.7, c[1] - r), (c[0] - d * r * 0.7, c[1] + r)]
        pygame.draw.polygon(surface, color, pts)
