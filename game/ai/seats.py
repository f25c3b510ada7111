"""The one driver of computer seats, for every kind of table: hot-seat, LAN host, self-play, benchmarks.

Owns: `decision_seed` (the one formula for a decision's random seed) and `ComputerSeats`, which
watches a link and, when a seat it plays must decide, asks `game.ai.choose` for that seat's view
and history, off the caller's thread, and acts through `link.send` like a click would, naming the
view id it decided on. A decision whose view went stale meanwhile (an undo, someone else acted) is
dropped and asked for again; one that goes stale between the last look and the send (a LAN player
back in the gap) is refused by the table itself, which checks the view id under the lock that
applies the action.

Thinking happens in a worker process ('spawn': nothing of a window or a socket is inherited, and
the hard level's search does not hold the interpreter lock the frame loop needs); where no process
can be started, on a thread; after a worker dies, on a thread from then on (the decision it was
working on is asked again there: never on the caller's thread, which may be the UI's); and
`workers="inline"` decides inside `tick` (self-play, tests). A decision that fails plays a legal
action picked with the same decision seed, so a table never stalls.

The link is used only through the `SeatLink` surface below (game.session.Link provides it), so this
module imports game.rules and game.ai only (DESIGN.md).
"""

from __future__ import annotations

import hashlib
import logging
import multiprocessing
import os
import random
import threading
import time
from collections.abc import Callable
from concurrent.futures import Future, ProcessPoolExecutor
from concurrent.futures.process import BrokenProcessPool
from typing import Any, Literal, Protocol

from . import LEVELS, choose

log = logging.getLogger(__name__)

Action = dict[str, Any]
Workers = Literal["process", "thread", "inline"]
MIN_THINK = 0.6   # seconds: a computer that answers at once is hard to follow from the sofa


def decision_seed(ai_seed: int, view_id: int, seat: int) -> int:
    """Return the random seed of one decision: a hash of the game's AI seed, the view id and the seat.

    The AI seed comes from independent entropy (never from the game's seed), and a hash cannot be
    run backwards, so nothing about the bag can be learnt from a decision's seed.
    """
    data = f"{int(ai_seed)}:{int(view_id)}:{int(seat)}".encode()
    return int.from_bytes(hashlib.blake2b(data, digest_size=8, person=b"two-rivers-ai").digest(), "big")


class SeatLink(Protocol):
    """What the driver needs of a link (game.session.Link has all of it)."""

    def view(self, seat: int | None) -> dict[str, Any] | None:
        """Latest view of a shown seat (None: the public view), or None."""

    def history(self, seat: int) -> list[dict[str, Any]]:
        """The seat's events_for of every event so far, undone ones removed."""

    def legal_actions(self, seat: int) -> list[dict[str, Any]]:
        """What seat may do now."""

    def send(self, seat: int, action: dict[str, Any], view_id: int | None = None) -> None:
        """Act for a seat, decided on view_id: the table refuses it if it has moved past that view."""


def decide(view: dict[str, Any], level: str, rng_seed: int, budget_s: float | None,
           history: list[dict[str, Any]]) -> Action:
    """Run one decision (what the worker process executes)."""
    return choose(view, level, rng_seed, budget_s, history)


def _warm_up() -> bool:
    # The worker imports game.ai before the first real request, so that one is quick too.
    return True


def _watch_parent(parent: int) -> None:
    """In the worker: leave as soon as the process that started it is gone (killed, crashed).

    The worker holds both ends of its request queue, so a dead parent never closes it; without this
    watch, a killed game or host would leave its worker behind forever.
    """
    def watch() -> None:
        while os.getppid() == parent:
            time.sleep(0.5)
        os._exit(0)

    threading.Thread(target=watch, name="two-rivers-parent-watch", daemon=True).start()


class _Job:
    """One decision being worked out for (seat, view_id)."""

    def __init__(self, seat: int, view_id: int, args: tuple[Any, ...], started: float | None = None) -> None:
        self.seat, self.view_id, self.args = seat, view_id, args
        self.started = time.monotonic() if started is None else started
        self.future: Future | None = None
        self.action: Action | None = None
        self.error: str | None = None
        self.worker_died = False        # the worker process was gone before it answered
        self.done = threading.Event()

    def finished(self) -> bool:
        if not self.done.is_set() and self.future is not None and self.future.done():
            try:
                self.action = self.future.result()
            except Exception as exc:    # a worker's failure must not freeze the table
                self.error = repr(exc)
                self.worker_died = isinstance(exc, BrokenProcessPool)
            self.done.set()
        return self.done.is_set()


class ComputerSeats:
    """Plays every seat for which level_of(seat) names a level; call `tick()` every frame or loop pass.

    link: the table as one seat sees it (view, history, send); level_of(seat): "easy", "normal",
    "hard", or None for a seat someone else plays (it may change during a game: a LAN stand-in);
    ai_seed: the game's AI seed, kept in its journal; budget_s: the hard level's thinking time;
    min_think: the least time between a computer's turn coming and its action being sent.
    """

    def __init__(self, link: SeatLink, level_of: Callable[[int], str | None], ai_seed: int, *,
                 budget_s: float | None = None, min_think: float = MIN_THINK, workers: Workers = "process") -> None:
        self.link = link
        self.level_of = level_of
        self.ai_seed = int(ai_seed)
        self.budget_s = budget_s
        self.min_think = min_think
        self.workers: Workers = workers
        self.errors: list[str] = []
        self.job: _Job | None = None
        self._pool: ProcessPoolExecutor | None = None

    # --- the loop ------------------------------------------------------------------------------

    def tick(self, may_act: bool = True) -> int | None:
        """Start or collect a decision; send it once it is ready and may_act. Return the seat that acted.

        Never blocks (except with workers="inline", which decides here). may_act=False lets a
        screen finish its animations first; thinking goes on meanwhile.
        """
        wanted = self._seat_to_play()
        job = self.job
        if job is not None and (wanted is None or (job.seat, job.view_id) != wanted[:2]):
            self._drop()                # the table moved on: that answer is for a position gone
            job = None
        if wanted is None:
            return None
        if job is None:
            self._start(*wanted)
            return None
        if not job.finished():
            return None
        if job.worker_died:
            self._retry_on_thread(job)  # the worker died: think again on a thread, not on the caller's
            return None
        if time.monotonic() - job.started < self.min_think or not may_act:
            return None
        self.job = None
        action = job.action if job.error is None else None
        if action is None:
            action = self._fallback(job)
        self.link.send(job.seat, action, view_id=job.view_id)
        return job.seat

    def _seat_to_play(self) -> tuple[int, int, dict[str, Any], str] | None:
        """Return (seat, view_id, view, level) when a seat this driver plays must decide now."""
        public = self.link.view(None)
        if public is None or public.get("game_over"):
            return None
        seat = public.get("to_move")
        if seat is None:
            return None
        level = self.level_of(seat)
        if level not in LEVELS:
            return None
        view = self.link.view(seat)
        if view is None or view.get("to_move") != seat or view.get("view_id") != public.get("view_id"):
            return None                 # this seat's view has not caught up yet: look next tick
        return seat, view["view_id"], view, level

    def thinking(self) -> set[int]:
        """Return the seats whose decision is being worked out (for a "thinking" marker)."""
        return {self.job.seat} if self.job is not None else set()

    # --- thinking ----------------------------------------------------------------------------

    def _start(self, seat: int, view_id: int, view: dict[str, Any], level: str) -> None:
        history = list(self.link.history(seat))
        args = (view, level, decision_seed(self.ai_seed, view_id, seat), self.budget_s, history)
        job = _Job(seat, view_id, args)
        self.job = job
        if self.workers == "inline":
            self._think(job)
            return
        pool = self._executor() if self.workers == "process" else None
        if pool is not None:
            try:
                job.future = pool.submit(decide, *args)
                return
            except Exception as exc:    # a broken pool: think on a thread from now on
                self._lost_worker(exc)
        self._think_on_thread(job)

    def _think_on_thread(self, job: _Job) -> None:
        threading.Thread(target=self._think, args=(job,), name="two-rivers-computer", daemon=True).start()

    def _retry_on_thread(self, job: _Job) -> None:
        """The worker process died with this decision: ask it again on a thread, from now on too."""
        self.errors.append(f"seat {job.seat}: the worker process died ({job.error})")
        log.error("%s", self.errors[-1])
        self._lost_worker(RuntimeError(job.error))
        retry = _Job(job.seat, job.view_id, job.args, started=job.started)
        self.job = retry
        self._think_on_thread(retry)

    def _think(self, job: _Job) -> None:
        try:
            job.action = decide(*job.args)
        except Exception as exc:        # a computer's mistake must not freeze the table
            job.error = repr(exc)
        job.done.set()

    def _executor(self) -> ProcessPoolExecutor | None:
        if self._pool is None:
            try:
                # spawn: the worker imports game.ai only, never the window's pygame state.
                self._pool = ProcessPoolExecutor(max_workers=1, mp_context=multiprocessing.get_context("spawn"),
                                                 initializer=_watch_parent, initargs=(os.getpid(),))
                self._pool.submit(_warm_up)
            except Exception as exc:
                self._lost_worker(exc)
        return self._pool

    def _lost_worker(self, exc: BaseException) -> None:
        self.errors.append(f"no worker process ({exc!r}); thinking on a thread from now on")
        log.warning("%s", self.errors[-1])
        self.workers = "thread"
        if self._pool is not None:
            self._pool.shutdown(wait=False, cancel_futures=True)
        self._pool = None

    def _fallback(self, job: _Job) -> Action:
        """The decision failed: a legal action picked with the same decision seed."""
        self.errors.append(f"seat {job.seat}: the computer failed to decide ({job.error})")
        log.error("%s", self.errors[-1])
        options = self.link.legal_actions(job.seat)
        return random.Random(job.args[2]).choice(options) if options else {"kind": "pass"}

    def _drop(self) -> None:
        if self.job is not None and self.job.future is not None:
            self.job.future.cancel()
        self.job = None

    def close(self) -> None:
        """Stop the worker; a decision under way is dropped."""
        self._drop()
        if self._pool is not None:
            self._pool.shutdown(wait=False, cancel_futures=True)
            self._pool = None

    def __enter__(self) -> ComputerSeats:
        return self

    def __exit__(self, *exc: object) -> None:
        self.close()


def play_until_human(seats: ComputerSeats, link: SeatLink, timeout_s: float = 60.0) -> None:
    """Tick until no seat the driver plays must decide, or the game ends (blocking; tools and tests)."""
    deadline = time.monotonic() + timeout_s
    while seats._seat_to_play() is not None:
        if seats.tick() is None:
            if time.monotonic() > deadline:
                raise TimeoutError(f"no computer decision within {timeout_s} s")
            job = seats.job
            if job is not None and job.future is None and not job.done.is_set():
                job.done.wait(0.005)    # a thread is thinking: wake as soon as it is done
            else:
                time.sleep(0.002)       # a worker process: its future is polled, not waited on
