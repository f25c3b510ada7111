"""Continue on the title screen: a local game is journalled and resumes where it stopped."""

from __future__ import annotations

import json
import os
import random
from pathlib import Path

import pytest

os.environ.setdefault("SDL_VIDEODRIVER", "dummy")
os.environ.setdefault("SDL_AUDIODRIVER", "dummy")

from game.rules import view_for  # noqa: E402
from game.ui import headless  # noqa: E402
from tests.wiring import make_app  # noqa: E402


@pytest.fixture()
def data(tmp_path: Path, monkeypatch: pytest.MonkeyPatch) -> Path:
    monkeypatch.setenv("TWO_RIVERS_DATA", str(tmp_path))
    return tmp_path


CONFIG = {
    "players": 2,
    "seats": [{"name": "Ana", "dynasty": "bull", "kind": "human"}, {"name": "Ben", "dynasty": "lion", "kind": "human"}],
    "variants": ["buildings"],
    "seed": 77,
}


def test_continue_resumes_the_last_unfinished_game_with_the_curtain_up(data: Path) -> None:
    from game.ui.menus.settings import Settings
    from game.ui.menus.title import TitleScene

    app = make_app((1280, 720), Settings(animation="off"))
    app.push(TitleScene(app))
    headless.settle(app, 1.5)
    assert not app.top.cont.enabled, "Continue must be disabled with no saved game"
    app.hooks.start_game(app, CONFIG)
    headless.settle(app, 0.5)
    scene = app.top
    table = scene.link.table
    rng = random.Random(3)
    for _ in range(12):   # play through the table the scene holds, as its clicks would
        seat = table.to_move()
        table.submit(seat, rng.choice(table.legal_actions(seat)))
    before = json.dumps([view_for(table.state, s) for s in (None, 0, 1)], sort_keys=True)
    app.reset(TitleScene(app))
    headless.settle(app, 1.5)
    assert app.top.cont.enabled, "Continue must be enabled once a game is saved"
    headless.click_button(app, "continue", frames=30)
    resumed = app.top
    assert type(resumed).__name__ == "TableScene"
    after = json.dumps([view_for(resumed.link.table.state, s) for s in (None, 0, 1)], sort_keys=True)
    assert after == before
    assert resumed.revealed is None, "the curtain is up when a hot-seat game resumes"
    app.quit()


def test_a_damaged_save_is_refused_without_crashing_the_title(data: Path) -> None:
    from game.ui.menus.settings import Settings
    from game.ui.menus.title import TitleScene

    games = data / "games"
    games.mkdir()
    (games / "20260101-000000.journal").write_bytes(b"\x00garbage\xff")
    app = make_app((1280, 720), Settings(animation="off"))
    app.push(TitleScene(app))
    headless.settle(app, 1.5)
    assert not app.top.cont.enabled
    assert (games / "20260101-000000.journal").read_bytes() == b"\x00garbage\xff"
    app.quit()
