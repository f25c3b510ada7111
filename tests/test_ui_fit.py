"""Every word fits: each scene and dialog, drawn at 1280x720 and 1920x1080, with the text recorder on.

A piece of text fails when its rendered rectangle leaves its container (the box it was fitted into,
or the window) or when its inked pixels overlap another text's. Each scene on the stack is drawn and
checked on its own: a dialog's words over a veiled table are not an overlap. The table is checked
in its hardest states, with the longest names from the New-game list and both kinds of conflict.
"""

from __future__ import annotations

import re
from pathlib import Path
from typing import Any

import pygame
import pytest

from game.ui import headless
from game.ui.kit.theme import TextRecord
from game.ui.menus.settings import Settings
from tests.wiring import make_app

from . import ui_positions

SIZES = [(1280, 720), (1920, 1080)]
SLACK = 1  # pixels: anti-aliased edges may touch


def faults(app: Any) -> list[str]:
    """Draw each visible scene alone with the recorder on; describe every misfit and overlap."""
    found: list[str] = []
    window = pygame.Rect((0, 0), app.size)
    for scene in app.visible():
        app.theme.record_text = []
        scene.draw(app.surface)
        records, app.theme.record_text = app.theme.record_text, None
        found += misfits(type(scene).__name__, records, window)
    return found


def split_names(text: str) -> list[str]:
    """The long names that a line holds only a piece of: a name cut in two by the wrap."""
    # Pieces of three letters or more: shorter ones are English words ("is", "in").
    # A name shortened with an ellipsis (the last resort) is not a cut.
    names = LONG_NAMES + TABLE_NAMES
    pieces = {name[:k] for name in names for k in range(3, len(name))}
    pieces |= {name[k:] for name in names for k in range(1, len(name) - 2)}
    return [w for w in re.findall(r"(?<![A-Za-z-])[A-Za-z-]+(?![A-Za-z…-])", text) if w in pieces]


def misfits(where: str, records: list[TextRecord], window: pygame.Rect) -> list[str]:
    found = [f"{where}: {r.text!r} holds a name cut in two" for r in records if split_names(r.text)]
    for r in records:
        box = r.container or window
        if not box.inflate(2 * SLACK, 2 * SLACK).contains(r.ink or r.rect):
            found.append(f"{where}: {r.text!r} {tuple(r.ink or r.rect)} leaves its box {tuple(box)}")
    for i, a in enumerate(records):
        for b in records[i + 1:]:
            if a.ink is None or b.ink is None or a.ink.width == 0 or b.ink.width == 0:
                continue
            if a.ink.inflate(-2 * SLACK, -2 * SLACK).colliderect(b.ink.inflate(-2 * SLACK, -2 * SLACK)):
                if a.text == b.text and a.rect == b.rect:
                    continue  # the same words drawn twice in place (a glow) are not an overlap
                found.append(f"{where}: {a.text!r} {tuple(a.ink)} overlaps {b.text!r} {tuple(b.ink)}")
    return found


def app_with(size: tuple[int, int]) -> Any:
    return make_app(size, Settings(animation="off"))


def shown(app: Any, scene: Any, seconds: float = 0.5) -> None:
    app.push(scene)
    headless.settle(app, seconds)


# -- the menu screens and every dialog ------------------------------------------------------------
RANKING = [
    {"seat": 0, "place": 1, "score": 5, "colors": {"red": 5, "blue": 6, "green": 7, "black": 8}, "treasures": 2},
    {"seat": 1, "place": 2, "score": 4, "colors": {"red": 4, "blue": 6, "green": 7, "black": 8}, "treasures": 0},
    {"seat": 2, "place": 3, "score": 3, "colors": {"red": 3, "blue": 6, "green": 7, "black": 8}, "treasures": 1},
    {"seat": 3, "place": 4, "score": 2, "colors": {"red": 2, "blue": 6, "green": 7, "black": 8}, "treasures": 0},
]
LONG_NAMES = ["Enheduanna", "Hammurabi", "Semiramis", "Naram-Sin"]
# The table's seats: the longest name first, the one a revolt or war card must keep whole.
TABLE_NAMES = ["Nebuchadnezzar", "Hammurabi", "Semiramis", "Naram-Sin"]


def menu_scene(name: str, app: Any) -> Any:
    from game.i18n import t
    from game.ui.kit.dialog import ConfirmDialog
    from game.ui.menus.game_menu import GameMenu, leave_words
    from game.ui.menus.new_game import NewGameScene
    from game.ui.menus.saved_games import SavedGamesScene
    from game.ui.menus.settings_scene import SettingsScene
    from game.ui.menus.title import TitleScene
    from game.ui.table.results import ResultsScene

    pass_words = "Passing ends your turn now, with the actions you have left."
    return {
        "title": lambda: TitleScene(app),
        "new_game": lambda: NewGameScene(app),
        "settings": lambda: SettingsScene(app),
        "saved_games": lambda: SavedGamesScene(app),
        "results": lambda: ResultsScene(app, RANKING, LONG_NAMES, ["bull", "lion", "archer", "urn"]),
        "game_menu": lambda: GameMenu(app, lambda: None),
        "dialog_pass": lambda: ConfirmDialog(app, "Pass?", pass_words,
                                             [("Keep playing", None, "warm"), ("Pass", None, "primary")]),
        "dialog_leave": lambda: ConfirmDialog(app, "Leave the game?", leave_words(True),
                                              [("Stay", None, "warm"), ("Leave", None, "primary")]),
        "dialog_leave_host": lambda: ConfirmDialog(app, t("game_menu.leave.title"), leave_words(True, True, True),
                                                   [(t("game_menu.leave.no"), None, "warm"),
                                                    (t("game_menu.leave.yes"), None, "primary")]),
        "dialog_quit": lambda: ConfirmDialog(app, "Leave Two Rivers?", "The rivers will keep flowing without you.",
                                             [("Stay", None, "warm"), ("Quit", None, "primary")]),
        "dialog_three": lambda: ConfirmDialog(app, "This game cannot be continued",
                                              "The saved game at /home/player/.local/share/TwoRivers/games/"
                                              "20260101-120000.journal is damaged beyond its first action.",
                                              [("Delete it", None, "warm"), ("Keep it", None, "quiet"),
                                               ("Try again", None, "primary")]),
    }[name]()


MENU_SCENES = ["title", "new_game", "settings", "saved_games", "results", "game_menu",
               "dialog_pass", "dialog_leave", "dialog_leave_host", "dialog_quit", "dialog_three"]


def save_games(data: Path) -> None:
    """Two games in progress (one with four long names), and a damaged one, in the data folder."""
    from game.journal import games_folder

    app = make_app((1280, 720), Settings(animation="off", confirm_turn=False))
    for players in (2, 4):
        config = ui_positions.config_for(players)
        for seat, name in zip(config["seats"], LONG_NAMES, strict=False):
            seat["name"] = name
        app.hooks.start_game(app, config)
        table = app.top
        for _ in range(3):
            lift(app, table)
            # A hot-seat turn is confirmed after its second action ("End turn").
            table.send(next(a for a in table.legal() if a["kind"] in ("place_tile", "end_turn")))
            app.run_frames(2)
    (games_folder(data) / "20200101-000000-broken.journal").write_bytes(b"\x00not a journal at all\xff" * 3)
    pygame.display.quit()


@pytest.mark.parametrize("size", SIZES, ids=lambda s: f"{s[0]}x{s[1]}")
@pytest.mark.parametrize("name", MENU_SCENES)
def test_menu_scene_words_fit(name: str, size: tuple[int, int]) -> None:
    app = app_with(size)
    shown(app, menu_scene(name, app))
    assert not faults(app), "\n".join(faults(app))


@pytest.mark.parametrize("size", SIZES, ids=lambda s: f"{s[0]}x{s[1]}")
def test_saved_games_list_fits(size: tuple[int, int], data: Path) -> None:
    from game.ui.menus.saved_games import SavedGamesScene

    save_games(data)
    app = app_with(size)
    scene = SavedGamesScene(app)
    shown(app, scene)
    assert len(scene.games) == 3
    assert not faults(app), "\n".join(faults(app))


@pytest.mark.parametrize("size", SIZES, ids=lambda s: f"{s[0]}x{s[1]}")
def test_new_game_with_four_long_names_and_computers_fits(size: tuple[int, int]) -> None:
    from game.ui.menus.new_game import NewGameScene

    app = app_with(size)
    scene = NewGameScene(app)
    shown(app, scene)
    while scene.players.value < 4:
        headless.click(app, scene.players.plus.rect.center)
    for row, name in zip(scene.rows, LONG_NAMES, strict=False):
        row.name.value = name
    headless.settle(app, 0.3)
    assert not faults(app), "\n".join(faults(app))


@pytest.mark.parametrize("size", SIZES, ids=lambda s: f"{s[0]}x{s[1]}")
def test_every_rules_page_fits(size: tuple[int, int]) -> None:
    from game.ui.menus.rules_pages import PAGES
    from game.ui.menus.rules_scene import RulesScene

    app = app_with(size)
    found = []
    for page in range(len(PAGES)):
        app.reset(RulesScene(app, page))
        headless.settle_still(app, 4.0)  # the diagrams grow in
        found += faults(app)
    assert not found, "\n".join(found)


# -- the table ------------------------------------------------------------------------------------
def long_named(monkeypatch: pytest.MonkeyPatch, players: int = 4) -> None:
    monkeypatch.setattr(ui_positions, "NAMES", TABLE_NAMES[:players])


def table_in(size: tuple[int, int], want: Any, players: int = 2) -> tuple[Any, Any]:
    from game.session import LocalLink
    from game.ui.table.table_scene import TableScene

    table, config = ui_positions.find_table(want, players=players)
    app = app_with(size)
    scene = TableScene(app, config, LocalLink(table, frozenset(range(table.players))))
    shown(app, scene, 0.2)
    return app, scene


def lift(app: Any, scene: Any) -> None:
    """Lift the curtain, then rest the mouse in a bare corner (a hover tooltip may cover words)."""
    if scene.curtain_up():
        headless.click(app, (app.size[0] // 2, app.size[1] // 2), frames=3)
    headless.move(app, (1, app.size[1] // 2), frames=3)


TABLE_STATES = {
    "curtain": (lambda t: t.state.turn == 1, 4, False),
    "action": (lambda t: t.state.turn >= 6 and not t.state.game_over
               and (t.state.decision or {}).get("kind") == "action", 4, True),
    "revolt": (lambda t: ui_positions.deciding("support")(t) and t.state.conflict["kind"] == "revolt", 2, True),
    "war": (lambda t: ui_positions.deciding("support")(t) and t.state.conflict["kind"] == "war", 2, True),
    "choose_war": (ui_positions.deciding("choose_war"), 2, True),
    "monument": (ui_positions.deciding("monument"), 2, True),
}


@pytest.mark.parametrize("size", SIZES, ids=lambda s: f"{s[0]}x{s[1]}")
@pytest.mark.parametrize("state", list(TABLE_STATES))
def test_table_words_fit(state: str, size: tuple[int, int], monkeypatch: pytest.MonkeyPatch) -> None:
    want, players, lift_curtain = TABLE_STATES[state]
    long_named(monkeypatch, players)
    app, scene = table_in(size, want, players)
    if lift_curtain:
        lift(app, scene)
    found = faults(app)
    assert not found, "\n".join(found)


@pytest.mark.parametrize("size", SIZES, ids=lambda s: f"{s[0]}x{s[1]}")
def test_game_menu_over_the_table_fits(size: tuple[int, int], monkeypatch: pytest.MonkeyPatch) -> None:
    long_named(monkeypatch, 2)
    app, scene = table_in(size, lambda t: t.state.turn == 1)
    lift(app, scene)
    scene.open_menu()
    headless.settle(app, 0.3)
    app.theme.record_text = []
    top = app.top
    top.draw(app.surface)
    records, app.theme.record_text = app.theme.record_text, None
    assert {r.text for r in records} >= {"Menu", "Resume", "Rules", "Settings", "Leave the game"}
    found = misfits("GameMenu", records, pygame.Rect((0, 0), app.size))
    assert not found, "\n".join(found)


def test_the_check_catches_words_out_of_their_box() -> None:
    """The mechanism itself: a label drawn past its button and one over another are both reported."""
    app = app_with((1280, 720))
    t = app.theme
    t.record_text = []
    box = pygame.Rect(100, 100, 60, 40)
    t.blit_text(app.surface, "Green/Black", 40, (0, 0, 0), within=box, center=box.center)
    t.blit_text(app.surface, "Enheduanna attacks", 40, (0, 0, 0), topleft=(300, 300))
    t.blit_text(app.surface, "?", 80, (0, 0, 0), topleft=(320, 290))
    found = misfits("probe", t.record_text, pygame.Rect(0, 0, 1280, 720))
    assert any("leaves its box" in f and "Green/Black" in f for f in found)
    assert any("overlaps" in f and "?" in f for f in found)
