"""A LAN player's window always shows that player's own hand and scores, whoever is to move.

A real host on 127.0.0.1: the window's seat joins through a NetLink (as the join screen seats it), the other
seat is a scripted client. While the other seat decides, the window shows its own tiles, its own points and
its panel marked as "you"; its controls wake only on its own turn. A watcher sees the public view, and a
hot-seat table keeps its curtain between the seats.
"""

from __future__ import annotations

from collections.abc import Callable, Iterator
from typing import Any

import pygame
import pytest

from game.ui import headless  # noqa: F401  (chooses the dummy SDL drivers before pygame starts)
from game.ui.app import App
from game.ui.menus.settings import Settings
from net import protocol as p
from net.client import NetLink, WireClient
from net.host import Host
from tests.lan_kit import catch_up, make_host, wait_for
from tests.wiring import make_app

DEADLINE = 10.0
MINE, THEIRS = 1, 0  # the window sits at seat 1; a scripted client plays seat 0


def run_until(app: App, condition: Callable[[], bool], what: str) -> None:
    """Run the window's frames until condition holds (fail after DEADLINE)."""
    def frame_then_ask() -> bool:
        app.run_frames(1)
        return condition()

    wait_for(frame_then_ask, DEADLINE, what)


def texts_drawn(app: App) -> list[Any]:
    """The text records of one frame (text and where it was drawn)."""
    app.theme.record_text = []
    app.run_frames(1)
    drawn, app.theme.record_text = app.theme.record_text, None
    return list(drawn or [])


def moved_on(read: Callable[[], Any], before: Any) -> Callable[[], bool]:
    """A condition: what read() returns is no longer before."""
    return lambda: bool(read() != before)


def post_click(app: App, pos: tuple[int, int]) -> None:
    pos = (int(pos[0]), int(pos[1]))
    pygame.event.post(pygame.event.Event(pygame.MOUSEMOTION, pos=pos, rel=(0, 0), buttons=(0, 0, 0)))
    pygame.event.post(pygame.event.Event(pygame.MOUSEBUTTONDOWN, pos=pos, button=1))
    pygame.event.post(pygame.event.Event(pygame.MOUSEBUTTONUP, pos=pos, button=1))
    app.run_frames(2)


@pytest.fixture
def table() -> Iterator[tuple[App, Any, Host, WireClient]]:
    """A 2-seat LAN game under way, its window at seat MINE, with the other seat (a client) to move."""
    from game.ui.lan.lan_table import LanTableScene, open_table

    host = make_host(players=2)
    app = make_app((1280, 720), Settings(animation="off"))
    other = WireClient("127.0.0.1", host.port)
    link: NetLink | None = None
    try:
        link = app.hooks.connect("127.0.0.1", host.port, "Bob", seat=MINE, dynasty="lion")
        wait_for(lambda: link is not None and link.state == "lobby", DEADLINE, "the window to sit down")
        other.hello("Ann", seat=THEIRS, dynasty="bull")
        with host.lock:
            host_ready = host.can_start()
        assert host_ready
        host.start_game()
        wait_for(lambda: link is not None and link.state == "playing", DEADLINE, "the game to start")
        open_table(app, link, link.lobby)
        scene = app.top
        assert isinstance(scene, LanTableScene)
        run_until(app, lambda: scene.layout_ is not None, "the first view")
        # The window plays its own turns (by its link) until the other seat is to move.
        while scene.public()["to_move"] == MINE:
            before = scene.public()["view_id"]
            scene.link.send(MINE, scene.link.legal_actions(MINE)[0])
            run_until(app, moved_on(lambda: scene.public()["view_id"], before), "the window's move")
        assert scene.public()["to_move"] == THEIRS
        yield app, scene, host, other
    finally:
        app.close()
        other.close()
        if link is not None:
            link.close()
        host.stop()


def test_a_lan_window_shows_its_own_hand_and_scores_while_another_seat_decides(
        table: tuple[App, Any, Host, WireClient]) -> None:
    from game.i18n import t

    app, scene, host, other = table
    own = scene.views[MINE]
    assert own["seats"][MINE]["hand"] and own["seats"][MINE]["scores"] is not None
    assert scene.public()["seats"][MINE]["scores"] is None  # the public view hides them: the window must not
    # The tray holds the window's own tiles, not "Ann decides".
    tiles = [item for item in scene.tray_items() if item.kind == "tile"]
    assert sorted(item.color for item in tiles) == sorted(own["seats"][MINE]["hand"])
    drawn = texts_drawn(app)
    words = [r.text for r in drawn]
    panel = scene.layout_.seats[MINE]
    in_panel = [r.text for r in drawn if panel.contains(r.rect)]
    scores = own["seats"][MINE]["scores"]
    assert "?" not in in_panel and all(str(scores[c]) in in_panel for c in scores), in_panel
    assert t("panel.sub.you") in in_panel and t("panel.sub.remote") not in in_panel
    other_panel = scene.layout_.seats[THEIRS]
    assert [r.text for r in drawn if other_panel.contains(r.rect)].count("?") == 4  # Ann's points stay hidden
    assert t("tray.owner_hand", name="Bob") in " ".join(words)
    # Its controls are asleep: no swap, no pass, and clicking its tiles and the board does nothing.
    assert not scene.swap_btn.enabled and not scene.pass_btn.enabled and not scene.undo_btn.enabled
    assert scene.legal() == [] and scene.control.pending() == {}
    before = host_view_id(host)
    post_click(app, tiles[0].rect.center)
    post_click(app, scene.layout_.square_center((5, 5)))
    app.run_frames(5)
    assert host_view_id(host) == before
    assert scene.control.selected is None

    # Ann moves until it is the window's turn: its controls wake.
    while (view_id := host_view_id(host, THEIRS)) is not None:
        catch_up([other], view_id)
        other.send(p.action(view_id, other.legal[0]))
        wait_for(moved_on(lambda: host_view_id(host), view_id), DEADLINE, "Ann's move")
    run_until(app, lambda: scene.public()["to_move"] == MINE, "the window's turn")
    app.run_frames(2)
    assert scene.legal() and scene.acting() == MINE
    decision = scene.shown()["decision"]["kind"]
    assert scene.pass_btn.enabled == (decision == "action")


def host_view_id(host: Host, to_move: int | None = None) -> int | None:
    """Return the hosted table's view id (read under the host's lock); with to_move, None unless that seat moves."""
    with host.lock:
        assert host.table is not None
        if to_move is not None and host.table.to_move() != to_move:
            return None
        return int(host.table.view_id)


def test_a_watcher_sees_the_public_view_and_no_one_as_you() -> None:
    from game.i18n import t
    from game.ui.lan.lan_table import LanTableScene, open_table
    from tests.lan_kit import seat_players

    host = make_host(players=2)
    app = make_app((1280, 720), Settings(animation="off"))
    clients = seat_players(host, 2)
    link: NetLink | None = None
    try:
        host.start_game()
        link = app.hooks.connect("127.0.0.1", host.port, "TV", role="spectator")
        wait_for(lambda: link is not None and link.state == "playing", DEADLINE, "the watcher to see the game")
        open_table(app, link, link.lobby)
        scene = app.top
        assert isinstance(scene, LanTableScene)
        run_until(app, lambda: scene.layout_ is not None, "the first view")
        assert scene.me() is None and scene.acting() is None and scene.tray_items() == []
        words = [r.text for r in texts_drawn(app)]
        assert t("panel.sub.you") not in words and words.count("?") == 8
    finally:
        app.close()
        for client in clients:
            client.close()
        if link is not None:
            link.close()
        host.stop()


def test_hot_seat_keeps_its_curtain_between_the_seats(tmp_path: Any, monkeypatch: pytest.MonkeyPatch) -> None:
    from game.i18n import t
    from game.session import LocalLink, Seat, Table
    from game.ui.table.table_scene import TableScene
    from tests.ui_positions import config_for

    monkeypatch.setenv("TWO_RIVERS_DATA", str(tmp_path))
    app = make_app((1280, 720), Settings(animation="off"))
    try:
        game = Table([Seat("Ana", "bull", "human"), Seat("Ben", "lion", "human")], 1, ())
        scene = TableScene(app, config_for(2), LocalLink(game, frozenset({0, 1})))
        app.push(scene)
        app.run_frames(3)
        first = scene.decider()
        assert scene.curtain_up() and scene.me() is None and scene.tray_items() == []
        post_click(app, (640, 360))  # the player to move takes the mouse
        assert scene.me() == scene.acting() == first and scene.tray_items()
        while scene.decider() == first:
            seat = scene.decider()
            assert seat is not None
            scene.send(game.legal_actions(seat)[0])
            app.run_frames(2)
        # The next seat's curtain: nobody's hand shows, and nobody is "you".
        assert scene.curtain_up() and scene.me() is None and scene.acting() is None and scene.tray_items() == []
        assert t("panel.sub.you") not in [r.text for r in texts_drawn(app)]
    finally:
        app.close()


def test_the_hosts_window_shows_the_hosts_hand_while_a_lan_player_decides() -> None:
    from game.ui.lan.lan_table import LanTableScene, open_table

    host = make_host(players=2)
    app = make_app((1280, 720), Settings(animation="off"))
    guest = WireClient("127.0.0.1", host.port)
    try:
        host.set_plan(0, "local", name="Hammurabi")
        guest.hello("Ann", seat=1)
        host.start_game()
        with host.lock:
            lobby = {"seats": host.lobby.seats_wire(), "options": host.lobby.options("playing")}
        open_table(app, host.local_link(), lobby)
        scene = app.top
        assert isinstance(scene, LanTableScene)
        run_until(app, lambda: scene.layout_ is not None, "the first view")
        while scene.public()["to_move"] == 0:
            before = scene.public()["view_id"]
            scene.link.send(0, scene.link.legal_actions(0)[0])
            run_until(app, moved_on(lambda: scene.public()["view_id"], before), "the host's move")
        assert scene.public()["to_move"] == 1
        hand = scene.views[0]["seats"][0]["hand"]
        assert hand and sorted(i.color for i in scene.tray_items() if i.kind == "tile") == sorted(hand)
        assert scene.me() == 0 and scene.acting() is None and not scene.curtain_up()
    finally:
        app.close()
        guest.close()
        host.stop()
