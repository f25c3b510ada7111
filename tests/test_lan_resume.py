"""A hosted game is journalled and resumed: the same views after any action, seats back by token only,
damaged journals recovered or refused and never overwritten (net.saving, Host.resume_game, --host --resume)."""

from __future__ import annotations

import os
import random
import shutil
import stat
import subprocess
import sys
from pathlib import Path
from typing import Any

import pytest

from game import journal as jr
from net.client import Refused, WireClient
from net.host import Host, HostConfig
from net.saving import load_secrets, seats_path
from tests.lan_kit import close_all, make_host, normal, play, seat_players, wait_for

ROOT = Path(__file__).resolve().parents[1]


def resumed(path: Path, **overrides: Any) -> Host:
    """Return a started host continuing the saved game at path (its computers wait, so views hold still)."""
    settings: dict[str, Any] = dict(bind="127.0.0.1", port=0, announce=False, rate=10_000.0, burst=10_000.0,
                                    computer_delay=60.0, replace_after=None, data_dir=path.parent.parent)
    settings.update(overrides)
    host = Host(HostConfig(**settings), say=lambda line: None)
    host.resume_game(path)
    return host.start()


def views(host: Host) -> dict[int | None, dict[str, Any]]:
    """Return every view of the table; undo history is not saved, so can_undo is left out."""
    assert host.table is not None
    with host.lock:
        out = {s: host.table.view(s) for s in [None, *range(host.table.players)]}
    for view in out.values():
        view.pop("can_undo")
    return out


def journalled_game(tmp_path: Path, players: int = 3, stop_at: int | None = None) -> tuple[Host, list[WireClient]]:
    """Play a hosted game (the last seat a computer) to stop_at actions or the end; return host and clients.

    Stopped early, it stops where a LAN player (never the computer) is to move: nothing moves until the
    host stops, and a resumed copy's computer waits for the players too.
    """
    host = make_host(players=players, seed=21, data_dir=tmp_path / "data")
    host.set_plan(players - 1, "computer", "easy")
    clients = seat_players(host, players - 1)
    host.start_game()

    def still() -> bool:
        assert host.table is not None and stop_at is not None
        with host.lock:  # the computer may be moving: the count and the seat to move, read together
            return host.actions >= stop_at and host.table.to_move() != players - 1

    play(host, dict(enumerate(clients)), random.Random(3), until=None if stop_at is None else still)
    return host, clients


def test_resume_after_any_action_gives_the_same_views(tmp_path: Path) -> None:
    host = make_host(players=3, seed=21, data_dir=tmp_path / "data")
    host.set_plan(2, "computer", "easy")
    clients = seat_players(host, 2)
    host.start_game()
    assert host.table is not None and host.journal is not None
    saved: list[tuple[Path, dict[int | None, dict[str, Any]]]] = []

    def keep(events: list[dict[str, Any]]) -> None:
        # After the journal's own listener: the files as they are once the host sends this change.
        assert host.journal is not None
        folder = tmp_path / f"copy{len(saved)}" / "games"
        folder.mkdir(parents=True)
        for source in (host.journal.path, host.journal.seats_file):
            shutil.copy(source, folder / source.name)
        saved.append((folder / host.journal.path.name, views(host)))

    host.table.subscribe(keep)
    try:
        play(host, dict(enumerate(clients)), random.Random(3))
    finally:
        host.stop()
        close_all(clients)
    assert host.table.state.game_over and len(saved) == host.actions
    unfinished = saved[:-1]  # the last one is the finished game, which is not continued
    picks = sorted({0, 1, 2, len(unfinished) - 1, *random.Random(1).sample(range(len(unfinished)), 12)})
    for k in picks:
        path, expected = unfinished[k]
        again = resumed(path)
        try:
            assert views(again) == expected, f"after action {k + 1}"
        finally:
            again.stop()


def test_players_take_their_seats_back_with_their_tokens_and_only_with_them(tmp_path: Path) -> None:
    host, clients = journalled_game(tmp_path, stop_at=25)
    tokens = [c.token for c in clients]
    assert host.journal is not None and host.table is not None
    host.stop()
    close_all(clients)
    # Read once the host has stopped: its computer seat may still act between `play` and the stop.
    path, view_id = host.journal.path, host.table.view_id
    # The tokens are in the seats file beside the journal, readable by its owner only, never in the journal.
    secrets_file = seats_path(path)
    assert stat.S_IMODE(secrets_file.stat().st_mode) == 0o600
    assert all(token not in path.read_text() for token in tokens)
    assert [s["token"] for s in load_secrets(secrets_file).seats] == [*tokens, None]

    # Its computer plays at once, but journalled_game stopped on a player's move: the view holds still until
    # a player acts (below, in `play`).
    again = resumed(path, computer_delay=0.0)
    back: list[WireClient] = []
    try:
        assert again.phase == "playing" and sorted(again.missing) == [0, 1]
        assert again.table is not None and again.table.view_id == view_id
        for name, token in (("stranger", "0" * 32), ("stranger", None)):
            stranger = WireClient("127.0.0.1", again.port)
            back.append(stranger)
            with pytest.raises(Refused):
                stranger.hello(name, seat=0, token=token)
        wrong_seat = WireClient("127.0.0.1", again.port)
        back.append(wrong_seat)
        with pytest.raises(Refused, match="seat 2"):
            wrong_seat.hello("Player 2", seat=0, token=tokens[1])
        for seat, token in enumerate(tokens):
            client = WireClient("127.0.0.1", again.port)
            back.append(client)
            assert client.hello(f"Player {seat + 1}", seat=seat, token=token)["seat"] == seat
            update = client.expect("update")
            assert update["view_id"] == view_id and update["view"] == normal(again.table.view(seat))
        assert again.missing == {}
        # Nobody was ever sent someone else's token.
        for client in back:
            for message in client.log:
                text = repr(message)
                assert all(token not in text for token in tokens if token != client.token)
        # And the game plays on to its end.
        seated = {i: c for i, c in enumerate(back[-2:])}
        play(again, seated, random.Random(4))
        assert again.table.state.game_over
    finally:
        again.stop()
        close_all(back)


def test_view_ids_go_on_rising_after_an_undo_and_a_restart(tmp_path: Path) -> None:
    host = make_host(players=2, seed=4, data_dir=tmp_path / "data")
    clients = seat_players(host, 2)
    host.start_game()
    try:
        assert host.table is not None and host.journal is not None
        seat = host.table.to_move()
        tile = next(a for a in host.table.legal_actions(seat) if a["kind"] == "place_tile")
        with host.lock:
            host.table.submit(seat, tile)
            host.table.undo(seat)
            host.table.submit(seat, tile)
        view_id, path = host.table.view_id, host.journal.path
        assert view_id == 3
    finally:
        host.stop()
        close_all(clients)
    again = resumed(path)
    try:
        assert again.table is not None and again.table.view_id == view_id
        assert len(again.table.records) == 1
    finally:
        again.stop()


def test_a_damaged_end_is_recovered_and_the_damaged_file_kept(tmp_path: Path) -> None:
    host, clients = journalled_game(tmp_path, stop_at=30)
    assert host.journal is not None
    path = host.journal.path
    host.stop()
    close_all(clients)
    whole = path.read_bytes()
    lines = whole.splitlines(keepends=True)
    damaged = b"".join(lines[:-1]) + lines[-1][: len(lines[-1]) // 2]  # killed halfway through a line
    path.write_bytes(damaged)
    again = resumed(path)
    try:
        assert again.table is not None and len(again.table.records) == len(lines) - 2
    finally:
        again.stop()
    assert path.with_name(path.name + ".damaged").read_bytes() == damaged
    assert len(jr.read(path).actions) == len(lines) - 2


@pytest.mark.parametrize("damage", ["header", "finished", "not a journal", "local game"])
def test_a_journal_that_cannot_be_continued_is_refused_and_left_alone(tmp_path: Path, damage: str) -> None:
    host, clients = journalled_game(tmp_path, stop_at=None if damage == "finished" else 10)
    assert host.journal is not None
    path = host.journal.path
    host.stop()
    close_all(clients)
    if damage == "header":
        path.write_bytes(b"0000" + path.read_bytes()[4:])
    elif damage == "not a journal":
        path.write_bytes(b"\x00\xff" * 100)
    elif damage == "local game":
        journal = jr.read(path)
        journal.lan = False
        path.write_text(jr.encode(journal))
    before = path.read_bytes()
    config = HostConfig(bind="127.0.0.1", port=0, announce=False, data_dir=tmp_path / "data")
    with pytest.raises(jr.JournalError):
        Host(config, say=lambda line: None).resume_game(path)
    assert path.read_bytes() == before
    assert not path.with_name(path.name + ".damaged").exists()


def test_the_headless_host_refuses_a_damaged_journal_with_exit_code_2(tmp_path: Path) -> None:
    path = tmp_path / "games" / "broken.journal"
    path.parent.mkdir()
    path.write_text("this is not a saved game\n")
    env = dict(os.environ, TWO_RIVERS_LAN="loopback", TWO_RIVERS_DATA=str(tmp_path))
    done = subprocess.run([sys.executable, "main.py", "--host", "--bind", "127.0.0.1", "--port", "0", "--resume",
                           str(path)], cwd=ROOT, env=env, capture_output=True, text=True, timeout=30)
    assert done.returncode == 2, done.stdout + done.stderr
    assert "Cannot continue" in done.stdout and "first line is damaged" in done.stdout
    assert path.read_text() == "this is not a saved game\n"
    nothing = subprocess.run([sys.executable, "main.py", "--host", "--bind", "127.0.0.1", "--port", "0", "--resume",
                              "last"], cwd=ROOT, env=env, capture_output=True, text=True, timeout=30)
    assert nothing.returncode == 2 and "no unfinished LAN game" in nothing.stdout


def test_the_data_folder_without_pygame_is_the_one_the_window_uses(tmp_path: Path,
                                                                    monkeypatch: pytest.MonkeyPatch) -> None:
    import pygame  # noqa: PLC0415
    monkeypatch.delenv("TWO_RIVERS_DATA", raising=False)
    monkeypatch.delenv("XDG_DATA_HOME", raising=False)
    monkeypatch.setenv("HOME", str(tmp_path))
    monkeypatch.setenv("APPDATA", str(tmp_path / "AppData"))
    assert jr.default_data_dir() == Path(pygame.system.get_pref_path("TwoRivers", "TwoRivers"))
    monkeypatch.setenv("TWO_RIVERS_DATA", str(tmp_path / "mine"))
    assert jr.default_data_dir() == tmp_path / "mine"


def test_continue_in_the_host_lobby_takes_up_the_last_unfinished_lan_game(tmp_path: Path,
                                                                           monkeypatch: pytest.MonkeyPatch) -> None:
    monkeypatch.setenv("TWO_RIVERS_DATA", str(tmp_path))
    from game.ui import headless  # noqa: F401, PLC0415  (the dummy SDL drivers, before pygame starts)
    from game.ui.headless import click_button  # noqa: PLC0415
    from game.ui.lan import lan_screens as lan  # noqa: PLC0415
    from tests.wiring import make_app  # noqa: PLC0415

    host = make_host(players=2, seed=6, data_dir=tmp_path)
    host.set_plan(0, "local")
    guest = WireClient("127.0.0.1", host.port)
    guest.hello("Ann")  # not "Player 1": that is the name of the host's own seat, and the host refuses a second
    host.start_game()
    rng = random.Random(2)
    with host.lock:
        assert host.table is not None
        for _ in range(12):
            seat = host.table.to_move()
            host.table.submit(seat, rng.choice(host.table.legal_actions(seat)))
        expected = views(host)
    token = guest.token
    host.stop()
    guest.close()

    app = make_app()
    config = HostConfig(bind="127.0.0.1", port=0, announce=False, computer_delay=0.0, data_dir=tmp_path)
    scene = lan.HostScene(app, config)
    app.push(scene)
    back = None
    try:
        assert scene.continue_btn.visible
        click_button(app, "continue", frames=3)
        again = scene.host
        assert again is not None and again.phase == "playing" and views(again) == expected
        assert type(app.top).__name__ == "LanTableScene" and app.top.humans == {0}
        back = WireClient("127.0.0.1", again.port)
        assert back.hello("Player 2", seat=1, token=token)["seat"] == 1
        assert back.expect("update")["view_id"] == expected[None]["view_id"]
    finally:
        app.close()
        if back is not None:
            back.close()
        if scene.host is not None:
            scene.host.stop()


def test_the_journal_is_made_durable_in_the_first_pause_after_an_action(tmp_path: Path) -> None:
    host = make_host(players=2, seed=4, data_dir=tmp_path / "data")
    clients = seat_players(host, 2)
    host.start_game()
    try:
        journal = host.journal
        assert journal is not None and host.table is not None
        with host.lock:
            seat = host.table.to_move()
            host.table.submit(seat, host.table.legal_actions(seat)[0])
            assert journal._dirty  # written (a kill loses nothing), not yet fsynced
        def synced() -> bool:
            with journal._io:  # the syncer's lock over the file and its dirty mark
                return not journal._dirty

        wait_for(synced, 5, "the fsync in the pause after the action")
        assert len(jr.read(journal.path).actions) == 1
    finally:
        host.stop()
        close_all(clients)


def hold_a_turn(host: Host) -> int:
    """Start a 2-player game whose players confirm their turns; the seat to move places two tiles, so its turn
    ends and is held for it to end. Return that seat. Takes the host's lock: call it without."""
    host.start_game()
    assert host.table is not None and host.journal is not None
    with host.lock:
        host.table.confirm_seats = frozenset({0, 1})
        seat = host.table.to_move()
        assert seat is not None
        for _ in range(2):
            host.table.submit(seat, next(a for a in host.table.legal_actions(seat) if a["kind"] == "place_tile"))
        assert host.table.legal_actions(seat) == [{"kind": "end_turn"}]
    return seat


def test_view_ids_go_on_rising_after_a_held_turn_then_more_actions_and_a_restart(tmp_path: Path) -> None:
    # A held turn's end raises the view id without an action; the actions after it are appended to the journal
    # without rewriting its header. A restart must go on past every view id the clients were shown.
    host = make_host(players=2, seed=4, data_dir=tmp_path / "data")
    clients = seat_players(host, 2)
    try:
        seat = hold_a_turn(host)
        assert host.table is not None and host.journal is not None
        with host.lock:
            host.table.submit(seat, {"kind": "end_turn"})
            host.table.confirm_seats = frozenset()
            following = host.table.to_move()
            assert following is not None and following != seat
            host.table.submit(following,
                              next(a for a in host.table.legal_actions(following) if a["kind"] == "place_tile"))
            view_id, path = host.table.view_id, host.journal.path
        assert view_id == 4 and len(host.table.records) == 3
    finally:
        host.stop()
        close_all(clients)
    again = resumed(path)
    try:
        assert again.table is not None and len(again.table.records) == 3
        assert again.table.view_id >= view_id, "a resumed game must never show a view id the clients saw"
    finally:
        again.stop()


def test_a_restart_while_a_turn_is_held_never_shows_the_held_views_id_again(tmp_path: Path) -> None:
    # The held view (before the refill) was shown with its id; a resumed game replays the held action whole
    # (the turn ended, new tiles drawn): that position must come under a new id.
    host = make_host(players=2, seed=4, data_dir=tmp_path / "data")
    clients = seat_players(host, 2)
    try:
        seat = hold_a_turn(host)
        assert host.table is not None and host.journal is not None
        with host.lock:
            held_id, path = host.table.view_id, host.journal.path
    finally:
        host.stop()
        close_all(clients)
    again = resumed(path)
    try:
        assert again.table is not None and again.table.to_move() != seat, "the held turn is replayed whole"
        assert again.table.view_id > held_id, "the position after the turn's end is not the held view"
    finally:
        again.stop()
