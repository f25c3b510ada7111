"""Computer players at a hosted table, deciding off the network thread.

Owns: `ComputerDriver`, a thread that watches a table and, whenever the seat to move is played by the
computer (a computer seat, or a LAN player's seat handed to the computer after a drop), decides and submits
for it; and `chooser_for(level)`, which asks `game.ai.choose` with the seat's view (a uniformly random
legal action when game.ai is missing or fails). A decision is made on a snapshot outside the host's
lock and dropped if the table moved on meanwhile, so a slow computer never stalls the LAN. Each decision's
randomness comes from the computers' own seed (never the game's: that one fixes the bag) and the number of
actions so far, so a host restarted from its journal and seats file decides exactly as the one before would.

Imports the standard library and `game` only (never game.ui, never pygame).
"""

from __future__ import annotations

import importlib
import logging
import random
import threading
from collections.abc import Callable
from typing import Any

from game.rules import IllegalAction, legal_actions, view_for
from game.rules.state import State
from game.session import Table

log = logging.getLogger(__name__)

Chooser = Callable[[State, int, int], dict[str, Any]]  # (state, seat, actions so far) -> action


def decision_rng(seed: int | None, done: int) -> random.Random:
    """Return the randomness of the decision after done actions (unseeded when seed is None)."""
    return random.Random(None if seed is None else seed * 1_000_003 + done)


def random_chooser(seed: int | None = None) -> Chooser:
    """Return a player that picks uniformly among the legal actions."""

    def choose(state: State, seat: int, done: int) -> dict[str, Any]:
        return decision_rng(seed, done).choice(legal_actions(state))

    return choose


def chooser_for(level: str, seed: int | None = None) -> Chooser:
    """Return game.ai's player of level (deciding from the seat's view only), else a random player."""
    try:
        ai = importlib.import_module("game.ai")
        choose = ai.choose
    except (ImportError, AttributeError) as exc:
        log.info("game.ai unavailable (%s); computer seats play at random", exc)
        return random_chooser(seed)
    fallback = random_chooser(seed)

    def decide(state: State, seat: int, done: int) -> dict[str, Any]:
        try:
            # The computer sees exactly what a LAN player in its seat would be sent.
            return choose(view_for(state, seat), level, decision_rng(seed, done).randrange(2**31))
        except Exception as exc:  # noqa: BLE001 - a broken AI must not stop a LAN game
            log.warning("game.ai failed at seat %d (%s); playing at random", seat, exc)
            return fallback(state, seat, done)

    return decide


class ComputerDriver:
    """Decide for every seat that `is_computer(seat)` says the computer plays."""

    def __init__(
        self,
        table: Table,
        lock: threading.RLock,
        is_computer: Callable[[int], bool],
        level_of: Callable[[int], str],
        delay: float = 0.5,
        seed: int | None = None,
        submit: Callable[[int, dict[str, Any]], None] | None = None,
    ) -> None:
        self.table, self.lock, self.is_computer, self.level_of = table, lock, is_computer, level_of
        # The host passes its own submit, so that computer moves are logged like everyone else's.
        self.submit = submit or table.submit
        self.delay = delay
        self._seed = seed
        self._choosers: dict[tuple[int, str], Chooser] = {}
        self._wake = threading.Event()
        self._stop = threading.Event()
        self._thread: threading.Thread | None = None

    def start(self) -> None:
        """Start deciding in a background thread."""
        if self._thread is None:
            self._thread = threading.Thread(target=self._run, name="two-rivers-computer", daemon=True)
            self._thread.start()
        self.poke()

    def poke(self) -> None:
        """Look at the table again (call after every change)."""
        self._wake.set()

    def stop(self) -> None:
        """Stop deciding and wait for the thread."""
        self._stop.set()
        self._wake.set()
        if self._thread is not None:
            self._thread.join(timeout=5.0)
            self._thread = None

    def _run(self) -> None:
        while not self._stop.is_set():
            self._wake.wait(timeout=0.5)
            self._wake.clear()
            while not self._stop.is_set() and self._step():
                pass

    def _job(self) -> tuple[int, State, int, int] | None:
        with self.lock:
            seat = self.table.to_move()
            if seat is None or not self.is_computer(seat):
                return None
            return seat, self.table.state, self.table.view_id, len(self.table.records)

    def _step(self) -> bool:
        """Decide once if a computer must; return whether it played."""
        job = self._job()
        if job is None:
            return False
        seat, state, view_id, done = job
        # The pause lets people follow what the computer does; stop() cuts it short.
        if self.delay > 0 and self._stop.wait(self.delay):
            return False
        action = self._chooser(seat)(state, seat, done)
        with self.lock:
            if self.table.view_id != view_id or not self.is_computer(seat):
                return True  # the table moved on (undo, a player returned): look again
            try:
                self.submit(seat, action)
            except IllegalAction as exc:
                log.error("computer at seat %d chose an illegal action %r: %s", seat, action, exc)
                # Seeded like every decision, so a restarted host falls back exactly as this one did.
                self.submit(seat, decision_rng(self._seed, done).choice(legal_actions(self.table.state)))
        return True

    def _chooser(self, seat: int) -> Chooser:
        key = (seat, self.level_of(seat))
        if key not in self._choosers:
            seed = None if self._seed is None else self._seed * 7 + seat
            self._choosers[key] = chooser_for(key[1], seed)
        return self._choosers[key]
