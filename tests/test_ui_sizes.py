"""The sofa rules, measured on what is actually drawn at 1920x1080: every piece of text is at least
24 px tall and every clickable area at least 48 px in both directions."""

from __future__ import annotations

import os

import pytest

os.environ["SDL_VIDEODRIVER"] = "dummy"
os.environ["SDL_AUDIODRIVER"] = "dummy"

import pygame  # noqa: E402

from game.ui.headless import settle_still  # noqa: E402
from game.ui.kit.theme import MIN_HIT_1080, MIN_TEXT_1080  # noqa: E402
from tests.wiring import make_app  # noqa: E402

RANKING = [
    {"seat": 0, "place": 1, "score": 5, "colors": {"red": 5, "blue": 6, "green": 7, "black": 8}, "treasures": 2},
    {"seat": 1, "place": 1, "score": 5, "colors": {"red": 5, "blue": 6, "green": 7, "black": 8}, "treasures": 0},
]


def make(name, app):
    from game.ui.kit.dialog import ConfirmDialog
    from game.ui.menus.game_menu import GameMenu
    from game.ui.menus.new_game import NewGameScene
    from game.ui.menus.rules_scene import RulesScene
    from game.ui.menus.saved_games import SavedGamesScene
    from game.ui.menus.settings_scene import SettingsScene
    from game.ui.menus.title import TitleScene
    from game.ui.table.results import ResultsScene

    return {
        "title": lambda: TitleScene(app),
        "new_game": lambda: NewGameScene(app),
        "settings": lambda: SettingsScene(app),
        "rules": lambda: RulesScene(app, 6),
        "results": lambda: ResultsScene(app, RANKING, ["Ur-Nammu", "Puabi"], ["urn", "lion"]),
        "dialog": lambda: ConfirmDialog(app, "Sure?", "A question.", [("No", None, "warm"), ("Yes", None, "primary")]),
        "game_menu": lambda: GameMenu(app, lambda: None),
        "saved_games": lambda: SavedGamesScene(app),
    }[name]()


@pytest.fixture(autouse=True)
def data_dir(tmp_path, monkeypatch):
    monkeypatch.setenv("TWO_RIVERS_DATA", str(tmp_path))
    yield
    pygame.display.quit()


@pytest.mark.parametrize("name", ["title", "new_game", "settings", "rules", "results", "dialog", "game_menu",
                                  "saved_games"])
def test_text_and_hit_areas_are_sofa_sized(name):
    app = make_app((1920, 1080))
    scene = app.push(make(name, app))
    settle_still(app, 8)  # every reveal over
    app.theme.record_text = []
    app.run_frames(1)
    texts = app.theme.record_text
    assert texts, "the scene drew no text"
    small = [(r.text, r.rect.height) for r in texts if r.rect.height < MIN_TEXT_1080]
    assert not small, f"text below {MIN_TEXT_1080} px: {small}"
    areas = [r for w in scene.widgets for r in w.hit_rects()]
    assert areas, "the scene has nothing to click"
    tiny = [r for r in areas if r.width < MIN_HIT_1080 or r.height < MIN_HIT_1080]
    assert not tiny, f"hit areas below {MIN_HIT_1080} px: {tiny}"
