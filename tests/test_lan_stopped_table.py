"""A LAN player's table once the host has closed the game: it stops, says why, and says what to do next.

A real host on 127.0.0.1 and a real client table (the window's seat joins through a NetLink, as the join screen
seats it; the other seat is a scripted client). The host leaves with the window's player to move: the table's
controls go off and nothing is sent, the side panel says the game stopped and why, a dialog says so once (the
game is saved; Join a LAN game and "Take my seat back" when the host continues it), its buttons lead to the Join
screen and the title, and the Leave dialog no longer says the host keeps the game going.
"""

from __future__ import annotations

from collections.abc import Iterator
from pathlib import Path

import pytest

from game import i18n
from game.i18n import t
from game.ui import headless  # noqa: F401  (chooses the dummy SDL drivers before pygame starts)
from game.ui.app import App
from game.ui.headless import click, run_until
from game.ui.lan.lan_table import LanTableScene, open_table
from game.ui.menus.settings import Settings
from net.client import NetLink, WireClient
from net.host import Host
from tests.lan_kit import make_host, wait_for
from tests.wiring import make_app

DEADLINE = 10.0
MINE, THEIRS = 1, 0  # the window sits at seat 1, which moves first (the host's seed 7); a client sits at seat 0


def press(app: App, name: str) -> None:
    """Click the top screen's button called name, once its buttons have popped in."""
    assert app.top is not None
    app.run_frames(30)
    click(app, app.top.button_rect(name).center)


@pytest.fixture(params=["en", "zh-TW"])
def language(request: pytest.FixtureRequest, tmp_path: Path, monkeypatch: pytest.MonkeyPatch) -> Iterator[str]:
    monkeypatch.setenv("TWO_RIVERS_LAN", "loopback")
    monkeypatch.setenv("TWO_RIVERS_DATA", str(tmp_path))
    before = i18n.language()
    i18n.set_language(request.param)
    yield request.param
    i18n.set_language(before)


@pytest.fixture
def table(language: str) -> Iterator[tuple[App, LanTableScene, Host, NetLink]]:
    """A 2-seat LAN game under way, its window's player to move, the window's Swap and Pass awake."""
    host = make_host(players=2)
    app = make_app((1280, 720), Settings(animation="off"))
    other = WireClient("127.0.0.1", host.port)
    link: NetLink | None = None
    try:
        link = app.hooks.connect("127.0.0.1", host.port, "Bob", seat=MINE, dynasty="lion")
        wait_for(lambda: link is not None and link.state == "lobby", DEADLINE, "the window to sit down")
        other.hello("Ann", seat=THEIRS, dynasty="bull")
        host.start_game()
        wait_for(lambda: link is not None and link.state == "playing", DEADLINE, "the game to start")
        open_table(app, link, link.lobby)
        scene = app.top
        assert isinstance(scene, LanTableScene)
        run_until(app, lambda: scene.layout_ is not None and scene.pass_btn.enabled, DEADLINE, "the window's turn")
        yield app, scene, host, link
    finally:
        app.close()
        other.close()
        if link is not None:
            link.close()
        host.stop()


def host_leaves(app: App, host: Host, link: NetLink) -> None:
    """The host chooses Leave the game on its own screen (its link's close: lan.closing.left)."""
    host.stop(key="lan.closing.left")
    run_until(app, lambda: link.state == "closed", DEADLINE, "the window to hear the host left")


def texts_drawn(app: App) -> list[str]:
    app.theme.record_text = []
    app.run_frames(1)
    drawn, app.theme.record_text = app.theme.record_text, None
    return [record.text for record in drawn or []]


def test_the_table_stops_when_the_host_leaves(table: tuple[App, LanTableScene, Host, NetLink]) -> None:
    from game.ui.kit.dialog import ConfirmDialog

    app, scene, host, link = table
    assert scene.swap_btn.enabled and scene.legal()  # awake before the host leaves
    host_leaves(app, host, link)
    run_until(app, lambda: isinstance(app.top, ConfirmDialog), DEADLINE, "the dialog that says the game stopped")
    dialog = app.top
    assert isinstance(dialog, ConfirmDialog)
    assert dialog.title == t("lan.table.stopped")
    assert t("lan.closing.left") in dialog.message  # why: the host left
    assert t("lan.seat.take_back") in dialog.message and t("title.join") in dialog.message  # what to do next
    assert set(dialog.buttons) == {t("lan.table.stopped.join").lower(), t("lan.table.stopped.title_screen").lower()}
    # Nothing here can be played: no moves, no buttons, and a choice made anyway sends nothing (no "not
    # connected" refusal comes back from the link).
    assert scene.acting() is None and scene.legal() == []
    assert not (scene.swap_btn.enabled or scene.pass_btn.enabled or scene.undo_btn.enabled)
    dialog.back()  # the player closes the dialog: the stopped table stays
    app.run_frames(3)
    assert app.top is scene
    scene.send({"kind": "pass"})
    click(app, scene.pass_btn.rect.center)
    app.run_frames(30)
    assert app.top is scene and scene._toast is None  # Pass asked nothing; no refusal came back either
    # The side panel says the game stopped and why; the dialog is not shown a second time.
    words = texts_drawn(app)
    assert t("lan.table.stopped") in words and t("lan.closing.left") in words
    assert t("input.your_move") not in words and t("panel.sub.your_turn") not in words  # panel and tablet
    # Leave says only that: nobody keeps this game going for this player.
    scene.open_menu()
    press(app, "leave")
    leave = app.top
    assert isinstance(leave, ConfirmDialog) and leave.message == t("game_menu.leave.closed")
    assert leave.message != t("game_menu.leave.lan")


@pytest.mark.parametrize("choice", ["join", "title"])
def test_the_stopped_table_dialog_leads_where_it_says(table: tuple[App, LanTableScene, Host, NetLink],
                                                      choice: str) -> None:
    from game.ui.kit.dialog import ConfirmDialog
    from game.ui.lan.lan_join import JoinScene
    from game.ui.menus.title import TitleScene

    app, scene, host, link = table
    host_leaves(app, host, link)
    run_until(app, lambda: isinstance(app.top, ConfirmDialog), DEADLINE, "the dialog that says the game stopped")
    label = t("lan.table.stopped.join") if choice == "join" else t("lan.table.stopped.title_screen")
    press(app, label.lower())
    app.run_frames(3)
    if choice == "join":
        assert isinstance(app.top, JoinScene) and isinstance(app.stack[0], TitleScene) and len(app.stack) == 2
    else:
        assert isinstance(app.top, TitleScene) and len(app.stack) == 1

