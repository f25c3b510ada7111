"""A recap since your last turn: when a seat gets the mouse, every square changed since it last acted is
marked, numbered in order and in the acting dynasty's colour; the log numbers the same moves; the marks
stay until that player acts."""

from __future__ import annotations

import os
import random
from pathlib import Path
from typing import Any

import pytest

os.environ.setdefault("SDL_VIDEODRIVER", "dummy")
os.environ.setdefault("SDL_AUDIODRIVER", "dummy")
os.environ.setdefault("TWO_RIVERS_MUTE", "1")

import pygame  # noqa: E402

from game.session import LocalLink, Seat, Table  # noqa: E402
from game.ui.headless import click, make_app  # noqa: E402
from game.ui.settings import Settings  # noqa: E402
from game.ui.table_scene import TableScene  # noqa: E402
from game.ui.table_story import Story  # noqa: E402

from .ui_positions import config_for  # noqa: E402

SHOTS = Path("/tmp/shots-uitable")


@pytest.fixture(autouse=True)
def _data_dir(tmp_path: Path, monkeypatch: pytest.MonkeyPatch) -> None:
    monkeypatch.setenv("TWO_RIVERS_DATA", str(tmp_path))


def snapshot(view: dict[str, Any]) -> dict[tuple[int, int], tuple]:
    """What stands on each square: tile or terrain character, leader, treasure."""
    leaders = {tuple(l["at"]): (l["seat"], l["color"]) for l in view["leaders"]}
    treasures = {tuple(t) for t in view["treasures"]}
    return {(r, c): (ch, leaders.get((r, c)), (r, c) in treasures)
            for r, row in enumerate(view["board"]) for c, ch in enumerate(row)}


def pick(legal: list[dict[str, Any]], rng: random.Random) -> dict[str, Any]:
    leaders = [a for a in legal if a["kind"] in ("place_leader", "move_leader")]
    tiles = [a for a in legal if a["kind"] == "place_tile"]
    if leaders and rng.random() < 0.4:
        return rng.choice(leaders)
    return rng.choice(tiles or legal)


def test_every_square_changed_since_a_seat_last_acted_is_marked_until_it_acts() -> None:
    seats = [Seat(n, d) for n, d in (("Ana", "lion"), ("Bel", "bull"), ("Cyrus", "urn"))]
    table = Table(seats, 11)
    app = make_app((1920, 1080), Settings(animation="off"))
    scene = TableScene(app, config_for(3, seed=11), LocalLink(table, frozenset({0, 1, 2})))
    app.push(scene)
    app.run_frames(2)
    rng = random.Random(5)
    seen: dict[int, dict] = {}
    checked = emptied = 0
    shot = False
    for _ in range(160):
        seat = table.to_move()
        if seat is None:
            break
        if scene.curtain_up():
            click(app, (960, 540), frames=1)
        if seat in seen:
            changed = {sq for sq, what in snapshot(table.view(None)).items() if seen[seat].get(sq) != what}
            moves = scene.recap_moves()
            marked = {sq for m in moves for sq in m.squares}
            assert changed <= marked, f"changed squares not marked: {changed - marked}"
            assert all(m.seat != seat or not m.decided for m in moves), "a seat's own choices are not recapped"
            numbers = Story.marks(moves, scene.public()["dynasties"])
            assert [n for n, *_ in numbers] == sorted(n for n, *_ in numbers), "numbered in order"
            app.theme.record_text = []
            app.run_frames(1)
            drawn, app.theme.record_text = app.theme.record_text, None
            on_board = [r.text for r in drawn if scene.layout_.board.contains(r.rect) and r.text.isdigit()]
            assert len(on_board) == sum(len(sq) for _, sq, _, _ in numbers), "each marked square shows its number"
            assert len(scene.log._marks) == len(moves), "the log numbers the same moves"
            checked += 1
            emptied += any(m.emptied for m in moves)
            if len(moves) >= 4 and not shot:
                app.screenshot(SHOTS / "recap_1920x1080.png")
                shot = True
        table.submit(seat, pick(table.legal_actions(seat), rng))
        app.run_frames(1)
        seen[seat] = snapshot(table.view(None))
    assert checked >= 20
    assert emptied, "a square something left (a king sent home, a treasure taken) was recapped"
    pygame.display.quit()


def test_marks_stay_until_the_player_acts() -> None:
    table = Table([Seat("Ana", "lion"), Seat("Bel", "bull")], 2)
    app = make_app((1280, 720), Settings(animation="off", confirm_turn=False))
    scene = TableScene(app, config_for(2, seed=2), LocalLink(table, frozenset({0, 1})))
    app.push(scene)
    app.run_frames(2)
    for _ in range(2):
        table.submit(0, next(a for a in table.legal_actions(0) if a["kind"] == "place_tile"))
    app.run_frames(2)
    assert scene.recap_moves() == [], "behind the curtain nothing is shown"
    click(app, (640, 360), frames=2)
    assert [m.seat for m in scene.recap_moves()] == [0, 0]
    app.run_frames(30)
    assert len(scene.recap_moves()) == 2, "the marks stay while the player thinks"
    table.submit(1, next(a for a in table.legal_actions(1) if a["kind"] == "place_tile"))
    app.run_frames(2)
    assert scene.recap_moves() == [], "acting clears the recap"
    pygame.display.quit()


def test_continue_brings_back_the_log_and_the_recap(tmp_path: Path) -> None:
    from game.ui.flow import local_game, resume_game

    config = config_for(3, seed=6)
    game = local_game(config)
    table = game.link.table
    rng = random.Random(3)
    for _ in range(9):  # a few turns; seat 0 acted last on turn 4, the others since
        seat = table.to_move()
        table.submit(seat, pick(table.legal_actions(seat), rng))
    while table.to_move() != 0 or table.state.actions_left != 2:
        seat = table.to_move()
        table.submit(seat, pick(table.legal_actions(seat), rng))
    said = [e for e in table.history(0) if e["kind"] in ("tile_placed", "leader_placed")]
    app = make_app((1280, 720), Settings(animation="off"))
    resume_game(app, game.journal_path)
    app.run_frames(3)
    scene = app.top
    assert isinstance(scene, TableScene) and scene.curtain_up()
    assert sum(1 for line in scene.log.lines if "placed" in line) == len(said), "the log tells the game so far"
    assert sum(1 for e in scene.log.entries if e.turn) >= 4, "with its turns"
    click(app, (640, 360), frames=2)
    moves = scene.recap_moves()
    assert moves and {m.seat for m in moves} == {1, 2}, "the others' moves since seat 0's last turn are marked"
    app.screenshot(SHOTS / "recap_after_continue_1280x720.png")
    pygame.display.quit()


def test_a_computers_whole_turn_is_recapped_to_the_human() -> None:
    import time

    from game.ai.seats import ComputerSeats

    config = config_for(2, seed=8, kinds=["human", "computer"])
    config["seats"][1]["level"] = "easy"
    table = Table([Seat("Ana", "lion"), Seat("Bel", "bull", "easy")], 8)
    link = LocalLink(table, frozenset({0, 1}))
    computers = ComputerSeats(link, {1: "easy"}.get, table.ai_seed, min_think=0.0, workers="inline")
    app = make_app((1280, 720), Settings(animation="off", confirm_turn=False))
    scene = TableScene(app, config, link, computers)
    app.push(scene)
    app.run_frames(2)
    for _ in range(2):
        table.submit(0, next(a for a in table.legal_actions(0) if a["kind"] == "place_tile"))
    deadline = time.monotonic() + 30
    while table.to_move() != 0 and time.monotonic() < deadline:
        app.run_frames(1)
    assert table.to_move() == 0, "the computer played its turn"
    app.run_frames(1)  # the scene reads the computer's last action
    moves = scene.recap_moves()
    assert [m.seat for m in moves] == [1] * len(moves) and len(moves) >= 2, "both of the computer's actions"
    app.run_frames(1)
    assert len(scene.log._marks) == len(moves), "the log numbers each of them"
    scene.exit()
    pygame.display.quit()


def test_a_screen_opened_on_a_game_already_moving_tells_each_move_once() -> None:
    table = Table([Seat("Ana", "lion"), Seat("Bel", "bull")], 3)
    link = LocalLink(table, frozenset({0, 1}))
    rng = random.Random(2)
    for _ in range(5):  # moves made before the screen reads its first update (a LAN link joined earlier)
        seat = table.to_move()
        table.submit(seat, pick(table.legal_actions(seat), rng))
    app = make_app((1280, 720), Settings(animation="off"))
    scene = TableScene(app, config_for(2, seed=3), link)
    app.push(scene)
    app.run_frames(2)
    placed = [e for e in table.history(0) if e["kind"] in ("tile_placed", "leader_placed")]
    assert sum(1 for line in scene.log.lines if "placed" in line) == len(placed), "each move told once"
    pygame.display.quit()
