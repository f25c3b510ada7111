"""The converted menus in 繁體中文: title, Settings and the quit dialog fit; Settings switches the language."""

from __future__ import annotations

from collections.abc import Iterator
from pathlib import Path

import pytest

from game import i18n
from game.ui import headless
from game.ui.menus.settings import Settings
from tests.test_ui_fit import SIZES, faults, menu_scene, shown
from tests.wiring import make_app

CONVERTED = ["title", "settings", "quit", "new_game", "game_menu", "saved_games", "results", "dialog_leave_host"]


@pytest.fixture
def chinese() -> Iterator[None]:
    i18n.set_language("zh-TW")
    yield
    i18n.set_language("en")


def words(app) -> list[str]:  # type: ignore[no-untyped-def]
    app.theme.record_text = []
    app.run_frames(1)
    drawn, app.theme.record_text = app.theme.record_text, None
    return [record.text for record in drawn]


@pytest.mark.parametrize("name", CONVERTED)
@pytest.mark.parametrize("size", SIZES, ids=lambda s: f"{s[0]}x{s[1]}")
def test_converted_menus_fit_in_chinese(name: str, size: tuple[int, int], chinese: None) -> None:
    app = make_app(size, Settings(animation="off"))
    if name == "quit":  # the title's own question, with its own words
        shown(app, menu_scene("title", app), 0.5)
        app.top.ask_quit()
        headless.settle(app, 1.0)
    else:
        shown(app, menu_scene(name, app), 1.5)
    assert not faults(app), "\n".join(faults(app))
    drawn = words(app)
    english = [w for w in drawn if w.isascii() and any(part.isalpha() and part.islower() for part in w.split())]
    assert not english, english
    app.close()


def test_the_chinese_title_and_its_letters(chinese: None) -> None:
    from game.ui.menus.title import TitleScene

    app = make_app((1920, 1080), Settings(animation="off"))
    scene = TitleScene(app)
    shown(app, scene, 1.5)
    assert [b.text for b in (scene.new_game, scene.cont)] == ["新遊戲", "繼續"]
    letters = scene._title_letters()
    assert len(letters) == 4  # 兩河流域, one CJK face per character
    assert all(face.get_bounding_rect().height > 100 for face, _, _ in letters)
    app.close()


def test_choosing_a_language_in_settings_speaks_it_at_once_and_keeps_it(tmp_path: Path,
                                                                        monkeypatch: pytest.MonkeyPatch) -> None:
    from game.ui.menus.settings_scene import SettingsScene
    from game.ui.menus.title import TitleScene

    monkeypatch.setenv("TWO_RIVERS_DATA", str(tmp_path))
    app = make_app((1280, 720), Settings(animation="off"))
    title = TitleScene(app)
    app.push(title)
    app.push(SettingsScene(app))
    headless.settle(app, 0.5)
    try:
        settings = app.top
        assert [value for value, _ in settings.language.options] == ["", "en", "zh-TW"]
        assert [label for _, label in settings.language.options][1:] == ["English", "繁體中文"]
        settings.language.value = "zh-TW"
        settings.set_language("zh-TW")
        assert i18n.language() == "zh-TW"
        assert app.top is not settings and app.top.heading == "設定"  # built again in Chinese
        assert title.new_game.text == "新遊戲"  # the title below took the new words
        assert Settings.load(tmp_path / "settings.json").language == "zh-TW"
        app.top.set_language("en")
        assert title.new_game.text == "New game" and app.top.heading == "Settings"
    finally:
        i18n.set_language("en")
        app.close()


@pytest.mark.parametrize("size", SIZES, ids=lambda s: f"{s[0]}x{s[1]}")
def test_the_saved_games_list_reads_in_chinese_and_fits(size: tuple[int, int], tmp_path: Path,
                                                       monkeypatch: pytest.MonkeyPatch) -> None:
    from game.ui.menus.saved_games import SavedGamesScene
    from tests.test_ui_fit import save_games

    monkeypatch.setenv("TWO_RIVERS_DATA", str(tmp_path))
    save_games(tmp_path)
    i18n.set_language("zh-TW")
    try:
        app = make_app(size, Settings(animation="off"))
        scene = SavedGamesScene(app)
        shown(app, scene, 1.0)
        assert len(scene.games) == 3
        assert not faults(app), "\n".join(faults(app))
        drawn = words(app)
        assert any("第 " in w and "回合，進行中" in w for w in drawn), drawn
        assert any(w.startswith("已損壞 · ") for w in drawn), drawn
        assert any("年" in w and "月" in w and "日 · " in w for w in drawn), drawn
        app.close()
    finally:
        i18n.set_language("en")


def test_the_tie_break_sentence_reads_in_each_language() -> None:
    from game.ui.table.results import place_words, tie_break_line

    names = ["Ann", "Bo"]
    close = [{"seat": 0, "place": 1, "score": 5, "colors": {"red": 5, "blue": 7, "green": 8, "black": 9}},
             {"seat": 1, "place": 2, "score": 5, "colors": {"red": 5, "blue": 6, "green": 8, "black": 9}}]
    tied = [dict(close[0]), dict(close[1], place=1)]
    assert tie_break_line(close, names) == "Ann and Bo both score 5: the second-lowest colour decides, 7 to 6."
    assert tie_break_line(tied, names) == "A true tie: Ann and Bo share first place."
    assert place_words(2) == "2nd"
    i18n.set_language("zh-TW")
    try:
        assert tie_break_line(close, names) == "Ann\u2009和\u2009Bo\u2009都是 5 分：由第二低的顏色決定，7 比 6。"
        assert tie_break_line(tied, names) == "完全平手：Ann\u2009和\u2009Bo\u2009並列第一。"
        assert place_words(2) == "第 2 名"
    finally:
        i18n.set_language("en")
