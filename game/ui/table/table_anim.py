"""Board animations: the timeline that turns a batch of events into motion and sound.

Owns: `Animator` (a queue of timed animations played one after another, each with its sound,
skipped all at once by a click, finished at once when the animation speed is "off") and how each
kind is drawn: tiles dropping in, leaders sliding, lost pieces leaving, points flying to the
scorer's panel, monuments rising, treasures travelling, banners. Places are kept as anchors
(a square, a seat panel) and resolved when drawn, so a resize mid-animation stays right.
The board painter skips what an animation is still bringing in (`hidden()`).

Must not import: net, game.rules.
"""

from __future__ import annotations

import math
from collections.abc import Callable
from dataclasses import dataclass, field
from typing import Any

import pygame

from game.ui.kit import theme as th
from game.ui.kit.anim import clamp01, ease_in_out, ease_out_back, ease_out_cubic

Anchor = tuple  # ("sq", (r, c)) | ("seat", i) | ("board",)
BANNER_SLIDE = 0.22  # seconds a ribbon takes to slide in (and out)
Square = tuple[int, int]


@dataclass
class Anim:
    """One animation: what, when, how long, and which board pieces it stands in for."""

    kind: str
    start: float
    duration: float
    data: dict[str, Any]
    hides: set[tuple[str, Square]] = field(default_factory=set)
    ghost: bool = False  # a leaving piece stays drawn in place until its animation starts
    sound: str | None = None
    sounded: bool = False

    @property
    def end(self) -> float:
        return self.start + self.duration

    def progress(self, clock: float) -> float:
        return clamp01((clock - self.start) / self.duration) if self.duration > 0 else 1.0


class Animator:
    """Animations on one clock. Durations are at normal speed; the scene feeds anim_dt."""

    def __init__(self, play: Callable[[str], None] | None = None) -> None:
        self.clock = 0.0
        self.cursor = 0.0  # when the next queued animation may start
        self.anims: list[Anim] = []
        self.play = play or (lambda name: None)

    def add(self, kind: str, duration: float, data: dict[str, Any], *, hides: set | None = None,
            ghost: bool = False, sound: str | None = None, advance: float = 1.0, with_last: bool = False) -> Anim:
        """Queue an animation after the previous one (or together with it: with_last)."""
        if with_last and self.anims:
            start = self.anims[-1].start + 0.05
        else:
            start = max(self.clock, self.cursor)
        anim = Anim(kind, start, duration, data, hides or set(), ghost, sound)
        self.anims.append(anim)
        self.cursor = max(self.cursor, start + duration * advance)
        return anim

    @property
    def busy(self) -> bool:
        return any(a.end > self.clock for a in self.anims)

    def update(self, adt: float) -> None:
        self.clock += adt
        sounds: list[str] = []
        for a in self.anims:
            if not a.sounded and self.clock >= a.start:
                a.sounded = True
                if a.sound and a.sound not in sounds:
                    sounds.append(a.sound)
        # With animations off a whole turn lands in one frame: each kind of sound plays once, not as a din.
        for name in sounds:
            self.play(name)
        self.anims = [a for a in self.anims if a.end > self.clock]
        if not self.anims:
            self.cursor = self.clock

    def skip(self) -> None:
        """A click: everything queued arrives now."""
        self.anims.clear()
        self.cursor = self.clock

    def hidden(self) -> set[tuple[str, Square]]:
        out: set[tuple[str, Square]] = set()
        for a in self.anims:
            out |= a.hides
        return out

    def draw(self, surface: pygame.Surface, ctx: AnimContext) -> None:
        # Ribbons last: a leader flying home under a war's result must not hide the words of the result.
        for a in sorted(self.anims, key=lambda a: a.kind == "banner"):
            if self.clock < a.start:
                if a.ghost:
                    DRAW[a.kind](surface, ctx, a, 0.0)
                continue
            DRAW[a.kind](surface, ctx, a, a.progress(self.clock))


@dataclass
class AnimContext:
    """What drawing needs from the scene: where anchors are, the square size, pieces, the theme."""

    where: Callable[[Anchor], tuple[int, int]]
    square: int
    piece: Callable[[pygame.Surface, str, pygame.Rect, int], None]
    monument: Callable[[pygame.Surface, list[str], Square, float, int], None]
    theme: th.Theme
    board: pygame.Rect


def _rect_at(pos: tuple[float, float], size: float) -> pygame.Rect:
    s = max(2, round(size))
    return pygame.Rect(round(pos[0] - s / 2), round(pos[1] - s / 2), s, s)


def _drop(surface: pygame.Surface, ctx: AnimContext, a: Anim, p: float) -> None:
    """A piece falls from above, lands with a small bounce and a puff of dust."""
    x, y = ctx.where(a.data["to"])
    size = ctx.square * a.data.get("scale", 0.94)
    fall = 1 - ease_out_back(p, 1.2)
    pos = (x, y - fall * ctx.square * 2.2)
    grow = 1 + 0.35 * (1 - ease_out_cubic(p))
    if p > 0.55:
        ring = ctx.square * (0.5 + 0.6 * (p - 0.55) / 0.45)
        pygame.draw.circle(surface, th.SAND_LIGHT, (x, y), round(ring), max(1, round(ctx.square * 0.05 * (1 - p))))
    ctx.piece(surface, a.data["name"], _rect_at(pos, size * grow), round(255 * clamp01(p * 3)))


def _slide(surface: pygame.Surface, ctx: AnimContext, a: Anim, p: float) -> None:
    """A leader glides along an arc, lifted in the middle of its path."""
    (x0, y0), (x1, y1) = ctx.where(a.data["from"]), ctx.where(a.data["to"])
    t = ease_in_out(p)
    lift = math.sin(math.pi * t) * ctx.square * 0.9
    pos = (x0 + (x1 - x0) * t, y0 + (y1 - y0) * t - lift)
    size = ctx.square * 0.9 * (1 + 0.25 * math.sin(math.pi * t))
    ctx.piece(surface, a.data["name"], _rect_at(pos, size), 255)


def _leave(surface: pygame.Surface, ctx: AnimContext, a: Anim, p: float) -> None:
    """A lost piece shakes, then flies home (or crumbles away) and fades."""
    x0, y0 = ctx.where(a.data["from"])
    size = ctx.square * a.data.get("scale", 0.9)
    if p < 0.3:
        shake = math.sin(p * 90) * ctx.square * 0.06 * (p > 0)
        ctx.piece(surface, a.data["name"], _rect_at((x0 + shake, y0), size), 255)
        if p > 0:
            pygame.draw.rect(surface, th.TERRACOTTA_LIGHT, _rect_at((x0, y0), ctx.square), max(2, ctx.square // 14))
        return
    t = ease_in_out((p - 0.3) / 0.7)
    target = a.data.get("to")
    if target is None:
        ctx.piece(surface, a.data["name"], _rect_at((x0, y0 + t * ctx.square * 0.4), size * (1 - 0.7 * t)),
                  round(255 * (1 - t)))
        return
    x1, y1 = ctx.where(target)
    pos = (x0 + (x1 - x0) * t, y0 + (y1 - y0) * t - math.sin(math.pi * t) * ctx.square)
    ctx.piece(surface, a.data["name"], _rect_at(pos, size * (1 - 0.4 * t)), round(255 * (1 - 0.6 * t)))


def _rise(surface: pygame.Surface, ctx: AnimContext, a: Anim, p: float) -> None:
    """A monument (or the ziggurat) grows out of the ground with a golden glow."""
    k = ease_out_back(p, 1.4)
    if "colors" in a.data:
        at = a.data["at"]
        ctx.monument(surface, a.data["colors"], at, max(0.05, k), round(255 * clamp01(p * 2)))
        centre = ctx.where(("sq2", at))
    else:
        centre = ctx.where(("sq", a.data["at"]))
        ctx.piece(surface, a.data["name"], _rect_at(centre, ctx.square * 1.3 * max(0.05, k)), 255)
    glow = round(ctx.square * (0.8 + 1.2 * p))
    pygame.draw.circle(surface, th.GOLD_LIGHT, centre, glow, max(1, round(ctx.square * 0.08 * (1 - p))))


def _points(surface: pygame.Surface, ctx: AnimContext, a: Anim, p: float) -> None:
    """A "+n" chip of the colour flies from the board to the scorer's panel."""
    (x0, y0), (x1, y1) = ctx.where(a.data["from"]), ctx.where(a.data["to"])
    t = ease_in_out(p)
    pos = (x0 + (x1 - x0) * t, y0 + (y1 - y0) * t - math.sin(math.pi * t) * ctx.square * 1.5)
    r = round(ctx.square * 0.42 * (1 + 0.3 * math.sin(math.pi * t)))
    color = th.TILE_COLORS.get(a.data["color"], th.GOLD)
    pygame.draw.circle(surface, th.SHADOW, (round(pos[0]) + 3, round(pos[1]) + 4), r)
    pygame.draw.circle(surface, color, (round(pos[0]), round(pos[1])), r)
    pygame.draw.circle(surface, th.GOLD_LIGHT, (round(pos[0]), round(pos[1])), r, max(2, r // 7))
    centre = (round(pos[0]), round(pos[1]))
    ctx.theme.blit_text(surface, f"+{a.data['count']}", 40, th.CREAM, shadow=True, center=centre)


def _banner(surface: pygame.Surface, ctx: AnimContext, a: Anim, p: float) -> None:
    """A wide ribbon across the board: slides in, holds, slides out (each slide about a fifth of a second,
    however long the ribbon holds)."""
    t = ctx.theme
    slide = min(0.2, BANNER_SLIDE / max(a.duration, BANNER_SLIDE))
    inn, out = ease_out_back(clamp01(p / slide)), ease_in_out(clamp01((p - 1 + slide) / slide))
    board = ctx.board
    h = t.s(150 if a.data.get("sub") else 110)
    rect = pygame.Rect(0, 0, board.width + t.s(40), h)
    rect.center = (board.centerx + round((1 - inn) * -board.width * 1.2 + out * board.width * 1.2), board.centery)
    veil = pygame.Surface(rect.size, pygame.SRCALPHA)
    fill = a.data.get("fill", th.LAPIS)
    veil.fill((*fill[:3], 225))
    surface.blit(veil, rect)
    pygame.draw.line(surface, th.GOLD, rect.topleft, rect.topright, max(2, t.s(4)))
    pygame.draw.line(surface, th.GOLD, rect.bottomleft, rect.bottomright, max(2, t.s(4)))
    # Fitted to the ribbon (one line, shrinking first): a long revolt or war outcome, or a Chinese sentence,
    # must never run off it.
    inner = rect.inflate(-t.s(48), 0)
    if a.data.get("sub"):
        head = pygame.Rect(inner.left, rect.top + t.s(8), inner.width, rect.centery + t.s(14) - rect.top - t.s(8))
        t.blit_fit(surface, a.data["text"], th.TEXT_HUGE, th.GOLD_LIGHT, head, valign="bottom", shadow=True,
                   max_lines=1)
        sub = pygame.Rect(inner.left, rect.centery + t.s(18), inner.width, rect.bottom - rect.centery - t.s(22))
        t.blit_fit(surface, a.data["sub"], th.TEXT_BODY, th.CREAM, sub, valign="top", max_lines=1)
    else:
        t.blit_fit(surface, a.data["text"], th.TEXT_HUGE, th.GOLD_LIGHT, inner, shadow=True, max_lines=1)


DRAW: dict[str, Callable[[pygame.Surface, AnimContext, Anim, float], None]] = {
    "drop": _drop, "slide": _slide, "leave": _leave, "rise": _rise, "points": _points, "banner": _banner,
}


def table_context(lay: Any, panels: Any, art: Any, painter: Any, theme: Any) -> AnimContext:
    """Where the table's animations go: squares of the board, a seat's emblem, the board's centre."""

    def where(anchor: tuple) -> tuple[int, int]:
        if anchor[0] == "sq":
            return lay.square_center(anchor[1])
        if anchor[0] == "sq2":
            return lay.square_rect(anchor[1]).bottomright
        if anchor[0] == "seat":
            return panels.anchor(lay, anchor[1])
        return lay.board.center

    return AnimContext(where, lay.square, lambda s, n, r, a: art.blit(s, n, r, a),
                       lambda s, c, at, k, a: painter.draw_monument(s, lay, c, at, k, a), theme, lay.board)
