"""Every menu scene renders at 720p and 1080p (screenshots in tests/screenshots/), and clicking
through title -> new game -> settings works with posted mouse events at the rects the scenes report."""

from __future__ import annotations

import os
from pathlib import Path

import pytest

os.environ["SDL_VIDEODRIVER"] = "dummy"
os.environ["SDL_AUDIODRIVER"] = "dummy"

import pygame  # noqa: E402

from game.ui.headless import click, click_button, settle, settle_still  # noqa: E402
from tests.wiring import make_app  # noqa: E402

SHOTS = Path(__file__).resolve().parent / "screenshots"
SIZES = [(1280, 720), (1920, 1080)]
RANKING = [
    {"seat": 1, "place": 1, "score": 9, "colors": {"red": 14, "blue": 9, "green": 11, "black": 12}, "treasures": 3},
    {"seat": 0, "place": 2, "score": 9, "colors": {"red": 9, "blue": 10, "green": 18, "black": 9}, "treasures": 2},
    {"seat": 2, "place": 3, "score": 6, "colors": {"red": 20, "blue": 6, "green": 7, "black": 8}, "treasures": 0},
]
NAMES = ["Gilgamesh", "Enheduanna", "Sargon"]
DYNASTIES = ["bull", "lion", "archer"]


@pytest.fixture(autouse=True)
def data_dir(tmp_path, monkeypatch):
    monkeypatch.setenv("TWO_RIVERS_DATA", str(tmp_path))
    yield tmp_path
    pygame.display.quit()


def scenes():
    from game.ui.menus.new_game import NewGameScene
    from game.ui.menus.rules_pages import PAGES
    from game.ui.menus.rules_scene import RulesScene
    from game.ui.menus.settings_scene import SettingsScene
    from game.ui.menus.title import TitleScene
    from game.ui.table.results import ResultsScene

    return {
        "title": TitleScene,
        "new_game": NewGameScene,
        "settings": SettingsScene,
        "rules": RulesScene,
        "rules_wars": lambda app: RulesScene(app, [page.name for page in PAGES].index("war")),
        "results": lambda app: ResultsScene(app, RANKING, NAMES, DYNASTIES),
    }


@pytest.mark.parametrize("size", SIZES, ids=lambda s: f"{s[0]}x{s[1]}")
@pytest.mark.parametrize("name", list(scenes()))
def test_scene_renders(name, size):
    app = make_app(size)
    app.push(scenes()[name](app))
    settle_still(app, 8.0)  # until every reveal is over, including the results
    app.screenshot(SHOTS / f"{name}_{size[0]}x{size[1]}.png")
    assert app.surface.get_size() == size
    # Something was drawn: the frame is not one flat colour.
    colors = {tuple(app.surface.get_at((x, y))) for x in range(0, size[0], 97) for y in range(0, size[1], 89)}
    assert len(colors) > 20


def test_click_through_title_new_game_settings():
    from game.ui.menus.new_game import NewGameScene
    from game.ui.menus.settings_scene import SettingsScene
    from game.ui.menus.title import TitleScene

    app = make_app((1920, 1080))
    app.push(TitleScene(app))
    settle(app, 2)
    click_button(app, "new_game")
    assert isinstance(app.top, NewGameScene)
    settle(app, 1)
    click_button(app, "back")
    assert isinstance(app.top, TitleScene)
    settle(app, 1)
    click_button(app, "settings")
    assert isinstance(app.top, SettingsScene)
    settle(app, 1)
    # Right click goes back, too.
    click(app, (10, 10), button=3)
    assert isinstance(app.top, TitleScene)


def test_new_game_choices_make_the_config():
    from game.ui.menus.new_game import NewGameScene

    app = make_app((1920, 1080))
    seen = []
    app.hooks.start_game = lambda _app, config: seen.append(config)
    scene = app.push(NewGameScene(app))
    settle(app, 1.5)
    click(app, scene.players.plus.rect.center)
    click(app, scene.rows[2].dynasty.right.rect.center)  # seat 3 skips the dynasties seats 1 and 2 hold
    click(app, scene.rows[0].name.middle.rect.center)
    click_button(app, "ziggurat")
    click_button(app, "start")
    config = seen[-1]
    assert config["players"] == 3 and len(config["seats"]) == 3
    dynasties = [s["dynasty"] for s in config["seats"]]
    names = [s["name"] for s in config["seats"]]
    assert len(set(dynasties)) == 3 and len(set(names)) == 3
    assert dynasties[2] == "urn"
    assert config["variants"] == ["ziggurat"]
    assert all(s["kind"] in ("human", "computer") for s in config["seats"])
    assert isinstance(config["seed"], int)


def test_rules_pages_turn_and_results_skip():
    from game.ui.menus.rules_pages import PAGES
    from game.ui.menus.rules_scene import RulesScene
    from game.ui.table.results import ResultsScene

    app = make_app((1920, 1080))
    rules = app.push(RulesScene(app))
    settle(app, 1)
    for _ in range(len(PAGES) + 2):
        click_button(app, "next")
    assert rules.page == len(PAGES) - 1
    click_button(app, "page3")
    assert rules.page == 2
    results = app.push(ResultsScene(app, RANKING, NAMES, DYNASTIES))
    app.run_frames(10)
    click(app, (app.size[0] // 2, app.size[1] // 2))
    assert results.age >= results.t_end


def test_resize_relayouts_every_scene():
    from game.ui.menus.title import TitleScene

    app = make_app((1280, 720))
    title = app.push(TitleScene(app))
    small = title.button_rect("new_game")
    app.windowed_size = (1920, 1080)
    app._set_mode()
    assert title.button_rect("new_game").height > small.height


def test_rules_pages_say_what_rules_md_says():
    """Page 8 once said the ziggurat scores for "your king beside it"; RULES.md §16.3 says in its kingdom."""
    from game.ui.menus.rules_pages import PAGES

    variants = " ".join(next(p for p in PAGES if p.title == "Variants").lines)
    assert "beside" not in variants
    assert "king is in the ziggurat's kingdom" in variants and "1 black point" in variants
    treasures = " ".join(next(p for p in PAGES if p.title == "Treasures").lines)
    assert "At the end of a turn" in treasures  # §14: treasures are taken at the end of the turn
    end = " ".join(next(p for p in PAGES if p.title == "The end and the final score").lines)
    assert "cannot supply a draw" in end and "two or fewer treasures" in end  # §15
