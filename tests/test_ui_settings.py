"""Settings are saved atomically to TWO_RIVERS_DATA, survive a corrupt file, and apply at once."""

from __future__ import annotations

import json
import os

import pytest

os.environ["SDL_VIDEODRIVER"] = "dummy"
os.environ["SDL_AUDIODRIVER"] = "dummy"

from game.ui.menus.settings import FILE_NAME, Settings, data_dir  # noqa: E402


@pytest.fixture(autouse=True)
def data(tmp_path, monkeypatch):
    monkeypatch.setenv("TWO_RIVERS_DATA", str(tmp_path))
    return tmp_path


def test_data_dir_follows_the_environment(data):
    assert data_dir() == data


def test_round_trip(data):
    Settings(fullscreen=True, volume=0.3, animation="fast").save()
    loaded = Settings.load()
    assert (loaded.fullscreen, loaded.volume, loaded.animation) == (True, 0.3, "fast")
    assert not [p for p in data.iterdir() if p.name != FILE_NAME], "no temp files left behind"


def test_missing_file_gives_defaults():
    assert Settings.load() == Settings()


@pytest.mark.parametrize("garbage", ["{not json", "", "[1, 2]", "\x00\xff", '"volume"'])
def test_corrupt_file_gives_defaults_and_a_warning(data, garbage, caplog):
    (data / FILE_NAME).write_text(garbage, encoding="utf-8", errors="surrogateescape")
    assert Settings.load() == Settings()
    assert any("settings" in r.message for r in caplog.records)


def test_bad_values_fall_back_one_by_one(data):
    (data / FILE_NAME).write_text(json.dumps({"fullscreen": "yes", "volume": 7, "animation": "fast"}))
    s = Settings.load()
    assert (s.fullscreen, s.volume, s.animation) == (False, 1.0, "fast")


def test_a_good_file_is_not_replaced_when_writing_fails(data, monkeypatch):
    Settings(volume=0.4).save()
    before = (data / FILE_NAME).read_text()

    def broken_fsync(fd):
        raise OSError("disk full")

    monkeypatch.setattr(os, "fsync", broken_fsync)
    assert Settings(volume=0.9).save() is False
    assert (data / FILE_NAME).read_text() == before
    assert [p.name for p in data.iterdir()] == [FILE_NAME]


def test_settings_screen_applies_and_saves(data):
    from game.ui.headless import click, click_button, settle
    from game.ui.menus.settings_scene import SettingsScene
    from tests.wiring import make_app

    app = make_app((1920, 1080))
    scene = app.push(SettingsScene(app))
    settle(app, 1.5)
    click(app, scene.volume.minus.rect.center)
    click_button(app, "animation")  # the cycler's middle: next speed
    click_button(app, "fullscreen")
    assert app.fullscreen is True
    saved = json.loads((data / FILE_NAME).read_text())
    assert saved == {"fullscreen": True, "volume": 0.6, "animation": "fast", "confirm_turn": True,
                     "confirm_turn_lan": False, "language": "", "player_name": ""}
    assert app.motion == 2.0
    click_button(app, "confirm_turn")
    assert app.settings["confirm_turn"] is False and Settings.load().confirm_turn is False
    assert Settings.load().confirm_turn_lan is False, "the LAN choice is a key of its own, off until chosen"
    click_button(app, "confirm_turn_lan")
    assert app.settings["confirm_turn_lan"] is True and Settings.load().confirm_turn_lan is True
    click_button(app, "fullscreen")
    assert app.fullscreen is False
    assert Settings.load().fullscreen is False


def test_turn_confirmation_defaults_on_and_survives_bad_values(data):
    assert Settings()["confirm_turn"] is True
    (data / FILE_NAME).write_text(json.dumps({"confirm_turn": "sometimes"}))
    assert Settings.load().confirm_turn is True
    (data / FILE_NAME).write_text(json.dumps({"confirm_turn": False}))
    assert Settings.load()["confirm_turn"] is False
