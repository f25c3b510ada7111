"""Text that fits its box at the table: shrink to the sofa minimum, then wrap, then (last) an ellipsis.

Owns: `fit_size` (the largest size, down to 24 px at 1080p, at which a line fits a width) and
`fit_lines` (that size and the wrapped lines, for text that may take several), used by the table's
panels, tray, curtain and side buttons until every widget shares one helper.

Must not import: net, game.rules.
"""

from __future__ import annotations

from game.ui.kit import theme as th
from game.ui.kit.textfit import words_fit

MIN_SIZE = th.MIN_TEXT_1080  # px at 1080p: nothing smaller is readable from the sofa


def fit_size(t: th.Theme, text: str, size: int, width: int, min_size: int = MIN_SIZE) -> int:
    """The largest size from `size` down to `min_size` at which one line of text fits `width` pixels."""
    while size > min_size and t.measure(text, size) > width:
        size -= 1
    return size


def fit_lines(t: th.Theme, text: str, size: int, width: int, max_lines: int = 2,
              min_size: int = MIN_SIZE) -> tuple[int, list[str]]:
    """Shrink, then wrap onto up to `max_lines`, then cut the last line with an ellipsis: (size, lines)."""
    one = fit_size(t, text, size, width, min_size)
    if t.measure(text, one) <= width:
        return one, [text]
    for s in range(size, min_size - 1, -1):
        def width_at(word: str, s: int = s) -> int:
            return t.width(word, t.s(s))

        if s > min_size and not words_fit(text, width, width_at):
            continue   # a name would be cut in two at this size: only the smallest may cut it
        lines = t.wrap(text, s, width)
        if len(lines) <= max_lines and all(t.measure(line, s) <= width for line in lines):
            return s, lines
    wrapped = t.wrap(text, min_size, width)
    lines = wrapped[:max_lines - 1] + [th.fit_text(t, " ".join(wrapped[max_lines - 1:]), min_size, width)]
    return min_size, lines
