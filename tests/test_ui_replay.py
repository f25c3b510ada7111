"""Replays and the Saved-games list, driven by mouse clicks on a headless window.

A seeded hot-seat game is played to its end through the table the scene holds; the results offer
its replay; the replay is stepped to the end and back to the start with the control buttons while
every shown view is checked against the journal's replayed states. The Saved-games list shows
finished, unfinished and damaged games without crashing, and its buttons watch, continue and delete.
Screenshots go to tests/screenshots/ (git-ignored).
"""

from __future__ import annotations

import os
import random
from pathlib import Path
from typing import Any

import pygame
import pytest

from game.journal import JournalWriter, read, replay
from game.rules import view_for
from game.session import Seat, Table
from game.ui import headless
from game.ui.kit.theme import MIN_HIT_1080, MIN_TEXT_1080
from game.ui.menus.settings import Settings
from tests.wiring import make_app

SHOTS = Path(__file__).resolve().parent / "screenshots"
SIZES = [(1280, 720), (1920, 1080)]
CONFIG = {
    "players": 3,
    "seats": [{"name": "Ana", "dynasty": "bull", "kind": "human"}, {"name": "Ben", "dynasty": "lion", "kind": "human"},
              {"name": "Cyrus", "dynasty": "archer", "kind": "human"}],
    "variants": ["buildings"],
    "seed": 11,
}


@pytest.fixture()
def data(tmp_path: Path, monkeypatch: pytest.MonkeyPatch) -> Path:
    monkeypatch.setenv("TWO_RIVERS_DATA", str(tmp_path))
    yield tmp_path
    pygame.display.quit()


def play_out(table: Table, seed: int, limit: int | None = None) -> None:
    """Play random legal actions on the table (to the end, or `limit` of them)."""
    rng = random.Random(seed)
    n = 0
    while table.to_move() is not None and (limit is None or n < limit):
        seat = table.to_move()
        table.submit(seat, rng.choice(table.legal_actions(seat)))
        n += 1


def saved_game(data: Path, name: str, players: int, seed: int, limit: int | None = None,
               variants: tuple[str, ...] = ()) -> Path:
    """A journal in the games folder, written as a local game writes it."""
    people = [("Ana", "bull", "human"), ("Ben", "lion", "normal"), ("Cyrus", "archer", "human"),
              ("Dana", "urn", "hard")]
    table = Table([Seat(*p) for p in people[:players]], seed, variants)
    writer = JournalWriter(table, data / "games" / f"{name}.journal")
    play_out(table, seed, limit)
    return writer.path


def assert_shows(scene: Any, states: list[Any]) -> None:
    """The replay shows the recorded state at its position: the board and every seat's hand."""
    shown = scene.shown()
    state = states[scene.position]
    expected = view_for(state, None)
    for key, value in expected.items():
        if key != "seats":
            assert shown[key] == value, f"{key} differs at action {scene.position}"
    for seat in range(state.players):
        own = view_for(state, seat)["seats"][seat]
        assert shown["seats"][seat]["hand"] == own["hand"], f"seat {seat}'s hand at action {scene.position}"
        assert shown["seats"][seat]["scores"] == own["scores"]


def sofa_sized(app: Any, scene: Any) -> None:
    """Text and hit areas keep the sofa sizes (measured at 1080p)."""
    app.theme.record_text = []
    app.run_frames(1)
    texts = app.theme.record_text
    app.theme.record_text = None
    assert texts
    small = [(r.text, r.rect.height) for r in texts if r.rect.height < MIN_TEXT_1080]
    assert not small, f"text below {MIN_TEXT_1080} px: {small}"
    areas = [r for w in scene.buttons.values() for r in w.hit_rects()]
    tiny = [r for r in areas if r.width < MIN_HIT_1080 or r.height < MIN_HIT_1080]
    assert not tiny, f"hit areas below {MIN_HIT_1080} px: {tiny}"


# -- the replay ------------------------------------------------------------------------------------
def test_results_open_the_replay_which_steps_to_the_end_and_back_by_clicks(data: Path) -> None:
    from game.ui.menus.title import TitleScene
    from game.ui.table.replay_scene import ReplayScene
    from game.ui.table.results import ResultsScene

    app = make_app((1280, 720), Settings(animation="off"))
    app.push(TitleScene(app))
    app.hooks.start_game(app, CONFIG)
    app.run_frames(3)
    table_scene = app.top
    play_out(table_scene.link.table, 4)
    app.run_frames(3)
    table_scene.show_results()
    app.run_frames(3)
    assert isinstance(app.top, ResultsScene)
    headless.settle(app, 0.5)
    headless.click_button(app, "replay", frames=3)
    scene = app.top
    assert isinstance(scene, ReplayScene)
    states, _ = replay(read(table_scene.link.journal.path))
    assert scene.link.length == len(states) - 1 > 50
    assert scene.position == 0 and scene.curtain_up() is False
    assert_shows(scene, states)

    for _ in range(scene.link.length):
        headless.click_button(app, "step_forward")
        assert_shows(scene, states)
    assert scene.position == scene.link.length and scene.shown()["game_over"]
    assert not scene.buttons["step_forward"].enabled
    headless.click_button(app, "step_forward")  # disabled at the end: nothing moves
    assert scene.position == scene.link.length
    for _ in range(scene.link.length):
        headless.click_button(app, "step_back")
        assert_shows(scene, states)
    assert scene.position == 0 and not scene.buttons["step_back"].enabled

    headless.click_button(app, "to_end")
    assert scene.position == scene.link.length
    assert_shows(scene, states)
    headless.click_button(app, "to_start")
    assert scene.position == 0

    slider = scene.buttons["slider"]
    headless.click(app, (slider.track.centerx, slider.track.centery))
    assert abs(scene.position - scene.link.length // 2) <= 2
    assert_shows(scene, states)

    headless.click_button(app, "menu", frames=3)  # Leave: back to the results it was opened from
    assert isinstance(app.top, ResultsScene)


def test_play_advances_about_one_action_a_second_and_pauses(data: Path) -> None:
    from game.ui.table.replay_scene import open_replay

    path = saved_game(data, "20260101-120000", 2, 5, limit=40)
    app = make_app((1280, 720), Settings(animation="normal"))
    scene = open_replay(app, path)
    app.run_frames(3)
    headless.click_button(app, "play")
    assert scene.playing
    app.run_frames(60 * 5)
    assert 2 <= scene.position <= 6, "about one action a second while playing"
    headless.click_button(app, "play")
    assert not scene.playing
    at = scene.position
    app.run_frames(120)
    assert scene.position == at, "paused stays put"


def test_a_click_on_forward_while_pieces_move_lands_them_and_steps(data: Path) -> None:
    from game.ui.table.replay_scene import open_replay

    path = saved_game(data, "20260101-120000", 2, 5, limit=10)
    app = make_app((1280, 720), Settings(animation="slow"))
    scene = open_replay(app, path)
    app.run_frames(3)
    headless.click_button(app, "step_forward", frames=1)
    assert scene.animator.busy, "stepping forwards animates the action"
    headless.click_button(app, "step_forward", frames=1)
    assert scene.position == 2


@pytest.mark.parametrize("size", SIZES)
def test_replay_screenshots(data: Path, size: tuple[int, int]) -> None:
    from game.ui.table.replay_scene import open_replay

    path = saved_game(data, "20260101-120000", 4, 9, variants=("buildings",))
    app = make_app(size, Settings(animation="off"))
    scene = open_replay(app, path)
    app.run_frames(3)
    scene.seek(scene.link.length * 2 // 3 - 1)
    headless.click_button(app, "step_forward", frames=5)
    headless.move(app, scene.buttons["step_forward"].rect.center, frames=10)
    app.screenshot(SHOTS / f"replay_middle_{size[0]}x{size[1]}.png")
    if size == (1920, 1080):
        sofa_sized(app, scene)
    headless.click_button(app, "to_end", frames=5)
    app.screenshot(SHOTS / f"replay_end_{size[0]}x{size[1]}.png")


def test_a_replay_that_cannot_be_read_says_why(data: Path) -> None:
    from game.ui.kit.dialog import ConfirmDialog
    from game.ui.table.replay_scene import open_replay

    bad = data / "games" / "broken.journal"
    bad.parent.mkdir(parents=True)
    bad.write_text("not a journal\n")
    app = make_app((1280, 720), Settings(animation="off"))
    assert open_replay(app, bad) is None
    assert isinstance(app.top, ConfirmDialog) and "cannot be replayed" in app.top.title


# -- the saved-games list --------------------------------------------------------------------------
def make_library(data: Path) -> dict[str, Path]:
    """Four saved games, newest first: finished, unfinished, damaged, finished (4 players)."""
    paths = {
        "four": saved_game(data, "20260101-100000", 4, 3, variants=("advanced_board",)),
        "damaged": data / "games" / "20260101-110000.journal",
        "unfinished": saved_game(data, "20260101-120000", 3, 2, limit=30, variants=("buildings", "ziggurat")),
        "finished": saved_game(data, "20260101-130000", 2, 1),
    }
    paths["damaged"].write_bytes(b"\x00garbage\xff")
    for age, key in enumerate(("finished", "unfinished", "damaged", "four")):
        t = 1_700_000_000 - 100 * age
        os.utime(paths[key], (t, t))
    return paths


def open_list(size: tuple[int, int]) -> tuple[Any, Any]:
    from game.ui.menus.saved_games import SavedGamesScene
    from game.ui.menus.title import TitleScene

    app = make_app(size, Settings(animation="off"))
    app.push(TitleScene(app))
    headless.settle(app, 0.5)
    headless.click_button(app, "saved", frames=3)
    scene = app.top
    assert isinstance(scene, SavedGamesScene)
    return app, scene


@pytest.mark.parametrize("size", SIZES)
def test_saved_games_list_shows_every_game_and_the_damaged_ones_problem(data: Path, size: tuple[int, int]) -> None:
    paths = make_library(data)
    app, scene = open_list(size)
    assert [g.path for g in scene.games] == [paths[k] for k in ("finished", "unfinished", "damaged", "four")]
    app.theme.record_text = []
    headless.settle(app, 1)
    texts = " | ".join(r.text for r in app.theme.record_text)
    app.theme.record_text = None
    assert "cannot be read" in texts, "the damaged journal's problem is shown"
    assert "Turn " in texts and "in progress" in texts
    assert "Finished after" in texts
    assert set(scene.buttons) >= {"watch_0", "delete_0", "continue_1", "delete_2", "watch_3"}
    assert "watch_2" not in scene.buttons and "continue_2" not in scene.buttons
    app.screenshot(SHOTS / f"saved_games_{size[0]}x{size[1]}.png")
    if size == (1920, 1080):
        sofa_sized(app, scene)


def test_saved_games_watch_continue_and_delete(data: Path) -> None:
    from game.ui.kit.dialog import ConfirmDialog
    from game.ui.menus.saved_games import SavedGamesScene
    from game.ui.table.replay_scene import ReplayScene
    from game.ui.table.table_scene import TableScene

    paths = make_library(data)
    app, scene = open_list((1280, 720))

    headless.click_button(app, "watch_0", frames=3)
    assert isinstance(app.top, ReplayScene)
    assert app.top.link.journal.seats[0]["name"] == "Ana" and len(app.top.link.journal.seats) == 2
    headless.click_button(app, "menu", frames=3)
    assert app.top is scene

    headless.click_button(app, "delete_2", frames=3)
    assert isinstance(app.top, ConfirmDialog)
    headless.click_button(app, "delete", frames=3)
    assert app.top is scene and not paths["damaged"].exists()
    assert len(scene.games) == 3

    before = read(paths["unfinished"]).actions
    headless.click_button(app, "continue_1", frames=5)
    table = app.top
    assert isinstance(table, TableScene) and not isinstance(table, ReplayScene)
    assert [(r.seat, r.action) for r in table.link.table.records] == before
    assert table.link.journal.path == paths["unfinished"]
    assert not any(isinstance(s, SavedGamesScene) for s in app.stack)


def test_many_saved_games_page_with_newer_and_older(data: Path) -> None:
    for i in range(9):
        path = saved_game(data, f"20260102-0{i}0000", 2, i, limit=3)
        os.utime(path, (1_700_000_000 + i, 1_700_000_000 + i))
    app, scene = open_list((1280, 720))
    assert len(scene.games) == 9 and scene.per_page == 4
    assert scene.buttons["older"].visible and not scene.buttons["newer"].enabled
    headless.click_button(app, "older")
    assert scene.first == 4 and "continue_4" in scene.buttons and "continue_0" not in scene.buttons
    headless.click_button(app, "older")
    headless.click_button(app, "older")
    assert scene.first == 5 and not scene.buttons["older"].enabled
    headless.click_button(app, "newer")
    headless.click_button(app, "newer")
    assert scene.first == 0


def test_an_empty_list_says_so(data: Path) -> None:
    app, scene = open_list((1280, 720))
    app.theme.record_text = []
    app.run_frames(1)
    assert any("No saved games yet" in r.text for r in app.theme.record_text)
    app.theme.record_text = None


def test_the_title_opens_watch_a_lan_game(data: Path) -> None:
    from game.ui.menus.title import TitleScene

    app = make_app((1280, 720), Settings(animation="off"))
    app.push(TitleScene(app))
    headless.settle(app, 0.5)
    assert app.top.watch.enabled
    headless.click_button(app, "watch", frames=3)
    assert type(app.top).__name__ == "WatchScene" and app.top.watch
    headless.click_button(app, "back", frames=3)
    assert isinstance(app.top, TitleScene)


def test_a_move_sent_to_a_replay_is_refused_in_the_players_language(data: Path) -> None:
    from game import i18n
    from game.ui.table.replay_scene import open_replay

    path = saved_game(data, "20260101-130000", 2, 5, limit=12)
    app = make_app((1280, 720), Settings(animation="off"))
    scene = open_replay(app, path)
    app.run_frames(3)
    i18n.set_language("zh-TW")
    try:
        scene.link.send(0, {"kind": "pass"})
        app.run_frames(2)
        assert scene.toast_showing() and scene._toast[0] == "這是重播：不能做任何行動。"
        i18n.set_language("en")
        scene.link.undo(0)
        app.run_frames(2)
        assert scene._toast[0] == "This is a replay: nothing can be played."
    finally:
        i18n.set_language("en")
