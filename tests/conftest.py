"""What every test shares: the dummy video and audio drivers with the sound muted, the LAN kept on
this machine (TWO_RIVERS_LAN=loopback, forced), an English locale, and its own data folder, so no
test reads or writes the player's saved games or Settings, and two test processes running side by
side never share a file.

The locale: the game (and every `main.py` a test starts) speaks the system's language by default;
tests read English words unless they choose Chinese, whatever the machine running them speaks.
`data` is the folder (a test that wants its path asks for it; the autouse `own_data_folder` sets it
even for a test that names a parameter `data`); after each test a pygame window, if one was opened,
is closed so the next test starts from none. A test that wants another folder sets TWO_RIVERS_DATA
itself; monkeypatch undoes both.
"""

from __future__ import annotations

import os
import sys
from collections.abc import Iterator
from pathlib import Path

import pytest

from game.i18n.choose import LOCALE_VARIABLES

LAN_VARIABLE = "TWO_RIVERS_LAN"  # net.discovery.LAN_ENV, named here before anything imports the network code

# Set before any test module imports pygame (conftest is imported first).
os.environ.setdefault("SDL_VIDEODRIVER", "dummy")
os.environ.setdefault("SDL_AUDIODRIVER", "dummy")
os.environ.setdefault("TWO_RIVERS_MUTE", "1")
# Unset, TWO_RIVERS_LAN means a real LAN party: a host listens on every interface and announces on every
# interface's broadcast address. No test may do that on the machine running it: every test process (and
# every program a test starts with its environment) stays on 127.0.0.1, whatever the shell says. A test of
# a real LAN runs its programs inside network namespaces of its own (tests/test_lan_netns.py) and takes
# the variable out of their environment there, on purpose.
os.environ[LAN_VARIABLE] = "loopback"
for variable in LOCALE_VARIABLES:
    os.environ[variable] = "C.UTF-8" if variable != "LANGUAGE" else "en"


@pytest.fixture(autouse=True)
def own_data_folder(tmp_path: Path, monkeypatch: pytest.MonkeyPatch) -> Iterator[Path]:
    monkeypatch.setenv("TWO_RIVERS_DATA", str(tmp_path))
    yield tmp_path
    pygame = sys.modules.get("pygame")
    if pygame is not None:  # only tests that drew something loaded it
        pygame.display.quit()


@pytest.fixture
def data(own_data_folder: Path) -> Path:
    return own_data_folder
