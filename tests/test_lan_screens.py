"""The LAN screens on SDL's dummy drivers: host a lobby, join it by typing an address, sit, and play.

Hosts bind 127.0.0.1 on a free port and announce nothing; every wait has a deadline.
"""

from __future__ import annotations

import time
from collections.abc import Callable

import pytest

from game.ui import headless  # noqa: F401  (chooses the dummy SDL drivers before pygame starts)
from game.ui.headless import click_button, make_app
from net.client import WireClient
from net.host import HostConfig

lan = pytest.importorskip("game.ui.lan_screens")


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
