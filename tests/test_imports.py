"""DESIGN.md "What may import what", checked by reading every module's imports."""

from __future__ import annotations

import ast
import sys
from pathlib import Path

import pytest

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
    "game.selfplay": {"game.rules", "game.session"},
    "game.ui": {"game.rules", "game.session", "game.ai", "game.journal", "game.replay", "game.i18n", "net",
                "pygame"},
    "net": {"game.rules", "game.session", "game.ai", "game.journal", "game.i18n", "msgpack"},
    "main": {"game.selfplay", "game.session", "game.rules", "game.ui", "game.ai", "game.journal", "game.i18n",
             "net"},
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


# What puts a game together (DESIGN.md: "main.py is the only place where these are put together"): the
# computer seats, the journal's writer, the LAN host and the LAN client, by the module that defines each.
WIRING = {
    "game.ai.seats": {"ComputerSeats"},
    "game.journal": {"JournalWriter"},
    "net.host": {"Host", "HostLink"},
    "net.client": {"NetLink"},
}
# And what the screens must never build themselves: they call main.py's hooks and hold the Link given.
UI_NEVER_BUILDS = {name for names in WIRING.values() for name in names} | {"Table", "LocalLink"}
# The modules that may wire: main.py, and each class's own module (its own helpers build it).
MAY_WIRE = {"main.py", "game/ai/seats.py", "game/journal.py"}


def annotation_only(tree: ast.Module) -> set[int]:
    """Return the ids of the import nodes inside `if TYPE_CHECKING:` (names for type hints, never run)."""
    found: set[int] = set()
    for node in ast.walk(tree):
        if isinstance(node, ast.If) and "TYPE_CHECKING" in ast.unparse(node.test):
            found.update(id(inner) for stmt in node.body for inner in ast.walk(stmt))
    return found


def wiring_found(source: str, ui: bool) -> list[str]:
    """Return each place in source that imports a wiring class at run time or builds one (ui: or a table)."""
    tree = ast.parse(source)
    hints = annotation_only(tree)
    found = []
    for node in ast.walk(tree):
        if isinstance(node, ast.ImportFrom) and id(node) not in hints and node.level == 0:
            for alias in node.names:
                if alias.name in WIRING.get(node.module or "", ()):
                    found.append(f"line {node.lineno} imports {node.module}.{alias.name}")
        elif isinstance(node, ast.Import) and id(node) not in hints:
            # `import net.host` leaves the class one attribute away: only a call can tell, checked below.
            continue
        elif isinstance(node, ast.Call):
            func = node.func
            name = func.id if isinstance(func, ast.Name) else func.attr if isinstance(func, ast.Attribute) else ""
            built = UI_NEVER_BUILDS if ui else {n for names in WIRING.values() for n in names}
            if name in built:
                found.append(f"line {node.lineno} builds {name}")
    return found


def test_the_wiring_check_sees_what_it_looks_for() -> None:
    """The check below finds a run-time import, a construction through a module, and a table built by a
    screen; a name for a type hint alone is no wiring."""
    assert wiring_found("from net.host import DEFAULT_PORT, Host\n", ui=False) == ["line 1 imports net.host.Host"]
    assert wiring_found("import net.client\nlink = net.client.NetLink('a', 1, 'b')\n", ui=False) == \
        ["line 2 builds NetLink"]
    assert wiring_found("t = Table(seats, 1)\n", ui=True) == ["line 1 builds Table"]
    assert wiring_found("t = Table(seats, 1)\n", ui=False) == []
    hinted = "from typing import TYPE_CHECKING\nif TYPE_CHECKING:\n    from game.ai.seats import ComputerSeats\n"
    assert wiring_found(hinted, ui=False) == []


def test_only_main_wires_a_game() -> None:
    """No module of the game but main.py imports or builds the computer seats, a journal writer, a LAN host
    or a LAN client; no screen builds a table or a link. (net runs the host's own table, its computers
    and its journal; tests and benchmarks set up the games they check or measure.)"""
    for path in modules("game"):
        rel = path.relative_to(ROOT).as_posix()
        if rel in MAY_WIRE:
            continue
        found = wiring_found(path.read_text(encoding="utf-8"), ui=rel.startswith("game/ui/"))
        assert not found, f"{rel} wires a game ({'; '.join(found)}): main.py does, and hands it to the screens"


def test_main_hands_its_wiring_to_the_client_and_an_unwired_app_says_so() -> None:
    import main
    from game.ui.flow import Hooks, Unwired

    wired = main.hooks()
    assert (wired.new_game, wired.saved_game, wired.host_game, wired.connect) == \
        (main.local_game, main.saved_game, main.start_host, main.connect)
    bare = Hooks()
    for ask in (lambda: bare.new_game({}), lambda: bare.saved_game(Path("x.journal")),
                lambda: bare.host_game(None, print), lambda: bare.connect("127.0.0.1", 1, "Ann")):
        with pytest.raises(Unwired, match=r"main\.py wires games"):
            ask()


# Words the vocabulary module says once (game/rules/vocabulary.py).
COPIES = ('"temple", "blue"', '"priest", "blue"', '"priests", "blue"', '"bull", "lion", "archer", "urn"',
          '"advanced_board", "buildings", "ziggurat", "open_scores"', "ROWS, COLS = 11, 16",
          '("red", "blue", "green", "black")', '"open_scores", "advanced_board", "buildings", "ziggurat"',
          '"easy", "normal", "hard"')


def test_the_games_words_are_said_once() -> None:
    allowed = {ROOT / "game/rules/vocabulary.py"}
    for path in [*modules("game"), *modules("net"), ROOT / "main.py"]:
        if path in allowed:
            continue
        text = path.read_text(encoding="utf-8")
        for copy in COPIES:
            assert copy not in text, f"{path.relative_to(ROOT)} repeats {copy}; import it from game.rules.vocabulary"
