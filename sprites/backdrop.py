"""The title screen's backdrop for make_sprites.py: two rivers crossing a plain at dusk.

The picture keeps its middle calm (sky above, open plain below) because the client draws the title
and animates on top of it; the detail sits at the horizon and along the river banks.
"""

from __future__ import annotations

import math
import random

import pygame
from paint import INK, Color, blur, canvas, clip, field, finish, polyline, tapered_arc, vertical

SCALE = 2  # supersampling: the river banks and palms are polygons


def paint_backdrop(size: tuple[int, int], rng: random.Random) -> pygame.Surface:
    """Paint the whole scene and return it at size."""
    w, h = size[0] * SCALE, size[1] * SCALE
    horizon = h * 0.54
    surf = pygame.Surface((w, h), pygame.SRCALPHA, 32)
    _sky(surf, horizon, rng)
    _skyline(surf, horizon, rng)
    _ground(surf, horizon, rng)
    for lane, drift, phase in ((-0.42, -0.07, 0.4), (0.36, 0.06, 2.6)):
        _river(surf, horizon, lane, drift, phase, rng)
    _palms(surf, horizon, rng)
    _vignette(surf)
    out = finish(surf, size)
    opaque = pygame.Surface(size)  # no alpha: a backdrop is never see-through, and it saves space
    opaque.blit(out, (0, 0))
    return opaque


def _sky(surf: pygame.Surface, horizon: float, rng: random.Random) -> None:
    """Night above, fire at the horizon; stars fade out as the sky warms, and a low sun glows."""
    w, h = surf.get_size()
    hz = horizon / h
    stops: list[tuple[float, Color]] = [(0.0, (14, 14, 42)), (hz * 0.45, (40, 30, 80)), (hz * 0.75, (112, 58, 100)),
                                        (hz * 0.93, (214, 112, 84)), (hz, (252, 182, 104)), (1.0, (252, 182, 104))]
    surf.blit(vertical((w, h), stops), (0, 0))
    stars = canvas(w, h)
    for _ in range(420):
        y = rng.random() ** 1.8 * horizon * 0.75
        a = int(230 * (1 - y / (horizon * 0.75)))
        pygame.draw.circle(stars, (255, 246, 226, a), (rng.uniform(0, w), y), rng.choice((1.5, 2, 2, 3, 4)))
    surf.blit(stars, (0, 0))
    sun = (w * 0.63, horizon)
    glow = canvas(w, h)
    pygame.draw.circle(glow, (255, 150, 80, 150), sun, h * 0.2)
    surf.blit(blur(glow, h * 0.08), (0, 0))
    pygame.draw.circle(surf, (255, 224, 160), sun, h * 0.045)
    clouds = canvas(w, h)
    for _ in range(9):
        cy = rng.uniform(horizon * 0.62, horizon * 0.92)
        cx = rng.uniform(-0.1, 1.1) * w
        pygame.draw.ellipse(clouds, (255, 170, 140, 90), (cx, cy, rng.uniform(0.15, 0.35) * w, h * 0.012))
        pygame.draw.ellipse(clouds, (90, 50, 90, 80), (cx + w * 0.02, cy + h * 0.01, rng.uniform(0.1, 0.3) * w,
                                                       h * 0.01))
    surf.blit(blur(clouds, h * 0.006), (0, 0))


def _skyline(surf: pygame.Surface, horizon: float, rng: random.Random) -> None:
    """Low hills and a far city with its ziggurat, as a dusky silhouette on the horizon."""
    w, h = surf.get_size()
    far = canvas(w, h)
    pts = [(0.0, horizon)]
    for i in range(61):
        x = w * i / 60
        pts.append((x, horizon - h * (0.008 + 0.012 * (0.5 + 0.5 * math.sin(i * 0.7 + 1.3)) * rng.random())))
    pts.append((float(w), horizon + 2))
    pts.append((0.0, horizon + 2))
    pygame.draw.polygon(far, (92, 52, 78, 255), pts)
    zx, base = w * 0.3, horizon + 2
    for k, (half, top) in enumerate(((0.06, 0.028), (0.042, 0.05), (0.026, 0.07), (0.01, 0.084))):
        tone = (70 - k * 4, 40, 66)
        pygame.draw.polygon(far, tone, [(zx - w * half, base), (zx + w * half, base),
                                        (zx + w * half * 0.9, horizon - h * top),
                                        (zx - w * half * 0.9, horizon - h * top)])
        base = horizon - h * top + 2
    for _ in range(22):  # houses of the city around it
        x = zx + rng.uniform(-0.14, 0.14) * w
        bw, bh = rng.uniform(0.006, 0.016) * w, rng.uniform(0.008, 0.02) * h
        pygame.draw.rect(far, (80, 46, 72), (x, horizon - bh, bw, bh + 2))
    surf.blit(far, (0, 0))


def _ground(surf: pygame.Surface, horizon: float, rng: random.Random) -> None:
    """The plain: warm near the sun, sinking to dark earth in front, with furrows for depth."""
    w, h = surf.get_size()
    gh = int(h - horizon) + 1
    ground = vertical((w, gh), [(0.0, (134, 78, 70)), (0.25, (100, 58, 56)), (1.0, (42, 28, 30))])
    warm = field((w, gh), lambda u, v: (255, 170, 100, int(max(0.0, 90 * (1 - abs(u - 0.63) * 2.5) * (1 - v)))))
    ground.blit(warm, (0, 0))
    patches = canvas(w, gh)
    for _ in range(160):
        t = rng.random() ** 1.5  # more, smaller patches towards the horizon: perspective
        pw = w * (0.04 + 0.25 * t)
        tone = rng.choice(((20, 10, 12, 34), (170, 110, 80, 22)))
        pygame.draw.ellipse(patches, tone, (rng.uniform(-0.1, 1.0) * w, t * gh, pw, pw * 0.12 * (0.3 + t)))
    ground.blit(blur(patches, 6), (0, 0))
    surf.blit(ground, (0, int(horizon)))


def _river_path(w: float, h: float, horizon: float, lane: float, drift: float,
                phase: float) -> list[tuple[float, float, float]]:
    """Centre line of a river as (x, y, half width), from the horizon to the bottom edge.

    The river meanders in ground coordinates and is projected with perspective (screen offset and
    width shrink as 1/distance), so its bends tighten naturally towards the horizon.
    """
    out = []
    vp = w * 0.55
    for i in range(241):
        s = 1 / 30 + (1 - 1 / 30) * (i / 240) ** 1.5  # screen depth: 1 at the bottom edge
        d = 1 / s
        ground_x = lane + drift * d + 0.3 * math.sin(d * 0.42 + phase)
        out.append((vp + ground_x * s * w, horizon + (h - horizon) * s + 2, w * 0.1 * s))
    return out


def _river(surf: pygame.Surface, horizon: float, lane: float, drift: float, phase: float,
           rng: random.Random) -> None:
    """A river that mirrors the sky: bright at the horizon, deep lapis in front, with sun glints."""
    w, h = surf.get_size()
    path = _river_path(w, h, horizon, lane, drift, phase)
    for widen, color in ((1.1, (40, 26, 26, 255)), (1.0, INK)):
        left = [(x - hw * widen - widen + 1, y) for x, y, hw in path]
        right = [(x + hw * widen + widen - 1, y) for x, y, hw in reversed(path)]
        mask = canvas(w, h)
        pygame.draw.polygon(mask, color, left + right)
        if color == INK:
            water = vertical((w, h), [(0.0, (250, 190, 120)), (horizon / h, (250, 190, 120)),
                                      (horizon / h + 0.06, (170, 100, 120)), (0.8, (58, 62, 130)),
                                      (1.0, (30, 44, 100))])
            surf.blit(clip(water, mask), (0, 0))
            _glints(surf, mask, path, rng)
        else:
            surf.blit(mask, (0, 0))


def _glints(surf: pygame.Surface, mask: pygame.Surface, path: list[tuple[float, float, float]],
            rng: random.Random) -> None:
    """Short horizontal streaks of reflected light on the water."""
    w, h = surf.get_size()
    layer = canvas(w, h)
    for _ in range(140):
        x, y, hw = path[rng.randrange(10, len(path))]
        gx = x + rng.uniform(-0.8, 0.8) * hw
        near_sun = max(0.0, 1 - abs(gx / w - 0.63) * 2)
        length = hw * rng.uniform(0.1, 0.35)
        a = int(60 + 140 * near_sun)
        pygame.draw.line(layer, (255, 220, 170, a), (gx - length, y), (gx + length, y), max(2, int(hw * 0.02)))
    surf.blit(clip(blur(layer, 2), mask), (0, 0))


def _palms(surf: pygame.Surface, horizon: float, rng: random.Random) -> None:
    """Date palms along the banks, in silhouette, larger the nearer they stand."""
    w, h = surf.get_size()
    layer = canvas(w, h)
    spots = [(0.04, 0.55), (0.09, 0.32), (0.25, 0.16), (0.36, 0.08), (0.7, 0.1), (0.78, 0.22), (0.95, 0.45),
             (0.86, 0.7), (0.52, 0.04), (0.19, 0.9)]
    for fx, depth in spots:
        base = (fx * w, horizon + (h - horizon) * depth ** 1.2)
        _palm(layer, base, h * (0.06 + 0.42 * depth), rng)
    surf.blit(layer, (0, 0))


def _palm(layer: pygame.Surface, base: tuple[float, float], height: float, rng: random.Random) -> None:
    """One palm: a leaning, slightly curved trunk and a crown of drooping fronds."""
    color = (30, 18, 28, 255)
    lean = rng.uniform(-0.25, 0.25)
    trunk = [(base[0] + lean * height * (t / 10) ** 1.5, base[1] - height * t / 10) for t in range(11)]
    for a, b in zip(trunk, trunk[1:], strict=False):
        polyline(layer, color, [a, b], height * 0.045)
    top = trunk[-1]
    for i in range(9):
        ang = -180 + i * 22.5 + rng.uniform(-8, 8)
        side = 1 if ang > -90 else -1
        r = height * rng.uniform(0.28, 0.4)
        # each frond is an arc drooping outward from the crown
        a0, a1 = ang, ang + 70 * side
        pts = tapered_arc(top[0] + r * math.cos(math.radians(a0 + 90 * side)),
                          top[1] + r * math.sin(math.radians(a0 + 90 * side)),
                          r, a0 - 90 * side, a1 - 90 * side, height * 0.05, height * 0.004, 16)
        pygame.draw.polygon(layer, color, pts)
    pygame.draw.circle(layer, color, top, height * 0.05)


def _vignette(surf: pygame.Surface) -> None:
    """Darken the corners a little to hold the eye in the middle."""
    w, h = surf.get_size()
    shade = field((w, h), lambda u, v: (0, 0, 0, int(min(150.0, 230 * max(0.0, math.hypot(u - 0.5, v - 0.5) - 0.35)))),
                  res=32)
    surf.blit(shade, (0, 0))



