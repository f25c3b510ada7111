"""The seat panels' point counters are read from the sofa: each colour's points, 0 to 99, are drawn
at least 24 px tall at 1080p (16 px at 720p) and stay inside their badge at both sizes."""

from __future__ import annotations

import os

import pytest

os.environ.setdefault("SDL_VIDEODRIVER", "dummy")
os.environ.setdefault("SDL_AUDIODRIVER", "dummy")

import pygame  # noqa: E402

from game.rules.vocabulary import COLORS  # noqa: E402
from game.ui.kit.theme import MIN_TEXT_1080  # noqa: E402
from game.ui.table.piece_art import PieceArt  # noqa: E402
from game.ui.table.table_layout import TableLayout  # noqa: E402
from game.ui.table.table_panels import SeatPanels, score_badges  # noqa: E402
from tests.wiring import make_app  # noqa: E402


@pytest.mark.parametrize("size", [(1280, 720), (1920, 1080)])
@pytest.mark.parametrize("players", [2, 4])
def test_two_digit_scores_are_large_and_inside_their_badges(size, players, tmp_path, monkeypatch):
    monkeypatch.setenv("TWO_RIVERS_DATA", str(tmp_path))
    app = make_app(size)
    t = app.theme
    layout = TableLayout.compute(size, t, players)
    panels = SeatPanels(app, PieceArt(app))
    rect = layout.seats[-1]
    pad = t.s(12)
    row_h = (rect.height - 2 * pad) // 3
    y = rect.top + pad + 2 * row_h + t.s(6)
    surface = pygame.Surface(size)
    for score in (0, 7, 10, 48, 99):
        t.record_text = []
        panels._draw_counts(surface, rect, {"hand_count": 6, "treasures": 10,
                                            "scores": dict.fromkeys(COLORS, score)}, y, row_h)
        records, t.record_text = t.record_text, None
        badges = [b for _, _, b in score_badges(t, rect, y, row_h)]
        drawn = [r for r in records if r.text == str(score) and any(b.collidepoint(r.rect.center) for b in badges)]
        assert len(drawn) == 4, records
        for r in drawn:
            badge = next(b for b in badges if b.collidepoint(r.rect.center))
            assert r.px >= t.s(MIN_TEXT_1080), (score, r.px)
            assert badge.contains(r.ink), (score, r.ink, badge)
            assert rect.contains(badge), (badge, rect)
        # The hand and treasure counts on the same row never run under the badges.
        left = [r for r in records if r not in drawn]
        assert all(r.rect.right < min(b.left for b in badges) for r in left), (left, badges)
    pygame.display.quit()
