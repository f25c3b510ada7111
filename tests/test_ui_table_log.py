"""The table's log: whole sentences that wrap, readable from the sofa, scrollable by wheel and by drag,
newest at the bottom, a separator at each turn, and an undone action's sentences gone with it."""

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
from game.ui.headless import click  # noqa: E402
from game.ui.kit import theme as th  # noqa: E402
from game.ui.menus.settings import Settings  # noqa: E402
from game.ui.table import table_log  # noqa: E402
from game.ui.table.table_scene import TableScene  # noqa: E402
from tests.wiring import make_app  # noqa: E402

LONG = ["Enheduanna", "Gilgamesh"]


@pytest.fixture(autouse=True)
def _data_dir(tmp_path: Path, monkeypatch: pytest.MonkeyPatch) -> None:
    monkeypatch.setenv("TWO_RIVERS_DATA", str(tmp_path))


def long_config(seed: int = 3, names: list[str] = LONG) -> dict[str, Any]:
    return {"players": 2, "variants": [], "seed": seed,
            "seats": [{"name": n, "dynasty": d, "kind": "human"} for n, d in zip(names, ["lion", "bull"], strict=True)]}


def open_scene(size: tuple[int, int], seed: int = 3, names: list[str] = LONG) -> tuple[Any, TableScene, Table]:
    config = long_config(seed, names)
    table = Table([Seat(s["name"], s["dynasty"]) for s in config["seats"]], seed)
    app = make_app(size, Settings(animation="off"))
    scene = TableScene(app, config, LocalLink(table, frozenset({0, 1})))
    app.push(scene)
    app.run_frames(2)
    return app, scene, table


def play(app: Any, table: Table, actions: int, seed: int = 7) -> None:
    """Random legal decisions (tiles first) at the table behind the scene, a frame after each."""
    rng = random.Random(seed)
    for _ in range(actions):
        seat = table.to_move()
        legal = table.legal_actions(seat)
        tiles = [a for a in legal if a["kind"] in ("place_tile", "place_leader")]
        table.submit(seat, rng.choice(tiles or legal))
        app.run_frames(1)


def log_texts(app: Any, scene: TableScene) -> list[Any]:
    """The text drawn inside the log's rectangle in one frame."""
    app.theme.record_text = []
    app.run_frames(1)
    records, app.theme.record_text = app.theme.record_text, None
    return [r for r in records if scene.layout_.log.colliderect(r.rect)]


@pytest.mark.parametrize("size", [(1280, 720), (1920, 1080)])
def test_the_log_shows_whole_sentences_that_fit_and_scroll(size: tuple[int, int]) -> None:
    app, scene, table = open_scene(size)
    play(app, table, 40)
    if scene.curtain_up():
        click(app, (size[0] // 2, size[1] // 2), frames=2)
    texts = log_texts(app, scene)
    log = scene.layout_.log
    assert texts, "the log draws its sentences"
    for r in texts:
        assert log.contains(r.rect), f"{r.text!r} leaves the log"
        assert not r.text.endswith("…"), f"{r.text!r} is cut instead of wrapped"
    if size == (1920, 1080):
        assert min(r.px for r in texts) >= 24, "log text below 24 px at 1080p"
    sentences = scene.log.lines
    assert sum(1 for e in scene.log.entries if e.turn) >= 5, "each turn gets a separator"
    shown = " ".join(r.text for r in texts)
    assert sentences[-1].split()[-1] in shown, "the newest sentence is at the bottom"
    assert sentences[1] not in shown, "the whole game does not fit: the oldest is scrolled away"
    # The wheel goes back in time...
    pygame.event.post(pygame.event.Event(pygame.MOUSEMOTION, pos=log.center, rel=(0, 0), buttons=(0, 0, 0)))
    for _ in range(60):
        pygame.event.post(pygame.event.Event(pygame.MOUSEWHEEL, x=0, y=1, flipped=False, precise_x=0.0,
                                             precise_y=1.0))
    app.run_frames(2)
    assert scene.log.scroll > 0
    back = " ".join(r.text for r in log_texts(app, scene))
    assert LONG[0] in back and "to play" in back, "scrolled all the way back, the first turn is in view"
    # ...and dragging the text upward comes back to the newest lines.
    pygame.event.post(pygame.event.Event(pygame.MOUSEBUTTONDOWN, pos=log.center, button=1))
    pygame.event.post(pygame.event.Event(pygame.MOUSEMOTION, pos=(log.centerx, log.top - 4000), rel=(0, -4000),
                                         buttons=(1, 0, 0)))
    pygame.event.post(pygame.event.Event(pygame.MOUSEBUTTONUP, pos=(log.centerx, log.top), button=1))
    app.run_frames(2)
    assert scene.log.scroll == 0, "dragging up returns to the newest line"
    pygame.display.quit()


def test_an_undone_action_leaves_the_log_and_the_board_outline() -> None:
    app, scene, table = open_scene((1920, 1080))
    click(app, (960, 540), frames=2)  # lift the curtain
    play(app, table, 1)  # the first action of the turn: it may be taken back
    assert table.can_undo(table.to_move())
    said = scene.log.lines[-1]
    square = scene.last_move[0]
    click(app, scene.undo_btn.rect.center, frames=3)
    assert table.records == [], "the action was taken back"
    assert said not in scene.log.lines, "the undone action's sentence left the log"
    assert square not in scene.last_move, "no outline stays on the square the undo emptied"
    pygame.display.quit()


def gold_dark_run(surface: pygame.Surface, y: int, left: int, right: int) -> int:
    """The longest run of the separator rules' colour on row y between left and right."""
    best = run = 0
    for x in range(left, right):
        run = run + 1 if surface.get_at((x, y))[:3] == tuple(th.GOLD_DARK)[:3] else 0
        best = max(best, run)
    return best


@pytest.mark.parametrize("size", [(1280, 720), (1920, 1080)])
def test_a_turn_separator_has_rules_worth_seeing_or_none_and_stays_in_the_log(size: tuple[int, int]) -> None:
    # "Turn 1: Enheduanna to play" nearly filled the log: its rules were stubs that read as stray dashes. A short
    # name keeps both rules; a name too long for the log shrinks and is cut rather than running under the bar.
    app, scene, table = open_scene(size, names=["Ur", "納拉姆辛納拉姆辛納拉姆辛納拉姆辛"])
    if scene.curtain_up():
        click(app, (size[0] // 2, size[1] // 2), frames=2)
    for _ in range(12):   # a whole turn (End turn included): both players' separators are in the log
        if sum(1 for e in scene.log.entries if e.turn) >= 2:
            break
        play(app, table, 1)
    if scene.curtain_up():
        click(app, (size[0] // 2, size[1] // 2), frames=2)
    said = [e.text for e in scene.log.entries if e.turn]
    separators = [r for r in log_texts(app, scene) if any(s.startswith(r.text.rstrip("…")) for s in said)]
    assert len(separators) == 2, (said, [r.text for r in separators])
    frame = app.surface
    log = scene.layout_.log
    edge = app.theme.s(20)  # the panel's frame and the scroll bar are not rules
    rules_of = {}
    for r in separators:
        assert log.contains(r.rect), f"{r.text!r} leaves the log"
        sides = ((log.left + edge, r.rect.left), (r.rect.right, log.right - edge))
        rules_of[r.text] = [max(gold_dark_run(frame, y, *side) for y in range(r.rect.top, r.rect.bottom))
                            for side in sides]
    for text, rules in rules_of.items():
        assert all(n == 0 for n in rules) or min(rules) >= app.theme.s(table_log.RULE_MIN) - 1, (text, rules)
    short = next(rules for text, rules in rules_of.items() if "Ur" in text)
    assert min(short) >= app.theme.s(table_log.RULE_MIN) - 1, "a short separator keeps both its rules"
    long = next(text for text in rules_of if "Ur" not in text)
    assert "to play" not in long and long.endswith("…"), long
    pygame.display.quit()
