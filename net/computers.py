"""The hosted game's computer seats: the one driver every table uses (game.ai.seats), over a link to the table.

Owns: `HostComputers`, which runs `ComputerSeats` for the host (computer seats, and stand-ins for missing
LAN players, which the core names through `level_of`) on a thread of its own that ticks the driver when
the table changes and while a decision is being worked out; and `SeatsLink`, the driver's link: a LocalLink
over the hosted table that shows every seat and keeps no queue of updates (nobody polls it), read and acted
on under the host's lock. The computers decide from each seat's view and history only, seeded by the
table's AI seed (kept in the journal, never derived from the game's seed), exactly as on a hot-seat table.

Imports the standard library, `game` and `net` only. Never pygame, never game.ui.
"""

from __future__ import annotations

import logging
import threading
from collections.abc import Callable
from typing import Any

from game.ai.seats import ComputerSeats, Workers
from game.session import LocalLink, Table, Update

log = logging.getLogger(__name__)

IDLE_WAIT = 0.25  # seconds between looks at the table when nothing pokes (a safety net, not the pace)
THINK_POLL = 0.01  # seconds between looks at a decision being worked out


class SeatsLink(LocalLink):
    """The computer seats' link to the hosted table: every seat, no update queue, under the host's lock."""

    def __init__(self, table: Table, lock: Any, level_of: Callable[[int], str | None]) -> None:
        self.lock = lock
        self.level_of = level_of
        super().__init__(table, frozenset(range(table.players)))
        self._queue.clear()  # the first update nobody will read

    def _on_change(self, events: list[dict[str, Any]]) -> None:
        self._views = {}  # only the cached views go stale; the driver reads the table again

    def poll(self) -> list[Update]:
        return []

    def view(self, seat: int | None) -> dict[str, Any] | None:
        with self.lock:
            return super().view(seat)

    def history(self, seat: int | None) -> list[dict[str, Any]]:
        with self.lock:
            return super().history(seat)

    def legal_actions(self, seat: int) -> list[dict[str, Any]]:
        with self.lock:
            return super().legal_actions(seat)

    def send(self, seat: int, action: dict[str, Any], view_id: int | None = None) -> None:
        with self.lock:
            # Asked again under the lock: the driver looked before it decided, and meanwhile the seat's
            # player may have come back, or the host closed. Then the decision is nobody's to send.
            if self.level_of(seat) is None:
                log.info("a computer's decision for seat %d dropped: the seat is no longer a computer's", seat + 1)
                return
            super().send(seat, action, view_id)  # the table refuses a decision for a view gone by


class HostComputers:
    """Tick the computer-seat driver on a thread until `close()`; `poke()` after every change."""

    def __init__(self, table: Table, lock: Any, level_of: Callable[[int], str | None], *,
                 min_think: float, workers: Workers = "process") -> None:
        self.table, self.lock, self.level_of = table, lock, level_of
        self.link = SeatsLink(table, lock, level_of)
        self.seats = ComputerSeats(self.link, level_of, table.ai_seed, min_think=min_think, workers=workers)
        self._wake = threading.Event()
        self._stop = threading.Event()
        self._thread = threading.Thread(target=self._run, name="two-rivers-computers", daemon=True)

    def start(self) -> None:
        """Start looking at the table."""
        self._thread.start()
        self.poke()

    def poke(self) -> None:
        """Look at the table again soon (it changed, or a seat was handed to the computer)."""
        self._wake.set()

    def _run(self) -> None:
        while not self._stop.is_set():
            self._wake.clear()  # first: a poke while the driver ticks makes the wait below return at once
            try:
                if self._wanted():
                    self.seats.tick()
            except Exception:  # noqa: BLE001 - a computer's failure must not stop the hosted game
                log.exception("the computer seats failed")
            self._wake.wait(THINK_POLL if self.seats.job is not None else IDLE_WAIT)

    def _wanted(self) -> bool:
        """Whether the driver has anything to do: a decision under way, or a computer's seat to move.

        Asked first because the driver's own look builds the public view, and most changes of a LAN game
        are people's moves: the host's lock is not held for a view nobody needs.
        """
        if self.seats.job is not None:
            return True
        with self.lock:
            seat = self.table.to_move()
        return seat is not None and self.level_of(seat) is not None

    def close(self) -> None:
        """Stop deciding, wait for the thread, and stop the worker."""
        self._stop.set()
        self._wake.set()
        if self._thread.is_alive() and self._thread is not threading.current_thread():
            self._thread.join(timeout=5.0)
        self.seats.close()
