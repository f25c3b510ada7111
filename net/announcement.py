"""The discovery datagram: what a host tells the LAN about its game, and reading it back safely.

Owns: `HostedGame` (what is announced: the table's name as older versions read it, and the host player's
name, from which each listener words "X's table" in its own language), `GameAnnouncement` (a game as a
listener heard it, with the packet's source address), and encoding and decoding the datagram. Decoding
refuses anything that is not a well-formed announcement with ValueError, whatever the bytes.
net.discovery sends and hears them.

Imports the standard library, msgpack and `net` only. Never pygame.
"""

from __future__ import annotations

from collections.abc import Mapping
from dataclasses import dataclass, field
from typing import Any

import msgpack

from net.framing import FrameError, check_plain_data
from net.protocol import GAME_VERSION, MAX_NAME, MAX_SEATS, PROTOCOL_VERSION

MAGIC = "two-rivers"
MAX_ANNOUNCEMENT = 1200  # bytes; one datagram that no network needs to fragment
MAX_GAME_ID = 32
MAX_OPTIONS_DEPTH = 3


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
    host_player: str = ""  # "" from a headless host, or an older one: the table's name is shown as it is
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
    if game.host_player:
        message["player"] = game.host_player
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
        host_player=_optional_name(message, "player", MAX_NAME),
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


def _optional_name(message: dict[Any, Any], name: str, limit: int) -> str:
    """Return a field added after the first version, or "" when it is missing or unusable (the game is still
    listed, under the name every version reads)."""
    try:
        return _name(message, name, limit) if name in message else ""
    except ValueError:
        return ""


def _options(message: dict[Any, Any]) -> dict[str, Any]:
    options = message.get("options", {})
    if not isinstance(options, dict) or not all(isinstance(key, str) for key in options):
        raise ValueError("announcement field 'options' must be a map with string keys")
    try:
        check_plain_data(options, MAX_OPTIONS_DEPTH, what="announcement options")
    except FrameError as exc:
        raise ValueError(str(exc)) from exc
    return options
