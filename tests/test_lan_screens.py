"""The LAN screens on SDL's dummy drivers: host a lobby, join it by typing an address, sit, and play.

Hosts bind 127.0.0.1 on a free port and announce nothing; every wait has a deadline.
"""

from __future__ import annotations

import time
from collections.abc import Callable

import pytest

from game.ui import headless  # noqa: F401  (chooses the dummy SDL drivers before pygame starts)
from game.ui.headless import click, click_button
from game.ui.lan import lan_screens as lan
from net.client import WireClient
from net.host import HostConfig
from tests.wiring import make_app


def run_until(app, condition: Callable[[], bool], wait: float = 5.0) -> None:  # type: ignore[no-untyped-def]
    """Run frames until condition holds (or fail after wait seconds)."""
    end = time.monotonic() + wait
    while not condition():
        assert time.monotonic() < end, "timed out"
        app.run_frames(1)
        time.sleep(0.002)


def local_config() -> HostConfig:
    return HostConfig(bind="127.0.0.1", port=0, announce=False, computer_delay=0.0, host_name="Test table")


def test_the_host_lobby_seats_a_lan_player_and_starts_the_table() -> None:
    app = make_app()
    scene = lan.HostScene(app, local_config())
    app.push(scene)
    host = scene.host
    guest = None
    try:
        assert host is not None and host.lobby.slots[0].plan == "local"
        click_button(app, "players", frames=2)  # the stepper's body: nothing happens, nothing breaks
        scene.players.step(-1)
        scene.players.step(-1)
        assert len(host.lobby.slots) == 2
        assert not scene.start.enabled
        guest = WireClient("127.0.0.1", host.port)
        guest.hello("Ann")
        run_until(app, lambda: scene.start.enabled)
        click_button(app, "start", frames=3)
        assert host.phase == "playing"
        assert type(app.top).__name__ == "LanTableScene"
        assert app.top.humans == {0}
        guest.expect("update")
    finally:
        app.close()
        if guest is not None:
            guest.close()
        if host is not None:
            host.stop()


def test_a_hosted_game_appears_on_the_join_screen_by_itself(monkeypatch: pytest.MonkeyPatch) -> None:
    import socket

    with socket.socket(socket.AF_INET, socket.SOCK_DGRAM) as probe:
        probe.bind(("127.0.0.1", 0))
        port = probe.getsockname()[1]
    monkeypatch.setenv("TWO_RIVERS_LAN", "loopback")
    monkeypatch.setenv("TWO_RIVERS_DISCOVERY_PORT", str(port))
    app = make_app()
    join = lan.JoinScene(app)
    app.push(join)
    config = local_config()
    config.announce = True
    hosting = lan.HostScene(app, config)
    try:
        # Seat 1 is played on the host's screen: the update is announced at once, so 3 seats are free.
        run_until(app, lambda: bool(join.games) and "3 of 4 seats free" in join.game_notes[0], wait=4.0)
        assert join.games[0].game.host_name == "Test table" and join.game_buttons[0].visible
        # The button names the address to type as well as the table (never only the machine's name).
        assert join.game_buttons[0].text == f"Test table · 127.0.0.1:{hosting.host.port}"
    finally:
        hosting.exit()
        app.close()


def test_joining_by_typed_address_sits_down_and_opens_the_table_when_the_host_starts() -> None:
    from net.host import Host

    host = Host(local_config(), say=lambda line: None).start()
    app = make_app()
    try:
        join = lan.JoinScene(app)
        app.push(join)
        for key in "127.0.0.1":
            click_button(app, f"key_{key}", frames=1)
        assert join.address == "127.0.0.1"
        join.open_seats("127.0.0.1", host.port)  # the typed address on the host's test port
        seats = app.top
        assert isinstance(seats, lan.SeatScene)
        run_until(app, lambda: seats.sit[1].enabled and seats.sit[1].visible)
        click_button(app, "sit1", frames=2)
        run_until(app, lambda: seats.player is not None and seats.player.state == "lobby")
        assert host.lobby.slots[1].taken and host.lobby.slots[1].name == seats.name.value
        for seat in (0, 2, 3):
            host.set_plan(seat, "computer", "easy")
        host.start_game()
        run_until(app, lambda: type(app.top).__name__ == "LanTableScene")
        table = app.top
        assert table.link.local_seats == frozenset({1})
        assert lan.link_status(table.link) == ""
    finally:
        app.close()
        host.stop()


def seat_scene(app, port: int) -> lan.SeatScene:  # type: ignore[no-untyped-def]
    """Open the join screen's seat chooser on the host at 127.0.0.1:port."""
    join = lan.JoinScene(app)
    app.push(join)
    join.open_seats("127.0.0.1", port)
    seats = app.top
    assert isinstance(seats, lan.SeatScene)
    run_until(app, lambda: bool(seats.seats()))
    return seats


def test_sitting_as_lion_keeps_lion_on_the_dynasty_selector() -> None:
    from net.host import Host

    host = Host(local_config(), say=lambda line: None).start()
    app = make_app((1280, 720))
    try:
        seats = seat_scene(app, host.port)
        while seats.dynasty.value != "lion":
            seats.dynasty.cycle(+1)
        run_until(app, lambda: seats.sit[1].enabled and seats.sit[1].visible)
        click_button(app, "sit1", frames=2)
        run_until(app, lambda: seats.my_seat() == 1 and seats.seats()[1]["taken"])
        app.run_frames(10)  # the lobby now says lion is taken (by us): the selector must not move on
        assert seats.seats()[1]["dynasty"] == "lion"
        assert seats.dynasty.value == "lion"
        with host.lock:
            assert host.lobby.slots[1].dynasty == "lion"
        assert not seats.dynasty.enabled and not seats.rejoin.visible  # seated: nothing more to choose
    finally:
        app.close()
        host.stop()


def test_a_joining_player_cannot_pick_a_name_or_dynasty_someone_else_sits_with() -> None:
    from net.host import Host

    host = Host(local_config(), say=lambda line: None).start()
    other = WireClient("127.0.0.1", host.port)
    app = make_app((1280, 720))
    try:
        other.hello("Gilgamesh", seat=2, dynasty="urn")
        seats = seat_scene(app, host.port)
        run_until(app, lambda: seats.seats()[2]["taken"])
        seats.name.value, seats.dynasty.value = "Gilgamesh", "urn"
        app.run_frames(2)
        assert seats.name.value != "Gilgamesh" and seats.dynasty.value != "urn"
        assert not seats.name_free("Gilgamesh") and not seats.dynasty_free("urn")
    finally:
        app.close()
        other.close()
        host.stop()


class LockWatch:
    """Stands in for host.lobby and fails when the UI thread reads it without holding the host's lock."""

    def __init__(self, lobby, lock, ui_thread) -> None:  # type: ignore[no-untyped-def]
        self._lobby, self._lock, self._ui = lobby, lock, ui_thread
        self.unlocked: list[str] = []

    def __getattr__(self, name: str):  # type: ignore[no-untyped-def]
        import threading

        if threading.current_thread() is self._ui and not self._lock._is_owned():
            self.unlocked.append(name)
        return getattr(self._lobby, name)

    def __setattr__(self, name: str, value) -> None:  # type: ignore[no-untyped-def]
        if name.startswith("_") or name == "unlocked":
            object.__setattr__(self, name, value)
        else:
            self.__getattr__(name)
            setattr(self._lobby, name, value)


def test_the_host_lobby_reads_the_seats_only_under_the_hosts_lock() -> None:
    import threading

    app = make_app((1280, 720))
    scene = lan.HostScene(app, local_config())
    host = scene.host
    assert host is not None
    watch = LockWatch(host.lobby, host.lock, threading.current_thread())
    host.core.lobby = watch  # type: ignore[assignment]
    guest = WireClient("127.0.0.1", host.port)
    try:
        app.push(scene)
        guest.hello("Ann")
        run_until(app, lambda: any(s["name"] == "Ann" for s in scene.seats))
        scene.players.step(-1)
        click_button(app, "seat1", frames=3)
        app.run_frames(5)
        assert watch.unlocked == [], f"read without the lock: {sorted(set(watch.unlocked))}"
    finally:
        app.close()
        guest.close()
        host.stop()


def test_the_host_chooses_a_name_and_everyone_sees_it() -> None:
    app = make_app((1280, 720))
    scene = lan.HostScene(app, local_config())
    app.push(scene)
    host = scene.host
    assert host is not None
    guest = WireClient("127.0.0.1", host.port)
    try:
        first = scene.name.value
        click(app, scene.name.right.rect.center)
        chosen = scene.name.value
        assert chosen != first and chosen != "Player 1"
        assert scene.seats[0]["name"] == chosen and scene.seats[0]["plan"] == "local"
        assert app.shared["lan_name"] == chosen  # the join screens offer it next time
        scene.players.step(-1)
        scene.players.step(-1)
        welcome = guest.hello("Ann")
        assert welcome["lobby"]["seats"][0]["name"] == chosen  # the LAN players see it in the lobby
        run_until(app, lambda: scene.start.enabled)
        click_button(app, "start", frames=3)
        table = app.top
        assert isinstance(table, lan.LanTableScene)
        assert table.views[None]["names"] == [chosen, "Ann"]  # and at the table
        update = guest.expect("update")
        assert update["view"]["names"] == [chosen, "Ann"]
    finally:
        app.close()
        guest.close()
        host.stop()


def test_the_host_screen_shows_addresses_to_type_never_the_machine_name() -> None:
    import socket

    from game.ui.lan.lan_host import where_to_join
    from net.host import DEFAULT_PORT
    from net.interfaces import usable_addresses

    assert where_to_join(["192.168.1.20", "10.0.0.5"], DEFAULT_PORT, "0.0.0.0") == \
        "Join at 192.168.1.20  or  10.0.0.5"
    assert where_to_join(["192.168.1.20"], 50000, "0.0.0.0") == "Join at 192.168.1.20, port 50000"
    assert where_to_join([], DEFAULT_PORT, "0.0.0.0").startswith("No network")
    assert where_to_join(["192.168.1.20"], DEFAULT_PORT, "127.0.0.1") == "Join at 127.0.0.1"
    app = make_app((1280, 720))
    config = local_config()
    config.bind = "0.0.0.0"  # listens on every address (nothing is sent anywhere by the test)
    scene = lan.HostScene(app, config)
    try:
        app.push(scene)
        app.run_frames(3)
        app.theme.record_text = []
        app.run_frames(1)
        drawn = " | ".join(r.text for r in app.theme.record_text)
        addresses = usable_addresses()
        assert addresses and all(a in drawn for a in addresses), drawn
        assert f"port {scene.host.port}" in drawn  # a test port, not the usual one: players must type it
        assert socket.gethostname() not in drawn.replace("Test table", "")
    finally:
        app.close()


def texts(app) -> list:  # type: ignore[no-untyped-def]
    """Return the text drawn in one frame (TextRecords: text and rect)."""
    app.theme.record_text = []
    app.run_frames(1)
    drawn, app.theme.record_text = app.theme.record_text, None
    return drawn


def assert_text_fits(app, where: str) -> None:  # type: ignore[no-untyped-def]
    """Fail if any text of the next frame leaves its box or the window, or overlaps other text."""
    from tests.test_ui_fit import faults

    drawn = texts(app)
    assert drawn, f"{where}: nothing drawn"
    screen = app.surface.get_rect()
    outside = [r.text for r in drawn if not screen.contains(r.rect)]
    assert not outside, f"{where}: text leaves the window: {outside}"
    overlaps = [(a.text, b.text) for i, a in enumerate(drawn) for b in drawn[i + 1:] if a.rect.colliderect(b.rect)]
    assert not overlaps, f"{where}: text overlaps: {overlaps}"
    assert faults(app) == [], where  # the shared fit test: each text inside the box it was fitted to


@pytest.fixture(params=["en", "zh-TW"])
def language(request: pytest.FixtureRequest):  # type: ignore[no-untyped-def]
    """Run a test in each language of the catalogue (English again afterwards)."""
    from game import i18n

    i18n.set_language(request.param)
    yield request.param
    i18n.set_language("en")


@pytest.mark.parametrize("size", [(1280, 720), (1920, 1080)])
def test_no_lan_screen_has_text_leaving_the_window_or_overprinting(size: tuple[int, int], language: str,
                                                                  monkeypatch: pytest.MonkeyPatch) -> None:
    import socket

    from game.ui.headless import settle

    with socket.socket(socket.AF_INET, socket.SOCK_DGRAM) as probe:
        probe.bind(("127.0.0.1", 0))
        monkeypatch.setenv("TWO_RIVERS_DISCOVERY_PORT", str(probe.getsockname()[1]))
    monkeypatch.setenv("TWO_RIVERS_LAN", "loopback")
    app = make_app(size)
    config = local_config()
    config.announce, config.host_name = True, "Hammurabi's table"
    scene = lan.HostScene(app, config)
    host = scene.host
    assert host is not None
    guests = [WireClient("127.0.0.1", host.port) for _ in range(2)]
    try:
        app.push(scene)
        guests[0].hello("Naram-Sin", seat=2)
        run_until(app, lambda: scene.seats[2]["taken"])
        scene.news.append("A long line of news that goes on and on, the way a failed announcement does: "
                          "announcing to 10.77.0.255 (Network is unreachable) failed; players can still join "
                          "by typing this computer's address.")
        settle(app, 1.0)
        assert_text_fits(app, "host lobby")  # "waiting for a player…" once overprinted the variants' hints
        join = lan.JoinScene(app)
        app.push(join)
        for key in "192.168.100.200":
            join.press(key)
        run_until(app, lambda: bool(join.games) and join.game_notes[0] != "")
        settle(app, 1.0)
        assert_text_fits(app, "join screen")
        join.open_seats("127.0.0.1", host.port)
        seats = app.top
        run_until(app, lambda: seats.sit[1].enabled)
        click_button(app, "sit1", frames=2)
        run_until(app, lambda: seats.my_seat() == 1)
        settle(app, 1.0)
        assert_text_fits(app, "seat chooser")
    finally:
        app.close()
        for guest in guests:
            guest.close()
        host.stop()


def test_the_host_screen_says_when_nobody_can_see_the_game(monkeypatch: pytest.MonkeyPatch) -> None:
    import errno
    import os
    import socket

    with socket.socket(socket.AF_INET, socket.SOCK_DGRAM) as probe:
        probe.bind(("127.0.0.1", 0))
        monkeypatch.setenv("TWO_RIVERS_DISCOVERY_PORT", str(probe.getsockname()[1]))
    monkeypatch.setenv("TWO_RIVERS_LAN", "loopback")

    def unreachable(self: socket.socket, data: bytes, *args: object) -> int:
        raise OSError(errno.ENETUNREACH, os.strerror(errno.ENETUNREACH))  # a switch with no route to it

    monkeypatch.setattr(socket.socket, "sendto", unreachable)
    app = make_app((1280, 720))
    config = local_config()
    config.announce = True
    scene = lan.HostScene(app, config)
    try:
        app.push(scene)
        run_until(app, lambda: any("Players cannot see this game" in line for line in scene.news))
        drawn = " ".join(r.text for r in texts(app))
        assert "Players cannot see this game" in drawn and "unreachable" in drawn
        assert "typing this computer's address" in drawn  # the way in that still works
        for n in range(6):  # players come and go: the news scrolls, the problem stays on screen
            scene.news.append(f"Player {n} takes a seat.")
        drawn = " ".join(r.text for r in texts(app))
        assert "Players cannot see this game" in drawn and "Player 5 takes a seat." in drawn
    finally:
        app.close()
        if scene.host is not None:
            scene.host.stop()


def test_a_name_can_be_typed_when_there_is_a_keyboard() -> None:
    import pygame

    from net.host import Host

    host = Host(local_config(), say=lambda line: None).start()
    app = make_app((1280, 720))
    try:
        seats = seat_scene(app, host.port)
        for text in ("A", "n", "x", "\x07"):  # a control character is not part of a name
            pygame.event.post(pygame.event.Event(pygame.TEXTINPUT, text=text))
        pygame.event.post(pygame.event.Event(pygame.KEYDOWN, key=pygame.K_BACKSPACE, mod=0, unicode="\b"))
        pygame.event.post(pygame.event.Event(pygame.TEXTINPUT, text="n"))
        pygame.event.post(pygame.event.Event(pygame.KEYDOWN, key=pygame.K_RETURN, mod=0, unicode="\r"))
        app.run_frames(2)
        assert seats.name.value == "Ann" and seats.name.label == "Ann"
        assert app.shared["lan_name"] == "Ann"
        run_until(app, lambda: seats.sit[1].enabled)
        click_button(app, "sit1", frames=2)
        run_until(app, lambda: seats.my_seat() == 1)
        with host.lock:
            assert host.lobby.slots[1].name == "Ann"  # sent in the hello, shown to everyone
        pygame.event.post(pygame.event.Event(pygame.TEXTINPUT, text="e"))
        app.run_frames(2)
        assert seats.name.value == "Ann"  # seated: the name was sent; typing changes nothing now
    finally:
        app.close()
        host.stop()


def test_a_host_heard_on_two_networks_is_listed_once() -> None:
    from game.ui.lan.lan_join import one_per_game
    from net.discovery import GameAnnouncement, HostedGame

    game = HostedGame("Ann's table", 47475, "g-1", 4, 3)
    other = HostedGame("Bob's table", 47475, "g-2", 2, 1)
    heard = [GameAnnouncement("10.77.0.1", game, 1.0), GameAnnouncement("10.78.0.1", game, 1.0),
             GameAnnouncement("10.77.0.9", other, 1.0)]
    assert [(g.address, g.game.game_id) for g in one_per_game(heard)] == [("10.77.0.1", "g-1"), ("10.77.0.9", "g-2")]


def test_a_new_name_for_the_table_reaches_the_players_already_there_at_once() -> None:
    app = make_app((1280, 720))
    scene = lan.HostScene(app, local_config())
    app.push(scene)
    host = scene.host
    assert host is not None
    guest = WireClient("127.0.0.1", host.port)
    try:
        scene.plans[0].value = "normal"
        scene.set_plan(0, "normal")  # the host plays no seat here: a new name changes no seat, only the table's
        guest.hello("Ann")
        guest.drain(0.05)
        click(app, scene.name.right.rect.center)  # the host picks another name: the table is called after it
        lobby = guest.expect("lobby", timeout=3)
        assert lobby["options"]["host"] == f"{scene.name.value}'s table"
        with host.lock:
            assert host.lobby.host_name == lobby["options"]["host"]
    finally:
        app.close()
        guest.close()
        host.stop()


def host_screen_and_a_guest():  # type: ignore[no-untyped-def]
    """Return (app, the host screen on top, its host, a LAN client connected to it, not seated yet)."""
    app = make_app()
    scene = lan.HostScene(app, local_config())
    app.push(scene)
    assert scene.host is not None
    return app, scene, scene.host, WireClient("127.0.0.1", scene.host.port)


def test_the_host_screen_gives_its_extra_seats_names_no_lan_player_holds_in_any_form() -> None:
    """A LAN player called "gilgamesh" (small letters): the host's extra local seat steps past Gilgamesh, as
    the core compares names, instead of being refused that name again and again."""
    from game.i18n import t

    app, scene, host, guest = host_screen_and_a_guest()
    try:
        scene.players.step(-1)
        offered = t("lan.names").split("|")
        guest.hello(offered[1].lower(), seat=1)

        def seated() -> bool:
            scene.snapshot()
            return bool(scene.seats[1]["name"])

        run_until(app, seated)
        scene.plans[2].value = "local"
        scene.set_plan(2, "local")
        with host.lock:
            slot = host.lobby.slots[2]
            assert slot.plan == "local" and slot.name.casefold() != offered[1].casefold()
        assert scene.plans[2].value == "local"
    finally:
        app.close()
        guest.close()
        host.stop()


def test_a_name_a_lan_player_claimed_a_moment_ago_is_refused_on_the_host_screen_and_nothing_changes() -> None:
    """The name field checks a copy of the seats; a LAN player who took the name in between is seen by the core:
    the host is told in a dialog, the field goes back to the host's name, and the table keeps its name."""
    from game.ui.kit.dialog import ConfirmDialog

    app, scene, host, guest = host_screen_and_a_guest()
    try:
        before = scene.name.value
        with host.lock:
            table = host.lobby.host_name
        guest.hello("Sargon", seat=1)   # after the screen's last copy of the seats
        scene.set_name("SARGON")        # what the name field does once its own check said yes
        assert isinstance(app.top, ConfirmDialog)
        assert scene.name.value == before
        with host.lock:
            assert host.lobby.slots[0].name == before and host.lobby.host_name == table
        assert app.settings.player_name != "SARGON"
    finally:
        app.close()
        guest.close()
        host.stop()
