"""The animated dusk backdrop shared by every menu screen.

Owns: the picture (sprites/title_backdrop.png scaled to cover the window, or a drawn gradient
when the art is missing), the light glinting as it flows down the two rivers, twinkling stars and
drifting dust. One instance lives in `app.shared["backdrop"]` so that it keeps moving, unbroken,
from screen to screen; menus other than the title draw it dimmed.

Must not import: game.rules, net, or any scene.
"""

from __future__ import annotations

import math
import random
from dataclasses import dataclass
from typing import TYPE_CHECKING

import pygame

from game.ui.kit import theme as th

if TYPE_CHECKING:
    from game.ui.app import App

ART_SIZE = (1920, 1080)
HORIZON = 0.54
# (x at the horizon, x at the bottom, meander phase): the same rivers as the backdrop art.
RIVERS = ((0.47, 0.12, 0.4), (0.6, 0.9, 2.2))


def river_point(s: float, river: tuple[float, float, float]) -> tuple[float, float, float]:
    """(x, y, half width) of a river at s (0 horizon .. 1 bottom), in fractions of the art."""
    x_far, x_near, phase = river
    s = min(1.0, max(0.0, s))
    y = HORIZON + (1 - HORIZON) * s**1.7
    x = x_far + (x_near - x_far) * s**1.3 + 0.07 * s * math.sin(7 * (1 - s) ** 1.5 + phase)
    return x, y, 0.09 * s**1.6


@dataclass
class Glint:
    river: int
    s: float
    u: float  # across the river, -1..1
    speed: float
    phase: float


@dataclass
class Mote:
    x: float
    y: float
    vx: float
    vy: float
    size: float
    phase: float


class Backdrop:
    """Draw with `draw(surface, dim)`; call `update(dt)` once per frame."""

    def __init__(self, app: App) -> None:
        self.app = app
        rng = random.Random(7)
        self.time = 0.0
        self.glints = [
            Glint(i % 2, rng.uniform(0.08, 1), rng.uniform(-0.75, 0.75), rng.uniform(0.03, 0.07), rng.uniform(0, 6))
            for i in range(90)
        ]
        self.motes = [
            Mote(
                rng.random(),
                rng.uniform(0.3, 1.0),
                rng.uniform(-0.01, 0.01),
                rng.uniform(-0.02, -0.006),
                rng.uniform(1.5, 4),
                rng.uniform(0, 6),
            )
            for _ in range(50)
        ]
        self.stars = [
            (rng.random(), rng.uniform(0.02, 0.35), rng.uniform(0, 6), rng.uniform(1.5, 3)) for _ in range(28)
        ]
        self._frame = -1
        self._cache: dict[tuple[tuple[int, int], int], pygame.Surface] = {}

    # -- geometry: the art is scaled to cover the window, centred -------------------------------------
    def _cover(self, size: tuple[int, int]) -> tuple[float, float, float]:
        k = max(size[0] / ART_SIZE[0], size[1] / ART_SIZE[1])
        return k, (size[0] - ART_SIZE[0] * k) / 2, (size[1] - ART_SIZE[1] * k) / 2

    def to_screen(self, size: tuple[int, int], fx: float, fy: float) -> tuple[float, float]:
        k, ox, oy = self._cover(size)
        return ox + fx * ART_SIZE[0] * k, oy + fy * ART_SIZE[1] * k

    def update(self, dt: float) -> None:
        if self._frame == self.app.frame:
            return  # two visible menus share one backdrop: move it once a frame
        self._frame = self.app.frame
        dt *= self.app.motion  # "off" freezes the scenery
        self.time += dt
        for g in self.glints:
            g.s += g.speed * dt * (0.4 + g.s)  # faster as the river comes nearer
            if g.s > 1.02:
                g.s = 0.08
        for m in self.motes:
            m.x = (m.x + m.vx * dt) % 1.0
            m.y += m.vy * dt
            if m.y < 0.05:
                m.y = 1.0

    # -- drawing -------------------------------------------------------------------------------------
    def static(self, size: tuple[int, int], dim: float) -> pygame.Surface:
        """The still picture at this size and dimming, built once."""
        key = (size, round(dim * 20))
        if key not in self._cache:
            if len(self._cache) > 6:
                self._cache.clear()
            self._cache[key] = self._build(size, dim)
        return self._cache[key]

    def _build(self, size: tuple[int, int], dim: float) -> pygame.Surface:
        k, ox, oy = self._cover(size)
        art_size = (math.ceil(ART_SIZE[0] * k), math.ceil(ART_SIZE[1] * k))
        art = self.app.sprite("title_backdrop", art_size)
        surface = pygame.Surface(size)
        if art is not None:
            surface.blit(art, (round(ox), round(oy)))
        else:
            self._draw_fallback(surface)
        if dim > 0:
            veil = pygame.Surface(size, pygame.SRCALPHA)
            veil.fill((*th.LAPIS_DEEP[:3], round(255 * dim)))
            surface.blit(veil, (0, 0))
        return surface.convert() if pygame.display.get_surface() is not None else surface

    def _draw_fallback(self, surface: pygame.Surface) -> None:
        size = surface.get_size()
        horizon = round(self.to_screen(size, 0, HORIZON)[1])
        surface.blit(th.vertical_gradient((size[0], horizon), th.LAPIS_DEEP, th.TERRACOTTA), (0, 0))
        ground = th.vertical_gradient((size[0], size[1] - horizon), th.CLAY, th.lerp_color(th.CLAY, th.SHADOW, 0.5))
        surface.blit(ground, (0, horizon))
        for river in RIVERS:
            pts = [river_point(i / 40, river) for i in range(41)]
            left = [self.to_screen(size, x - hw, y) for x, y, hw in pts]
            right = [self.to_screen(size, x + hw, y) for x, y, hw in reversed(pts)]
            pygame.draw.polygon(surface, th.RIVER, left + right)

    def draw(self, surface: pygame.Surface, dim: float = 0.0) -> None:
        size = surface.get_size()
        surface.blit(self.static(size, dim), (0, 0))
        light = 1.0 - dim
        self._draw_stars(surface, size, light)
        self._draw_glints(surface, size, light)
        self._draw_motes(surface, size, light)

    def _draw_stars(self, surface: pygame.Surface, size: tuple[int, int], light: float) -> None:
        scale = size[1] / ART_SIZE[1]
        sky = th.lerp_color(th.LAPIS_DEEP, (40, 30, 80), 0.5)
        for fx, fy, phase, r in self.stars:
            twinkle = 0.5 + 0.5 * math.sin(self.time * 1.7 + phase)
            color = th.lerp_color(sky, th.CREAM, light * (0.25 + 0.75 * twinkle))
            pygame.draw.circle(surface, color, self.to_screen(size, fx, fy), max(1, r * scale * (0.6 + 0.4 * twinkle)))

    def _draw_glints(self, surface: pygame.Surface, size: tuple[int, int], light: float) -> None:
        k = self._cover(size)[0]
        for g in self.glints:
            x, y, hw = river_point(g.s, RIVERS[g.river])
            sx, sy = self.to_screen(size, x + g.u * hw, y)
            half = max(2.0, hw * ART_SIZE[0] * k * 0.18)
            shine = max(0.0, math.sin(self.time * 2.2 + g.phase)) * min(1.0, g.s * 3) * light
            water = th.lerp_color((170, 100, 130), (34, 46, 104), g.s)
            color = th.lerp_color(water, (255, 226, 180), 0.85 * shine)
            width = max(1, round(2 * k * (0.5 + g.s)))
            pygame.draw.line(surface, color, (sx - half, sy), (sx + half, sy), width)

    def _draw_motes(self, surface: pygame.Surface, size: tuple[int, int], light: float) -> None:
        scale = size[1] / ART_SIZE[1]
        for m in self.motes:
            glow = 0.5 + 0.5 * math.sin(self.time * 1.3 + m.phase)
            color = th.lerp_color((90, 60, 60), th.GOLD_LIGHT, light * (0.35 + 0.5 * glow))
            x = m.x * size[0] + math.sin(self.time * 0.6 + m.phase) * 12 * scale
            pygame.draw.circle(surface, color, (x, m.y * size[1]), max(1.0, m.size * scale))


def shared_backdrop(app: App) -> Backdrop:
    """The one backdrop every menu draws (created on first use)."""
    backdrop = app.shared.get("backdrop")
    if backdrop is None:
        backdrop = app.shared["backdrop"] = Backdrop(app)
    return backdrop
