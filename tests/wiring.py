"""The client's wiring for tests: an App made with main.py's hooks, as `python main.py` makes it.

game/ui never imports main (main.py wires the game, DESIGN.md), so tests that drive the client take
their App from here: every game the screens open is put together by the same functions as in play.
"""

from __future__ import annotations

from game.ui import headless  # noqa: F401  (chooses the dummy SDL drivers before pygame starts)
from game.ui.app import App
from game.ui.menus.settings import Settings
from main import hooks


def make_app(size: tuple[int, int] = (1920, 1080), settings: Settings | None = None) -> App:
    """An App with an open (invisible) window of that size, wired by main.py."""
    return headless.make_app(size, settings, hooks=hooks())
