"""LAN play that cannot be cheated or locked out, over real sockets on 127.0.0.1 (issue 12, points 1 to 3):
an unguessable bag whose seed never goes out, seats kept for their players however many watch, a resumed
game whose seats file is lost or damaged closed to strangers until the host reopens seats on purpose, and
players told when a damaged journal sends the game back to an earlier position."""

from __future__ import annotations

import random
import socket
import threading
from pathlib import Path
from typing import Any

import pytest

from game.session import LinkStatus
from net import headless
from net import protocol as p
from net.client import NetLink, Refused, WireClient
from net.headless import parse_seats
from net.host import Host, HostConfig
from net.saving import seats_path
from tests.lan_kit import close_all, free_port, make_host, play, seat_players, wait_for
from tests.test_lan_resume import journalled_game


def secret_forms(seed: int) -> list[bytes]:
    """Return the ways a seed could travel in a message: digits, hex, and its bytes in either order."""
    raw = seed.to_bytes(16, "big")
    return [str(seed).encode(), f"{seed:x}".encode(), raw, raw[::-1], raw[:8], raw[8:]]


def test_no_byte_a_lan_player_or_watcher_receives_holds_the_seed() -> None:
    host = make_host(players=2, seed=None)
    players = seat_players(host, 2)
    watcher = WireClient("127.0.0.1", host.port)
    watcher.hello("TV", role="spectator")
    try:
        host.start_game()
        assert host.table is not None
        seed = host.table.seed
        assert seed.bit_length() > 64  # drawn from secrets: 128 bits, not a small number anyone can try
        play(host, dict(enumerate(players)), random.Random(8))
        assert host.phase == "over"
        watcher.drain(0.05)
        for client in [*players, watcher]:
            assert client.raw and client.view is not None and client.view["game_over"]
            for form in secret_forms(seed):
                assert form not in client.raw  # not before the game is over, and not after either
    finally:
        host.stop()
        close_all([*players, watcher])


def test_two_hosts_without_a_given_seed_deal_different_bags() -> None:
    bags = []
    for _ in range(2):
        host = Host(HostConfig(players=2, seed=None, announce=False, computer_workers="thread"), say=lambda line: None)
        host.set_plan(0, "local")
        host.set_plan(1, "computer")
        host.start_game()
        assert host.table is not None
        bags.append((host.table.seed, host.table.state.bag))
        host.stop()  # it never listened: only its computers stop
    assert bags[0][0] != bags[1][0] and bags[0][1] != bags[1][1]


def test_watchers_that_ping_never_lock_a_seated_player_out() -> None:
    host = make_host(players=2)
    players = seat_players(host, 2)
    watchers: list[WireClient] = []
    refused = 0
    try:
        host.start_game()
        for i in range(22):
            watcher = WireClient("127.0.0.1", host.port)
            watchers.append(watcher)
            try:
                watcher.hello(f"TV {i}", role="spectator")
            except Refused as exc:
                assert "watchers" in str(exc)
                refused += 1
        assert refused == 22 - host.config.max_spectators
        welcomed = watchers[: host.config.max_spectators]
        for round_ in range(3):
            for watcher in welcomed:
                watcher.send(p.ping(round_))
            for watcher in welcomed:
                assert watcher.expect("pong")["nonce"] == round_
            if round_ == 1:
                # A seated player's link goes half dead (the host has not noticed: its socket still counts),
                # and the player comes back on a new connection with its token while the watchers ping.
                token = players[0].token
                back = WireClient("127.0.0.1", host.port)
                players.append(back)
                welcome = back.hello("Player 1", seat=0, token=token)
                assert welcome["seat"] == 0 and welcome["token"] == token
                assert back.expect("update")["view"]["seats"][0]["hand"] is not None
        assert not host.missing
    finally:
        host.stop()
        close_all([*players, *watchers])


def sockets_held(host: Host) -> int:
    """Return how many connections the host holds (read under its lock)."""
    with host.lock:
        return len(host.socks)


def test_a_flood_of_silent_connections_never_keeps_a_seated_player_out() -> None:
    host = make_host(players=2)
    players = seat_players(host, 2)
    silent: list[socket.socket] = []
    try:
        host.start_game()
        for _ in range(40):  # never a word: each newcomer beyond the cap pushes the oldest out at once
            silent.append(socket.create_connection(("127.0.0.1", host.port), timeout=2))
        wait_for(lambda: sockets_held(host) <= 2 + host.config.max_pending, 5, "the oldest newcomers to be cut")
        back = WireClient("127.0.0.1", host.port)  # the player's old link is half dead, still counted
        players.append(back)
        welcome = back.hello("Player 1", seat=0, token=players[0].token)
        assert welcome["seat"] == 0 and back.expect("update")["view"]["seats"][0]["hand"] is not None
    finally:
        host.stop()
        close_all(players)
        for sock in silent:
            sock.close()


def test_silent_sockets_opened_before_a_returning_players_hello_never_lock_it_out() -> None:
    host = make_host(players=2)
    players = seat_players(host, 2)
    silent: list[socket.socket] = []
    owner: WireClient | None = None
    try:
        host.start_game()
        token = players[0].token
        with host.lock:  # the loop waits: everything below reaches it in this order, in one turn
            # Seat 1's player comes back from its own machine (127.0.0.2 is this machine's loopback too);
            # before its hello is read, eight sockets from another machine open and never say a word.
            owner = WireClient("127.0.0.1", host.port, source="127.0.0.2")
            for _ in range(host.config.max_pending):
                silent.append(socket.create_connection(("127.0.0.1", host.port), timeout=5))
            owner.send(p.hello("Player 1", seat=0, token=token))
        welcome = owner.expect("welcome")
        assert welcome["seat"] == 0 and owner.expect("update")["view"]["seats"][0]["hand"] is not None
    finally:
        host.stop()
        close_all([*players, *([owner] if owner is not None else [])])
        for sock in silent:
            sock.close()


def test_a_netlink_cut_to_make_way_for_a_crowd_reconnects_and_gets_its_seat_back() -> None:
    host = make_host(players=2)
    link = NetLink("127.0.0.1", host.port, "Ann")
    other = WireClient("127.0.0.1", host.port)
    silent: list[socket.socket] = []
    try:
        wait_for(lambda: link.state == "lobby", 5, "the link to sit down")
        other.hello("Bob")
        host.start_game()
        wait_for(lambda: link.state == "playing", 5, "the first view")
        with host.lock:  # the loop waits while the link reconnects and a crowd opens behind it
            tries = link.attempts
            assert host.cut_seat(link.seat, "was cut by the test")
            wait_for(lambda: link.attempts > tries and link._sock is not None, 5, "the link to connect again")
            for _ in range(host.config.max_pending):  # all from 127.0.0.1, as the link: the oldest makes way
                silent.append(socket.create_connection(("127.0.0.1", host.port), timeout=5))
        wait_for(lambda: link.attempts > tries + 1 or link.gone, 5, "the link's connection to be cut")
        assert not link.gone, link.reason  # cut without a refusal: it tries again
        wait_for(lambda: not host.missing and link.state == "playing", 10, "the link to get its seat back")
        assert link.status is LinkStatus.PLAYING and link.seat == 0
    finally:
        link.close()
        host.stop()
        close_all([other])
        for sock in silent:
            sock.close()


def resume_quietly(path: Path, lines: list[str], **overrides: Any) -> Host:
    """Return a started host continuing the saved game at path, its console kept in lines."""
    settings: dict[str, Any] = dict(bind="127.0.0.1", port=0, announce=False, rate=10_000.0, burst=10_000.0,
                                    computer_delay=60.0, replace_after=None, data_dir=path.parent.parent)
    settings.update(overrides)
    host = Host(HostConfig(**settings), say=lines.append)
    host.resume_game(path)
    return host.start()


@pytest.mark.parametrize("loss", ["missing", "damaged"])
def test_a_resumed_game_without_its_seats_file_is_closed_to_strangers_until_the_host_reopens_a_seat(
    tmp_path: Path, loss: str
) -> None:
    host, clients = journalled_game(tmp_path, players=3, stop_at=12)
    assert host.journal is not None
    path = host.journal.path
    tokens = [c.token for c in clients]
    host.stop()
    close_all(clients)
    if loss == "missing":
        seats_path(path).unlink()
    else:
        seats_path(path).write_text('{"format": "two-rivers-seats", "seats": [{"tok')
    lines: list[str] = []
    again = resume_quietly(path, lines)
    tried: list[WireClient] = []
    try:
        said = "\n".join(lines)
        assert f"The seats file {seats_path(path)} is {loss}" in said
        assert "Seats 1,2 stay closed" in said and "--reopen-seats 1,2" in said
        for name, seat, token in (("Eve", None, None), ("Eve", 0, None), ("Player 1", 0, tokens[0])):
            stranger = WireClient("127.0.0.1", again.port)
            tried.append(stranger)
            with pytest.raises(Refused):
                stranger.hello(name, seat=seat, token=token)
        assert again.lobby.slots[0].token is None and sorted(again.missing) == [0, 1]
        # The host reopens seat 1 on purpose: the next player without a token takes it, and only it.
        again.reopen_seats([0])
        assert "Seat 1" in lines[-1] and "open" in lines[-1]
        player = WireClient("127.0.0.1", again.port)
        tried.append(player)
        welcome = player.hello("Player 1")
        assert welcome["seat"] == 0 and welcome["token"] and welcome["token"] != tokens[0]
        assert player.expect("update")["view"]["seats"][0]["hand"] is not None
        late = WireClient("127.0.0.1", again.port)
        tried.append(late)
        with pytest.raises(Refused):
            late.hello("Eve")
    finally:
        again.stop()
        close_all(tried)


def test_the_headless_host_reopens_the_seats_it_is_told(tmp_path: Path, monkeypatch: pytest.MonkeyPatch) -> None:
    # The headless host announces itself: on a port of its own here, never the one players listen on.
    monkeypatch.setenv("TWO_RIVERS_DISCOVERY_PORT", str(free_port(socket.SOCK_DGRAM)))
    assert parse_seats("1, 3") == [0, 2] and parse_seats("") == []
    for bad in ("0", "5", "one", "1;2"):
        with pytest.raises(ValueError, match="--reopen-seats"):
            parse_seats(bad)
    host, clients = journalled_game(tmp_path, players=3, stop_at=8)
    assert host.journal is not None
    path = host.journal.path
    host.stop()
    close_all(clients)
    seats_path(path).unlink()
    lines: list[str] = []
    stop = threading.Event()
    result: list[int] = []
    runner = threading.Thread(target=lambda: result.append(headless.run(
        players=3, port=0, bind="127.0.0.1", say=lines.append, stop=stop, resume=path, reopen="2",
        data_dir=tmp_path / "data", computer_delay=60.0)), daemon=True)
    runner.start()
    try:
        wait_for(lambda: any("Waiting for the LAN players" in line for line in lines), 10, "the host to listen")
        said = "\n".join(lines)
        assert "Seats 1 stay closed" in said and "Seat 2 (Player 2) is open" in said
    finally:
        stop.set()
        runner.join(10)
    assert result == [0]
    assert headless.run(players=3, port=0, bind="127.0.0.1", say=lines.append, reopen="2") == 2
    assert "--reopen-seats goes with --resume" in lines[-1]


def test_players_are_told_when_a_damaged_journal_sends_the_game_back(tmp_path: Path) -> None:
    host, clients = journalled_game(tmp_path, players=3, stop_at=20)
    assert host.journal is not None
    path = host.journal.path
    tokens = [c.token for c in clients]
    host.stop()
    close_all(clients)
    lines = path.read_bytes().splitlines(keepends=True)
    path.write_bytes(b"".join(lines[:-2]) + lines[-2][:10])  # the last action lost, the one before cut short
    said: list[str] = []
    again = resume_quietly(path, said)
    back: list[WireClient] = []
    link = NetLink("127.0.0.1", again.port, "Player 1", seat=0, token=tokens[0])
    try:
        assert any("damaged" in line for line in said)
        # A player's own client shows it as the table's notice line, and as a message over the table.
        wait_for(lambda: "earlier position" in link.notice, 5, "the notice on the player's link")
        assert f"after action {len(lines) - 3}" in link.notice and link.status is LinkStatus.PLAYING
        assert any(u.error and "earlier position" in u.error for u in link.poll())
        client = WireClient("127.0.0.1", again.port)
        back.append(client)
        client.hello("Player 2", seat=1, token=tokens[1])
        assert "earlier position" in client.expect("notice")["text"]
        watcher = WireClient("127.0.0.1", again.port)
        back.append(watcher)
        watcher.hello("TV", role="spectator")
        assert "earlier position" in watcher.expect("notice")["text"]
        # Once play moves on, the news is old: the link stops showing it and newcomers are not told.
        with again.lock:
            assert again.table is not None
            seat = again.table.to_move()
            assert seat is not None
            again.table.submit(seat, again.table.legal_actions(seat)[0])
        wait_for(lambda: link.notice == "", 5, "the notice to go once play moves on")
        late = WireClient("127.0.0.1", again.port)
        back.append(late)
        late.hello("TV 2", role="spectator")
        late.send(p.ping(7))  # the host answers in order: whatever it had to say comes before the pong
        while (message := late.recv())["type"] != "pong":
            assert message["type"] != "notice"
    finally:
        link.close()
        again.stop()
        close_all(back)
