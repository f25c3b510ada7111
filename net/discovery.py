"""Discovery of hosted games: small UDP announcements that the join screen listens for.

This module owns the announcement datagram (encode and decode), where announcements go, an Announcer
that a host runs, and a Listener that the join screen polls. Joining a game by typing its address does
not need any of this.

Where announcements go is configuration, never code: the environment variable TWO_RIVERS_LAN.

- unset, `loopback`, or anything unrecognised: 127.0.0.1 only. This is the safe default for tests and
  development machines, where nothing may leave the computer.
- `broadcast`: 255.255.255.255, the local network. **A real LAN party sets TWO_RIVERS_LAN=broadcast.**
- an IPv4 address (say a subnet broadcast such as 192.168.1.255, or one machine): that address.

The port is DISCOVERY_PORT (47474) unless TWO_RIVERS_DISCOVERY_PORT says otherwise.

A listener trusts the packet's UDP source address, never an address in the payload, so an announcement
cannot point players at some other machine.

Imports the standard library, msgpack and `net` only. Never pygame.
"""

from __future__ import annotations

import ipaddress
import logging
import os
import socket
import threading
import time
from collections.abc import Callable, Mapping
from dataclasses import dataclass, field
from typing import Any

import msgpack

from net.framing import FrameError, check_plain_data
from net.protocol import GAME_VERSION, MAX_NAME, MAX_SEATS, PROTOCOL_VERSION

log = logging.getLogger(__name__)

DISCOVERY_PORT = 47474
LAN_ENV = "TWO_RIVERS_LAN"
PORT_ENV = "TWO_RIVERS_DISCOVERY_PORT"
LOOPBACK = "127.0.0.1"
BROADCAST = "255.255.255.255"

MAGIC = "two-rivers"
ANNOUNCE_INTERVAL = 1.0  # seconds between announcements
STALE_AFTER = 3.5  # a game unheard for this long has gone (three missed announcements and a half)
MAX_ANNOUNCEMENT = 1200  # bytes; one datagram that no network needs to fragment
MAX_GAME_ID = 32
MAX_OPTIONS_DEPTH = 3
MAX_DATAGRAMS_PER_POLL = 256  # so a flood cannot hold the join screen inside one poll


# ---------------------------------------------------------------------------------------------------
# Configuration


def lan_mode() -> str:
    """Return 'loopback', 'broadcast' or an IPv4 address, from TWO_RIVERS_LAN (unset means loopback)."""
    value = os.environ.get(LAN_ENV, "loopback").strip().lower()
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


def _is_broadcast(address: str) -> bool:
    # Without the netmask we cannot be sure an explicit address is a subnet broadcast; .255 is the usual one.
    return address == BROADCAST or address.endswith(".255")


def _listen_address(target: str) -> str:
    # On loopback, listen on loopback only: nothing from the network should reach a development machine.
    return LOOPBACK if ipaddress.IPv4Address(target).is_loopback else "0.0.0.0"


# ---------------------------------------------------------------------------------------------------
# The announcement


@dataclass(frozen=True)
class HostedGame:
    """What a host tells the network about its game."""

    host_name: str
    tcp_port: int
    game_id: str
    seats_total: int
    seats_free: int
    options: Mapping[str, Any] = field(default_factory=dict)
    protocol: int = PROTOCOL_VERSION
    game_version: str = GAME_VERSION

    @property
    def compatible(self) -> bool:
        """True if this copy of the game can join it."""
        return self.protocol == PROTOCOL_VERSION and self.game_version == GAME_VERSION


@dataclass(frozen=True)
class GameAnnouncement:
    """A hosted game as a listener heard it: where from, and when last."""

    address: str  # the UDP source address of the announcement, never a field of it
    game: HostedGame
    seen_at: float

    @property
    def key(self) -> tuple[str, int, str]:
        """Return what tells games apart: (address, tcp port, game id)."""
        return (self.address, self.game.tcp_port, self.game.game_id)


def encode_announcement(game: HostedGame) -> bytes:
    """Return the datagram that announces game."""
    message = {
        "magic": MAGIC,
        "protocol": game.protocol,
        "game": game.game_version,
        "host": game.host_name,
        "port": game.tcp_port,
        "game_id": game.game_id,
        "seats": game.seats_total,
        "free": game.seats_free,
        "options": dict(game.options),
    }
    try:
        data = msgpack.packb(message, use_bin_type=True)
    except (TypeError, ValueError, OverflowError) as exc:
        raise ValueError(f"game cannot be announced: {exc}") from exc
    # Check our own datagram the way a listener will, so a host learns at once what nobody would accept.
    decode_announcement(data)
    return data


def decode_announcement(data: bytes) -> HostedGame:
    """Return the game a datagram announces; raise ValueError for anything else, whatever the bytes."""
    if len(data) > MAX_ANNOUNCEMENT:
        raise ValueError(f"announcement is {len(data)} bytes, over {MAX_ANNOUNCEMENT}")
    message = _unpack(data)
    if message.get("magic") != MAGIC:
        raise ValueError("not a Two Rivers announcement")
    # Newer versions may add fields; the ones we read must still be there and make sense, so that the
    # join screen can list such a game as "needs another version" rather than not at all.
    seats = _int(message, "seats", 1, MAX_SEATS)
    return HostedGame(
        host_name=_name(message, "host", MAX_NAME),
        tcp_port=_int(message, "port", 1, 65535),
        game_id=_name(message, "game_id", MAX_GAME_ID),
        seats_total=seats,
        seats_free=_int(message, "free", 0, seats),
        options=_options(message),
        protocol=_int(message, "protocol", 0, 2**31),
        game_version=_name(message, "game", 16),
    )


def _unpack(data: bytes) -> dict[Any, Any]:
    try:
        message = msgpack.unpackb(bytes(data), raw=False, use_list=True, strict_map_key=False)
    except Exception as exc:  # noqa: BLE001 - random bytes must give ValueError, whatever msgpack thinks
        raise ValueError(f"announcement is not msgpack: {type(exc).__name__}") from exc
    if not isinstance(message, dict):
        raise ValueError("announcement is not a map")
    return message


def _int(message: dict[Any, Any], name: str, low: int, high: int) -> int:
    value = message.get(name)
    if isinstance(value, bool) or not isinstance(value, int) or not low <= value <= high:
        raise ValueError(f"announcement field {name!r} must be an integer from {low} to {high}")
    return value


def _name(message: dict[Any, Any], name: str, limit: int) -> str:
    value = message.get(name)
    if not isinstance(value, str) or not 1 <= len(value) <= limit or not value.isprintable():
        raise ValueError(f"announcement field {name!r} must be 1 to {limit} printable characters")
    return value


def _options(message: dict[Any, Any]) -> dict[str, Any]:
    options = message.get("options", {})
    if not isinstance(options, dict) or not all(isinstance(key, str) for key in options):
        raise ValueError("announcement field 'options' must be a map with string keys")
    try:
        check_plain_data(options, MAX_OPTIONS_DEPTH, what="announcement options")
    except FrameError as exc:
        raise ValueError(str(exc)) from exc
    return options


# ---------------------------------------------------------------------------------------------------
# The announcer (runs on the host)


class Announcer:
    """Send the hosted game to lan_target() every interval; drive it with tick(now) or start()/stop()."""

    def __init__(self, game: HostedGame, interval: float = ANNOUNCE_INTERVAL) -> None:
        self.target = lan_target()
        self.interval = interval
        self._lock = threading.Lock()
        self._datagram = encode_announcement(game)
        self._next_at: float | None = None
        self._stop = threading.Event()
        self._thread: threading.Thread | None = None
        self._socket = socket.socket(socket.AF_INET, socket.SOCK_DGRAM)
        self._socket.settimeout(1.0)  # a send never blocks for long, even on a congested network
        if _is_broadcast(self.target[0]):
            self._socket.setsockopt(socket.SOL_SOCKET, socket.SO_BROADCAST, 1)

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
        try:
            self._socket.sendto(datagram, self.target)
        except OSError as exc:
            # No network (a laptop off Wi-Fi) must not stop the game being hosted; joining by address works.
            log.info("discovery announcement to %s:%d failed: %s", *self.target, exc)

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
