"""What every test shares: the dummy video and audio drivers with the sound muted, and its own data
folder, so no test reads or writes the player's saved games or Settings, and two test processes
running side by side never share a file.

`data` is the folder (a test that wants its path asks for it); after each test a pygame window, if
one was opened, is closed so the next test starts from none. A test that wants another folder sets
TWO_RIVERS_DATA itself; monkeypatch undoes both.
"""

from __future__ import annotations

import os
import sys
from collections.abc import Iterator
from pathlib import Path

import pytest

# Set before any test module imports pygame (conftest is imported first).
os.environ.setdefault("SDL_VIDEODRIVER", "dummy")
os.environ.setdefault("SDL_AUDIODRIVER", "dummy")
os.environ.setdefault("TWO_RIVERS_MUTE", "1")


@pytest.fixture(autouse=True)
def data(tmp_path: Path, monkeypatch: pytest.MonkeyPatch) -> Iterator[Path]:
    monkeypatch.setenv("TWO_RIVERS_DATA", str(tmp_path))
    yield tmp_path
    pygame = sys.modules.get("pygame")
    if pygame is not None:  # only tests that drew something loaded it
        pygame.display.quit()
