"""The LAN host: the authoritative table behind TCP connections from players and spectators.

Owns: the listening socket and every connection (a selectors loop on one thread), the handshake (versions,
role, seat claim with a secret token), sending each connection only its own view and events, checking and
applying what players send, the limits that keep a hostile client from hurting the others (frame size,
message rate, stalled frames, silent connections, unread output), dropped players (the seat is reported
missing, the game waits, the host may hand the seat to a computer and gives it back on return), the lobby
phase, discovery announcements, and a clean stop that tells every client the host is closing. With a data
folder it journals every game (net.saving: the journal and the seats' tokens beside it), and `resume_game`
continues a saved game where its journal stops, every LAN seat missing until its player comes back.

The table is the same `game.session.Table` a local game uses; the host holds `lock` whenever it touches it,
and so do `HostLink` (the host's own screen) and the computer players.

Imports the standard library, msgpack (through net.framing), `game` and `net` only. Never pygame, never
game.ui.
"""

from __future__ import annotations

import logging
import secrets
import selectors
import socket
import threading
import time
from collections.abc import Callable
from dataclasses import dataclass
from pathlib import Path
from typing import Any

import msgpack

from game.journal import Journal, JournalError, new_path, read, resume
from game.rules import IllegalAction, events_for
from game.rules.views import _seat_view as _engine_seat_view
from game.session import Table, Update, new_seed
from net import protocol as p
from net.computer import ComputerDriver
from net.discovery import Announcer, HostedGame
from net.framing import HEADER, MAX_FRAME, FrameDecoder, FrameError, encode_frame
from net.legal import pack_legal
from net.lobby import Lobby, Refusal
from net.saving import HostJournal, SeatSecrets, load_secrets, save_secrets, seats_path
from net.words import describe_action, describe_ranking

log = logging.getLogger(__name__)

DEFAULT_PORT = 47475
READ_SIZE = 65536
CLOSE_GRACE = 1.0  # seconds a refused connection has to read its refusal before it is cut


@dataclass
class HostConfig:
    """How a host listens and how hard it is on its clients (tests shorten the times)."""

    players: int = 4
    bind: str = "0.0.0.0"
    port: int = DEFAULT_PORT  # 0: any free port (tests)
    host_name: str = "Two Rivers"
    seed: int | None = None
    variants: tuple[str, ...] = ()
    announce: bool = True
    rate: float = 20.0  # messages a second a client may send, sustained
    burst: float = 40.0
    max_frame: int = 8192  # a client's largest message; real ones are under 200 bytes
    hello_timeout: float = 5.0
    stall_timeout: float = 10.0  # a frame begun and not finished for this long drops the connection
    idle_timeout: float = 30.0  # clients ping every few seconds; silence this long is a dead link
    replace_after: float | None = 60.0  # a missing player's seat goes to the computer after this (None: never)
    computer_delay: float = 0.6
    max_connections: int = 24
    max_unread: int = 4 * 1024 * 1024  # output a client has not read; beyond this it is dropped
    data_dir: Path | None = None  # journal every game in its games/ folder (None: keep no journal)


class Conn:
    """One TCP connection: its bytes, its limits, and who it turned out to be."""

    def __init__(self, sock: socket.socket, address: Any, config: HostConfig, now: float) -> None:
        self.sock = sock
        self.address = address
        self.decoder = FrameDecoder(config.max_frame)
        self.limiter = p.RateLimiter(config.rate, config.burst)
        self.out = bytearray()
        self.role: str | None = None  # None until the hello is accepted
        self.seat: int | None = None
        self.name = ""
        self.opened_at = self.last_heard = now
        self.pending_since: float | None = None
        self.closing_at: float | None = None  # refused or leaving: cut at this time, or once out is sent
        self.closed = False
        self.sent_bytes = 0

    @property
    def label(self) -> str:
        who = self.name or "a new connection"
        return f"{who} ({self.address[0]}:{self.address[1]})" if isinstance(self.address, tuple) else who


class Host:
    """A hosted game: `Host(config).start()`, lobby calls, `start_game()`, ..., `stop()`."""

    def __init__(self, config: HostConfig | None = None, say: Callable[[str], None] | None = None) -> None:
        self.config = config or HostConfig()
        self.say = say or (lambda line: log.info("%s", line))
        self.lock = threading.RLock()
        self.lobby = Lobby(self.config.players, self.config.variants, self.config.host_name[: p.MAX_NAME])
        self.phase = "lobby"  # lobby, playing, over, closed
        self.table: Table | None = None
        self.game_id = secrets.token_hex(6)
        self.missing: dict[int, float] = {}  # seat -> when its player dropped
        self.conns: dict[int, Conn] = {}
        self.links: list[HostLink] = []
        self.ranking: list[dict[str, Any]] | None = None
        self.actions = 0
        self._selector = selectors.DefaultSelector()
        self._listen: socket.socket | None = None
        self._wake_r, self._wake_w = socket.socketpair()
        self._stopping = threading.Event()
        self._thread: threading.Thread | None = None
        self._announcer: Announcer | None = None
        self._computer: ComputerDriver | None = None
        self._closing_reason = "The host has closed the game."
        self.journal: HostJournal | None = None

    # --- life cycle ------------------------------------------------------------------------------

    def start(self) -> Host:
        """Listen, announce, and serve from a background thread."""
        sock = socket.socket(socket.AF_INET, socket.SOCK_STREAM)
        sock.setsockopt(socket.SOL_SOCKET, socket.SO_REUSEADDR, 1)
        try:
            sock.bind((self.config.bind, self.config.port))
            sock.listen(16)
        except OSError:
            sock.close()
            raise
        sock.setblocking(False)
        self._listen = sock
        self._wake_r.setblocking(False)
        self._wake_w.setblocking(False)
        self._selector.register(sock, selectors.EVENT_READ, "listen")
        self._selector.register(self._wake_r, selectors.EVENT_READ, "wake")
        if self.config.announce:
            try:
                self._announcer = Announcer(self._hosted_game(), say=self.say)
                self._announcer.start()
            except (OSError, ValueError) as exc:
                # Joining by address still works; a broken discovery setting must not stop the game.
                self.say(f"Discovery is off ({exc}); players join by typing this machine's address.")
        self._thread = threading.Thread(target=self._run, name="two-rivers-host", daemon=True)
        self._thread.start()
        self.say(f"Listening on {self.config.bind}:{self.port} (game {self.game_id}).")
        return self

    @property
    def announce_problem(self) -> str:
        """Return why players on the LAN cannot see this game by themselves right now ("" while they can)."""
        return self._announcer.problem if self._announcer is not None else ""

    @property
    def port(self) -> int:
        """Return the TCP port listened on."""
        return int(self._listen.getsockname()[1]) if self._listen is not None else self.config.port

    def stop(self, reason: str = "The host has closed the game.") -> None:
        """Tell every client the host is closing, close everything, and wait for the thread."""
        with self.lock:
            if self.phase == "closed":
                return
            self._closing_reason = reason
            self.phase = "closed"
        self._stopping.set()
        self._wake()
        if self._thread is not None:
            self._thread.join(timeout=5.0)
            self._thread = None
        if self._announcer is not None:
            self._announcer.stop()
        if self._computer is not None:
            self._computer.stop()
        if self.journal is not None:
            self.journal.close()
        for sock in (self._wake_r, self._wake_w):
            sock.close()

    def __enter__(self) -> Host:
        return self.start() if self._listen is None else self

    def __exit__(self, *exc_info: object) -> None:
        self.stop()

    def _wake(self) -> None:
        if threading.current_thread() is self._thread:
            return  # the loop flushes after every turn anyway
        try:
            self._wake_w.send(b"!")
        except OSError:
            pass  # the pipe is full (already woken) or closed (stopping)

    # --- the lobby (the host's screen calls these) -----------------------------------------------

    def set_plan(self, seat: int, plan: str, level: str = "normal", name: str | None = None) -> None:
        """Make a lobby seat open for the LAN, played on this screen, or a computer."""
        with self.lock:
            self._only_in_lobby()
            old = self._conn_of(seat)
            if old is not None:  # first, so that freeing the old claim cannot undo the new plan
                self._refuse(old, "The host has given your seat to someone else; choose another.")
            self.lobby.set_plan(seat, plan, level, name)
            self._lobby_changed()

    def set_players(self, players: int) -> None:
        """Change the number of seats; players on seats that go away are asked to choose again."""
        with self.lock:
            self._only_in_lobby()
            for conn in self._players():
                if conn.seat is not None and conn.seat >= players:
                    self._refuse(conn, "The host removed your seat; choose another.")
            self.lobby.set_players(players)
            self._lobby_changed()

    def set_variant(self, variant: str, on: bool) -> None:
        """Switch a variant, or open scores, on or off."""
        with self.lock:
            self._only_in_lobby()
            self.lobby.set_variant(variant, on)
            self._lobby_changed()

    def can_start(self) -> bool:
        """Whether every seat is filled and the game may start."""
        with self.lock:
            return self.phase == "lobby" and self.lobby.filled

    def start_game(self) -> None:
        """Seat everyone at a new table and send each connection its first view."""
        with self.lock:
            self._only_in_lobby()
            if not self.lobby.filled:
                raise Refusal("Some seats are still open.")
            seed = self.config.seed if self.config.seed is not None else new_seed()
            variants = tuple(sorted(self.lobby.variants))
            self.table = Table(self.lobby.table_seats(), seed, variants)
            self.table.subscribe(self._on_change)
            self.phase = "playing"
            names = ", ".join(f"{s.name} ({s.kind})" for s in self.table.seats)
            # Never the seed while the game is on: with it anyone could rebuild the bag order.
            self.say(f"The game starts: {names}; variants {list(variants) or 'none'}.")
            if self.config.data_dir is not None:
                self._start_journal(new_path(self.config.data_dir))
            self._play()

    def _play(self) -> None:
        """Send every connection the table and let the computers play (a new or a resumed game)."""
        assert self.table is not None
        self._computer = ComputerDriver(
            self.table, self.lock, self._is_computer, self._level_of, self.config.computer_delay,
            seed=self.table.seed, submit=self._submit,
        )
        # The lobby says "playing"; a resumed game also says who is missing.
        (self._seats_changed if self.missing else self._lobby_changed)()
        self._on_change([])
        self._computer.start()

    def _start_journal(self, path: Path) -> None:
        """Journal the new game at path, the seats' tokens first (a game without them cannot be taken back)."""
        assert self.table is not None
        secrets_ = self._secrets(0)
        try:
            save_secrets(seats_path(path), secrets_)
        except OSError as exc:
            self.say(f"The seats could not be saved ({exc}); after a restart players choose their seats again.")
        self.journal = HostJournal(self.table, path)
        self.journal.secrets = secrets_
        self._say_journal()

    def _say_journal(self) -> None:
        assert self.journal is not None
        if self.journal.error:
            self.say(f"{self.journal.error} The game goes on unsaved.")
        else:
            self.say(f"The game is saved in {self.journal.path}; `--resume` continues it after a crash.")

    def _secrets(self, undos: int) -> SeatSecrets:
        seats = [{"plan": s.plan, "level": s.level, "token": s.token} for s in self.lobby.slots]
        return SeatSecrets(seats, self.game_id, undos)

    def resume_game(self, path: Path, local: bool = False) -> Journal:
        """Continue a saved LAN game where its journal stops; raise JournalError if it cannot be.

        Every LAN seat is missing until its player comes back with their token (from the seats file beside
        the journal; a seat whose token is lost may be claimed by whoever joins first); computer seats play
        again at once. Seats played on the host's screen stay there when local, else they become LAN seats.
        """
        with self.lock:
            self._only_in_lobby()
            saved = read(path)  # first: a finished or foreign game is refused before anything is written
            if not saved.lan:
                raise JournalError("This saved game was played on one screen, not on the LAN.")
            if saved.finished:
                raise JournalError("This game is over; there is nothing to continue.")
            for conn in self._players():
                self._refuse(conn, "The host continues a saved game instead; join it when it starts.")
            secrets_ = load_secrets(seats_path(path))
            table, writer, journal = resume(path, lan=True, writer=HostJournal)
            assert isinstance(writer, HostJournal)
            self.table, self.journal = table, writer
            self._seat_from_journal(table, secrets_, local)
            self.lobby.variants = set(journal.variants)
            undos = secrets_.undos if secrets_ is not None else 0
            # View ids go on rising from where the clients left them (an action and an undo each count one).
            table.view_id = len(table.records) + 2 * undos
            writer.keep_secrets(self._secrets(undos))
            table.subscribe(self._on_change)
            self.phase = "playing"
            now = time.monotonic()
            self.missing = {i: now for i, slot in enumerate(self.lobby.slots) if slot.plan == "open"}
            actions = len(journal.actions)
            damaged = f" (the file was damaged; it goes on from its last whole action, {actions})" \
                if journal.recovered_from is not None else ""
            self.say(f"The saved game continues after {actions} actions{damaged}.")
            self._say_journal()
            self._play()
            return journal

    def _seat_from_journal(self, table: Table, secrets_: SeatSecrets | None, local: bool) -> None:
        """Make the lobby's seats those of a saved game, tokens and plans from its seats file."""
        if secrets_ is not None and secrets_.game_id:
            self.game_id = secrets_.game_id
        self.lobby.set_players(table.players)
        for i, seat in enumerate(table.seats):
            saved = secrets_.seats[i] if secrets_ is not None and i < len(secrets_.seats) else {}
            plan = saved.get("plan") if saved.get("plan") in ("open", "local", "computer") else \
                ("computer" if seat.is_computer else "open")
            if plan == "local" and not local:
                plan = "open"
            level = saved.get("level") if saved.get("level") in ("easy", "normal", "hard") else \
                (seat.kind if seat.is_computer else "normal")
            token = saved.get("token") if plan == "open" and isinstance(saved.get("token"), str) else None
            slot = self.lobby.slots[i]
            slot.plan, slot.level, slot.token = plan, level, token
            slot.name, slot.dynasty, slot.connected, slot.replaced = seat.name, seat.dynasty, False, False
            seat.kind = slot.kind()

    def local_link(self) -> HostLink:
        """Return a link for the seats played on the host's own screen (and the public view)."""
        with self.lock:
            seats = [i for i, slot in enumerate(self.lobby.slots) if slot.plan == "local"]
            link = HostLink(self, frozenset(seats))
            self.links.append(link)
            if self.table is not None:
                link._push(self.table.update_for(link.shown(), []))
            return link

    def hand_to_computer(self, seat: int) -> None:
        """Let the computer play a missing LAN player's seat until they come back."""
        with self.lock:
            slot = self.lobby.slots[seat]
            if self.table is None or seat not in self.missing or slot.replaced:
                return
            slot.replaced = True
            self.table.seats[seat].kind = slot.level
            self.say(f"The computer plays for {slot.name} until they come back.")
            self._seats_changed()
            if self._computer is not None:
                self._computer.poke()

    def _only_in_lobby(self) -> None:
        if self.phase != "lobby":
            raise Refusal("The game has already started.")

    def _is_computer(self, seat: int) -> bool:
        slot = self.lobby.slots[seat]
        return slot.plan == "computer" or slot.replaced

    def _level_of(self, seat: int) -> str:
        return self.lobby.slots[seat].level

    # --- the loop --------------------------------------------------------------------------------

    def _run(self) -> None:
        try:
            while not self._stopping.is_set():
                ready = self._selector.select(timeout=0.25)
                with self.lock:
                    now = time.monotonic()
                    for key, mask in ready:
                        self._ready(key, mask, now)
                    self._timers(now)
                    self._flush()
                    if self.journal is not None:
                        self.journal.flushed()  # the updates are out: the journal may fsync now
        except Exception:  # noqa: BLE001 - the host must still tell its clients it is going
            log.exception("the host loop failed")
            self._closing_reason = "The host ran into an error and closed the game."
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
            conn: Conn = key.data
            if mask & selectors.EVENT_READ and not conn.closed:
                self._read(conn, now)
            if mask & selectors.EVENT_WRITE and not conn.closed:
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
            sock.setblocking(False)
            sock.setsockopt(socket.IPPROTO_TCP, socket.TCP_NODELAY, 1)  # small updates, sent at once
            conn = Conn(sock, address, self.config, now)
            if len(self.conns) >= self.config.max_connections:
                try:
                    sock.send(encode_frame(p.refused("This table has too many connections already.")))
                except OSError:
                    pass
                sock.close()
                continue
            self.conns[sock.fileno()] = conn
            self._selector.register(sock, selectors.EVENT_READ, conn)

    def _read(self, conn: Conn, now: float) -> None:
        try:
            data = conn.sock.recv(READ_SIZE)
        except (BlockingIOError, InterruptedError):
            return
        except OSError as exc:
            self._drop(conn, f"connection error: {exc}")
            return
        if not data:
            self._drop(conn, "closed the connection")
            return
        if conn.closing_at is not None:
            return  # refused or leaving: what it says now does not matter
        conn.last_heard = now
        try:
            messages = conn.decoder.feed(data)
        except FrameError as exc:
            self._refuse(conn, f"The host could not read your message: {exc}")
            return
        if not conn.decoder.pending_bytes:
            conn.pending_since = None
        elif messages or conn.pending_since is None:
            conn.pending_since = now  # a frame finished: the clock starts again for the one begun
        for message in messages:
            if conn.closed or conn.closing_at is not None:
                break
            self._on_message(conn, message, now)

    def _timers(self, now: float) -> None:
        cfg = self.config
        for conn in list(self.conns.values()):
            if conn.closing_at is not None:
                if now >= conn.closing_at:
                    self._drop(conn, "was cut off after a refusal")
            elif conn.role is None and now - conn.opened_at > cfg.hello_timeout:
                self._refuse(conn, "The host did not hear a hello in time.")
            elif conn.pending_since is not None and now - conn.pending_since > cfg.stall_timeout:
                self._refuse(conn, "Your message stopped halfway; the host let you go.")
            elif now - conn.last_heard > cfg.idle_timeout:
                self._drop(conn, "went silent")
        if cfg.replace_after is not None:
            for seat, since in list(self.missing.items()):
                if now - since >= cfg.replace_after and not self.lobby.slots[seat].replaced:
                    self.hand_to_computer(seat)

    def _flush(self) -> None:
        for conn in list(self.conns.values()):
            if conn.out and not conn.closed:
                self._send(conn)
            if conn.closing_at is not None and not conn.out and not conn.closed:
                self._drop(conn, "was let go")

    def _send(self, conn: Conn) -> None:
        try:
            sent = conn.sock.send(conn.out)
        except (BlockingIOError, InterruptedError):
            sent = 0
        except OSError as exc:
            self._drop(conn, f"connection error: {exc}")
            return
        conn.sent_bytes += sent
        del conn.out[:sent]
        events = selectors.EVENT_READ | (selectors.EVENT_WRITE if conn.out else 0)
        self._selector.modify(conn.sock, events, conn)

    def _shutdown(self) -> None:
        """Send host_closing to everyone, give them a moment to read it, and close every socket."""
        self.phase = "closed"
        for conn in list(self.conns.values()):
            if conn.role is not None and not conn.closed:
                self._queue(conn, p.host_closing(self._closing_reason))
        deadline = time.monotonic() + CLOSE_GRACE
        while time.monotonic() < deadline and any(c.out and not c.closed for c in self.conns.values()):
            for conn in list(self.conns.values()):
                if conn.out and not conn.closed:
                    self._send(conn)
            time.sleep(0.005)
        for conn in list(self.conns.values()):
            self._close(conn)
        if self._listen is not None:
            self._listen.close()
        self._selector.close()
        self.say("The host has stopped.")

    # --- messages from clients -------------------------------------------------------------------

    def _on_message(self, conn: Conn, message: dict[str, Any], now: float) -> None:
        if not conn.limiter.allow(now):
            self._refuse(conn, "You sent too many messages; the host let you go.")
            return
        try:
            p.check_client_message(message)
        except p.ProtocolError as exc:  # VersionMismatch's message is already a refusal a player can read
            self._refuse(conn, str(exc))
            return
        kind = message["type"]
        if conn.role is None:
            if kind == "hello":
                self._on_hello(conn, message, now)
            else:
                self._refuse(conn, "Say hello first.")
        elif kind == "hello":
            self._refuse(conn, "You have already said hello.")
        elif kind == "action":
            self._on_action(conn, message)
        elif kind == "undo":
            self._on_undo(conn, message)
        elif kind == "ping":
            self._queue(conn, p.pong(message.get("nonce")))
        elif kind == "bye":
            conn.closing_at = now  # read no more; it goes once its output is out
            self.say(f"{conn.label} leaves.")
            self._lost(conn)

    def _on_hello(self, conn: Conn, hello: dict[str, Any], now: float) -> None:
        conn.name = hello["name"].strip()
        if hello["role"] == "spectator":
            conn.role = "spectator"
            self._queue(conn, p.welcome(None, None, "spectator", self._lobby_message()))
            self.say(f"{conn.label} watches.")
            self._catch_up(conn)
            return
        try:
            seat, token = self._seat_for(hello)
        except Refusal as exc:
            self._refuse(conn, str(exc))
            return
        old = self._conn_of(seat)
        if old is not None and old is not conn:
            # The same player on a new connection: the old one is a half-dead link from before the drop.
            old.seat = None
            self._drop(old, "was replaced by a new connection of the same player")
        conn.role, conn.seat = "player", seat
        slot = self.lobby.slots[seat]
        slot.connected = True
        back = self.missing.pop(seat, None) is not None
        if slot.replaced:
            slot.replaced = False
            if self.table is not None:
                self.table.seats[seat].kind = "remote"
        self._queue(conn, p.welcome(seat, token, "player", self._lobby_message()))
        self.say(f"{conn.label} {'is back at' if back else 'takes'} seat {seat + 1} ({slot.dynasty}).")
        self._catch_up(conn)
        self._seats_changed()
        if self._computer is not None:
            self._computer.poke()

    def _seat_for(self, hello: dict[str, Any]) -> tuple[int, str]:
        """Return (seat, token) for a player's hello, or raise Refusal."""
        token, seat = hello.get("token"), hello.get("seat")
        if token is not None:
            try:
                return self.lobby.reclaim(seat, token), token
            except Refusal:
                if self.phase != "lobby":
                    raise
        if self.phase == "lobby":
            return self.lobby.claim(seat, hello["name"], hello.get("dynasty"))
        if not self.lobby.free_seats():
            raise Refusal("The game has started and every seat is taken; you can watch instead.")
        return self._claim_in_game(seat, hello["name"])

    def _claim_in_game(self, seat: int | None, name: str) -> tuple[int, str]:
        """Seat a player at a resumed game's seat whose token was lost; its name and dynasty stay."""
        assert self.table is not None
        seat, token = self.lobby.claim(seat, name, None)
        self.lobby.slots[seat].name = self.table.seats[seat].name
        self.table.seats[seat].kind = "remote"
        if self.journal is not None:
            undos = self.journal.secrets.undos if self.journal.secrets is not None else 0
            self.journal.keep_secrets(self._secrets(undos))
        return seat, token

    def _catch_up(self, conn: Conn) -> None:
        """Send a connection that just arrived the current view, and who is missing."""
        if self.table is None:
            return
        self._queue(conn, self._update_message(conn.seat, []))
        self._queue(conn, self._status_message())

    def _on_action(self, conn: Conn, message: dict[str, Any]) -> None:
        if conn.role != "player" or conn.seat is None:
            self._queue(conn, p.error("Spectators watch; they cannot play."))
            return
        if self.table is None or self.phase != "playing":
            self._queue(conn, p.error("The game is not under way."))
            return
        if message["view_id"] != self.table.view_id:
            self._queue(conn, p.error("The table changed before your move arrived; look again.", self.table.view_id))
            return
        # Whatever seat the message names, it acts for the connection's seat; the name is dropped.
        action = {k: v for k, v in message["action"].items() if k != "seat"}
        try:
            self._submit(conn.seat, action)
        except IllegalAction as exc:
            self._queue(conn, p.error(str(exc), self.table.view_id))
        except Exception as exc:  # noqa: BLE001 - a malformed action must never take the table down
            log.warning("action %r from %s raised %s", action, conn.label, exc)
            self._queue(conn, p.error("The host could not understand that action.", self.table.view_id))

    def _on_undo(self, conn: Conn, message: dict[str, Any]) -> None:
        if conn.role != "player" or conn.seat is None or self.table is None:
            self._queue(conn, p.error("There is nothing for you to undo."))
            return
        if message["view_id"] != self.table.view_id:
            self._queue(conn, p.error("The table changed before your undo arrived.", self.table.view_id))
            return
        try:
            self.table.undo(conn.seat)
        except IllegalAction as exc:
            self._queue(conn, p.error(str(exc), self.table.view_id))
            return
        self.say(f"{self.table.seats[conn.seat].name} takes back their last action.")

    def _submit(self, seat: int, action: dict[str, Any]) -> None:
        """Apply one action for seat (raise IllegalAction), and say it in words."""
        assert self.table is not None
        with self.lock:
            self.table.submit(seat, action)
            self.actions += 1
            self.say(describe_action(self.table.seats[seat].name, action))
            if self.table.state.game_over and self.phase == "playing":
                self._game_over()

    def _game_over(self) -> None:
        assert self.table is not None
        self.phase = "over"
        self.ranking = self.table.view(None)["ranking"]
        names = [s.name for s in self.table.seats]
        self.say(f"The game is over ({self.table.state.end_reason}); it was seed {self.table.seed}.")
        for line in describe_ranking(self.ranking or [], names):
            self.say("  " + line)
        self._lobby_changed()

    # --- messages to clients ---------------------------------------------------------------------

    def _queue(self, conn: Conn, message: dict[str, Any]) -> None:
        self._queue_frame(conn, encode_frame(message))

    def _queue_frame(self, conn: Conn, frame: bytes) -> None:
        if conn.closed:
            return
        conn.out += frame
        if len(conn.out) > self.config.max_unread:
            self._drop(conn, "stopped reading")
            return
        self._wake()

    def _update_message(
        self, seat: int | None, events: list[dict[str, Any]], public: dict[str, Any] | None = None
    ) -> dict[str, Any]:
        assert self.table is not None
        view = self.table.view(seat) if public is None else _seat_view_from(self.table, public, seat)
        message = p.update(self.table.view_id, view, events_for(events, seat))
        if seat is not None and self.table.to_move() == seat:
            # The seat to move may act only in these ways; they follow from its own view, so they reveal
            # nothing, and its screen can light up legal squares without the engine's hidden state.
            message["legal"] = pack_legal(self.table.legal_actions(seat))
        return message

    def _on_change(self, events: list[dict[str, Any]]) -> None:
        """Send every connection its update after the table changed (called under the lock)."""
        assert self.table is not None
        frames: dict[int | None, bytes] = {}
        public = self.table.view(None)  # made once; each seat's view adds only that seat's own line to it
        for conn in self._welcomed():
            if conn.seat not in frames:
                frames[conn.seat] = _trusted_frame(self._update_message(conn.seat, events, public))
            self._queue_frame(conn, frames[conn.seat])
        for link in self.links:
            link._push(self.table.update_for(link.shown(), events))
        if self._computer is not None:
            self._computer.poke()

    def _lobby_message(self) -> dict[str, Any]:
        return p.lobby(self.lobby.seats_wire(), self.lobby.options(self.phase))

    def _status_message(self) -> dict[str, Any]:
        replaced = [s for s in self.missing if self.lobby.slots[s].replaced]
        return p.seat_status(list(self.missing), replaced, self.stand_in_after(time.monotonic()))

    def stand_in_after(self, now: float) -> dict[int, float]:
        """Return, for each missing seat a computer will take, the seconds until it does (call under lock)."""
        after = self.config.replace_after
        if after is None:
            return {}
        return {seat: max(0.0, since + after - now) for seat, since in self.missing.items()
                if not self.lobby.slots[seat].replaced}

    def _lobby_changed(self) -> None:
        frame = encode_frame(self._lobby_message())
        for conn in self._welcomed():
            self._queue_frame(conn, frame)
        if self._announcer is not None:
            self._announcer.update(self._hosted_game())

    def _seats_changed(self) -> None:
        self._lobby_changed()
        if self.table is not None:
            frame = encode_frame(self._status_message())
            for conn in self._welcomed():
                self._queue_frame(conn, frame)

    def _hosted_game(self) -> HostedGame:
        return HostedGame(
            host_name=self.lobby.host_name,
            tcp_port=self.port,
            game_id=self.game_id,
            seats_total=len(self.lobby.slots),
            seats_free=len(self.lobby.free_seats()) if self.phase == "lobby" else 0,
            options=self.lobby.options(self.phase),
        )

    # --- leaving ---------------------------------------------------------------------------------

    def _refuse(self, conn: Conn, reason: str) -> None:
        """Tell a connection why it is let go, then cut it once that is sent (or after a grace)."""
        if conn.closed or conn.closing_at is not None:
            return
        self._queue(conn, p.refused(reason))
        conn.closing_at = time.monotonic() + CLOSE_GRACE
        self.say(f"{conn.label} is let go: {reason}")
        self._lost(conn)

    def _drop(self, conn: Conn, why: str) -> None:
        if conn.closed:
            return
        self._close(conn)
        if conn.role is not None:
            self.say(f"{conn.label} {why}.")
        self._lost(conn)

    def _lost(self, conn: Conn) -> None:
        """The connection no longer plays its seat: free it in the lobby, report it missing in a game."""
        seat, conn.seat = conn.seat, None
        if seat is None or conn.role != "player":
            return
        slot = self.lobby.slots[seat]
        slot.connected = False
        if self.phase == "lobby":
            self.lobby.release(seat)
        elif self.phase in ("playing", "over") and slot.plan == "open":
            self.missing.setdefault(seat, time.monotonic())
        if self.phase != "closed":
            self._seats_changed()

    def _close(self, conn: Conn) -> None:
        if conn.closed:
            return
        conn.closed = True
        self.conns.pop(conn.sock.fileno(), None)
        try:
            self._selector.unregister(conn.sock)
        except (KeyError, ValueError):
            pass
        conn.sock.close()

    # --- looking up connections ------------------------------------------------------------------

    def _welcomed(self) -> list[Conn]:
        return [c for c in self.conns.values() if c.role is not None and not c.closed and c.closing_at is None]

    def _players(self) -> list[Conn]:
        return [c for c in self._welcomed() if c.role == "player"]

    def _conn_of(self, seat: int) -> Conn | None:
        return next((c for c in self._players() if c.seat == seat), None)

    def sent_bytes(self) -> int:
        """Return the bytes sent to every connection still open (the benchmark reads this)."""
        with self.lock:
            return sum(c.sent_bytes for c in self.conns.values())


def _seat_view_from(table: Table, public: dict[str, Any], seat: int | None) -> dict[str, Any]:
    """Return table.view(seat), made from the public view by adding what only seat may see.

    view_for differs between viewers only in "seat" and in the viewer's own line of "seats" (RULES.md
    section 18: a hand and its running totals are private to their owner), so one public view serves every
    seat; building five whole views per action was most of the host's work. The LAN tests check the result
    equals table.view(seat) after every game.
    """
    if seat is None:
        return public
    view = dict(public)
    view["seat"] = seat
    seats = list(public["seats"])
    seats[seat] = own_seat_view(table.state, seat)
    view["seats"] = seats
    view["can_undo"] = table.can_undo(seat)
    return view


def own_seat_view(state: Any, seat: int) -> dict[str, Any]:
    """Return seat's own line of the view's "seats", as it sees it."""
    return _engine_seat_view(state, seat, seat)


def _trusted_frame(message: dict[str, Any]) -> bytes:
    """Return a frame for a message the host built from the engine's plain data.

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


class HostLink:
    """The Link of the host's own screen: its local seats and the public view, in this process."""

    def __init__(self, host: Host, local_seats: frozenset[int]) -> None:
        self.host = host
        self.local_seats = local_seats
        self._queue: list[Update] = []

    def shown(self) -> list[int | None]:
        """Return the views this link carries: each local seat, then the public one."""
        return [*sorted(self.local_seats), None]

    def _push(self, update: Update) -> None:
        self._queue.append(update)

    @property
    def missing(self) -> frozenset[int]:
        """Return the seats whose LAN player is gone."""
        with self.host.lock:
            return frozenset(self.host.missing)

    @property
    def computer(self) -> frozenset[int]:
        """Return the missing seats a computer plays until their player comes back."""
        with self.host.lock:
            return frozenset(s for s in self.host.missing if self.host.lobby.slots[s].replaced)

    @property
    def stand_in_at(self) -> dict[int, float]:
        """Return, for each missing seat a computer will take, when it does (time.monotonic())."""
        with self.host.lock:
            now = time.monotonic()
            return {seat: now + left for seat, left in self.host.stand_in_after(now).items()}

    @property
    def state(self) -> str:
        """Return the phase of the hosted game: lobby, playing, over or closed."""
        return self.host.phase

    @property
    def reason(self) -> str:
        """Return why the hosted game closed, or "" while it goes on."""
        return self.host._closing_reason if self.host.phase == "closed" else ""

    def poll(self) -> list[Update]:
        """Return the updates since the last poll, oldest first."""
        with self.host.lock:
            out, self._queue = self._queue, []
        return out

    def _refusal(self, reason: str) -> None:
        view_id = self.host.table.view_id if self.host.table is not None else 0
        self._queue.append(Update(view_id, {}, {}, error=reason))

    def send(self, seat: int, action: dict[str, Any]) -> None:
        """Act for a seat of this screen; a refusal is queued as an Update with the reason."""
        with self.host.lock:
            if seat not in self.local_seats or self.host.table is None:
                self._refusal("That seat is not played on this screen.")
                return
            try:
                self.host._submit(seat, dict(action))
            except IllegalAction as exc:
                self._refusal(str(exc))

    def legal_actions(self, seat: int) -> list[dict[str, Any]]:
        """Return what seat may do now."""
        with self.host.lock:
            table = self.host.table
            return table.legal_actions(seat) if table is not None and seat in self.local_seats else []

    def undo(self, seat: int) -> None:
        """Take back seat's last action if the table allows it."""
        with self.host.lock:
            if seat not in self.local_seats or self.host.table is None:
                self._refusal("That seat is not played on this screen.")
                return
            try:
                self.host.table.undo(seat)
            except IllegalAction as exc:
                self._refusal(str(exc))

    def close(self) -> None:
        """Leave the table: the hosted game ends for everyone."""
        self.host.stop("The host has left the game.")
