"""A whole hot-seat game on a TV with one mouse: the flow between decisions (issue #22, couch defects).

Each test drives the real app with the dummy driver and real pygame events, from positions in the
scenario format (or a seeded game where the journal needs one): End turn after a defender answered last,
Undo shown disabled (and why) after a swap, Continue keeping a mid-turn Undo, Esc cancelling a selection
first, the results leaving on Esc and explaining ties below first place, the defender's curtain saying
why, monument points saying why, and Settings naming the language --lang chose.
"""

from __future__ import annotations

from collections.abc import Iterator
from pathlib import Path
from typing import Any

import pygame
import pytest

import game.i18n as i18n
from game.rules import load_scenario
from game.session import Table
from game.ui import headless
from game.ui.app import App
from game.ui.headless import click
from game.ui.menus.settings import Settings
from game.ui.table.table_scene import TableScene, seats_from_config
from main import local_game
from tests.scenarios import scenario
from tests.ui_positions import config_for
from tests.wiring import make_app

# Seat 1's farmer (4,7) stands between temples (3,7) and (4,8); seat 0's farmer placed on (3,6) starts a
# revolt (tests/test_rules_revolt.py).
REVOLT = (("r../.r./.Fr", (2, 6)),)
REVOLT_AT = (3, 6)
# Seat 0's king (5,3) and seat 1's king (5,5), each beside its temple; a tile on (5,4) joins them: a war.
WAR = (("rK.Sr", (5, 2)),)
WAR_AT = (5, 4)
HANDS = [["red", "red", "blue", "green", "green", "black"], ["red", "blue", "blue", "green", "black", "black"]]


@pytest.fixture(autouse=True)
def _data_dir(tmp_path: Path, monkeypatch: pytest.MonkeyPatch) -> None:
    monkeypatch.setenv("TWO_RIVERS_DATA", str(tmp_path))


@pytest.fixture()
def english() -> Iterator[None]:
    before = i18n.language()
    i18n.set_language("en")
    yield
    i18n.set_language(before)


def table_scene(app: App, *pieces: tuple[str, tuple[int, int]], players: int = 2, **keys: Any) -> TableScene:
    """The table screen of a hot-seat game at a scenario's position, its first curtain lifted."""
    config = config_for(players, seed=1)
    seats, _ = seats_from_config(config)
    table = Table(seats, 1, state=load_scenario(scenario(*pieces, players=players, **keys)))
    game = local_game(config, table=table)
    scene = TableScene(app, config, game.link, game.computers)
    app.push(scene)
    app.run_frames(3)
    lift_curtain(app, scene)
    return scene


def lift_curtain(app: App, scene: TableScene) -> None:
    if scene.curtain_up():
        click(app, scene.layout_.board.center, frames=2)
    assert not scene.curtain_up()


def play_piece(app: App, scene: TableScene, kind: str, color: str, to: tuple[int, int]) -> None:
    """Choose a piece in the tray and click its square, as a player does."""
    item = next(i for i in scene.tray_items() if i.kind == kind and i.color == color)
    click(app, item.rect.center)
    click(app, scene.layout_.square_center(to), frames=3)


def commit(app: App, scene: TableScene) -> None:
    """The player holding the mouse commits the support chosen (none)."""
    lift_curtain(app, scene)
    click(app, scene.side.buttons["commit"].rect.center, frames=3)


def key(app: App, which: int) -> None:
    pygame.event.post(pygame.event.Event(pygame.KEYDOWN, key=which, mod=0, unicode="", scancode=0))
    app.run_frames(2)


# -- 1. End turn / Undo after a conflict whose defender answered last ---------------------------------------

@pytest.mark.parametrize("pieces, at, piece", [(REVOLT, REVOLT_AT, ("leader", "blue")),
                                               (WAR, WAR_AT, ("tile", "green"))], ids=["revolt", "war"])
def test_a_turn_ended_by_the_defender_waits_for_end_turn(english: None, pieces: Any, at: tuple[int, int],
                                                         piece: tuple[str, str]) -> None:
    app = make_app((1280, 720), Settings(animation="off"))
    scene = table_scene(app, *pieces, hands=HANDS, actions_left=1)
    table = scene.link.table
    play_piece(app, scene, *piece, at)
    kept = len(HANDS[0]) - (piece[0] == "tile")
    commit(app, scene)                    # the attacker
    assert scene.decider() == 1 and scene.curtain_up(), "the mouse passes to the defender"
    commit(app, scene)                    # the defender answers last: the conflict ends, and the turn with it
    assert table.held_seat == 0 and scene.decider() == 0, "the active player's turn waits for End turn"
    assert len(table.view(0)["seats"][0]["hand"]) == kept, "no new tile before End turn"
    lift_curtain(app, scene)
    assert "end_turn" in scene.side.buttons
    # The defender's answer was a decision of another player: the session allows no undo past it.
    assert not table.can_undo(0) and "undo_turn" not in scene.side.buttons
    words = " ".join(scene.side.spec.lines)
    assert "answered" in words and "swap" not in words, words
    assert not scene.undo_btn.enabled and "answered" in scene.undo_btn.hint
    click(app, scene.side.buttons["end_turn"].rect.center, frames=3)
    assert table.held_seat is None and scene.decider() == 1, "End turn passes the mouse"
    assert len(table.view(0)["seats"][0]["hand"]) == 6, "the new tiles came with End turn"
    pygame.display.quit()


# -- 2. After a swap, Undo is shown disabled with the reason ------------------------------------------------

@pytest.mark.parametrize("first", ["swap", "tile"])
def test_after_a_swap_undo_is_disabled_and_says_why(english: None, first: str) -> None:
    app = make_app((1280, 720), Settings(animation="off"))
    scene = table_scene(app, hands=HANDS)
    if first == "tile":
        play_piece(app, scene, "tile", "green", (5, 5))
    click(app, scene.swap_btn.rect.center)
    tile = next(i for i in scene.tray_items() if i.kind == "tile")
    click(app, tile.rect.center)
    click(app, scene.side.buttons["confirm_swap"].rect.center, frames=3)
    assert not scene.link.table.can_undo(0)
    assert scene.undo_btn.visible and not scene.undo_btn.enabled
    assert "swap" in scene.undo_btn.hint, "the reason is the disabled button's hint"
    if first == "tile":    # the turn is held: the top bar offers End turn only
        assert scene.link.table.held_seat == 0
        assert "undo" not in scene.top_line().lower(), scene.top_line()
    pygame.display.quit()


# -- 3. Continue keeps the mid-turn Undo ----------------------------------------------------------------

def test_continue_after_the_first_action_can_still_undo_it(english: None) -> None:
    from game.ui.menus.title import TitleScene
    from tests.test_ui_continue import CONFIG

    app = make_app((1280, 720), Settings(animation="off"))
    app.push(TitleScene(app))
    headless.settle(app, 1.0)
    app.hooks.start_game(app, CONFIG)
    headless.settle(app, 0.5)
    scene = app.top
    assert isinstance(scene, TableScene)
    lift_curtain(app, scene)
    seat = scene.me()
    tile = next(i for i in scene.tray_items() if i.kind == "tile" and scene.control.usable(i))
    click(app, tile.rect.center)
    click(app, scene.layout_.square_center(sorted(scene.control.pending())[0]), frames=3)
    assert scene.undo_btn.enabled and len(scene.link.table.records) == 1
    app.reset(TitleScene(app))   # the app quits after the turn's first action
    headless.settle(app, 1.0)
    headless.click_button(app, "continue", frames=30)
    resumed = app.top
    assert isinstance(resumed, TableScene) and resumed.curtain_up()
    lift_curtain(app, resumed)
    assert resumed.me() == seat and resumed.undo_btn.enabled, "Undo is offered again after Continue"
    click(app, resumed.undo_btn.rect.center, frames=3)
    table = resumed.link.table
    assert len(table.records) == 0 and table.view(seat)["actions_left"] == 2, "the first action was taken back"
    app.quit()


# -- 4. Esc cancels a selection before it opens the menu ---------------------------------------------------

@pytest.mark.parametrize("gesture", ["esc", "right_click"])
def test_esc_with_a_piece_chosen_cancels_it_and_a_second_esc_opens_the_menu(english: None, gesture: str) -> None:
    from game.ui.menus.game_menu import GameMenu

    app = make_app((1280, 720), Settings(animation="off"))
    scene = table_scene(app, hands=HANDS)
    tile = next(i for i in scene.tray_items() if i.kind == "tile")
    click(app, tile.rect.center)
    assert scene.control.selected is not None and scene.control.pending()
    if gesture == "esc":
        key(app, pygame.K_ESCAPE)
    else:
        click(app, scene.layout_.board.center, button=3)
    assert scene.control.selected is None, "the choice is cancelled"
    assert app.top is scene, "the menu stays closed while a choice was cancelled"
    click(app, scene.swap_btn.rect.center)
    assert scene.control.swap is not None
    key(app, pygame.K_ESCAPE)
    assert scene.control.swap is None and app.top is scene, "a swap being chosen is cancelled too"
    key(app, pygame.K_ESCAPE)
    assert isinstance(app.top, GameMenu), "with nothing chosen, Esc opens the menu"
    pygame.display.quit()


# -- 5 and 6. The results: Esc goes back; a tie below first place is explained ----------------------------

def finished(scores: list[dict[str, int]]) -> Table:
    """A three-player game ended by the empty bag (section 12) with these scores: seat 0 plays its last tile."""
    config = config_for(3, seed=1)
    seats, _ = seats_from_config(config)
    data = scenario(players=3, scores=scores, bag=[], actions_left=1,
                    hands=[["green"], ["red"] * 6, ["blue"] * 6])
    table = Table(seats, 1, state=load_scenario(data))
    table.submit(0, {"kind": "place_tile", "color": "green", "to": [5, 5]})
    assert table.to_move() is None, "the empty bag ended the game"
    return table


def results_scene(app: App, table: Table) -> Any:
    from game.ui.table.results import ResultsScene

    view = table.view(None)
    scene = ResultsScene(app, view["ranking"], view["names"], view["dynasties"], config_for(3, seed=1),
                         end_reason=view.get("end_reason"))
    app.push(scene)
    return scene


TIE_FOR_SECOND = [{"red": 5, "blue": 5, "green": 5, "black": 5}, {"red": 3, "blue": 4, "green": 6, "black": 7},
                  {"red": 3, "blue": 4, "green": 5, "black": 9}]
SHARED_SECOND = [{"red": 5, "blue": 5, "green": 5, "black": 5}, {"red": 3, "blue": 4, "green": 6, "black": 7},
                 {"red": 7, "blue": 6, "green": 4, "black": 3}]


@pytest.mark.parametrize("gesture", ["esc", "right_click"])
def test_esc_or_right_click_on_the_results_goes_to_the_title(english: None, gesture: str) -> None:
    from game.ui.menus.title import TitleScene

    app = make_app((1280, 720), Settings(animation="off"))
    scene = results_scene(app, finished(TIE_FOR_SECOND))
    headless.settle(app, 0.2)
    scene.skip()
    app.run_frames(2)
    if gesture == "esc":
        key(app, pygame.K_ESCAPE)
    else:
        click(app, (640, 150), button=3)
    app.run_frames(30)
    assert isinstance(app.top, TitleScene), "back from the results is the title, as its Title button"
    pygame.display.quit()


def test_a_tie_for_second_place_says_how_it_was_broken(english: None) -> None:
    table = finished(TIE_FOR_SECOND)
    ranking = table.view(None)["ranking"]
    assert [(r["seat"], r["place"], r["score"]) for r in ranking] == [(0, 1, 5), (1, 2, 3), (2, 3, 3)]
    app = make_app((1280, 720), Settings(animation="off"))
    scene = results_scene(app, table)
    words = " ".join(scene.tie_lines)
    assert "Bel" in words and "Cyrus" in words and "third-lowest" in words and "second place" in words, words
    i18n.set_language("zh-TW")
    chinese = " ".join(results_scene(app, table).tie_lines)
    assert "Bel" in chinese and "Cyrus" in chinese and "第三低" in chinese, chinese
    pygame.display.quit()


def test_a_true_tie_for_second_place_says_the_place_is_shared(english: None) -> None:
    table = finished(SHARED_SECOND)
    ranking = table.view(None)["ranking"]
    assert [r["place"] for r in ranking] == [1, 2, 2]
    app = make_app((1280, 720), Settings(animation="off"))
    words = " ".join(results_scene(app, table).tie_lines)
    assert "share second place" in words, words
    pygame.display.quit()


# Four players all on 5, each pair told apart by a later colour: three lines of ties under the columns.
THREE_TIES = [{"seat": s, "place": s + 1, "score": 5, "colors": colors, "treasures": 0} for s, colors in enumerate(
    [{"red": 5, "blue": 6, "green": 7, "black": 9}, {"red": 5, "blue": 6, "green": 7, "black": 8},
     {"red": 5, "blue": 6, "green": 6, "black": 8}, {"red": 5, "blue": 5, "green": 7, "black": 8}])]


@pytest.mark.parametrize("language", ["en", "zh-TW"])
@pytest.mark.parametrize("size", [(1280, 720), (1920, 1080)], ids=lambda s: f"{s[0]}x{s[1]}")
def test_three_ties_are_each_told_on_a_line_of_their_own(english: None, size: tuple[int, int], language: str) -> None:
    from game.ui.table.results import ResultsScene
    from tests.test_ui_fit import faults

    i18n.set_language(language)
    app = make_app(size, Settings(animation="off"))
    names, dynasties = ["吉爾伽美什", "Bel", "Cyrus", "恩赫杜安娜"], ["bull", "lion", "archer", "urn"]
    scene = ResultsScene(app, THREE_TIES, names, dynasties, config_for(4, seed=1))
    app.push(scene)
    headless.settle(app, 0.3)
    scene.skip()
    app.run_frames(3)
    assert len(scene.tie_lines) == 3
    assert faults(app) == []   # each line inside its own box, none over another
    pygame.display.quit()


# -- 7. The defender's curtain says why ----------------------------------------------------------------

@pytest.mark.parametrize("pieces, at, piece, conflict", [(REVOLT, REVOLT_AT, ("leader", "blue"), "revolt"),
                                                         (WAR, WAR_AT, ("tile", "green"), "war")])
def test_the_defenders_curtain_says_why(english: None, pieces: Any, at: tuple[int, int], piece: tuple[str, str],
                                        conflict: str) -> None:
    app = make_app((1280, 720), Settings(animation="off"))
    scene = table_scene(app, *pieces, hands=HANDS, actions_left=1)
    play_piece(app, scene, *piece, at)
    commit(app, scene)
    assert scene.curtain_up() and scene.decider() == 1
    assert scene.curtain_reason() == f"Bel, to defend the {conflict}"
    i18n.set_language("zh-TW")
    word = {"revolt": "叛亂", "war": "戰爭"}[conflict]
    reason = scene.curtain_reason()
    assert "Bel" in reason and "防守" in reason and word in reason, reason
    pygame.display.quit()


# -- 8. Monument points say why ------------------------------------------------------------------------

def test_monument_points_in_the_log_say_why(english: None) -> None:
    # Section 12.1: the active player's king in the red/black monument's kingdom scores a black point.
    app = make_app((1280, 720), Settings(animation="off"))
    scene = table_scene(app, ("##K/##r", (4, 2)), hands=HANDS, actions_left=1,
                        monuments=[{"colors": ["red", "black"], "at": [4, 2]}])
    play_piece(app, scene, "tile", "green", (9, 12))
    lines = [e.text for e in scene.log.entries]
    assert "Ana scored 1 black point for the red/black monument in the kingdom of Ana's king." in lines, lines
    i18n.set_language("zh-TW")
    from game.ui.table.table_words import describe
    event = next(e for e in scene.link.table.history(None) if e["kind"] == "points")
    chinese = describe(event, ["Ana", "Bel"]) or ""
    assert "紀念碑" in chinese and "紅/黑" in chinese, chinese
    pygame.display.quit()


# -- 9. Settings names the language --lang chose ------------------------------------------------------------

def test_settings_shows_the_language_chosen_on_the_command_line(english: None,
                                                                monkeypatch: pytest.MonkeyPatch) -> None:
    import main
    from game.ui.menus.settings_scene import SettingsScene

    monkeypatch.setenv("LANG", "en_US.UTF-8")
    monkeypatch.setenv("LANGUAGE", "")
    app = main.client_app(main.parse_args(["--lang", "zh-TW", "--size", "1280x720"]))
    app.open()
    assert i18n.language() == "zh-TW"
    settings = SettingsScene(app)
    app.push(settings)
    app.run_frames(3)
    shown = settings.language.label
    assert "繁體中文" in shown and "English" not in shown, shown
    hints = [hint for _, hint, _ in settings._label_boxes]
    assert any("--lang" in hint for hint in hints), hints
    pygame.display.quit()
