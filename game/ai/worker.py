"""Thinking away from the render loop: computer decisions in another process, polled each frame.

Owns: `ComputerPlayers`, which runs `game.ai.choose` in a worker process (a 'spawn' context, so
nothing of the parent's window or sockets is inherited) and is polled without blocking, with a
synchronous mode for tests and self-play; and `ComputerSeats`, which watches a table and, when a
computer seat must decide, asks for a decision on that seat's view and submits it if the table
has not moved on meanwhile. The table is used only through its public methods (to_move, view,
submit, subscribe, seats, view_id, seed), so this module needs nothing but game.rules and game.ai.
Never imports game.ui, net or pygame.
"""

from __future__ import annotations

import multiprocessing
import time
from concurrent.futures import Future, ProcessPoolExecutor
from concurrent.futures.process import BrokenProcessPool
from dataclasses import dataclass
from typing import Any

from game.rules import IllegalAction, events_for

from . import LEVELS, choose

Action = dict[str, Any]


def decide(view: dict[str, Any], level: str, rng_seed: int, budget_s: float | None,
           history: list[dict[str, Any]] | None) -> Action:
    """Run one decision (this is what the worker process executes)."""
    return choose(view, level, rng_seed, budget_s, history)


def _warm_up() -> bool:
    # Importing game.ai in the worker before the first real request keeps that one quick.
    return True


@dataclass
class _Pending:
    view_id: int
    request: tuple[dict[str, Any], str, int, list[dict[str, Any]] | None]   # view, level, seed, history
    future: Future | None
    result: Action | None


class ComputerPlayers:
    """Computer decisions in a worker process: request, poll each frame, close at the end.

    `synchronous=True` decides inside `request` itself (tests, self-play, a machine where
    processes cannot be started); `poll` then hands the result out like any other. If the worker
    process dies, the decisions are made in this process from then on, so a game never stalls.
    """

    def __init__(self, budget_s: float | None = None, synchronous: bool = False, processes: int = 1,
                 context: str = "spawn") -> None:
        self.budget_s = budget_s
        self.errors: list[str] = []
        self._pending: dict[int, _Pending] = {}
        self._pool: ProcessPoolExecutor | None = None
        if not synchronous:
            ctx = multiprocessing.get_context(context)
            self._pool = ProcessPoolExecutor(max_workers=processes, mp_context=ctx)
            self._pool.submit(_warm_up)

    def request(self, seat: int, view: dict[str, Any], level: str, rng_seed: int | None = None,
                history: list[dict[str, Any]] | None = None) -> None:
        """Start deciding for seat on this view; a newer request for the seat replaces an older one."""
        if level not in LEVELS:
            raise ValueError(f"Unknown level {level!r}.")
        view_id = view.get("view_id", 0)
        current = self._pending.get(seat)
        if current is not None and current.view_id == view_id:
            return
        self.forget(seat)       # stale: the table moved on
        seed = rng_seed if rng_seed is not None else (view_id * 7919 + seat) & 0x7FFFFFFF
        args = (view, level, seed, history)
        if self._pool is None:
            self._pending[seat] = _Pending(view_id, args, None, decide(view, level, seed, self.budget_s, history))
            return
        try:
            future = self._pool.submit(decide, view, level, seed, self.budget_s, history)
        except (BrokenProcessPool, RuntimeError) as exc:
            self._lost_worker(exc)
            self._pending[seat] = _Pending(view_id, args, None, decide(view, level, seed, self.budget_s, history))
            return
        self._pending[seat] = _Pending(view_id, args, future, None)

    def poll(self) -> list[tuple[int, int, Action]]:
        """Return (seat, view_id, action) for every decision finished since the last poll."""
        out = []
        for seat, p in list(self._pending.items()):
            if p.future is None:
                action = p.result
            elif p.future.done():
                action = self._result(p)
            else:
                continue
            del self._pending[seat]
            assert action is not None
            out.append((seat, p.view_id, action))
        return out

    def _result(self, p: _Pending) -> Action:
        assert p.future is not None
        try:
            return p.future.result()
        except Exception as exc:    # the worker failed: decide here rather than stall the table
            if isinstance(exc, BrokenProcessPool):
                self._lost_worker(exc)
            else:
                self.errors.append(f"computer player failed: {exc!r}")
            view, level, seed, history = p.request
            return decide(view, level, seed, self.budget_s, history)

    def _lost_worker(self, exc: BaseException) -> None:
        self.errors.append(f"worker process lost ({exc!r}); thinking in this process from now on")
        if self._pool is not None:
            self._pool.shutdown(wait=False, cancel_futures=True)
        self._pool = None

    def thinking(self) -> set[int]:
        """Return the seats whose decision is still being worked out."""
        return {seat for seat, p in self._pending.items() if p.future is not None and not p.future.done()}

    def forget(self, seat: int) -> None:
        """Drop any decision pending for seat (its view went stale)."""
        p = self._pending.pop(seat, None)
        if p is not None and p.future is not None:
            p.future.cancel()

    def close(self) -> None:
        """Stop the worker process; pending decisions are dropped."""
        self._pending.clear()
        if self._pool is not None:
            self._pool.shutdown(wait=False, cancel_futures=True)
            self._pool = None

    def __enter__(self) -> ComputerPlayers:
        return self

    def __exit__(self, *exc: object) -> None:
        self.close()


class ComputerSeats:
    """Plays the computer seats of a local table: call `tick()` every frame.

    Keeps each computer seat's public history (the events it was shown) when it has watched the
    game from the start, so that hidden scores can be estimated from points scored openly.
    """

    def __init__(self, table: Any, players: ComputerPlayers | None = None, min_delay_s: float = 0.0) -> None:
        self.table = table
        self.players = players if players is not None else ComputerPlayers()
        self.min_delay_s = min_delay_s      # lets a human see a computer's move before the next one
        self._own_players = players is None
        self._history: dict[int, list[dict[str, Any]]] | None = (
            {i: [] for i in range(table.players)} if not table.records else None)
        self._asked: dict[int, tuple[int, float]] = {}       # seat -> (view_id asked about, when)
        self._ready: dict[int, tuple[int, Action]] = {}       # seat -> (view_id, decision) not yet played
        self.errors: list[str] = []
        table.subscribe(self._on_events)

    def _on_events(self, events: list[dict[str, Any]]) -> None:
        if self._history is None:
            return
        if any(e.get("kind") == "undone" for e in events):
            self._history = None        # an undo rewrites the past: stop trusting the tally
            return
        for seat, seen in self._history.items():
            seen.extend(events_for(events, seat))

    def tick(self) -> list[int]:
        """Ask for and submit computer decisions; return the seats that acted during this tick."""
        for seat, view_id, action in self.players.poll():
            self._ready[seat] = (view_id, action)
        acted = []
        for seat, (view_id, action) in list(self._ready.items()):
            if view_id != self.table.view_id or self.table.to_move() != seat:
                del self._ready[seat]       # the table moved on while it thought
                continue
            if time.perf_counter() - self._asked.get(seat, (0, 0.0))[1] < self.min_delay_s:
                continue                    # hold it a moment, so a human sees one move at a time
            del self._ready[seat]
            self._submit(seat, action)
            acted.append(seat)
        self._ask()
        return acted

    def _submit(self, seat: int, action: Action) -> None:
        try:
            self.table.submit(seat, action)
        except IllegalAction as exc:
            # Never expected; play the first legal action rather than stall the table.
            self.errors.append(f"seat {seat}: {exc}")
            self.table.submit(seat, self.table.legal_actions(seat)[0])

    def _ask(self) -> None:
        seat = self.table.to_move()
        if seat is None or not self.table.seats[seat].is_computer:
            return
        view_id = self.table.view_id
        asked = self._asked.get(seat)
        if asked is not None and asked[0] == view_id:
            return
        self._asked[seat] = (view_id, time.perf_counter())
        history = self._history[seat] if self._history is not None else None
        self.players.request(seat, self.table.view(seat), self.table.seats[seat].kind,
                             self._seed(seat, view_id), list(history) if history is not None else None)

    def _seed(self, seat: int, view_id: int) -> int:
        return (int(self.table.seed) * 1_000_003 + view_id * 7919 + seat) & 0x7FFFFFFF

    def thinking(self) -> set[int]:
        """Return the computer seats working out a decision now (for a "thinking" marker)."""
        return self.players.thinking()

    def close(self) -> None:
        """Stop the worker if this object started it."""
        if self._own_players:
            self.players.close()


def drive(table: Any, players: ComputerPlayers, timeout_s: float = 60.0) -> None:
    """Play computer seats until a human must decide or the game ends (blocking; tests and tools)."""
    seats = ComputerSeats(table, players)
    while True:
        seat = table.to_move()
        if seat is None or not table.seats[seat].is_computer:
            return
        deadline = time.perf_counter() + timeout_s
        while table.to_move() == seat and not seats.tick():
            if time.perf_counter() > deadline:
                raise TimeoutError(f"seat {seat} did not decide within {timeout_s} s")
            time.sleep(0.002)
