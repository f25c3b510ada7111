"""The game's symbols as mask drawings: one per tile colour and one per dynasty.

Each function paints INK (and HOLE for cut-outs) onto a mask through a Frame, so the same symbol can
be embossed on a tile, stamped on a leader's badge or shown on a monument. The symbols carry the
meaning that colour alone must never carry (a red/green colour-blind player reads the shapes).
"""

from __future__ import annotations

import math

import pygame
from paint import HOLE, INK, Frame, ellipse_poly, polyline, rotate, smooth_profile, star_poly, tapered_arc

# ---- tile symbols ------------------------------------------------------------------------------


def temple(m: pygame.Surface, f: Frame) -> None:
    """Red: a stepped temple (three tiers and a shrine), with a stair up the middle."""
    tiers = [(-0.88, 0.42, 0.88, 0.78), (-0.64, 0.08, 0.64, 0.38), (-0.42, -0.26, 0.42, 0.04)]
    for x0, y0, x1, y1 in tiers:
        pygame.draw.polygon(m, INK, f.pts([(x0, y0), (x1, y0), (x1, y1), (x0, y1)]))
    pygame.draw.polygon(m, INK, f.pts([(-0.2, -0.56), (0.2, -0.56), (0.2, -0.3), (-0.2, -0.3)]))
    pygame.draw.polygon(m, INK, f.pts([(-0.28, -0.56), (0.28, -0.56), (0.22, -0.66), (-0.22, -0.66)]))
    # the stair: a dark channel with treads, so the tiers read as a building and not a bar chart
    pygame.draw.polygon(m, HOLE, f.pts([(-0.12, -0.22), (0.12, -0.22), (0.16, 0.78), (-0.16, 0.78)]))
    y = -0.16
    while y < 0.74:
        pygame.draw.polygon(m, INK, f.pts([(-0.1, y), (0.1, y), (0.1, y + 0.055), (-0.1, y + 0.055)]))
        y += 0.11
    pygame.draw.circle(m, HOLE, f.p(0, -0.43), f.s(0.07))  # the shrine's door


def farm(m: pygame.Surface, f: Frame) -> None:
    """Blue: an ear of wheat over two waves of the river that waters it."""
    polyline(m, INK, f.pts([(0.0, 0.3), (0.0, -0.55)]), f.s(0.09))
    for i in range(4):
        y = 0.12 - i * 0.2
        for side in (-1, 1):
            pygame.draw.polygon(m, INK, ellipse_poly(*f.p(side * 0.17, y), f.s(0.2), f.s(0.085),
                                                     angle=-side * 55))
    pygame.draw.polygon(m, INK, ellipse_poly(*f.p(0, -0.74), f.s(0.085), f.s(0.17)))
    for k, y in enumerate((0.52, 0.78)):
        pts = [(x / 20 * 1.7 - 0.85, y + 0.07 * math.sin(x / 20 * 2 * math.pi * 2 + k)) for x in range(21)]
        polyline(m, INK, f.pts(pts), f.s(0.12))


def market(m: pygame.Surface, f: Frame) -> None:
    """Green: a merchant's balance with two pans and a coin."""
    polyline(m, INK, f.pts([(0, -0.58), (0, 0.62)]), f.s(0.12))
    pygame.draw.polygon(m, INK, f.pts([(-0.42, 0.82), (0.42, 0.82), (0.2, 0.6), (-0.2, 0.6)]))
    polyline(m, INK, f.pts([(-0.78, -0.42), (0.78, -0.42)]), f.s(0.1))
    pygame.draw.circle(m, INK, f.p(0, -0.64), f.s(0.12))
    for side in (-1, 1):
        x = side * 0.66
        polyline(m, INK, f.pts([(x, -0.42), (x - 0.24, 0.14)]), f.s(0.045))
        polyline(m, INK, f.pts([(x, -0.42), (x + 0.24, 0.14)]), f.s(0.045))
        bowl = [(x - 0.32, 0.12), (x + 0.32, 0.12), (x + 0.2, 0.3), (x - 0.2, 0.3)]
        pygame.draw.polygon(m, INK, f.pts(bowl))
    pygame.draw.circle(m, INK, f.p(-0.66, 0.0), f.s(0.11))  # a coin weighing down one pan
    pygame.draw.circle(m, HOLE, f.p(-0.66, 0.0), f.s(0.045))


def settlement(m: pygame.Surface, f: Frame) -> None:
    """Black: a house with a gabled roof, a door and a window."""
    pygame.draw.polygon(m, INK, f.pts([(0, -0.82), (0.92, -0.06), (0.72, -0.06), (0.72, 0.78),
                                       (-0.72, 0.78), (-0.72, -0.06), (-0.92, -0.06)]))
    pygame.draw.polygon(m, HOLE, f.pts([(0, -0.64), (0.66, -0.1), (-0.66, -0.1)]))  # the gable
    pygame.draw.polygon(m, INK, f.pts([(0, -0.54), (0.52, -0.12), (-0.52, -0.12)]))
    pygame.draw.circle(m, HOLE, f.p(0, -0.3), f.s(0.09))
    pygame.draw.polygon(m, HOLE, f.pts([(-0.18, 0.78), (-0.18, 0.32), (0.18, 0.32), (0.18, 0.78)]))
    pygame.draw.circle(m, HOLE, f.p(0, 0.32), f.s(0.18))
    pygame.draw.rect(m, HOLE, pygame.Rect(*f.p(0.32, 0.12), f.s(0.24), f.s(0.22)))
    pygame.draw.rect(m, HOLE, pygame.Rect(*f.p(-0.56, 0.12), f.s(0.24), f.s(0.22)))


TILE_SYMBOLS = {"red": temple, "blue": farm, "green": market, "black": settlement}

# ---- dynasty symbols ---------------------------------------------------------------------------


def bull(m: pygame.Surface, f: Frame) -> None:
    """A bull's head from the front: wide sweeping horns make it unmistakable at any size."""
    for side in (-1, 1):
        a0, a1 = (80, -28) if side > 0 else (100, 208)
        pygame.draw.polygon(m, INK, f.pts(tapered_arc(0, -0.52, 0.78, a0, a1, 0.36, 0.04)))
    head = [(-0.46, -0.5), (0.46, -0.5), (0.5, -0.18), (0.36, 0.2), (0.3, 0.5),
            (-0.3, 0.5), (-0.36, 0.2), (-0.5, -0.18)]
    pygame.draw.polygon(m, INK, f.pts(head))
    pygame.draw.polygon(m, INK, ellipse_poly(*f.p(0, 0.56), f.s(0.36), f.s(0.3)))
    for side in (-1, 1):
        pygame.draw.polygon(m, INK, ellipse_poly(*f.p(side * 0.66, -0.3), f.s(0.24), f.s(0.1),
                                                 angle=side * 22))
        pygame.draw.polygon(m, HOLE, ellipse_poly(*f.p(side * 0.22, -0.14), f.s(0.1), f.s(0.06),
                                                  angle=side * 20))
        pygame.draw.polygon(m, HOLE, ellipse_poly(*f.p(side * 0.14, 0.62), f.s(0.07), f.s(0.1)))
    # the line between brow and muzzle
    pygame.draw.polygon(m, HOLE, tapered_arc(*f.p(0, 0.82), f.s(0.5), 240, 300, f.s(0.04), f.s(0.04)))
    pygame.draw.polygon(m, HOLE, f.pts([(0, -0.42), (0.1, -0.3), (0, -0.18), (-0.1, -0.3)]))


def lion(m: pygame.Surface, f: Frame) -> None:
    """A lion's head: a spiked mane around a round face."""
    pygame.draw.polygon(m, INK, star_poly(*f.p(0, 0.02), f.s(0.98), f.s(0.76), 14))
    pygame.draw.circle(m, HOLE, f.p(0, 0.06), f.s(0.6))
    for side in (-1, 1):
        pygame.draw.circle(m, INK, f.p(side * 0.38, -0.4), f.s(0.17))
        pygame.draw.circle(m, HOLE, f.p(side * 0.38, -0.4), f.s(0.07))
    pygame.draw.circle(m, INK, f.p(0, 0.08), f.s(0.52))
    for side in (-1, 1):
        pygame.draw.polygon(m, HOLE, ellipse_poly(*f.p(side * 0.2, -0.06), f.s(0.11), f.s(0.055),
                                                  angle=side * 18))
        # whisker pads: two arcs either side of the mouth
        pygame.draw.polygon(m, HOLE, tapered_arc(*f.p(side * 0.12, 0.24), f.s(0.14), 20, 160,
                                                 f.s(0.045), f.s(0.045), n=20))
    pygame.draw.polygon(m, HOLE, f.pts([(-0.12, 0.08), (0.12, 0.08), (0, 0.22)]))
    polyline(m, HOLE, f.pts([(0, 0.2), (0, 0.36)]), f.s(0.04))


def archer(m: pygame.Surface, f: Frame) -> None:
    """A drawn bow with its arrow, tilted to point up and right."""
    c = (0.0, 0.0)
    bow = [tuple(p) for p in tapered_arc(-0.62, 0, 1.02, -52, 0, 0.1, 0.24, 24)]
    bow2 = [tuple(p) for p in tapered_arc(-0.62, 0, 1.02, 0, 52, 0.24, 0.1, 24)]
    tip_a = (-0.62 + 1.02 * math.cos(math.radians(-52)), 1.02 * math.sin(math.radians(-52)))
    tip_b = (tip_a[0], -tip_a[1])
    nock = (-0.5, 0.0)
    shapes = [bow, bow2]
    arrow_shaft = [(-0.66, 0), (0.72, 0)]
    head = [(1.0, 0), (0.64, -0.22), (0.72, 0), (0.64, 0.22)]
    fletch = [[(-0.5, 0), (-0.72, -0.16), (-0.84, -0.16), (-0.64, 0)],
              [(-0.5, 0), (-0.72, 0.16), (-0.84, 0.16), (-0.64, 0)]]
    ang = -38
    for shape in shapes:
        pygame.draw.polygon(m, INK, f.pts(rotate(shape, c, ang)))
    for end in (tip_a, tip_b):
        pygame.draw.circle(m, INK, f.p(*rotate([end], c, ang)[0]), f.s(0.07))
        polyline(m, INK, f.pts(rotate([end, nock], c, ang)), f.s(0.05))
    polyline(m, INK, f.pts(rotate(arrow_shaft, c, ang)), f.s(0.11))
    pygame.draw.polygon(m, INK, f.pts(rotate(head, c, ang)))
    for fl in fletch:
        pygame.draw.polygon(m, INK, f.pts(rotate(fl, c, ang)))


def urn(m: pygame.Surface, f: Frame) -> None:
    """An amphora: narrow neck, wide belly, two handles and a banded pattern."""
    knots = [(0.3, -0.9), (0.2, -0.8), (0.18, -0.6), (0.42, -0.38), (0.58, -0.05), (0.5, 0.36),
             (0.26, 0.66), (0.18, 0.76), (0.34, 0.92)]
    right = smooth_profile(knots, 10)
    left = [(-x, y) for x, y in reversed(right)]
    pygame.draw.polygon(m, INK, f.pts(right + left))
    pygame.draw.polygon(m, INK, f.pts([(-0.36, -0.96), (0.36, -0.96), (0.32, -0.84), (-0.32, -0.84)]))
    for side in (-1, 1):
        arc = tapered_arc(side * 0.34, -0.5, 0.3, -90 if side > 0 else 270, 90 if side > 0 else 90,
                          0.09, 0.12, 24)
        pygame.draw.polygon(m, INK, f.pts(arc))
    # bands of pattern on the belly, cut through to the token below
    for y in (-0.22, 0.24):
        w = 0.56 if y < 0 else 0.52
        pygame.draw.polygon(m, HOLE, f.pts([(-w, y - 0.035), (w, y - 0.035), (w, y + 0.035), (-w, y + 0.035)]))
    zig = [(-0.5 + i * 0.1, 0.01 + (0.09 if i % 2 else -0.07) * 1.0) for i in range(11)]
    polyline(m, HOLE, f.pts(zig), f.s(0.04))


DYNASTY_SYMBOLS = {"bull": bull, "lion": lion, "archer": archer, "urn": urn}
