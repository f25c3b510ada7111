"""Back everywhere and the in-game menu: right click and ESC close the top dialog or go back one
screen in every scene (the replay too); the table's Menu button and ESC open Resume, Rules,
Settings and Leave over the game; the Leave dialog says what is true (the game is saved)."""

from __future__ import annotations

import pygame
import pytest

from game import i18n
from game.ui import headless
from game.ui.kit.dialog import ConfirmDialog
from game.ui.menus.settings import Settings
from tests.wiring import make_app

from .ui_positions import config_for


def esc(app) -> None:
    pygame.event.post(pygame.event.Event(pygame.KEYDOWN, key=pygame.K_ESCAPE, mod=0, unicode="\x1b", scancode=41))
    app.run_frames(2)


def right_click(app) -> None:
    headless.click(app, (5, 5), button=3)


def table_app(size=(1280, 720)):
    """The title, then a journalled hot-seat table through the real start hook, curtain lifted."""
    from game.ui.menus.title import TitleScene

    app = make_app(size, Settings(animation="off"))
    app.push(TitleScene(app))
    app.hooks.start_game(app, config_for(2))
    app.run_frames(3)
    table = app.top
    if table.curtain_up():
        headless.click(app, (size[0] // 2, size[1] // 2), frames=3)
    return app, table


@pytest.mark.parametrize("gesture", [esc, right_click])
def test_back_closes_the_pass_dialog_and_nothing_else(gesture):
    app, table = table_app()
    table.ask_pass()
    app.run_frames(2)
    assert isinstance(app.top, ConfirmDialog) and app.top.title == "Pass?"
    gesture(app)
    assert app.top is table, "the dialog stays open after a back gesture"
    assert table.public()["turn"] == 1 and table.public()["actions_left"] == 2, "the pass must not happen"


@pytest.mark.parametrize("gesture", [esc, right_click])
def test_back_closes_the_leave_dialog_and_the_game_goes_on(gesture):
    app, table = table_app()
    table.ask_leave()
    app.run_frames(2)
    assert isinstance(app.top, ConfirmDialog)
    gesture(app)
    assert app.top is table


def test_leave_says_the_game_is_saved_and_continue_resumes_it():
    from game.ui.flow import has_saved_game
    from game.ui.menus.title import TitleScene

    app, table = table_app()
    table.ask_leave()
    app.run_frames(2)
    words = app.top.message
    assert "lost" not in words and "saved" in words and "Continue" in words
    headless.click_button(app, "leave", frames=3)
    assert isinstance(app.top, TitleScene)
    assert has_saved_game(), "what the dialog promised: the game waits for Continue"


def test_menu_button_and_esc_open_the_game_menu_over_the_table():
    from game.ui.menus.game_menu import GameMenu

    app, table = table_app()
    headless.click_button(app, "menu", frames=3)
    assert isinstance(app.top, GameMenu) and table in app.visible()
    headless.click_button(app, "resume", frames=2)
    assert app.top is table
    esc(app)
    assert isinstance(app.top, GameMenu)
    esc(app)
    assert app.top is table
    right_click(app)  # on the table a right click cancels a half-made choice; it opens nothing
    assert app.top is table


def test_game_menu_rules_settings_and_back_return_to_it():
    from game.ui.menus.game_menu import GameMenu
    from game.ui.menus.rules_scene import RulesScene
    from game.ui.menus.settings_scene import SettingsScene

    app, table = table_app()
    table.open_menu()
    app.run_frames(2)
    menu = app.top
    headless.click_button(app, "rules", frames=3)
    assert isinstance(app.top, RulesScene)
    right_click(app)
    assert app.top is menu
    headless.click_button(app, "settings", frames=3)
    assert isinstance(app.top, SettingsScene)
    headless.click_button(app, "confirm_turn")
    assert app.settings.confirm_turn is False and Settings.load().confirm_turn is False
    esc(app)
    assert isinstance(app.top, GameMenu)
    esc(app)
    assert app.top is table


def test_game_menu_leave_asks_then_goes_to_the_title():
    from game.ui.menus.title import TitleScene

    app, table = table_app()
    table.open_menu()
    app.run_frames(2)
    headless.click_button(app, "leave", frames=2)
    dialog = app.top
    assert isinstance(dialog, ConfirmDialog) and "saved" in dialog.message
    esc(app)
    assert app.top is not dialog and not isinstance(app.top, TitleScene)
    headless.click_button(app, "leave", frames=2)
    headless.click_button(app, "leave", frames=3)
    assert isinstance(app.top, TitleScene)


@pytest.mark.parametrize("gesture", [esc, right_click])
def test_back_leaves_the_replay(data, gesture):
    from game.journal import last_unfinished
    from game.ui.menus.title import TitleScene
    from game.ui.table.replay_scene import open_replay

    app, table = table_app()
    action = next(a for a in table.legal() if a["kind"] == "place_tile")
    table.send(action)
    app.run_frames(3)
    path = last_unfinished(data).path
    app.reset(TitleScene(app))
    replay = open_replay(app, path)
    app.run_frames(3)
    assert app.top is replay
    gesture(app)
    assert isinstance(app.top, TitleScene)


def test_replay_play_and_step_have_distinct_labelled_icons(data):
    from game.journal import last_unfinished
    from game.ui.table.replay_scene import open_replay

    app, table = table_app((1920, 1080))
    table.send(next(a for a in table.legal() if a["kind"] == "place_tile"))
    app.run_frames(3)
    replay = open_replay(app, last_unfinished(data).path)
    app.run_frames(3)
    app.theme.record_text = []
    app.run_frames(1)
    drawn = {r.text: r for r in app.theme.record_text}
    play, step = replay.buttons["play"], replay.buttons["step_forward"]
    assert play.caption == "Play" and step.caption == "Step"
    assert play.rect.contains(drawn["Play"].rect) and step.rect.contains(drawn["Step"].rect)
    headless.click_button(app, "play")
    app.run_frames(1)
    assert play.caption == "Pause"


@pytest.mark.parametrize("ask", ["ask_pass", "ask_leave"])
def test_a_dialogs_action_wears_the_main_action_colour_and_the_safe_choice_does_not(ask):
    """As on every screen (Start, Play again, End turn), the button that acts is terracotta ("warm")."""
    app, table = table_app()
    getattr(table, ask)()
    app.run_frames(2)
    dialog = app.top
    assert isinstance(dialog, ConfirmDialog)
    safe, action = list(dialog.buttons.values())
    assert action.style == "warm" and safe.style != "warm", (safe.text, safe.style, action.text, action.style)


def test_the_menu_button_shows_under_the_curtain_where_its_spot_opens_the_menu():
    from game.ui.menus.game_menu import GameMenu
    from game.ui.menus.title import TitleScene

    app = make_app((1280, 720), Settings(animation="off"))
    app.push(TitleScene(app))
    app.hooks.start_game(app, config_for(2))
    app.run_frames(3)
    table = app.top
    assert table.curtain_up()
    app.theme.record_text = []
    app.run_frames(1)
    records, app.theme.record_text = app.theme.record_text, None
    spot = table.menu_btn.rect
    assert any(r.text == "Menu" and spot.colliderect(r.rect) for r in records), "the button is hidden by the curtain"
    # The card's words are true with the Menu button reachable: a click lifts it, not a click anywhere.
    name = table.public()["names"][table.public()["decision"]["seat"]]
    assert f"{name}: click to see your tiles" in [r.text for r in records]
    assert not any("anywhere" in r.text for r in records)
    headless.click(app, spot.center, frames=2)
    assert isinstance(app.top, GameMenu)
    app.pop()
    i18n.set_language("zh-TW")
    try:
        app.theme.record_text = []
        app.run_frames(1)
        drawn, app.theme.record_text = [r.text for r in app.theme.record_text], None
        assert table.curtain_up() and f"{name}：點一下就能看你的板塊" in drawn, drawn
        assert not any("任何地方" in text for text in drawn)
    finally:
        i18n.set_language("en")
    headless.click(app, (640, 360), frames=2)
    assert app.top is table and not table.curtain_up()


def test_a_rules_page_keeps_drawing_until_its_diagram_has_played_out():
    """At rest the app draws nothing; a page turned by a click must not freeze with its diagram half grown."""
    from game.ui.menus.rules_scene import DIAGRAM_SECONDS, RulesScene

    app = make_app((1280, 720), Settings(animation="normal"))
    app.push(RulesScene(app, 0))
    headless.settle(app, 2.0)  # the intro is over
    headless.click_button(app, "next", frames=1)
    assert app.top.page == 1
    still = headless.settle_still(app, 2 * DIAGRAM_SECONDS)
    assert still >= round(0.9 * DIAGRAM_SECONDS * 60), still  # it moved for the diagram's whole time
    assert app.resting()  # and then stops: the app may rest


def test_the_results_reveal_is_drawn_at_full_rate_to_its_end():
    """The reveal (bars, treasures, scores, crown) lasts past the menu's intro; the app must not rest during it."""
    from game.ui.table.results import ResultsScene

    ranking = [{"seat": s, "place": s + 1, "score": 5 - s, "colors": {"red": 5 - s, "blue": 6, "green": 7, "black": 8},
                "treasures": 2 - s} for s in range(2)]
    app = make_app((1280, 720), Settings(animation="normal"))
    scene = app.push(ResultsScene(app, ranking, ["Ur-Nammu", "Puabi"], ["urn", "lion"]))
    assert scene.t_end > scene.intro_seconds  # what makes this worth testing
    headless.settle_still(app, 3 * scene.t_end)
    assert scene.age >= scene.t_end and app.resting()
