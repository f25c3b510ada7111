"""Every label of the table fits its box, with the longest names, in revolts and wars, offers, the
curtain and the end of a held turn, at 1280x720 and 1920x1080: no text leaves its panel or card, and
no two texts overprint each other."""

from __future__ import annotations

import os
from pathlib import Path
from typing import Any

import pytest

os.environ.setdefault("SDL_VIDEODRIVER", "dummy")
os.environ.setdefault("SDL_AUDIODRIVER", "dummy")
os.environ.setdefault("TWO_RIVERS_MUTE", "1")

import pygame  # noqa: E402

from game.session import LocalLink  # noqa: E402
from game.ui.headless import click, make_app, move  # noqa: E402
from game.ui.settings import Settings  # noqa: E402
from game.ui.table_scene import TableScene  # noqa: E402

from .ui_positions import deciding, find_table  # noqa: E402

SIZES = [(1280, 720), (1920, 1080)]
LONGEST = ["Enheduanna", "Hammurabi", "Semiramis", "Naram-Sin"]
SHOTS = Path("/tmp/shots-uitable")


@pytest.fixture(autouse=True)
def _data_dir(tmp_path: Path, monkeypatch: pytest.MonkeyPatch) -> None:
    monkeypatch.setenv("TWO_RIVERS_DATA", str(tmp_path))


def conflict(kind: str) -> Any:
    return lambda t: deciding("support")(t) and t.state.conflict["kind"] == kind


POSITIONS = {
    "revolt": lambda: find_table(conflict("revolt")),
    "war": lambda: find_table(conflict("war")),
    "monument": lambda: find_table(deciding("monument")),
    "curtain": lambda: find_table(lambda t: t.state.turn == 3),
}


def open_long(size: tuple[int, int], position: str) -> tuple[Any, TableScene]:
    table, config = POSITIONS[position]()
    for seat, name in zip(table.seats, LONGEST, strict=False):
        seat.name = name
    config = dict(config, seats=[dict(s, name=n) for s, n in zip(config["seats"], LONGEST, strict=False)])
    app = make_app(size, Settings(animation="off"))
    scene = TableScene(app, config, LocalLink(table, frozenset(range(table.players))))
    app.push(scene)
    app.run_frames(3)
    if position != "curtain" and scene.curtain_up():
        click(app, (size[0] // 2, size[1] // 2), frames=3)
    move(app, (2, 2), frames=1)  # the hover bubbles float over everything by design: point away
    return app, scene


def containers(scene: TableScene, size: tuple[int, int], curtain: bool) -> list[pygame.Rect]:
    t = scene.app.theme
    if curtain:
        card = pygame.Rect(0, 0, t.s(980), t.s(520))
        card.center = (size[0] // 2, size[1] // 2)
        return [card]
    lay = scene.layout_
    buttons = [b.rect for b in (scene.swap_btn, scene.pass_btn, scene.undo_btn, scene.menu_btn)]
    buttons += [b.rect for b in scene.side.buttons.values()]
    # A label belongs to its button first (it must fit the button), then to the panel it sits in.
    return [*buttons, lay.top, scene.side.rect, lay.tray, lay.log, lay.board, *lay.seats]


def check_frame(app: Any, scene: TableScene, size: tuple[int, int], curtain: bool = False) -> list[str]:
    app.theme.record_text = []
    app.run_frames(1)
    records, app.theme.record_text = app.theme.record_text, None
    boxes = containers(scene, size, curtain)
    problems = []
    texts = []
    for r in records:
        home = next((b for b in boxes if b.collidepoint(r.rect.center)), None)
        if home is None:
            if not curtain:
                problems.append(f"{r.text!r} is outside every panel")
            continue
        texts.append(r)
        if not home.contains(r.rect):
            problems.append(f"{r.text!r} {r.rect} leaves its box {home}")
    for i, a in enumerate(texts):
        for b in texts[i + 1:]:
            overlap = a.rect.clip(b.rect)
            if overlap.width * overlap.height > 0.15 * min(a.rect.width * a.rect.height, b.rect.width * b.rect.height):
                problems.append(f"{a.text!r} overprints {b.text!r}")
    return problems


@pytest.mark.parametrize("size", SIZES)
@pytest.mark.parametrize("position", list(POSITIONS))
def test_table_text_fits_its_box(size: tuple[int, int], position: str) -> None:
    app, scene = open_long(size, position)
    curtain = position == "curtain"
    assert scene.curtain_up() == curtain
    problems = check_frame(app, scene, size, curtain)
    if position in ("revolt", "war") and scene.side.stepper is not None:
        click(app, scene.side.stepper.plus.rect.center, frames=2)
        problems += check_frame(app, scene, size)
    app.screenshot(SHOTS / f"fit_{position}_{size[0]}x{size[1]}.png")
    pygame.display.quit()
    assert not problems, "\n".join(problems)


@pytest.mark.parametrize("size", SIZES)
def test_a_long_lan_name_stays_in_its_seat_panel(size: tuple[int, int], monkeypatch: pytest.MonkeyPatch) -> None:
    # A raw LAN client may send a name of up to 24 characters.
    monkeypatch.setattr(__import__(__name__, fromlist=["LONGEST"]), "LONGEST",
                        ["Cyrus-the-Longnamed-King", "Wwwwwwwwwwwwwwwwwwwwwwww"])
    app, scene = open_long(size, "war")
    problems = check_frame(app, scene, size)
    pygame.display.quit()
    assert not problems, "\n".join(problems)


@pytest.mark.parametrize("size", SIZES)
def test_the_end_of_a_held_turn_fits(size: tuple[int, int]) -> None:
    app, scene = open_long(size, "curtain")
    table = scene.link.table
    click(app, (size[0] // 2, size[1] // 2), frames=2)
    seat = table.to_move()
    for _ in range(2):
        table.submit(seat, next(a for a in table.legal_actions(seat) if a["kind"] == "place_tile"))
    app.run_frames(2)
    move(app, (2, 2), frames=1)
    assert "end_turn" in scene.side.buttons
    problems = check_frame(app, scene, size)
    app.screenshot(SHOTS / f"fit_end_turn_{size[0]}x{size[1]}.png")
    pygame.display.quit()
    assert not problems, "\n".join(problems)
