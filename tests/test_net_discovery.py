"""Tests of LAN discovery. Every packet here goes to 127.0.0.1 and nowhere else.

Each test that opens a socket sets TWO_RIVERS_LAN=loopback and a free discovery port first, gives every
socket a timeout (or makes it non-blocking) and closes it; no test waits more than a couple of seconds.
"""

from __future__ import annotations

import errno
import os
import random
import socket
import time
from collections.abc import Iterator

import msgpack
import pytest
from hypothesis import given, settings
from hypothesis import strategies as st

from net import discovery
from net.discovery import (
    DISCOVERY_PORT,
    MAX_ANNOUNCEMENT,
    Announcer,
    GameAnnouncement,
    HostedGame,
    Listener,
    decode_announcement,
    encode_announcement,
    lan_target,
)
from net.interfaces import Interface
from net.protocol import GAME_VERSION, PROTOCOL_VERSION

WAIT = 2.0  # seconds; loopback delivers in microseconds, so this is only a guard against hanging

GAME = HostedGame(
    host_name="Ann's table",
    tcp_port=47475,
    game_id="g-1234",
    seats_total=4,
    seats_free=2,
    options={"variants": ["buildings"], "players": 4},
)


def free_udp_port() -> int:
    """Return a UDP port on 127.0.0.1 that nothing holds right now."""
    with socket.socket(socket.AF_INET, socket.SOCK_DGRAM) as probe:
        probe.bind(("127.0.0.1", 0))
        return int(probe.getsockname()[1])


@pytest.fixture(autouse=True)
def only_loopback(monkeypatch: pytest.MonkeyPatch) -> None:
    """Fail any test here that tries to send a datagram anywhere but 127.0.0.1."""
    real_sendto = socket.socket.sendto

    def guarded_sendto(self: socket.socket, data: bytes, *args: object) -> int:
        address = args[-1]
        assert isinstance(address, tuple) and address[0] == "127.0.0.1", f"refusing to send to {address}"
        return real_sendto(self, data, *args)  # type: ignore[arg-type]

    monkeypatch.setattr(socket.socket, "sendto", guarded_sendto)


@pytest.fixture
def loopback(monkeypatch: pytest.MonkeyPatch) -> Iterator[int]:
    """Configure discovery for 127.0.0.1 on a free port, and yield that port."""
    port = free_udp_port()
    monkeypatch.setenv("TWO_RIVERS_LAN", "loopback")
    monkeypatch.setenv("TWO_RIVERS_DISCOVERY_PORT", str(port))
    assert lan_target() == ("127.0.0.1", port)  # the guard every socket test below stands on
    yield port


def poll_until(listener: Listener, wanted: int = 1, now: float | None = None) -> list[GameAnnouncement]:
    """Poll until at least `wanted` games are heard or WAIT runs out; return the last poll."""
    deadline = time.monotonic() + WAIT
    games = listener.poll(now)
    while len(games) < wanted and time.monotonic() < deadline:
        time.sleep(0.01)
        games = listener.poll(now)
    return games


def send_raw(port: int, datagram: bytes) -> None:
    """Send one datagram to the listener, from 127.0.0.1 to 127.0.0.1."""
    with socket.socket(socket.AF_INET, socket.SOCK_DGRAM) as sender:
        sender.settimeout(1.0)
        sender.bind(("127.0.0.1", 0))
        sender.sendto(datagram, ("127.0.0.1", port))


# ---------------------------------------------------------------------------------------------------
# Configuration (computed only; nothing is sent)


@pytest.mark.parametrize(
    ("value", "address"),
    [
        (None, "255.255.255.255"),  # unset: the LAN (a party needs no variable; tests set loopback)
        ("loopback", "127.0.0.1"),
        ("LOOPBACK", "127.0.0.1"),
        ("broadcast", "255.255.255.255"),
        ("192.168.1.255", "192.168.1.255"),
        ("10.0.0.7", "10.0.0.7"),
        ("127.0.0.1", "127.0.0.1"),
        ("the office", "127.0.0.1"),  # unknown: loopback, never a guess at the network
        ("", "255.255.255.255"),  # empty: as unset
        ("0.0.0.0", "127.0.0.1"),
        ("::1", "127.0.0.1"),
        ("300.1.1.1", "127.0.0.1"),
    ],
)
def test_lan_target_follows_the_configuration(
    monkeypatch: pytest.MonkeyPatch, value: str | None, address: str
) -> None:
    monkeypatch.delenv("TWO_RIVERS_DISCOVERY_PORT", raising=False)
    if value is None:
        monkeypatch.delenv("TWO_RIVERS_LAN", raising=False)
    else:
        monkeypatch.setenv("TWO_RIVERS_LAN", value)
    assert lan_target() == (address, DISCOVERY_PORT)


def test_discovery_port_can_be_overridden(monkeypatch: pytest.MonkeyPatch) -> None:
    monkeypatch.setenv("TWO_RIVERS_LAN", "loopback")
    monkeypatch.setenv("TWO_RIVERS_DISCOVERY_PORT", "50123")
    assert lan_target() == ("127.0.0.1", 50123)
    assert DISCOVERY_PORT == 47474


@pytest.mark.parametrize("value", ["0", "65536", "port", "-5"])
def test_a_bad_discovery_port_is_refused(monkeypatch: pytest.MonkeyPatch, value: str) -> None:
    monkeypatch.setenv("TWO_RIVERS_DISCOVERY_PORT", value)
    with pytest.raises(ValueError, match="TWO_RIVERS_DISCOVERY_PORT"):
        lan_target()


def test_listeners_bind_loopback_only_for_a_loopback_target() -> None:
    # Computed, not bound: a test never opens a socket to the network.
    assert discovery._listen_address("127.0.0.1") == "127.0.0.1"
    assert discovery._listen_address("255.255.255.255") == "0.0.0.0"
    assert discovery._listen_address("192.168.1.255") == "0.0.0.0"


def test_tests_run_on_loopback() -> None:
    # tests/conftest.py sets it for every test process, whatever the shell says; the other tests patch it anyway.
    assert os.environ["TWO_RIVERS_LAN"] == "loopback"


# ---------------------------------------------------------------------------------------------------
# The announcement datagram


def test_announcement_round_trips() -> None:
    data = encode_announcement(GAME)
    assert len(data) < MAX_ANNOUNCEMENT
    game = decode_announcement(data)
    assert game == GAME
    assert game.protocol == PROTOCOL_VERSION and game.game_version == GAME_VERSION
    assert game.compatible


def test_another_version_is_decoded_but_not_compatible() -> None:
    raw = msgpack.unpackb(encode_announcement(GAME))
    raw["game"] = "0.2"
    game = decode_announcement(msgpack.packb(raw))
    assert game.game_version == "0.2" and not game.compatible


def _changed(**changes: object) -> bytes:
    raw = msgpack.unpackb(encode_announcement(GAME))
    raw.update(changes)
    return msgpack.packb({k: v for k, v in raw.items() if v is not ...})


@pytest.mark.parametrize(
    "data",
    [
        b"",
        b"hello",
        msgpack.packb([1, 2, 3]),
        msgpack.packb({"magic": "two-rivers"}),
        _changed(magic="three-rivers"),
        _changed(magic=...),
        _changed(port=0),
        _changed(port=70000),
        _changed(port="47475"),
        _changed(port=True),
        _changed(seats=0),
        _changed(seats=5),
        _changed(free=5),  # more free seats than seats
        _changed(free=-1),
        _changed(host=""),
        _changed(host="x" * 25),
        _changed(host="evil\nname"),
        _changed(host=...),
        _changed(game_id=123),
        _changed(options=[1]),
        _changed(options={1: "x"}),
        _changed(options={"a": [[[1]]]}),
        _changed(protocol="1"),
        _changed(options={"pad": "x" * 2000}),  # too big for one announcement
    ],
)
def test_decode_refuses_anything_else(data: bytes) -> None:
    with pytest.raises(ValueError):
        decode_announcement(data)


def test_encode_refuses_what_no_listener_would_accept() -> None:
    with pytest.raises(ValueError):
        encode_announcement(HostedGame("x" * 30, 47475, "g", 4, 2))
    with pytest.raises(ValueError):
        encode_announcement(HostedGame("Ann", 47475, "g", 4, 2, options={"x": object()}))


@settings(max_examples=500, deadline=None)
@given(st.binary(max_size=1300))
def test_random_bytes_give_value_error_or_a_game(data: bytes) -> None:
    try:
        game = decode_announcement(data)
    except ValueError:
        return
    assert isinstance(game, HostedGame)


# ---------------------------------------------------------------------------------------------------
# Announcer and listener, over 127.0.0.1


def test_an_announcement_is_heard_on_loopback(loopback: int) -> None:
    with Listener() as listener, Announcer(GAME) as announcer:
        assert announcer.targets() == [("127.0.0.1", loopback)]
        assert listener.port == loopback
        assert announcer.tick(0.0)
        games = poll_until(listener)
    assert len(games) == 1
    (heard,) = games
    assert heard.address == "127.0.0.1"
    assert heard.game == GAME
    assert heard.key == ("127.0.0.1", GAME.tcp_port, GAME.game_id)


def test_announcer_ticks_once_a_second_and_at_once_after_an_update(loopback: int) -> None:
    with Listener() as listener, Announcer(GAME) as announcer:
        assert announcer.tick(10.0)
        assert not announcer.tick(10.5)
        assert announcer.tick(11.0)
        assert not announcer.tick(11.2)
        fuller = HostedGame(GAME.host_name, GAME.tcp_port, GAME.game_id, 4, 0, GAME.options)
        announcer.update(fuller)
        assert announcer.tick(11.3)  # a seat was taken: say so now, not in a second
        deadline = time.monotonic() + WAIT
        games = listener.poll()
        while not (games and games[0].game.seats_free == 0) and time.monotonic() < deadline:
            time.sleep(0.01)
            games = listener.poll()
    assert [g.game.seats_free for g in games] == [0]  # one game, updated in place


def test_announcer_thread_announces_until_stopped(loopback: int) -> None:
    with Listener() as listener:
        announcer = Announcer(GAME, interval=0.05)
        announcer.start()
        thread = announcer._thread
        try:
            games = poll_until(listener)
        finally:
            announcer.stop()
        assert [g.game for g in games] == [GAME]
        # Stopped is stopped: its thread has ended and its socket is closed, so nothing more can be sent (no
        # waiting out a silence, which proves nothing on a busy machine and costs time on an idle one).
        assert announcer._thread is None and thread is not None and not thread.is_alive()
        assert announcer._socket.fileno() == -1
        # What it sent before it stopped is all read by the time a datagram sent after the stop arrives.
        send_raw(loopback, b"after the stop")
        deadline = time.monotonic() + WAIT
        heard: list[bytes] = []
        while b"after the stop" not in heard:
            assert time.monotonic() < deadline, "a datagram sent after the stop never arrived"
            time.sleep(0.01)
            heard += [datagram for _, datagram in listener._receive()]
        assert heard[-1] == b"after the stop"


def test_announcer_does_not_broadcast_on_loopback(loopback: int) -> None:
    with Announcer(GAME) as announcer:
        assert announcer._socket.getsockopt(socket.SOL_SOCKET, socket.SO_BROADCAST) == 0


def test_stale_games_are_forgotten(loopback: int) -> None:
    with Listener() as listener, Announcer(GAME) as announcer:
        announcer.tick(0.0)
        assert len(poll_until(listener, now=100.0)) == 1
        assert len(listener.poll(now=103.4)) == 1  # three and a half seconds of grace
        assert listener.poll(now=103.6) == []


def test_a_fresh_announcement_keeps_a_game_alive(loopback: int) -> None:
    with Listener() as listener, Announcer(GAME) as announcer:
        announcer.tick(0.0)
        poll_until(listener, now=100.0)
        announcer.tick(1.0)
        deadline = time.monotonic() + WAIT
        while [g.seen_at for g in listener.poll(now=103.0)] != [103.0]:  # heard again at 103.0
            assert time.monotonic() < deadline, "the fresh announcement never arrived"
            time.sleep(0.01)
        assert len(listener.poll(now=106.0)) == 1
        assert listener.poll(now=106.6) == []


def test_games_are_told_apart_by_address_port_and_id(loopback: int) -> None:
    other_id = HostedGame("Bob", GAME.tcp_port, "g-5678", 3, 1)
    other_port = HostedGame("Cy", 47476, GAME.game_id, 2, 1)
    with Listener() as listener:
        for game in (GAME, other_id, other_port, GAME):
            send_raw(loopback, encode_announcement(game))
        games = poll_until(listener, wanted=3)
    assert sorted(g.game.host_name for g in games) == ["Ann's table", "Bob", "Cy"]


def test_random_bytes_are_ignored(loopback: int) -> None:
    noise = random.Random(7)
    with Listener() as listener:
        for size in (0, 1, 5, 100, 1200, 1500, 4000):
            send_raw(loopback, bytes(noise.randrange(256) for _ in range(size)))
        send_raw(loopback, msgpack.packb({"magic": "two-rivers", "port": "evil"}))
        send_raw(loopback, encode_announcement(GAME))
        last = HostedGame("Zed", GAME.tcp_port, "g-last", 2, 1)  # sent after the noise: once heard, all of it was read
        send_raw(loopback, encode_announcement(last))
        games = poll_until(listener, wanted=2)
    assert [g.game for g in games] == [GAME, last]


def test_the_address_comes_from_the_packet_not_the_payload(loopback: int) -> None:
    raw = msgpack.unpackb(encode_announcement(GAME))
    raw["address"] = "10.66.6.6"  # a host may not send players to some other machine
    with Listener() as listener:
        send_raw(loopback, msgpack.packb(raw))
        (heard,) = poll_until(listener)
    assert heard.address == "127.0.0.1"


def test_two_listeners_can_share_the_port(loopback: int) -> None:
    # Both bind; on loopback a unicast datagram reaches one of them (broadcast would reach both).
    with Listener() as first, Listener() as second, Announcer(GAME) as announcer:
        assert first.port == second.port == loopback
        deadline = time.monotonic() + WAIT
        heard: list[GameAnnouncement] = []
        tick = 0.0
        while not heard and time.monotonic() < deadline:
            tick += 10.0
            announcer.tick(tick)  # always due
            time.sleep(0.01)
            heard = first.poll() + second.poll()
    assert heard and heard[0].game == GAME


def test_poll_never_blocks(loopback: int) -> None:
    with Listener() as listener:
        start = time.monotonic()
        assert listener.poll() == []
        assert time.monotonic() - start < 0.5


# ---------------------------------------------------------------------------------------------------
# Loopback stays loopback; failures are told (interfaces themselves: tests/test_net_interfaces.py)


def test_loopback_mode_sends_to_127_0_0_1_only_and_never_lists_the_interfaces(
    loopback: int, monkeypatch: pytest.MonkeyPatch
) -> None:
    def no_listing() -> list[Interface]:
        raise AssertionError("loopback mode looked at the network interfaces")

    monkeypatch.setattr(discovery, "interfaces", no_listing)
    sent_to: list[object] = []
    guarded = socket.socket.sendto

    def recording_sendto(self: socket.socket, data: bytes, *args: object) -> int:
        sent_to.append(args[-1])
        return guarded(self, data, *args)  # type: ignore[arg-type]

    monkeypatch.setattr(socket.socket, "sendto", recording_sendto)
    with Listener() as listener, Announcer(GAME) as announcer:
        for tick in range(5):
            assert announcer.tick(float(tick))
        announcer.update(GAME)
        assert announcer.tick(4.5)
        assert poll_until(listener)
    assert len(sent_to) == 6 and set(sent_to) == {("127.0.0.1", loopback)}


def test_a_failing_announcement_is_told_once_and_so_is_its_return(
    loopback: int, monkeypatch: pytest.MonkeyPatch
) -> None:
    heard: list[str] = []
    network = {"up": False}
    guarded = socket.socket.sendto

    def unreachable_sendto(self: socket.socket, data: bytes, *args: object) -> int:
        if not network["up"]:
            raise OSError(errno.ENETUNREACH, os.strerror(errno.ENETUNREACH))
        return guarded(self, data, *args)  # type: ignore[arg-type]

    monkeypatch.setattr(socket.socket, "sendto", unreachable_sendto)
    with Announcer(GAME, say=heard.append) as announcer:
        for tick in range(3):
            announcer.tick(float(tick))
        assert len(heard) == 1, heard  # said once, not once a second
        assert "Players cannot see this game" in heard[0] and "127.0.0.1" in heard[0]
        assert "unreachable" in heard[0] and "typing this computer's address" in heard[0]
        assert announcer.problem == heard[0]
        network["up"] = True
        announcer.tick(3.0)
        announcer.tick(4.0)
    assert heard[1:] == ["Players on the LAN can see this game again."] and announcer.problem == ""


def test_no_interface_to_announce_on_is_told(loopback: int, monkeypatch: pytest.MonkeyPatch) -> None:
    heard: list[str] = []
    with Announcer(GAME, say=heard.append) as announcer:
        monkeypatch.setattr(announcer, "targets", lambda: [])
        announcer.tick(0.0)
    assert heard == ["No network to announce this game on; players can still join by typing this computer's address."]
