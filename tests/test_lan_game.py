"""LAN play over real sockets on 127.0.0.1: the handshake, the lobby, whole games, undo, and secrecy.

Every host here binds 127.0.0.1 on a free port, announces nothing, and is stopped by the test.
"""

from __future__ import annotations

import random
from typing import Any

import pytest

from game.rules import view_for
from net import protocol as p
from net.client import Refused, WireClient, public_view
from net.lobby import Refusal
from tests.lan_kit import catch_up, close_all, make_host, normal, play, read_all, seat_players

COLORS = {"red", "blue", "green", "black"}


def test_four_clients_and_a_spectator_play_a_whole_game_and_see_what_the_host_sees() -> None:
    host = make_host(seed=11)
    clients = seat_players(host, 4)
    watcher = WireClient("127.0.0.1", host.port)
    try:
        assert watcher.hello("TV", role="spectator")["seat"] is None
        host.start_game()
        sent = play(host, dict(enumerate(clients)), random.Random(3))
        assert sent > 50 and host.phase == "over" and host.table is not None
        table = host.table
        catch_up([watcher], table.view_id)
        for seat, client in enumerate(clients):
            assert client.view == normal(table.view(seat))
            engine_view = normal(view_for(table.state, seat))
            assert {k: client.view[k] for k in engine_view} == engine_view
            assert public_view(client.view) == normal(table.view(None))
        assert watcher.view == normal(table.view(None))
        assert watcher.view["game_over"] and watcher.view["ranking"] == normal(host.ranking)
    finally:
        host.stop()
        close_all([*clients, watcher])


def test_secrets_stay_with_their_seat_in_everything_the_host_sends() -> None:
    host = make_host(seed=23)
    clients = seat_players(host, 4)
    watcher = WireClient("127.0.0.1", host.port)
    try:
        watcher.hello("TV", role="spectator")
        host.start_game()
        play(host, dict(enumerate(clients)), random.Random(5))
        assert host.table is not None
        catch_up([watcher], host.table.view_id)
        tokens = {c.token for c in clients}
        assert None not in tokens and len(tokens) == 4
        for seat, client in enumerate([*clients, watcher]):
            me = seat if seat < 4 else None
            for message in client.log:
                _check_secrets(message, me, tokens - {clients[me].token} if me is not None else tokens)
    finally:
        host.stop()
        close_all([*clients, watcher])


def _check_secrets(message: dict[str, Any], me: int | None, others_tokens: set[str | None]) -> None:
    """Fail if message shows another seat's hand or totals, the bag's order, or another seat's token."""
    _no_long_tile_lists(message)
    _no_tokens(message, others_tokens)
    if message["type"] == "welcome":
        assert message["seat"] == me
    if message["type"] != "update":
        return
    view = message["view"]
    assert view["seat"] == me and isinstance(view["bag"], int)
    if not view["game_over"]:
        for other in view["seats"]:
            if other["seat"] != me:
                assert other["hand"] is None and other["scores"] is None, f"seat {me} sees seat {other['seat']}"
    if "legal" in message:
        assert me is not None and view["to_move"] == me, "legal actions went to a seat that is not deciding"
    for event in message["events"]:
        if event["kind"] in ("tiles_drawn", "swap") and event.get("seat") != me:
            assert "tiles" not in event, f"seat {me} was told seat {event.get('seat')}'s tiles"


def _no_long_tile_lists(value: Any) -> None:
    # A hand holds at most six tiles; any longer list of tile colours would be the bag (or several hands).
    stack = [value]
    while stack:
        item = stack.pop()
        if isinstance(item, dict):
            stack.extend(item.values())
        elif isinstance(item, list):
            tiles = len(item) > 6 and all(isinstance(x, str) and x in COLORS for x in item)
            assert not tiles, "a message holds a list of tiles"
            stack.extend(item)


def _no_tokens(value: Any, tokens: set[str | None]) -> None:
    stack = [value]
    while stack:
        item = stack.pop()
        if isinstance(item, dict):
            stack.extend(item.values())
        elif isinstance(item, list):
            stack.extend(item)
        else:
            assert item not in tokens or item is None, "a message holds another player's token"


def test_a_wrong_version_is_refused_in_words() -> None:
    host = make_host()
    client = WireClient("127.0.0.1", host.port)
    try:
        hello = p.hello("Old")
        hello["game"] = "0.0.9"
        client.send(hello)
        refusal = client.expect("refused")
        assert p.GAME_VERSION in refusal["reason"] and "0.0.9" in refusal["reason"]
        with pytest.raises(ConnectionError):
            client.recv(2.0)
    finally:
        host.stop()
        client.close()


def test_the_lobby_shows_seats_and_options_and_starts_only_when_filled() -> None:
    host = make_host(players=3)
    host.set_variant("open_scores", True)
    host.set_plan(2, "computer", "easy")
    a = WireClient("127.0.0.1", host.port)
    b = WireClient("127.0.0.1", host.port)
    try:
        welcome = a.hello("Ann", seat=1, dynasty="lion")
        assert welcome["seat"] == 1 and welcome["lobby"]["options"]["open_scores"] is True
        assert welcome["lobby"]["seats"][1]["dynasty"] == "lion"
        assert not host.can_start()
        with pytest.raises(Refusal):
            host.start_game()
        with pytest.raises(Refused, match="not free"):
            b.hello("Bob", seat=1)
        c = WireClient("127.0.0.1", host.port)
        c.hello("Cat")
        assert c.seat == 0 and host.can_start()
        host.start_game()
        update = c.expect("update")
        assert update["view"]["kinds"] == ["remote", "remote", "easy"]
        assert update["view"]["names"][:2] == ["Cat", "Ann"]
        late = WireClient("127.0.0.1", host.port)
        with pytest.raises(Refused, match="watch"):
            late.hello("Late")
        close_all([c, late])
    finally:
        host.stop()
        close_all([a, b])


def test_a_seat_comes_back_only_with_its_token() -> None:
    host = make_host(players=2)
    a, b = seat_players(host, 2)
    try:
        host.start_game()
        token = a.token
        a.close()
        thief = WireClient("127.0.0.1", host.port)
        with pytest.raises(Refused):
            thief.hello("Thief", seat=0, token="not-the-token")
        status = b.expect("seat_status")
        assert status["missing"] == [0]
        again = WireClient("127.0.0.1", host.port)
        welcome = again.hello("Ann", seat=0, token=token)
        assert welcome["seat"] == 0 and again.expect("update")["view"]["seats"][0]["hand"] is not None
        assert b.expect("seat_status")["missing"] == []
        close_all([thief, again])
    finally:
        host.stop()
        close_all([a, b])


def test_stale_views_other_seats_and_spectators_get_errors_and_the_game_goes_on() -> None:
    host = make_host(players=2)
    a, b = seat_players(host, 2)
    watcher = WireClient("127.0.0.1", host.port)
    try:
        watcher.hello("TV", role="spectator")
        host.start_game()
        assert host.table is not None
        catch_up([a, b], host.table.view_id)
        mover, other = (a, b) if host.table.to_move() == 0 else (b, a)
        view_id = mover.view["view_id"]
        mover.send(p.action(view_id + 5, mover.legal[0]))
        assert "changed" in mover.expect("error")["reason"]
        # other claims the mover's seat in the action: it still acts for its own seat, whose turn it is not.
        other.send(p.action(view_id, {"kind": "pass", "seat": mover.seat}))
        reason = other.expect("error")["reason"].lower()
        assert "turn" in reason or "decision" in reason
        watcher.send(p.action(view_id, mover.legal[0]))
        assert "Spectators" in watcher.expect("error")["reason"]
        mover.send(p.action(view_id, {"kind": "place_tile", "color": "purple", "to": [0, 0]}))
        assert mover.expect("error")["reason"]
        mover.send(p.action(view_id, {"kind": "place_tile", "color": ["x"], "to": "nowhere"}))
        assert mover.expect("error")["reason"]
        assert host.table.view_id == view_id, "no refused action may change the table"
        mover.send(p.action(view_id, mover.legal[0]))
        assert mover.expect("update")["view_id"] == view_id + 1
    finally:
        host.stop()
        close_all([a, b, watcher])


def test_undo_over_the_lan_follows_the_tables_rule() -> None:
    host = make_host(players=2, seed=3)
    a, b = seat_players(host, 2)
    try:
        host.start_game()
        assert host.table is not None
        catch_up([a, b], host.table.view_id)
        if host.table.to_move() == 1:
            a, b = b, a
        board = a.view["board"]
        tile = next(x for x in a.legal if x["kind"] == "place_tile")
        a.send(p.action(a.view["view_id"], tile))
        after = a.expect("update")
        if not after["view"]["can_undo"]:
            pytest.skip("this seed's first tile revealed something; undo is rightly refused")
        a.send(p.undo(after["view_id"]))
        undone = a.expect("update")
        assert undone["view"]["board"] == board and any(e["kind"] == "undone" for e in undone["events"])
        read_all([b])
        b.send(p.undo(b.view["view_id"]))
        assert "undo" in b.expect("error")["reason"].lower()
    finally:
        host.stop()
        close_all([a, b])


def test_stopping_the_host_tells_every_client() -> None:
    host = make_host(players=2)
    a, b = seat_players(host, 2)
    host.stop("Closing for dinner.")
    try:
        for client in (a, b):
            assert client.expect("host_closing")["reason"] == "Closing for dinner."
            with pytest.raises(ConnectionError):
                client.recv(2.0)
    finally:
        close_all([a, b])
