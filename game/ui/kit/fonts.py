"""The fonts of the other script: the bundled CJK face, a system font for rarer glyphs, and their size.

Owns: which font draws a line (`ScriptFonts.font_for`): pygame's default face when it has every
glyph of the line, else the bundled Noto Sans CJK TC Bold subset (fonts/NotoSansCJKtc-Bold-subset.otf,
beside its licence OFL.txt and `make_cjk_font.py`, which cuts it), else a CJK font of the system
for a glyph the subset lacks (a player's name), else the subset anyway (a box for that glyph, never a crash). Also
the CJK size: a line of `px` pixels is drawn with an em of `CJK_EM * px`, which makes a Chinese
character taller than an English capital at the same size (more height to read at 3 m), and its
surface is trimmed to the line box (the face's own line is 1.45 em tall, mostly air) so that Chinese
takes the same room as English in every layout. And the runs of a mixed line (`runs`): on an English screen
a line that holds a Chinese name keeps its English words in the default face (Theme draws it run by run),
so that one player's name does not shrink every word of the sentence around it.

Imports pygame only. Nothing is loaded at import time.
"""

from __future__ import annotations

import logging
from pathlib import Path
from typing import TYPE_CHECKING

import pygame
import pygame.freetype

if TYPE_CHECKING:
    from pygame.typing import ColorLike

log = logging.getLogger(__name__)

CJK_FONT = Path(__file__).resolve().parents[3] / "fonts" / "NotoSansCJKtc-Bold-subset.otf"
CJK_EM = 0.8  # em per pixel of line height: ideographs then stand ~1.1x as tall as English capitals
LINE_TOP, LINE_HEIGHT = 1.02, 1.24  # the trimmed line box, in em: from 1.02 above the baseline, 1.24 tall
# CJK fonts a system may have, Traditional first (pygame's names: lower case, no spaces).
SYSTEM_FALLBACKS = ("notosanscjktc", "notosanscjkhk", "sourcehansanstc", "microsoftjhenghei", "pingfangtc",
                    "notosanscjkjp", "notosanscjksc", "notosanscjk", "droidsansfallback", "wqyzenhei",
                    "arialunicodems")


class ScriptFonts:
    """Fonts for lines the default face cannot draw, cached by size; glyph coverage cached by face."""

    def __init__(self) -> None:
        self._cjk: dict[int, pygame.font.Font] = {}
        self._system: dict[int, pygame.font.Font] = {}
        self._covers: dict[tuple[str | None, str], bool] = {}
        self._probes: dict[str | None, pygame.freetype.Font | None] = {}
        self._system_path: str | None | bool = False  # False: not looked for yet

    # -- which face ---------------------------------------------------------------------------------
    def font_for(self, text: str, px: int, default: pygame.font.Font) -> pygame.font.Font:
        """Return the font that draws this line best at a line height of px."""
        if text.isascii() or self.covers(None, text):
            return default
        bundled = str(CJK_FONT) if CJK_FONT.exists() else None
        if bundled is not None and self.covers(bundled, text):
            return self.cjk(px)
        system = self.system_path()
        if system is not None and self.covers(system, text):
            return self._sized(self._system, system, px)
        return self.cjk(px) if bundled is not None else default

    def cjk(self, px: int) -> pygame.font.Font:
        """Return the bundled CJK font for a line height of px."""
        return self._sized(self._cjk, str(CJK_FONT), px)

    def _sized(self, cache: dict[int, pygame.font.Font], path: str, px: int) -> pygame.font.Font:
        font = cache.get(px)
        if font is None:
            font = cache[px] = pygame.font.Font(path, max(6, round(px * CJK_EM)))
        return font

    def system_path(self) -> str | None:
        """Return the file of a CJK font this system has (looked for once), or None."""
        if self._system_path is False:
            self._system_path = None
            for name in SYSTEM_FALLBACKS:
                try:
                    path = pygame.font.match_font(name, bold=True)  # the bundled face is bold too
                except (OSError, ValueError):  # a broken font list must not stop the game
                    path = None
                if path:
                    self._system_path = path
                    break
        return self._system_path if isinstance(self._system_path, str) else None

    def draws(self, text: str) -> bool:
        """Whether one face here (the default, the bundled subset, the system's CJK font) has every glyph of text:
        a player's name that none has would show as boxes."""
        if text.isascii() or self.covers(None, text):
            return True
        bundled = str(CJK_FONT) if CJK_FONT.exists() else None
        return any(path is not None and self.covers(path, text) for path in (bundled, self.system_path()))

    def runs(self, text: str) -> list[tuple[str, bool]]:
        """Split a line into runs the default face draws (True) and runs it cannot (False), in order. Spaces are
        the default face's: the CJK face's space, at its smaller em, would jam a name against the next word."""
        out: list[tuple[str, bool]] = []
        for c in text:
            plain = c.isspace() or not c.isprintable() or self._covers_char(None, c)
            if out and out[-1][1] == plain:
                out[-1] = (out[-1][0] + c, out[-1][1])
            else:
                out.append((c, plain))
        return out

    def covers(self, path: str | None, text: str) -> bool:
        """Whether the face at path (None: pygame's default) has a glyph for every character of text."""
        return all(self._covers_char(path, c) for c in set(text) if c.isprintable() and not c.isspace())

    def _covers_char(self, path: str | None, char: str) -> bool:
        known = self._covers.get((path, char))
        if known is None:
            probe = self._probe(path)
            known = probe is not None and probe.get_metrics(char)[0] is not None
            self._covers[(path, char)] = known
        return known

    def _probe(self, path: str | None) -> pygame.freetype.Font | None:
        if path not in self._probes:
            try:
                if not pygame.freetype.get_init():
                    pygame.freetype.init()
                self._probes[path] = pygame.freetype.Font(path, 16)
            except (OSError, pygame.error) as err:
                log.warning("cannot read the glyphs of font %s: %s", path or "default", err)
                self._probes[path] = None
        return self._probes[path]

    # -- drawing ------------------------------------------------------------------------------------
    def render(self, font: pygame.font.Font, text: str, color: ColorLike) -> pygame.Surface:
        """Render a line in a CJK font, trimmed to its line box (see the module's docstring)."""
        return self.render_on_baseline(font, text, color)[0]

    def render_on_baseline(self, font: pygame.font.Font, text: str, color: ColorLike) -> tuple[pygame.Surface, int]:
        """Render a line in a CJK font, trimmed to its line box; return it and its baseline's height in it."""
        img = font.render(text, True, color)
        em = font.point_size
        top = max(0, font.get_ascent() - round(LINE_TOP * em))
        height = min(img.get_height() - top, round(LINE_HEIGHT * em))
        trimmed = img.subsurface(pygame.Rect(0, top, img.get_width(), max(1, height))).copy()
        return trimmed, font.get_ascent() - top
