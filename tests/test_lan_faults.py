"""LAN faults over real sockets on 127.0.0.1: drops and reconnections, a player who never returns, and
hostile clients (random bytes, bad frames, floods), while the honest players finish their game.

Every host binds 127.0.0.1 on a free port, announces nothing, uses short timeouts, and is stopped here.
"""

from __future__ import annotations

import random
import socket
import struct
import time
from collections.abc import Iterator
from typing import Any

import msgpack
import pytest
from hypothesis import HealthCheck, given, settings
from hypothesis import strategies as st

from net import protocol as p
from net.client import Refused, WireClient
from net.host import Host, HostConfig
from tests.lan_kit import catch_up, close_all, make_host, normal, play, read_all, seat_players


def _rejoin(host: Host, client: WireClient) -> WireClient:
    """Cut client off and bring its player back on a new connection with the token."""
    seat, token = client.seat, client.token
    client.close()
    again = WireClient("127.0.0.1", host.port)
    welcome = again.hello(f"Player {seat}", seat=seat, token=token)
    assert welcome["seat"] == seat and welcome["token"] == token
    again.expect("update")
    return again


def test_players_cut_off_mid_turn_and_mid_conflict_come_back_and_the_game_completes() -> None:
    host = make_host(seed=31)
    clients = seat_players(host, 4)
    cuts: dict[str, int] = {"turn": 0, "conflict": 0}

    def cut(seat: int, client: WireClient) -> WireClient | None:
        view = client.view or {}
        decision = view.get("decision") or {}
        if view.get("conflict") and decision.get("kind") == "support" and cuts["conflict"] < 3:
            cuts["conflict"] += 1
            return _rejoin(host, client)
        if decision.get("kind") == "action" and view.get("actions_left") == 1 and cuts["turn"] < 3:
            cuts["turn"] += 1
            return _rejoin(host, client)
        return None

    seated = dict(enumerate(clients))
    try:
        host.start_game()
        play(host, seated, random.Random(8), before=cut)
        assert host.phase == "over" and host.table is not None
        assert cuts == {"turn": 3, "conflict": 3}
        for seat, client in seated.items():
            assert client.view == normal(host.table.view(seat))
        assert host.missing == {}
    finally:
        host.stop()
        close_all([*clients, *seated.values()])


def test_a_player_who_never_returns_is_replaced_by_the_computer_and_gets_the_seat_back_on_return() -> None:
    host = make_host(seed=5, replace_after=0.2)
    clients = seat_players(host, 4)
    seated = dict(enumerate(clients))
    try:
        host.start_game()
        gone = seated.pop(2)
        token = gone.token
        gone.close()
        status = clients[0].expect("seat_status")
        assert status["missing"] == [2]
        deadline = time.monotonic() + 5
        while not (status["missing"] == [2] and status["computer"] == [2]):
            status = clients[0].expect("seat_status", timeout=max(0.0, deadline - time.monotonic()))
        assert host.lobby.slots[2].replaced
        # The computer plays seat 2 for a while; then its player comes back and takes it over again.
        start = host.actions
        play(host, seated, random.Random(2), until=lambda: host.actions >= start + 40)
        if host.phase == "playing":
            back = WireClient("127.0.0.1", host.port)
            assert back.hello("Player 3", seat=2, token=token)["seat"] == 2
            seated[2] = back
            assert not host.lobby.slots[2].replaced
            play(host, seated, random.Random(3))
        assert host.phase == "over"
        assert host.table is not None and host.table.state.game_over
    finally:
        host.stop()
        close_all([*clients, *seated.values()])


def test_a_silent_connection_and_a_stalled_frame_are_let_go() -> None:
    host = make_host(hello_timeout=0.3, stall_timeout=0.3)
    silent = WireClient("127.0.0.1", host.port)
    stalled = WireClient("127.0.0.1", host.port)
    try:
        stalled.hello("Slow")
        stalled.send_raw(struct.pack(">I", 100) + b"\x81")  # a frame of 100 bytes, one of them sent
        assert "hello" in silent.expect("refused", timeout=3)["reason"]
        assert "halfway" in stalled.expect("refused", timeout=3)["reason"]
        for client in (silent, stalled):
            with pytest.raises(ConnectionError):
                client.recv(3)
    finally:
        host.stop()
        close_all([silent, stalled])


def test_oversized_frames_and_floods_are_dropped() -> None:
    host = make_host(rate=50.0, burst=50.0)
    big = WireClient("127.0.0.1", host.port)
    flood = WireClient("127.0.0.1", host.port)
    try:
        big.send_raw(struct.pack(">I", 50_000_000))
        assert "could not read" in big.expect("refused")["reason"]
        flood.hello("Flood", role="spectator")
        with pytest.raises((Refused, ConnectionError)):
            for nonce in range(2000):
                flood.send(p.ping(nonce))
            while True:
                flood.expect("welcome")  # skips pongs; raises on the refusal
    finally:
        host.stop()
        close_all([big, flood])


# ---------------------------------------------------------------------------------------------------
# Fuzzing one host while four honest players have a game under way; the last test finishes it.


@pytest.fixture(scope="module")
def busy_host() -> Iterator[tuple[Host, list[WireClient]]]:
    host = make_host(seed=17, rate=500.0, burst=500.0, hello_timeout=0.5, stall_timeout=0.5)
    clients = seat_players(host, 4)
    host.start_game()
    yield host, clients
    host.stop()
    close_all(clients)


def _poke(host: Host, data: bytes, linger: float = 0.0) -> None:
    with socket.create_connection(("127.0.0.1", host.port), timeout=2) as sock:
        try:
            sock.sendall(data)
        except OSError:
            return  # the host already hung up on us: that is a fine answer
        if linger:
            sock.settimeout(linger)
            try:
                sock.recv(65536)
            except OSError:
                pass


messages = st.recursive(
    st.none() | st.booleans() | st.integers(-(2**63), 2**63) | st.text(max_size=20) | st.binary(max_size=20),
    lambda inner: st.lists(inner, max_size=4) | st.dictionaries(st.text(max_size=8), inner, max_size=4),
    max_leaves=12,
)
fuzz_settings = settings(max_examples=40, deadline=None, suppress_health_check=[HealthCheck.function_scoped_fixture])


@fuzz_settings
@given(data=st.binary(max_size=400))
def test_random_bytes_do_not_hurt_the_host(busy_host: tuple[Host, list[WireClient]], data: bytes) -> None:
    host, _ = busy_host
    _poke(host, data)
    assert host.phase == "playing"


@fuzz_settings
@given(body=st.dictionaries(st.sampled_from(["type", "view_id", "action", "role", "name", "seat", "token"]),
                            messages, max_size=6))
def test_random_messages_do_not_hurt_the_host(busy_host: tuple[Host, list[WireClient]], body: dict[str, Any]) -> None:
    host, _ = busy_host
    packed = msgpack.packb(body, use_bin_type=True)
    _poke(host, struct.pack(">I", len(packed)) + packed)
    hello_first = msgpack.packb(p.hello("Fuzz", role="spectator"), use_bin_type=True)
    _poke(host, struct.pack(">I", len(hello_first)) + hello_first + struct.pack(">I", len(packed)) + packed)
    assert host.phase == "playing"


@fuzz_settings
@given(cut=st.integers(1, 60), declared=st.integers(0, 2**32 - 1))
def test_truncated_and_lying_frames_do_not_hurt_the_host(
    busy_host: tuple[Host, list[WireClient]], cut: int, declared: int
) -> None:
    host, _ = busy_host
    frame = msgpack.packb(p.hello("Cut"), use_bin_type=True)
    view_id = host.table.view_id if host.table else None
    _poke(host, (struct.pack(">I", len(frame)) + frame)[:cut])
    _poke(host, struct.pack(">I", declared) + frame)
    # The host is still up, still playing, and nothing happened to the game.
    assert host.phase == "playing"
    assert host.table is not None and host.table.view_id == view_id
    with socket.create_connection(("127.0.0.1", host.port), timeout=2):
        pass


def test_the_honest_players_finish_after_the_fuzzing(busy_host: tuple[Host, list[WireClient]]) -> None:
    host, clients = busy_host
    hostile = WireClient("127.0.0.1", host.port)
    hostile.hello("Mallory", role="spectator")
    version = WireClient("127.0.0.1", host.port)
    try:
        bad = p.hello("Old")
        bad["protocol"] = 99
        version.send(bad)
        assert "protocol" in version.expect("refused")["reason"]
        assert host.table is not None
        catch_up(clients, host.table.view_id)
        # A player acting for another seat with a stale id, while the game is on: refused, nobody else notices.
        thief = clients[(host.table.to_move() + 1) % 4]
        thief.send(p.action(0, {"kind": "pass", "seat": host.table.to_move()}))
        assert thief.expect("error")["reason"]
        read_all(clients)
        play(host, dict(enumerate(clients)), random.Random(9))
        assert host.phase == "over"
        for seat, client in enumerate(clients):
            assert client.view == normal(host.table.view(seat))
    finally:
        close_all([hostile, version])


def test_a_host_told_nothing_listens_on_this_machine_only_while_the_lan_is_loopback(
    monkeypatch: pytest.MonkeyPatch,
) -> None:
    monkeypatch.setenv("TWO_RIVERS_LAN", "loopback")
    host = Host(HostConfig(port=0, announce=False, computer_workers="thread"), say=lambda line: None).start()
    try:
        assert host.config.bind == "127.0.0.1" and host._listen is not None
        assert host._listen.getsockname()[0] == "127.0.0.1"  # nobody on the LAN can reach it
        WireClient("127.0.0.1", host.port).close()  # this machine still can
    finally:
        host.stop()
    monkeypatch.setenv("TWO_RIVERS_LAN", "broadcast")
    assert HostConfig().bind == "0.0.0.0"  # a real LAN party: every interface (nothing is started here)
    assert HostConfig(bind="0.0.0.0").bind == "0.0.0.0"  # and said on purpose, as the namespaces test does
