"""Helpers for driving the client without a screen: tests and screenshot scripts.

Owns: making an App on SDL's dummy drivers, posting mouse clicks at a point, running frames.
Import this module before pygame is first imported so that the dummy drivers apply.

Must not import: game.rules, net.
"""

from __future__ import annotations

import os
import time
from collections.abc import Callable

os.environ.setdefault("SDL_VIDEODRIVER", "dummy")
os.environ.setdefault("SDL_AUDIODRIVER", "dummy")

import pygame  # noqa: E402  (the drivers above must be chosen first)

from game.ui.app import App  # noqa: E402
from game.ui.flow import Hooks  # noqa: E402
from game.ui.menus.settings import Settings  # noqa: E402


def make_app(size: tuple[int, int] = (1920, 1080), settings: Settings | None = None,
             hooks: Hooks | None = None) -> App:
    """An App with an open (invisible) window of that size; hooks are main.hooks() to play games
    (tests get them from tests/wiring.py: game.ui never imports main)."""
    app = App(settings or Settings(), size=size, fullscreen=False, hooks=hooks)
    app.open()
    return app


def move(app: App, pos: tuple[int, int], frames: int = 1) -> None:
    pygame.event.post(pygame.event.Event(pygame.MOUSEMOTION, pos=pos, rel=(0, 0), buttons=(0, 0, 0)))
    app.run_frames(frames)


def click(app: App, pos: tuple[int, int], button: int = 1, frames: int = 2) -> None:
    """A full click (move there, press, release) at pos, then let a few frames run."""
    pos = (int(pos[0]), int(pos[1]))
    pygame.event.post(pygame.event.Event(pygame.MOUSEMOTION, pos=pos, rel=(0, 0), buttons=(0, 0, 0)))
    pygame.event.post(pygame.event.Event(pygame.MOUSEBUTTONDOWN, pos=pos, button=button))
    pygame.event.post(pygame.event.Event(pygame.MOUSEBUTTONUP, pos=pos, button=button))
    app.run_frames(frames)


def click_button(app: App, name: str, frames: int = 2) -> None:
    """Click the centre of the top scene's named button, as its layout reports it."""
    assert app.top is not None, "no scene"
    click(app, app.top.button_rect(name).center, frames=frames)


def run_until(app: App, condition: Callable[[], bool], seconds: float = 5.0, what: str = "the condition") -> None:
    """Run frames until condition() holds (asked after each frame); fail saying what was awaited past `seconds`.
    For screens that wait on another thread or process (a LAN host, a computer player)."""
    end = time.monotonic() + seconds
    while not condition():
        assert time.monotonic() < end, f"timed out waiting for {what}"
        app.run_frames(1)
        time.sleep(0.002)


def settle(app: App, seconds: float = 3.0) -> None:
    """Run long enough for intro animations to finish."""
    app.run_frames(round(seconds * 60))


def settle_still(app: App, seconds: float = 3.0) -> int:
    """Run frames until nothing on screen moves (app.resting), at most `seconds` of them; return how many ran.

    For drawing a finished screen: unlike settle, it stops as soon as the screen is still, so it must
    not be used to let time pass (computers thinking, a notice timing out)."""
    frames = 0
    for frames in range(1, round(seconds * 60) + 1):
        app.run_frames(1)
        if frames >= 2 and app.resting():  # two frames: the first lays the scene out
            break
    return frames
