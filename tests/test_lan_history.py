"""The game so far reaches a LAN player who (re)joins, and a LAN player may hold their turns, over real sockets.

A player back with its token (a reconnect, or an app restarted) is sent its own seat's history and nothing
more, byte for byte what the rules' events_for lets that seat see; a watcher the public history; a long
history comes in parts under the frame limit; NetLink hands it to the screen as history(seat). A player
who asks for it (hello, or later in the game) has each turn held after its last action: End turn / Undo.
"""

from __future__ import annotations

import random
from typing import Any

import msgpack
import pytest

from game.rules import events_for
from net import protocol as p
from net.client import NetLink
from net.framing import MAX_FRAME
from net.host import Host
from net.wireclient import WireClient
from tests.lan_kit import close_all, make_host, normal, play, seat_players, wait_for

WAIT = 5.0


def played(host: Host, clients: list[WireClient], actions: int, seed: int = 1) -> None:
    """Play actions random legal actions through the sockets."""
    assert host.table is not None
    goal = len(host.table.records) + actions
    play(host, dict(enumerate(clients)), random.Random(seed),
         until=lambda: host.table is not None and len(host.table.records) >= goal)


def history_messages(client: WireClient) -> list[dict[str, Any]]:
    """Read a newly welcomed connection up to its first view; return the history parts it was sent."""
    parts = []
    while True:
        message = client.recv(WAIT)
        if message["type"] == "history":
            parts.append(message)
        elif message["type"] == "update":
            return parts
        else:
            assert message["type"] in ("lobby", "seat_status", "notice"), message["type"]


def expected(host: Host, seat: int | None) -> list[list[dict[str, Any]]]:
    """Each action's events as the rules let seat see them, worked out here from the table's raw events."""
    assert host.table is not None
    with host.lock:
        return normal([events_for(events, seat) for events in host.table._events])


def test_a_player_back_with_its_token_is_sent_its_own_history_and_nothing_more() -> None:
    host = make_host(players=3)
    clients = seat_players(host, 3)
    try:
        host.start_game()
        played(host, clients, 30)
        token = clients[1].token
        clients[1].close()
        wait_for(lambda: 1 in host.missing, WAIT, "the host to miss seat 2")
        back = WireClient("127.0.0.1", host.port)
        back.hello("Player 2", seat=1, token=token)  # the app restarted: a new connection, the same token
        parts = history_messages(back)
        mine = expected(host, 1)
        assert [m["part"] for m in parts] == list(range(len(parts))) and all(m["parts"] == len(parts) for m in parts)
        received = [events for m in parts for events in m["actions"]]
        assert received == mine, "the seat's own history, one list per action"
        # Every byte of it: the parts are exactly what the seat may see, packed, and nothing else.
        assert msgpack.packb(parts) == msgpack.packb(p.history_parts(mine))
        drawn = [e for events in received for e in events if e["kind"] == "tiles_drawn"]
        assert drawn and all(e.get("tiles") is None for e in drawn if e["seat"] != 1), "no other seat's tiles"
        assert any(e.get("tiles") for e in drawn if e["seat"] == 1), "its own tiles are its to see"
        with host.lock:
            assert [e for a in received for e in a] == normal(host.table.history(1))
        watcher = WireClient("127.0.0.1", host.port)
        watcher.hello("TV", role="spectator")
        public = [events for m in history_messages(watcher) for events in m["actions"]]
        assert public == expected(host, None)
        assert all(e.get("tiles") is None for events in public for e in events if e["kind"] == "tiles_drawn")
        close_all([back, watcher])
    finally:
        close_all(clients)
        host.stop()


def test_a_long_history_comes_in_parts_under_the_frame_limit(monkeypatch: pytest.MonkeyPatch) -> None:
    # A whole four-player game packs to about 30 KiB (measured); a small part size makes this one split.
    monkeypatch.setattr(p, "HISTORY_PART_BYTES", 1500)
    host = make_host(players=2)
    clients = seat_players(host, 2)
    link: NetLink | None = None
    try:
        host.start_game()
        played(host, clients, 40)
        link = NetLink("127.0.0.1", host.port, "TV", role="spectator")
        wait_for(lambda: link.poll() or link.history_epoch, WAIT, "the watcher's first view")
        wait_for(lambda: link.view_id is not None, WAIT, "the watcher's view")
        link.poll()
        assert link.history(None) == normal(host.table.history(None))
        parts = p.history_parts(expected(host, None))
        assert len(parts) >= 3 and all(len(msgpack.packb(m)) < 1500 + 600 for m in parts)
        # The real limit leaves ample room: the longest measured game is a tenth of one frame.
        assert p.HISTORY_PART_BYTES * 2 <= MAX_FRAME
    finally:
        if link is not None:
            link.close()
        close_all(clients)
        host.stop()


def test_a_netlink_back_from_a_drop_tells_the_moves_made_while_it_was_away() -> None:
    host = make_host(players=2)
    link = NetLink("127.0.0.1", host.port, "Ann")
    other = seat_players(host, 1)[0]
    try:
        wait_for(lambda: link.state == "lobby", WAIT, "the lobby")
        host.start_game()
        wait_for(lambda: link.state == "playing", WAIT, "the game")
        epoch = link.history_epoch
        assert host.cut_seat(link.seat, "was cut by the test")
        wait_for(lambda: link.state == "playing" and link.history_epoch > epoch, WAIT, "the seat back")
        link.poll()
        assert link.history(link.seat) == normal(host.table.history(link.seat))
        assert link.history(1 - link.seat) == [] and link.history(None) == []
    finally:
        link.close()
        other.close()
        host.stop()


def take_turn_to_the_hold(host: Host, seat: int, client: WireClient, rng: random.Random) -> None:
    """Play seat's actions until its turn is held (its only legal action is end_turn)."""
    for _ in range(10):
        with host.lock:
            if host.table.legal_actions(seat) == [{"kind": "end_turn"}]:
                return
            view_id = host.table.view_id
        while client.view is None or client.view["view_id"] != view_id:
            client.recv(WAIT)
        # Tiles first: a turn of two tiles must refill the hand, which a held turn keeps hidden.
        tiles = [a for a in client.legal if a["kind"] == "place_tile"]
        choice = rng.choice(tiles or [a for a in client.legal if a["kind"] != "pass"] or client.legal)
        client.send(p.action(view_id, choice))
        client.expect("update")
    raise AssertionError("the turn was never held")


def test_a_lan_player_who_asks_has_each_turn_held_until_they_end_it() -> None:
    host = make_host(players=2)
    asks = WireClient("127.0.0.1", host.port)
    asks.send(p.hello("Ann", confirm_turn=True))
    asks.seat = asks.expect("welcome")["seat"]
    plain = seat_players(host, 1)[0]
    rng = random.Random(3)
    try:
        host.start_game()
        assert host.table.confirm_seats == frozenset({asks.seat})
        by_seat = {asks.seat: asks, plain.seat: plain}
        while host.table.to_move() != asks.seat:  # the other player's turn is not held: today's flow
            played(host, [by_seat[0], by_seat[1]], 1, seed=rng.randrange(99))
            assert host.table.legal_actions(plain.seat) != [{"kind": "end_turn"}]
        take_turn_to_the_hold(host, asks.seat, asks, rng)
        with host.lock:
            view_id = host.table.view_id
        while asks.view["view_id"] != view_id:
            asks.recv(WAIT)
        assert asks.legal == [{"kind": "end_turn"}] and asks.view["decision"]["kind"] == "end_turn"
        assert asks.view["can_undo"], "the second action can be taken back"
        with host.lock:
            shown = host.table.view(asks.seat)
        mine = asks.view["seats"][asks.seat]
        assert mine["hand"] == shown["seats"][asks.seat]["hand"] and asks.view["bag"] == shown["bag"], \
            "while the turn is held the player is sent the hand before the refill, not the new tiles"
        assert len(mine["hand"]) < 6, "two tiles were placed: the refill has not been shown"
        with host.lock:
            told = host.actions
        asks.send(p.action(view_id, {"kind": "end_turn"}))
        wait_for(lambda: host.table.to_move() == plain.seat, WAIT, "the turn to pass")
        with host.lock:
            assert host.actions == told, "ending a held turn is no new action: the console tells it once"
        # Changed in the game (the in-game Settings): the next turn is not held.
        asks.send(p.prefs(False))
        wait_for(lambda: host.table.confirm_seats == frozenset(), WAIT, "the wish to reach the host")
        plain.send(p.prefs(True))
        wait_for(lambda: host.table.confirm_seats == frozenset({plain.seat}), WAIT, "the other's wish")
    finally:
        close_all([asks, plain])
        host.stop()


def test_a_held_turn_ends_when_a_computer_stands_in_for_its_missing_player() -> None:
    host = make_host(players=2)
    asks = WireClient("127.0.0.1", host.port)
    asks.send(p.hello("Ann", confirm_turn=True))
    asks.seat = asks.expect("welcome")["seat"]
    plain = seat_players(host, 1)[0]
    rng = random.Random(5)
    try:
        host.start_game()
        by_seat = {asks.seat: asks, plain.seat: plain}
        while host.table.to_move() != asks.seat:
            played(host, [by_seat[0], by_seat[1]], 1, seed=rng.randrange(99))
        take_turn_to_the_hold(host, asks.seat, asks, rng)
        asks.close()
        wait_for(lambda: asks.seat in host.missing, WAIT, "the host to miss the player")
        host.hand_to_computer(asks.seat)
        with host.lock:
            assert host.table.to_move() != asks.seat or host.table.legal_actions(asks.seat) != [{"kind": "end_turn"}]
            assert host.table.confirm_seats == frozenset(), "a computer never holds a turn"
    finally:
        close_all([asks, plain])
        host.stop()


@pytest.mark.parametrize("bad", [{"confirm_turn": "yes"}, {"confirm_turn": 1}])
def test_a_hello_or_prefs_with_a_strange_wish_is_refused_with_a_reason(bad: dict[str, Any]) -> None:
    with pytest.raises(p.ProtocolError, match="confirm_turn"):
        p.check_client_message({**p.hello("Ann"), **bad})
    with pytest.raises(p.ProtocolError, match="confirm_turn"):
        p.check_client_message({**p.prefs(True), **bad})
    assert p.check_client_message(p.hello("Ann", confirm_turn=True))["confirm_turn"] is True
    assert "confirm_turn" not in p.hello("Ann"), "a player who does not ask sends the hello as before"


def test_a_strange_history_part_is_refused() -> None:
    good = p.history(0, 1, [[{"kind": "passed", "seat": 0}]])
    assert p.check_host_message(good) is good
    for bad in (p.history(1, 1, []), p.history(0, 0, []), {**good, "actions": [{"kind": "x"}]},
                {**good, "actions": [[1]]}):
        with pytest.raises(p.ProtocolError, match="history"):
            p.check_host_message(bad)


def test_after_the_host_restarts_a_returning_player_is_told_the_whole_game(tmp_path) -> None:  # type: ignore[no-untyped-def]
    from tests.test_lan_resume import journalled_game, resumed

    host, clients = journalled_game(tmp_path, stop_at=20)
    tokens = [c.token for c in clients]
    path = host.journal.path
    # Read once the host has stopped: a computer still playing could otherwise add a move after the read.
    host.stop()
    before = {seat: expected(host, seat) for seat in (0, 1, None)}
    close_all(clients)
    again = resumed(path)
    back: list[WireClient] = []
    try:
        for seat, token in enumerate(tokens):
            client = WireClient("127.0.0.1", again.port)
            back.append(client)
            client.hello(f"Player {seat + 1}", seat=seat, token=token)
            told = [events for m in history_messages(client) for events in m["actions"]]
            assert told == before[seat] == expected(again, seat), "the journal's game, as this seat saw it"
    finally:
        again.stop()
        close_all(back)
