"""The project's own style check: `ruff check` must stay clean."""

from __future__ import annotations

import shutil
import subprocess
import sys
from pathlib import Path

ROOT = Path(__file__).resolve().parents[1]


def test_ruff_is_clean() -> None:
    ruff = shutil.which("ruff")
    cmd = [ruff, "check", str(ROOT)] if ruff else [sys.executable, "-m", "ruff", "check", str(ROOT)]
    result = subprocess.run(cmd, capture_output=True, text=True, cwd=ROOT, timeout=120)
    assert result.returncode == 0, result.stdout + result.stderr
