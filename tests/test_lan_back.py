"""Leaving the LAN screens the way a player does, through the real App with real pygame events.

Title -> Host a LAN game -> Esc or Back -> "Close this game?" -> Stay, Close it, or a right click; and the
join screens' way back (Esc, right click, the Back button). A dialog closing calls `resume()` on the screen
below it, so no screen may hide one of Scene's methods behind an attribute: every Scene subclass is built and
looked at.
"""

from __future__ import annotations

import socket
from collections.abc import Callable, Iterator
from pathlib import Path
from typing import Any

import pygame
import pytest

from game.ui import headless  # noqa: F401  (chooses the dummy SDL drivers before pygame starts)
from game.ui.app import App
from game.ui.headless import click, run_until
from game.ui.kit.scene import Scene
from game.ui.lan.lan_join import JoinScene, SeatScene
from tests.wiring import make_app

DEADLINE = 5.0


@pytest.fixture
def lan_env(tmp_path: Path, monkeypatch: pytest.MonkeyPatch) -> Iterator[None]:
    """Loopback only, a discovery port of this test's own, and a data folder of its own."""
    with socket.socket(socket.AF_INET, socket.SOCK_DGRAM) as probe:
        probe.bind(("127.0.0.1", 0))
        monkeypatch.setenv("TWO_RIVERS_DISCOVERY_PORT", str(probe.getsockname()[1]))
    monkeypatch.setenv("TWO_RIVERS_LAN", "loopback")
    monkeypatch.setenv("TWO_RIVERS_DATA", str(tmp_path))
    yield


def post_escape(app: App) -> None:
    pygame.event.post(pygame.event.Event(pygame.KEYDOWN, key=pygame.K_ESCAPE, mod=0, unicode="\x1b", scancode=41))
    pygame.event.post(pygame.event.Event(pygame.KEYUP, key=pygame.K_ESCAPE, mod=0, unicode="\x1b", scancode=41))
    app.run_frames(3)


def press_button(app: App, name: str) -> None:
    assert app.top is not None
    click(app, app.top.button_rect(name).center)


def title_app() -> App:
    from game.ui.menus.title import TitleScene

    app = make_app((1280, 720))
    app.push(TitleScene(app))
    app.run_frames(90)  # the title's buttons pop in
    return app


def open_host_screen(app: App) -> Any:
    from game.ui.lan.lan_host import HostScene

    press_button(app, "host")
    scene = app.top
    assert isinstance(scene, HostScene) and scene.host is not None
    return scene


def ask_to_close(app: App, gesture: str) -> Any:
    """Ask to leave the host screen by Esc or by its Back button; return the dialog that asks."""
    from game.ui.kit.dialog import ConfirmDialog

    if gesture == "escape":
        post_escape(app)
    else:
        press_button(app, "back")
    dialog = app.top
    assert isinstance(dialog, ConfirmDialog) and dialog.title == "Close this game?"
    app.run_frames(30)  # the dialog's buttons pop in
    return dialog


@pytest.mark.usefixtures("lan_env")
@pytest.mark.parametrize("gesture", ["escape", "back"])
@pytest.mark.parametrize("answer", ["stay", "close it", "right click"])
def test_leaving_the_host_screen_asks_and_every_answer_works(gesture: str, answer: str) -> None:
    from game.ui.lan.lan_host import HostScene
    from game.ui.menus.title import TitleScene

    app = title_app()
    scene = open_host_screen(app)
    host = scene.host
    try:
        dialog = ask_to_close(app, gesture)
        if answer == "right click":
            click(app, dialog.panel.center, button=3)
        else:
            press_button(app, answer)
        app.run_frames(5)
        if answer == "close it":
            assert isinstance(app.top, TitleScene)
            with host.lock:
                assert host.phase == "closed"  # the lobby's host stopped with the screen
        else:
            assert app.top is scene and isinstance(scene, HostScene)
            assert scene.host is host
            press_button(app, "players")  # the screen still answers
            # and may still be left: asked again, and closed
            ask_to_close(app, "escape")
            press_button(app, "close it")
            assert isinstance(app.top, TitleScene)
        assert app.running is not False or app.stack, "the program left"
    finally:
        app.close()
        if host is not None:
            host.stop()


def open_seat_screen(app: App, port: int) -> tuple[JoinScene, SeatScene]:
    """Title -> Join a LAN game -> the announced game's button: the seat chooser of the host on port."""
    press_button(app, "join")
    join = app.top
    assert isinstance(join, JoinScene)
    run_until(app, lambda: bool(join.games) and join.game_buttons[0].visible)
    app.run_frames(30)  # the game's button pops in
    assert join.games[0].game.tcp_port == port
    press_button(app, "game0")
    seats = app.top
    assert isinstance(seats, SeatScene)
    run_until(app, lambda: bool(seats.seats()))
    return join, seats


@pytest.mark.usefixtures("lan_env")
@pytest.mark.parametrize("gesture", ["escape", "right click", "back"])
def test_the_join_screens_are_left_step_by_step_by_every_back_gesture(gesture: str) -> None:
    from game.ui.menus.title import TitleScene
    from tests.lan_kit import make_host

    host = make_host(announce=True)
    app = title_app()
    try:
        join, seats = open_seat_screen(app, host.port)

        def go_back() -> None:
            if gesture == "escape":
                post_escape(app)
            elif gesture == "right click":
                click(app, (app.size[0] // 2, app.size[1] - 5), button=3)
            else:
                press_button(app, "back")

        go_back()
        assert app.top is join  # the join screen takes over again (resume() is called on it)
        assert seats.spectator.gone
        press_button(app, "this_computer")  # and still answers
        assert join.address == "127.0.0.1"
        go_back()
        assert isinstance(app.top, TitleScene)
        assert join.listener is None
    finally:
        app.close()
        host.stop()


# -- no screen hides a Scene method ------------------------------------------------------------------
def scene_methods(cls: type) -> set[str]:
    """Names the App and the scene stack call on a scene: every method and property of its classes."""
    return {name for klass in cls.__mro__ if klass is not object for name, value in vars(klass).items()
            if callable(value) or isinstance(value, (property, staticmethod, classmethod))}


def hidden_methods(scene: Scene) -> list[str]:
    """Return the attributes of scene that stand where one of its class's methods is."""
    return sorted(set(vars(scene)) & scene_methods(type(scene)))


def every_scene_class() -> set[type]:
    import importlib
    import pkgutil

    import game.ui

    for module in pkgutil.walk_packages(game.ui.__path__, "game.ui."):
        importlib.import_module(module.name)

    def below(cls: type) -> set[type]:
        found: set[type] = set()
        direct: type
        for direct in cls.__subclasses__():
            found |= {direct, *below(direct)}
        return found

    return below(Scene)


def scene_builders(app: App, port: int, data: Path) -> dict[str, Callable[[], Scene]]:
    """Build one of each Scene subclass, the way the game builds it (by class name)."""
    from game.journal import JournalWriter, read
    from game.session import LocalLink, Seat, Table
    from game.ui.kit.dialog import ConfirmDialog
    from game.ui.lan import lan_screens as lan
    from game.ui.menus.game_menu import GameMenu
    from game.ui.menus.menu import MenuScene
    from game.ui.menus.new_game import NewGameScene
    from game.ui.menus.rules_scene import RulesScene
    from game.ui.menus.saved_games import SavedGamesScene
    from game.ui.menus.settings_scene import SettingsScene
    from game.ui.menus.title import TitleScene
    from game.ui.table.replay_scene import ReplayScene
    from game.ui.table.results import ResultsScene
    from game.ui.table.table_scene import TableScene
    from net.host import HostConfig
    from tests.ui_positions import config_for

    def table() -> TableScene:
        config = config_for(2)
        game = Table([Seat("Ana", "bull", "human"), Seat("Ben", "lion", "human")], 1, ())
        return TableScene(app, config, LocalLink(game, frozenset({0, 1})))

    def replay() -> ReplayScene:
        game = Table([Seat("Ana", "bull", "human"), Seat("Ben", "lion", "human")], 1, ())
        writer = JournalWriter(game, data / "games" / "one.journal")
        seat = game.to_move()
        assert seat is not None
        game.submit(seat, game.legal_actions(seat)[0])
        return ReplayScene(app, read(writer.path))

    def lan_table() -> lan.LanTableScene:
        from tests.lan_kit import make_host

        host = make_host(players=2)
        hosts.append(host)
        host.set_plan(0, "local", name="Ana")
        host.set_plan(1, "computer", "easy")
        host.start_game()
        with host.lock:
            lobby = {"seats": host.lobby.seats_wire(), "options": host.lobby.options("playing")}
        return lan.LanTableScene(app, lan.table_config(lobby), host.local_link())

    quiet = HostConfig(bind="127.0.0.1", port=0, announce=False, computer_delay=0.0)
    ranking = [{"seat": 0, "place": 1, "score": 3, "colors": {"red": 3, "blue": 4, "green": 5, "black": 6},
                "treasures": 0}, {"seat": 1, "place": 2, "score": 2, "colors": {"red": 2, "blue": 4, "green": 5,
                                                                                 "black": 6}, "treasures": 0}]
    return {
        "ConfirmDialog": lambda: ConfirmDialog(app, "Title", "Words", [("OK", None, "primary")]),
        "HostScene": lambda: lan.HostScene(app, quiet),
        "JoinScene": lambda: lan.JoinScene(app),
        "WatchScene": lambda: lan.WatchScene(app),
        "SeatScene": lambda: lan.SeatScene(app, "127.0.0.1", port),
        "LanTableScene": lan_table,
        "GameMenu": lambda: GameMenu(app, lambda: None),
        "MenuScene": lambda: MenuScene(app),
        "NewGameScene": lambda: NewGameScene(app),
        "RulesScene": lambda: RulesScene(app),
        "SavedGamesScene": lambda: SavedGamesScene(app),
        "SettingsScene": lambda: SettingsScene(app),
        "TitleScene": lambda: TitleScene(app),
        "ReplayScene": replay,
        "ResultsScene": lambda: ResultsScene(app, ranking, ["Ana", "Ben"], ["bull", "lion"]),
        "TableScene": table,
    }


hosts: list[Any] = []  # hosts the LAN table's builder started, stopped at the test's end


@pytest.mark.usefixtures("lan_env")
def test_no_scene_hides_a_scene_method_behind_an_attribute(tmp_path: Path) -> None:
    from tests.lan_kit import make_host

    host = make_host()
    app = make_app((1280, 720))
    try:
        builders = scene_builders(app, host.port, tmp_path)
        classes = {cls.__name__ for cls in every_scene_class()}
        assert classes <= set(builders), f"build these scenes here too: {sorted(classes - set(builders))}"
        hidden = {}
        for name, build in builders.items():
            scene = app.push(build())
            app.run_frames(3)  # attributes set in layout() and update() count too
            hidden[name] = hidden_methods(scene)
            app.reset(Scene(app))
        assert {name: found for name, found in hidden.items() if found} == {}
    finally:
        app.close()
        host.stop()
        while hosts:
            hosts.pop().stop()
