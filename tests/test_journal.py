"""Saving, resuming, replays and damaged journals (the table's journal, game/journal.py)."""

from __future__ import annotations

import json
import random
from pathlib import Path

import pytest

from game import journal as jr
from game.rules import view_for
from game.session import Seat, Table


def seats(n: int) -> list[Seat]:
    return [Seat(f"P{i}", d, "human") for i, d in zip(range(n), ("bull", "lion", "archer", "urn"), strict=False)]


def play(table: Table, rng: random.Random, count: int) -> None:
    for _ in range(count):
        seat = table.to_move()
        if seat is None:
            return
        table.submit(seat, rng.choice(table.legal_actions(seat)))


def snapshot(table: Table) -> str:
    return json.dumps([view_for(table.state, s) for s in [None, *range(table.players)]], sort_keys=True)


@pytest.mark.parametrize("stop_after", [0, 1, 7, 40, 150])
def test_resumed_game_has_the_same_state_views_and_future(tmp_path: Path, stop_after: int) -> None:
    path = tmp_path / "g.journal"
    a = Table(seats(3), seed=11, variants=["buildings"])
    jr.JournalWriter(a, path)
    play(a, random.Random(5), stop_after)
    b, _, _ = jr.resume(path)
    assert snapshot(b) == snapshot(a)
    # The same future: the same actions from here give the same game.
    rng_a, rng_b = random.Random(9), random.Random(9)
    for _ in range(60):
        if a.to_move() is None:
            break
        assert a.legal_actions(a.to_move()) == b.legal_actions(b.to_move())
        play(a, rng_a, 1)
        play(b, rng_b, 1)
        assert snapshot(a) == snapshot(b)


def test_journal_is_rewritten_after_every_action_and_undo(tmp_path: Path) -> None:
    path = tmp_path / "g.journal"
    t = Table(seats(2), seed=3)
    jr.JournalWriter(t, path)
    rng = random.Random(1)
    play(t, rng, 5)
    assert len(jr.read(path).actions) == 5
    seat = t.to_move()
    tile = next(a for a in t.legal_actions(seat) if a["kind"] == "place_tile")
    t.submit(seat, tile)
    if t.can_undo(seat):
        t.undo(seat)
        assert len(jr.read(path).actions) == 5


def test_finished_game_is_marked_and_replays_through_the_recorded_states(tmp_path: Path) -> None:
    path = tmp_path / "g.journal"
    t = Table(seats(2), seed=21)
    jr.JournalWriter(t, path)
    states = [t.state]
    rng = random.Random(2)
    while t.to_move() is not None:
        play(t, rng, 1)
        states.append(t.state)
    journal = jr.read(path)
    assert journal.finished
    replayed, events = jr.replay(journal)
    assert len(replayed) == len(states) and len(events) == len(states) - 1
    forward = [view_for(s, None) for s in replayed]
    assert forward == [view_for(s, None) for s in states]
    assert list(reversed(forward)) == [view_for(s, None) for s in reversed(states)]


def test_truncated_journal_is_recovered_to_its_last_whole_action(tmp_path: Path) -> None:
    path = tmp_path / "g.journal"
    t = Table(seats(2), seed=4)
    jr.JournalWriter(t, path)
    play(t, random.Random(3), 30)
    data = path.read_bytes()
    cut = data[: len(data) - 17]
    path.write_bytes(cut)
    table, _, journal = jr.resume(path)
    assert journal.recovered_from is not None
    assert len(table.records) == 29
    assert (tmp_path / "g.journal.damaged").read_bytes() == cut


def test_bit_flips_are_refused_or_recovered_never_crash(tmp_path: Path) -> None:
    path = tmp_path / "g.journal"
    t = Table(seats(3), seed=8)
    jr.JournalWriter(t, path)
    play(t, random.Random(4), 40)
    good = path.read_bytes()
    rng = random.Random(0)
    for _ in range(200):
        data = bytearray(good)
        pos = rng.randrange(len(data))
        data[pos] ^= 1 << rng.randrange(8)
        broken = tmp_path / "broken.journal"
        broken.write_bytes(bytes(data))
        try:
            table, _, journal = jr.resume(broken)
        except jr.JournalError as exc:
            assert str(exc)
            continue
        assert len(table.records) <= 40
        assert journal.recovered_from is not None or bytes(data) == good


def test_other_files_are_refused_with_a_clear_message(tmp_path: Path) -> None:
    cases = {
        "empty": b"",
        "text": b"hello world\n",
        "json": b'{"format": "two-rivers-journal"}\n',
        "binary": bytes(range(256)),
    }
    for name, data in cases.items():
        p = tmp_path / f"{name}.journal"
        p.write_bytes(data)
        with pytest.raises(jr.JournalError) as info:
            jr.read(p)
        assert "saved game" in str(info.value)
    future = jr.Journal(1, [], [{"name": "a", "dynasty": "bull", "kind": "human"}] * 2)
    text = jr.encode(future).replace('"version":1', '"version":99')
    line = text.splitlines()[0].partition(" ")[2]
    import zlib
    p = tmp_path / "future.journal"
    p.write_text(f"{zlib.crc32(line.encode()):08x} {line}\n")
    with pytest.raises(jr.JournalError, match="another version"):
        jr.read(p)


def test_last_unfinished_game_is_found(tmp_path: Path) -> None:
    folder = tmp_path
    t = Table(seats(2), seed=1)
    path = jr.new_path(folder)
    jr.JournalWriter(t, path)
    play(t, random.Random(1), 3)
    found = jr.last_unfinished(folder)
    assert found is not None and found.path == path
    assert jr.last_unfinished(folder, lan=True) is None


def test_replay_link_steps_through_exactly_the_recorded_states(tmp_path: Path) -> None:
    from game.replay import ReplayLink

    path = tmp_path / "g.journal"
    t = Table(seats(2), seed=5)
    jr.JournalWriter(t, path)
    states = [t.state]
    rng = random.Random(6)
    while t.to_move() is not None:
        play(t, rng, 1)
        states.append(t.state)
    link = ReplayLink(jr.read(path))
    assert link.length == len(states) - 1
    first = link.poll()[0].views[None]
    assert first["board"] == view_for(states[0], None)["board"]
    assert all(s["hand"] is not None for s in first["seats"]), "a replay shows every hand"
    seen = []
    while link.forward():
        update = link.poll()[0]
        seen.append(update.views[None]["board"])
        assert update.events[None], "stepping forwards carries the action's events"
    assert seen == [view_for(s, None)["board"] for s in states[1:]]
    back = []
    while link.back():
        back.append(link.poll()[0].views[None]["board"])
    assert back == [view_for(s, None)["board"] for s in reversed(states[:-1])]
    link.send(0, {"kind": "pass"})
    assert link.poll()[0].error


def test_junk_in_an_action_never_reaches_the_journal(tmp_path: Path) -> None:
    path = tmp_path / "g.journal"
    t = Table(seats(2), seed=12)
    writer = jr.JournalWriter(t, path)
    seat = t.to_move()
    t.submit(seat, {"kind": "pass", "junk": b"\x00\x01", 1: "x"})
    assert writer.error is None
    assert jr.read(path).actions == [(seat, {"kind": "pass"})]
    play(t, random.Random(2), 5)
    assert len(jr.read(path).actions) == 6


def test_a_failing_listener_does_not_stop_the_others() -> None:
    t = Table(seats(2), seed=12)
    heard: list[int] = []

    def broken(events: list) -> None:
        raise RuntimeError("disk on fire")

    t.subscribe(broken)
    t.subscribe(lambda events: heard.append(len(events)))
    t.submit(t.to_move(), {"kind": "pass"})
    assert heard, "the second listener must still hear of the change"


def test_odd_header_values_are_refused_not_crashing(tmp_path: Path) -> None:
    import zlib

    good = jr.Journal(1, [], [{"name": "a", "dynasty": "bull", "kind": "human"}] * 2)
    line = jr.encode(good).splitlines()[0].partition(" ")[2].replace('"started":', '"started":"yesterday","x":')
    p = tmp_path / "games"
    p.mkdir()
    (p / "odd.journal").write_text(f"{zlib.crc32(line.encode()):08x} {line}\n")
    with pytest.raises(jr.JournalError):
        jr.read(p / "odd.journal")
    listed = jr.list_games(tmp_path)
    assert listed and listed[0].problem
    assert jr.last_unfinished(tmp_path) is None


def test_the_ai_seed_is_independent_of_the_game_seed_and_kept(tmp_path: Path) -> None:
    a, b = Table(seats(2), seed=5), Table(seats(2), seed=5)
    assert a.ai_seed != b.ai_seed, "the computers' seed is drawn apart, never from the game's seed"
    assert a.ai_seed.bit_length() > 64
    path = tmp_path / "g.journal"
    jr.JournalWriter(a, path)
    play(a, random.Random(2), 6)
    assert jr.read(path).ai_seed == a.ai_seed
    resumed, _, _ = jr.resume(path)
    assert resumed.ai_seed == a.ai_seed


def test_an_old_journal_without_an_ai_seed_gets_a_fresh_one_saved(tmp_path: Path) -> None:
    path = tmp_path / "old.journal"
    t = Table(seats(3), seed=8)
    play(t, random.Random(3), 12)
    old = jr.Journal(t.seed, [], [s.to_wire() for s in t.seats], [(r.seat, r.action) for r in t.records])
    header = old.header()
    del header["ai_seed"]       # written before the AI seed was kept
    lines = jr.encode(old).splitlines(keepends=True)
    lines[0] = jr._line(header)
    path.write_text("".join(lines), encoding="utf-8")
    assert jr.read(path).ai_seed is None and len(jr.read(path).actions) == 12
    resumed, _, _ = jr.resume(path)
    assert resumed.ai_seed is not None and resumed.ai_seed not in (t.seed, t.ai_seed)
    assert jr.read(path).ai_seed == resumed.ai_seed, "the fresh AI seed is saved at once"
    assert snapshot(resumed) == snapshot(t)
    again, _, _ = jr.resume(path)
    assert again.ai_seed == resumed.ai_seed


def test_a_damaged_ai_seed_is_refused(tmp_path: Path) -> None:
    t = Table(seats(2), seed=8)
    header = jr.Journal(t.seed, [], [s.to_wire() for s in t.seats]).header()
    for bad in ("12", 1.5, True, [1]):
        path = tmp_path / "bad.journal"
        path.write_text(jr._line(dict(header, ai_seed=bad)), encoding="utf-8")
        with pytest.raises(jr.JournalError, match="options"):
            jr.read(path)
