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


def package_of(path: Path) -> str:
    """Return the part of the project a file belongs to, as the layers name them."""
    rel = path.relative_to(ROOT).with_suffix("")
    parts = rel.parts
    if parts[0] == "game" and len(parts) > 2:
        return f"game.{parts[1]}"           # game.rules, game.ai, game.ui
    if parts[0] == "game":
        return "game" if parts[1] == "__init__" else f"game.{parts[1]}"   # game.session, game.journal, ...
    return parts[0]                          # net, main, benchmarks


def project_package(name: str) -> str | None:
    """Return the project package an absolute import names, or None for a library."""
    parts = name.split(".")
    if parts[0] == "game":
        if len(parts) == 1:
            return "game"
        return f"game.{parts[1]}"
    if parts[0] in ("net", "main"):
        return parts[0]
    return None


def import_graph() -> dict[str, set[str]]:
    """Return which project package imports which (outside libraries: pygame, msgpack only)."""
    files = [*modules("game"), *modules("net"), ROOT / "main.py"]
    graph: dict[str, set[str]] = {}
    for path in files:
        mine = package_of(path)
        targets = graph.setdefault(mine, set())
        for name, level in imports_of(path):
            if level > 0:
                continue
            other = project_package(name) or name.split(".")[0]
            if other in STDLIB or other in ("__future__",) or other == mine:
                continue
            targets.add(other)
    return graph


# What each part may import (DESIGN.md, "What may import what"); game.* modules beside the table
# (journal, replay, selfplay) build on it the way the table does.
ALLOWED = {
    "game": set(),
    "game.i18n": set(),  # the catalogue: standard library only, so the host's console and net can use it
    "game.rules": set(),
    "game.session": {"game.rules"},
    "game.ai": {"game.rules"},
    "game.journal": {"game.rules", "game.session"},
    "game.replay": {"game.rules", "game.session", "game.journal"},
    "game.selfplay": {"game.rules", "game.session", "game.ai"},
    "game.ui": {"game.rules", "game.session", "game.ai", "game.journal", "game.replay", "game.i18n", "net",
                "pygame"},
    "net": {"game.rules", "game.session", "game.ai", "game.journal", "game.i18n", "msgpack"},
    "main": {"game.selfplay", "game.session", "game.rules", "game.ui", "game.i18n", "net"},
}


def test_the_import_graph_keeps_the_layers() -> None:
    graph = import_graph()
    print("\nwhich package imports which:")
    for package in sorted(graph):
        print(f"  {package:14} -> {', '.join(sorted(graph[package])) or '(standard library only)'}")
    for package, targets in graph.items():
        allowed = ALLOWED.get(package)
        assert allowed is not None, f"{package} is not a known part of the project"
        assert targets <= allowed, f"{package} imports {sorted(targets - allowed)}"


# Words the vocabulary module says once (game/rules/vocabulary.py); game/ui/assets.py keeps its own
# dynasty list because it must load without the rules (sprites are named before any game exists).
COPIES = ('"temple", "blue"', '"priest", "blue"', '"priests", "blue"', '"bull", "lion", "archer", "urn"',
          '"advanced_board", "buildings", "ziggurat", "open_scores"', "ROWS, COLS = 11, 16")


def test_the_games_words_are_said_once() -> None:
    allowed = {ROOT / "game/rules/vocabulary.py", ROOT / "game/ui/assets.py"}
    for path in [*modules("game"), *modules("net"), ROOT / "main.py"]:
        if path in allowed:
            continue
        text = path.read_text(encoding="utf-8")
        for copy in COPIES:
            assert copy not in text, f"{path.relative_to(ROOT)} repeats {copy}; import it from game.rules.vocabulary"
