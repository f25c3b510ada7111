"""Larger pieces and board art for make_sprites.py: monuments, buildings, the ziggurat, land and river
textures, the title backdrop and the window icon.
"""

from __future__ import annotations

import math
import random

import pygame
from paint import (
    HOLE,
    INK,
    SS,
    Color,
    Frame,
    canvas,
    clip,
    drop_shadow,
    emboss,
    field,
    finish,
    mix,
    polyline,
    shade,
    speckle,
    tint,
)
from pieces import BODY, GOLD, IVORY, symbol_ink
from symbols import TILE_SYMBOLS

MONUMENT = 512
BUILDING = 256
TEXTURE = 128
BACKDROP = (1920, 1080)


# ---- monuments ---------------------------------------------------------------------------------


def _tier(surf: pygame.Surface, x0: float, x1: float, slope: float, color: Color) -> None:
    """One square tier seen from above: four sloping faces lit from the upper left, then its flat top."""
    a, b = x0 + slope, x1 - slope
    faces = [
        ([(x0, x0), (x1, x0), (b, a), (a, a)], 0.35),  # north face catches the light
        ([(x0, x0), (a, a), (a, b), (x0, x1)], 0.18),  # west
        ([(x1, x0), (x1, x1), (b, b), (b, a)], -0.35),  # east
        ([(x0, x1), (a, b), (b, b), (x1, x1)], -0.5),  # south, deepest shadow
    ]
    for pts, k in faces:
        pygame.draw.polygon(surf, shade(color, k), pts)
    top = field((int(b - a) + 1, int(b - a) + 1), lambda u, v: mix(shade(color, 0.12), shade(color, -0.12),
                                                                    (u + v) / 2), res=8)
    surf.blit(top, (a, a))


def monument(c1: str, c2: str) -> pygame.Surface:
    """A two-coloured stepped monument over a 2x2 block: c1 for the base tiers, c2 for the top.

    Both colours' symbols are on it (c1 at the corners, c2 on top), so it reads without colour.
    """
    n = MONUMENT * SS
    surf = canvas(n, n)
    base = canvas(n, n)
    pygame.draw.rect(base, INK, (n * 0.04, n * 0.04, n * 0.92, n * 0.92))
    drop_shadow(surf, base, (n * 0.015, n * 0.022), n * 0.02, 170)
    layer = canvas(n, n)
    lo, hi = BODY[c1], BODY[c2]
    for x0, slope, col in ((0.04, 0.04, lo), (0.25, 0.035, shade(hi, -0.06)), (0.35, 0.03, hi)):
        _tier(layer, n * x0, n * (1 - x0), n * slope, col)
    _stair(layer, n, 0.75, 0.96, 0.06)
    _stair(layer, n, 0.65, 0.75, 0.045)
    surf.blit(layer, (0, 0))
    for cx in (0.155, 0.845):
        for cy in (0.155, 0.845):
            _medallion(surf, c1, Frame(n * cx, n * cy, n * 0.08))
    mask = canvas(n, n)
    TILE_SYMBOLS[c2](mask, Frame(n * 0.5, n * 0.5, n * 0.12))
    emboss(surf, mask, symbol_ink(c2), n * 0.005)
    return finish(surf, (MONUMENT, MONUMENT))


def _stair(layer: pygame.Surface, n: int, top: float, bottom: float, half: float) -> None:
    """A flight of steps climbing the south face of a tier, from y=bottom up to y=top."""
    x0, x1 = n * (0.5 - half), n * (0.5 + half)
    y0, y1 = n * top, n * bottom
    pygame.draw.rect(layer, (70, 56, 44), (x0 - n * 0.01, y0, x1 - x0 + n * 0.02, y1 - y0))
    steps = max(4, round((bottom - top) * 40))
    for i in range(steps):
        y = y0 + (y1 - y0) * i / steps
        h = (y1 - y0) / steps
        pygame.draw.rect(layer, (226, 206, 168), (x0, y, x1 - x0, h * 0.55))
        pygame.draw.rect(layer, (150, 126, 96), (x0, y + h * 0.55, x1 - x0, h * 0.45))


def _medallion(surf: pygame.Surface, color: str, f: Frame) -> None:
    """A small plaque in a colour's body with that colour's symbol, set into a monument's base."""
    n = surf.get_width()
    plate = canvas(n, n)
    pygame.draw.rect(plate, INK, (f.cx - f.r, f.cy - f.r, 2 * f.r, 2 * f.r), border_radius=int(f.r * 0.3))
    emboss(surf, plate, shade(BODY[color], -0.25), f.r * 0.06, shadow=0)
    mask = canvas(n, n)
    TILE_SYMBOLS[color](mask, Frame(f.cx, f.cy, f.r * 0.75))
    emboss(surf, mask, symbol_ink(color), f.r * 0.05, shadow=0)


# ---- civilization buildings --------------------------------------------------------------------


def _outline(surf: pygame.Surface, mask: pygame.Surface, width: float, color: Color) -> None:
    """Draw a dark outline around a mask by stamping it in a ring of offsets (a cheap dilation)."""
    dark = tint(mask, color)
    for i in range(16):
        a = 2 * math.pi * i / 16
        surf.blit(dark, (math.cos(a) * width, math.sin(a) * width))


def building(color: str) -> pygame.Surface:
    """A civilization building: ivory stone with accents in its colour and a shape of its own.

    It stands on a tile of the same colour, so the body is light and outlined dark to stand out.
    """
    n = BUILDING * SS
    body = canvas(n, n)
    accent = canvas(n, n)
    f = Frame(n * 0.5, n * 0.52, n * 0.4)
    {"black": _palace, "green": _market_hall, "red": _library, "blue": _granary}[color](body, accent, f)
    whole = body.copy()
    whole.blit(accent, (0, 0))
    surf = canvas(n, n)
    drop_shadow(surf, whole, (n * 0.02, n * 0.03), n * 0.025, 190)
    _outline(surf, whole, n * 0.014, (30, 20, 14, 255))
    stone = field((n, n), lambda u, v: mix((252, 244, 222), (206, 184, 146), (u + v) / 2))
    emboss(surf, body, stone, n * 0.006, shadow=0)
    tone = BODY[color] if color != "black" else (58, 60, 72)
    paint = field((n, n), lambda u, v: mix(shade(tone, 0.25), shade(tone, -0.25), (u + v) / 2))
    emboss(surf, accent, paint, n * 0.006, shadow=0)
    return finish(surf, (BUILDING, BUILDING))


def _rect(m: pygame.Surface, f: Frame, x0: float, y0: float, x1: float, y1: float, c: Color = INK) -> None:
    pygame.draw.polygon(m, c, f.pts([(x0, y0), (x1, y0), (x1, y1), (x0, y1)]))


def _palace(body: pygame.Surface, accent: pygame.Surface, f: Frame) -> None:
    """Palace: a wide crenellated wall with a tall gate tower crowned in the middle."""
    _rect(body, f, -0.9, -0.2, 0.9, 0.8)
    for i in range(9):
        x = -0.9 + i * 0.2125
        _rect(body, f, x, -0.34, x + 0.12, -0.2)
    _rect(body, f, -0.34, -0.62, 0.34, 0.8)
    for i in range(4):
        x = -0.34 + i * 0.19
        _rect(body, f, x, -0.76, x + 0.11, -0.62)
    pygame.draw.polygon(accent, INK, f.pts([(-0.26, -0.78), (-0.3, -0.98), (-0.13, -0.86), (0, -1.02),
                                            (0.13, -0.86), (0.3, -0.98), (0.26, -0.78)]))
    _rect(accent, f, -0.18, 0.2, 0.18, 0.8)
    pygame.draw.circle(accent, INK, f.p(0, 0.2), f.s(0.18))
    for x in (-0.7, -0.52, 0.42, 0.6):
        _rect(accent, f, x, 0.1, x + 0.1, 0.34)


def _market_hall(body: pygame.Surface, accent: pygame.Surface, f: Frame) -> None:
    """Market hall: an open colonnade under a striped awning with a scalloped edge."""
    _rect(body, f, -0.86, -0.1, 0.86, 0.8)
    for i in range(4):
        x = -0.66 + i * 0.44
        _rect(body, f, x - 0.1, 0.0, x + 0.1, 0.8, HOLE)
    _rect(body, f, -0.95, 0.7, 0.95, 0.86)
    for i in range(8):
        x0 = -0.95 + i * 1.9 / 8
        m = accent if i % 2 == 0 else body
        pygame.draw.polygon(m, INK, f.pts([(x0 * 0.7, -0.72), (x0 * 0.7 + 0.166, -0.72), (x0 + 0.2375, -0.12),
                                           (x0, -0.12)]))
        pygame.draw.circle(m, INK, f.p(x0 + 0.119, -0.12), f.s(0.119))
    _rect(body, f, -0.7, -0.8, 0.7, -0.68)


def _library(body: pygame.Surface, accent: pygame.Surface, f: Frame) -> None:
    """Library: a great clay tablet with rows of cuneiform wedges, on a stepped plinth."""
    _rect(body, f, -0.8, 0.6, 0.8, 0.86)
    _rect(body, f, -0.62, 0.46, 0.62, 0.62)
    pygame.draw.rect(accent, INK, pygame.Rect(*f.p(-0.56, -0.92), f.s(1.12), f.s(1.4)), border_radius=int(f.s(0.14)))
    rng = random.Random(7)
    for row in range(6):
        y = -0.76 + row * 0.2
        x = -0.44
        while x < 0.36:
            w = rng.choice((0.1, 0.14, 0.18))
            # a wedge: the mark a reed stylus leaves in clay
            pygame.draw.polygon(accent, HOLE, f.pts([(x, y), (x + w, y + 0.03), (x, y + 0.09)]))
            x += w + 0.07


def _granary(body: pygame.Surface, accent: pygame.Surface, f: Frame) -> None:
    """Granary: a beehive dome of mud brick with painted bands and a small door."""
    pts = [(x / 30 * 1.6 - 0.8, 0.8 - 1.7 * (1 - (x / 30 * 2 - 1) ** 2) ** 0.8) for x in range(31)]
    pygame.draw.polygon(body, INK, f.pts(pts))
    for y, h in ((-0.5, 0.1), (-0.1, 0.12), (0.34, 0.12)):
        band = canvas(*body.get_size())
        _rect(band, f, -1, y, 1, y + h)
        accent.blit(clip(band, body), (0, 0))
    _rect(body, f, -0.18, 0.44, 0.18, 0.8, HOLE)
    pygame.draw.circle(body, HOLE, f.p(0, 0.44), f.s(0.18))
    _rect(accent, f, -0.95, 0.8, 0.95, 0.92)
    pygame.draw.circle(accent, INK, f.p(0, -0.93), f.s(0.08))


# ---- the ziggurat ------------------------------------------------------------------------------


def ziggurat() -> pygame.Surface:
    """The ziggurat figure: three sandstone tiers with a central stair and a blue-glazed shrine on top."""
    n = BUILDING * SS
    f = Frame(n * 0.5, n * 0.5, n * 0.46)
    surf = canvas(n, n)
    whole = canvas(n, n)
    tiers = [(-0.96, 0.46, 0.96, 0.9), (-0.72, 0.04, 0.72, 0.46), (-0.5, -0.36, 0.5, 0.04)]
    for x0, y0, x1, y1 in tiers:
        pygame.draw.polygon(whole, INK, f.pts([(x0 + 0.06, y0), (x1 - 0.06, y0), (x1, y1), (x0, y1)]))
    _rect(whole, f, -0.26, -0.74, 0.26, -0.36)
    drop_shadow(surf, whole, (n * 0.02, n * 0.03), n * 0.03, 190)
    _outline(surf, whole, n * 0.01, (40, 26, 16, 255))
    for x0, y0, x1, y1 in tiers:
        face = [(x0 + 0.06, y0), (x1 - 0.06, y0), (x1, y1), (x0, y1)]
        pygame.draw.polygon(surf, (224, 192, 136), f.pts(face))
        # the left flank in light, the right in shade: gives the tiers their depth
        pygame.draw.polygon(surf, (242, 214, 160), f.pts([face[0], (x0 + 0.16, y0), (x0 + 0.1, y1), face[3]]))
        pygame.draw.polygon(surf, (170, 130, 84), f.pts([(x1 - 0.16, y0), face[1], face[2], (x1 - 0.1, y1)]))
        pygame.draw.polygon(surf, (120, 88, 56), f.pts([(x0, y1 - 0.05), (x1, y1 - 0.05), (x1, y1), (x0, y1)]))
        for k in range(1, 4):  # brick courses
            y = y0 + (y1 - y0) * k / 4
            pygame.draw.line(surf, (190, 156, 106), f.p(x0 + 0.1, y), f.p(x1 - 0.1, y), max(2, int(n * 0.004)))
    _rect(surf, f, -0.26, -0.74, 0.26, -0.36, (46, 96, 180))
    _rect(surf, f, -0.26, -0.74, 0.26, -0.66, (92, 140, 214))
    _rect(surf, f, -0.08, -0.58, 0.08, -0.36, (30, 40, 70))
    pygame.draw.polygon(surf, (110, 80, 52), f.pts([(-0.14, -0.36), (0.14, -0.36), (0.22, 0.9), (-0.22, 0.9)]))
    steps = 18
    for i in range(steps):
        t0, t1 = i / steps, (i + 0.55) / steps
        y0, y1 = -0.36 + 1.26 * t0, -0.36 + 1.26 * t1
        w0, w1 = 0.12 + 0.08 * t0, 0.12 + 0.08 * t1
        pygame.draw.polygon(surf, (246, 226, 186), f.pts([(-w0, y0), (w0, y0), (w1, y1), (-w1, y1)]))
    return finish(surf, (BUILDING, BUILDING))


def ziggurat_square(seed: int) -> pygame.Surface:
    """A paved square of the ziggurat's plaza: fired bricks in running bond, edge to edge."""
    rng = random.Random(seed)
    n = BUILDING * SS
    surf = canvas(n, n)
    surf.fill((92, 70, 52, 255))  # mortar
    rows, cols = 6, 3
    bh, bw = n / rows, n / cols
    gap = n * 0.012
    for r in range(rows):
        off = 0 if r % 2 == 0 else -bw / 2
        for c in range(cols + 1):
            x, y = off + c * bw, r * bh
            tone = mix((222, 186, 128), (196, 150, 96), rng.random())
            brick = pygame.Rect(x + gap, y + gap, bw - 2 * gap, bh - 2 * gap)
            pygame.draw.rect(surf, shade(tone, -0.3), brick.move(gap * 0.6, gap * 0.6), border_radius=int(gap))
            pygame.draw.rect(surf, shade(tone, 0.25), brick.move(-gap * 0.4, -gap * 0.4), border_radius=int(gap))
            pygame.draw.rect(surf, tone, brick, border_radius=int(gap))
    full = canvas(n, n)
    full.fill(INK)
    speckle(surf, full, rng, 1500, [(255, 240, 210, 50), (60, 40, 20, 60)], n * 0.002, n * 0.005)
    # a faint gold rim marks the plaza apart from plain tiles
    pygame.draw.rect(surf, (*GOLD, 255), (0, 0, n, n), int(n * 0.02))
    pygame.draw.rect(surf, (120, 86, 30, 255), (0, 0, n, n), int(n * 0.008))
    return finish(surf, (BUILDING, BUILDING))


# ---- board textures ----------------------------------------------------------------------------


def _wrapped_noise(size: int, cells: int, rng: random.Random) -> list[list[float]]:
    """Smooth value noise that wraps at the edges, so the texture tiles without seams."""
    grid = [[rng.random() for _ in range(cells)] for _ in range(cells)]
    out = []
    for y in range(size):
        gy = y * cells / size
        y0, ty = int(gy), gy - int(gy)
        ty = ty * ty * (3 - 2 * ty)
        row = []
        for x in range(size):
            gx = x * cells / size
            x0, tx = int(gx), gx - int(gx)
            tx = tx * tx * (3 - 2 * tx)
            a = grid[y0 % cells][x0 % cells]
            b = grid[y0 % cells][(x0 + 1) % cells]
            c = grid[(y0 + 1) % cells][x0 % cells]
            d = grid[(y0 + 1) % cells][(x0 + 1) % cells]
            row.append((a + (b - a) * tx) * (1 - ty) + (c + (d - c) * tx) * ty)
        out.append(row)
    return out


def _octaves(size: int, rng: random.Random, cells: tuple[int, ...] = (4, 8, 16, 32)) -> list[list[float]]:
    layers = [_wrapped_noise(size, c, rng) for c in cells]
    weights = [0.5 ** i for i in range(len(cells))]
    total = sum(weights)
    return [[sum(w * layer[y][x] for w, layer in zip(weights, layers, strict=True)) / total
             for x in range(size)] for y in range(size)]


def land(seed: int) -> pygame.Surface:
    """Warm sandy earth, calm enough that tiles and leaders stand out on it."""
    rng = random.Random(seed)
    noise = _octaves(TEXTURE, rng)
    grain = _octaves(TEXTURE, rng, (64,))
    surf = pygame.Surface((TEXTURE, TEXTURE), pygame.SRCALPHA, 32)
    lo, hi = (196, 166, 116), (226, 200, 152)
    for y in range(TEXTURE):
        for x in range(TEXTURE):
            t = noise[y][x] * 1.6 - 0.3 + (grain[y][x] - 0.5) * 0.35
            surf.set_at((x, y), (*mix(lo, hi, t), 255))
    return surf


def river(seed: int) -> pygame.Surface:
    """Lapis water with soft ripples; the ripple frequencies divide the tile, so it wraps."""
    rng = random.Random(seed)
    noise = _octaves(TEXTURE, rng, (4, 8, 16))
    surf = pygame.Surface((TEXTURE, TEXTURE), pygame.SRCALPHA, 32)
    deep, light = (34, 82, 140), (70, 140, 186)
    for y in range(TEXTURE):
        for x in range(TEXTURE):
            nz = noise[y][x]
            wave = math.sin(2 * math.pi * (y * 4 / TEXTURE + x / TEXTURE + nz * 1.5))
            t = nz * 0.9 - 0.1 + max(0.0, wave - 0.75) * 1.6
            surf.set_at((x, y), (*mix(deep, light, t), 255))
    return surf


# ---- title backdrop and icon -------------------------------------------------------------------


def title_backdrop(seed: int) -> pygame.Surface:
    """Dusk over the plain between the two rivers, with a distant ziggurat against the sunset."""
    from backdrop import paint_backdrop  # kept apart: it is long and only this sprite needs it

    return paint_backdrop(BACKDROP, random.Random(seed))


def icon() -> pygame.Surface:
    """The window icon: a gold ziggurat over two rivers on lapis, bold enough for 32 pixels."""
    n = 256 * SS
    surf = canvas(n, n)
    plate = canvas(n, n)
    pygame.draw.rect(plate, INK, (n * 0.03, n * 0.03, n * 0.94, n * 0.94), border_radius=int(n * 0.2))
    sky = field((n, n), lambda u, v: mix((60, 110, 200), (20, 40, 100), v))
    surf.blit(clip(sky, plate), (0, 0))
    f = Frame(n * 0.5, n * 0.5, n * 0.42)
    zig = canvas(n, n)
    for x0, y0, x1, y1 in ((-0.8, 0.05, 0.8, 0.35), (-0.56, -0.3, 0.56, 0.05), (-0.32, -0.65, 0.32, -0.3)):
        _rect(zig, f, x0, y0 + 0.02, x1, y1)
    emboss(surf, zig, GOLD, n * 0.012, dark=(40, 20, 0, 200))
    waves = canvas(n, n)
    for k, y in enumerate((0.55, 0.8)):
        pts = [(x / 24 * 1.8 - 0.9, y + 0.08 * math.sin(x / 24 * 4 * math.pi + k * 1.5)) for x in range(25)]
        polyline(waves, INK, f.pts(pts), f.s(0.13))
    emboss(surf, clip(waves, plate), IVORY, n * 0.008, shadow=0)
    return finish(surf, (64, 64))

