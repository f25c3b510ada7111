"""The table of a LAN game on SDL's dummy drivers: a missing player is waited for beside the board.

Hosts bind 127.0.0.1 on a free port and announce nothing; every wait has a deadline.
"""

from __future__ import annotations

import time

import pytest

from game.ui import headless  # noqa: F401  (chooses the dummy SDL drivers before pygame starts)
from game.ui.headless import click_button
from game.ui.lan import lan_screens as lan
from game.ui.lan.lan_table import countdown_line
from net.client import WireClient
from tests.test_lan_screens import local_config, run_until, texts
from tests.wiring import make_app


def two_seat_game(app, replace_after: float | None = 75.0):  # type: ignore[no-untyped-def]
    """Host a 2-seat game on this screen with Ann at seat 2 over the LAN; return (scene, host, Ann's client)."""
    config = local_config()
    config.replace_after = replace_after
    scene = lan.HostScene(app, config)
    app.push(scene)
    host = scene.host
    assert host is not None
    scene.players.step(-1)
    scene.players.step(-1)
    ann = WireClient("127.0.0.1", host.port)
    ann.hello("Ann")
    run_until(app, lambda: scene.start.enabled)
    click_button(app, "start", frames=3)
    assert isinstance(app.top, lan.LanTableScene)
    run_until(app, lambda: app.top.layout_ is not None)
    return app.top, host, ann


@pytest.mark.parametrize("size", [(1280, 720), (1920, 1080)])
def test_a_missing_player_is_waited_for_beside_the_board_with_a_countdown(size: tuple[int, int]) -> None:
    app = make_app(size)
    host = None
    try:
        table, host, ann = two_seat_game(app)
        ann.close()
        run_until(app, lambda: table.lan.missing == frozenset({1}))
        (notice,) = lan.wait_notices(table.lan, ["Enheduanna", "Ann"], time.monotonic())
        assert notice.text == "Waiting for Ann" and 70 <= notice.seconds <= 75
        drawn = texts(app)
        waiting = [r for r in drawn if r.text == "Waiting for Ann"]
        countdown = [r for r in drawn if r.text.startswith("A computer plays in 1:1")]
        assert waiting and countdown, [r.text for r in drawn]
        layout = table.layout_
        for record in waiting + countdown:
            assert not record.rect.colliderect(layout.board), "the notice covers the board"
            assert layout.log.contains(record.rect), "the notice leaves the right column"
        host.hand_to_computer(1)  # the stand-in plays: nothing to wait for any more
        run_until(app, lambda: table.lan.computer == frozenset({1}))
        assert lan.wait_notices(table.lan, ["Enheduanna", "Ann"], time.monotonic()) == []
        assert not [r for r in texts(app) if r.text.startswith("Waiting for")]
    finally:
        app.close()
        if host is not None:
            host.stop()


def test_a_countdown_past_its_end_with_no_word_from_the_host_is_dropped() -> None:
    app = make_app((1280, 720))
    host = None
    try:
        table, host, ann = two_seat_game(app)
        ann.close()
        run_until(app, lambda: bool(table.lan.missing))
        at = table.lan.stand_in_at[1]
        fresh = lan.wait_notices(table.lan, ["E", "Ann"], at - 61.2)
        assert countdown_line(fresh[0]) == "A computer plays in 1:01"
        assert lan.wait_notices(table.lan, ["E", "Ann"], at + 1)[0].seconds == 0
        stale = lan.wait_notices(table.lan, ["E", "Ann"], at + 30)
        assert stale[0].seconds is None and countdown_line(stale[0]) == "The game waits for them"
    finally:
        app.close()
        if host is not None:
            host.stop()


def test_a_lan_player_sees_the_countdown_and_it_goes_when_the_computer_plays() -> None:
    from net.client import NetLink
    from net.host import Host

    config = local_config()
    config.players, config.replace_after = 3, 90.0
    host = Host(config, say=lambda line: None).start()
    ann, bob = WireClient("127.0.0.1", host.port), None
    try:
        host.set_plan(0, "computer", "easy")
        ann.hello("Ann")
        bob = NetLink("127.0.0.1", host.port, "Bob", reconnect_for=5.0)
        deadline = time.monotonic() + 5
        while not host.can_start():
            assert time.monotonic() < deadline
            time.sleep(0.01)
        host.start_game()
        ann.close()
        deadline = time.monotonic() + 5
        while bob.missing != {1} or 1 not in bob.stand_in_at:
            assert time.monotonic() < deadline, (bob.missing, bob.stand_in_at)
            time.sleep(0.01)
        (notice,) = lan.wait_notices(bob, ["Computer 1", "Ann", "Bob"], time.monotonic())
        assert notice.text == "Waiting for Ann" and 85 <= notice.seconds <= 90
        host.hand_to_computer(1)
        deadline = time.monotonic() + 5
        while bob.computer != {1}:
            assert time.monotonic() < deadline
            time.sleep(0.01)
        assert bob.stand_in_at == {} and lan.wait_notices(bob, ["C", "Ann", "Bob"], time.monotonic()) == []
    finally:
        if bob is not None:
            bob.close()
        host.stop()


def test_a_lan_player_is_told_the_hosts_news_once() -> None:
    from game.ui.kit.dialog import ConfirmDialog
    from net.client import NetLink
    from net.host import Host

    config = local_config()
    config.players = 2
    host = Host(config, say=lambda line: None).start()
    ann, bob = WireClient("127.0.0.1", host.port), WireClient("127.0.0.1", host.port)
    app = make_app((1280, 720))
    watcher = None
    try:
        ann.hello("Ann")
        bob.hello("Bob")
        run_until(app, host.can_start)
        host.start_game()
        from game.i18n import wire
        news = wire.message("lan.notice.damaged", n=3)
        with host.lock:
            host.core.notice = news  # what resuming a damaged save says to everyone who arrives
        watcher = NetLink("127.0.0.1", host.port, "TV", role="spectator", reconnect_for=5.0)
        run_until(app, lambda: watcher.state == "playing" and watcher.host_notice == wire.english(news))
        lan.open_table(app, watcher, watcher.lobby)
        run_until(app, lambda: isinstance(app.top, ConfirmDialog))
        drawn = " ".join(r.text for r in texts(app))
        assert "damaged" in drawn and "earlier position" in drawn
        app.pop()
        app.run_frames(5)
        assert isinstance(app.top, lan.LanTableScene)  # told once, not every frame
    finally:
        app.close()
        if watcher is not None:
            watcher.close()
        ann.close()
        bob.close()
        host.stop()


def test_a_host_continuing_without_the_seats_file_is_told_and_reopens_a_seat_on_its_table(tmp_path) -> None:  # type: ignore[no-untyped-def]
    from net.saving import seats_path
    from tests.lan_kit import close_all
    from tests.test_lan_resume import journalled_game

    played, clients = journalled_game(tmp_path, players=3, stop_at=6)
    assert played.journal is not None
    path = played.journal.path
    played.stop()
    close_all(clients)
    seats_path(path).unlink()  # the tokens are lost: seats 1 and 2 (LAN players) must stay closed
    app = make_app()
    config = local_config()
    config.data_dir, config.computer_delay, config.replace_after = tmp_path / "data", 60.0, None
    scene = lan.HostScene(app, config)
    app.push(scene)
    host = scene.host
    joined: list[WireClient] = []
    try:
        assert host is not None and scene.continue_btn.visible
        click_button(app, "continue", frames=3)
        dialog = app.top
        assert type(dialog).__name__ == "ConfirmDialog", type(dialog).__name__
        assert "is missing" in dialog.message and "Seats 1,2 stay closed" in dialog.message
        assert '"Reopen seat"' in dialog.message
        click_button(app, "ok", frames=3)
        table = app.top
        assert isinstance(table, lan.LanTableScene)
        run_until(app, lambda: table.layout_ is not None and table.buttons["reopen0"].visible)
        assert table.buttons["reopen1"].visible and not table.buttons["reopen2"].visible  # seat 3: a computer
        # The host journals this game: leaving ends it for everyone, and Continue takes it up again.
        table.ask_leave()
        app.run_frames(2)
        assert "ends this game for every player" in app.top.message and "It is saved" in app.top.message
        app.pop()
        stranger = WireClient("127.0.0.1", host.port)
        joined.append(stranger)
        stranger.send({"type": "hello", "protocol": 1, "game": "0.1", "name": "Eve", "role": "player"})
        assert "every seat is taken" in stranger.expect("refused", timeout=5)["reason"]
        click_button(app, "reopen0", frames=3)
        assert type(app.top).__name__ == "ConfirmDialog" and "Reopen seat 1?" == app.top.title
        click_button(app, "reopen it", frames=3)
        assert host.lobby.slots[0].reopened and app.top is table
        player = WireClient("127.0.0.1", host.port)
        joined.append(player)
        assert player.hello("Player 1")["seat"] == 0
        assert player.expect("update")["view"]["seats"][0]["hand"] is not None
        run_until(app, lambda: not table.buttons["reopen0"].visible)  # back at the table: nothing to reopen
        assert table.buttons["reopen1"].visible
    finally:
        app.close()
        close_all(joined)
        if host is not None:
            host.stop()


def test_the_table_reads_the_missing_seats_in_one_snapshot() -> None:
    import threading

    app = make_app()
    host = None
    try:
        table, host, ann = two_seat_game(app)
        ann.close()
        run_until(app, lambda: table.lan.missing == frozenset({1}))
        entered = []

        class Counting:
            """The host's lock, counting how often the table's screen takes it."""

            def __init__(self, lock: threading.RLock) -> None:
                self.lock = lock

            def __enter__(self) -> None:
                self.lock.acquire()
                if threading.current_thread() is threading.main_thread():
                    entered.append(1)

            def __exit__(self, *exc: object) -> None:
                self.lock.release()

        real = host.lock
        table.lan.host.lock = Counting(real)  # type: ignore[assignment]  # the link's view of the host's lock
        try:
            notices = lan.wait_notices(table.lan, ["Enheduanna", "Ann"], time.monotonic())
        finally:
            table.lan.host.lock = real
        assert [n.seat for n in notices] == [1] and len(entered) == 1  # missing, stand-ins and countdowns at once
    finally:
        app.close()
        if host is not None:
            host.stop()


def test_the_host_is_told_that_leaving_ends_the_game_for_everyone_and_it_does() -> None:
    from game import i18n
    from game.ui.kit.dialog import ConfirmDialog
    from game.ui.menus.game_menu import leave_words
    from game.ui.menus.title import TitleScene

    app = make_app((1280, 720))
    table, host, ann = two_seat_game(app)
    try:
        assert table.hosting() and not table.saved()  # this host keeps no journal (no data folder)
        i18n.set_language("zh-TW")
        table.ask_leave()
        app.run_frames(2)
        assert isinstance(app.top, ConfirmDialog)
        assert app.top.message == "你是主機：你離開，這局遊戲就為所有玩家結束，而且沒有存檔。"
        assert "主機會讓遊戲繼續" not in app.top.message
        app.pop()
        i18n.set_language("en")
        table.ask_leave()
        app.run_frames(2)
        words = app.top.message
        assert "ends this game for every player" in words and "keeps the game going" not in words
        # A LAN player's own screen is still told that the host keeps the game going.
        assert "The host keeps the game going" in leave_words(False, lan=True)
        click_button(app, "leave", frames=3)
        assert isinstance(app.top, TitleScene)
        deadline = time.monotonic() + 5.0
        kinds: list[str] = []
        while "host_closing" not in kinds and time.monotonic() < deadline:
            kinds.append(ann.recv(max(0.0, deadline - time.monotonic()))["type"])
        assert "host_closing" in kinds, kinds  # what the dialog said: the game ended for Ann too
    finally:
        i18n.set_language("en")
        app.close()
        ann.close()
        host.stop()
