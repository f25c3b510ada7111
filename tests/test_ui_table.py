"""The table scene draws every kind of position at 1280x720 and 1920x1080, keeps the sofa sizes,
and never draws a hand tile or a private total while the hot-seat curtain is up.

Screenshots go to tests/screenshots/ (git-ignored) for people to look at.
"""

from __future__ import annotations

import os
from pathlib import Path
from typing import Any

import pytest

from game.ui.table.table_panels import VARIANT_NAMES, variants_line

os.environ.setdefault("SDL_VIDEODRIVER", "dummy")
os.environ.setdefault("SDL_AUDIODRIVER", "dummy")
os.environ.setdefault("TWO_RIVERS_MUTE", "1")

import pygame  # noqa: E402

from game.ui.headless import click, move  # noqa: E402
from game.ui.menus.settings import Settings  # noqa: E402
from game.ui.table.table_scene import TableScene  # noqa: E402
from main import local_game  # noqa: E402
from tests.wiring import make_app  # noqa: E402

from .ui_positions import config_for, deciding, find_table  # noqa: E402

SHOTS = Path(__file__).resolve().parent / "screenshots"
SIZES = [(1280, 720), (1920, 1080)]
FACES = {"tile_red", "tile_blue", "tile_green", "tile_black"}


@pytest.fixture(autouse=True)
def _data_dir(tmp_path: Path, monkeypatch: pytest.MonkeyPatch) -> None:
    monkeypatch.setenv("TWO_RIVERS_DATA", str(tmp_path))


def open_table(size: tuple[int, int], table: Any = None, config: dict[str, Any] | None = None,
               animation: str = "off", lift_curtain: bool = True) -> tuple[Any, TableScene]:
    """An app with a table scene on a given table (or a fresh one from config)."""
    app = make_app(size, Settings(animation=animation))
    config = config or config_for(2)
    game = local_game(config, table=table, save=False)
    scene = TableScene(app, config, game.link, game.computers)
    app.push(scene)
    app.run_frames(3)
    if lift_curtain and scene.curtain_up():
        click(app, (size[0] // 2, size[1] // 2), frames=3)
    return app, scene


def shoot(app: Any, name: str) -> None:
    w, h = app.size
    app.screenshot(SHOTS / f"table_{name}_{w}x{h}.png")


def finish(app: Any) -> None:
    pygame.display.quit()


# -- positions -------------------------------------------------------------------------------------
@pytest.mark.parametrize("size", SIZES)
def test_early_game_with_a_tile_chosen(size: tuple[int, int]) -> None:
    app, scene = open_table(size, config=config_for(3, seed=5))
    tile = scene.tray_items()[0]
    click(app, tile.rect.center)
    target = sorted(scene.control.pending())[len(scene.control.pending()) // 2]
    move(app, scene.layout_.square_center(target), frames=3)
    assert scene.control.pending(), "choosing a tile lights up squares"
    shoot(app, "early")
    finish(app)


def late_game_table(variants: tuple[str, ...] = (), players: int = 4) -> Any:
    table, config = find_table(lambda t: t.state.turn >= 70 and t.state.decision["kind"] == "action",
                               players=players, variants=variants)
    return table, config


@pytest.mark.parametrize("size", SIZES)
def test_late_game_board(size: tuple[int, int]) -> None:
    table, config = late_game_table()
    app, scene = open_table(size, table, config)
    assert sum(ch in "rbgk#" for row in scene.public()["board"] for ch in row) > 40
    shoot(app, "late")
    finish(app)


@pytest.mark.parametrize("variants", [("advanced_board",), ("buildings",), ("ziggurat",),
                                      ("advanced_board", "buildings", "ziggurat", "open_scores")])
def test_variants(variants: tuple[str, ...]) -> None:
    table, config = late_game_table(variants, players=3)
    for size in SIZES:
        app, scene = open_table(size, table, config)
        view = scene.views[None]
        assert view["variants"] == sorted(variants)
        line = variants_line(view)
        for name in variants:
            assert VARIANT_NAMES[name] in line, f"the table does not say {name} is in play"
        assert view["board_name"] == ("advanced" if "advanced_board" in variants else "standard")
        shoot(app, "variants_" + "_".join(v.split("_")[0] for v in variants))
        finish(app)


@pytest.mark.parametrize("size", SIZES)
def test_revolt_panel(size: tuple[int, int]) -> None:
    table, config = find_table(lambda t: deciding("support")(t) and t.state.conflict["kind"] == "revolt")
    app, scene = open_table(size, table, config)
    assert scene.side.stepper is not None and "commit" in scene.side.buttons
    click(app, scene.side.stepper.plus.rect.center)
    shoot(app, "revolt")
    finish(app)


@pytest.mark.parametrize("size", SIZES)
def test_choose_war_then_war_panel(size: tuple[int, int]) -> None:
    table, config = find_table(deciding("choose_war"))
    app, scene = open_table(size, table, config)
    wars = [n for n in scene.side.buttons if n.startswith("war_")]
    assert len(wars) >= 2
    shoot(app, "choose_war")
    click(app, scene.side.buttons[wars[0]].rect.center, frames=3)
    if scene.curtain_up():
        click(app, (size[0] // 2, size[1] // 2), frames=3)
    assert scene.public()["conflict"]["kind"] == "war"
    shoot(app, "war")
    finish(app)


@pytest.mark.parametrize("size", SIZES)
def test_monument_offer(size: tuple[int, int]) -> None:
    table, config = find_table(deciding("monument"))
    app, scene = open_table(size, table, config)
    assert "decline" in scene.side.buttons and scene.control.pending()
    name = next(n for n in scene.side.buttons if n.startswith("monument_"))
    move(app, scene.side.buttons[name].rect.center, frames=3)
    shoot(app, "monument")
    finish(app)


@pytest.mark.parametrize("size", SIZES)
def test_treasure_choice(size: tuple[int, int]) -> None:
    table, config = find_table(deciding("treasure"))
    app, scene = open_table(size, table, config)
    squares = scene.control.pending()
    assert squares and all(list(sq) in scene.public()["treasures"] for sq in squares)
    shoot(app, "treasure")
    click(app, scene.layout_.square_center(next(iter(squares))), frames=3)
    finish(app)


# -- the curtain -----------------------------------------------------------------------------------
class Recorder(pygame.Surface):
    """A screen that remembers every blit made on it through Python (all piece drawing is)."""

    def __init__(self, size: tuple[int, int]) -> None:
        super().__init__(size)
        self.blits: list[tuple[pygame.Surface, pygame.Rect]] = []

    def blit(self, source: pygame.Surface, dest: Any, area: Any = None, special_flags: int = 0) -> pygame.Rect:
        rect = super().blit(source, dest, area, special_flags)
        self.blits.append((source, rect))
        return rect


def hand_tiles_drawn(scene: TableScene, recorder: Recorder, names: dict[int, str]) -> list[str]:
    """Tile sprites drawn off the board (or above it, where placed tiles drop from) and outside the seat
    panels (whose score boxes show each colour's tile as its symbol): only a hand could be."""
    lay = scene.layout_
    board = lay.board.union(lay.board.move(0, -3 * lay.square)).inflate(lay.square, 0)
    public = [board, *lay.seats]
    return [names[id(src)] for src, rect in recorder.blits
            if names.get(id(src)) in FACES and not any(p.contains(rect) for p in public)]


@pytest.mark.parametrize("size", SIZES)
def test_curtain_hides_every_hand_and_private_total(size: tuple[int, int]) -> None:
    app, scene = open_table(size, config=config_for(3, seed=9), animation="normal", lift_curtain=False)
    names: dict[int, str] = {}
    real_get = scene.art.get

    def tagged(name: str, px: int) -> pygame.Surface:
        surf = real_get(name, px)
        names[id(surf)] = name
        return surf

    scene.art.get = tagged  # type: ignore[method-assign]
    frames = 0
    for step in range(3):  # curtain, lift it, play a move (the next player's curtain), and again
        for _ in range(90):
            app.run_frames(1)
            if not scene.curtain_up():
                continue
            recorder = Recorder(app.size)
            app.theme.record_text = []
            scene.draw(recorder)
            texts, app.theme.record_text = app.theme.record_text, None
            frames += 1
            assert hand_tiles_drawn(scene, recorder, names) == []
            for panel in scene.layout_.seats:
                chips = pygame.Rect(panel.centerx, panel.top + panel.height * 2 // 3, panel.width // 2, panel.height)
                private = [r.text for r in texts if chips.collidepoint(r.rect.center) and r.text != "?"]
                assert private == [], f"private totals drawn under the curtain: {private}"
        if step == 0:
            shoot(app, "curtain")
        click(app, (size[0] // 2, size[1] // 2), frames=3)
        assert not scene.curtain_up()
        recorder = Recorder(app.size)
        scene.draw(recorder)
        assert hand_tiles_drawn(scene, recorder, names), "with the curtain lifted the hand is drawn"
        seat = scene.me()
        action = next(a for a in scene.legal() if a["kind"] == "place_tile")
        scene.send(action)
        scene.send(next(a for a in scene.link.legal_actions(seat) if a["kind"] == "pass"))
    assert frames > 30
    finish(app)


# -- sofa sizes ------------------------------------------------------------------------------------
def test_text_and_hit_areas_at_1080p() -> None:
    table, config = late_game_table(("buildings",), players=4)
    app, scene = open_table((1920, 1080), table, config)
    app.theme.record_text = []
    app.run_frames(2)
    texts, app.theme.record_text = app.theme.record_text, None
    small = [(r.text, r.px) for r in texts if r.px < 24]
    assert not small, f"text under 24 px at 1080p: {small[:5]}"
    assert scene.layout_.square >= 60
    clickables = [w.rect for w in scene.widgets if w.visible] + [i.rect for i in scene.tray_items()]
    clickables += [w.rect for w in scene.side.buttons.values()]
    assert all(min(r.size) >= 48 for r in clickables), [r for r in clickables if min(r.size) < 48]
    finish(app)


@pytest.mark.parametrize("size", [(1280, 720), (1600, 900), (2560, 1440), (3840, 2160), (1280, 1024)])
def test_layout_fits_any_window(size: tuple[int, int]) -> None:
    app, scene = open_table(size, config=config_for(4))
    lay = scene.layout_
    screen = pygame.Rect((0, 0), size)
    for rect in [lay.board, lay.tray, lay.side, lay.log, lay.actions, *lay.seats]:
        assert screen.contains(rect), rect
    assert not lay.board.colliderect(lay.side) and not lay.board.colliderect(lay.tray)
    finish(app)


# -- animation -------------------------------------------------------------------------------------
def test_a_click_skips_the_animations_and_off_means_none() -> None:
    app, scene = open_table((1280, 720), config=config_for(2, seed=4), animation="normal")
    app.run_frames(120)
    action = next(a for a in scene.legal() if a["kind"] == "place_tile")
    scene.send(action)
    app.run_frames(2)
    assert scene.animator.busy and ("tile", tuple(action["to"])) in scene.animator.hidden()
    click(app, (5, app.size[1] // 2), frames=1)
    assert not scene.animator.busy, "a click brings everything in at once"
    finish(app)
    app, scene = open_table((1280, 720), config=config_for(2, seed=4), animation="off")
    scene.send(next(a for a in scene.legal() if a["kind"] == "place_tile"))
    app.run_frames(1)
    assert not scene.animator.busy
    finish(app)


def test_right_click_cancels_a_chosen_piece() -> None:
    app, scene = open_table((1280, 720), config=config_for(2, seed=4))
    click(app, scene.tray_items()[0].rect.center)
    assert scene.control.pending()
    click(app, scene.layout_.board.center, button=3)
    assert scene.control.selected is None and not scene.control.pending()
    assert scene.app.top is scene
    finish(app)


@pytest.mark.parametrize("kind,variant", [("building", "buildings"), ("ziggurat", "ziggurat")])
def test_building_and_ziggurat_offers(kind: str, variant: str) -> None:
    table, config = find_table(deciding(kind), variants=(variant,))
    for size in SIZES:
        app, scene = open_table(size, table, config)
        assert "decline" in scene.side.buttons and scene.control.pending()
        shoot(app, f"offer_{kind}")
        finish(app)


def test_a_click_during_an_animation_skips_it_and_still_picks_the_tray_piece() -> None:
    app, scene = open_table((1280, 720), config=config_for(2, seed=4), animation="normal")
    app.run_frames(120)
    action = next(a for a in scene.legal() if a["kind"] == "place_tile")
    scene.send(action)
    app.run_frames(2)
    assert scene.animator.busy
    click(app, scene.tray_items()[0].rect.center, frames=1)
    assert not scene.animator.busy, "the click brings everything in at once"
    assert scene.control.pending(), "and the tray piece it was aimed at is chosen"
    finish(app)
