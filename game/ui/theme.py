"""Fonts, palette and the layout scale of the client.

Owns: the colours every screen uses, the font cache (one pygame Font per pixel size), text
rendering helpers, and the scale unit that turns "pixels at 1920x1080" into pixels in the current
window. Every size on screen goes through `Theme.s()` so that the client reads the same from the
sofa at any window size.

Must not import: game.rules (beyond its vocabulary), net, or any scene. Nothing here touches the display at import time.
"""

from __future__ import annotations

from dataclasses import dataclass, field

import pygame

from game.rules.vocabulary import DYNASTIES as DYNASTIES  # re-exported: the menus list them from here
from game.rules.vocabulary import LEADER_WORDS, TILE_WORDS

# -- palette ---------------------------------------------------------------------------------------
# Sun-baked Mesopotamia: sand and clay for surfaces, lapis lazuli for depth, gold for what matters.
SAND = pygame.Color(233, 213, 170)
SAND_LIGHT = pygame.Color(246, 234, 205)
SAND_DARK = pygame.Color(196, 166, 118)
CLAY = pygame.Color(168, 120, 78)
TERRACOTTA = pygame.Color(186, 84, 52)
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
DISABLED_FILL = pygame.Color(120, 110, 96)
DISABLED_TEXT = pygame.Color(196, 188, 172)
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


@dataclass
class Theme:
    """The layout scale for one window size, plus the font cache and draw recorder."""

    size: tuple[int, int] = REFERENCE
    record_text: list[TextRecord] | None = None
    _fonts: dict[int, pygame.font.Font] = field(default_factory=dict)

    @property
    def scale(self) -> float:
        """The window's scale against 1920x1080 (height-driven; width only when narrower than 16:9)."""
        w, h = self.size
        return max(0.25, min(h / REFERENCE[1], w / REFERENCE[0]))

    def resize(self, size: tuple[int, int]) -> None:
        self.size = (int(size[0]), int(size[1]))

    def s(self, px_at_1080: float) -> int:
        """Pixels in this window for a length given at 1920x1080."""
        return max(1, round(px_at_1080 * self.scale))

    def font(self, px: int) -> pygame.font.Font:
        """The default font whose line height is `px` (cached: fonts are rendered at their shown size)."""
        px = max(8, int(px))
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
        """Render one line at a size given at 1080p."""
        return self.font(self.s(size_at_1080)).render(text, True, color)

    def blit_text(
        self,
        surface: pygame.Surface,
        text: str,
        size_at_1080: int,
        color: pygame.Color | tuple,
        *,
        shadow: bool = False,
        **anchor: object,
    ) -> pygame.Rect:
        """Draw one line anchored like a Rect keyword (center=..., topleft=...); return where it went."""
        img = self.render(text, size_at_1080, color)
        rect = img.get_rect(**anchor)
        if shadow:
            shade = self.render(text, size_at_1080, SHADOW)
            shade.set_alpha(150)
            off = max(1, self.s(3))
            surface.blit(shade, rect.move(off, off))
        surface.blit(img, rect)
        self._note(text, rect)
        return rect

    def wrap(self, text: str, size_at_1080: int, width: int) -> list[str]:
        """Split text into lines that fit `width` pixels at this size."""
        font = self.font(self.s(size_at_1080))
        lines: list[str] = []
        for paragraph in text.split("\n"):
            words, line = paragraph.split(" "), ""
            for word in words:
                trial = f"{line} {word}".strip()
                if line and font.size(trial)[0] > width:
                    lines.append(line)
                    line = word
                else:
                    line = trial
            lines.append(line)
        return lines

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
            if line:
                anchor = {"left": {"topleft": (rect.left, y)}, "center": {"midtop": (rect.centerx, y)}}
                self.blit_text(surface, line, size_at_1080, color, **anchor[align])
            y += round(px * spacing)
        return y

    def _note(self, text: str, rect: pygame.Rect) -> None:
        if self.record_text is not None and text.strip():
            self.record_text.append(TextRecord(text, rect.copy(), rect.height))


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
    """Shorten a line with an ellipsis so it never runs out of the width it has."""
    font = t.font(t.s(size))
    if font.size(text)[0] <= width:
        return text
    while text and font.size(text + "…")[0] > width:
        text = text[:-1]
    return text + "…"
