"""What every test shares: its own data folder, so no test reads or writes the player's saved games or
Settings, and two test processes running side by side (pytest -n 2) never share a file.

A test that wants a particular folder sets TWO_RIVERS_DATA itself; monkeypatch undoes both.
"""

from __future__ import annotations

from pathlib import Path

import pytest


@pytest.fixture(autouse=True)
def own_data_folder(tmp_path_factory: pytest.TempPathFactory, monkeypatch: pytest.MonkeyPatch) -> Path:
    folder = tmp_path_factory.mktemp("data")
    monkeypatch.setenv("TWO_RIVERS_DATA", str(folder))
    return folder
