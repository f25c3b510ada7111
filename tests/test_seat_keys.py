"""A joiner's seat outlives the window: the token is kept in the data folder, and a new run takes the seat back.

A real host on 127.0.0.1 and real windows (dummy driver): a player sits down, the game starts, the window closes;
a new window (a new App reading the same data folder, as after a restart or a crash) offers "Take my seat back"
and gets the same seat. The file itself: owner-only, atomic, a corrupt or odd file is no seat and no error, a
seat the host refuses is forgotten, and old tables make way for new ones.
"""

from __future__ import annotations

import json
import os
import stat
from pathlib import Path

import pytest

from game.ui import headless  # noqa: F401  (chooses the dummy SDL drivers before pygame starts)
from game.ui.headless import click_button, run_until
from game.ui.lan import seat_keys
from game.ui.lan.seat_keys import FILE_NAME, MOST
from game.ui.menus.settings import Settings
from net.client import WireClient
from net.host import Host, HostConfig
from tests.test_lan_screens import seat_scene
from tests.wiring import make_app


@pytest.fixture
def data(tmp_path: Path, monkeypatch: pytest.MonkeyPatch) -> Path:
    monkeypatch.setenv("TWO_RIVERS_DATA", str(tmp_path))
    return tmp_path


def two_seat_host() -> Host:
    return Host(HostConfig(bind="127.0.0.1", port=0, announce=False, computer_delay=0.0, players=2),
                say=lambda line: None).start()


def sit_at_seat_2_and_play(app, host: Host, other: WireClient) -> None:  # type: ignore[no-untyped-def]
    """Take seat 2 from the join screen, seat `other` at seat 1, start the game and wait for the table."""
    seats = seat_scene(app, host.port)
    run_until(app, lambda: seats.sit[1].enabled and seats.sit[1].visible)
    click_button(app, "sit1", frames=2)
    run_until(app, lambda: seats.my_seat() == 1)
    other.hello("Gilgamesh", seat=0)
    host.start_game()
    run_until(app, lambda: type(app.top).__name__ == "LanTableScene")


def test_a_new_window_takes_back_the_seat_the_closed_one_sat_at(data: Path) -> None:
    host = two_seat_host()
    other = WireClient("127.0.0.1", host.port)
    first = make_app((1280, 720), Settings.load())
    try:
        sit_at_seat_2_and_play(first, host, other)
        kept = json.loads((data / FILE_NAME).read_text(encoding="utf-8"))["seats"]
        assert [(e["address"], e["port"], e["seat"]) for e in kept] == [("127.0.0.1", host.port, 1)]
        assert stat.S_IMODE(os.stat(data / FILE_NAME).st_mode) == 0o600   # the token is the seat's secret
    finally:
        first.close()               # the window closes mid-game: the host keeps the seat for its player
    second = make_app((1280, 720), Settings.load())
    try:
        seats = seat_scene(second, host.port)
        run_until(second, lambda: seats.rejoin.visible)
        click_button(second, "rejoin", frames=2)
        run_until(second, lambda: type(second.top).__name__ == "LanTableScene")
        assert second.top.link.local_seats == frozenset({1})
    finally:
        second.close()
        other.close()
        host.stop()


def test_a_seat_the_host_refuses_is_forgotten(data: Path) -> None:
    """A game under way at the same address and port, where the kept token is not one of its seats' (another
    game, or the seat reopened for someone else): the host refuses it, and the window stops offering it."""
    host = two_seat_host()
    players = [WireClient("127.0.0.1", host.port) for _ in range(2)]
    for i, client in enumerate(players):
        client.hello(f"Player {i + 1}", seat=i)
    host.start_game()
    seat_keys.save({("127.0.0.1", host.port): (1, "a token from another game")})
    app = make_app((1280, 720), Settings.load())
    try:
        seats = seat_scene(app, host.port)
        run_until(app, lambda: seats.rejoin.visible)
        click_button(app, "rejoin", frames=2)
        run_until(app, lambda: seats.player is None and bool(seats.message))
        app.run_frames(2)
        assert not seats.rejoin.visible
        assert seat_keys.load() == {}
    finally:
        app.close()
        for client in players:
            client.close()
        host.stop()


def test_the_file_round_trips_and_keeps_the_newest_tables(data: Path) -> None:
    seats = {(f"10.0.0.{i}", 47475): (i % 4, f"token{i}") for i in range(MOST + 3)}
    assert seat_keys.save(seats)
    back = seat_keys.load()
    assert list(back) == list(seats)[-MOST:]
    assert back[(f"10.0.0.{MOST + 2}", 47475)] == ((MOST + 2) % 4, f"token{MOST + 2}")


def test_remember_writes_only_when_the_seat_changed(data: Path, monkeypatch: pytest.MonkeyPatch) -> None:
    app = make_app((1280, 720))
    writes: list[int] = []
    real = seat_keys.save

    def counted(seats, path=None):  # type: ignore[no-untyped-def]
        writes.append(len(seats))
        return real(seats, path)

    monkeypatch.setattr(seat_keys, "save", counted)
    try:
        for _ in range(5):     # the join screen asks every frame
            seat_keys.remember(app, "127.0.0.1", 5000, 2, "abc")
        seat_keys.remember(app, "127.0.0.1", 5000, 3, "abc")
        seat_keys.forget(app, "127.0.0.1", 5000)
        seat_keys.forget(app, "127.0.0.1", 5000)
        assert writes == [1, 1, 0]
    finally:
        app.close()


@pytest.mark.parametrize("text", [
    "{not json",
    "[]",
    json.dumps({"seats": "all of them"}),
    "\u0000\u0001",
])
def test_a_corrupt_file_is_no_seat_and_no_error(data: Path, text: str) -> None:
    (data / FILE_NAME).write_text(text, encoding="utf-8")
    assert seat_keys.load() == {}


def test_odd_entries_are_left_out_and_the_rest_kept(data: Path) -> None:
    good = {"address": "192.168.1.20", "port": 47475, "seat": 2, "token": "k" * 40}
    odd = [
        {**good, "port": 0}, {**good, "port": "47475"}, {**good, "seat": 4}, {**good, "seat": True},
        {**good, "token": ""}, {**good, "token": "é"}, {**good, "token": "k" * 65}, {**good, "address": ""},
        "192.168.1.20", None,
    ]
    (data / FILE_NAME).write_text(json.dumps({"seats": [*odd, good]}), encoding="utf-8")
    assert seat_keys.load() == {("192.168.1.20", 47475): (2, "k" * 40)}


def test_a_lobby_seat_is_not_kept_and_no_seat_is_offered_back_in_a_lobby(data: Path) -> None:
    """A lobby frees a seat when its player goes, so a token from a lobby takes nothing back; and in a lobby
    (a host restarted, Continue not pressed yet) the kept seat of the game before is not offered: pressing it
    would sit down afresh and write the good token over."""
    host = two_seat_host()
    seat_keys.save({("127.0.0.1", host.port): (1, "the seat of the game before")})
    app = make_app((1280, 720), Settings.load())
    try:
        seats = seat_scene(app, host.port)
        run_until(app, lambda: seats.sit[0].enabled and seats.sit[0].visible)
        app.run_frames(3)
        assert not seats.rejoin.visible
        click_button(app, "sit0", frames=2)
        run_until(app, lambda: seats.my_seat() == 0)
        app.run_frames(3)
        assert seat_keys.load() == {("127.0.0.1", host.port): (1, "the seat of the game before")}
    finally:
        app.close()
        host.stop()


class RefusedLink:
    """A player's link the host refused for good, as the seat screen reads it."""

    def __init__(self, refusal: str) -> None:
        self.state, self.refusal, self.reason = "refused", refusal, "refused"
        self.token, self.welcomed, self.seat, self.gone = "kept", False, None, True

    def close(self) -> None:
        pass


@pytest.mark.parametrize(("refusal", "kept"), [
    ("lan.refused.seat_not_yours", False),   # the game there does not know the seat: stop offering it
    ("lan.refused.not_reopened", True),      # the host has yet to reopen it: the token is what takes it then
    ("lan.refused.stalled", True),           # the hello was cut halfway (a poor link): try again later
    ("lan.refused.other_game_version", True),
])
def test_only_a_seat_the_host_does_not_know_is_forgotten(data: Path, refusal: str, kept: bool) -> None:
    host = two_seat_host()
    seat_keys.save({("127.0.0.1", host.port): (1, "kept")})
    app = make_app((1280, 720), Settings.load())
    try:
        seats = seat_scene(app, host.port)
        seats.player = RefusedLink(refusal)  # type: ignore[assignment]
        app.run_frames(2)
        assert seats.player is None and seats.message == "refused"
        assert (seat_keys.load() != {}) is kept
    finally:
        app.close()
        host.stop()


def test_the_table_keeps_the_token_the_host_last_gave(data: Path) -> None:
    """A seat reopened and taken again mid-game comes with a new token: the table writes it down, so the file
    never holds a dead one (read under the link's lock, NetLink.seat_key)."""
    host = two_seat_host()
    other = WireClient("127.0.0.1", host.port)
    app = make_app((1280, 720), Settings.load())
    try:
        sit_at_seat_2_and_play(app, host, other)
        link = app.top.link
        with link._lock:     # as a reconnect into a reopened seat would: the host gives a new token
            link.token = "a new token from the host"
        app.run_frames(2)
        assert seat_keys.load() == {("127.0.0.1", host.port): (1, "a new token from the host")}
    finally:
        app.close()
        other.close()
        host.stop()


@pytest.mark.parametrize("text", ["[" * 100_000, json.dumps({"seats": []}) + " " * (70 * 1024)])
def test_a_hostile_file_is_no_seat_and_no_error(data: Path, text: str) -> None:
    (data / FILE_NAME).write_text(text, encoding="utf-8")
    assert seat_keys.load() == {}
