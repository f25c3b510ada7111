"""A tiny scripted LAN client for tests and benchmarks: `WireClient` speaks raw messages and keeps them all.

Owns: `WireClient` (blocking: connect, say hello, send any message or raw bytes, receive with a deadline, and
keep every message and byte it was sent, for the secrecy tests), `Refused`, and `recv_ready`, the one read
with a wait that NetLink uses too.

Imports the standard library, msgpack (through net.framing) and `net` only. Never pygame, never game.ui.
"""

from __future__ import annotations

import select
import socket
import time
from typing import Any

from net import protocol as p
from net.framing import FrameDecoder, encode_frame
from net.legal import unpack_legal


def recv_ready(sock: socket.socket, wait: float) -> bytes | None:
    """Return what arrived within wait seconds (b"" at the end of the stream), or None if nothing did."""
    # select, not a socket timeout: the UI thread may be sending on this socket meanwhile.
    readable, _, _ = select.select([sock], [], [], wait)
    return sock.recv(65536) if readable else None


class Refused(ConnectionError):
    """The host refused or closed; the message is its reason."""


class WireClient:
    """A blocking client that sends raw messages (or raw bytes) and keeps every message it receives."""

    def __init__(self, address: str, port: int, timeout: float = 5.0, source: str | None = None) -> None:
        """Connect; source: the local address to connect from (tests play another machine on 127.0.0.2)."""
        self.sock = socket.create_connection((address, port), timeout=timeout,
                                             source_address=(source, 0) if source is not None else None)
        self.sock.setsockopt(socket.IPPROTO_TCP, socket.TCP_NODELAY, 1)
        self.timeout = timeout
        self.decoder = FrameDecoder()
        self.inbox: list[dict[str, Any]] = []  # received and not yet taken by recv()
        self.log: list[dict[str, Any]] = []  # everything ever received, for the secrecy tests
        self.bytes_received = 0
        self.raw = bytearray()  # every byte received, for the secrecy tests
        self.seat: int | None = None
        self.token: str | None = None
        self.view: dict[str, Any] | None = None
        self.legal: list[dict[str, Any]] = []

    def send(self, message: dict[str, Any]) -> None:
        """Send one message."""
        self.sock.sendall(encode_frame(message))

    def send_raw(self, data: bytes) -> None:
        """Send bytes as they are (the fault tests)."""
        self.sock.sendall(data)

    def hello(self, name: str, role: str = "player", seat: int | None = None, token: str | None = None,
              dynasty: str | None = None) -> dict[str, Any]:
        """Say hello and return the welcome; raise Refused with the host's reason otherwise."""
        self.send(p.hello(name, role, seat, token, dynasty))
        welcome = self.expect("welcome")
        self.seat, self.token = welcome["seat"], welcome["token"]
        return welcome

    def recv(self, timeout: float | None = None) -> dict[str, Any]:
        """Return the next message; raise TimeoutError, or ConnectionError when the host hangs up."""
        deadline = time.monotonic() + (self.timeout if timeout is None else timeout)
        while not self.inbox:
            # Always look at the socket once, so that a zero timeout still reads what has arrived.
            data = recv_ready(self.sock, max(0.0, deadline - time.monotonic()))
            if data is None:
                if time.monotonic() >= deadline:
                    raise TimeoutError("no message from the host in time")
                continue
            if not data:
                raise ConnectionError("the host closed the connection")
            self.bytes_received += len(data)
            self.raw += data
            for message in self.decoder.feed(data):
                self._note(message)
        return self.inbox.pop(0)

    def _note(self, message: dict[str, Any]) -> None:
        self.log.append(message)
        self.inbox.append(message)
        if message.get("type") == "update":
            self.view = message["view"]
            self.legal = unpack_legal(message.get("legal"))

    def expect(self, kind: str, timeout: float | None = None) -> dict[str, Any]:
        """Return the next message of type kind, skipping others; raise Refused on a refusal or closing."""
        deadline = time.monotonic() + (self.timeout if timeout is None else timeout)
        while True:
            message = self.recv(max(0.0, deadline - time.monotonic()))
            if message["type"] == kind:
                return message
            if message["type"] in ("refused", "host_closing"):
                raise Refused(message["reason"])

    def drain(self, wait: float = 0.05) -> list[dict[str, Any]]:
        """Return every message that arrives within wait seconds of the last one."""
        out = []
        while True:
            try:
                out.append(self.recv(wait))
            except TimeoutError:
                return out

    def close(self) -> None:
        """Hang up without a goodbye."""
        try:
            self.sock.close()
        except OSError:
            pass
