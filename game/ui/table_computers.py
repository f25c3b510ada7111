"""Computer seats at a local table: who thinks, off the frame loop, and acts through the link.

Owns: `computers_for()` and `ComputerPlayers`, which calls
`game.ai.choose(view, level, seed)` in a worker process
(a thread would share the interpreter lock and make frames stutter while the hard level
searches; a thread is the fallback when no process can be started) and sends the answer through
the link on the frame loop, like a click would. Without game.ai at all, a computer plays a
random legal action, so a game never stalls.
A computer waits for the board's animations to finish and thinks at least a moment, so people
on the sofa can follow what it does.

Must not import: net, pygame. Only a seat's own view reaches a computer.
"""

from __future__ import annotations

import logging
import multiprocessing
import random
import threading
import time
from concurrent.futures import Future, ProcessPoolExecutor
from typing import Any

log = logging.getLogger(__name__)

MIN_THINK = 0.6  # seconds: a computer that answers instantly is hard to follow


def think(view: dict[str, Any], level: str, rng_seed: int, history: list[dict[str, Any]]) -> dict[str, Any]:
    """Run in the worker: one decision of game.ai for a seat's view."""
    import game.ai as ai

    return ai.choose(view, level, rng_seed, history=history)


class _Job:
    def __init__(self, seat: int, view_id: int) -> None:
        self.seat, self.view_id = seat, view_id
        self.action: dict[str, Any] | None = None
        self.started = time.monotonic()
        self.done = threading.Event()
        self.future: Future | None = None

    def finished(self) -> bool:
        if self.future is not None and self.future.done() and not self.done.is_set():
            try:
                self.action = self.future.result()
            except Exception as err:  # a computer's mistake must not freeze the table
                log.error("computer seat %s failed to choose: %s", self.seat, err)
            self.done.set()
        return self.done.is_set()


class ComputerPlayers:
    """Drive the computer seats of a local link; call `tick` every frame."""

    def __init__(self, link: Any, levels: dict[int, str], seed: int, min_think: float = MIN_THINK) -> None:
        self.link = link
        self.levels = dict(levels)
        self.seed = seed
        self.min_think = min_think
        self.history: dict[int, list[dict[str, Any]]] = {seat: [] for seat in levels}
        self.job: _Job | None = None
        try:
            import game.ai as ai
        except Exception as err:  # the game goes on with random players rather than not at all
            log.warning("computer players unavailable (%s); they will play at random", err)
            ai = None
        self.ai = ai
        self._pool: ProcessPoolExecutor | None | bool = None

    def _executor(self) -> ProcessPoolExecutor | None:
        if self._pool is None:
            try:
                # spawn: the worker imports only game.ai, never the window's pygame state.
                self._pool = ProcessPoolExecutor(max_workers=1, mp_context=multiprocessing.get_context("spawn"))
            except Exception as err:
                log.warning("no worker process for the computers (%s); thinking on a thread", err)
                self._pool = False
        return self._pool or None

    def close(self) -> None:
        """Stop the worker (the scene is leaving)."""
        if self._pool:
            self._pool.shutdown(wait=False, cancel_futures=True)
        self._pool = False

    def seen(self, seat: int, events: list[dict[str, Any]]) -> None:
        """Remember the events a computer seat has seen (the AI estimates hidden things from them)."""
        if seat in self.history:
            self.history[seat].extend(events)

    def thinking(self) -> set[int]:
        return {self.job.seat} if self.job is not None else set()

    def tick(self, views: dict[Any, dict[str, Any]], may_act: bool) -> None:
        """Start thinking for the seat to move if it is a computer; send a finished answer."""
        public = views.get(None)
        if public is None or public.get("game_over"):
            self.job = None
            return
        seat = public.get("to_move")
        if self.job is not None and (self.job.seat != seat or self.job.view_id != public["view_id"]):
            self.job = None  # the table moved on (an undo, a resize of the game): forget the answer
        if self.job is None:
            if seat in self.levels and seat in views:
                self._start(seat, views[seat])
            return
        ready = self.job.finished() and time.monotonic() - self.job.started >= self.min_think
        if ready and self.job.action is None and self.job.future is not None:
            self.job.action = self._random(self.job.seat, self.job.view_id)
        if ready and may_act:
            job, self.job = self.job, None
            if job.action is not None:
                self.link.send(job.seat, job.action)

    def _start(self, seat: int, view: dict[str, Any]) -> None:
        job = _Job(seat, view["view_id"])
        self.job = job
        rng_seed = hash((self.seed, seat, view["view_id"])) & 0x7FFFFFFF
        if self.ai is None:
            options = self.link.legal_actions(seat) if hasattr(self.link, "legal_actions") else []
            job.action = random.Random(rng_seed).choice(options) if options else None
            job.done.set()
            return
        history = list(self.history.get(seat, []))
        level = self.levels[seat]
        pool = self._executor()
        if pool is not None:
            try:
                job.future = pool.submit(think, view, level, rng_seed, history)
                return
            except Exception as err:  # a broken pool: think on a thread from now on
                log.warning("worker process failed (%s); thinking on a thread", err)
                self._pool = False
        thread = threading.Thread(target=self._think, args=(job, view, level, rng_seed, history), daemon=True)
        thread.start()

    def _random(self, seat: int, view_id: int) -> dict[str, Any] | None:
        options = self.link.legal_actions(seat) if hasattr(self.link, "legal_actions") else []
        return random.Random(view_id).choice(options) if options else None

    def _think(self, job: _Job, view: dict[str, Any], level: str, rng_seed: int,
               history: list[dict[str, Any]]) -> None:
        try:
            job.action = self.ai.choose(view, level, rng_seed, history=history)
        except Exception as err:  # a computer's mistake must not freeze the table
            log.error("computer seat %s failed to choose: %s", job.seat, err)
            options = self.link.legal_actions(job.seat) if hasattr(self.link, "legal_actions") else []
            job.action = random.Random(rng_seed).choice(options) if options else None
        job.done.set()


def computers_for(link: Any, levels: dict[int, str], seed: int) -> ComputerPlayers | None:
    """The computer players of a table; they see their seats' views and act through the link only."""
    # Never through link.table: the UI talks to a table only through its link (DESIGN.md), and a
    # computer deciding in the worker process from its view alone keeps frames smooth as well.
    if not levels:
        return None
    return ComputerPlayers(link, levels, seed)
