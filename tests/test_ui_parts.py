"""The parts of game/ui/ (kit, table, menus, lan), checked by reading the folders and the imports.

Every module of the client lives in a part; only the App, the flow that wires a game and the
headless helpers stay at the top. The kit is what every screen is built from, so it imports no
other part of the UI (the App only for type hints).
"""

from __future__ import annotations

import ast
from pathlib import Path

ROOT = Path(__file__).resolve().parents[1]
UI = ROOT / "game" / "ui"
PARTS = ("kit", "lan", "menus", "table")
TOP = {"__init__.py", "app.py", "flow.py", "headless.py"}


def test_every_module_of_the_ui_lives_in_a_part() -> None:
    loose = sorted(path.name for path in UI.glob("*.py") if path.name not in TOP)
    assert not loose, f"modules at the top of game/ui/: {loose}; move each into one of {PARTS}"
    folders = sorted(path.name for path in UI.iterdir() if path.is_dir() and path.name != "__pycache__")
    assert folders == sorted(PARTS), f"game/ui/ holds {folders}, not the parts {PARTS}"


def test_each_part_says_what_it_owns() -> None:
    for part in PARTS:
        doc = ast.get_docstring(ast.parse((UI / part / "__init__.py").read_text(encoding="utf-8")))
        assert doc and "Owns" in doc, f"game/ui/{part}/__init__.py does not say what the part owns"


def _type_checking_only(node: ast.AST) -> bool:
    """Whether an `if` block runs only for the type checker (`if TYPE_CHECKING:`)."""
    return isinstance(node, ast.If) and "TYPE_CHECKING" in ast.unparse(node.test)


def runtime_imports(path: Path) -> list[str]:
    """Every module a file imports when it runs (imports under `if TYPE_CHECKING:` left out)."""
    found: list[str] = []

    def visit(node: ast.AST) -> None:
        for child in ast.iter_child_nodes(node):
            if _type_checking_only(child):
                continue
            if isinstance(child, ast.Import):
                found.extend(alias.name for alias in child.names)
            elif isinstance(child, ast.ImportFrom) and child.level == 0 and child.module:
                found.append(child.module)
                if child.module in ("game.ui", *(f"game.ui.{part}" for part in PARTS)):
                    found.extend(f"{child.module}.{alias.name}" for alias in child.names)
            visit(child)

    visit(ast.parse(path.read_text(encoding="utf-8")))
    return found


def test_the_kit_imports_no_other_part_of_the_ui() -> None:
    kit = sorted((UI / "kit").glob("*.py"))
    assert kit, "game/ui/kit/ is empty"
    for path in kit:
        for name in runtime_imports(path):
            if name.startswith("game.ui.") and name != "game.ui.kit":
                assert name.startswith("game.ui.kit."), f"kit/{path.name} imports {name}"
