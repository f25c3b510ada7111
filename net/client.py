"""The LAN client: `NetLink`, a whole net.lanlink.LanLink (a game.session.Link) to a hosted table over TCP.

Owns: connecting to a host, the hello, reading the host's messages on a background thread into a queue of
`game.session.Update`s (the same shape a LocalLink gives the table scene), sending actions with the view
id they were decided on, keeping the link alive with pings, reconnecting with the seat's token after a drop
(`state == "reconnecting"`; a link that holds a seat also tries again when the host cut it before a word,
or refused it for now only: `"retry"`), and a clear final state when the host is gone (`"closed"`) or
refuses us for good (`"refused"`), with `reason` in words. Every word the host sends comes as a catalogue
key with parameters beside its English (game.i18n.wire): the link shows it in this program's language,
the English when the words are malformed or unknown here; its own reasons go through `t` directly.
`WireClient`, the scripted client of tests and benchmarks, lives in net.wireclient and is named here too.

Imports the standard library, msgpack (through net.framing), `game` and `net` only. Never pygame, never
game.ui.

A little over 400 lines: NetLink's two threads (the socket reader and the screen's calls) share its state,
so its connection, reconnection and message handling stay in one class.
"""

from __future__ import annotations

import logging
import socket
import threading
import time
from dataclasses import dataclass, field
from typing import Any

from game.i18n import t, wire
from game.rules import events_for, hide_own
from game.session import LinkStatus, Update
from net import protocol as p
from net.framing import FrameDecoder, FrameError, encode_frame
from net.lanlink import SeatStatus
from net.legal import unpack_legal
from net.wireclient import Refused, WireClient, recv_ready

__all__ = ["NetLink", "Refused", "WireClient", "public_view"]  # WireClient lives in net.wireclient

log = logging.getLogger(__name__)

STATES = ("connecting", "lobby", "playing", "reconnecting", "closed", "refused")
BACKOFF = (0.2, 0.5, 1.0, 2.0, 3.0)  # seconds between reconnection attempts, the last one repeated
UNREACHABLE, CUT, ANSWERED = "unreachable", "cut", "answered"  # how a connection to the host ended


def public_view(view: dict[str, Any]) -> dict[str, Any]:
    """Return the spectator's view of the table, made from one seat's view (the rules' hide_own)."""
    return hide_own(view)


class NetLink:
    """A LanLink (net.lanlink, all of it) to a table on a LAN host, for a player or a spectator."""

    def __init__(
        self,
        address: str,
        port: int,
        name: str,
        role: str = "player",
        seat: int | None = None,
        dynasty: str | None = None,
        token: str | None = None,
        *,
        confirm_turn: bool = False,
        reconnect_for: float = 120.0,
        ping_every: float = 3.0,
        silence_limit: float = 12.0,
        connect_timeout: float = 3.0,
    ) -> None:
        self.address, self.port, self.name, self.role = address, port, name, role
        self.seat, self.dynasty, self.token = seat, dynasty, token
        self.confirm_turn = confirm_turn  # ask the host to hold our turns until we end them (told at each hello)
        self.reconnect_for, self.ping_every = reconnect_for, ping_every
        self.silence_limit, self.connect_timeout = silence_limit, connect_timeout
        self.state = "connecting"
        self.reason = ""
        self.refusal: str | None = None  # the catalogue key of a refusal for good (what the host said no to)
        self.lobby: dict[str, Any] | None = None
        # The last update as one value (its view id, views and legal actions), replaced in one assignment:
        # another thread reads all of one update or all of the next, never a mix.
        self._seen = _Seen()
        # Each action's events as our seat (or, watching, everyone) saw them: the host's history of the game
        # when we (re)joined, then each update's. `_told` is the story as of the last poll, so that a screen
        # which opens its log from history() and then reads later updates tells each move once.
        self._story: list[list[dict[str, Any]]] = []
        self._told: list[list[dict[str, Any]]] = []
        self._incoming: list[list[dict[str, Any]]] = []  # history parts received so far
        self.history_epoch = 0  # counts the host's histories taken in: a screen rebuilds its log when it moves
        self._seats = SeatStatus()  # the host's last seat_status, replaced whole
        self.welcomed = False
        self.host_notice = ""  # the host's last news for every player (a game resumed at an earlier position)
        self.attempts = 0  # connections tried since the link was made (each reconnection counts one)
        self._queue: list[Update] = []
        self._lock = threading.Lock()
        self._send_lock = threading.Lock()
        self._sock: socket.socket | None = None
        self._stop = threading.Event()
        self._thread = threading.Thread(target=self._run, name="two-rivers-netlink", daemon=True)
        self._thread.start()

    # --- the Link ------------------------------------------------------------------------------

    @property
    def latest(self) -> dict[str, Any] | None:
        """Return the last view received: our seat's, or the public one."""
        return self._seen.latest

    @property
    def view_id(self) -> int | None:
        """Return the view id of the last update (None before the game starts)."""
        return self._seen.view_id

    def seat_status(self) -> SeatStatus:
        """Return how the seats stand, as the host last said (one snapshot)."""
        return self._seats

    @property
    def missing(self) -> frozenset[int]:
        """Return the seats whose LAN player is gone."""
        return self._seats.missing

    @property
    def computer(self) -> frozenset[int]:
        """Return the missing seats a computer plays until their player comes back."""
        return self._seats.computer

    @property
    def stand_in_at(self) -> dict[int, float]:
        """Return, for each missing seat a computer will take, when it does (time.monotonic())."""
        return self._seats.stand_in_at

    def reopen(self, seat: int) -> None:
        """Only the host reopens seats: a player's screen says so."""
        self._error(t("lan.link.only_host_reopens"))

    @property
    def local_seats(self) -> frozenset[int]:
        """Return the seat played through this link (none for a spectator)."""
        return frozenset([self.seat]) if self.role == "player" and self.seat is not None and self.welcomed \
            else frozenset()

    @property
    def status(self) -> LinkStatus:
        """Return how the link stands, as every Link says it."""
        if self.state in ("closed", "refused"):
            return LinkStatus.LOST
        if self.state == "reconnecting":
            return LinkStatus.RECONNECTING
        return LinkStatus.PLAYING if self.latest is not None else LinkStatus.CONNECTING

    @property
    def notice(self) -> str:
        """Return the line the table shows about the link ("" while all is well): why it is gone, that it
        is getting its seat back, or the host's news (a game resumed at an earlier position, until the
        next action)."""
        if self.gone:
            return self.reason
        if self.state == "reconnecting":
            return t("lan.link.reconnecting")
        return self.host_notice

    def view(self, seat: int | None) -> dict[str, Any] | None:
        """Return the latest view of our seat, or the public one (None); None for any other seat."""
        return self._seen.views.get(seat)

    def history(self, seat: int | None) -> list[dict[str, Any]]:
        """Return our seat's events of the whole game (None for a spectator: the public events), undone
        actions removed, as of the last poll: the host sends the game so far at every (re)join."""
        ours = self.seat if self.local_seats else None
        if seat != ours or not self.welcomed:
            return []
        with self._lock:
            return [event for events in self._told for event in events]

    @property
    def reconnecting(self) -> bool:
        """Whether the link lost the host and is trying to get its seat back."""
        return self.state == "reconnecting"

    @property
    def gone(self) -> bool:
        """Whether the link is over for good (the host closed, refused us, or never came back)."""
        return self.state in ("closed", "refused")

    def poll(self) -> list[Update]:
        """Return the updates since the last poll, oldest first."""
        with self._lock:
            out, self._queue = self._queue, []
            if out:
                self._told = list(self._story)
        return out

    def send(self, seat: int, action: dict[str, Any], view_id: int | None = None) -> None:
        """Play action for our seat, as decided on view_id (None: the latest view); the host refuses it if
        the table has moved on since. A refusal comes back as an Update."""
        if seat not in self.local_seats:
            self._error(t("lan.error.not_this_screen"))
        elif self.view_id is None:
            self._error(t("lan.link.not_started"))
        else:
            self._send_message(p.action(self.view_id if view_id is None else view_id, action))

    def undo(self, seat: int) -> None:
        """Ask the host to take back our last action."""
        if seat not in self.local_seats or self.view_id is None:
            self._error(t("lan.error.nothing_to_undo"))
        else:
            self._send_message(p.undo(self.view_id))

    def legal_actions(self, seat: int) -> list[dict[str, Any]]:
        """Return what our seat may do now, as the host listed it with the latest view."""
        return list(self._seen.legal) if seat in self.local_seats else []

    def set_confirm_turn(self, on: bool) -> None:
        """Ask the host to hold our turns until we end them (or no longer); said again at every hello."""
        if on != self.confirm_turn:
            self.confirm_turn = on
            if self.state in ("lobby", "playing") and self.role == "player" and self.welcomed:
                self._send_message(p.prefs(on), quiet=True)

    def close(self) -> None:
        """Say goodbye and stop."""
        if not self.gone:
            self._send_message(p.bye(), quiet=True)
            self._finish("closed", self.reason or t("lan.link.you_left"))
        self._stop.set()
        self._shut()
        if threading.current_thread() is not self._thread:
            self._thread.join(timeout=3.0)

    # --- sending -------------------------------------------------------------------------------

    def _error(self, reason: str) -> None:
        with self._lock:
            self._queue.append(Update(self.view_id or 0, {}, {}, error=reason))

    def _send_message(self, message: dict[str, Any], quiet: bool = False) -> None:
        sock = self._sock
        if sock is None or self.state not in ("lobby", "playing"):
            if not quiet:
                self._error(t("lan.link.not_connected"))
            return
        try:
            with self._send_lock:
                sock.sendall(encode_frame(message))
        except OSError as exc:
            if not quiet:
                self._error(t("lan.link.move_lost", error=str(exc)))
            self._shut()  # the reader notices and reconnects

    def _shut(self) -> None:
        sock = self._sock
        if sock is not None:
            try:
                sock.shutdown(socket.SHUT_RDWR)
            except OSError:
                pass

    # --- the reader thread ---------------------------------------------------------------------

    def _run(self) -> None:
        lost_at: float | None = None
        attempt = 0
        while not self._stop.is_set() and not self.gone:
            ended = self._session()
            self.attempts += 1
            if self._stop.is_set() or self.gone:
                break
            # A link that holds a seat (welcomed before, or a token kept from a crash) tries again when the
            # host took the connection and cut it (a crowd of newcomers made it make way) or refused it for
            # now; a new player whose first try finds no game is told so at once.
            holds_seat = self.welcomed or self.token is not None
            if not self.welcomed and (ended == UNREACHABLE or (ended == CUT and not holds_seat)):
                nobody = t("lan.link.no_game_answers", address=self.address, port=self.port)
                self._finish("closed", self.reason or nobody)
                break
            now = time.monotonic()
            lost_at = lost_at if self.state == "reconnecting" and lost_at is not None else now
            if self.state != "reconnecting":
                attempt = 0
            self.state = "reconnecting"
            if now - lost_at > self.reconnect_for:
                self._finish("closed", t("lan.link.host_gone"))
                break
            self._stop.wait(BACKOFF[min(attempt, len(BACKOFF) - 1)])
            attempt += 1

    def _finish(self, state: str, reason: str) -> None:
        # The reason first: a screen that sees the link gone (another thread) reads why at once.
        self.reason = reason
        self.state = state

    def _session(self) -> str:
        """Connect, say hello and read until the link drops; return UNREACHABLE, CUT (connected, no word from
        the host) or ANSWERED."""
        try:
            sock = socket.create_connection((self.address, self.port), timeout=self.connect_timeout)
        except OSError as exc:
            self.reason = self.reason if self.welcomed else \
                t("lan.link.unreachable", address=self.address, port=self.port, error=str(exc))
            return UNREACHABLE
        sock.setsockopt(socket.IPPROTO_TCP, socket.TCP_NODELAY, 1)
        sock.settimeout(5.0)  # a send never hangs for long on a host that stopped reading
        self._sock = sock
        decoder = FrameDecoder()
        answered = False
        try:
            hello_seat = self.seat if self.role == "player" else None
            hello = p.hello(self.name, self.role, hello_seat, self.token, self.dynasty, self.confirm_turn)
            sock.sendall(encode_frame(hello))
            last_heard = last_ping = time.monotonic()
            while not self._stop.is_set() and not self.gone:
                now = time.monotonic()
                if now - last_heard > self.silence_limit:
                    return ANSWERED if answered else CUT
                if now - last_ping > self.ping_every and answered:
                    self._send_message(p.ping(), quiet=True)
                    last_ping = now
                data = recv_ready(sock, 0.2)
                if data is None:
                    continue
                if not data:
                    return ANSWERED if answered else CUT
                last_heard = now
                for message in decoder.feed(data):
                    answered = True
                    self._on_message(message)
        except (OSError, FrameError, p.ProtocolError) as exc:
            log.info("link to %s:%d dropped: %s", self.address, self.port, exc)
        finally:
            self._sock = None
            sock.close()
        return ANSWERED if answered else CUT

    def _on_message(self, message: dict[str, Any]) -> None:
        p.check_host_message(message)
        kind = message["type"]
        if kind == "welcome":
            self._on_welcome(message)
        elif kind == "refused":
            if message.get("retry") is True and (self.welcomed or self.token is not None):
                self.reason = shown(message)  # for now only: the seat is still ours; try again after a pause
            else:
                said = message.get("message")
                self.refusal = said.get("key") if isinstance(said, dict) else None
                self._finish("refused", shown(message))
        elif kind == "host_closing":
            self._finish("closed", shown(message))
        elif kind == "lobby":
            self._on_lobby(message)
        elif kind == "history":
            self._on_history(message)
        elif kind == "update":
            self._on_update(message)
        elif kind == "error":
            with self._lock:
                self._queue.append(Update(message["view_id"] or self.view_id or 0, {}, {}, error=shown(message)))
        elif kind == "notice":
            self.host_notice = shown(message, "text")
            with self._lock:  # shown like a refusal's reason: in words, over the table, for a moment
                self._queue.append(Update(self.view_id or 0, {}, {}, error=self.host_notice))
        elif kind == "seat_status":
            computer = message.get("computer")
            self._seats = SeatStatus(  # one assignment: the screen reads one snapshot or the next
                frozenset(s for s in message["missing"] if isinstance(s, int)),
                frozenset(s for s in computer if isinstance(s, int)) if isinstance(computer, list) else frozenset(),
                _stand_in_at(message.get("stand_in"), time.monotonic()),
            )

    def _on_welcome(self, message: dict[str, Any]) -> None:
        self.role = message["role"]
        if self.role == "player":
            with self._lock:  # read together by seat_key() on the screen's thread
                self.seat, self.token = message["seat"], message["token"]
        # Last: a screen that sees us welcomed (local_seats, on another thread) finds the seat given.
        self.welcomed = True
        self._on_lobby(message["lobby"])

    def seat_key(self) -> tuple[str, int, int, str] | None:
        """Return (address, port, seat, token) once the host has seated this player: what takes the seat back
        after a restart (LanLink)."""
        with self._lock:
            if self.role == "player" and self.welcomed and self.seat is not None and self.token is not None:
                return self.address, self.port, self.seat, self.token
        return None

    def _on_lobby(self, message: dict[str, Any]) -> None:
        self.lobby = message
        phase = message.get("options", {}).get("phase")
        if phase == "lobby":
            self.state = "lobby"
        elif self.latest is not None:
            self.state = "playing"

    def _on_history(self, message: dict[str, Any]) -> None:
        """Take in one part of the game so far; the last part replaces our story (the host knows best)."""
        if message["part"] == 0:
            self._incoming = []
        self._incoming.extend(message["actions"])
        if message["part"] == message["parts"] - 1:
            with self._lock:
                self._story, self._incoming = self._incoming, []
                self._told = list(self._story)
                # Updates not yet polled are in the history now: their views still count, their events are
                # told by the history (a screen retells its log from it when history_epoch moves).
                self._queue = [Update(u.view_id, u.views, {}, u.error) for u in self._queue]
                self.history_epoch += 1

    def _on_update(self, message: dict[str, Any]) -> None:
        view, events = message["view"], message["events"]
        seat = view.get("seat")
        if seat is None:
            update = Update(message["view_id"], {None: view}, {None: events})
        else:
            update = Update(
                message["view_id"],
                {seat: view, None: public_view(view)},
                {seat: events, None: events_for(events, None)},
            )
        # One assignment: whoever sees the new view id (another thread) finds its views and legal actions.
        self._seen = _Seen(message["view_id"], view, update.views, unpack_legal(message.get("legal")))
        self.state = "playing"
        with self._lock:
            if any(e.get("kind") == "undone" for e in events):
                if self._story:
                    self._story.pop()
            elif events:
                self._story.append(list(events))
                self.host_notice = ""  # play moved on from where the host's news was told
            self._queue.append(update)


@dataclass(frozen=True)
class _Seen:
    """The last update a link received: its view id, our seat's view, the views by seat, the legal actions."""

    view_id: int | None = None
    latest: dict[str, Any] | None = None
    views: dict[int | None, dict[str, Any]] = field(default_factory=dict)
    legal: list[dict[str, Any]] = field(default_factory=list)


def shown(message: dict[str, Any], english: str = "reason") -> str:
    """Return a host message's words in this program's language: its `message` (a key and parameters), or
    the English text in the field english when that is missing, malformed or unknown to this version."""
    return wire.shown(message.get("message"), fallback=message[english])


def _stand_in_at(pairs: Any, now: float) -> dict[int, float]:
    """Return seat -> when a computer takes it, from a seat_status's [seat, seconds] pairs (odd ones skipped)."""
    if not isinstance(pairs, list):
        return {}
    out: dict[int, float] = {}
    for pair in pairs:
        if (isinstance(pair, list) and len(pair) == 2 and isinstance(pair[0], int)
                and isinstance(pair[1], int | float) and 0 <= pair[1] <= 86400):
            out[pair[0]] = now + float(pair[1])
    return out
