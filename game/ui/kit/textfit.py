"""Line breaking and fitting for both scripts the game will speak: English and Traditional Chinese.

Owns: where a line may break (English between words; CJK between any two characters, but never
before closing punctuation such as 。，、」』）！？ nor after opening punctuation such as 「『（, never
inside a number with its unit or a score ("3 個", "第 2 回", "1 比 1"), on either side of a thin or
no-break space (U+2009 joins a Latin name to Chinese: 輪到 + U+2009 + Bob), nor inside a word the caller
keeps whole (players' names, the glossary's words: Theme passes them)), the
greedy wrap of a paragraph into a width, and the fitting order every widget follows — shrink the
size down to a minimum, then wrap, then (last resort) an ellipsis on the last line that fits.

Pure text logic: widths come from a `measure(text, size) -> pixels` callable, so this module needs
no font and no display (theme.Theme supplies pygame's measure). Must not import pygame or the game.
"""

from __future__ import annotations

import re
import unicodedata
from collections.abc import Callable, Sequence
from dataclasses import dataclass

ELLIPSIS = "…"
# A line must not start with these (they close or end something)...
CLOSING = set("。，、．：；！？）」』〉》】〕〗〙〛｝］・ー…‥%,.!?:;)]}'\"’”")
# ...and must not end with these (they open something).
OPENING = set("（「『〈《【〔〖〘〚｛［([{‘“")

Measure = Callable[[str, int], int]
_WORDS = re.compile(r" *[^ ]+ *| +")
# Spaces that join rather than separate: a line never breaks on either side of one.
GLUE = {"\u2009", "\u00a0", "\u202f"}
_HAN = "\u3400-\u4dbf\u4e00-\u9fff\uf900-\ufaff"
_NUMBER = r"[+\-]?\d[\d.,:/%]*"
# A number held to the ideograph before it and its unit after it, a score held whole: "到 3 分", "2 比 1".
NUMBER_RUN = re.compile(rf"(?:[{_HAN}] ?)?{_NUMBER}(?: ?[比到至] ?{_NUMBER})?(?: ?[{_HAN}])?")


def drawable(text: str) -> str:
    """Return text with every control character (a NUL, an escape) shown as U+FFFD: text that came from
    another machine (a player's name, a host's reason) must never stop a frame from being drawn."""
    if text.isprintable():
        return text
    return "".join("\ufffd" if unicodedata.category(c) in ("Cc", "Cs") else c for c in text)


def is_wide(ch: str) -> bool:
    """A CJK (or other full-width) character: a line may break on either side of it."""
    return unicodedata.east_asian_width(ch) in ("W", "F")


def units(text: str, keep: Sequence[str] = ()) -> list[str]:
    """Split a paragraph into unbreakable pieces, each with the spaces that follow it.

    A break may come after spaces (English words stay whole) and on either side of a wide character,
    except before closing punctuation or after opening punctuation, and never inside one of `keep`
    (players' names: "吉爾伽美什" stays on one line), a number with its unit or a score, or beside a GLUE space.
    """
    if text.isascii():
        # English alone (the common case, every frame): no character is wide, so a line breaks only
        # after spaces, and a piece is a word with the spaces after it.
        return _WORDS.findall(text)
    held = _inside(text, keep) | _numbers(text)
    pieces: list[str] = []
    piece = ""
    for i, ch in enumerate(text):
        # The last character that shows decides as well: 「 then a space must not end a line either.
        if piece and i not in held and _may_break(piece[-1], ch) and piece.rstrip()[-1:] not in OPENING:
            pieces.append(piece)
            piece = ""
        piece += ch
    if piece:
        pieces.append(piece)
    return pieces


def _inside(text: str, keep: Sequence[str]) -> set[int]:
    """The positions inside each occurrence of a kept name, where no line may break."""
    held: set[int] = set()
    for name in keep:
        if len(name) < 2:
            continue
        start = text.find(name)
        while start >= 0:
            held.update(range(start + 1, start + len(name)))
            start = text.find(name, start + len(name))
    return held


def _numbers(text: str) -> set[int]:
    """The positions inside each number run (with its unit, or a whole score), where no line may break."""
    held: set[int] = set()
    for run in NUMBER_RUN.finditer(text):
        held.update(range(run.start() + 1, run.end()))
    return held


def _may_break(before: str, ch: str) -> bool:
    """Whether a line may end between `before` and `ch`."""
    if ch == " " or ch in CLOSING or before in OPENING or ch in GLUE or before in GLUE:
        return False
    if before == " ":
        return True
    return is_wide(before) or is_wide(ch)


def wrap(text: str, width: int, measure: Callable[[str], int], keep: Sequence[str] = ()) -> list[str]:
    """Greedy wrap into lines no wider than width (a piece wider than a whole line is cut by characters);
    no break inside one of `keep` unless it alone is wider than a line. A paragraph never ends on a line
    holding a single wide (Chinese) character and its punctuation (「了。」 alone): the previous line lends it
    a piece."""
    lines: list[str] = []
    for paragraph in text.split("\n"):
        pieces: list[list[str]] = [[]]   # the paragraph's lines, as the pieces on each
        line = ""                        # the last of them, joined
        cut = False
        for piece in units(paragraph, keep):
            if line and measure((line + piece).rstrip()) > width:
                pieces.append([])
                line = ""
            pieces[-1].append(piece)
            line += piece
            if measure(line.rstrip()) > width:  # one piece alone is too wide: cut it by characters
                head, line = _cut(line, width, measure)
                pieces[-1:] = [[h] for h in head] + [[line]]
                cut = True
        if not cut:
            _lend_to_last(pieces, width, measure)
        lines.extend("".join(p).rstrip() for p in pieces)
    return lines


def _lend_to_last(pieces: list[list[str]], width: int, measure: Callable[[str], int]) -> None:
    """Move the previous line's last piece down to a last line that is one wide character (and its closing
    punctuation) alone, when it fits there and leaves the previous line two pieces or more."""
    if len(pieces) < 2 or len(pieces[-2]) < 3 or not "".join(pieces[-2][:-1]).strip():
        return   # a line of spaces only would be left behind
    last = "".join(pieces[-1]).strip()
    letters = [ch for ch in last if ch not in CLOSING]
    if len(letters) != 1 or not is_wide(letters[0]):
        return
    moved = pieces[-2][-1]
    if measure((moved + "".join(pieces[-1])).rstrip()) <= width:
        pieces[-2].pop()
        pieces[-1].insert(0, moved)


def _cut(text: str, width: int, measure: Callable[[str], int]) -> tuple[list[str], str]:
    """Cut an over-long piece into full lines plus the rest (at least one character per line)."""
    lines: list[str] = []
    line = ""
    for ch in text:
        if line and measure((line + ch).rstrip()) > width:
            lines.append(line.rstrip())
            line = ""
        line += ch
    return lines, line


def ellipsize(text: str, width: int, measure: Callable[[str], int]) -> str:
    """Shorten one line with an ellipsis so it fits width (the last resort)."""
    if measure(text) <= width:
        return text
    while text and measure(text.rstrip() + ELLIPSIS) > width:
        text = text[:-1]
    return text.rstrip() + ELLIPSIS


@dataclass(frozen=True)
class Fit:
    """How a text fits a box: the size (at 1080p) to draw at and its lines."""

    size: int
    lines: tuple[str, ...]
    line_height: int  # pixels in the window, from the top of one line to the next

    @property
    def height(self) -> int:
        return self.line_height * len(self.lines)


def fit(
    text: str,
    size: int,
    box: tuple[int, int],
    measure: Measure,
    px: Callable[[int], int],
    *,
    min_size: int,
    spacing: float = 1.1,
    max_lines: int | None = None,
    keep: Sequence[str] = (),
) -> Fit:
    """Fit text in a box (w, h in window pixels): shrink to min_size, then wrap, then ellipsis.

    A word is cut by characters only at min_size, when it is wider than the box even there; no line breaks
    inside one of `keep` (as in `units`).

    `size` and `min_size` are sizes at 1080p; `px(size)` gives the window line height for one.
    """
    width, height = box
    min_size = min(size, min_size)
    sizes = _sizes(size, min_size)
    for s in sizes:  # 1. one line, as large as fits
        if "\n" not in text and measure(text, s) <= width and px(s) <= max(height, px(min_size)):
            return Fit(s, (text,), round(px(s) * spacing))
    for s in sizes:  # 2. wrapped, as large as fits, every word whole (a name is never cut in two)
        if not words_fit(text, width, _at(measure, s), keep):
            continue
        lines = wrap(text, width, _at(measure, s), keep)
        step = round(px(s) * spacing)
        if (max_lines is None or len(lines) <= max_lines) and _fits_height(len(lines), step, px(s), height):
            return Fit(s, tuple(lines), step)
    # 3. the smallest size, as many lines as the box holds, the last one cut with an ellipsis
    s = min_size
    step = round(px(s) * spacing)
    room = max(1, (height - px(s)) // step + 1) if height >= px(s) else 1
    if max_lines is not None:
        room = min(room, max_lines)
    lines = wrap(text, width, lambda line: measure(line, s), keep)
    if len(lines) > room:
        lines = lines[:room]
        lines[-1] = ellipsize(lines[-1] + ELLIPSIS, width, lambda line: measure(line, s))
    return Fit(s, tuple(lines), step)


def _at(measure: Measure, size: int) -> Callable[[str], int]:
    """The width of a piece of text at one size."""
    return lambda text: measure(text, size)


def words_fit(text: str, width: int, measure: Callable[[str], int], keep: Sequence[str] = ()) -> bool:
    """Whether every unbreakable piece (an English word, a name) fits the width alone: if not, wrapping
    at that size would cut a word in two."""
    return all(measure(piece.strip()) <= width
               for paragraph in text.split("\n") for piece in units(paragraph, keep))


def _fits_height(n: int, step: int, line: int, height: int) -> bool:
    return (n - 1) * step + line <= height


def _sizes(size: int, min_size: int) -> list[int]:
    """Sizes from large to small, about 6% apart, ending exactly at min_size."""
    out, s = [], size
    while s > min_size:
        out.append(s)
        s = min(s - 1, round(s * 0.94))
    out.append(min_size)
    return out
