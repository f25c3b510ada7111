"""Low-level painting helpers for make_sprites.py: gradients, masks, bevels, shadows, shapes.

Everything is drawn SS times larger than the final sprite and shrunk at the end, because pygame's
polygon and circle primitives are not antialiased and shrinking averages the jagged edges away.
This module imports only pygame and the standard library; it is never imported by the game.
"""

from __future__ import annotations

import math
import random
from collections.abc import Callable, Sequence

import pygame

SS = 4  # supersampling factor
INK = (255, 255, 255, 255)  # masks are white where the shape is...
HOLE = (0, 0, 0, 0)  # ...and transparent where it is cut away

Color = tuple[int, int, int] | tuple[int, int, int, int]
Point = tuple[float, float]


def canvas(w: int, h: int) -> pygame.Surface:
    """Return a transparent working surface of w x h pixels."""
    surf = pygame.Surface((w, h), pygame.SRCALPHA, 32)
    surf.fill((0, 0, 0, 0))
    return surf


def finish(surf: pygame.Surface, size: tuple[int, int]) -> pygame.Surface:
    """Shrink a supersampled surface to its final size (averaging gives the antialiasing)."""
    return pygame.transform.smoothscale(surf, size)


def mix(a: Color, b: Color, t: float) -> tuple[int, ...]:
    """Blend colour a towards b by t in 0..1 (alpha too, when both have it)."""
    t = max(0.0, min(1.0, t))
    return tuple(round(x + (y - x) * t) for x, y in zip(a, b, strict=False))


def shade(c: Color, k: float) -> tuple[int, int, int]:
    """Lighten (k > 0) towards white or darken (k < 0) towards black."""
    target = (255, 255, 255) if k > 0 else (0, 0, 0)
    return tuple(mix(c[:3], target, abs(k)))  # type: ignore[return-value]


def tint(mask: pygame.Surface, color: Color) -> pygame.Surface:
    """Return the mask coloured: colour where the mask is, alpha scaled by the mask."""
    out = mask.copy()
    rgba = tuple(color) if len(color) == 4 else (*color, 255)
    out.fill(rgba, special_flags=pygame.BLEND_RGBA_MULT)
    return out


def clip(layer: pygame.Surface, mask: pygame.Surface) -> pygame.Surface:
    """Return layer with its alpha limited to the mask (both the same size)."""
    out = layer.copy()
    out.blit(mask, (0, 0), special_flags=pygame.BLEND_RGBA_MULT)
    return out


def field(size: tuple[int, int], func: Callable[[float, float], Color], res: int = 64) -> pygame.Surface:
    """Paint func(u, v) (u, v in 0..1) at low resolution and stretch it smoothly to size.

    Smooth colour fields (diagonal light, radial glows) need no detail, so evaluating them on a
    small grid and letting smoothscale interpolate is both fast and free of banding steps.
    """
    w, h = size
    rw = max(2, min(res, w))
    rh = max(2, min(res, h))
    small = pygame.Surface((rw, rh), pygame.SRCALPHA, 32)
    for y in range(rh):
        for x in range(rw):
            c = func(x / (rw - 1), y / (rh - 1))
            small.set_at((x, y), c if len(c) == 4 else (*c, 255))
    return pygame.transform.smoothscale(small, size)


def vertical(size: tuple[int, int], stops: Sequence[tuple[float, Color]]) -> pygame.Surface:
    """Return a vertical gradient through colour stops [(position 0..1, colour), ...], row by row."""
    w, h = size
    surf = pygame.Surface(size, pygame.SRCALPHA, 32)
    for y in range(h):
        surf.fill(_stop_color(stops, y / max(1, h - 1)), (0, y, w, 1))
    return surf


def _stop_color(stops: Sequence[tuple[float, Color]], t: float) -> Color:
    for (p0, c0), (p1, c1) in zip(stops, stops[1:], strict=False):
        if t <= p1:
            return mix(c0, c1, (t - p0) / max(1e-9, p1 - p0))
    return stops[-1][1]


def blur(surf: pygame.Surface, radius: float) -> pygame.Surface:
    """Return a soft blurred copy; large radii blur a shrunk copy, which looks the same and is fast."""
    w, h = surf.get_size()
    k = max(1, int(radius // 6))
    small = pygame.transform.smoothscale(surf, (max(1, w // k), max(1, h // k)))
    small = pygame.transform.gaussian_blur(small, max(1, round(radius / k)), False)
    return pygame.transform.smoothscale(small, (w, h))


def drop_shadow(dest: pygame.Surface, mask: pygame.Surface, offset: Point, radius: float, alpha: int) -> None:
    """Blit a blurred dark copy of mask onto dest, shifted by offset."""
    pad = int(radius * 2)
    w, h = mask.get_size()
    big = canvas(w + 2 * pad, h + 2 * pad)
    big.blit(tint(mask, (0, 0, 0, alpha)), (pad, pad))
    dest.blit(blur(big, radius), (offset[0] - pad, offset[1] - pad))


def emboss(dest: pygame.Surface, mask: pygame.Surface, fill: pygame.Surface | Color, depth: float,
           light: Color = (255, 255, 255, 120), dark: Color = (0, 0, 0, 150), shadow: int = 110) -> None:
    """Stamp a raised shape: soft shadow, dark lower-right edge, light upper-left edge, then the face.

    The light always comes from the upper left, so every piece in the game reads as lit alike.
    """
    if shadow:
        drop_shadow(dest, mask, (depth * 0.9, depth * 1.3), depth * 1.6, shadow)
    dest.blit(tint(mask, dark), (depth * 0.5, depth * 0.5))
    dest.blit(tint(mask, light), (-depth * 0.35, -depth * 0.35))
    face = clip(fill, mask) if isinstance(fill, pygame.Surface) else tint(mask, fill)
    dest.blit(face, (0, 0))


def engrave(dest: pygame.Surface, mask: pygame.Surface, fill: Color, depth: float) -> None:
    """Cut a shape into dest: a dark upper-left lip, a light lower-right lip, then the sunken fill."""
    dest.blit(tint(mask, (255, 255, 255, 70)), (depth * 0.4, depth * 0.4))
    dest.blit(tint(mask, (0, 0, 0, 140)), (-depth * 0.4, -depth * 0.4))
    dest.blit(tint(mask, fill), (0, 0))


def rounded_mask(size: tuple[int, int], rect: pygame.Rect, radius: int) -> pygame.Surface:
    """Return a mask holding one rounded rectangle."""
    m = canvas(*size)
    pygame.draw.rect(m, INK, rect, border_radius=radius)
    return m


def circle_mask(size: tuple[int, int], center: Point, radius: float) -> pygame.Surface:
    """Return a mask holding one disc."""
    m = canvas(*size)
    pygame.draw.circle(m, INK, center, radius)
    return m


def speckle(dest: pygame.Surface, mask: pygame.Surface, rng: random.Random, count: int,
            colors: Sequence[Color], rmin: float, rmax: float) -> None:
    """Scatter small soft dots (grit in clay, pores in stone) inside mask."""
    w, h = dest.get_size()
    layer = canvas(w, h)
    for _ in range(count):
        c = rng.choice(colors)
        pygame.draw.circle(layer, c, (rng.uniform(0, w), rng.uniform(0, h)), rng.uniform(rmin, rmax))
    dest.blit(clip(blur(layer, rmin * 0.8), mask), (0, 0))


# ---- shapes as point lists -------------------------------------------------------------------


def arc_points(cx: float, cy: float, r: float, a0: float, a1: float, n: int = 48) -> list[Point]:
    """Points along a circle from angle a0 to a1 (degrees, 0 = right, 90 = down on screen)."""
    out = []
    for i in range(n + 1):
        a = math.radians(a0 + (a1 - a0) * i / n)
        out.append((cx + r * math.cos(a), cy + r * math.sin(a)))
    return out


def tapered_arc(cx: float, cy: float, r: float, a0: float, a1: float, w0: float, w1: float,
                n: int = 48) -> list[Point]:
    """A curved band along a circle whose width goes from w0 at a0 to w1 at a1 (horns, bows)."""
    outer, inner = [], []
    for i in range(n + 1):
        t = i / n
        a = math.radians(a0 + (a1 - a0) * t)
        w = w0 + (w1 - w0) * t
        outer.append((cx + (r + w / 2) * math.cos(a), cy + (r + w / 2) * math.sin(a)))
        inner.append((cx + (r - w / 2) * math.cos(a), cy + (r - w / 2) * math.sin(a)))
    return outer + inner[::-1]


def ellipse_poly(cx: float, cy: float, rx: float, ry: float, angle: float = 0.0, n: int = 40) -> list[Point]:
    """An ellipse as a polygon, rotated by angle degrees."""
    ca, sa = math.cos(math.radians(angle)), math.sin(math.radians(angle))
    pts = []
    for i in range(n):
        t = 2 * math.pi * i / n
        x, y = rx * math.cos(t), ry * math.sin(t)
        pts.append((cx + x * ca - y * sa, cy + x * sa + y * ca))
    return pts


def star_poly(cx: float, cy: float, r_out: float, r_in: float, points: int, rot: float = -90) -> list[Point]:
    """A star (or sunburst) with the given number of points."""
    pts = []
    for i in range(points * 2):
        r = r_out if i % 2 == 0 else r_in
        a = math.radians(rot + 180 * i / points)
        pts.append((cx + r * math.cos(a), cy + r * math.sin(a)))
    return pts


def rotate(points: Sequence[Point], center: Point, angle: float) -> list[Point]:
    """Rotate points about center by angle degrees (clockwise on screen)."""
    ca, sa = math.cos(math.radians(angle)), math.sin(math.radians(angle))
    cx, cy = center
    return [(cx + (x - cx) * ca - (y - cy) * sa, cy + (x - cx) * sa + (y - cy) * ca) for x, y in points]


def thick_line(surf: pygame.Surface, color: Color, p0: Point, p1: Point, width: float) -> None:
    """A line with round caps, as a polygon (pygame's wide lines have ragged square ends)."""
    dx, dy = p1[0] - p0[0], p1[1] - p0[1]
    length = math.hypot(dx, dy) or 1.0
    nx, ny = -dy / length * width / 2, dx / length * width / 2
    pygame.draw.polygon(surf, color, [(p0[0] + nx, p0[1] + ny), (p1[0] + nx, p1[1] + ny),
                                      (p1[0] - nx, p1[1] - ny), (p0[0] - nx, p0[1] - ny)])
    pygame.draw.circle(surf, color, p0, width / 2)
    pygame.draw.circle(surf, color, p1, width / 2)


def polyline(surf: pygame.Surface, color: Color, pts: Sequence[Point], width: float) -> None:
    """A smooth thick path through pts."""
    for a, b in zip(pts, pts[1:], strict=False):
        thick_line(surf, color, a, b, width)


def smooth_profile(knots: Sequence[Point], steps: int = 12) -> list[Point]:
    """Catmull-Rom curve through knots (used for the urn's outline)."""
    pts = [knots[0], *knots, knots[-1]]
    out: list[Point] = []
    for i in range(1, len(pts) - 2):
        p0, p1, p2, p3 = pts[i - 1], pts[i], pts[i + 1], pts[i + 2]
        for s in range(steps):
            t = s / steps
            out.append(tuple(  # type: ignore[arg-type]
                0.5 * (2 * p1[k] + (-p0[k] + p2[k]) * t + (2 * p0[k] - 5 * p1[k] + 4 * p2[k] - p3[k]) * t * t
                       + (-p0[k] + 3 * p1[k] - 3 * p2[k] + p3[k]) * t ** 3)
                for k in range(2)))
    out.append(knots[-1])
    return out


class Frame:
    """Maps symbol coordinates (-1..1 across a box, y down) to pixels on a surface."""

    def __init__(self, cx: float, cy: float, r: float) -> None:
        self.cx, self.cy, self.r = cx, cy, r

    def p(self, x: float, y: float) -> Point:
        """Pixel position of symbol point (x, y)."""
        return (self.cx + x * self.r, self.cy + y * self.r)

    def pts(self, points: Sequence[Point]) -> list[Point]:
        """Pixel positions of many symbol points."""
        return [self.p(x, y) for x, y in points]

    def s(self, d: float) -> float:
        """Pixel length of symbol length d."""
        return d * self.r
