"""Computer seats at a hot-seat table: they think in a worker process while frames go on, act through
the link only, and a resumed game's computers know the history a fresh game's would."""

from __future__ import annotations

import os
import random
import time
from pathlib import Path

import pytest

os.environ.setdefault("SDL_VIDEODRIVER", "dummy")
os.environ.setdefault("SDL_AUDIODRIVER", "dummy")
os.environ.setdefault("TWO_RIVERS_MUTE", "1")

from game.ui import headless  # noqa: E402
from game.ui.menus.settings import Settings  # noqa: E402
from tests.wiring import make_app  # noqa: E402

DEADLINE = 60.0
CONFIG = {
    "players": 2,
    "seats": [{"name": "Ana", "dynasty": "bull", "kind": "human"},
              {"name": "Ben", "dynasty": "lion", "kind": "computer", "level": "easy"}],
    "variants": [],
    "seed": 41,
}


@pytest.fixture()
def data(tmp_path: Path, monkeypatch: pytest.MonkeyPatch) -> Path:
    monkeypatch.setenv("TWO_RIVERS_DATA", str(tmp_path))
    return tmp_path


def run_until(app: object, done: object, what: str) -> None:
    deadline = time.monotonic() + DEADLINE
    while not done():
        assert time.monotonic() < deadline, f"{what} did not happen in time"
        app.step(1 / 60)


def test_a_computer_seat_plays_its_turn_and_hands_back_to_the_human(data: Path) -> None:
    app = make_app((1280, 720), Settings(animation="off"))
    app.hooks.start_game(app, CONFIG)
    headless.settle(app, 0.2)
    scene = app.top
    table = scene.link.table
    assert scene.computers is not None and scene.humans == {0}
    assert scene.computers.min_think > 0.3, "a computer takes a moment, so the sofa can follow it"
    scene.computers.min_think = 0.05    # the test need not wait as long as people do
    rng = random.Random(2)
    played_by_computer = 0
    for _ in range(3):      # three rounds of: the human plays its turn, the computer plays its own
        run_until(app, lambda: table.to_move() == 0 == scene.decider(), "the human's turn")
        while table.to_move() == 0:     # the human's choices, handed to the link as the scene's clicks are
            scene.send(rng.choice(scene.legal()))
            app.step(1 / 60)
        run_until(app, lambda: table.to_move() == 0 or table.state.game_over, "the computer's turn")
        played_by_computer = sum(1 for r in table.records if r.seat == 1)
    assert played_by_computer >= 3, "the computer played its turns"
    assert not scene.computers.errors, scene.computers.errors
    scene.exit()
    app.quit()


def test_resumed_computers_decide_with_the_whole_history(data: Path) -> None:
    from game.ai.seats import ComputerSeats
    from game.journal import resume
    from main import local_game

    game = local_game(CONFIG)
    table = game.link.table
    rng = random.Random(5)
    while len(table.records) < 30:
        seat = table.to_move()
        table.submit(seat, rng.choice(table.legal_actions(seat)))
    seat = table.to_move()
    fresh = table.history(seat)
    assert fresh
    assert game.journal_path is not None
    resumed, _, _ = resume(game.journal_path)
    again = local_game(CONFIG, table=resumed)
    assert isinstance(again.computers, ComputerSeats)
    assert again.link.history(seat) == fresh
    assert resumed.ai_seed == table.ai_seed
