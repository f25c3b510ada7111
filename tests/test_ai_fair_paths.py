"""Fairness through every path that hands a computer something to decide.

Twins are two tables whose positions look the same to the deciding seat (its view and its public
history) but differ in every hidden part: the other hands, the bag's order, others' hidden totals.
With the same AI seed and view id, each level must send the same action from both twins, and the
same action whichever way the decision travels: the driver deciding inline, on a thread, in its
worker process, or through a link that carries views and histories as msgpack bytes, as the LAN
host's own link and a stand-in's do (tests/test_lan_computers.py shows a host's computers decide
as a hot-seat table's; tests/test_computer_decisions.py that a resumed game decides as the
uninterrupted one). Every kind of decision is covered.
"""

from __future__ import annotations

import random
import time
from typing import Any

from game.ai.seats import ComputerSeats
from game.session import LocalLink, Record, Seat, Table

from .test_ai import DECISION_KINDS, by_kind, kinds_in, same_view_other_secrets
from .test_ai_seats import WireLink

AI_SEED = 2**90 + 17
DEADLINE = 60.0
HARD_BUDGET = 0.02  # hard's budget is counted in simulations, so it decides alike however busy the machine


def twin_table(state: Any, history: list[dict[str, Any]], seat: int, level: str) -> Table:
    """A table at `state` whose computer seat has seen `history`; every other seat is a person's."""
    seats = [Seat(f"p{i}", "bull", level if i == seat else "human") for i in range(state.players)]
    table = Table(seats, seed=1, state=state, ai_seed=AI_SEED)
    # The history as one earlier action's events: what the seat has seen is all the driver reads of it.
    table.restore([Record(seat, {"kind": "pass"})], [history], view_id=7)
    return table


def decided(table: Table, seat: int, level: str, path: str) -> dict[str, Any]:
    """Let the one driver decide for `seat` through `path`; return the action it sent to the table."""
    local = LocalLink(table, frozenset(range(table.players)))
    link: Any = WireLink(local) if path == "wire" else local
    workers = "inline" if path == "wire" else path
    with ComputerSeats(link, lambda s: level if s == seat else None, AI_SEED, budget_s=HARD_BUDGET,
                       min_think=0.0, workers=workers) as driver:
        deadline = time.monotonic() + DEADLINE
        while len(table.records) < 2:
            assert time.monotonic() < deadline, f"{level} through {path} never decided"
            if driver.tick() is None and path != "inline":
                time.sleep(0.005)  # a worker is thinking: look again shortly (a poll, not a fixed wait)
        assert not driver.errors, driver.errors
    return table.records[-1].action


def test_twins_decide_alike_through_every_path_at_every_level() -> None:
    rng = random.Random(23)
    picked = by_kind(2)
    assert kinds_in(picked) == DECISION_KINDS
    actions = set()
    for i, (state, history) in enumerate(picked):
        seat = _to_move(state)
        twin = same_view_other_secrets(state, seat, rng)
        for level in ("easy", "normal", "hard"):
            # Every path on the first position of each kind; the rest inline and through the wire.
            paths = ("inline", "thread", "process", "wire") if i % 2 == 0 else ("inline", "wire")
            sent = {(path, which): decided(twin_table(s.copy(), history, seat, level), seat, level, path)
                    for path in paths for which, s in (("a", state), ("b", twin))}
            assert len({repr(a) for a in sent.values()}) == 1, (state.decision["kind"], level, sent)
            actions.add(repr(sent["inline", "a"]))
    assert len(actions) > len(picked)  # real, varied decisions were compared, not one constant answer


def _to_move(state: Any) -> int:
    from game.rules import to_move

    seat = to_move(state)
    assert seat is not None
    return seat
