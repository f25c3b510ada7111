"""DESIGN.md "What may import what", checked by reading every module's imports."""

from __future__ import annotations

import ast
import sys
from pathlib import Path

ROOT = Path(__file__).resolve().parents[1]
STDLIB = set(sys.stdlib_module_names)


def imports_of(path: Path) -> list[tuple[str, int]]:
    """Return (absolute module name, level) for every import in a file."""
    tree = ast.parse(path.read_text(encoding="utf-8"))
    found = []
    for node in ast.walk(tree):
        if isinstance(node, ast.Import):
            found.extend((alias.name, 0) for alias in node.names)
        elif isinstance(node, ast.ImportFrom):
            found.append((node.module or "", node.level))
    return found


def modules(folder: str) -> list[Path]:
    """Return the Python files under a project folder."""
    return sorted((ROOT / folder).rglob("*.py"))


def test_rules_import_only_the_standard_library_and_themselves() -> None:
    for path in modules("game/rules"):
        for name, level in imports_of(path):
            if level > 0:
                assert level == 1, f"{path.name} reaches outside game/rules with a relative import"
                continue
            top = name.split(".")[0]
            assert top in STDLIB or name.startswith("game.rules"), f"{path.name} imports {name}"


def test_session_and_ai_import_only_the_rules() -> None:
    files = [ROOT / "game/session.py", *modules("game/ai")]
    for path in files:
        for name, level in imports_of(path):
            if level > 0:
                continue
            top = name.split(".")[0]
            ok = top in STDLIB or name.startswith("game.rules") or name.startswith("game.ai")
            assert ok, f"{path.relative_to(ROOT)} imports {name}"


def test_net_never_imports_pygame_or_the_ui() -> None:
    for path in modules("net"):
        for name, _ in imports_of(path):
            assert not name.startswith("pygame"), f"{path.name} imports pygame"
            assert not name.startswith("game.ui"), f"{path.name} imports the UI"


def test_the_engine_and_the_table_do_not_import_the_ui_or_the_lan() -> None:
    for path in [*modules("game/rules"), *modules("game/ai"), ROOT / "game/session.py"]:
        for name, _ in imports_of(path):
            assert not name.startswith(("pygame", "net", "game.ui", "msgpack", "socket")), \
                f"{path.relative_to(ROOT)} imports {name}"
