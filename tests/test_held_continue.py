"""Quit while a turn waits for "End turn": Continue shows it waiting again, End turn and Undo both offered.

The journal notes that the last action's turn was held; resuming holds it again, shows no tile the bag
has not yet given, and ends (or undoes) it exactly as the uninterrupted game would have.
"""

from __future__ import annotations

import random
from pathlib import Path

import pytest

from game import journal
from game.session import Seat, Table

SEATS = [Seat("Ana", "lion"), Seat("Bel", "bull"), Seat("Cyrus", "urn")]


def held_game(path: Path, seed: int) -> tuple[Table, journal.JournalWriter]:
    """A journalled hot-seat game played until a turn is held (End turn / Undo)."""
    table = Table(SEATS, seed)
    table.confirm_seats = frozenset({0, 1, 2})
    writer = journal.JournalWriter(table, path)
    rng = random.Random(seed)
    while True:
        seat = table.to_move()
        legal = table.legal_actions(seat)
        if legal == [{"kind": "end_turn"}] and len(table.records) > 6:
            return table, writer
        table.submit(seat, rng.choice([a for a in legal if a["kind"] != "pass"] or legal))


@pytest.mark.parametrize("seed", [1, 4])
def test_continue_holds_the_turn_that_was_held_when_the_app_quit(tmp_path: Path, seed: int) -> None:
    path = tmp_path / "game.journal"
    table, _ = held_game(path, seed)
    seat = table.held_seat
    assert seat is not None and journal.read(path).held
    shown = {s: table.view(s) for s in (None, 0, 1, 2)}
    history = {s: table.history(s) for s in (None, 0, 1, 2)}

    resumed, _, _ = journal.resume(path)
    assert resumed.held_seat == seat and resumed.legal_actions(seat) == [{"kind": "end_turn"}]
    assert resumed.can_undo(seat), "Undo is offered again"
    for s in (None, 0, 1, 2):
        assert resumed.view(s) == shown[s], "the same held position, no new tile shown"
        assert resumed.history(s) == history[s]
    # End turn gives what the uninterrupted game gives.
    table.submit(seat, {"kind": "end_turn"})
    resumed.submit(seat, {"kind": "end_turn"})
    assert resumed.view(seat) == table.view(seat) and resumed.view_id == table.view_id
    assert not journal.read(path).held, "once ended, the journal no longer holds the turn"


def test_undo_after_continue_takes_back_the_held_action(tmp_path: Path) -> None:
    path = tmp_path / "game.journal"
    table, _ = held_game(path, 2)
    seat = table.held_seat
    table.undo(seat)
    again = table.view(seat)
    table_path = tmp_path / "again.journal"
    held_game(table_path, 2)
    resumed, _, _ = journal.resume(table_path)
    resumed.undo(seat)
    assert resumed.held_seat is None
    assert {k: v for k, v in resumed.view(seat).items() if k != "view_id"} == \
        {k: v for k, v in again.items() if k != "view_id"}
    assert len(resumed.records) == len(table.records)
    assert table.can_undo(seat), "the turn's first action could be taken back too"
    while table.can_undo(seat):   # as far back as the uninterrupted game could go: the turn's first action
        table.undo(seat)
        resumed.undo(seat)
        assert resumed.view(seat) | {"view_id": 0} == table.view(seat) | {"view_id": 0}
        assert resumed.records == table.records
    assert not resumed.can_undo(seat)


def test_a_journal_saved_after_end_turn_resumes_with_the_turn_ended(tmp_path: Path) -> None:
    path = tmp_path / "game.journal"
    table, _ = held_game(path, 3)
    seat = table.held_seat
    table.submit(seat, {"kind": "end_turn"})
    resumed, _, _ = journal.resume(path)
    assert resumed.held_seat is None and resumed.to_move() != seat
    assert resumed.view(resumed.to_move()) == table.view(table.to_move())


def test_continue_on_the_title_shows_the_held_turn_with_end_turn_and_undo(tmp_path: Path,
                                                                         monkeypatch: pytest.MonkeyPatch) -> None:
    monkeypatch.setenv("TWO_RIVERS_DATA", str(tmp_path))
    from game.ui import headless
    from game.ui.menus.settings import Settings
    from game.ui.menus.title import TitleScene
    from tests.test_ui_continue import CONFIG
    from tests.wiring import make_app

    app = make_app((1280, 720), Settings(animation="off"))
    app.push(TitleScene(app))
    headless.settle(app, 1.0)
    app.hooks.start_game(app, CONFIG)
    headless.settle(app, 0.5)
    table = app.top.link.table
    rng = random.Random(6)
    while table.held_seat is None:   # confirmation is on for hot-seat: the first turn's end is held
        seat = table.to_move()
        table.submit(seat, rng.choice([a for a in table.legal_actions(seat) if a["kind"] != "pass"]))
    seat = table.held_seat
    app.reset(TitleScene(app))   # the app quits with the turn held
    headless.settle(app, 1.0)
    headless.click_button(app, "continue", frames=30)
    resumed = app.top
    assert type(resumed).__name__ == "TableScene"
    resumed.revealed = seat   # the player takes the mouse (the curtain is up after Continue)
    app.run_frames(2)
    assert resumed.link.table.held_seat == seat and resumed.legal() == [{"kind": "end_turn"}]
    assert resumed.views[seat]["can_undo"], "End turn and Undo, as before the app quit"
    app.quit()
