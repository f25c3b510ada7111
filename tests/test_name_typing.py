"""Typing a name: on the host screen, the join screen and the New-game screen, with real pygame events.

A click on the name shows a caret; typed text (TEXTINPUT: an input method's Chinese too), Backspace and the
caret keys edit it; Enter or a click elsewhere takes it, Esc puts the old one back. Names are trimmed, never
empty, never wider than a seat's tablet; a name someone at the table already has, or one no font can draw,
is refused with a reason; the host refuses a second player by the same name too.
"""

from __future__ import annotations

from collections.abc import Iterator
from pathlib import Path
from typing import Any

import pygame
import pytest

from game.i18n import t
from game.ui import headless  # noqa: F401  (chooses the dummy SDL drivers before pygame starts)
from game.ui.app import App
from game.ui.headless import run_until
from game.ui.kit.dialog import ConfirmDialog
from game.ui.kit.name_field import NameField
from game.ui.menus.settings import Settings
from net import protocol as p
from net.client import WireClient
from net.host import HostConfig
from tests.wiring import make_app

DEADLINE = 5.0


@pytest.fixture(autouse=True)
def _data_dir(tmp_path: Path, monkeypatch: pytest.MonkeyPatch) -> None:
    monkeypatch.setenv("TWO_RIVERS_DATA", str(tmp_path))


@pytest.fixture
def app() -> Iterator[App]:
    window = make_app((1280, 720), Settings(animation="off"))
    yield window
    window.close()


def post(app: App, *events: pygame.event.Event) -> None:
    for event in events:
        pygame.event.post(event)
    app.run_frames(2)


def click_at(pos: tuple[int, int], button: int = 1) -> list[pygame.event.Event]:
    return [pygame.event.Event(pygame.MOUSEMOTION, pos=pos, rel=(0, 0), buttons=(0, 0, 0)),
            pygame.event.Event(pygame.MOUSEBUTTONDOWN, pos=pos, button=button),
            pygame.event.Event(pygame.MOUSEBUTTONUP, pos=pos, button=button)]


def typed(text: str) -> pygame.event.Event:
    return pygame.event.Event(pygame.TEXTINPUT, text=text)


def key(code: int) -> pygame.event.Event:
    return pygame.event.Event(pygame.KEYDOWN, key=code, mod=0, unicode="")


def host_scene(app: App) -> Any:
    from game.ui.lan.lan_host import HostScene

    scene = HostScene(app, HostConfig(bind="127.0.0.1", port=0, announce=False, computer_delay=0.0))
    app.push(scene)
    app.run_frames(3)
    return scene


def test_the_host_types_a_name_with_a_caret_and_everyone_sees_it(app: App) -> None:
    scene = host_scene(app)
    host = scene.host
    guest = WireClient("127.0.0.1", host.port)
    try:
        field: NameField = scene.name
        post(app, *click_at(field.middle.rect.center))
        assert field.editing and field.caret == len(field.value)  # the caret after the name, the name chosen
        post(app, typed("  Bo"), typed("bx"), key(pygame.K_BACKSPACE), typed("  the  "), typed("Scribe "))
        assert field.draft == "  Bob  the  Scribe " and field.value != "Bob the Scribe"  # not taken before Enter
        post(app, key(pygame.K_HOME), key(pygame.K_DELETE), key(pygame.K_END), key(pygame.K_LEFT))
        assert field.caret == len(field.draft) - 1
        post(app, key(pygame.K_RETURN))
        assert not field.editing and field.value == "Bob the Scribe"  # trimmed, one space between words
        with host.lock:
            assert host.lobby.slots[0].name == "Bob the Scribe"
        welcome = guest.hello("Ann")
        assert welcome["lobby"]["seats"][0]["name"] == "Bob the Scribe"
        assert welcome["lobby"]["options"]["host_player"] == "Bob the Scribe"
    finally:
        guest.close()
        host.stop()


def test_a_click_elsewhere_takes_the_name_and_esc_puts_the_old_one_back(app: App) -> None:
    scene = host_scene(app)
    try:
        field: NameField = scene.name
        stepper = scene.players
        before = field.value
        post(app, *click_at(field.middle.rect.center), typed("Zimri"), key(pygame.K_ESCAPE))
        assert not field.editing and field.value == before and app.top is scene  # Esc did not leave the screen
        post(app, *click_at(field.middle.rect.center), typed("Zimri"))
        players = stepper.value
        post(app, *click_at(stepper.minus.rect.center))  # a click elsewhere: taken, and the click still acts
        assert field.value == "Zimri" and stepper.value == players - 1
        post(app, *click_at(field.middle.rect.center), typed("Zimri-Lim"), *click_at(field.middle.rect.center, 3))
        assert field.value == "Zimri" and app.top is scene  # a right click cancels, it does not go back
    finally:
        scene.host.stop()


def test_an_empty_name_is_refused_and_the_old_one_stays(app: App) -> None:
    scene = host_scene(app)
    try:
        field: NameField = scene.name
        before = field.value
        post(app, *click_at(field.middle.rect.center), key(pygame.K_BACKSPACE), typed("   "), key(pygame.K_RETURN))
        dialog = app.top
        assert isinstance(dialog, ConfirmDialog) and dialog.message == t("name.empty")
        assert field.value == before
    finally:
        scene.host.stop()


def test_a_name_stops_growing_where_a_seat_tablet_would_cut_it(app: App) -> None:
    from game.ui.table.table_layout import TableLayout

    scene = host_scene(app)
    try:
        field: NameField = scene.name
        post(app, *click_at(field.middle.rect.center), typed("W" * 40))
        assert field.full and 0 < len(field.draft) < 24
        post(app, typed("i"))  # nothing more fits
        long = field.draft
        post(app, key(pygame.K_RETURN))
        assert field.value == long
        # At the table the name is kept whole on its tablet at the small text size (no ellipsis).
        tm = app.theme
        for players in (2, 4):
            tablet = TableLayout.compute(app.size, tm, players).seats[0]
            assert tm.measure(long, 32) < tablet.width - tm.s(110), players
        chinese = "納拉姆辛王子殿下好" * 3
        post(app, *click_at(field.middle.rect.center), typed(chinese), key(pygame.K_RETURN))
        assert chinese.startswith(field.value) and 0 < len(field.value) < len(chinese)
    finally:
        scene.host.stop()


def test_chinese_typed_by_an_input_method_is_shown_and_taken(app: App) -> None:
    scene = host_scene(app)
    try:
        field: NameField = scene.name
        post(app, *click_at(field.middle.rect.center), pygame.event.Event(pygame.TEXTEDITING, text="wang", start=4,
                                                                          length=0))
        assert field.composing == "wang"
        app.theme.record_text = []
        app.run_frames(1)
        drawn, app.theme.record_text = [r.text for r in app.theme.record_text], None
        assert any("wang" in text for text in drawn)  # the composition shows where it will go
        post(app, typed("王小明"), key(pygame.K_KP_ENTER))
        assert field.value == "王小明" and field.composing == ""
        with scene.host.lock:
            assert scene.host.lobby.slots[0].name == "王小明"
    finally:
        scene.host.stop()


def test_a_name_no_font_can_draw_is_refused_one_the_subset_lacks_is_drawn_by_the_system(app: App) -> None:
    from game.ui.kit.fonts import CJK_FONT

    scene = host_scene(app)
    try:
        field: NameField = scene.name
        before = field.value
        post(app, *click_at(field.middle.rect.center), typed("\U00013000\U00013001"), key(pygame.K_RETURN))
        dialog = app.top
        assert isinstance(dialog, ConfirmDialog) and dialog.message == t("name.cannot_show")
        assert field.value == before
        app.pop()
        scripts = app.theme._scripts
        rare = "龘"
        assert not scripts.covers(str(CJK_FONT), rare)
        if scripts.system_path() is None or not scripts.covers(scripts.system_path(), rare):
            pytest.skip("this system has no CJK font with 龘: such a name is refused like the one above")
        post(app, *click_at(field.middle.rect.center), typed(f"{rare}王"), key(pygame.K_RETURN))
        assert field.value == f"{rare}王"
        font = app.theme.font(40, field.value)
        assert font is not app.theme.font(40) and font is not scripts.cjk(40)  # the system's CJK face draws it
    finally:
        scene.host.stop()


def test_a_name_someone_at_the_table_has_is_refused_by_the_join_screen_and_by_the_host(app: App) -> None:
    from game.ui.lan.lan_join import SeatScene
    from tests.lan_kit import make_host

    host = make_host(players=3)
    other = WireClient("127.0.0.1", host.port)
    try:
        other.hello("Gilgamesh", seat=2)
        seats = SeatScene(app, "127.0.0.1", host.port)
        app.push(seats)
        run_until(app, lambda: len(seats.seats()) == 3 and bool(seats.seats()[2]["taken"]))
        field: NameField = seats.name
        before = field.value
        post(app, *click_at(field.middle.rect.center), typed("gilgamesh "), key(pygame.K_RETURN))
        dialog = app.top
        assert isinstance(dialog, ConfirmDialog) and dialog.message == t("name.taken", name="gilgamesh")
        assert field.value == before
        # The host refuses it too (a player whose screen did not know yet): the reason every client words.
        third = WireClient("127.0.0.1", host.port)
        try:
            third.send(p.hello(" GILGAMESH"))
            refused = third.expect("refused")
            assert refused["message"]["key"] == "lan.refused.name_taken"
            assert "already called GILGAMESH" in refused["reason"]
        finally:
            third.close()
    finally:
        other.close()
        host.stop()


def test_the_new_game_screen_takes_a_typed_name_for_the_seat_clicked(app: App) -> None:
    from game.ui.menus.new_game import NewGameScene

    seen: list[dict[str, Any]] = []
    app.hooks.start_game = lambda _app, config: seen.append(config)
    scene = NewGameScene(app)
    app.push(scene)
    app.run_frames(3)
    names = [row.name.value for row in scene.rows[:2]]
    post(app, typed("Nobody"))  # four names: nothing is typed into before one is clicked
    assert [row.name.value for row in scene.rows[:2]] == names and not scene.rows[0].name.editing
    field = scene.rows[1].name
    post(app, *click_at(field.middle.rect.center), typed(names[0].upper()), key(pygame.K_RETURN))
    dialog = app.top
    assert isinstance(dialog, ConfirmDialog) and dialog.message == t("name.taken", name=names[0].upper())
    app.pop()
    post(app, *click_at(field.middle.rect.center), typed("Shulgi"))
    post(app, *click_at(scene.button_rect("start").center))  # the click that starts takes the name first
    assert seen and [s["name"] for s in seen[-1]["seats"]] == [names[0], "Shulgi"]


def test_the_host_cannot_take_the_name_a_lan_player_sits_with(app: App) -> None:
    scene = host_scene(app)
    guest = WireClient("127.0.0.1", scene.host.port)
    try:
        guest.hello("Kubaba the Brewer", seat=1)
        run_until(app, lambda: scene.seats[1]["taken"])
        field: NameField = scene.name
        before = field.value
        post(app, *click_at(field.middle.rect.center), typed("kubaba the brewer"), key(pygame.K_RETURN))
        dialog = app.top
        assert isinstance(dialog, ConfirmDialog) and dialog.message == t("name.taken", name="kubaba the brewer")
        assert field.value == before
        with scene.host.lock:
            assert scene.host.lobby.slots[0].name == before
    finally:
        guest.close()
        scene.host.stop()
