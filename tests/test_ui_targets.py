"""Legal squares are seen from the sofa at 720p: each is framed all round in a line that stands out
(3:1 or more) on sand and on water alike, not marked by a small dot in its middle."""

from __future__ import annotations

import os

import pytest

os.environ.setdefault("SDL_VIDEODRIVER", "dummy")
os.environ.setdefault("SDL_AUDIODRIVER", "dummy")

import pygame  # noqa: E402

from game.ui.kit import theme as th  # noqa: E402
from game.ui.table.board_draw import BoardPainter  # noqa: E402
from game.ui.table.piece_art import PieceArt  # noqa: E402
from game.ui.table.table_layout import TableLayout  # noqa: E402
from tests.wiring import make_app  # noqa: E402


@pytest.mark.parametrize("ground", [th.SAND, th.LAPIS])
@pytest.mark.parametrize("count", [3, 40])
def test_every_legal_square_is_framed_visibly_at_720p(ground, count, tmp_path, monkeypatch):
    monkeypatch.setenv("TWO_RIVERS_DATA", str(tmp_path))
    size = (1280, 720)
    app = make_app(size)
    layout = TableLayout.compute(size, app.theme, 2)
    painter = BoardPainter(app, PieceArt(app))
    squares = {(r, c) for r in range(11) for c in range(16)}
    squares = set(sorted(squares)[:count])
    surface = pygame.Surface(size)
    surface.fill(ground)
    painter.draw_targets(surface, layout, squares, None, clock=0.0)
    for sq in squares:
        rect = layout.square_rect(sq)
        # Walk inwards from each side's middle: a line of 3:1 contrast with the ground within the outer fifth.
        probes = {"top": [(rect.centerx, rect.top + i) for i in range(rect.height // 5)],
                  "bottom": [(rect.centerx, rect.bottom - 1 - i) for i in range(rect.height // 5)],
                  "left": [(rect.left + i, rect.centery) for i in range(rect.width // 5)],
                  "right": [(rect.right - 1 - i, rect.centery) for i in range(rect.width // 5)]}
        for side, points in probes.items():
            best = max(th.contrast(surface.get_at(p), ground) for p in points)
            assert best >= 3.0, (sq, side, best)
    pygame.display.quit()
