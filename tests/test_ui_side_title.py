"""The side panel's title never runs out of its tablet: the replay's "Enheduanna commits support",
"Naram-Sin may raise the ziggurat" and their Chinese shrink (not below 24 px at 1080p), then end in an
ellipsis, at 1280x720 and 1920x1080."""

from __future__ import annotations

import os

import pytest

os.environ.setdefault("SDL_VIDEODRIVER", "dummy")
os.environ.setdefault("SDL_AUDIODRIVER", "dummy")

import pygame  # noqa: E402

from game.i18n import set_language, t  # noqa: E402
from game.ui.kit.theme import MIN_TEXT_1080  # noqa: E402
from game.ui.table.piece_art import PieceArt  # noqa: E402
from game.ui.table.table_layout import TableLayout  # noqa: E402
from game.ui.table.table_side import SidePanel, SideSpec  # noqa: E402
from tests.wiring import make_app  # noqa: E402


@pytest.mark.parametrize("size", [(1280, 720), (1920, 1080)])
@pytest.mark.parametrize("lang", ["en", "zh_tw"])
@pytest.mark.parametrize("key", ["replay.decides.support", "replay.decides.ziggurat", "replay.decides.building"])
def test_a_long_side_title_fits_its_tablet(size, lang, key, tmp_path, monkeypatch):
    monkeypatch.setenv("TWO_RIVERS_DATA", str(tmp_path))
    set_language(lang)
    try:
        app = make_app(size)
        th_ = app.theme
        layout = TableLayout.compute(size, th_, 4)
        side = SidePanel(app, PieceArt(app))
        side.sync(SideSpec(("replay", 1), t(key, name="Enheduanna"), []), layout.side)
        th_.record_text = []
        side.draw(pygame.Surface(size), {})
        records, th_.record_text = th_.record_text, None
        assert records
        inner = layout.side.inflate(-th_.s(36), -th_.s(30))
        for r in records:
            assert inner.contains(r.ink), (r.text, r.ink, inner)
            assert r.px >= th_.s(MIN_TEXT_1080) - 1, (r.text, r.px)
    finally:
        set_language("en")
    pygame.display.quit()
