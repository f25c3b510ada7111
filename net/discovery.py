"""Discovery of hosted games: small UDP announcements that the join screen listens for.

This module owns where announcements go, an Announcer that a host runs (it tells the host, on screen
and console, when announcing fails and when it works again), and a Listener that the join screen
polls. The datagram itself is net.announcement's; its names are importable from here too. Joining a
game by typing its address does not need any of this.

Where announcements go is configuration, never code: the environment variable TWO_RIVERS_LAN.

- unset (or empty), or `broadcast`: the local network, so that a LAN party works out of the box with no
  variable on any machine: every interface's own broadcast address (10.77.0.255 for 10.77.0.1/24),
  never loopback, listed afresh for each announcement (net.interfaces). Not 255.255.255.255: on a switch
  with no router (no default route) that fails with "network unreachable". Only where interfaces cannot
  be listed does it fall back to 255.255.255.255. The host then listens on every interface (net.peers).
- `loopback`, or anything unrecognised: 127.0.0.1 only, and the host listens on 127.0.0.1 only. **Tests
  and development machines set TWO_RIVERS_LAN=loopback** (tests/conftest.py forces it for every test
  process), so that nothing leaves the computer. A value that is not understood never guesses at the
  network.
- an IPv4 address (say a subnet broadcast such as 192.168.1.255, or one machine): that address.

The port is DISCOVERY_PORT (47474) unless TWO_RIVERS_DISCOVERY_PORT says otherwise.

A listener trusts the packet's UDP source address, never an address in the payload, so an announcement
cannot point players at some other machine.

Imports the standard library and `net` only. Never pygame.
"""

from __future__ import annotations

import ipaddress
import logging
import os
import socket
import threading
import time
from collections.abc import Callable

from game.i18n import t
from net.announcement import (  # noqa: F401 - the announcement's names, where users of discovery look
    MAX_ANNOUNCEMENT,
    GameAnnouncement,
    HostedGame,
    decode_announcement,
    encode_announcement,
)
from net.interfaces import Interface, broadcast_targets, interfaces

log = logging.getLogger(__name__)

DISCOVERY_PORT = 47474
LAN_ENV = "TWO_RIVERS_LAN"
PORT_ENV = "TWO_RIVERS_DISCOVERY_PORT"
LOOPBACK = "127.0.0.1"
BROADCAST = "255.255.255.255"

ANNOUNCE_INTERVAL = 1.0  # seconds between announcements
STALE_AFTER = 3.5  # a game unheard for this long has gone (three missed announcements and a half)
MAX_DATAGRAMS_PER_POLL = 256  # so a flood cannot hold the join screen inside one poll


# ---------------------------------------------------------------------------------------------------
# Configuration


def lan_mode() -> str:
    """Return 'loopback', 'broadcast' or an IPv4 address, from TWO_RIVERS_LAN (unset or empty: broadcast)."""
    value = os.environ.get(LAN_ENV, "").strip().lower() or "broadcast"
    if value in ("loopback", "broadcast"):
        return value
    try:
        address = ipaddress.IPv4Address(value)
    except ValueError:
        log.warning("%s=%r is not loopback, broadcast or an IPv4 address; using loopback", LAN_ENV, value)
        return "loopback"
    if address.is_unspecified:
        log.warning("%s=%s names no machine; using loopback", LAN_ENV, value)
        return "loopback"
    return str(address)


def discovery_port() -> int:
    """Return the UDP port of discovery, from TWO_RIVERS_DISCOVERY_PORT or DISCOVERY_PORT."""
    value = os.environ.get(PORT_ENV)
    if value is None or value.strip() == "":
        return DISCOVERY_PORT
    try:
        port = int(value)
    except ValueError:
        raise ValueError(f"{PORT_ENV}={value!r} is not a port number") from None
    if not 1 <= port <= 65535:
        raise ValueError(f"{PORT_ENV}={port} is not between 1 and 65535")
    return port


def lan_target() -> tuple[str, int]:
    """Return the (address, port) that announcements are sent to."""
    mode = lan_mode()
    if mode == "loopback":
        return (LOOPBACK, discovery_port())
    if mode == "broadcast":
        return (BROADCAST, discovery_port())
    return (mode, discovery_port())


def announce_targets(
    mode: str, port: int, listing: Callable[[], list[Interface] | None] | None = None
) -> list[tuple[str, int]]:
    """Return every (address, port) an announcement goes to in mode (see lan_mode()).

    listing lists the interfaces (net.interfaces.interfaces unless given; it returns None where this system
    cannot list them). Loopback mode never lists them: it is 127.0.0.1 and nothing else.
    """
    if mode == "loopback":
        return [(LOOPBACK, port)]
    if mode != "broadcast":
        return [(mode, port)]
    return [(address, port) for address in broadcast_targets((listing or interfaces)())]


def _is_broadcast(address: str) -> bool:
    # Without the netmask we cannot be sure an explicit address is a subnet broadcast; .255 is the usual one.
    return address == BROADCAST or address.endswith(".255")


def _listen_address(target: str) -> str:
    # On loopback, listen on loopback only: nothing from the network should reach a development machine.
    return LOOPBACK if ipaddress.IPv4Address(target).is_loopback else "0.0.0.0"


# ---------------------------------------------------------------------------------------------------
# The announcer (runs on the host)


class Announcer:
    """Send the hosted game to announce_targets() every interval; drive it with tick(now) or start()/stop().

    say (the host's screen and console) hears when announcing fails and when it works again, once each
    time that changes, never silently and never once a second.
    """

    def __init__(
        self, game: HostedGame, interval: float = ANNOUNCE_INTERVAL, say: Callable[[str], None] | None = None
    ) -> None:
        self.mode = lan_mode()
        self.port = discovery_port()
        self.interval = interval
        self.say = say or (lambda line: None)
        self.problem = ""  # what went wrong with the last announcement; "" while it is heard
        self._lock = threading.Lock()
        self._datagram = encode_announcement(game)
        self._next_at: float | None = None
        self._stop = threading.Event()
        self._thread: threading.Thread | None = None
        self._socket = socket.socket(socket.AF_INET, socket.SOCK_DGRAM)
        self._socket.settimeout(1.0)  # a send never blocks for long, even on a congested network
        if self.mode == "broadcast" or _is_broadcast(self.mode):
            self._socket.setsockopt(socket.SOL_SOCKET, socket.SO_BROADCAST, 1)

    def targets(self) -> list[tuple[str, int]]:
        """Return where the next announcement goes (interfaces are listed afresh: Wi-Fi comes and goes)."""
        return announce_targets(self.mode, self.port)

    def update(self, game: HostedGame) -> None:
        """Announce game from now on (seats fill up, options change); sent at the next tick."""
        datagram = encode_announcement(game)
        with self._lock:
            self._datagram = datagram
            self._next_at = None  # tell the room at once that a seat was taken

    def tick(self, now: float) -> bool:
        """Send an announcement if one is due at time now; return whether one was sent."""
        with self._lock:
            if self._next_at is not None and now < self._next_at:
                return False
            self._next_at = now + self.interval
            datagram = self._datagram
        self._send(datagram)
        return True

    def _send(self, datagram: bytes) -> None:
        targets = self.targets()
        failures = []
        for target in targets:
            try:
                self._socket.sendto(datagram, target)
            except OSError as exc:
                # No network (a laptop off Wi-Fi) must not stop the game being hosted; joining by address works.
                failures.append(f"{target[0]} ({exc.strerror or exc})")
        self._report(_problem(targets, failures))

    def _report(self, problem: str) -> None:
        if problem == self.problem:
            return
        if problem:
            log.warning("%s", problem)
            self.say(problem)
        else:
            self.say(t("lan.console.seen_again"))
        self.problem = problem

    def start(self) -> None:
        """Announce from a background thread until stop()."""
        if self._thread is not None:
            return
        self._thread = threading.Thread(target=self._run, name="two-rivers-announcer", daemon=True)
        self._thread.start()

    def _run(self) -> None:
        while not self._stop.is_set():
            now = time.monotonic()
            self.tick(now)
            with self._lock:
                wait = max(0.0, (self._next_at or now) - time.monotonic())
            self._stop.wait(wait)

    def stop(self) -> None:
        """Stop announcing and close the socket."""
        self._stop.set()
        if self._thread is not None:
            self._thread.join(timeout=5.0)
            self._thread = None
        self._socket.close()

    def __enter__(self) -> Announcer:
        return self

    def __exit__(self, *exc_info: object) -> None:
        self.stop()


def _problem(targets: list[tuple[str, int]], failures: list[str]) -> str:
    """Return what a host should read about an announcement round, or "" if it went out everywhere."""
    if not targets:
        return t("lan.console.no_network")
    if not failures:
        return ""
    where = "; ".join(failures)
    if len(failures) == len(targets):
        return t("lan.console.unseen", where=where)
    return t("lan.console.partly_unseen", where=where)


# ---------------------------------------------------------------------------------------------------
# The listener (runs on the join screen)


class Listener:
    """Collect announcements from the discovery port; poll() it, non-blocking, once a frame or so.

    Several listeners can share the port (SO_REUSEADDR, and SO_REUSEPORT where there is one). Note that on
    loopback the announcements are unicast, so when several listeners share the port each datagram reaches
    only one of them; broadcast announcements reach them all.
    """

    def __init__(self, stale_after: float = STALE_AFTER, clock: Callable[[], float] = time.monotonic) -> None:
        target, port = lan_target()
        self.stale_after = stale_after
        self._clock = clock
        self._games: dict[tuple[str, int, str], GameAnnouncement] = {}
        self._socket = socket.socket(socket.AF_INET, socket.SOCK_DGRAM)
        try:
            self._socket.setsockopt(socket.SOL_SOCKET, socket.SO_REUSEADDR, 1)
            if hasattr(socket, "SO_REUSEPORT"):
                self._socket.setsockopt(socket.SOL_SOCKET, socket.SO_REUSEPORT, 1)
            self._socket.bind((_listen_address(target), port))
            self._socket.setblocking(False)
        except OSError:
            self._socket.close()
            raise

    @property
    def port(self) -> int:
        """Return the UDP port listened on."""
        return int(self._socket.getsockname()[1])

    def fileno(self) -> int:
        """Return the socket's descriptor, for select()."""
        return self._socket.fileno()

    def poll(self, now: float | None = None) -> list[GameAnnouncement]:
        """Read what has arrived and return the games heard within stale_after, sorted by host name."""
        if now is None:
            now = self._clock()
        for address, datagram in self._receive():
            try:
                game = decode_announcement(datagram)
            except ValueError:
                continue  # somebody else's traffic on our port, or noise: not our business
            announcement = GameAnnouncement(address=address, game=game, seen_at=now)
            self._games[announcement.key] = announcement
        self._forget_stale(now)
        return sorted(self._games.values(), key=lambda a: (a.game.host_name.lower(), a.key))

    def _receive(self) -> list[tuple[str, bytes]]:
        received: list[tuple[str, bytes]] = []
        for _ in range(MAX_DATAGRAMS_PER_POLL):
            try:
                datagram, source = self._socket.recvfrom(MAX_ANNOUNCEMENT + 1)
            except (BlockingIOError, InterruptedError):
                break
            except OSError:
                # Windows reports an earlier ICMP "port unreachable", or a datagram too big for the buffer,
                # as an error here; neither breaks the socket, so read on (the loop is bounded).
                continue
            received.append((str(source[0]), datagram))
        return received

    def _forget_stale(self, now: float) -> None:
        for key in [k for k, a in self._games.items() if now - a.seen_at > self.stale_after]:
            del self._games[key]

    def close(self) -> None:
        """Stop listening."""
        self._socket.close()

    def __enter__(self) -> Listener:
        return self

    def __exit__(self, *exc_info: object) -> None:
        self.close()
