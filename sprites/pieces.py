"""The playing pieces for make_sprites.py: tiles, leaders, dynasty emblems, markers, buildings.

Each builder returns a finished surface at its final size. Pieces are lit from the upper left and
cast a soft shadow to the lower right, so they sit on the board instead of floating over it.
"""

from __future__ import annotations

import math
import random
from collections.abc import Callable

import pygame
from paint import (
    HOLE,
    INK,
    SS,
    Color,
    Frame,
    blur,
    canvas,
    circle_mask,
    clip,
    drop_shadow,
    ellipse_poly,
    emboss,
    engrave,
    field,
    finish,
    mix,
    rounded_mask,
    shade,
    speckle,
    star_poly,
    tint,
)
from symbols import DYNASTY_SYMBOLS, TILE_SYMBOLS

Symbol = Callable[[pygame.Surface, Frame], None]

TILE = 256
LEADER = 256

# Warm Mesopotamian palette: fired clay, lapis, glazed green, bitumen; gold and ivory for ornament.
BODY: dict[str, Color] = {
    "red": (184, 58, 42),
    "blue": (36, 84, 170),
    "green": (44, 128, 78),
    "black": (46, 48, 58),
}
IVORY: Color = (246, 234, 204)
GOLD: Color = (226, 184, 92)
BRONZE: Color = (150, 98, 48)
SAND: Color = (218, 190, 140)
STONE: Color = (156, 150, 138)


def symbol_ink(color: str) -> Color:
    """The colour a symbol is drawn in on a body of that colour (gold on black reads better)."""
    return GOLD if color == "black" else IVORY


def _square_tile(face: Color, rng: random.Random, grit: int = 900) -> tuple[pygame.Surface, Frame]:
    """A bevelled square tile with a soft shadow and clay grit; returns the canvas and a symbol frame."""
    n = TILE * SS
    surf = canvas(n, n)
    margin = int(n * 0.055)
    rect = pygame.Rect(margin, margin, n - 2 * margin - int(n * 0.02), n - 2 * margin - int(n * 0.02))
    radius = int(n * 0.1)
    outer = rounded_mask((n, n), rect, radius)
    drop_shadow(surf, outer, (n * 0.014, n * 0.02), n * 0.02, 150)
    # bevel: the rim is lit from the upper left, a ring of light fading into shadow
    rim = field((n, n), lambda u, v: mix(shade(face, 0.45), shade(face, -0.55), (u + v) / 2))
    surf.blit(clip(rim, outer), (0, 0))
    inset = int(n * 0.045)
    inner_rect = rect.inflate(-2 * inset, -2 * inset)
    inner = rounded_mask((n, n), inner_rect, radius - inset)
    body = field((n, n), lambda u, v: mix(shade(face, 0.16), shade(face, -0.2), 0.7 * v + 0.3 * u))
    surf.blit(clip(body, inner), (0, 0))
    speckle(surf, inner, rng, grit, [(*shade(face, 0.3), 60), (*shade(face, -0.4), 70)], n * 0.002, n * 0.006)
    # an engraved groove a little inside the edge, like a stamped clay tablet
    groove = rounded_mask((n, n), inner_rect.inflate(-n * 0.05, -n * 0.05), radius - inset)
    ring = groove.copy()
    pygame.draw.rect(ring, HOLE, inner_rect.inflate(-n * 0.07, -n * 0.07), border_radius=radius - inset)
    engrave(surf, ring, (*shade(face, -0.25), 255), n * 0.006)
    c = rect.center
    return surf, Frame(c[0], c[1], rect.width * 0.31)


def tile(color: str, seed: int) -> pygame.Surface:
    """A face-up civilization tile: body colour plus its own embossed symbol."""
    rng = random.Random(seed)
    surf, frame = _square_tile(BODY[color], rng)
    mask = canvas(*surf.get_size())
    TILE_SYMBOLS[color](mask, frame)
    ink = symbol_ink(color)
    fill = field(surf.get_size(), lambda u, v: mix(shade(ink, 0.25), shade(ink, -0.12), v))
    emboss(surf, mask, fill, TILE * SS * 0.012)
    return finish(surf, (TILE, TILE))


def tile_down(seed: int) -> pygame.Surface:
    """A face-down tile under a monument: plain weathered stone with chisel marks, no symbol."""
    rng = random.Random(seed)
    surf, frame = _square_tile(STONE, rng, grit=1600)
    n = surf.get_width()
    marks = canvas(n, n)
    for i in range(-6, 7):
        # diagonal chisel strokes, so it cannot be mistaken for a (dark) settlement tile
        x = frame.cx + i * frame.r * 0.28
        pygame.draw.line(marks, INK, (x - frame.r, frame.cy - frame.r), (x + frame.r, frame.cy + frame.r),
                         int(n * 0.006))
    box = circle_mask((n, n), (frame.cx, frame.cy), frame.r * 1.25)
    engrave(surf, clip(marks, box), (*shade(STONE, -0.15), 255), n * 0.004)
    return finish(surf, (TILE, TILE))


def tile_back(seed: int) -> pygame.Surface:
    """The back of a hidden tile: lapis with a gold eight-petalled rosette, the same for all colours."""
    rng = random.Random(seed)
    surf, frame = _square_tile((58, 62, 112), rng)
    n = surf.get_width()
    mask = canvas(n, n)
    for i in range(8):
        # eight pointed petals around a boss: the rosette of Ishtar, common on Mesopotamian tiles
        a = i * 45
        cx = frame.cx + math.cos(math.radians(a)) * frame.r * 0.52
        cy = frame.cy + math.sin(math.radians(a)) * frame.r * 0.52
        pygame.draw.polygon(mask, INK, ellipse_poly(cx, cy, frame.r * 0.36, frame.r * 0.15, angle=a))
    pygame.draw.circle(mask, HOLE, (frame.cx, frame.cy), frame.r * 0.27)
    pygame.draw.circle(mask, INK, (frame.cx, frame.cy), frame.r * 0.2)
    ring = canvas(n, n)
    pygame.draw.circle(ring, INK, (frame.cx, frame.cy), frame.r * 1.0)
    pygame.draw.circle(ring, HOLE, (frame.cx, frame.cy), frame.r * 0.93)
    mask.blit(ring, (0, 0))
    emboss(surf, mask, GOLD, n * 0.01)
    return finish(surf, (TILE, TILE))


def _token(face: Color, rim: Color, size: int) -> tuple[pygame.Surface, Frame, pygame.Surface]:
    """A round token with a metal rim; returns canvas, frame for the symbol and the face mask."""
    n = size * SS
    surf = canvas(n, n)
    c = (n * 0.49, n * 0.48)
    r = n * 0.44
    outer = circle_mask((n, n), c, r)
    drop_shadow(surf, outer, (n * 0.016, n * 0.024), n * 0.025, 160)
    ring = field((n, n), lambda u, v: mix(shade(rim, 0.5), shade(rim, -0.5), (u + v) / 2))
    surf.blit(clip(ring, outer), (0, 0))
    groove = circle_mask((n, n), c, r * 0.9)
    surf.blit(tint(groove, (*shade(rim, -0.5), 255)), (0, 0))
    inner = circle_mask((n, n), c, r * 0.86)
    body = field((n, n), lambda u, v: mix(shade(face, 0.3), shade(face, -0.35),
                                          min(1.0, math.hypot(u - 0.35, v - 0.3) * 1.3)))
    surf.blit(clip(body, inner), (0, 0))
    return surf, Frame(c[0], c[1], r * 0.62), inner


def leader(dynasty: str, color: str) -> pygame.Surface:
    """A leader: a token in the leader's colour with the dynasty drawn big and a small colour badge.

    The badge repeats the tile symbol of the leader's colour, so priest, farmer, trader and king can
    be told apart without seeing colour.
    """
    surf, frame, _ = _token(BODY[color], GOLD if color != "black" else (200, 200, 210), LEADER)
    n = surf.get_width()
    mask = canvas(n, n)
    DYNASTY_SYMBOLS[dynasty](mask, Frame(frame.cx, frame.cy - frame.r * 0.08, frame.r * 0.98))
    ink = symbol_ink(color)
    fill = field((n, n), lambda u, v: mix(shade(ink, 0.3), shade(ink, -0.15), v))
    emboss(surf, mask, fill, n * 0.012)
    _badge(surf, color, (frame.cx + frame.r * 1.0, frame.cy + frame.r * 1.0), frame.r * 0.56)
    return finish(surf, (LEADER, LEADER))


def _badge(surf: pygame.Surface, color: str, center: tuple[float, float], r: float) -> None:
    """A small ivory medallion carrying the tile symbol of a colour, in that colour."""
    n = surf.get_width()
    disc = circle_mask((n, n), center, r)
    drop_shadow(surf, disc, (r * 0.08, r * 0.12), r * 0.12, 150)
    surf.blit(tint(disc, (*shade(GOLD, -0.35), 255)), (0, 0))
    surf.blit(tint(circle_mask((n, n), center, r * 0.86), (*IVORY, 255)), (0, 0))
    mask = canvas(n, n)
    TILE_SYMBOLS[color](mask, Frame(center[0], center[1], r * 0.7))
    emboss(surf, mask, BODY[color], r * 0.05, shadow=0)


def dynasty(name: str) -> pygame.Surface:
    """A dynasty emblem for the seat panels: the symbol alone on a sandstone disc."""
    surf, frame, _ = _token(SAND, BRONZE, LEADER)
    n = surf.get_width()
    mask = canvas(n, n)
    DYNASTY_SYMBOLS[name](mask, Frame(frame.cx, frame.cy, frame.r * 1.05))
    emboss(surf, mask, (74, 44, 30), n * 0.01, light=(255, 240, 210, 150), shadow=60)
    return finish(surf, (LEADER, LEADER))


def catastrophe(seed: int) -> pygame.Surface:
    """A catastrophe: a charred tile split by glowing cracks, with a flame at its heart."""
    rng = random.Random(seed)
    surf, frame = _square_tile((52, 38, 34), rng, grit=1400)
    n = surf.get_width()
    cracks = canvas(n, n)
    for k in range(7):
        a = math.radians(k * 360 / 7 + rng.uniform(-15, 15))
        x, y = frame.cx, frame.cy
        w = n * 0.03
        for _ in range(6):
            a += math.radians(rng.uniform(-30, 30))
            nx, ny = x + math.cos(a) * frame.r * 0.26, y + math.sin(a) * frame.r * 0.26
            pygame.draw.line(cracks, INK, (x, y), (nx, ny), max(2, int(w)))
            pygame.draw.circle(cracks, INK, (nx, ny), w / 2)
            x, y, w = nx, ny, w * 0.8
    glow = blur(tint(cracks, (255, 120, 20, 255)), n * 0.02)
    surf.blit(glow, (0, 0))
    surf.blit(tint(cracks, (255, 200, 90, 255)), (0, 0))
    flame = canvas(n, n)
    _flame(flame, Frame(frame.cx, frame.cy - frame.r * 0.05, frame.r * 0.9))
    surf.blit(blur(tint(flame, (255, 90, 0, 200)), n * 0.03), (0, 0))
    fill = field((n, n), lambda u, v: mix((255, 236, 140), (226, 60, 20), v * 1.4 - 0.2))
    emboss(surf, flame, fill, n * 0.008, light=(255, 255, 200, 120), dark=(60, 0, 0, 180))
    return finish(surf, (TILE, TILE))


def _flame(m: pygame.Surface, f: Frame) -> None:
    """Three tongues of fire rising from a common base."""
    outer = [(0, -1.0), (0.28, -0.5), (0.5, -0.6), (0.62, 0.05), (0.5, 0.55), (0, 0.8), (-0.5, 0.55),
             (-0.66, 0.0), (-0.5, -0.45), (-0.3, -0.25)]
    pygame.draw.polygon(m, INK, f.pts(outer))
    pygame.draw.polygon(m, HOLE, f.pts([(0, -0.2), (0.28, 0.25), (0.18, 0.6), (-0.18, 0.6), (-0.28, 0.25)]))
    pygame.draw.polygon(m, INK, f.pts([(0, 0.0), (0.18, 0.3), (0.1, 0.55), (-0.1, 0.55), (-0.18, 0.3)]))


def treasure(priority: bool) -> pygame.Surface:
    """A treasure: a faceted gold gem. A priority treasure adds a lapis ring and a crown above it."""
    n = TILE * SS
    surf = canvas(n, n)
    c = (n * 0.5, n * 0.54 if priority else n * 0.5)
    r = n * (0.3 if priority else 0.38)
    if priority:
        ring = circle_mask((n, n), c, r * 1.42)
        pygame.draw.circle(ring, HOLE, c, r * 1.16)
        emboss(surf, ring, (52, 92, 196), n * 0.012, light=(190, 220, 255, 200))
        dots = canvas(n, n)
        for i in range(12):
            a = math.radians(i * 30)
            pygame.draw.circle(dots, INK, (c[0] + math.cos(a) * r * 1.29, c[1] + math.sin(a) * r * 1.29),
                               r * 0.06)
        surf.blit(tint(dots, (*IVORY, 255)), (0, 0))
    _gem(surf, c, r)
    if priority:
        crown = canvas(n, n)
        cx, top = c[0], c[1] - r * 1.62
        w = r * 0.7
        pts = [(cx - w, top + r * 0.5), (cx - w * 1.1, top - r * 0.05), (cx - w * 0.5, top + r * 0.2),
               (cx, top - r * 0.25), (cx + w * 0.5, top + r * 0.2), (cx + w * 1.1, top - r * 0.05),
               (cx + w, top + r * 0.5)]
        pygame.draw.polygon(crown, INK, pts)
        for x, y in (pts[1], pts[3], pts[5]):
            pygame.draw.circle(crown, INK, (x, y), r * 0.1)
        emboss(surf, crown, GOLD, n * 0.01, dark=(70, 40, 0, 200))
    return finish(surf, (TILE, TILE))


def _gem(surf: pygame.Surface, c: tuple[float, float], r: float) -> None:
    """An octagonal cut gem: a table in the middle, facets shaded by which way they face the light."""
    n = surf.get_width()
    outline = [(c[0] + r * math.cos(math.radians(22.5 + 45 * i)), c[1] + r * math.sin(math.radians(22.5 + 45 * i)))
               for i in range(8)]
    table = [(c[0] + (x - c[0]) * 0.55, c[1] + (y - c[1]) * 0.55) for x, y in outline]
    mask = canvas(n, n)
    pygame.draw.polygon(mask, INK, outline)
    drop_shadow(surf, mask, (r * 0.08, r * 0.12), r * 0.1, 170)
    dark_edge = canvas(n, n)
    pygame.draw.polygon(dark_edge, (96, 56, 8), [(x + r * 0.04, y + r * 0.04) for x, y in outline])
    surf.blit(dark_edge, (0, 0))
    for i in range(8):
        a = math.radians(22.5 + 45 * i + 22.5)
        light = 0.5 - 0.5 * math.cos(a - math.radians(225))  # facing the upper left = bright
        col = mix((150, 90, 10), (255, 236, 150), 1 - light)
        quad = [outline[i], outline[(i + 1) % 8], table[(i + 1) % 8], table[i]]
        pygame.draw.polygon(surf, col, quad)
        pygame.draw.polygon(surf, (110, 64, 6), quad, max(1, int(r * 0.02)))
    face = field((n, n), lambda u, v: mix((255, 226, 120), (214, 150, 30), (u + v) / 2))
    tm = canvas(n, n)
    pygame.draw.polygon(tm, INK, table)
    surf.blit(clip(face, tm), (0, 0))
    pygame.draw.polygon(surf, (110, 64, 6), table, max(1, int(r * 0.02)))
    spark = canvas(n, n)
    pygame.draw.polygon(spark, (255, 255, 255, 230), star_poly(c[0] - r * 0.22, c[1] - r * 0.22, r * 0.3,
                                                               r * 0.05, 4, rot=0))
    surf.blit(spark, (0, 0))


def unification() -> pygame.Surface:
    """The unification marker: a stone token bearing two interlocked gold rings."""
    surf, frame, _ = _token((120, 100, 150), (200, 200, 210), TILE)
    n = surf.get_width()
    d, r_out, r_in = frame.r * 0.36, frame.r * 0.66, frame.r * 0.48
    gap = frame.r * 0.05
    left = _ring(n, (frame.cx - d, frame.cy), r_out, r_in)
    right = _ring(n, (frame.cx + d, frame.cy), r_out, r_in)
    mask = right.copy()
    mask.blit(left, (0, 0))
    # at each crossing one ring passes over the other, with a thin gap beside it: linked, not overlapping
    below = pygame.Rect(frame.cx - frame.r * 0.4, frame.cy, frame.r * 0.8, n)
    above = pygame.Rect(frame.cx - frame.r * 0.4, 0, frame.r * 0.8, frame.cy)
    crossings = [(left, below, (frame.cx - d, frame.cy)), (right, above, (frame.cx + d, frame.cy))]
    for _, region, center in crossings:
        wide = _only(_ring(n, center, r_out + gap, r_in - gap), region)
        mask.blit(wide, (0, 0), special_flags=pygame.BLEND_RGBA_SUB)
    emboss(surf, mask, GOLD, n * 0.012)
    for ring, region, _ in crossings:
        layer = canvas(n, n)
        emboss(layer, _only(ring, region), GOLD, n * 0.012, shadow=0)
        surf.blit(_only(layer, region), (0, 0))  # clipped, so no bevel is drawn where the piece was cut
    return finish(surf, (TILE, TILE))


def _ring(n: int, center: tuple[float, float], r_out: float, r_in: float) -> pygame.Surface:
    """A mask holding one annulus."""
    m = circle_mask((n, n), center, r_out)
    pygame.draw.circle(m, HOLE, center, r_in)
    return m


def _only(mask: pygame.Surface, rect: pygame.Rect) -> pygame.Surface:
    """The part of a mask inside rect."""
    out = canvas(*mask.get_size())
    out.blit(mask, rect.topleft, rect)
    return out
