"""Where everything of the table goes, for any window size from 1280x720 to 3840x2160.

Owns: `TableLayout`, the rects of the top bar, the seat panels, the board (and the size of one
square), the tray with the hand, the side panel (decisions and conflicts), the log and the
action buttons, plus square <-> pixel conversion. Sizes are given at 1920x1080 and scaled by the
theme, so text and hit areas keep the sofa sizes (text >= 24 px, clickables >= 48 px at 1080p).

Must not import: net, game.rules (beyond its vocabulary).
"""

from __future__ import annotations

from dataclasses import dataclass, field

import pygame

from game.rules.vocabulary import COLS, ROWS
from game.ui.kit.theme import Theme

Square = tuple[int, int]

# At 1920x1080.
MARGIN = 16
TOP_BAR = 78
LEFT_W = 384
RIGHT_W = 412
TRAY_H = 166
SEAT_H_MAX = 196
ACTION_ROW_H = 84
SIDE_H = 560


@dataclass
class TableLayout:
    """Rects for one window size and player count."""

    size: tuple[int, int]
    square: int = 0
    top: pygame.Rect = field(default_factory=pygame.Rect)
    board: pygame.Rect = field(default_factory=pygame.Rect)
    seats: list[pygame.Rect] = field(default_factory=list)
    tray: pygame.Rect = field(default_factory=pygame.Rect)
    side: pygame.Rect = field(default_factory=pygame.Rect)
    log: pygame.Rect = field(default_factory=pygame.Rect)
    actions: pygame.Rect = field(default_factory=pygame.Rect)

    @classmethod
    def compute(cls, size: tuple[int, int], theme: Theme, players: int) -> TableLayout:
        """Lay the table out: columns of fixed (scaled) width, the board as large as fits between."""
        w, h = size
        s = theme.s
        m = s(MARGIN)
        out = cls(size)
        out.top = pygame.Rect(0, 0, w, s(TOP_BAR))
        left_x = m
        right_x = w - m - s(RIGHT_W)
        tray_top = h - m - s(TRAY_H)
        body_top = out.top.bottom + m
        # The board: whole squares, as big as the space between the columns and above the tray.
        avail_w = right_x - m - (left_x + s(LEFT_W) + m)
        avail_h = tray_top - m - body_top
        out.square = max(8, min(avail_w // COLS, avail_h // ROWS))
        bw, bh = out.square * COLS, out.square * ROWS
        bx = left_x + s(LEFT_W) + m + (avail_w - bw) // 2
        by = body_top + (avail_h - bh) // 2
        out.board = pygame.Rect(bx, by, bw, bh)
        seat_h = min(s(SEAT_H_MAX), (tray_top - m - body_top - m * (players - 1)) // max(1, players))
        out.seats = [pygame.Rect(left_x, body_top + i * (seat_h + m), s(LEFT_W), seat_h) for i in range(players)]
        out.tray = pygame.Rect(left_x, tray_top, right_x - m - left_x, s(TRAY_H))
        out.side = pygame.Rect(right_x, body_top, s(RIGHT_W), s(SIDE_H))
        out.actions = pygame.Rect(right_x, h - m - s(ACTION_ROW_H), s(RIGHT_W), s(ACTION_ROW_H))
        out.log = pygame.Rect(right_x, out.side.bottom + m, s(RIGHT_W), out.actions.top - m - out.side.bottom - m)
        return out

    def square_rect(self, sq: Square | list[int]) -> pygame.Rect:
        """The pixel rect of a board square."""
        return pygame.Rect(self.board.x + sq[1] * self.square, self.board.y + sq[0] * self.square,
                           self.square, self.square)

    def square_center(self, sq: Square | list[int]) -> tuple[int, int]:
        return self.square_rect(sq).center

    def square_at(self, pos: tuple[int, int]) -> Square | None:
        """The board square under a screen position, or None off the board."""
        if not self.board.collidepoint(pos):
            return None
        return ((pos[1] - self.board.y) // self.square, (pos[0] - self.board.x) // self.square)
