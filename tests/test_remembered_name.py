"""A name a player types is theirs: kept in Settings and offered first on the host, join and New-game screens.

A real host on 127.0.0.1 and real pygame events: the player types 陳怡君 on the seat screen, sits down, goes
back; the seat screen, the host screen and New game (in this run and in a new one, Settings read from the data
folder) offer 陳怡君 first. A name the seat screen steps past because another player at the table has it is not
taken as the player's own, and the seat this screen may take back keeps the name it holds for the player.
"""

from __future__ import annotations

import threading
from collections.abc import Iterator
from pathlib import Path

import pygame
import pytest

from game.ui import headless  # noqa: F401  (chooses the dummy SDL drivers before pygame starts)
from game.ui.app import App
from game.ui.headless import click, run_until
from game.ui.lan.lan_join import SeatScene
from game.ui.lan.seat_keys import TOKENS_KEY
from game.ui.menus.settings import Settings
from net.client import WireClient
from net.host import Host, HostConfig
from tests.lan_kit import make_host, playing, seat_players, wait_for
from tests.wiring import make_app

DEADLINE = 5.0
NAME = "陳怡君"


@pytest.fixture(autouse=True)
def _lan_env(tmp_path: Path, monkeypatch: pytest.MonkeyPatch) -> None:
    monkeypatch.setenv("TWO_RIVERS_LAN", "loopback")
    monkeypatch.setenv("TWO_RIVERS_DATA", str(tmp_path))


@pytest.fixture
def host() -> Iterator[Host]:
    table = make_host(players=2)
    yield table
    table.stop()


def window() -> App:
    """A window as a run starts it: Settings read from the data folder."""
    return make_app((1280, 720), Settings.load())


def seat_screen(app: App, host: Host) -> SeatScene:
    scene = SeatScene(app, "127.0.0.1", host.port)
    app.push(scene)
    run_until(app, lambda: len(scene.seats()) == 2)
    return scene


def offered_everywhere(app: App, host: Host) -> tuple[str, str, str]:
    """The name the seat screen, the host screen and New game show first."""
    from game.ui.lan.lan_host import HostScene
    from game.ui.menus.new_game import NewGameScene

    seats = seat_screen(app, host)
    on_seats = seats.name.value
    seats.back()
    hosting = HostScene(app, HostConfig(bind="127.0.0.1", port=0, announce=False, computer_delay=0.0))
    app.push(hosting)
    app.run_frames(2)
    on_host = hosting.name.value
    app.pop()  # its host stops with it
    new_game = NewGameScene(app)
    app.push(new_game)
    on_new_game = new_game.rows[0].name.value
    app.pop()
    return on_seats, on_host, on_new_game


def test_a_name_typed_on_the_seat_screen_is_offered_first_everywhere_next_time(host: Host) -> None:
    app = window()
    try:
        seats = seat_screen(app, host)
        pygame.event.post(pygame.event.Event(pygame.TEXTINPUT, text=NAME))  # typing begins without a click
        app.run_frames(2)
        click(app, seats.sit[0].rect.center)  # the click takes the name, then sits down with it
        # The host welcomes the seat on the player's link and tells the lobby on the watching link: two
        # connections, so the lobby copy read below may lag the welcome by a frame or two.
        run_until(app, lambda: seats.my_seat() == 0 and bool(seats.seats()[0].get("taken")))
        assert seats.seats()[0]["name"] == NAME
        seats.back()  # the player leaves the seat screen and comes back later
        app.run_frames(2)
        assert offered_everywhere(app, host) == (NAME, NAME, NAME)
    finally:
        app.close()
    # A new run reads it from Settings.
    assert Settings.load().player_name == NAME
    again = window()
    try:
        assert offered_everywhere(again, host) == (NAME, NAME, NAME)
    finally:
        again.close()


class Console:
    """The host's console lines, written on the host's thread and read on the test's (under a lock)."""

    def __init__(self) -> None:
        self._lock = threading.Lock()
        self._lines: list[str] = []

    def say(self, line: str) -> None:
        with self._lock:
            self._lines.append(line)

    def lines(self) -> list[str]:
        with self._lock:
            return list(self._lines)


@pytest.mark.parametrize("remembered", [NAME, ""])
def test_the_host_is_told_who_looks_at_its_seats_by_the_name_they_chose(remembered: str) -> None:
    console = Console()
    table = make_host(say=console.say, players=2)
    Settings(player_name=remembered).save()
    app = window()
    try:
        seat_screen(app, table)
        who = remembered or "Guest"
        looking = wait_for(lambda: [line for line in console.lines() if "is looking at the seats." in line],
                           DEADLINE, "the host to hear of the seat screen")
        assert len(looking) == 1 and looking[0].startswith(f"{who} (127.0.0.1:"), looking
        assert not any("watches" in line for line in console.lines())
        # Once the game is under way, a screen that connects only watches it.
        players = seat_players(table, 2)
        table.start_game()
        assert playing(table)
        watcher = WireClient("127.0.0.1", table.port)
        try:
            watcher.hello("TV", role="spectator")
            wait_for(lambda: any(line.startswith("TV (127.0.0.1:") and line.endswith(" watches.")
                                 for line in console.lines()), DEADLINE, "the host to hear of the watcher")
        finally:
            watcher.close()
            for player in players:
                player.close()
    finally:
        app.close()
        table.stop()


def test_a_name_stepped_past_because_another_player_has_it_is_not_remembered(host: Host) -> None:
    Settings(player_name=NAME).save()
    app = window()
    other = WireClient("127.0.0.1", host.port)
    try:
        other.hello(NAME, seat=1, dynasty="bull")
        seats = seat_screen(app, host)
        run_until(app, lambda: seats.seats()[1].get("name") == NAME and seats.name.value != NAME)
        assert app.settings.player_name == NAME and Settings.load().player_name == NAME
        seats.back()
        # The seat this window may take back (its token kept from before) holds the player's own name: it is ours.
        app.shared[TOKENS_KEY] = {("127.0.0.1", host.port): (1, "a token from before")}
        seats = seat_screen(app, host)
        run_until(app, lambda: seats.seats()[1].get("name") == NAME)
        app.run_frames(3)
        assert seats.name.value == NAME and seats.name_free(NAME)
        seats.back()
    finally:
        other.close()
        app.close()


@pytest.mark.parametrize("stored", [42, "x" * 25, "Ann\u0000", ["Ann"]])
def test_a_strange_name_in_the_settings_file_is_no_name(tmp_path: Path, stored: object) -> None:
    import json

    from game.ui.menus.settings import FILE_NAME

    (tmp_path / FILE_NAME).write_text(json.dumps({"volume": 0.3, "player_name": stored}), encoding="utf-8")
    loaded = Settings.load()
    assert loaded.player_name == "" and loaded.volume == 0.3  # the rest of the file still counts


def test_a_name_is_kept_trimmed_in_the_settings_file(tmp_path: Path) -> None:
    assert Settings(player_name="  陳   怡君 ").save()
    assert Settings.load().player_name == "陳 怡君"


def test_a_window_that_never_chose_a_name_steps_past_a_seated_rulers_name_in_another_language(host: Host) -> None:
    # The host's player sits as Enheduanna (the first name English offers); a Chinese window's first offered
    # name is the same ruler, 恩赫杜安娜: two players would sit as one person in two scripts.
    from game import i18n
    from game.ui.lan.lan_host import player_names

    other = WireClient("127.0.0.1", host.port)
    i18n.set_language("zh-TW")
    app = window()
    try:
        other.hello("Enheduanna", seat=0, dynasty="bull")
        seats = seat_screen(app, host)
        run_until(app, lambda: seats.seats()[0].get("name") == "Enheduanna")
        app.run_frames(3)
        assert seats.name.value == player_names()[1] == "吉爾伽美什"
        # A name the player chose stays theirs, even when it is the ruler another player sits as in English.
        seats.name.value = "恩赫杜安娜"
        seats.set_name("恩赫杜安娜")
        app.run_frames(3)
        assert seats.name.value == "恩赫杜安娜"
        seats.back()
    finally:
        other.close()
        app.close()
        i18n.set_language("en")


class FrozenLobby:
    """Hold back the lobby messages a link's reader thread takes in, as a slow connection would, until thawed."""

    def __init__(self, link: object) -> None:
        self.link = link
        self._lock = threading.Lock()
        self._held: list[dict] = []
        link._on_lobby = self._hold  # type: ignore[attr-defined]  (the reader thread calls it for each lobby)

    def _hold(self, message: dict) -> None:
        with self._lock:
            self._held.append(message)

    def held(self) -> int:
        with self._lock:
            return len(self._held)

    def thaw(self) -> None:
        del self.link._on_lobby  # type: ignore[attr-defined]
        with self._lock:
            held, self._held = self._held, []
        for message in held:
            self.link._on_lobby(message)  # type: ignore[attr-defined]


def test_the_seat_screen_shows_our_seat_as_ours_the_moment_the_host_seats_us(host: Host) -> None:
    Settings(player_name=NAME).save()
    app = window()
    try:
        seats = seat_screen(app, host)
        frozen = FrozenLobby(seats.spectator)  # the watching link hears of our seat late
        run_until(app, lambda: seats.sit[0].enabled)
        click(app, seats.sit[0].rect.center)
        run_until(app, lambda: seats.my_seat() == 0)
        assert seats.seats()[0]["name"] == NAME and seats.seats()[0]["taken"]
        app.run_frames(3)
        assert seats.name.value == NAME
        frozen.thaw()
        seats.back()
    finally:
        app.close()


def test_a_seat_given_away_leaves_the_player_their_own_name_and_dynasty(host: Host) -> None:
    Settings(player_name=NAME).save()
    app = window()
    try:
        seats = seat_screen(app, host)
        dynasty = seats.dynasty.value
        run_until(app, lambda: seats.sit[0].enabled)
        click(app, seats.sit[0].rect.center)
        run_until(app, lambda: seats.my_seat() == 0 and bool(seats.spectator.lobby["seats"][0].get("taken")))
        frozen = FrozenLobby(seats.spectator)  # the refusal comes first; the lobby that follows is late
        host.set_plan(0, "computer", "easy")
        run_until(app, lambda: seats.player is None)
        app.run_frames(3)
        # The watching link still shows us at seat 0: that name and dynasty are ours, not a rival's.
        assert (seats.name.value, seats.dynasty.value) == (NAME, dynasty)
        run_until(app, lambda: frozen.held() > 0)
        frozen.thaw()
        run_until(app, lambda: seats.seats()[0].get("plan") == "computer")
        app.run_frames(3)
        assert seats.name.value == NAME
        seats.back()
    finally:
        app.close()
