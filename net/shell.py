"""The LAN host's sockets: one selectors loop that carries bytes between the connections and the core.

Owns: `SocketLoop`, the base of `net.host.Host`: the listening socket, every TCP connection's bytes, the wake
pipe other threads use when the core has something to send, turning bytes in into calls on the core
(`net.core.HostCore`) and the core's answers into frames out (each message encoded once, however many
connections it goes to), the unread-output limit, and the last goodbye to every client when the host
stops. Every decision about what a connection may do is the core's; this module only moves bytes.

Imports the standard library, msgpack (through net.framing) and `net` only. Never pygame, never game.ui.
"""

from __future__ import annotations

import logging
import selectors
import socket
import threading
import time
from collections import deque
from typing import Any

import msgpack

from game.i18n import t, wire
from net import protocol as p
from net.core import HostCore
from net.framing import HEADER, MAX_FRAME, encode_frame
from net.peers import CLOSE_GRACE, Close, HostConfig, Outgoing, SaveSecrets

log = logging.getLogger(__name__)

READ_SIZE = 65536
CROWDED = wire.message("lan.refused.crowded")  # said to a connection beyond max_connections, before it is cut


class Socket:
    """One TCP connection's bytes: what is still to be sent, and whether it goes once that is out."""

    def __init__(self, sock: socket.socket) -> None:
        self.sock = sock
        self.out = bytearray()
        self.leaving = False  # let go: close once out is sent
        self.closed = False
        self.sent_bytes = 0


class SocketLoop:
    """The selectors loop of a host; the host gives it `config`, `core`, `lock` and `say`."""

    config: HostConfig
    core: HostCore
    lock: threading.RLock
    say: Any

    def __init__(self) -> None:
        self.socks: dict[int, Socket] = {}
        self._next_conn = 0
        self._selector = selectors.DefaultSelector()
        self._listen: socket.socket | None = None
        self._wake_r, self._wake_w = socket.socketpair()
        self._stopping = threading.Event()
        self._thread: threading.Thread | None = None
        self._closing_message: dict[str, Any] | None = wire.message("lan.closing.closed")
        self._closing_reason = wire.english(self._closing_message)  # English, beside the key for every client

    def _listen_on(self, bind: str, port: int) -> None:
        """Bind and listen, and register the listening socket and the wake pipe."""
        sock = socket.socket(socket.AF_INET, socket.SOCK_STREAM)
        sock.setsockopt(socket.SOL_SOCKET, socket.SO_REUSEADDR, 1)
        try:
            sock.bind((bind, port))
            sock.listen(64)  # a burst of watchers joining at once waits in the queue, not for a retry
        except OSError:
            sock.close()
            raise
        sock.setblocking(False)
        self._listen = sock
        self._wake_r.setblocking(False)
        self._wake_w.setblocking(False)
        self._selector.register(sock, selectors.EVENT_READ, "listen")
        self._selector.register(self._wake_r, selectors.EVENT_READ, "wake")

    def _after_turn(self) -> None:
        """Called under the lock once a turn's output is sent (the journal fsyncs then)."""

    def _before_send(self) -> None:
        """Called under the lock before output goes out (the journal writes what must be on disk first)."""

    def _save_secrets(self, secrets: Any) -> None:
        """Write the seats file, as the core asked (SaveSecrets), before what it sends after that goes out."""

    def _wake(self) -> None:
        if threading.current_thread() is self._thread:
            return  # the loop sends after every turn anyway
        try:
            self._wake_w.send(b"!")
        except OSError:
            pass  # the pipe is full (already woken) or closed (stopping)

    def _run(self) -> None:
        try:
            while not self._stopping.is_set():
                ready = self._selector.select(timeout=0.25)
                with self.lock:
                    now = time.monotonic()
                    for key, mask in ready:
                        self._ready(key, mask, now)
                    self._deliver(self.core.tick(now))
                    self._flush()
                    self._after_turn()
        except Exception:  # noqa: BLE001 - the host must still tell its clients it is going
            log.exception("the host loop failed")
            self._closing_message = wire.message("lan.closing.crashed")
            self._closing_reason = wire.english(self._closing_message)
        finally:
            with self.lock:
                self._shutdown()

    def _ready(self, key: selectors.SelectorKey, mask: int, now: float) -> None:
        if key.data == "listen":
            self._accept(now)
        elif key.data == "wake":
            try:
                while self._wake_r.recv(4096):
                    pass
            except (BlockingIOError, InterruptedError):
                pass
        else:
            conn: int = key.data
            if mask & selectors.EVENT_READ and conn in self.socks:
                self._read(conn, now)
            if mask & selectors.EVENT_WRITE and conn in self.socks:
                self._send(conn)

    def _accept(self, now: float) -> None:
        assert self._listen is not None
        for _ in range(16):  # bounded, so a connection storm cannot hold the loop
            try:
                sock, address = self._listen.accept()
            except (BlockingIOError, InterruptedError):
                return
            except OSError as exc:
                log.info("accept failed: %s", exc)
                return
            if len(self.socks) >= self.config.max_connections:
                # Beyond every seat, the watchers and the newcomers: nobody the core would keep.
                try:
                    sock.send(encode_frame(p.refused(wire.english(CROWDED), retry=True, message=CROWDED)))
                except OSError:
                    pass
                sock.close()
                continue
            sock.setblocking(False)
            sock.setsockopt(socket.IPPROTO_TCP, socket.TCP_NODELAY, 1)  # small updates, sent at once
            conn, self._next_conn = self._next_conn, self._next_conn + 1
            self.socks[conn] = Socket(sock)
            self._selector.register(sock, selectors.EVENT_READ, conn)
            self._deliver(self.core.connect(conn, address, now))

    def _read(self, conn: int, now: float) -> None:
        try:
            data = self.socks[conn].sock.recv(READ_SIZE)
        except (BlockingIOError, InterruptedError):
            return
        except OSError as exc:
            self._deliver(self.core.disconnect(conn, t("lan.console.why.error", error=str(exc)), now))
            return
        if not data:
            self._deliver(self.core.disconnect(conn, t("lan.console.why.closed"), now))
            return
        self._deliver(self.core.receive_bytes(conn, data, now))

    def _deliver(self, outgoing: Outgoing) -> None:
        """Queue the core's messages as frames (each message encoded once) and carry out its closes."""
        frames: dict[int, tuple[Any, bytes]] = {}  # by id(message), the message kept alive beside its frame
        pending = deque(outgoing)
        while pending:
            conn, message = pending.popleft()
            if isinstance(message, SaveSecrets):
                self._save_secrets(message.secrets)
                continue
            entry = self.socks.get(conn)
            if entry is None or entry.closed:
                continue
            if isinstance(message, Close):
                if message.now:
                    self._last_send(conn)
                    self._close(conn)
                else:
                    entry.leaving = True
                continue
            known = frames.get(id(message))
            if known is None:
                known = frames[id(message)] = (message, _trusted_frame(message))
            entry.out += known[1]
            if len(entry.out) > self.config.max_unread:
                self._close(conn)
                pending.extend(self.core.disconnect(conn, t("lan.console.why.stopped_reading"), time.monotonic()))

    def _flush(self) -> None:
        self._deliver(self.core.take())  # changes made by other threads (the host's screen, the computers)
        self._before_send()
        for conn, entry in list(self.socks.items()):
            if entry.out and not entry.closed:
                self._send(conn)
            if entry.leaving and not entry.out and not entry.closed:
                self._close(conn)
                self._deliver(self.core.sent(conn))

    def _send(self, conn: int) -> None:
        entry = self.socks[conn]
        try:
            sent = entry.sock.send(entry.out)
        except (BlockingIOError, InterruptedError):
            sent = 0
        except OSError as exc:
            self._close(conn)
            self._deliver(self.core.disconnect(conn, t("lan.console.why.error", error=str(exc)), time.monotonic()))
            return
        entry.sent_bytes += sent
        del entry.out[:sent]
        events = selectors.EVENT_READ | (selectors.EVENT_WRITE if entry.out else 0)
        self._selector.modify(entry.sock, events, conn)

    def _last_send(self, conn: int) -> None:
        """Send what the socket takes at once of a connection's output (its refusal), before it is cut."""
        entry = self.socks.get(conn)
        if entry is not None and entry.out and not entry.closed:
            self._before_send()
            try:
                entry.sock.send(entry.out)
            except OSError:
                pass  # cut anyway: it would not be read

    def _close(self, conn: int) -> None:
        entry = self.socks.pop(conn, None)
        if entry is None or entry.closed:
            return
        entry.closed = True
        try:
            self._selector.unregister(entry.sock)
        except (KeyError, ValueError):
            pass
        entry.sock.close()

    def _shutdown(self) -> None:
        """Send host_closing to everyone, give them a moment to read it, and close every socket."""
        self._deliver(self.core.take())
        self._deliver(self.core.close_all(self._closing_reason, self._closing_message))
        deadline = time.monotonic() + CLOSE_GRACE
        while time.monotonic() < deadline and any(e.out for e in self.socks.values()):
            for conn in [c for c, e in self.socks.items() if e.out]:
                self._send(conn)
            time.sleep(0.005)  # a non-blocking socket's buffer drains on the client's schedule
        for conn in list(self.socks):
            self._close(conn)
        if self._listen is not None:
            self._listen.close()
        self._selector.close()
        self.say(t("lan.console.stopped"))

    def sent_bytes(self) -> int:
        """Return the bytes sent to every connection still open (the benchmark reads this)."""
        with self.lock:
            return sum(e.sent_bytes for e in self.socks.values())


def _trusted_frame(message: dict[str, Any]) -> bytes:
    """Return a frame for a message the core built from the engine's plain data.

    encode_frame walks every value in Python to make sure it is plain data; for a view and its legal
    actions that walk costs more than the packing, and the engine only ever makes plain data.
    """
    try:
        body = msgpack.packb(message, use_bin_type=True)
    except (TypeError, ValueError, OverflowError):
        return encode_frame(message)  # let the careful path say what is wrong
    if len(body) > MAX_FRAME:
        return encode_frame(message)
    return HEADER.pack(len(body)) + body
