"""Readable from the sofa and never by colour alone: the line under a seat's name at 4.5:1 or more,
score boxes that carry their tile's symbol, leader role badges large enough to tell apart."""

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
from game.ui.headless import click  # noqa: E402
from game.ui.kit.theme import contrast  # noqa: E402
from game.ui.menus.settings import Settings  # noqa: E402
from game.ui.table.table_scene import TableScene  # noqa: E402
from main import local_game  # noqa: E402
from tests.wiring import make_app  # noqa: E402

from .ui_positions import config_for, find_table  # noqa: E402


@pytest.fixture(autouse=True)
def _data_dir(tmp_path: Path, monkeypatch: pytest.MonkeyPatch) -> None:
    monkeypatch.setenv("TWO_RIVERS_DATA", str(tmp_path))


def text_contrast(surface: pygame.Surface, rect: pygame.Rect) -> float:
    """The contrast between a text's darkest pixel and the panel colour just left of it."""
    background = surface.get_at((rect.left - 3, rect.centery))
    ink = min((surface.get_at((x, y)) for x in range(rect.left, rect.right) for y in range(rect.top, rect.bottom)),
              key=lambda c: c.r + c.g + c.b)
    return contrast(ink, background)


@pytest.mark.parametrize("size", [(1280, 720), (1920, 1080)])
def test_the_line_under_a_seat_name_reads_at_4_5_to_1(size: tuple[int, int]) -> None:
    app = make_app(size, Settings(animation="off"))
    config = config_for(3, seed=4, kinds=["human", "computer", "computer"])
    config["seats"][1]["level"] = config["seats"][2]["level"] = "easy"
    game = local_game(config, save=False)
    scene = TableScene(app, config, game.link, game.computers)
    app.push(scene)
    app.theme.record_text = []
    app.run_frames(1)
    texts, app.theme.record_text = app.theme.record_text, None
    screen = pygame.display.get_surface()
    under = [r for r in texts if r.text in ("computer (easy)", "to play", "waiting", "thinking…")]
    assert "computer (easy)" in {r.text for r in under} and len(under) >= 2
    for r in under:
        assert text_contrast(screen, r.rect) >= 4.5, f"{r.text!r} is too faint on its panel"
    scene.exit()
    pygame.display.quit()


class Recorder(pygame.Surface):
    """A screen that remembers every blit (pieces are blitted sprites)."""

    def __init__(self, size: tuple[int, int]) -> None:
        super().__init__(size)
        self.blits: list[tuple[pygame.Surface, pygame.Rect]] = []

    def blit(self, source: pygame.Surface, dest: Any, area: Any = None, special_flags: int = 0) -> pygame.Rect:
        rect = super().blit(source, dest, area, special_flags)
        self.blits.append((source, rect))
        return rect


def test_scores_carry_symbols_and_leaders_their_role() -> None:
    table, config = find_table(lambda t: t.state.turn >= 40 and t.state.decision["kind"] == "action", players=3)
    app = make_app((1920, 1080), Settings(animation="off"))
    scene = TableScene(app, config, LocalLink(table, frozenset({0, 1, 2})))
    app.push(scene)
    app.run_frames(2)
    click(app, (960, 540), frames=2)
    names: dict[int, str] = {}
    real_get = scene.art.get

    def tagged(name: str, px: int) -> pygame.Surface:
        surf = real_get(name, px)
        names[id(surf)] = name
        return surf

    scene.art.get = tagged  # type: ignore[method-assign]
    recorder = Recorder(app.size)
    scene.draw(recorder)
    lay = scene.layout_
    for panel in lay.seats:
        faces = ("tile_black", "tile_blue", "tile_green", "tile_red")
        tiles = [names.get(id(s)) for s, r in recorder.blits if panel.contains(r) and names.get(id(s)) in faces
                 and r.bottom > panel.top + panel.height * 2 // 3]
        assert sorted(tiles) == ["tile_black", "tile_blue", "tile_green", "tile_red"], "each score shows its tile"
    view = scene.public()
    for leader in view["leaders"]:
        square = lay.square_rect(leader["at"])
        badges = [r for s, r in recorder.blits if names.get(id(s)) == f"tile_{leader['color']}"
                  and square.inflate(lay.square // 4, lay.square // 4).contains(r) and r.width < lay.square]
        assert badges, f"the {leader['color']} leader shows its role's tile"
        assert badges[0].width >= lay.square * 2 // 5, "the role badge is large enough to read across the room"
    pygame.display.quit()


def test_priority_treasures_stand_out_by_size_and_frame() -> None:
    table, config = find_table(lambda t: t.state.turn == 2)
    app = make_app((1920, 1080), Settings(animation="off"))
    scene = TableScene(app, config, LocalLink(table, frozenset({0, 1})))
    app.push(scene)
    app.run_frames(2)
    click(app, (960, 540), frames=2)
    names: dict[int, str] = {}
    real_get = scene.art.get

    def tagged(name: str, px: int) -> pygame.Surface:
        surf = real_get(name, px)
        names[id(surf)] = name
        return surf

    scene.art.get = tagged  # type: ignore[method-assign]
    recorder = Recorder(app.size)
    scene.draw(recorder)
    q = scene.layout_.square
    first = [r for s, r in recorder.blits if names.get(id(s)) == "treasure_priority"]
    plain = [r for s, r in recorder.blits if names.get(id(s)) == "treasure" and scene.layout_.board.contains(r)]
    assert first and plain
    assert min(r.width for r in first) > max(r.width for r in plain), "a priority treasure is drawn larger"
    frame = first[0].inflate(q // 10, q // 10)
    edge = recorder.get_at((frame.centerx, frame.top + max(3, q // 14) // 2))
    assert contrast(edge, recorder.get_at((frame.centerx, frame.top - 2))) > 4.5, "framed in gold on a dark rim"
    pygame.display.quit()
