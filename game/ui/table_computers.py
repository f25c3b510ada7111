"""Computer seats at a local table: who thinks, off the frame loop, and acts through the link.

Owns: `ComputerPlayers`, which uses game.ai's `ComputerSeats` driver when that exists, else calls
`game.ai.choose(view, level, seed)` on a worker thread (so the table keeps drawing at 60 fps
while a computer thinks) and sends the answer through the link on the frame loop, like a click
would. Without game.ai at all, a computer plays a random legal action, so a game never stalls.
A computer waits for the board's animations to finish and thinks at least a moment, so people
on the sofa can follow what it does.

Must not import: net, pygame. Only a seat's own view reaches a computer.
"""

from __future__ import annotations

import logging
import random
import threading
import time
from typing import Any

log = logging.getLogger(__name__)

MIN_THINK = 0.6  # seconds: a computer that answers instantly is hard to follow


class _Job:
    def __init__(self, seat: int, view_id: int) -> None:
        self.seat, self.view_id = seat, view_id
        self.action: dict[str, Any] | None = None
        self.started = time.monotonic()
        self.done = threading.Event()


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
        ready = self.job.done.is_set() and time.monotonic() - self.job.started >= self.min_think
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
        thread = threading.Thread(target=self._think, args=(job, view, level, rng_seed, history), daemon=True)
        thread.start()

    def _think(self, job: _Job, view: dict[str, Any], level: str, rng_seed: int,
               history: list[dict[str, Any]]) -> None:
        try:
            job.action = self.ai.choose(view, level, rng_seed, history=history)
        except Exception as err:  # a computer's mistake must not freeze the table
            log.error("computer seat %s failed to choose: %s", job.seat, err)
            options = self.link.legal_actions(job.seat) if hasattr(self.link, "legal_actions") else []
            job.action = random.Random(rng_seed).choice(options) if options else None
        job.done.set()
