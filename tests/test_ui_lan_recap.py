"""A LAN player's table after a restart or a reconnect tells the game so far: the log and the recap, as Continue.

A real host on 127.0.0.1, scripted players for the other seats, and our seat played through a NetLink on
the LAN table scene under SDL's dummy drivers. Screenshots go to /tmp/shots-uilan/ when that folder exists.
"""

from __future__ import annotations

import random
from pathlib import Path

import pygame
import pytest

from game.ui import headless  # noqa: F401  (chooses the dummy SDL drivers before pygame starts)
from game.ui.lan.lan_table import LanTableScene, open_table
from game.ui.menus.settings import Settings
from net.client import NetLink
from net.host import Host
from net.wireclient import WireClient
from tests.lan_kit import close_all, make_host, normal, play, seat_players, wait_for
from tests.test_lan_screens import assert_text_fits, run_until
from tests.wiring import make_app

SHOTS = Path("/tmp/shots-uilan")
MOVES = ("placed", "moved", "took back", "withdrew", "built", "swapped", "passed", "catastrophe")


def play_until(host: Host, clients: dict[int, WireClient], rng: random.Random, done) -> None:  # type: ignore[no-untyped-def]
    """Play the scripted seats' random actions until done() holds."""
    play(host, clients, rng, until=done)


def told(scene: LanTableScene) -> int:
    """How many log lines tell a placement (every move in a short game places something)."""
    return sum(1 for line in scene.log.lines if "placed" in line)


def placements(host: Host, seat: int) -> int:
    with host.lock:
        return sum(1 for e in host.table.history(seat) if e["kind"] in ("tile_placed", "leader_placed"))


@pytest.mark.parametrize("size", [(1280, 720), (1920, 1080)])
def test_a_restarted_lan_player_gets_the_log_and_the_recap_and_a_reconnect_retells_them(size) -> None:  # type: ignore[no-untyped-def]
    host = make_host(players=3)
    others = seat_players(host, 3)
    app = make_app(size, Settings(animation="off"))
    link: NetLink | None = None
    rng = random.Random(11)
    try:
        host.start_game()
        clients = dict(enumerate(others))
        # Seat 3 plays its first turn, then the two others play until seat 3 must decide again.
        play_until(host, clients, rng, lambda: len(host.table.records) >= 6 and host.table.to_move() == 2)
        token = others[2].token
        others[2].close()  # the app quits
        wait_for(lambda: 2 in host.missing, 5.0, "the host to miss seat 3")
        link = NetLink("127.0.0.1", host.port, "Player 3", seat=2, token=token)  # the app is back
        wait_for(lambda: link.state == "playing", 5.0, "the seat back")
        open_table(app, link, link.lobby)
        scene = app.top
        assert isinstance(scene, LanTableScene)
        run_until(app, lambda: scene.layout_ is not None and scene.log.entries)
        assert told(scene) == placements(host, 2) > 0, "the log tells every move made before the restart"
        recap = scene.recap_moves()
        assert recap and {m.seat for m in recap} <= {0, 1}, "the moves since our last turn are marked"
        assert all(m.seat != 2 for m in recap)
        assert_text_fits(app, "the LAN table after a restart")
        if SHOTS.is_dir():
            pygame.image.save(app.surface, str(SHOTS / f"lan-restart-recap-{size[0]}.png"))
        # Our turn: play it through the screen's link, then drop; the others move while we are away.
        for _ in range(2):
            legal = [a for a in link.legal_actions(2) if a["kind"] != "pass"]
            view_id = link.view_id
            link.send(2, rng.choice(legal))
            run_until(app, lambda view_id=view_id: link.view_id != view_id)
        epoch = link.history_epoch
        assert host.cut_seat(2, "was cut by the test")
        del clients[2]
        wait_for(lambda: link.reconnecting or link.history_epoch > epoch, 5.0, "the drop")
        play_until(host, clients, rng, lambda: host.table.to_move() == 2 or link.history_epoch > epoch)
        run_until(app, lambda: link.history_epoch > epoch and link.state == "playing")
        run_until(app, lambda: scene.views[None]["view_id"] == host.table.view_id)
        app.run_frames(2)
        assert told(scene) == placements(host, 2), "each move told once, those made while away too"
        assert normal(link.history(2)) == normal(host.table.history(2))
        assert_text_fits(app, "the LAN table after a reconnect")
        if SHOTS.is_dir():
            pygame.image.save(app.surface, str(SHOTS / f"lan-reconnect-{size[0]}.png"))
    finally:
        app.close()
        if link is not None:
            link.close()
        close_all(others)
        host.stop()


def test_a_lan_player_who_chose_it_in_settings_gets_end_turn_and_undo() -> None:
    host = make_host(players=2)
    app = make_app((1280, 720), Settings(animation="off", confirm_turn_lan=True))
    link = NetLink("127.0.0.1", host.port, "Ann", confirm_turn=app.settings.confirm_turn_lan)
    other = seat_players(host, 1)[0]
    rng = random.Random(4)
    try:
        wait_for(lambda: link.state == "lobby", 5.0, "the lobby")
        host.start_game()
        wait_for(lambda: link.state == "playing", 5.0, "the game")
        open_table(app, link, link.lobby)
        scene = app.top
        run_until(app, lambda: scene.layout_ is not None)
        seat = link.seat
        play_until(host, {1 - seat: other}, rng, lambda: host.table.to_move() == seat)
        for _ in range(2):
            run_until(app, lambda: scene.views[None]["view_id"] == host.table.view_id)
            view_id = link.view_id
            scene.send(rng.choice([a for a in link.legal_actions(seat) if a["kind"] != "pass"]))
            run_until(app, lambda view_id=view_id: link.view_id != view_id)
        assert link.legal_actions(seat) == [{"kind": "end_turn"}], "the turn is held for its player"
        assert scene.views[seat]["can_undo"], "and its second action can be taken back"
        if SHOTS.is_dir():
            app.run_frames(2)
            pygame.image.save(app.surface, str(SHOTS / "lan-held-turn-1280.png"))
        app.settings.confirm_turn_lan = False  # the in-game Settings: the host hears it at once
        run_until(app, lambda: host.table.confirm_seats == frozenset())
        scene.send({"kind": "end_turn"})
        run_until(app, lambda: host.table.to_move() == 1 - seat)
    finally:
        app.close()
        link.close()
        other.close()
        host.stop()
