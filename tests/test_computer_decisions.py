"""A computer's decision lands only on the view it was made for, survives a dead worker off the caller's
thread, and replays: a resumed game decides as the uninterrupted one, and every seed can be given back.

Tables, journals and decisions are real; the worker test starts (and kills) a real worker process.
"""

from __future__ import annotations

import os
import re
import shutil
import signal
import threading
import time
from pathlib import Path
from typing import Any

import pytest

from game.ai import seats as seats_module
from game.ai.seats import ComputerSeats
from game.journal import JournalWriter, resume
from game.rules import IllegalAction, legal_actions
from game.session import STALE_VIEW, LocalLink, Seat, Table
from net.computers import SeatsLink

DEADLINE = 60.0


def two_seats(kinds: tuple[str, str] = ("normal", "human"), seed: int = 17, lock: Any = None) -> Table:
    return Table([Seat("Ann", "bull", kinds[0]), Seat("Bel", "lion", kinds[1])], seed=seed,
                 ai_seed=0x7A3C_91E4_5B20_D6F8, lock=lock)


def first_tile(table: Table, seat: int) -> dict[str, Any]:
    return next(a for a in table.legal_actions(seat) if a["kind"] == "place_tile")


# --- a decision for a view gone by is refused, by the table, under its lock --------------------------


def test_the_table_refuses_an_action_decided_on_an_older_view() -> None:
    table = two_seats(("human", "human"))
    seat = table.to_move()
    decided_on = table.view_id
    table.submit(seat, first_tile(table, seat), expected_view_id=decided_on)
    state, records, view_id = table.state, list(table.records), table.view_id
    assert view_id == decided_on + 1
    with pytest.raises(IllegalAction, match="changed"):
        table.submit(seat, first_tile(table, seat), expected_view_id=decided_on)
    assert table.state is state and table.records == records and table.view_id == view_id
    link = LocalLink(table, frozenset({0, 1}))
    link.poll()
    link.send(seat, first_tile(table, seat), view_id=decided_on)
    assert [u.error for u in link.poll()] == [STALE_VIEW] and table.records == records
    link.send(seat, first_tile(table, seat), view_id=view_id)      # the current view: accepted
    assert len(table.records) == 2


class ReturningPlayer:
    """Acts for the computer's seat in the gap between the driver's last look and its send, once.

    This is the LAN race: a stand-in plays a missing player's seat, the player comes back and moves
    (view N -> N+1, the same seat still to move), and the stand-in's decision for view N arrives after.
    """

    table: Table
    acted: dict[str, Any] | None = None

    def send(self, seat: int, action: dict[str, Any], view_id: int | None = None) -> None:
        if self.acted is None:
            self.acted = first_tile(self.table, seat)
            self.table.submit(seat, self.acted)
        super().send(seat, action, view_id)  # type: ignore[misc]


class LocalGap(ReturningPlayer, LocalLink):
    """A hot-seat link with the returning player's move in the gap."""


class HostGap(ReturningPlayer, SeatsLink):
    """The LAN host's computer-seat link with the returning player's move in the gap."""


@pytest.mark.parametrize("kind", ["hot-seat", "lan host"])
def test_a_stand_ins_decision_is_refused_when_the_player_moved_in_the_gap(kind: str) -> None:
    lock = threading.RLock()
    table = two_seats(lock=lock)
    link = LocalGap(table, frozenset({0, 1})) if kind == "hot-seat" else HostGap(table, lock, {0: "normal"}.get)
    assert table.to_move() == 0 and table.state.actions_left == 2
    with ComputerSeats(link, lambda seat: "normal" if seat == 0 else None, table.ai_seed,
                       min_think=0, workers="inline") as driver:
        assert driver.tick() is None and driver.job is not None and driver.job.view_id == 0   # decided on view 0
        driver.tick()       # sends; the player's own move lands first
        # Only the player's move counts: the computer's answer for view 0 was refused at view 1.
        assert [(r.seat, r.action) for r in table.records] == [(0, link.acted)]
        assert table.view_id == 1 and table.to_move() == 0 and table.state.actions_left == 1
        if kind == "hot-seat":
            assert [u.error for u in link.poll() if u.error] == [STALE_VIEW]
        # The driver asks afresh for the view now shown, and that answer is played.
        assert driver.tick() is None and driver.job is not None and driver.job.view_id == 1
        assert driver.tick() == 0 and len(table.records) == 2 and table.records[1].seat == 0
        assert not driver.errors


def test_a_stand_ins_decision_is_dropped_when_its_player_took_the_seat_back() -> None:
    """The host's link asks again, under the lock, whether the seat is still the computer's: a player who
    came back (or a host that closed) between the driver's look and its send gets no move made for them."""
    lock = threading.RLock()
    table = two_seats(lock=lock)
    hosted = {0: "normal"}                  # who the host says plays each seat, as it changes
    link = SeatsLink(table, lock, hosted.get)
    with ComputerSeats(link, lambda seat: "normal" if seat == 0 else None, table.ai_seed,
                       min_think=0, workers="inline") as driver:
        assert driver.tick() is None and driver.job is not None     # decided for seat 0
        hosted.pop(0)                       # the player is back before the decision is sent
        driver.tick()
        assert table.records == [] and table.view_id == 0


# --- a dead worker: the decision is asked again on a thread, never on the caller's ---------------------


def test_a_dead_workers_decision_is_asked_again_on_a_thread_not_the_callers(
        monkeypatch: pytest.MonkeyPatch) -> None:
    table = two_seats()
    link = LocalLink(table, frozenset({0, 1}))
    state = table.state
    driver = ComputerSeats(link, lambda seat: "normal" if seat == 0 else None, table.ai_seed,
                           min_think=0, workers="process")
    try:
        pool = driver._executor()
        assert pool is not None
        worker = pool.submit(os.getpid).result(timeout=DEADLINE)
        pool.submit(time.sleep, DEADLINE)       # keeps the worker busy: the decision waits in its queue
        assert driver.tick() is None and driver.job is not None and driver.job.future is not None
        thinkers: list[threading.Thread] = []
        real = seats_module.choose

        def choose(*args: Any) -> dict[str, Any]:
            thinkers.append(threading.current_thread())
            return real(*args)

        # Only this process's thinking is watched (the worker imported its own game.ai), and `decide`, which
        # the queued request names, stays the same function.
        monkeypatch.setattr(seats_module, "choose", choose)
        os.kill(worker, signal.SIGKILL)                        # the worker dies with the decision queued
        deadline = time.monotonic() + DEADLINE
        acted = None
        while acted is None:
            assert time.monotonic() < deadline, "no decision after the worker died"
            start = time.monotonic()
            acted = driver.tick()
            assert time.monotonic() - start < 0.5, "a tick thought on the caller's thread"
            if acted is None:
                time.sleep(0.005)
        assert thinkers and threading.main_thread() not in thinkers
        assert driver.workers == "thread" and any("died" in e for e in driver.errors)
        assert acted == 0 and table.records[0].action in legal_actions(state)
    finally:
        driver.close()


# --- a resumed game decides as the uninterrupted one --------------------------------------------------


def play(table: Table, link: LocalLink, driver: ComputerSeats, *, until_held: int | None = None,
         decisions: int = 10_000, undo_first: bool = False) -> int:
    """Play on: the person at seat 0 takes the first legal action (undoing its very first once when asked),
    the computer at seat 1 decides through the driver. Stop after `decisions` of the person's, or when the
    person has been asked `until_held` times to end a held turn. Return the person's decisions made."""
    made = held = 0
    while (seat := table.to_move()) is not None and made < decisions:
        if seat == 1:
            deadline = time.monotonic() + DEADLINE
            while driver.tick() != 1:
                assert time.monotonic() < deadline, driver.errors
            continue
        options = table.legal_actions(0)
        if options == [{"kind": "end_turn"}]:
            held += 1
            if held == until_held:
                return made
        if undo_first:
            link.send(0, first_tile(table, 0), table.view_id)
            assert table.can_undo(0)
            link.undo(0)
            undo_first = False
            options = table.legal_actions(0)
        link.send(0, options[0], table.view_id)
        made += 1
    return made


def test_a_resumed_hot_seat_game_decides_as_the_uninterrupted_one(tmp_path: Path) -> None:
    table = two_seats(("human", "easy"), seed=29)
    table.confirm_seats = frozenset({0})       # the person ends each turn: held turns count in view ids
    saved = tmp_path / "game.journal"
    JournalWriter(table, saved)
    link = LocalLink(table, frozenset({0, 1}))
    driver = ComputerSeats(link, {1: "easy"}.get, table.ai_seed, min_think=0, workers="inline")
    play(table, link, driver, until_held=3, undo_first=True)   # stop with the person's turn held
    assert len(table.records) + 2 < table.view_id, "undo and held turns make view ids run ahead of actions"
    copy = tmp_path / "copy.journal"
    shutil.copyfile(saved, copy)

    resumed, _, _ = resume(copy)
    resumed.confirm_seats = frozenset({0})
    resumed_link = LocalLink(resumed, frozenset({0, 1}))
    resumed_driver = ComputerSeats(resumed_link, {1: "easy"}.get, resumed.ai_seed, min_think=0, workers="inline")
    # The resumed game holds the turn again (Continue shows it held); both people end it: same view id.
    assert resumed.held_seat == 0
    link.send(0, {"kind": "end_turn"}, table.view_id)
    resumed_link.send(0, {"kind": "end_turn"}, resumed.view_id)
    assert resumed.view_id == table.view_id and resumed.ai_seed == table.ai_seed
    assert resumed.history(1) == table.history(1)
    for game in ((table, link, driver), (resumed, resumed_link, resumed_driver)):
        play(*game, decisions=12)
    assert resumed.view_id == table.view_id
    assert [(r.seat, r.action) for r in resumed.records] == [(r.seat, r.action) for r in table.records]
    assert sum(r.seat == 1 for r in table.records) > 10


def test_an_older_journal_resumes_counting_its_actions_and_a_damaged_view_id_is_refused(tmp_path: Path) -> None:
    from game import journal as jr

    table = two_seats(("human", "human"))
    for _ in range(3):
        seat = table.to_move()
        table.submit(seat, first_tile(table, seat))
    old = jr.Journal(table.seed, [], [s.to_wire() for s in table.seats],
                     [(r.seat, r.action) for r in table.records], ai_seed=table.ai_seed)
    assert old.header()["view_id"] is None      # written before view ids were kept
    lines = jr.encode(old).splitlines(keepends=True)
    path = tmp_path / "old.journal"
    path.write_text("".join(lines), encoding="utf-8")
    resumed, _, _ = resume(path)
    assert resumed.view_id == 3, "an older journal goes on from its count of actions, never from 0"
    assert jr.read(path).view_id == 3, "and keeps the view id from now on"
    header = jr.Journal(table.seed, [], [s.to_wire() for s in table.seats]).header()
    for bad in ("7", 1.5, True, -1):
        path.write_text(jr._line(dict(header, view_id=bad)), encoding="utf-8")
        with pytest.raises(jr.JournalError, match="options"):
            jr.read(path)


# --- every seed can be given back ----------------------------------------------------------------------


def test_selfplay_prints_its_ai_seed_and_replays_from_it(capsys: pytest.CaptureFixture[str]) -> None:
    from main import main

    game = ["--selfplay", "--players", "2", "--levels", "easy,random", "--seed", "3"]
    assert main(game) == 0
    first = capsys.readouterr().out
    found = re.search(r"AI seed (\d+)", first)
    assert found and int(found.group(1)).bit_length() > 64, "the AI seed is printed, drawn from fresh entropy"
    assert f"--ai-seed {found.group(1)}" in first
    assert main([*game, "--ai-seed", found.group(1)]) == 0
    assert capsys.readouterr().out == first, "the printed seeds replay the game exactly"
    assert main([*game, "--ai-seed", "12345"]) == 0
    assert "AI seed 12345," in capsys.readouterr().out
    with pytest.raises(SystemExit):
        main([*game, "--ai-seed", "twelve"])
    assert "--ai-seed" in capsys.readouterr().err


def test_a_new_game_without_a_seed_deals_a_fresh_bag() -> None:
    from main import local_game

    config = {"players": 2, "seats": [{"name": "Ann", "dynasty": "bull"}, {"name": "Bel", "dynasty": "lion"}]}
    seeds = [local_game(config, save=False).link.table.seed for _ in range(2)]
    assert seeds[0] != seeds[1] and all(s.bit_length() > 64 for s in seeds)
    assert local_game(dict(config, seed=None), save=False).link.table.seed not in (0, None)
    assert local_game(dict(config, seed=42), save=False).link.table.seed == 42
