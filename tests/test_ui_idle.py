"""The idle loop rests: with nothing moving the client waits for input instead of redrawing 60 times a
second; input, animations and cross-fades bring full-rate frames back at once."""

from __future__ import annotations

import threading
import time

import pygame
import pytest

from game.ui import app as app_module
from game.ui import headless
from game.ui.menus.settings import Settings
from tests.wiring import make_app

from .ui_positions import config_for


def run_for(app, seconds: float, during=None) -> tuple[int, float]:
    """Run the real loop for a measured window; return (frames drawn, share of one core)."""
    stop = threading.Timer(seconds, lambda: pygame.event.post(pygame.event.Event(pygame.QUIT)))
    if during is not None:
        threading.Timer(seconds / 3, during).start()
    drawn, cpu, wall = app.drawn_frames, time.process_time(), time.perf_counter()
    stop.start()
    app.run()
    return app.drawn_frames - drawn, (time.process_time() - cpu) / (time.perf_counter() - wall)


def title_app():
    from game.ui.menus.title import TitleScene

    app = make_app((1280, 720), Settings(animation="normal"))
    app.push(TitleScene(app))
    headless.settle(app, 2.0)  # the intro is over
    return app


def test_scenes_say_when_they_animate():
    app = title_app()
    title = app.top
    assert not title.animating() and title.ambient_fps > 0
    app._busy_until = 0.0
    assert app.resting()
    app._busy_until = time.perf_counter() + 5
    assert not app.resting(), "right after input the loop runs at full rate (hover glows, presses)"


def test_the_title_at_rest_draws_only_its_ambient_frames():
    app = title_app()
    seconds = 1.5
    drawn, _ = run_for(app, seconds)
    ambient = app.top.ambient_fps if app.stack else 10
    # The old loop drew 60 a second (90 here); resting, about ambient_fps a second plus the stop.
    assert drawn <= seconds * ambient + 4, drawn
    assert drawn >= 3, "the backdrop still breathes"


def test_input_brings_full_rate_frames_back():
    app = title_app()
    pos = app.top.button_rect("rules").center

    def hover() -> None:
        pygame.event.post(pygame.event.Event(pygame.MOUSEMOTION, pos=pos, rel=(0, 0), buttons=(0, 0, 0)))

    seconds = 1.5
    drawn, _ = run_for(app, seconds, during=hover)
    # LINGER seconds of full rate after the hover (the glow) on top of the ambient frames.
    assert drawn >= seconds * 10 + app_module.LINGER * 60 * 0.3, drawn


def test_the_table_rests_and_animates_when_pieces_move():
    app = make_app((1280, 720), Settings(animation="normal"))
    app.hooks.start_game(app, config_for(2))
    table = app.top
    table.revealed = table.decider()
    headless.settle(app, 2.0)
    app._busy_until = 0.0
    assert app.resting(), "a table where nothing moves rests"
    table.send(next(a for a in table.legal() if a["kind"] == "place_tile"))
    app.run_frames(1)
    assert table.animator.busy and not app.resting(), "a tile dropping in needs every frame"
    table.toast("Not there")
    assert table.animating()


@pytest.mark.parametrize("size", [(1280, 720), (1920, 1080)])
def test_a_cached_panel_draws_the_same_pixels(size):
    """Panels drawn every frame come from a cache: it must not change a pixel (shadow included)."""
    from game.ui.kit import panels as widgets  # the panel cache lives with the panels
    from game.ui.kit import theme as th
    from game.ui.kit.theme import Theme

    t = Theme(size)
    direct, cached = pygame.Surface(size), pygame.Surface(size)
    rect = pygame.Rect(100, 120, 401, 333)
    direct.fill(th.LAPIS_DEEP)
    widgets._paint_panel(direct, rect, t, th.SAND_DARK, th.TERRACOTTA, 18, True)
    for _ in range(2):  # the second time it comes from the cache
        cached.fill(th.LAPIS_DEEP)
        widgets.draw_panel(cached, rect, t, th.SAND_DARK, th.TERRACOTTA, radius=18)
    assert any(key[0] == rect.size for key in widgets._PANELS)
    area = rect.inflate(60, 60)
    assert pygame.image.tobytes(direct.subsurface(area), "RGB") == pygame.image.tobytes(cached.subsurface(area), "RGB")


def test_the_default_window_fits_the_desktop() -> None:
    from game.ui.app import DEFAULT_SIZE, MIN_SIZE, fit_desktop

    assert fit_desktop(DEFAULT_SIZE, [(2560, 1440)]) == DEFAULT_SIZE
    assert fit_desktop(DEFAULT_SIZE, [(1920, 1080)]) == DEFAULT_SIZE
    assert fit_desktop(DEFAULT_SIZE, [(1600, 900)]) == (1440, 810)  # the window's frame still fits
    assert fit_desktop(DEFAULT_SIZE, [(1280, 720)]) == MIN_SIZE  # never below the smallest supported
    assert fit_desktop(DEFAULT_SIZE, []) == DEFAULT_SIZE
