"""Every kind of local table is a complete Link, and a table's state, view id and records change together."""

from __future__ import annotations

import random
import threading
from pathlib import Path

from game.journal import JournalWriter, read, resume
from game.replay import ReplayLink
from game.rules import to_move
from game.session import Link, LinkStatus, LocalLink, Seat, Table


def table_of(players: int = 2, seed: int = 7) -> Table:
    return Table([Seat(f"p{i}", "lion", "human") for i in range(players)], seed=seed)


def play(table: Table, actions: int, rng: random.Random) -> None:
    for _ in range(actions):
        seat = table.to_move()
        if seat is None:
            return
        table.submit(seat, rng.choice(table.legal_actions(seat)))


def test_local_and_replay_links_are_complete_links(tmp_path: Path) -> None:
    table = table_of()
    link = LocalLink(table, frozenset({0}))
    assert isinstance(link, Link)
    assert link.status is LinkStatus.PLAYING and link.notice == ""
    assert link.view(1) is None, "another seat's view is not shown on this screen"
    assert link.view(0)["seat"] == 0 and link.view(None)["seat"] is None
    assert link.legal_actions(1) == [] and link.history(1) == []
    JournalWriter(table, tmp_path / "g.journal")
    play(table, 5, random.Random(1))
    replay = ReplayLink(read(tmp_path / "g.journal"))
    assert isinstance(replay, Link)
    assert replay.view(None)["replay"]["length"] == 5 and replay.view(0) is None
    assert replay.legal_actions(0) == [] and replay.history(0) == []


def test_local_link_view_follows_the_table() -> None:
    table = table_of()
    link = LocalLink(table, frozenset({0, 1}))
    first = link.view(None)
    play(table, 1, random.Random(2))
    assert link.view(None)["view_id"] == first["view_id"] + 1 == table.view_id


def test_a_snapshot_never_shows_a_state_without_its_view_id() -> None:
    table = table_of(3, seed=9)
    states = {0: table.state}
    table.subscribe(lambda events: states.__setitem__(table.view_id, table.state))
    seen: list[tuple[int, int, object]] = []
    done = threading.Event()

    def reader() -> None:
        while not done.is_set():
            snap = table.snapshot()
            seen.append((snap.view_id, len(snap.records), snap.state))

    thread = threading.Thread(target=reader)
    thread.start()
    try:
        play(table, 150, random.Random(3))
    finally:
        done.set()
        thread.join()
    assert len(seen) > 10
    for view_id, records, state in seen:
        assert view_id == records, "view id and records changed apart"
        assert state is states[view_id], "the state and the view id changed apart"


def test_a_resumed_table_gives_its_seats_the_same_history(tmp_path: Path) -> None:
    table = table_of(3, seed=12)
    JournalWriter(table, tmp_path / "g.journal")
    play(table, 60, random.Random(4))
    seat = table.to_move()
    if seat is not None and table.can_undo(seat):
        table.undo(seat)
    resumed, _, journal = resume(tmp_path / "g.journal")
    assert journal.ai_seed == table.ai_seed == resumed.ai_seed
    for s in range(3):
        assert resumed.history(s) == table.history(s)
        assert resumed.history(s), "the seats saw events"
    assert to_move(resumed.state) == table.to_move()


def test_a_link_opened_while_another_thread_plays_tells_each_change_once() -> None:
    """A LAN host's screen opens its link while players act on the host's thread: the first update shows
    where the table stands, and every later one is a change after it, in order, none told twice."""
    table = table_of(3, seed=4)
    links: list[LocalLink] = []
    done = threading.Event()

    def opener() -> None:
        while not done.is_set() and len(links) < 40:
            links.append(LocalLink(table, frozenset({0})))

    thread = threading.Thread(target=opener)
    thread.start()
    try:
        play(table, 80, random.Random(5))
    finally:
        done.set()
        thread.join()
    assert len(links) > 10
    for link in links:
        ids = [update.view_id for update in link.poll()]
        assert ids == sorted(set(ids)), "a change was told twice or out of order"
        assert ids[-1] == table.view_id


def test_a_replay_refuses_a_move_sent_with_the_view_it_was_decided_on(tmp_path: Path) -> None:
    """Link.send takes the view id the action was decided on; a replay refuses such a move like any other."""
    table = table_of()
    JournalWriter(table, tmp_path / "g.journal")
    play(table, 3, random.Random(4))
    replay = ReplayLink(read(tmp_path / "g.journal"))
    replay.poll()
    view = replay.view(None)
    assert view is not None
    replay.send(0, {"kind": "pass"}, view_id=view["view_id"])
    refusals = replay.poll()
    assert [u.message for u in refusals] == [{"key": "replay.refused", "params": {}}]
    assert refusals[0].error
