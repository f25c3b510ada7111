"""Fonts, palette and the layout scale of the client.

Owns: the colours every screen uses, the font cache (one pygame Font per pixel size), text
rendering helpers, and the scale unit that turns "pixels at 1920x1080" into pixels in the current
window. Every size on screen goes through `Theme.s()` so that the client reads the same from the
sofa at any window size.

Must not import: game.rules (beyond its vocabulary), net, or any scene. Nothing here touches the display at import time.
"""

from __future__ import annotations

from collections.abc import Iterator
from contextlib import contextmanager
from dataclasses import dataclass, field
from typing import TYPE_CHECKING

import pygame

from game.i18n import language
from game.i18n.glossary import UNBROKEN
from game.rules.vocabulary import DYNASTIES as DYNASTIES  # re-exported: the menus list them from here
from game.rules.vocabulary import LEADER_WORDS, TILE_WORDS
from game.ui.kit import textfit
from game.ui.kit.fonts import ScriptFonts

if TYPE_CHECKING:
    from pygame.typing import ColorLike

# -- palette ---------------------------------------------------------------------------------------
# Sun-baked Mesopotamia: sand and clay for surfaces, lapis lazuli for depth, gold for what matters.
SAND = pygame.Color(233, 213, 170)
SAND_LIGHT = pygame.Color(246, 234, 205)
SAND_DARK = pygame.Color(196, 166, 118)
CLAY = pygame.Color(168, 120, 78)  # a fill and border colour: as text on sand it reads only 2.67:1
TERRACOTTA = pygame.Color(156, 62, 36)  # cream on it, and it on sand, both >= 4.5:1
TERRACOTTA_LIGHT = pygame.Color(214, 112, 76)
LAPIS = pygame.Color(34, 58, 112)
LAPIS_DEEP = pygame.Color(16, 26, 56)
LAPIS_LIGHT = pygame.Color(72, 112, 186)
GOLD = pygame.Color(226, 176, 64)
GOLD_LIGHT = pygame.Color(250, 214, 118)
GOLD_DARK = pygame.Color(150, 104, 28)
INK = pygame.Color(40, 26, 16)  # text on sand
CREAM = pygame.Color(252, 244, 224)  # text on lapis / clay
SHADOW = pygame.Color(10, 8, 20)
DISABLED_FILL = pygame.Color(96, 88, 78)
DISABLED_TEXT = pygame.Color(226, 218, 204)
# Hint lines and quiet words: quieter than a label yet >= 4.5:1 against the panel behind them
# (use these, not CLAY, for words on sand).
HINT_ON_SAND = pygame.Color(112, 64, 30)
HINT_ON_DARK = pygame.Color(232, 214, 180)
RIVER = pygame.Color(46, 110, 160)
RIVER_LIGHT = pygame.Color(140, 200, 230)

# The four civilization colours (RULES.md section 1) as the pieces show them.
TILE_COLORS: dict[str, pygame.Color] = {
    "red": pygame.Color(196, 54, 42),
    "blue": pygame.Color(40, 96, 190),
    "green": pygame.Color(52, 140, 70),
    "black": pygame.Color(36, 34, 40),
}
COLOR_NAMES: dict[str, str] = TILE_WORDS
LEADER_NAMES: dict[str, str] = LEADER_WORDS

# Dynasty accents are chosen away from the four tile colours so a seat is never mistaken for a colour.
DYNASTY_COLORS: dict[str, pygame.Color] = {
    "bull": pygame.Color(222, 128, 40),
    "lion": pygame.Color(232, 196, 60),
    "archer": pygame.Color(150, 96, 196),
    "urn": pygame.Color(40, 164, 160),
}

# -- sizes at the 1920x1080 reference --------------------------------------------------------------
# Text sizes are line heights in pixels at 1080p; the smallest must stay >= 24 px (sofa rule).
TEXT_SMALL = 32
TEXT_BODY = 40
TEXT_LARGE = 54
TEXT_HUGE = 80
TEXT_TITLE = 170
MIN_TEXT_1080 = 24
FIT_MIN = 28  # the smallest size fitted text shrinks to before it wraps (its glyphs stay >= 24 px)
MIN_CONTRAST = 4.5  # WCAG AA for text
MIN_HIT_1080 = 48
BUTTON_HEIGHT = 92
REFERENCE = (1920, 1080)

# pygame's default font (freesansbold) renders about 0.75 of the requested size as its line height.
_DEFAULT_FONT_RATIO = 0.75


@dataclass(frozen=True)
class TextRecord:
    """One piece of text as it was drawn: for the sofa-size tests."""

    text: str
    rect: pygame.Rect
    px: int
    container: pygame.Rect | None = None  # the box the text must stay inside (None: the window)
    ink: pygame.Rect | None = None  # the pixels actually inked (glyph bounds), for the overlap test
    color: tuple[int, int, int] = (0, 0, 0)  # for the contrast test


@dataclass
class Theme:
    """The layout scale for one window size, plus the font cache and draw recorder."""

    size: tuple[int, int] = REFERENCE
    record_text: list[TextRecord] | None = None
    _fonts: dict[int, pygame.font.Font] = field(default_factory=dict)
    _containers: list[pygame.Rect] = field(default_factory=list)
    hide_text: bool = False  # the contrast test draws a frame without words to see what is behind them
    _scripts: ScriptFonts = field(default_factory=ScriptFonts)  # CJK text: its own face and size
    # Words drawn every frame are rendered once: (text, px, rgb, shadow, language) -> surface. Bounded, cleared
    # when full. The language: an English screen draws a Chinese name run by run (_by_runs).
    _lines: dict[tuple, pygame.Surface] = field(default_factory=dict)
    _scale: tuple[tuple[int, int], float] = ((0, 0), 1.0)
    _fits: dict[tuple, textfit.Fit] = field(default_factory=dict)
    _wraps: dict[tuple, list[str]] = field(default_factory=dict)

    @property
    def scale(self) -> float:
        """The window's scale against 1920x1080 (height-driven; width only when narrower than 16:9)."""
        size, scale = self._scale
        if size != self.size:  # s() runs hundreds of times a frame: the division is done once per size
            w, h = self.size
            scale = max(0.25, min(h / REFERENCE[1], w / REFERENCE[0]))
            self._scale = (self.size, scale)
        return scale

    def resize(self, size: tuple[int, int]) -> None:
        self.size = (int(size[0]), int(size[1]))

    def s(self, px_at_1080: float) -> int:
        """Pixels in this window for a length given at 1920x1080."""
        size, k = self._scale  # hundreds of calls a frame: the property only when the size changed
        if size != self.size:
            k = self.scale
        return max(1, round(px_at_1080 * k))

    def font(self, px: int, text: str = "") -> pygame.font.Font:
        """The font whose line height is `px` (cached); pass the text to get the CJK face where it needs one."""
        px = max(8, int(px))
        if text and not text.isascii():
            return self._scripts.font_for(text, px, self.font(px))
        font = self._fonts.get(px)
        if font is None:
            if not pygame.font.get_init():
                pygame.font.init()
            font = pygame.font.Font(None, round(px / _DEFAULT_FONT_RATIO))
            self._fonts[px] = font
        return font

    def text_px(self, size_at_1080: int) -> int:
        return self.s(size_at_1080)

    def render(self, text: str, size_at_1080: int, color: pygame.Color | tuple) -> pygame.Surface:
        """Render one line at a size given at 1080p (Chinese in the CJK face, trimmed to the line box; on an
        English screen only the Chinese runs of a line, its English words in the default face)."""
        text = textfit.drawable(text)
        px = self.s(size_at_1080)
        if self._by_runs(text):
            return self._render_runs(text, px, color)
        font = self.font(px, text)
        if font is self.font(px):
            return font.render(text, True, color)
        return self._scripts.render(font, text, color)

    def _by_runs(self, text: str) -> bool:
        """Whether a line (as textfit.drawable leaves it) is drawn run by run: a line of an English screen that
        the default face cannot draw whole (a Chinese name in an English sentence). On a Chinese screen the CJK
        face draws the whole line."""
        return not text.isascii() and language() == "en" and not self._scripts.covers(None, text)

    def _render_runs(self, text: str, px: int, color: pygame.Color | tuple) -> pygame.Surface:
        """Render a mixed line run by run, every run on one baseline."""
        default = self.font(px)
        parts: list[tuple[pygame.Surface, int]] = []
        for run, plain in self._scripts.runs(text):
            if plain:
                parts.append((default.render(run, True, color), default.get_ascent()))
            else:
                parts.append(self._scripts.render_on_baseline(self.font(px, run), run, color))
        # The English line's box, so that the words sit where they would without the name; it grows only where
        # a Chinese run's ink (not its face's air) would leave it.
        above, below = default.get_ascent(), default.get_linesize() - default.get_ascent()
        for img, base in parts:
            ink = img.get_bounding_rect()
            if ink.height:
                above, below = max(above, base - ink.top + 1), max(below, ink.bottom - base + 1)  # a row of air
        line = pygame.Surface((max(1, sum(img.get_width() for img, _ in parts)), max(1, above + below)),
                              pygame.SRCALPHA)
        line.fill((*pygame.Color(color)[:3], 0))  # the runs' soft edges then blend into their own colour
        x = 0
        for img, base in parts:
            line.blit(img, (x, above - base))
            x += img.get_width()
        return line

    def width(self, text: str, px: int) -> int:
        """The width in pixels of one line at a line height of px, as render() draws it."""
        text = textfit.drawable(text)
        if self._by_runs(text):
            return sum(self.font(px, run).size(run)[0] for run, _ in self._scripts.runs(text))
        return self.font(px, text).size(text)[0]

    def width_within(self, line: str, part: str, px: int) -> int:
        """The width of `part`, the start of `line`, as it is drawn within that line (a caret's place)."""
        line, part = textfit.drawable(line), textfit.drawable(part)
        if self._by_runs(line):
            return self.width(part, px)
        return self.font(px, line).size(part)[0]

    def blit_text(
        self,
        surface: pygame.Surface,
        text: str,
        size_at_1080: int,
        color: pygame.Color | tuple,
        *,
        shadow: bool = False,
        within: pygame.Rect | None = None,
        **anchor: object,
    ) -> pygame.Rect:
        """Draw one line anchored like a Rect keyword (center=..., topleft=...); return where it went.

        `within` names the box the line belongs to (else the innermost `container()`), for the fit test.
        A shadow is drawn only under light text: under dark text it reads as a doubled letter.
        """
        img = self._line(text, size_at_1080, color)
        rect = img.get_rect(**anchor)
        if self.hide_text:
            return rect
        if shadow and luminance(color) > 0.4:
            shade = self._line(text, size_at_1080, SHADOW, shade=True)
            off = max(1, self.s(3))
            surface.blit(shade, rect.move(off, off))
        surface.blit(img, rect)
        if self.record_text is not None:
            self._note(text, rect, within, img, color)
        return rect

    def _line(self, text: str, size_at_1080: int, color: pygame.Color | tuple, shade: bool = False) -> pygame.Surface:
        """A rendered line from the cache (never handed out: callers of render() get their own)."""
        key = (text, self.s(size_at_1080), tuple(color)[:3], shade, language())  # language: see _by_runs
        img = self._lines.get(key)
        if img is None:
            if len(self._lines) > 768:
                self._lines.clear()
            img = self.render(text, size_at_1080, color)
            if shade:
                img.set_alpha(150)
            self._lines[key] = img
        return img

    def wrap(self, text: str, size_at_1080: int, width: int, keep: tuple[str, ...] = ()) -> list[str]:
        """Split text into lines that fit `width` pixels at this size (English by words, CJK by characters,
        never inside one of `keep`, the players' names, nor inside one of the glossary's words)."""
        keep = (*keep, *UNBROKEN) if not text.isascii() else keep
        key = (text, self.s(size_at_1080), width, keep, language())
        lines = self._wraps.get(key)
        if lines is None:  # logs and panels wrap the same sentences every frame: wrap each once
            if len(self._wraps) > 1024:
                self._wraps.clear()
            px = key[1]
            lines = textfit.wrap(text, width, lambda line: self.width(line, px), keep)
            self._wraps[key] = lines
        return list(lines)

    def can_draw(self, text: str) -> bool:
        """Whether text can be drawn with real glyphs (no boxes) by a face of this game or of the system."""
        return self._scripts.draws(text)

    def measure(self, text: str, size_at_1080: int) -> int:
        """The width in pixels of one line at a size given at 1080p."""
        return self.width(text, self.s(size_at_1080))

    def fit(
        self,
        text: str,
        size_at_1080: int,
        box: tuple[int, int],
        *,
        min_size: int = FIT_MIN,
        max_lines: int | None = None,
        spacing: float = 1.1,
    ) -> textfit.Fit:
        """How text fits a box of (w, h) pixels: shrink to min_size, then wrap, then ellipsis (cached)."""
        key = (text, size_at_1080, tuple(box), min_size, max_lines, spacing, self.scale, language())
        fitted = self._fits.get(key)
        if fitted is None:
            if len(self._fits) > 512:
                self._fits.clear()
            fitted = textfit.fit(
                text, size_at_1080, box, self.measure, self.s, min_size=min_size, spacing=spacing, max_lines=max_lines,
                keep=UNBROKEN,
            )
            self._fits[key] = fitted
        return fitted

    def blit_fit(
        self,
        surface: pygame.Surface,
        text: str,
        size_at_1080: int,
        color: pygame.Color | tuple,
        box: pygame.Rect,
        *,
        align: str = "center",
        valign: str = "center",
        shadow: bool = False,
        min_size: int = FIT_MIN,
        max_lines: int | None = None,
    ) -> pygame.Rect:
        """Draw text fitted inside box (the one helper every widget uses); return the lines' bounds."""
        fitted = self.fit(text, size_at_1080, box.size, min_size=min_size, max_lines=max_lines)
        y = {"top": box.top, "bottom": box.bottom - fitted.height}.get(valign, box.centery - fitted.height // 2)
        y += (fitted.line_height - self.s(fitted.size)) // 2
        drawn = pygame.Rect(box.centerx, y, 0, 0)
        for line in fitted.lines:
            anchor = {"left": {"topleft": (box.left, y)}, "right": {"topright": (box.right, y)}}.get(
                align, {"midtop": (box.centerx, y)}
            )
            drawn.union_ip(self.blit_text(surface, line, fitted.size, color, shadow=shadow, within=box, **anchor))
            y += fitted.line_height
        return drawn

    @contextmanager
    def container(self, rect: pygame.Rect) -> Iterator[None]:
        """Text drawn inside this block belongs to rect (the fit test checks it stays inside)."""
        self._containers.append(pygame.Rect(rect))
        try:
            yield
        finally:
            self._containers.pop()

    def blit_paragraph(
        self,
        surface: pygame.Surface,
        text: str,
        size_at_1080: int,
        color: pygame.Color | tuple,
        rect: pygame.Rect,
        *,
        align: str = "left",
        spacing: float = 1.15,
    ) -> int:
        """Draw wrapped text inside rect (top aligned); return the y below the last line."""
        px = self.s(size_at_1080)
        y = rect.top
        for line in self.wrap(text, size_at_1080, rect.width):
            if line and align == "center":
                self.blit_text(surface, line, size_at_1080, color, midtop=(rect.centerx, y))
            elif line:
                self.blit_text(surface, line, size_at_1080, color, topleft=(rect.left, y))
            y += round(px * spacing)
        return y

    def _note(
        self, text: str, rect: pygame.Rect, within: pygame.Rect | None, img: pygame.Surface, color: ColorLike
    ) -> None:
        if self.record_text is not None and text.strip():
            box = within if within is not None else (self._containers[-1] if self._containers else None)
            ink = img.get_bounding_rect().move(rect.topleft)
            ink_color = pygame.Color(color)
            rgb = (ink_color.r, ink_color.g, ink_color.b)
            self.record_text.append(TextRecord(text, rect.copy(), rect.height, box and pygame.Rect(box), ink, rgb))


def luminance(color: pygame.Color | tuple) -> float:
    """WCAG relative luminance of an sRGB colour (0 black .. 1 white)."""

    def channel(v: int) -> float:
        c = v / 255
        return c / 12.92 if c <= 0.03928 else ((c + 0.055) / 1.055) ** 2.4

    r, g, b = (channel(v) for v in tuple(color)[:3])
    return 0.2126 * r + 0.7152 * g + 0.0722 * b


def contrast(a: pygame.Color | tuple, b: pygame.Color | tuple) -> float:
    """WCAG contrast ratio between two colours (1 .. 21); text needs >= 4.5."""
    la, lb = sorted((luminance(a), luminance(b)), reverse=True)
    return (la + 0.05) / (lb + 0.05)


def lerp_color(a: pygame.Color | tuple, b: pygame.Color | tuple, t: float) -> pygame.Color:
    """Blend two colours; t=0 gives a, t=1 gives b."""
    t = min(1.0, max(0.0, t))
    return pygame.Color(*(round(x + (y - x) * t) for x, y in zip(tuple(a)[:3], tuple(b)[:3], strict=True)))


def vertical_gradient(size: tuple[int, int], top: pygame.Color, bottom: pygame.Color) -> pygame.Surface:
    """A smooth top-to-bottom gradient (built tiny and stretched, so it costs nothing at 4K)."""
    strip = pygame.Surface((1, 64))
    for y in range(64):
        strip.set_at((0, y), lerp_color(top, bottom, y / 63))
    return pygame.transform.smoothscale(strip, (max(1, size[0]), max(1, size[1])))


def fit_text(t: Theme, text: str, size: int, width: int) -> str:
    """Shorten a line with an ellipsis so it never runs out of the width it has (prefer Theme.blit_fit)."""
    px = t.s(size)
    return textfit.ellipsize(text, width, lambda line: t.width(line, px))
