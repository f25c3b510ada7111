"""The one computer-seat driver: it plays through any Link, decides alike through every link, never stalls.

Tables are real, decisions are game.ai's; the worker process test starts a real process.
"""

from __future__ import annotations

import os
import subprocess
import sys
import time
from pathlib import Path
from typing import Any

import msgpack
import pytest

from game.ai import seats as seats_module
from game.ai.seats import ComputerSeats, decision_seed, play_until_human
from game.rules import legal_actions
from game.session import LocalLink, Seat, Table, Update

DEADLINE = 60.0


def table_of(kinds: list[str], seed: int = 11, ai_seed: int = 5) -> Table:
    return Table([Seat(f"p{i}", "bull", k) for i, k in enumerate(kinds)], seed=seed, ai_seed=ai_seed)


def levels_of(table: Table) -> Any:
    return lambda seat: table.seats[seat].kind if table.seats[seat].is_computer else None


class WireLink:
    """A link that hands the driver views and histories as they arrive over the LAN: msgpack bytes.

    Acting goes to a local table, as a LAN host would apply a client's action.
    """

    def __init__(self, inner: LocalLink) -> None:
        self.inner = inner
        self.local_seats = inner.local_seats

    @staticmethod
    def _wire(value: Any) -> Any:
        return msgpack.unpackb(msgpack.packb(value), strict_map_key=False)

    def view(self, seat: int | None) -> dict[str, Any] | None:
        view = self.inner.view(seat)
        return None if view is None else self._wire(view)

    def history(self, seat: int) -> list[dict[str, Any]]:
        return self._wire(self.inner.history(seat))

    def legal_actions(self, seat: int) -> list[dict[str, Any]]:
        return self._wire(self.inner.legal_actions(seat))

    def send(self, seat: int, action: dict[str, Any], view_id: int | None = None) -> None:
        self.inner.send(seat, self._wire(action), view_id)

    def poll(self) -> list[Update]:
        return self.inner.poll()


def test_decision_seed_is_one_hash_of_all_three() -> None:
    base = decision_seed(123, 7, 1)
    assert base == decision_seed(123, 7, 1)
    others = {decision_seed(124, 7, 1), decision_seed(123, 8, 1), decision_seed(123, 7, 2)}
    assert base not in others and len(others) == 3
    assert 0 <= base < 1 << 64
    # Neighbouring view ids give unrelated seeds (no linear formula to run backwards).
    assert abs(decision_seed(123, 8, 1) - base) > 1 << 20


def test_four_easy_players_finish_a_game_through_the_link() -> None:
    table = table_of(["easy"] * 4)
    link = LocalLink(table, frozenset(range(4)))
    with ComputerSeats(link, levels_of(table), table.ai_seed, min_think=0, workers="inline") as driver:
        play_until_human(driver, link, timeout_s=DEADLINE)
    assert table.state.game_over and table.to_move() is None
    assert not driver.errors


def test_computer_seats_wait_for_the_human() -> None:
    table = table_of(["human", "easy"], seed=3)
    link = LocalLink(table, frozenset(range(2)))
    with ComputerSeats(link, levels_of(table), table.ai_seed, min_think=0, workers="inline") as driver:
        for _ in range(60):
            seat = table.to_move()
            if seat is None:
                break
            if seat == 0:
                assert driver.tick() is None and driver.tick() is None     # never plays the human's seat
                link.send(0, legal_actions(table.state)[-1])              # the human passes
            else:
                play_until_human(driver, link, timeout_s=DEADLINE)
    assert any(r.seat == 1 for r in table.records), "the computer never played"
    assert any(r.seat == 0 for r in table.records)


def test_same_decisions_through_a_local_link_and_a_wire_link() -> None:
    """The same view, history and AI seed give the same decisions, whether views are objects or msgpack."""
    played = []
    for wrap in (False, True):
        table = table_of(["normal", "easy", "normal"], seed=21, ai_seed=99)
        local = LocalLink(table, frozenset(range(3)))
        link: Any = WireLink(local) if wrap else local
        with ComputerSeats(link, levels_of(table), table.ai_seed, min_think=0, workers="inline") as driver:
            while len(table.records) < 40 and table.to_move() is not None:
                seat = driver.tick()
                assert seat is None or table.records[-1].seat == seat
        assert not driver.errors
        played.append([(r.seat, r.action) for r in table.records])
    assert played[0] == played[1]
    assert len(played[0]) >= 40


def test_a_decision_for_a_stale_view_is_not_played() -> None:
    table = table_of(["easy", "easy"], seed=8)
    link = LocalLink(table, frozenset(range(2)))
    with ComputerSeats(link, levels_of(table), table.ai_seed, min_think=0, workers="inline") as driver:
        assert driver.tick() is None            # asked and decided for the first view
        assert driver.job is not None and driver.job.done.is_set()
        seat = table.to_move()
        table.submit(seat, legal_actions(table.state)[-1])    # the table moves on meanwhile
        assert driver.tick() is None            # the stale answer is dropped; a fresh one is asked for
        assert len(table.records) == 1
        assert driver.job is not None and driver.job.view_id == table.view_id
        assert driver.tick() == table.records[-1].seat
        assert len(table.records) == 2


def test_a_failing_decision_plays_a_seeded_legal_action(monkeypatch: pytest.MonkeyPatch) -> None:
    def broken(*args: Any) -> dict[str, Any]:
        raise RuntimeError("the computer's thinking failed")

    monkeypatch.setattr(seats_module, "decide", broken)
    played = []
    for _ in range(2):
        table = table_of(["normal", "normal"], seed=4)
        link = LocalLink(table, frozenset(range(2)))
        driver = ComputerSeats(link, levels_of(table), table.ai_seed, min_think=0, workers="thread")
        deadline = time.monotonic() + DEADLINE
        while len(table.records) < 3:
            assert time.monotonic() < deadline, "the table stalled"
            if driver.tick() is None and driver.job is not None:
                driver.job.done.wait(0.01)
        driver.close()
        assert driver.errors and "failed" in driver.errors[0]
        played.append([r.action for r in table.records[:3]])
    assert played[0] == played[1]          # the fallback is seeded too: no unseeded randomness


def test_the_worker_process_decides_a_legal_action() -> None:
    table = table_of(["normal", "human"], seed=4)
    link = LocalLink(table, frozenset(range(2)))
    state = table.state
    with ComputerSeats(link, levels_of(table), table.ai_seed, min_think=0, workers="process") as driver:
        deadline = time.monotonic() + DEADLINE
        acted = None
        while acted is None:
            assert time.monotonic() < deadline, "the worker process gave no decision"
            acted = driver.tick()
            if acted is None:
                time.sleep(0.005)   # polling a future in another process: no event to wait on
        assert not driver.errors, driver.errors
    assert acted == 0 and table.records[0].action in legal_actions(state)


def test_min_think_holds_a_decision_back() -> None:
    table = table_of(["easy", "easy"], seed=2)
    link = LocalLink(table, frozenset(range(2)))
    driver = ComputerSeats(link, levels_of(table), table.ai_seed, min_think=0.2, workers="inline")
    start = time.monotonic()
    while driver.tick() is None:
        assert time.monotonic() - start < DEADLINE
        time.sleep(0.01)
    assert time.monotonic() - start >= 0.2
    assert driver.tick(may_act=False) is None and len(table.records) == 1


def test_history_of_a_seat_drops_undone_actions() -> None:
    table = table_of(["human", "human"], seed=6)
    seat = table.to_move()
    before = table.history(seat)
    tile = next(a for a in table.legal_actions(seat) if a["kind"] == "place_tile")
    table.submit(seat, tile)
    assert len(table.history(seat)) > len(before)
    table.undo(seat)
    assert table.history(seat) == before
    assert table.view_id == 2 and not table.records


WORKER_PARENT = """
import os, sys
from game.ai.seats import ComputerSeats
from game.session import LocalLink, Seat, Table
table = Table([Seat("a", "bull", "easy"), Seat("b", "lion", "easy")], seed=1)
driver = ComputerSeats(LocalLink(table, frozenset({0, 1})), lambda seat: "easy", table.ai_seed)
print(driver._executor().submit(os.getpid).result(timeout=60), flush=True)
sys.stdin.read()
"""


def _alive(pid: int) -> bool:
    try:
        os.kill(pid, 0)
    except ProcessLookupError:
        return False
    try:    # a zombie is gone in all but name
        with open(f"/proc/{pid}/stat") as f:
            return f.read().split(")")[-1].split()[0] != "Z"
    except OSError:
        return True


@pytest.mark.skipif(sys.platform != "linux", reason="reads /proc")
def test_a_worker_process_leaves_when_its_game_is_killed() -> None:
    root = Path(__file__).resolve().parents[1]
    parent = subprocess.Popen([sys.executable, "-c", WORKER_PARENT], cwd=root, stdin=subprocess.PIPE,
                              stdout=subprocess.PIPE, text=True)
    try:
        worker = int(parent.stdout.readline())
        assert _alive(worker)
    finally:
        parent.kill()       # as a crash or SIGKILL would: nothing is closed properly
        parent.wait()
    deadline = time.monotonic() + DEADLINE
    while _alive(worker):
        assert time.monotonic() < deadline, "the worker outlived its killed game"
        time.sleep(0.05)
