"""Continuing a saved LAN game: its journal, its seats file, and what the host says about both.

Owns: `resume_game`, which rebuilds a hosted game's table from its journal and its seats from the seats
file beside it (`<journal>.seats`): each LAN seat is missing until its player comes back with their token,
computer seats play again at once, seats played on the host's screen stay there when the host has a screen.
A seat whose token is lost (no seats file, a damaged one, or no token in it) stays closed to everyone: a
stranger's hello without a token must never be handed a seat and its hand. The host says so, and how to
proceed (on the console, and in `HostCore.resume_warning` for the host's screen): `HostCore.reopen_seats`
(`main.py --host --resume FILE --reopen-seats 1,2`, or "Reopen seat" on the host's table) lets the next
player without a token take a chosen seat. A damaged seats file is copied aside (`.seats.damaged`) before a
new one is written; one that cannot be read at all is never written over. Without the seats file the undos
are unknown, so view ids jump past any a client may have been shown. A journal recovered from damage goes
on from an earlier position, its view ids past every one the clients were shown before the damage; every
player is told so (a notice, also to a seat's player who comes back after play moved on) as well as the
host's console.

Imports the standard library, game.journal, game.session and `net` only. Never sockets, never pygame.
"""

from __future__ import annotations

import os
from collections.abc import Iterable
from pathlib import Path
from typing import Any

from game.i18n import t, t_in, wire
from game.journal import Journal, JournalError, read, resume
from game.session import Table
from net.core import HostCore
from net.lobby import LEVELS, PLANS
from net.saving import HostJournal, SeatSecrets, read_secrets, seats_path

DAMAGED_SUFFIX = ".damaged"  # a seats file that could not be used is kept beside the new one under this name
LOST_UNDOS = 1_000_000  # undos assumed when the seats file is lost: more than any game has


def resume_game(
    core: HostCore, path: Path, local: bool = False, reopen: Iterable[int] = (), lock: Any = None
) -> tuple[Journal, HostJournal]:
    """Continue the saved LAN game at path in core (still in its lobby); raise JournalError if it cannot be.

    reopen: seats (0-based) the host opens on purpose for the next player who joins without a token;
    lock: the table's lock, shared with whoever serialises the core.
    """
    core._only_in_lobby()
    saved = read(path)  # first: a finished or foreign game is refused before anything is written
    if not saved.lan:
        raise JournalError(t_in("en", "lan.resume.one_screen"), "lan.resume.one_screen")
    if saved.finished:
        raise JournalError(t_in("en", "lan.resume.over"), "lan.resume.over")
    reopen = sorted(set(reopen))
    bad = [seat + 1 for seat in reopen if not 0 <= seat < len(saved.seats)]
    if bad:
        raise JournalError(t_in("en", "lan.resume.no_seat", n=len(saved.seats), seat=bad[0]), "lan.resume.no_seat",
                           n=len(saved.seats), seat=bad[0])
    for peer in core._players():
        core._refuse(peer, "lan.refused.resuming")
    secrets_, problem = read_secrets(seats_path(path))
    kept_back = _keep_damaged_seats(seats_path(path)) if problem is not None else None
    table, writer, journal = resume(path, lan=True, writer=HostJournal)
    assert isinstance(writer, HostJournal)
    if lock is not None:
        table.lock = lock  # before anyone else sees the table: one lock guards it and the core
    core.journal = writer
    _seat_from_journal(core, table, secrets_, local)
    core.lobby.variants = set(journal.variants)
    # Without the seats file nobody knows how many undos there were: the view ids jump past any the clients
    # may have seen, so that no old decision can match a new view.
    undos = secrets_.undos if secrets_ is not None else LOST_UNDOS
    if journal.recovered_from is not None:
        undos = _past_the_damage(journal.recovered_from, undos, len(table.records))
    # View ids go on rising from where the clients left them (an action and an undo each count one), and
    # never below the journal's own count.
    table.view_id = max(table.view_id, len(table.records) + 2 * undos)
    core.undos = undos
    if kept_back is not None:
        writer.seats_kept_from = kept_back  # a file that exists and cannot be read is never written over
        core.say(kept_back)
    writer.keep_secrets(core.secrets())
    core.missing = {i: core.now for i, slot in enumerate(core.lobby.slots) if slot.plan == "open"}
    _say_resumed(core, journal)
    _say_lost_tokens(core, problem, reopen)
    if reopen:
        core.reopen_seats([seat for seat in reopen if core.lobby.slots[seat].plan == "open"])
    core.seat_table(table)
    return journal, writer


def _past_the_damage(lines: int, undos: int, actions: int) -> int:
    """Return the undos to count after a damaged journal went back from `lines` action lines to `actions`.

    The clients saw views up to where the journal broke off: each action line counted at most two ids (the
    action and the end of a held turn), each undo two. Going on from the earlier position must never reuse one
    of them (an old decision would match a new view), so the jump is counted as undos: the seats file keeps
    it, and a later restart goes on from beyond it too.
    """
    seen = 2 * lines + 2 * undos
    return max(undos, (seen - actions) // 2 + 1)


def _keep_damaged_seats(seats: Path) -> str | None:
    """Before a new seats file is written, keep the old one: a damaged one is copied beside it (.damaged); one
    that cannot be read at all must not be written over. Return why the seats file stays as it is, or None."""
    if not seats.exists():
        return None
    aside = seats.with_name(seats.name + DAMAGED_SUFFIX)
    try:
        data = seats.read_bytes()
    except OSError as exc:
        return t("lan.console.seats_unreadable", path=str(seats), error=str(exc.strerror or exc))
    try:
        _write_private(aside, data)
    except OSError as exc:
        return t("lan.console.seats_not_copied", path=str(seats), error=str(exc.strerror or exc))
    return None


def _write_private(path: Path, data: bytes) -> None:
    """Write data to path as it is, readable by its owner only (a seats file holds the tokens)."""
    fd = os.open(path, os.O_WRONLY | os.O_CREAT | os.O_TRUNC, 0o600)
    with os.fdopen(fd, "wb") as f:
        f.write(data)
        f.flush()
        os.fsync(f.fileno())


def _seat_from_journal(core: HostCore, table: Table, secrets_: SeatSecrets | None, local: bool) -> None:
    """Make the lobby's seats those of a saved game, tokens and plans from its seats file."""
    if secrets_ is not None and secrets_.game_id:
        core.game_id = secrets_.game_id
    core.lobby.set_players(table.players)
    for i, seat in enumerate(table.seats):
        saved: dict[str, Any] = secrets_.seats[i] if secrets_ is not None and i < len(secrets_.seats) else {}
        # Without the seats file, the journal's kinds say who played where: the host's screen ("human"),
        # a computer, or a LAN player.
        saved_plan, saved_level, saved_token = saved.get("plan"), saved.get("level"), saved.get("token")
        plan = saved_plan if isinstance(saved_plan, str) and saved_plan in PLANS else \
            ("computer" if seat.is_computer else "local" if seat.kind == "human" else "open")
        if plan == "local" and not local:
            plan = "open"
        level = saved_level if isinstance(saved_level, str) and saved_level in LEVELS else \
            (seat.kind if seat.is_computer else "normal")
        token = saved_token if plan == "open" and isinstance(saved_token, str) else None
        slot = core.lobby.slots[i]
        slot.plan, slot.level, slot.token = plan, level, token
        slot.name, slot.dynasty, slot.connected, slot.replaced, slot.reopened = \
            seat.name, seat.dynasty, False, False, False
        seat.kind = slot.kind()


def _say_resumed(core: HostCore, journal: Journal) -> None:
    actions = len(journal.actions)
    if journal.recovered_from is None:
        core.say(t("lan.console.resumed", n=actions))
        return
    core.say(t("lan.console.resumed_damaged", n=actions))
    core.notice = wire.message("lan.notice.damaged", n=actions)  # each player reads it in their own language


def _say_lost_tokens(core: HostCore, problem: str | None, reopen: list[int]) -> None:
    """Say on the console which seats stay closed and how to reopen them; keep the same for the host's
    screen (`core.resume_warning`), which shows it in a dialog and offers "Reopen seat" on its table."""
    closed = [i for i, slot in enumerate(core.lobby.slots)
              if slot.plan == "open" and slot.token is None and i not in reopen]
    if problem is None and not closed:
        return
    where = problem or t("lan.console.no_saved_token")
    if not closed:
        core.say(t("lan.console.reopened_free", problem=where))
        return
    seats = ",".join(str(i + 1) for i in closed)
    why = t("lan.console.seats_closed", problem=where, seats=seats)
    core.say(t("lan.console.how_to_reopen", why=why, seats=seats))
    core.resume_warning = t("lan.console.reopen_on_table", why=why)
