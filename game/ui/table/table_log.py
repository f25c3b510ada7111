"""The game log beside the board: whole sentences, newest at the bottom, scrollable, one group per action.

Owns: `GameLog`, the sentences of the game so far (a separator line at each new turn), grouped by
the change that produced them so that an undone action's sentences leave the log with it; drawing
them wrapped to the log's width at a size readable from the sofa (>= 24 px at 1080p); and
scrolling back with the mouse wheel or by dragging the text. New lines keep the log at the bottom
unless the player has scrolled back to read in the last READ_SECONDS; the scene brings it back to the
newest line when the mouse passes to the next player (whose recap is in the newest lines).

Must not import: net, game.rules.
"""

from __future__ import annotations

import time
from dataclasses import dataclass
from typing import TYPE_CHECKING, Any

import pygame

from game.i18n import language
from game.ui.kit import theme as th
from game.ui.kit.panels import draw_panel

if TYPE_CHECKING:
    from game.ui.app import App

LOG_SIZE = 28  # px at 1080p: above the 24 px sofa minimum
KEEP = 600  # sentences kept; a whole game is about 400
READ_SECONDS = 8.0  # a scroll back the player left alone this long gives way to new lines
RULE_MIN = 24  # px at 1080p: the shortest rule beside a turn separator worth drawing


@dataclass
class Entry:
    """One sentence of the log: `turn` entries are drawn as separators between turns."""

    text: str
    when: float
    group: int
    turn: bool = False
    move: Any = None  # the recap's move this sentence tells of, for its number


class GameLog:
    """The game so far in words, with a scroll position measured in pixels up from the newest line."""

    def __init__(self, app: App) -> None:
        self.app = app
        self.entries: list[Entry] = []
        self.group = 0
        self.scroll = 0  # pixels scrolled back from the bottom
        self.scrolled_at = 0.0  # time.monotonic() of the player's last scroll
        self._drag: tuple[int, int] | None = None  # (mouse y, scroll) when a drag began
        self._rect = pygame.Rect(0, 0, 0, 0)  # where the text went last frame (for the mouse)
        self._height = 0  # the whole text's height last frame
        self._marks: dict[int, tuple[int, Any]] = {}
        self._wrapped: dict[tuple[str, int, int, str], list[str]] = {}
        self.names: tuple[str, ...] = ()  # the players' names: a line never breaks inside one

    # -- content -------------------------------------------------------------------------------------
    @property
    def lines(self) -> list[str]:
        """The sentences, oldest first."""
        return [e.text for e in self.entries]

    @lines.setter
    def lines(self, texts: list[str]) -> None:
        """Start again from these sentences (the replay rebuilds its trail when it seeks)."""
        self.entries = [Entry(text, -10.0, 0) for text in texts]
        self.scroll = 0

    def begin(self) -> int:
        """Start the group of sentences of one change (one action and what it set off)."""
        self.group += 1
        return self.group

    def add(self, text: str, clock: float, turn: bool = False, move: Any = None) -> None:
        self.entries.append(Entry(text, clock, self.group, turn, move))
        del self.entries[:-KEEP]
        if self.scroll and time.monotonic() - self.scrolled_at > READ_SECONDS and self._drag is None:
            self.to_newest()

    def to_newest(self) -> None:
        """Show the newest line (the next player's recap is told there)."""
        self.scroll = 0
        self._drag = None

    def drop_last_group(self) -> None:
        """An action was taken back: its sentences leave the log (a turn separator never belonged to it)."""
        groups = [e.group for e in self.entries if e.group > 0]
        if groups:
            last = groups[-1]
            self.entries = [e for e in self.entries if e.group != last]

    def clear(self) -> None:
        self.entries = []
        self.scroll = 0

    def animating(self, clock: float) -> bool:
        """Whether the newest sentence is still fading in, or the text is being dragged."""
        fresh = bool(self.entries) and clock - self.entries[-1].when < 1.5
        return fresh or self._drag is not None

    # -- the mouse ----------------------------------------------------------------------------------
    def handle(self, event: pygame.event.Event) -> bool:
        """Wheel and drag over the log scroll it; return whether the event was used."""
        if event.type == pygame.MOUSEWHEEL and self._rect.collidepoint(self.app.mouse_pos):
            self.scroll_by(event.y * self.line_height() * 2)
            return True
        if event.type == pygame.MOUSEBUTTONDOWN and event.button == 1 and self._rect.collidepoint(event.pos):
            self._drag = (event.pos[1], self.scroll)
            return True
        if event.type == pygame.MOUSEMOTION and self._drag is not None:
            start_y, start_scroll = self._drag
            self.scroll = start_scroll + (event.pos[1] - start_y)
            self.scrolled_at = time.monotonic()
            self._clamp()
            return True
        if event.type == pygame.MOUSEBUTTONUP and event.button == 1 and self._drag is not None:
            self._drag = None
            return True
        return False

    def scroll_by(self, pixels: int) -> None:
        """Positive goes back in time (up), negative toward the newest line."""
        self.scroll += pixels
        self.scrolled_at = time.monotonic()
        self._clamp()

    def _clamp(self) -> None:
        self.scroll = max(0, min(self.scroll, max(0, self._height - self._rect.height)))

    def line_height(self) -> int:
        return round(self.app.theme.s(LOG_SIZE) * 1.12)

    # -- drawing ------------------------------------------------------------------------------------
    def draw(self, surface: pygame.Surface, rect: pygame.Rect, clock: float, header: str = "",
             marks: dict[int, tuple[int, Any]] | None = None) -> None:
        """Draw the log; `marks` numbers the sentences of the recap's moves (id of the move -> number, colour)."""
        t = self.app.theme
        self._marks = marks or {}
        if rect.height < t.s(60):
            return
        draw_panel(surface, rect, t, th.lerp_color(th.LAPIS_DEEP, th.LAPIS, 0.5), th.GOLD_DARK, radius=16, shadow=False)
        inner = rect.inflate(-t.s(28), -t.s(24))
        if header:
            # The variants head the log: always in view, never crowding the top bar.
            bottom = t.blit_paragraph(surface, header, LOG_SIZE - 2, th.GOLD_LIGHT, inner, spacing=1.05)
            pygame.draw.line(surface, th.GOLD_DARK, (inner.left, bottom + t.s(4)), (inner.right, bottom + t.s(4)),
                             max(1, t.s(2)))
            inner = pygame.Rect(inner.left, bottom + t.s(12), inner.width, inner.bottom - bottom - t.s(12))
        self._rect = inner
        rows = self._rows(inner.width - t.s(14) - self._indent())
        line_h = self.line_height()
        self._height = len(rows) * line_h
        self._clamp()
        clip = surface.get_clip()
        surface.set_clip(inner.clip(clip) if clip else inner)
        y = inner.bottom - self._height + self.scroll
        newest = self.entries[-1] if self.entries else None
        for text, entry in rows:
            if y >= inner.top - 1 and y + line_h <= inner.bottom + 1:  # whole lines only, never cut
                self._draw_row(surface, inner, y, text, entry, entry is newest, clock)
            y += line_h
        surface.set_clip(clip)
        self._draw_scrollbar(surface, inner)

    def _rows(self, width: int) -> list[tuple[str, Entry]]:
        """Every entry's wrapped lines (wrapping is remembered: a frame must not re-measure the whole game)."""
        t = self.app.theme
        px = t.s(LOG_SIZE)
        rows: list[tuple[str, Entry]] = []
        for e in self.entries:
            if e.turn:
                rows.append((e.text, e))
                continue
            key = (e.text, width, px, language())  # an English screen measures a Chinese name run by run
            lines = self._wrapped.get(key)
            if lines is None:
                lines = self._wrapped[key] = t.wrap(e.text, LOG_SIZE, width, self.names)
            rows.extend((line, e) for line in lines)
        return rows

    def _draw_row(self, surface: pygame.Surface, inner: pygame.Rect, y: int, text: str, entry: Entry,
                  newest: bool, clock: float) -> None:
        t = self.app.theme
        line_h = self.line_height()
        if entry.turn:
            # A turn separator: the player's name between two rules, so turns read as blocks. A long name shrinks
            # it to the sofa's smallest size, then cuts it: it never runs under the scroll bar.
            room = inner.width - t.s(14)
            fitted = t.fit(text, LOG_SIZE, (room, 4 * line_h), min_size=th.MIN_TEXT_1080, max_lines=1)  # cached
            size, shown = fitted.size, fitted.lines[0]
            mid = y + line_h // 2
            r = t.blit_text(surface, shown, size, th.GOLD_LIGHT, center=(inner.left + room // 2, mid))
            rules = ((inner.left, r.left - t.s(10)), (r.right + t.s(10), inner.right - t.s(14)))
            if min(b - a for a, b in rules) >= t.s(RULE_MIN):  # a stub of a rule reads as a stray dash: none then
                for a, b in rules:
                    pygame.draw.line(surface, th.GOLD_DARK, (a, mid), (b, mid), max(1, t.s(2)))
            return
        fresh = max(0.0, 1 - (clock - entry.when) / 1.5) if newest else 0.0
        color = th.lerp_color(th.SAND_LIGHT, th.GOLD_LIGHT, fresh)
        mark = self._marks.get(id(entry.move)) if entry.move is not None else None
        x = inner.left + self._indent()
        if mark is not None and self._first_row(entry, text):
            # The recap's number, as on the board: the same disc in the acting dynasty's colour.
            number, fill = mark
            radius = line_h // 2 - t.s(1)
            centre = (inner.left + radius, y + line_h // 2)
            pygame.draw.circle(surface, th.CREAM, centre, radius)
            pygame.draw.circle(surface, fill, centre, radius, max(3, radius // 3))
            t.blit_text(surface, str(number), LOG_SIZE - 4, th.INK, center=centre)
        t.blit_text(surface, text, LOG_SIZE, color, topleft=(x, y))

    def _indent(self) -> int:
        """Room for the recap's numbers, only while there are some."""
        return self.line_height() + self.app.theme.s(6) if self._marks else 0

    @staticmethod
    def _first_row(entry: Entry, text: str) -> bool:
        return entry.text.startswith(text)

    def _draw_scrollbar(self, surface: pygame.Surface, inner: pygame.Rect) -> None:
        """A thin bar at the right edge when there is more than fits: where the view is in the game."""
        if self._height <= inner.height:
            return
        t = self.app.theme
        track = pygame.Rect(inner.right - t.s(6), inner.top, t.s(6), inner.height)
        pygame.draw.rect(surface, th.lerp_color(th.LAPIS_DEEP, th.LAPIS, 0.2), track, border_radius=t.s(3))
        knob_h = max(t.s(24), inner.height * inner.height // self._height)
        span = inner.height - knob_h
        top = track.top + round(span * (1 - self.scroll / max(1, self._height - inner.height)))
        pygame.draw.rect(surface, th.GOLD, pygame.Rect(track.left, top, track.width, knob_h), border_radius=t.s(3))
