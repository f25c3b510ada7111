"""The LAN host: `net.core.HostCore` behind sockets, with the journal's disk work and the computer seats.

Owns: `Host`, what the host's screen and the headless host hold: starting and stopping (the selectors loop
is net.shell's), the lobby calls, starting a new game and its journal (net.saving: the journal and the
seats' tokens beside it), resuming a saved one (net.resume), discovery announcements, the computer seats
(one small seam, `_start_computers`), and `HostLink`, the host player's own screen: a LocalLink over the
hosted table. Every rule of the protocol is the core's.

The table is the same `game.session.Table` a local game uses; whoever touches it or the core holds `lock`:
the loop, `HostLink` (the host's own screen), the computer players, and tests that peek.

Imports the standard library, msgpack (through net.framing), `game` and `net` only. Never pygame, never
game.ui.

A little over 400 lines: the host's lobby calls, its journal's disk work, discovery and HostLink all hold
the same lock and the same core; each is short.
"""

from __future__ import annotations

import logging
import threading
import time
from collections.abc import Callable, Iterable
from pathlib import Path
from typing import Any

from game.i18n import t, wire
from game.journal import Journal, new_path
from game.session import LinkStatus, LocalLink, Table, Update, new_seed
from net import resume as resuming
from net.computers import HostComputers
from net.core import HostCore
from net.discovery import Announcer, HostedGame
from net.lanlink import SeatStatus
from net.lobby import Lobby, Refusal
from net.peers import HostConfig
from net.saving import HostJournal, SeatSecrets, save_secrets, seats_path
from net.shell import SocketLoop

__all__ = ["DEFAULT_PORT", "Host", "HostConfig", "HostLink", "Refusal"]

log = logging.getLogger(__name__)

DEFAULT_PORT = 47475


class Host(SocketLoop):
    """A hosted game: `Host(config).start()`, lobby calls, `start_game()`, ..., `stop()`."""

    def __init__(self, config: HostConfig | None = None, say: Callable[[str], None] | None = None) -> None:
        super().__init__()
        self.config = config or HostConfig()
        self.say = say or (lambda line: log.info("%s", line))
        self.lock = threading.RLock()
        self.core = HostCore(self.config, self.say)
        self.core.wake = self._wake
        self.core.on_lobby = self._announce
        self.core.on_table = self._poke_computers
        self.links: list[HostLink] = []
        self._announcer: Announcer | None = None
        self._computers: HostComputers | None = None

    # --- what the core knows, for the host's screen and the tests ---------------------------------

    @property
    def lobby(self) -> Lobby:
        return self.core.lobby

    @lobby.setter
    def lobby(self, lobby: Lobby) -> None:
        self.core.lobby = lobby  # a test may watch who reads it

    @property
    def phase(self) -> str:
        return self.core.phase

    @property
    def table(self) -> Table | None:
        return self.core.table

    @property
    def missing(self) -> dict[int, float]:
        return self.core.missing

    @property
    def ranking(self) -> list[dict[str, Any]] | None:
        return self.core.ranking

    @property
    def actions(self) -> int:
        return self.core.actions

    @property
    def game_id(self) -> str:
        return self.core.game_id

    @property
    def journal(self) -> HostJournal | None:
        return self.core.journal

    @property
    def resume_warning(self) -> str:
        """Return what the host's screen must be told of a resumed game's closed seats ("" when none)."""
        with self.lock:
            return self.core.resume_warning

    # --- life cycle ------------------------------------------------------------------------------

    def start(self) -> Host:
        """Listen, announce, and serve from a background thread."""
        self._listen_on(self.config.bind, self.config.port)
        if self.config.announce:
            try:
                self._announcer = Announcer(self._hosted_game(), say=self.say)
                self._announcer.start()
            except (OSError, ValueError) as exc:
                # Joining by address still works; a broken discovery setting must not stop the game.
                self.say(t("lan.console.discovery_off", error=str(exc)))
        self._thread = threading.Thread(target=self._run, name="two-rivers-host", daemon=True)
        self._thread.start()
        self.say(t("lan.console.listening", address=self.config.bind, port=self.port, game=self.game_id))
        return self

    @property
    def announce_problem(self) -> str:
        """Return why players on the LAN cannot see this game by themselves right now ("" while they can)."""
        return self._announcer.problem if self._announcer is not None else ""

    @property
    def port(self) -> int:
        """Return the TCP port listened on."""
        return int(self._listen.getsockname()[1]) if self._listen is not None else self.config.port

    def stop(self, reason: str | None = None, key: str = "lan.closing.closed") -> None:
        """Tell every client the host is closing, close everything, and wait for the thread.

        key: the closing reason in the catalogue (each client words it); reason: an English text of the
        caller's own instead, sent as it is.
        """
        with self.lock:
            if self.phase == "closed":
                return
            self._closing_message = None if reason is not None else wire.message(key)
            self._closing_reason = reason if reason is not None else wire.english(self._closing_message or {})
            self.core.phase = "closed"
        self._stopping.set()
        self._wake()
        if self._thread is not None:
            self._thread.join(timeout=5.0)
            self._thread = None
        if self._announcer is not None:
            self._announcer.stop()
        if self._computers is not None:
            self._computers.close()
        if self.journal is not None:
            self.journal.close()
        for sock in (self._wake_r, self._wake_w):
            sock.close()

    def __enter__(self) -> Host:
        return self.start() if self._listen is None else self

    def __exit__(self, *exc_info: object) -> None:
        self.stop()

    def _core_now(self) -> HostCore:
        """Return the core, told the time: what the host's screen starts is timed from now."""
        self.core.now = time.monotonic()
        return self.core

    def _after_turn(self) -> None:
        if self.journal is not None:
            self.journal.flushed()  # the updates are out: the journal may fsync now

    def _before_send(self) -> None:
        if self.journal is not None:
            self.journal.write_pending()  # an undo is on disk before any player is shown it

    def _save_secrets(self, secrets: SeatSecrets) -> None:
        if self.journal is not None:
            self.journal.keep_secrets(secrets)

    # --- the lobby and the game (the host's screen calls these) -----------------------------------

    def set_plan(self, seat: int, plan: str, level: str = "normal", name: str | None = None) -> None:
        """Make a lobby seat open for the LAN, played on this screen, or a computer."""
        with self.lock:
            self._core_now().set_plan(seat, plan, level, name)

    def set_players(self, players: int) -> None:
        """Change the number of seats; players on seats that go away are asked to choose again."""
        with self.lock:
            self._core_now().set_players(players)

    def set_variant(self, variant: str, on: bool) -> None:
        """Switch a variant, or open scores, on or off."""
        with self.lock:
            self._core_now().set_variant(variant, on)

    def set_host_name(self, name: str, player: str | None = None) -> None:
        """Call the table by a new name (and its host player by theirs): every client and the announcement
        hear it at once."""
        with self.lock:
            self._core_now().set_host_name(name, player)

    def can_start(self) -> bool:
        """Whether every seat is filled and the game may start."""
        with self.lock:
            return self.core.can_start()

    def start_game(self) -> None:
        """Seat everyone at a new table and send each connection its first view."""
        with self.lock:
            seed = self.config.seed if self.config.seed is not None else new_seed()
            # The computers' seed apart from the game's (a test may give both); the table shares our lock.
            self._core_now().start_game(seed, ai_seed=self.config.ai_seed, lock=self.lock)
            if self.config.data_dir is not None:
                self._start_journal(new_path(self.config.data_dir))
            self._start_computers()

    def resume_game(self, path: Path, local: bool = False, reopen: Iterable[int] = ()) -> Journal:
        """Continue a saved LAN game where its journal stops (net.resume); raise JournalError if it cannot be."""
        with self.lock:
            journal, _ = resuming.resume_game(self._core_now(), path, local, reopen, lock=self.lock)
            self._say_journal()
            self._start_computers()
            return journal

    def reopen_seats(self, seats: Iterable[int]) -> None:
        """Let the next player who joins without a token take these seats (their tokens are lost)."""
        with self.lock:
            self._core_now().reopen_seats(sorted(set(seats)))

    def hand_to_computer(self, seat: int) -> None:
        """Let the computer play a missing LAN player's seat until they come back."""
        with self.lock:
            self._core_now().hand_to_computer(seat)

    def cut_seat(self, seat: int, why: str) -> bool:
        """Close a seated player's connection from this end, as a broken cable would; False if it has none."""
        with self.lock:
            peer = self.core._peer_of(seat)
            if peer is None:
                return False
            self._close(peer.conn)
            self._deliver(self.core.disconnect(peer.conn, why, time.monotonic()))
            return True

    def local_link(self) -> HostLink:
        """Return a link for the seats played on the host's own screen (and the public view)."""
        with self.lock:
            seats = [i for i, slot in enumerate(self.lobby.slots) if slot.plan == "local"]
            link = HostLink(self, frozenset(seats))
            self.links.append(link)
            return link

    def _start_journal(self, path: Path) -> None:
        """Journal the new game at path, the seats' tokens first (a game without them cannot be taken back)."""
        assert self.table is not None
        secrets_ = self.core.secrets()
        try:
            save_secrets(seats_path(path), secrets_)
        except OSError as exc:
            self.say(t("lan.console.seats_not_saved", error=str(exc)))
        journal = HostJournal(self.table, path)
        journal.secrets = secrets_
        self.core.journal = journal
        self._say_journal()

    def _say_journal(self) -> None:
        assert self.journal is not None
        if self.journal.error:
            self.say(t("lan.console.unsaved", error=self.journal.error))
        else:
            self.say(t("lan.console.saved_in", path=str(self.journal.path)))

    # --- the computer seats: the one seam between the host and whoever decides for them -------------

    def _start_computers(self) -> None:
        assert self.table is not None
        self._computers = HostComputers(self.table, self.lock, self._level_of, min_think=self.config.computer_delay,
                                        workers=self.config.computer_workers)
        self._computers.start()

    def _level_of(self, seat: int) -> str | None:
        """Return the level the computer plays seat at now, or None when a person plays it or the hosted
        game is no longer being played (a closed host's computers must not move in its journal)."""
        with self.lock:
            if self.core.phase != "playing" or not self.core.is_computer(seat):
                return None
            return self.core.level_of(seat)

    def _poke_computers(self) -> None:
        if self._computers is not None:
            self._computers.poke()

    # --- discovery -------------------------------------------------------------------------------

    def _announce(self) -> None:
        if self._announcer is not None:
            self._announcer.update(self._hosted_game())

    def _hosted_game(self) -> HostedGame:
        return HostedGame(
            host_name=self.lobby.host_name,
            host_player=self.lobby.host_player,
            tcp_port=self.port,
            game_id=self.game_id,
            seats_total=len(self.lobby.slots),
            seats_free=len(self.lobby.free_seats()) if self.phase == "lobby" else 0,
            options=self.lobby.options(self.phase),
        )

class HostLink(LocalLink):
    """The LanLink (net.lanlink) of the host's own screen: a LocalLink over the hosted table, every call under
    the host's lock."""

    history_epoch = 0  # the host's own table never needs to tell its screen the game again

    def __init__(self, host: Host, local_seats: frozenset[int]) -> None:
        assert host.table is not None, "the host's screen joins the table once the game is seated"
        self.host = host
        # The host's journal, when it keeps one: the screen offers Continue for what is on disk.
        super().__init__(host.table, local_seats, journal=host.journal)

    def seat_status(self) -> SeatStatus:
        """Return how the seats stand, all of it read at once under the host's lock."""
        with self.host.lock:
            missing, slots = self.host.missing, self.host.lobby.slots
            computer = frozenset(s for s in missing if slots[s].replaced)
            after = self.host.config.replace_after
            stand_in_at = {} if after is None else {seat: since + after for seat, since in missing.items()
                                                    if seat not in computer}
            # A missing LAN player's seat may be given up (their token lost) for the next player to take.
            reopenable = frozenset(s for s in missing if slots[s].plan == "open") \
                if self.host.phase == "playing" else frozenset()
            return SeatStatus(frozenset(missing), computer, stand_in_at, reopenable)

    @property
    def missing(self) -> frozenset[int]:
        """Return the seats whose LAN player is gone."""
        return self.seat_status().missing

    @property
    def computer(self) -> frozenset[int]:
        """Return the missing seats a computer plays until their player comes back."""
        return self.seat_status().computer

    @property
    def stand_in_at(self) -> dict[int, float]:
        """Return, for each missing seat a computer will take, when it does (time.monotonic())."""
        return self.seat_status().stand_in_at

    def reopen(self, seat: int) -> None:
        """Give up a missing seat's token: the next player who joins without one takes the seat."""
        try:
            self.host.reopen_seats([seat])
        except Refusal as exc:
            with self.host.lock:
                self._queue.append(self._refusal(wire.shown(exc.message, str(exc))))

    @property
    def host_notice(self) -> str:
        """Return "": the host's own screen is told its news in a dialog as it resumes the game."""
        return ""

    @property
    def reason(self) -> str:
        """Return why the hosted game closed (in this screen's language), or "" while it goes on."""
        with self.host.lock:  # the loop's thread closes the game and words its reason
            if self.host.phase != "closed":
                return ""
            message, english = self.host._closing_message, self.host._closing_reason
        return wire.shown(message, english)

    @property
    def status(self) -> LinkStatus:
        """Return how the link stands: playing while the host serves, lost once it has closed."""
        with self.host.lock:
            return LinkStatus.LOST if self.host.phase == "closed" else LinkStatus.PLAYING

    @property
    def notice(self) -> str:
        """Return why the hosted game closed, or the host's news to its players ("" when there is none)."""
        with self.host.lock:
            news = self.host.core.notice
            return self.reason or (wire.shown(news, wire.english(news)) if news is not None else "")

    @property
    def state(self) -> str:
        """Return the phase of the hosted game: lobby, playing, over or closed."""
        with self.host.lock:
            return self.host.phase

    def poll(self) -> list[Update]:
        """Return the updates since the last poll, oldest first."""
        with self.host.lock:
            return super().poll()

    def send(self, seat: int, action: dict[str, Any], view_id: int | None = None) -> None:
        """Act for a seat of this screen (decided on view_id, if given); a refusal is queued as an Update."""
        with self.host.lock:
            super().send(seat, dict(action), view_id)

    def legal_actions(self, seat: int) -> list[dict[str, Any]]:
        """Return what seat may do now (only for this screen's seats)."""
        with self.host.lock:
            return super().legal_actions(seat) if seat in self.local_seats else []

    def undo(self, seat: int) -> None:
        """Take back seat's last action if the table allows it (only for this screen's seats)."""
        with self.host.lock:
            if seat not in self.local_seats:
                self._queue.append(self._refusal(t("lan.error.not_this_screen")))
                return
            super().undo(seat)

    def set_confirm_turn(self, on: bool) -> None:
        """Hold this screen's seats' turns after their last action until their player ends them (or not)."""
        with self.host.lock:
            self.host.core.set_confirm(self.local_seats, on)

    def seat_key(self) -> tuple[str, int, int, str] | None:
        """None: the host's own screen takes its seats back by continuing the saved game, with no token."""
        return None

    def _refusal(self, reason: str) -> Update:
        return Update(self.table.view_id, {}, {}, error=reason)

    def close(self) -> None:
        """Leave the table: the hosted game ends for everyone."""
        self.host.stop(key="lan.closing.left")
