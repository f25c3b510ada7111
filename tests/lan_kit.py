"""Helpers for the LAN tests: a host on 127.0.0.1, seated scripted clients, and random play over sockets.

Clients only ever *send* through their sockets; the tests may peek at the host's table (under its lock) to
check results. Every wait here is for a condition, with a deadline, so no test can hang and none sleeps a
fixed time: `wait_for` polls a condition, `Pace` keeps an honest client under the host's message rate.
"""

from __future__ import annotations

import random
import socket
import time
from collections.abc import Callable
from typing import Any, TypeVar

import msgpack

from net import protocol as p
from net.client import WireClient
from net.host import Host, HostConfig

GAME_DEADLINE = 60.0  # seconds; a random game over loopback takes about one

T = TypeVar("T")


def free_port(kind: socket.SocketKind = socket.SOCK_STREAM) -> int:
    """Return a port on 127.0.0.1 that nothing holds right now."""
    with socket.socket(socket.AF_INET, kind) as probe:
        probe.bind(("127.0.0.1", 0))
        return int(probe.getsockname()[1])


def wait_for(condition: Callable[[], T], timeout: float, what: str) -> T:
    """Return condition()'s first true value, asking again and again for at most timeout seconds (then fail)."""
    end = time.monotonic() + timeout
    pause = 0.0005
    while not (value := condition()):
        assert time.monotonic() < end, f"timed out waiting: {what}"
        time.sleep(pause)  # a poll, not a wait for time to pass: the loop ends as soon as the condition holds
        pause = min(pause * 2, 0.02)
    return value


class Pace:
    """Keep a scripted client under a message rate, as an honest client does (a token bucket, like the host's)."""

    def __init__(self, rate: float = 18.0, burst: float = 30.0) -> None:
        self.limiter = p.RateLimiter(rate, burst)

    def __call__(self) -> None:
        """Return once one more message may be sent."""
        wait_for(lambda: self.limiter.allow(time.monotonic()), 5.0, "the rate budget")


def make_host(say: Callable[[str], None] | None = None, **overrides: Any) -> Host:
    """Return a started host on 127.0.0.1, any free port, quiet (unless `say` hears its console lines), without
    discovery, with lax limits."""
    settings: dict[str, Any] = dict(
        players=4, bind="127.0.0.1", port=0, announce=False, rate=10_000.0, burst=10_000.0,
        computer_delay=0.0, seed=7, replace_after=None, computer_workers="thread",
    )
    settings.update(overrides)
    return Host(HostConfig(**settings), say=say or (lambda line: None)).start()


def seat_players(host: Host, count: int) -> list[WireClient]:
    """Connect count players and seat them in order."""
    clients = []
    for i in range(count):
        client = WireClient("127.0.0.1", host.port)
        client.hello(f"Player {i + 1}")
        clients.append(client)
    return clients


def normal(data: Any) -> Any:
    """Return data as it comes out of the wire (tuples become lists, and so on)."""
    return msgpack.unpackb(msgpack.packb(data, use_bin_type=True), raw=False, strict_map_key=False)


def read_all(clients: list[WireClient]) -> None:
    """Read whatever has arrived for every client, without waiting."""
    for client in clients:
        try:
            while True:
                client.recv(0.0)
        except TimeoutError:
            pass


def play(
    host: Host,
    clients: dict[int, WireClient],
    rng: random.Random,
    before: Callable[[int, WireClient], WireClient | None] | None = None,
    deadline: float = GAME_DEADLINE,
    until: Callable[[], bool] | None = None,
) -> int:
    """Play random legal actions through the sockets until the game ends; return the actions sent.

    clients maps seat -> client; a seat missing from it is played by someone else (the computer).
    before(seat, client) may return a replacement client for that seat (a reconnection) just before it acts.
    until() may end the play early (it is asked before every action).
    """
    assert host.table is not None
    end = time.monotonic() + deadline
    sent = 0
    while playing(host) and not (until is not None and until()):
        assert time.monotonic() < end, "the game did not finish in time"
        read_all(list(clients.values()))
        with host.lock:  # the seat to move and the view id change together, under the host's lock
            seat, view_id = host.table.to_move(), host.table.view_id
        client = clients.get(seat) if seat is not None else None
        if client is None or client.view is None or client.view["view_id"] != view_id:
            wait_for(lambda: _readable(clients.values()) or not playing(host),
                     max(0.0, end - time.monotonic()), "the game to go on")
            continue
        if before is not None:
            replacement = before(seat, client)
            if replacement is not None:
                clients[seat] = client = replacement
                continue
        assert client.legal, "the seat to move was sent no legal actions"
        client.send(p.action(client.view["view_id"], rng.choice(client.legal)))
        sent += 1
        client.expect("update")
    if not playing(host):
        with host.lock:
            view_id = host.table.view_id
        catch_up(list(clients.values()), view_id)
    return sent


def playing(host: Host) -> bool:
    """Whether the hosted game goes on (read under the host's lock: its loop ends the game)."""
    with host.lock:
        return host.phase == "playing"


def _readable(clients: Any) -> bool:
    """Whether any client has a message waiting (in its inbox or on its socket)."""
    import select

    socks = [c.sock for c in clients]
    return any(c.inbox for c in clients) or bool(select.select(socks, [], [], 0.002)[0])


def catch_up(clients: list[WireClient], view_id: int, wait: float = 5.0) -> None:
    """Read until every client holds the view view_id, leaving nothing unread."""
    end = time.monotonic() + wait
    for client in clients:
        while client.view is None or client.view["view_id"] != view_id:
            client.recv(max(0.0, end - time.monotonic()))
        client.inbox.clear()


def close_all(clients: list[WireClient]) -> None:
    """Hang up every client."""
    for client in clients:
        client.close()
