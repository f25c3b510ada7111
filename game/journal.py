"""The journal of a game: seed, options, seats and every action, kept safe on disk.

Owns: writing a table's journal after every action (write a temporary file, flush it to disk,
rename it over the old one, so a crash leaves either the old or the new file, never half of one),
reading a journal back with every line checked, recovering a damaged journal up to its last whole
action, and rebuilding a Table from it (resume) or the list of its states (replay); and where the
user's data folder is when pygame is not at hand (`default_data_dir`, for the headless LAN host).
Imports the standard library, game.rules and game.session only.
"""

from __future__ import annotations

import contextlib
import json
import logging
import os
import shutil
import sys
import tempfile
import time
import zlib
from dataclasses import dataclass, field
from pathlib import Path
from typing import Any

from game.rules import IllegalAction, apply, new_game
from game.rules.state import State
from game.session import Record, Seat, Table, new_seed

log = logging.getLogger(__name__)

FORMAT = "two-rivers-journal"
FORMAT_VERSION = 1
SUFFIX = ".journal"


class JournalError(ValueError):
    """A journal that cannot be read, with what is wrong with it.

    Beside the English message it carries `key` ("journal.<name>") and plain `params`, so Saved
    games and the replay say it in the player's language; without a key it is "journal.other".
    """

    def __init__(self, message: str, key: str | None = None, **params: object) -> None:
        super().__init__(message)
        self.key = key or "journal.other"
        self.params: dict[str, object] = params if key else {"text": message}

    @property
    def message(self) -> dict[str, Any]:
        """The error as a catalogue key and parameters ({"key", "params"}: the LAN's wire form)."""
        return {"key": self.key, "params": dict(self.params)}


@dataclass
class Journal:
    """What a journal file holds."""

    seed: int
    variants: list[str]
    seats: list[dict[str, str]]
    actions: list[tuple[int, dict[str, Any]]] = field(default_factory=list)
    started: float = field(default_factory=time.time)
    finished: bool = False
    lan: bool = False
    recovered_from: int | None = None   # how many action lines the damaged file had
    # The computers' seed, drawn apart from the game's; None in journals written before it was kept.
    ai_seed: int | None = None
    # The table's view id when last saved (a held turn counted as ended): a resumed game goes on from it,
    # so its computers' decision seeds are the uninterrupted game's. None in older journals.
    view_id: int | None = None
    # How many actions the file held when view_id was written: a LAN host appends each later action's line
    # without rewriting the header, so view_id alone would fall behind by every held turn's end before it.
    # None in older journals.
    view_at: int | None = None
    # The last action's turn was held (its player had not yet ended it or undone) when the game was saved:
    # Continue holds it again. False in older journals.
    held: bool = False

    def header(self) -> dict[str, Any]:
        """Return the first line of the file."""
        return {
            "format": FORMAT, "version": FORMAT_VERSION, "seed": self.seed, "variants": self.variants,
            "seats": self.seats, "started": self.started, "finished": self.finished, "lan": self.lan,
            "ai_seed": self.ai_seed, "view_id": self.view_id, "view_at": len(self.actions), "held": self.held,
        }

    def resume_view_id(self) -> int:
        """Return the view id a resumed game goes on from: the saved one, plus one for each action appended
        after it was saved (each counted one); never less than the actions played."""
        view_id = self.view_id or 0
        if self.view_at is not None:
            view_id += max(0, len(self.actions) - self.view_at)
        return max(view_id, len(self.actions))


def _line(obj: dict[str, Any]) -> str:
    body = json.dumps(obj, sort_keys=True, separators=(",", ":"))
    return f"{zlib.crc32(body.encode()):08x} {body}\n"


def action_line(n: int, seat: int, action: dict[str, Any]) -> str:
    """Return the checked line of the n-th action (0-based), as encode() writes it (for appending)."""
    return _line({"n": n, "seat": seat, "action": action})


def encode(journal: Journal) -> str:
    """Return the journal as text: a checked header line, then one checked line per action."""
    lines = [_line(journal.header())]
    lines.extend(action_line(i, seat, action) for i, (seat, action) in enumerate(journal.actions))
    return "".join(lines)


def write_atomically(path: Path, text: str) -> None:
    """Replace path with text so that a crash leaves the old or the new file whole."""
    path.parent.mkdir(parents=True, exist_ok=True)
    fd, tmp = tempfile.mkstemp(dir=path.parent, prefix=path.name + ".", suffix=".tmp")
    try:
        with os.fdopen(fd, "w", encoding="utf-8") as f:
            f.write(text)
            f.flush()
            os.fsync(f.fileno())
        os.replace(tmp, path)
    except BaseException:
        with contextlib.suppress(OSError):
            os.unlink(tmp)
        raise


def _parse_line(raw: str) -> dict[str, Any]:
    crc, _, body = raw.rstrip("\n").partition(" ")
    if len(crc) != 8 or f"{zlib.crc32(body.encode()):08x}" != crc:
        raise JournalError("a line is damaged", "journal.line_damaged")
    value = json.loads(body)
    if not isinstance(value, dict):
        raise JournalError("a line is not a record", "journal.not_a_record")
    return value


def decode(text: str) -> Journal:
    """Read a journal; keep every whole action before the first damaged line."""
    lines = text.splitlines(keepends=True)
    if not lines:
        raise JournalError("The saved game is empty.", "journal.empty")
    try:
        head = _parse_line(lines[0])
    except (JournalError, ValueError):
        raise JournalError("The saved game's first line is damaged; it cannot be read.", "journal.first_line") from None
    if head.get("format") != FORMAT:
        raise JournalError("This file is not a Two Rivers saved game.", "journal.not_ours")
    if head.get("version") != FORMAT_VERSION:
        raise JournalError(f"This saved game was written by another version (format {head.get('version')!r}).",
                           "journal.other_version", version=repr(head.get('version'))[:40])
    journal = _journal_from_header(head)
    for i, raw in enumerate(lines[1:]):
        try:
            rec = _parse_line(raw)
            if rec.get("n") != i or not isinstance(rec.get("seat"), int) or not isinstance(rec.get("action"), dict):
                raise JournalError("out of order", "journal.out_of_order")
        except (JournalError, ValueError):
            journal.recovered_from = len(lines) - 1
            break
        journal.actions.append((rec["seat"], rec["action"]))
    return journal


def _journal_from_header(head: dict[str, Any]) -> Journal:
    seed, variants, seats = head.get("seed"), head.get("variants"), head.get("seats")
    if not isinstance(seed, int) or not isinstance(variants, list) or not isinstance(seats, list):
        raise JournalError("The saved game's options are damaged.", "journal.options_damaged")
    for seat in seats:
        if not isinstance(seat, dict) or not all(isinstance(seat.get(k), str) for k in ("name", "dynasty", "kind")):
            raise JournalError("The saved game's seats are damaged.", "journal.seats_damaged")
    started = head.get("started", 0.0)
    if not isinstance(started, (int, float)) or isinstance(started, bool) \
            or not all(isinstance(v, str) for v in variants):
        raise JournalError("The saved game's options are damaged.", "journal.options_damaged")
    ai_seed, view_id, view_at = head.get("ai_seed"), head.get("view_id"), head.get("view_at")
    for number in (ai_seed, view_id, view_at):
        if number is not None and (not isinstance(number, int) or isinstance(number, bool)):
            raise JournalError("The saved game's options are damaged.", "journal.options_damaged")
    if (view_id is not None and view_id < 0) or (view_at is not None and view_at < 0):
        raise JournalError("The saved game's options are damaged.", "journal.options_damaged")
    return Journal(seed, variants, seats, started=float(started), finished=bool(head.get("finished")),
                   lan=bool(head.get("lan")), ai_seed=ai_seed, view_id=view_id, view_at=view_at,
                   held=head.get("held") is True)


def read(path: Path) -> Journal:
    """Read a journal file; raise JournalError with a clear message if it cannot be used."""
    try:
        data = path.read_bytes()
    except OSError as exc:
        raise JournalError(f"The saved game cannot be opened: {exc.strerror or exc}.", "journal.cannot_open",
                           why=str(exc.strerror or exc)) from None
    try:
        text = data.decode("utf-8")
    except UnicodeDecodeError:
        text = data.decode("utf-8", errors="replace")   # damaged bytes fail their line's check
    return decode(text)


def replay(journal: Journal) -> tuple[list[State], list[list[dict[str, Any]]]]:
    """Return every state of the game (the first before any action) and each action's events.

    Stops at the first action the rules refuse, which counts as damage.
    """
    try:
        state = new_game(len(journal.seats), journal.seed, journal.variants)
    except ValueError as exc:
        raise JournalError(f"The saved game's options are not valid: {exc}", "journal.options_invalid",
                           text=str(exc)) from None
    states, events = [state], []
    for n, (seat, action) in enumerate(journal.actions):
        try:
            state, evs = apply(state, action, seat)
        except IllegalAction:
            journal.recovered_from = journal.recovered_from or len(journal.actions)
            del journal.actions[n:]
            break
        states.append(state)
        events.append(evs)
    return states, events


class JournalWriter:
    """Keeps a table's journal file up to date after every action and every undo."""

    def __init__(self, table: Table, path: Path, lan: bool = False, started: float | None = None) -> None:
        self.table = table
        self.path = path
        self.error: str | None = None
        self.journal = Journal(table.seed, list(table.variants), [s.to_wire() for s in table.seats],
                               lan=lan, started=started or time.time(), ai_seed=table.ai_seed)
        table.subscribe(self._on_change)
        self.save()

    def _on_change(self, events: list[dict[str, Any]]) -> None:
        self.save()

    def save(self) -> None:
        """Write the whole journal again, atomically; a disk error is kept, not raised."""
        j = self.journal
        j.actions = [(r.seat, r.action) for r in self.table.records]
        j.finished = self.table.to_move() is None
        j.seats = [s.to_wire() for s in self.table.seats]
        j.view_id = self.table.resume_view_id()
        j.held = self.table.held_seat is not None
        try:
            write_atomically(self.path, encode(j))
            self.error = None
        except (OSError, TypeError, ValueError) as exc:
            # The game goes on; the old file stays whole, and the screen can say saving failed.
            self.error = f"The game could not be saved: {getattr(exc, 'strerror', None) or exc}."
            log.warning("%s (%s)", self.error, self.path)


def resume(path: Path, lan: bool = False,
           writer: type[JournalWriter] | None = None) -> tuple[Table, JournalWriter, Journal]:
    """Rebuild the table of a saved game exactly where it stopped, and keep journalling it.

    A damaged journal is recovered up to its last whole action; the damaged file is kept beside
    it (".damaged") before anything is written, so nothing already saved is lost. writer is the
    JournalWriter class that goes on writing (the LAN host's appends each action).
    """
    journal = read(path)
    states, events = replay(journal)
    if journal.recovered_from is not None:
        _copy_private(path, path.with_name(path.name + ".damaged"))
    seats = [Seat(s["name"], s["dynasty"], s["kind"]) for s in journal.seats]
    # An old journal kept no AI seed: a fresh one (never the game's seed), saved by the writer below.
    if journal.ai_seed is None:
        journal.ai_seed = new_seed()
    table = Table(seats, journal.seed, journal.variants, state=states[-1], ai_seed=journal.ai_seed)
    # The events come from replaying the journal, so resumed computers know what fresh ones know; the view
    # id goes on from the saved one, so they decide as in the uninterrupted game (an older journal kept
    # none: count the actions; a recovered one may have lost actions but keeps its ids rising).
    view_id = journal.resume_view_id()
    table.restore([Record(seat, action) for seat, action in journal.actions], events, view_id)
    hot_seat = journal.recovered_from is None and not (lan or journal.lan)
    if journal.held and hot_seat:
        # Quit while a hot-seat turn waited for "End turn": it waits again (a LAN host's players ask anew).
        table.hold_again(states)
    elif hot_seat:
        # Quit mid-turn: what the player could take back before the app quit can be taken back again.
        table.undo_again(states)
    keeper = (writer or JournalWriter)(table, path, lan=lan or journal.lan, started=journal.started)
    return table, keeper, journal


def _copy_private(source: Path, copy: Path) -> None:
    """Copy source to copy, readable by its owner only, as the journal itself is (it holds the game's seed,
    which would show every tile still in the bag); a copy left by an earlier recovery is made private too."""
    fd = os.open(copy, os.O_WRONLY | os.O_CREAT | os.O_TRUNC, 0o600)
    with os.fdopen(fd, "wb") as out, source.open("rb") as original:
        shutil.copyfileobj(original, out)
    os.chmod(copy, 0o600)


def default_data_dir() -> Path:
    """Return the user's data folder without pygame: $TWO_RIVERS_DATA, else the per-OS folder.

    The same folder game.ui.menus.settings.data_dir finds with pygame.system.get_pref_path("TwoRivers",
    "TwoRivers") (SDL's rules), so the headless host and the game window share their saved games.
    """
    override = os.environ.get("TWO_RIVERS_DATA")
    if override:
        return Path(override)
    home = Path.home()
    if sys.platform == "win32":
        base = Path(os.environ.get("APPDATA") or home / "AppData" / "Roaming")
    elif sys.platform == "darwin":
        base = home / "Library" / "Application Support"
    else:
        base = Path(os.environ.get("XDG_DATA_HOME") or home / ".local" / "share")
    return base / "TwoRivers" / "TwoRivers"


def games_folder(data_dir: Path) -> Path:
    """Return the folder where journals live, inside the user's data folder."""
    return data_dir / "games"


def new_path(data_dir: Path) -> Path:
    """Return a fresh journal path for a game starting now."""
    stamp = time.strftime("%Y%m%d-%H%M%S")
    folder = games_folder(data_dir)
    path = folder / f"{stamp}{SUFFIX}"
    n = 1
    while path.exists():
        n += 1
        path = folder / f"{stamp}-{n}{SUFFIX}"
    return path


@dataclass
class SavedGame:
    """One journal in the games folder, as a list entry for Continue and Replay."""

    path: Path
    journal: Journal | None
    problem: str | None
    problem_message: dict[str, Any] | None = None  # the problem as a catalogue key and parameters


def problem_message(exc: Exception) -> dict[str, Any]:
    """Return why a saved game cannot be used as a catalogue key and parameters (any error, not only ours)."""
    if isinstance(exc, JournalError):
        return exc.message
    return {"key": "journal.damaged", "params": {"text": str(exc)[:200]}}


def list_games(data_dir: Path) -> list[SavedGame]:
    """Return every saved game, newest first; unreadable ones carry their problem."""
    out: list[SavedGame] = []
    folder = games_folder(data_dir)
    if not folder.is_dir():
        return out
    for path in sorted(folder.glob(f"*{SUFFIX}"), key=lambda p: p.stat().st_mtime, reverse=True):
        try:
            out.append(SavedGame(path, read(path), None))
        except (JournalError, ValueError, TypeError) as exc:
            out.append(SavedGame(path, None, str(exc), problem_message(exc)))
    return out


def peek_header(path: Path) -> dict[str, Any] | None:
    """Return a journal's checked first line without reading the rest, or None if unreadable."""
    try:
        with path.open("rb") as f:
            first = f.readline(64 * 1024).decode("utf-8")
        head = _parse_line(first)
    except (OSError, UnicodeDecodeError, ValueError):
        return None
    return head if head.get("format") == FORMAT else None


def last_unfinished(data_dir: Path, lan: bool = False) -> SavedGame | None:
    """Return the newest readable game that has not ended (local or LAN as asked)."""
    folder = games_folder(data_dir)
    if not folder.is_dir():
        return None
    for path in sorted(folder.glob(f"*{SUFFIX}"), key=lambda p: p.stat().st_mtime, reverse=True):
        head = peek_header(path)
        # Only the first line is read for finished games, so the title opens fast.
        if head is None or head.get("finished") or bool(head.get("lan")) != lan:
            continue
        try:
            return SavedGame(path, read(path), None)
        except (JournalError, ValueError, TypeError):
            continue
    return None
