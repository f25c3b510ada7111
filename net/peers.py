"""The connection half of the LAN host's core: what it keeps of each connection and how strict it is.

Owns: `HostConfig` (how a host listens and how hard it is on its clients; `default_bind`: every interface,
this machine only while TWO_RIVERS_LAN is loopback), `Peer` (one connection as the protocol knows it: its frame decoder,
its rate limit, its clocks, who it turned out to be), `Close` and `SaveSecrets` (the core's requests to cut
a connection and to save the seats file) and `Connections`, the base of `net.core.HostCore`: connections
come and go, bytes become messages (frames split anywhere, oversized or malformed ones refused), the rate
limit and the message checks, the hello deadline and the budget of newcomers who have not said hello (room
for every honest burst, a share for each machine; beyond it the most crowded address makes way, cut without
a refusal so that a real client simply tries again), stalled
frames, silence, refusals with a grace to read them (final, or "retry" for now only), and the queue of what
to send. Sans-I/O: no sockets, no clock.

Every refusal goes out as English text beside its wire form (a catalogue key and parameters the host
chose; game.i18n.wire), so each client shows it in its own language; the console (`say`) speaks the
host's language.

Imports the standard library, `game.i18n` and `net` only. Never pygame.
"""

from __future__ import annotations

import ipaddress
import logging
from collections.abc import Callable
from dataclasses import dataclass, field
from typing import Any

from game.ai.seats import Workers
from game.i18n import t, wire
from net import protocol as p
from net.discovery import lan_mode
from net.framing import FrameDecoder, FrameError

log = logging.getLogger(__name__)

CLOSE_GRACE = 1.0  # seconds a refused connection has to read its refusal before it is cut
LOOPBACK = "127.0.0.1"
EVERYWHERE = "0.0.0.0"


def default_bind() -> str:
    """Return where a host listens unless told: every interface, so that the LAN can join with no setting
    anywhere; this machine only while TWO_RIVERS_LAN is loopback (development machines and every test), so
    that no other machine can reach a host started there. So too when announcements go to a loopback address
    (TWO_RIVERS_LAN=127.0.0.1): nobody else can hear of the game, so nobody else may reach it."""
    mode = lan_mode()
    if mode == "loopback" or (mode != "broadcast" and ipaddress.IPv4Address(mode).is_loopback):
        return LOOPBACK
    return EVERYWHERE


@dataclass
class HostConfig:
    """How a host listens and how hard it is on its clients (tests shorten the times)."""

    players: int = 4
    # Where to listen: every interface (the LAN, TWO_RIVERS_LAN unset), 127.0.0.1 on a development machine
    # and in every test (TWO_RIVERS_LAN=loopback; tests/conftest.py forces it).
    bind: str = field(default_factory=default_bind)
    port: int = 47475  # 0: any free port (tests)
    host_name: str = "Two Rivers"  # the table's name, as older clients read it
    host_player: str = ""  # the host player's name: each client words "X's table" in its own language
    seed: int | None = None
    ai_seed: int | None = None  # the computer seats' randomness (None: fresh from secrets, as the seed)
    variants: tuple[str, ...] = ()
    announce: bool = True
    rate: float = 20.0  # messages a second a client may send, sustained
    burst: float = 40.0
    max_frame: int = 8192  # a client's largest message; real ones are under 200 bytes
    hello_timeout: float = 3.0  # a new connection must say hello this soon, so silent ones never pile up
    stall_timeout: float = 10.0  # a frame begun and not finished for this long drops the connection
    idle_timeout: float = 30.0  # clients ping every few seconds; silence this long is a dead link
    replace_after: float | None = 60.0  # a missing player's seat goes to the computer after this (None: never)
    computer_delay: float = 0.6  # the least time a computer takes to act, so people can follow it
    # Where computers think: a worker process (it leaves when the host dies), so that a long decision never
    # holds the interpreter lock the network loop needs; "thread" for tests that start many hosts.
    computer_workers: Workers = "process"
    max_spectators: int = 16  # watching connections; seated players have places of their own beyond these
    # Connections that have not said hello yet; beyond this, the oldest from the address that holds the most
    # makes way (a crowd from one machine pushes itself out, never a player from another machine). Room for
    # every honest burst: a client's quick retries, players behind one NAT address, the whole room joining
    # while the host is busy (its hellos read in the next turn of its loop).
    max_pending: int = 32
    # One machine's share of those: beyond this, its own oldest newcomer makes way, however many places are
    # free, so that a flood (hundreds of connections from one address) never holds more than this.
    max_pending_per_machine: int = 16
    max_unread: int = 4 * 1024 * 1024  # output a client has not read; beyond this it is dropped
    data_dir: Any = None  # a Path: journal every game in its games/ folder (None: keep no journal)

    @property
    def max_connections(self) -> int:
        """Return how many sockets the host may hold at once: every seat twice (a player back on a new
        connection while the old one is not yet known dead), the watchers and the newcomers."""
        return 2 * p.MAX_SEATS + self.max_spectators + self.max_pending


@dataclass(frozen=True)
class Close:
    """Cut the connection: at once, or once what is queued for it has been sent."""

    now: bool = False


@dataclass(frozen=True)
class SaveSecrets:
    """Write the seats file (net.saving.SeatSecrets): the shell does it before anything after it is sent, so
    that a token is on disk before its player is welcomed with it. Addressed to TO_HOST, not a connection."""

    secrets: Any


TO_HOST = -1  # the "connection" of what the core asks of the host itself (SaveSecrets)
Outgoing = list[tuple[int, Any]]  # (conn, a message dict, a Close or a SaveSecrets)


class Peer:
    """One connection as the protocol knows it: its limits and who it turned out to be."""

    def __init__(self, conn: int, address: Any, config: HostConfig, now: float) -> None:
        self.conn = conn
        self.address = address
        self.decoder = FrameDecoder(config.max_frame)
        self.limiter = p.RateLimiter(config.rate, config.burst)
        self.role: str | None = None  # None until the hello is accepted
        self.seat: int | None = None
        self.name = ""
        self.opened_at = self.last_heard = now
        self.pending_since: float | None = None  # a frame begun and not finished since then
        self.closing_at: float | None = None  # refused or leaving: cut at this time, or once its output is out
        self.closed = False
        self.said_bye = False  # it left politely and the console said so: its cut a moment later is not news

    @property
    def label(self) -> str:
        who = self.name or t("lan.console.new_connection")
        return f"{who} ({self.address[0]}:{self.address[1]})" if isinstance(self.address, tuple) else who


class Connections:
    """The connection half of the host's core: each connection's bytes, limits, clocks and departure.

    HostCore builds the game on it and answers the hooks: `_on_hello`, `_on_action`, `_on_undo`, `_lost`
    (a connection no longer plays its seat) and `_timers` (time passed).
    """

    phase: str

    def __init__(self, config: HostConfig | None = None, say: Callable[[str], None] | None = None) -> None:
        self.config = config or HostConfig()
        self.say = say or (lambda line: log.info("%s", line))
        self.peers: dict[int, Peer] = {}
        self.now = 0.0  # the last time the shell told; used for what the host's screen starts
        self.wake: Callable[[], None] = lambda: None  # there is output to take
        self._out: Outgoing = []

    def _on_hello(self, peer: Peer, hello: dict[str, Any]) -> None:
        raise NotImplementedError

    def _on_action(self, peer: Peer, message: dict[str, Any]) -> None:
        raise NotImplementedError

    def _on_undo(self, peer: Peer, message: dict[str, Any]) -> None:
        raise NotImplementedError

    def _on_prefs(self, peer: Peer, message: dict[str, Any]) -> None:
        raise NotImplementedError

    def _lost(self, peer: Peer) -> None:
        raise NotImplementedError

    def _timers(self, now: float) -> None:
        raise NotImplementedError

    # --- events from the shell -------------------------------------------------------------------

    def connect(self, conn: int, address: Any, now: float) -> Outgoing:
        """A new connection; of too many silent newcomers, the oldest from the most crowded address makes way."""
        self.now = now
        newcomer = self.peers[conn] = Peer(conn, address, self.config, now)
        while True:
            pending = [q for q in self._live() if q.role is None and q is not newcomer]
            same = [q for q in pending if _machine(q.address) == _machine(address)]
            if same and len(same) + 1 > min(self.config.max_pending_per_machine, self.config.max_pending):
                self._push_out(min(same, key=lambda q: q.opened_at))  # over its machine's share: its own oldest
            elif pending and len(pending) + 1 > self.config.max_pending:
                self._push_out(_most_crowded(pending, newcomer))
            else:
                break
        return self.take()

    def _push_out(self, peer: Peer) -> None:
        """Cut a newcomer that has not said hello, without a refusal: a real client just tries again (its
        hello may be on the way), and a returning player's link reconnects by itself."""
        self.say(t("lan.console.pushed_out", who=peer.label))
        self._drop(peer, t("lan.console.why.made_way"))

    def receive_bytes(self, conn: int, data: bytes, now: float) -> Outgoing:
        """Bytes arrived on a connection: decode its frames and act on each message."""
        self.now = now
        peer = self.peers.get(conn)
        if peer is None or peer.closed or peer.closing_at is not None:
            return self.take()  # refused or leaving: what it says now does not matter
        peer.last_heard = now
        try:
            messages = peer.decoder.feed(data)
        except FrameError as exc:
            self._refuse(peer, "lan.refused.unreadable", text=str(exc))
            return self.take()
        if not peer.decoder.pending_bytes:
            peer.pending_since = None
        elif messages or peer.pending_since is None:
            peer.pending_since = now  # a frame finished: the clock starts again for the one begun
        for message in messages:
            if peer.closed or peer.closing_at is not None:
                break
            self._on_message(peer, message, now)
        return self.take()

    def receive(self, conn: int, message: Any, now: float) -> Outgoing:
        """One decoded message arrived on a connection."""
        self.now = now
        peer = self.peers.get(conn)
        if peer is not None and not peer.closed and peer.closing_at is None:
            peer.last_heard = now
            self._on_message(peer, message, now)
        return self.take()

    def disconnect(self, conn: int, why: str, now: float) -> Outgoing:
        """The connection is gone (closed, broken, or its output overflowed); why: for the console, in the
        host's language (a lan.console.why.* message)."""
        self.now = now
        peer = self.peers.get(conn)
        if peer is not None:
            self._drop(peer, why)
        return self.take()

    def tick(self, now: float) -> Outgoing:
        """Let time pass: hello deadlines, stalls, silence, refusals' grace, stand-ins."""
        self.now = now
        cfg = self.config
        for peer in list(self.peers.values()):
            if peer.closing_at is not None:
                if now >= peer.closing_at:
                    self._drop(peer, t("lan.console.why.cut_after_refusal"))
            elif peer.role is None and now - peer.opened_at > cfg.hello_timeout:
                self._refuse(peer, "lan.refused.no_hello", retry=True)
            elif peer.pending_since is not None and now - peer.pending_since > cfg.stall_timeout:
                self._refuse(peer, "lan.refused.stalled")
            elif now - peer.last_heard > cfg.idle_timeout:
                self._drop(peer, t("lan.console.why.went_silent"))
        self._timers(now)
        return self.take()

    def sent(self, conn: int) -> Outgoing:
        """Everything queued for conn went out: a connection let go may be closed now."""
        peer = self.peers.get(conn)
        if peer is not None and peer.closing_at is not None and not peer.closed:
            self._drop(peer, t("lan.console.why.let_go"))
        return self.take()

    def take(self) -> Outgoing:
        """Return what is to be sent, oldest first, and forget it."""
        out, self._out = self._out, []
        return out

    def close_all(self, reason: str, message: dict[str, Any] | None = None) -> Outgoing:
        """Say goodbye to everyone who said hello: the host is closing, for reason (English) and message, the
        same as a catalogue key and parameters (None: a text of the caller's own, shown as it is)."""
        self.phase = "closed"
        for peer in self._live():
            if peer.role is not None:
                self._send(peer, p.host_closing(reason, message))
        return self.take()

    def _on_message(self, peer: Peer, message: Any, now: float) -> None:
        if not peer.limiter.allow(now):
            self._refuse(peer, "lan.refused.flood")
            return
        try:
            p.check_client_message(message)
        except p.ProtocolError as exc:  # VersionMismatch's is a refusal a player can read, with its own key
            self._refuse(peer, exc.key, **exc.params)
            return
        kind = message["type"]
        if peer.role is None:
            if kind == "hello":
                self._on_hello(peer, message)
            else:
                self._refuse(peer, "lan.refused.hello_first")
        elif kind == "hello":
            self._refuse(peer, "lan.refused.hello_again")
        elif kind == "action":
            self._on_action(peer, message)
        elif kind == "undo":
            self._on_undo(peer, message)
        elif kind == "prefs":
            self._on_prefs(peer, message)
        elif kind == "ping":
            self._send(peer, p.pong(message.get("nonce")))
        elif kind == "bye":
            peer.closing_at = now  # read no more; it goes once its output is out
            peer.said_bye = True
            self._out.append((peer.conn, Close()))
            self.say(t("lan.console.leaves", who=peer.label))
            self._lost(peer)

    def _send(self, peer: Peer, message: dict[str, Any]) -> None:
        if not peer.closed:
            if not self._out:
                self.wake()
            self._out.append((peer.conn, message))

    # --- leaving ---------------------------------------------------------------------------------

    def _refuse(self, peer: Peer, key: str, /, retry: bool = False, **params: Any) -> None:
        """Tell a connection why it is let go (the catalogue's key with params, and its English), then cut
        it once that is sent (or after a grace).

        retry: the refusal is for now only (a crowd, a slow hello): a client that holds a seat tries again.
        A newcomer that has not been welcomed is cut at once, its refusal sent first as far as the socket
        takes it (a few dozen bytes always fit): a flood of them must not hold places for a grace each.
        """
        if peer.closed or peer.closing_at is not None:
            return
        message = wire.message(key, **params)
        self._send(peer, p.refused(wire.english(message), retry, message))
        line = t("lan.console.let_go", who=peer.label, reason=wire.shown(message))
        if peer.role is None:
            self.say(line)
            self._drop(peer, line)
            return
        self._out.append((peer.conn, Close()))
        peer.closing_at = self.now + CLOSE_GRACE
        self.say(line)
        self._lost(peer)

    def _drop(self, peer: Peer, why: str) -> None:
        if peer.closed:
            return
        peer.closed = True
        del self.peers[peer.conn]
        self._out.append((peer.conn, Close(now=True)))
        self.wake()
        if peer.role is not None and not peer.said_bye:
            self.say(t("lan.console.disconnected", who=peer.label, why=why))
        self._lost(peer)

    # --- looking up connections ------------------------------------------------------------------

    def _live(self) -> list[Peer]:
        return [q for q in self.peers.values() if not q.closed and q.closing_at is None]

    def _welcomed(self) -> list[Peer]:
        return [q for q in self._live() if q.role is not None]

    def _players(self) -> list[Peer]:
        return [q for q in self._welcomed() if q.role == "player"]

    def _peer_of(self, seat: int) -> Peer | None:
        return next((q for q in self._players() if q.seat == seat), None)


def _most_crowded(pending: list[Peer], newcomer: Peer) -> Peer:
    """Return the newcomer that makes way: the oldest from the address with the most of them (never the
    newest arrival; between equally crowded addresses, the one whose oldest waited longest)."""
    by_address: dict[Any, list[Peer]] = {}
    for peer in sorted(pending, key=lambda q: q.opened_at):
        by_address.setdefault(_machine(peer.address), []).append(peer)
    by_address.setdefault(_machine(newcomer.address), []).append(newcomer)  # it counts for its address
    crowds = [group for group in by_address.values() if group[0] is not newcomer]
    crowd = max(crowds, key=lambda group: (len(group), -group[0].opened_at))
    return crowd[0]


def _machine(address: Any) -> Any:
    """Return the machine a connection comes from (its address without the port)."""
    return address[0] if isinstance(address, tuple) and address else address
