"""NetLink, the client the table scene holds, against a real host on 127.0.0.1.

A whole game through the Link interface, updates shaped like a LocalLink's, reconnection after a drop,
and clear final states when the host goes away or refuses.
"""

from __future__ import annotations

import random
import time
from collections.abc import Callable

from game.session import Link, LinkStatus
from net import protocol as p
from net.client import NetLink, WireClient
from net.host import Host
from tests.lan_kit import close_all, make_host, normal, seat_players, wait_for

WAIT = 5.0


def wait_until(condition: Callable[[], bool], wait: float = WAIT) -> None:
    """Wait for condition, at most wait seconds (then fail)."""
    wait_for(condition, wait, "a condition of the test")


def drop_server_side(host: Host, seat: int) -> None:
    """Cut a player's connection from the host's end, as a broken cable would."""
    assert host.cut_seat(seat, "was cut by the test")


def test_two_netlinks_and_a_watching_netlink_play_a_whole_game() -> None:
    host = make_host(players=2, seed=4)
    links = [NetLink("127.0.0.1", host.port, f"P{i}") for i in range(2)]
    tv = NetLink("127.0.0.1", host.port, "TV", role="spectator")
    try:
        wait_until(lambda: all(link.state == "lobby" for link in [*links, tv]))
        # Both links connect at once, so either may sit down first: order them by seat.
        assert sorted(link.seat for link in links) == [0, 1]
        links.sort(key=lambda link: link.seat)
        assert tv.local_seats == frozenset()
        host.start_game()
        rng = random.Random(1)
        end = time.monotonic() + 60
        while host.phase == "playing":
            assert time.monotonic() < end
            for link in links:
                for update in link.poll():
                    assert update.error is None, update.error
                    assert set(update.views) == {link.seat, None}
                    assert update.views[None]["seat"] is None and update.views[None]["seats"][link.seat]["hand"] is None
            assert host.table is not None
            with host.lock:  # the seat to move and the view id change together, under the host's lock
                mover, current = host.table.to_move(), host.table.view_id
            link = links[mover] if mover is not None else None
            if link is None or link.view_id != current:
                wait_until(lambda link=link, current=current: link is None or link.view_id == current
                           or host.phase != "playing")
                continue
            view_id = link.view_id
            link.send(mover, rng.choice(link.legal_actions(mover)))
            wait_until(lambda link=link, view_id=view_id: link.view_id != view_id or host.phase != "playing")
        assert host.table is not None
        final = host.table.view_id
        wait_until(lambda: all(link.view_id == final for link in [*links, tv]))
        for seat, link in enumerate(links):
            assert link.view(seat) == normal(host.table.view(seat))
        assert tv.view(None) == normal(host.table.view(None))
        # Every LAN link is a whole Link: status, notice, views, history.
        for link in [*links, tv]:
            assert isinstance(link, Link) and link.status is LinkStatus.PLAYING and link.notice == ""
        assert links[0].view(1) is None and tv.view(0) is None
        links[0].poll()  # history() tells the game as of the last poll, as the screen has read it
        assert links[0].history(0) and links[0].history(1) == [] and tv.history(0) == []
        history = links[0].history(0)
        with host.lock:
            assert history == normal(host.table.history(0)), "a link that saw the whole game has its whole story"
        updates = tv.poll()
        assert updates and all(set(u.views) == {None} for u in updates)
    finally:
        host.stop()
        for link in [*links, tv]:
            link.close()


def test_a_dropped_netlink_reconnects_to_its_seat_with_its_hand() -> None:
    host = make_host(players=2)
    link = NetLink("127.0.0.1", host.port, "Ann")
    other = seat_players(host, 1)
    try:
        wait_until(lambda: link.state == "lobby")
        host.start_game()
        wait_until(lambda: link.state == "playing")
        seat, token = link.seat, link.token
        hand = link.view(seat)["seats"][seat]["hand"]
        drop_server_side(host, seat)
        wait_until(lambda: link.reconnecting)
        assert link.state == "reconnecting"
        wait_until(lambda: link.state == "playing" and not host.missing)
        assert (link.seat, link.token) == (seat, token)
        assert link.view(seat)["seats"][seat]["hand"] == hand
    finally:
        host.stop()
        link.close()
        close_all(other)


def test_netlink_says_when_the_host_goes_away_or_refuses() -> None:
    host = make_host(players=2)
    link = NetLink("127.0.0.1", host.port, "Ann", seat=1)
    port = host.port
    try:
        wait_until(lambda: link.state == "lobby")
        taken = NetLink("127.0.0.1", port, "Bob", seat=1)
        wait_until(lambda: taken.gone)
        assert taken.state == "refused" and "not free" in taken.reason
        host.stop("The host went to bed.")
        wait_until(lambda: link.gone)
        assert link.state == "closed" and link.reason == "The host went to bed."
        assert link.status is LinkStatus.LOST and link.notice == "The host went to bed."
        nobody = NetLink("127.0.0.1", port, "Cat", connect_timeout=0.5)
        wait_until(lambda: nobody.gone)
        assert nobody.state == "closed" and str(port) in nobody.reason
        link.send(1, {"kind": "pass"})
        assert link.poll()[-1].error
    finally:
        host.stop()
        link.close()


def test_a_refusal_for_now_keeps_a_returning_netlink_trying_until_it_gets_in() -> None:
    host = make_host(players=2, max_spectators=1)
    tv = NetLink("127.0.0.1", host.port, "TV", role="spectator")
    other = WireClient("127.0.0.1", host.port)
    try:
        wait_until(lambda: tv.state == "lobby")
        with host.lock:  # the loop waits: the watcher's place is taken before the link can come back
            conn = next(peer.conn for peer in host.core.peers.values() if peer.role == "spectator")
            host._close(conn)
            host._deliver(host.core.disconnect(conn, "was cut by the test", time.monotonic()))
            other.send(p.hello("TV 2", role="spectator"))
        other.expect("welcome")
        tries = tv.attempts
        wait_until(lambda: tv.attempts >= tries + 2 or tv.gone)  # back, and told the watchers are too many
        assert not tv.gone and tv.state == "reconnecting" and "watchers" in tv.reason
        other.close()  # a place frees up: the link gets back in by itself
        wait_until(lambda: tv.state == "lobby" and tv.status is LinkStatus.CONNECTING, 10.0)
    finally:
        tv.close()
        host.stop()
        close_all([other])


def test_both_ends_of_the_lan_hold_a_whole_lan_link() -> None:
    from net.lanlink import LanLink, SeatStatus

    host = make_host(players=2)
    host.set_plan(0, "local")
    link = NetLink("127.0.0.1", host.port, "Bob")
    try:
        wait_until(lambda: link.state == "lobby")
        host.start_game()
        own = host.local_link()
        wait_until(lambda: link.state == "playing")
        for lan_link in (own, link):
            assert isinstance(lan_link, LanLink) and isinstance(lan_link, Link)
            assert lan_link.seat_status() == SeatStatus() and lan_link.host_notice == ""
        link.reopen(0)  # a player cannot reopen seats: told so, nothing changes
        assert "Only the host" in (link.poll()[-1].error or "") and not host.lobby.slots[0].reopened
        own.reopen(0)  # the host's own seat is not a LAN seat: refused in words, nothing changes
        assert "not played over the LAN" in (own.poll()[-1].error or "") and not host.lobby.slots[0].reopened
    finally:
        link.close()
        host.stop()
