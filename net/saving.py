"""The LAN host's saved game: the journal of every hosted game and the seats' secrets beside it.

Owns: `HostJournal`, a JournalWriter that appends each action's checked line to the journal before the
update goes out (a host killed at any moment keeps every action a client was shown) and leaves the fsync
to a background thread, in the first pause of play after the update is sent (so the disk's latency never
sits between an action and the players' screens); and the seats file beside the journal
(`<journal>.seats`, readable by its owner only, never sent to anyone): each seat's plan, computer level and
secret token, the game's id and how many undos there were, so that after a restart players take their seats
back with their tokens and view ids go on rising.

Imports the standard library, game.journal and game.session only. Never pygame, never game.ui.
"""

from __future__ import annotations

import contextlib
import json
import logging
import os
import threading
import time
from dataclasses import dataclass
from pathlib import Path
from typing import Any

from game.i18n import t
from game.journal import JournalWriter, action_line, write_atomically
from game.session import Table

log = logging.getLogger(__name__)

SEATS_FORMAT = "two-rivers-seats"
SYNC_EVERY = 0.25  # seconds: at most this often an fsync (each costs the whole machine some milliseconds)
QUIET = 0.05  # seconds without a new action before an fsync: never in the middle of a burst of play
MAX_UNSYNCED = 2.0  # seconds: a burst that never pauses is fsynced this often all the same
SEATS_SUFFIX = ".seats"


# --- the seats file ------------------------------------------------------------------------------


@dataclass
class SeatSecrets:
    """What the host must remember of a game that the journal does not say (and nobody else may read)."""

    seats: list[dict[str, Any]]  # per seat: plan, level, token (None when nobody holds the seat)
    game_id: str = ""
    undos: int = 0

    def to_json(self) -> str:
        """Return the file's text."""
        body = {"format": SEATS_FORMAT, "seats": self.seats, "game_id": self.game_id, "undos": self.undos}
        return json.dumps(body, sort_keys=True, indent=1) + "\n"


def seats_path(journal_path: Path) -> Path:
    """Return where the seats file of a journal lives."""
    return journal_path.with_name(journal_path.name + SEATS_SUFFIX)


def save_secrets(path: Path, secrets: SeatSecrets) -> None:
    """Write the seats file atomically; raise OSError if the disk refuses."""
    # write_atomically's temporary file comes from mkstemp, which makes it readable by its owner only (0600),
    # and the rename keeps that mode: the tokens are never readable by other users of the machine.
    write_atomically(path, secrets.to_json())


def load_secrets(path: Path) -> SeatSecrets | None:
    """Read a seats file; None when it is missing or damaged (read_secrets says which)."""
    return read_secrets(path)[0]


def read_secrets(path: Path) -> tuple[SeatSecrets | None, str | None]:
    """Read a seats file; return (secrets, None), or (None, what is wrong with it in words)."""
    try:
        text = path.read_text(encoding="utf-8")
    except FileNotFoundError:
        return None, t("lan.seats_file.missing", path=str(path))
    except (OSError, ValueError) as exc:
        return None, t("lan.seats_file.unreadable", path=str(path), error=str(exc))
    try:
        data = json.loads(text)
    except ValueError:
        return None, t("lan.seats_file.damaged", path=str(path))
    if not isinstance(data, dict) or data.get("format") != SEATS_FORMAT or not isinstance(data.get("seats"), list):
        return None, t("lan.seats_file.damaged", path=str(path))
    seats = [s if isinstance(s, dict) else {} for s in data["seats"]]
    undos = data.get("undos")
    undos = undos if isinstance(undos, int) and not isinstance(undos, bool) and undos >= 0 else 0
    return SeatSecrets(seats, str(data.get("game_id") or ""), undos), None


# --- the journal ---------------------------------------------------------------------------------


class HostJournal(JournalWriter):
    """A journal for a hosted game: one appended line per action, fsynced in the background.

    The line is written (not yet fsynced) inside the table's change, under the host's lock, before the host
    sends anything: once write() returns, the line survives the process being killed. A power cut may still
    lose the last few lines, which the background fsync keeps to a few milliseconds' worth. Undo, a held turn
    (and its end) and the end of the game rewrite the whole file atomically (a rare, slower path).
    """

    def __init__(self, table: Table, path: Path, lan: bool = True, started: float | None = None) -> None:
        self._fd: int | None = None
        self._written = 0  # action lines on disk
        self._dirty = False  # written and not yet fsynced
        self._io = threading.Lock()  # the append descriptor between the writer and the syncer
        self._wake = threading.Event()
        self._stopped = threading.Event()
        self._closed = False
        self._finish_pending = False  # the game ended: rewrite the header once the last updates are sent
        self._rewrite_pending = False  # an undo: rewrite the file whole before the updates go out
        self._last_write = 0.0  # time.monotonic() of the last appended line
        self.secrets: SeatSecrets | None = None
        self.seats_kept_from: str | None = None  # why the seats file must not be written (it cannot be read)
        super().__init__(table, path, lan=True, started=started)
        self._syncer = threading.Thread(target=self._sync_loop, name="two-rivers-journal-sync", daemon=True)
        self._syncer.start()

    @property
    def seats_file(self) -> Path:
        """Return the path of the seats file beside the journal."""
        return seats_path(self.path)

    def keep_secrets(self, secrets: SeatSecrets) -> None:
        """Write the seats file now (after the seats or their tokens changed)."""
        self.secrets = secrets
        if self.seats_kept_from is not None:
            return  # a seats file that exists and cannot be read is never written over
        try:
            save_secrets(self.seats_file, secrets)
        except OSError as exc:
            self.error = t("lan.seats_file.not_saved", error=str(exc.strerror or exc))
            log.warning("%s (%s)", self.error, self.seats_file)

    # --- writing ---------------------------------------------------------------------------------

    def _on_change(self, events: list[dict[str, Any]]) -> None:
        records = self.table.records
        if any(e.get("kind") == "undone" for e in events):
            # Not here, inside the table's change under the host's lock: the host writes it before it sends
            # anything (write_pending), and the core asks for the seats file's undo count to be saved.
            self._rewrite_pending = True
        elif self.table.held_seat is not None:
            # A held turn: the header must count its end (a resumed game replays the action whole, and that
            # position must not take the held view's id), which an appended line cannot say. Rare: only
            # players who asked for it have their turns held, once a turn.
            self.save()
        elif not self._rewrite_pending and len(records) == self._written + 1 and self._fd is not None:
            self._append(len(records) - 1)
            # The last action is safe once appended; the header says the game is over after the updates go.
            self._finish_pending = self.table.to_move() is None
        else:
            self.save()  # the file and the table disagree (an earlier write failed): write it whole

    def _append(self, n: int) -> None:
        record = self.table.records[n]
        data = action_line(n, record.seat, record.action).encode("utf-8")
        try:
            assert self._fd is not None
            view = memoryview(data)
            while view:
                view = view[os.write(self._fd, view):]
        except OSError as exc:
            log.warning("appending to %s failed (%s); rewriting it whole", self.path, exc)
            self.save()  # a half-written line is cut off by the rewrite (or by recovery, if that fails too)
            return
        self._written = n + 1
        self._dirty = True
        self._last_write = time.monotonic()

    def save(self) -> None:
        """Rewrite the whole journal atomically (with its fsync), and append to the new file from now on."""
        with self._io:
            self._close_fd()
            super().save()
            if self.error is None and not self._closed:
                try:
                    self._fd = os.open(self.path, os.O_WRONLY | os.O_APPEND)
                except OSError as exc:
                    self.error = t("lan.journal.not_saved", error=str(exc.strerror or exc))
            self._written = len(self.table.records)
            self._dirty = self._finish_pending = self._rewrite_pending = False

    def _close_fd(self) -> None:
        if self._fd is not None:
            with contextlib.suppress(OSError):
                os.close(self._fd)
            self._fd = None

    # --- making it durable -----------------------------------------------------------------------

    def write_pending(self) -> None:
        """Write what must be on disk before the players are shown it (the file after an undo)."""
        if self._rewrite_pending:
            self.save()

    def flushed(self) -> None:
        """Tell the journal the updates are out: now is the time to fsync what was appended."""
        if self._finish_pending:
            self.save()  # the header's "finished", written whole; nobody waits for this one
        elif self._dirty:
            self._wake.set()

    def _sync_loop(self) -> None:
        while not self._closed:
            self._wake.wait()
            self._wake.clear()
            self._wait_for_quiet()
            self._sync()
            # Actions in quick succession share one fsync: a power cut loses at most this much more play,
            # and a process that is killed loses nothing (the lines are already written).
            self._stopped.wait(SYNC_EVERY)

    def _wait_for_quiet(self) -> None:
        """Wait until no action has been appended for QUIET seconds (at most MAX_UNSYNCED in all).

        An append made while an fsync of the same file runs waits for it (the file system locks the file),
        and that wait would sit between an action and every player's screen; people pause between moves,
        so the fsync comes in a pause, a few hundredths of a second after the move.
        """
        started = time.monotonic()
        while not self._closed:
            now = time.monotonic()
            calm = now - self._last_write
            if calm >= QUIET or now - started >= MAX_UNSYNCED:
                return
            self._stopped.wait(min(QUIET - calm, MAX_UNSYNCED - (now - started)))

    def _sync(self) -> None:
        with self._io:
            if self._fd is None or not self._dirty:
                return
            self._dirty = False  # first: a line appended during the fsync marks it dirty again
            try:
                os.fsync(self._fd)
            except OSError as exc:
                log.warning("fsync of %s failed: %s", self.path, exc)

    def close(self) -> None:
        """Make everything durable and stop the background thread."""
        if self._finish_pending or self._rewrite_pending:
            self.save()
        self._closed = True
        self._stopped.set()
        self._wake.set()
        if self._syncer.is_alive() and self._syncer is not threading.current_thread():
            self._syncer.join(timeout=5.0)
        self._sync()
        with self._io:
            self._close_fd()
