"""A LAN party out of the box: the LAN by default, every address shown, honest bursts of connections let in,
a resumed damaged game told to every returning player with its view ids still rising, SIGTERM a clean stop.

Every host here binds the loopback (127.0.0.1, or 127.0.0.2 where a test needs a host that is not told it
is alone on 127.0.0.1: still this machine), on a free port, and announces nothing; tests/conftest.py keeps
TWO_RIVERS_LAN=loopback for this process and every program it starts. The real LAN (no variable at all) is
tests/test_lan_netns.py's, inside network namespaces of its own.
"""

from __future__ import annotations

import os
import signal
import socket
import stat
import subprocess
import sys
import threading
from pathlib import Path

import pytest

from game.i18n import wire
from net import headless
from net import protocol as p
from net.client import WireClient
from net.discovery import announce_targets, lan_mode
from net.host import Host, HostConfig
from net.interfaces import Interface, usable_addresses
from net.peers import default_bind
from tests.lan_kit import close_all, free_port, make_host, wait_for
from tests.test_lan_resume import journalled_game, resumed

ROOT = Path(__file__).resolve().parents[1]

# A machine with Docker and libvirt on it: bridges that no other machine reaches, sorted first by address.
DOCKER = Interface("docker0", "172.17.0.1", "255.255.0.0", "172.17.255.255")
COMPOSE = Interface("br-3f2a9c", "172.18.0.1", "255.255.0.0", "172.18.255.255")
LIBVIRT = Interface("virbr0", "192.168.122.1", "255.255.255.0", "192.168.122.255")
CONTAINER = Interface("veth12ab", "10.0.3.1", "255.255.255.0", "10.0.3.255")
WIFI = Interface("wlp2s0", "192.168.1.20", "255.255.255.0", "192.168.1.255")  # the default route's
CABLE = Interface("enp3s0", "169.254.7.9", "255.255.0.0", "169.254.255.255")  # a switch without DHCP
LO = Interface("lo", "127.0.0.1", "255.0.0.0", None, loopback=True)
SEVEN = ["192.168.1.20", "10.0.0.5", "169.254.3.4", "172.17.0.1", "172.18.0.1", "192.168.122.1", "10.8.0.2"]


# --- the LAN by default; loopback when asked ----------------------------------------------------------


def test_with_no_variable_a_host_listens_on_every_interface_and_announces_on_the_lan(
    monkeypatch: pytest.MonkeyPatch,
) -> None:
    # Computed only: nothing is bound or sent.
    for unset in (None, "", "  "):
        if unset is None:
            monkeypatch.delenv("TWO_RIVERS_LAN", raising=False)
        else:
            monkeypatch.setenv("TWO_RIVERS_LAN", unset)
        assert lan_mode() == "broadcast" and default_bind() == "0.0.0.0" and HostConfig().bind == "0.0.0.0"
        assert announce_targets(lan_mode(), 47474, lambda: [LO, WIFI, DOCKER]) == [
            ("192.168.1.255", 47474), ("172.17.255.255", 47474)]
    for alone in ("loopback", "Loopback", "the office"):  # asked for, or a value nobody understands
        monkeypatch.setenv("TWO_RIVERS_LAN", alone)
        assert lan_mode() == "loopback" and default_bind() == "127.0.0.1" and HostConfig().bind == "127.0.0.1"
        assert announce_targets(lan_mode(), 47474, lambda: [LO, WIFI]) == [("127.0.0.1", 47474)]


def test_every_test_process_is_kept_on_this_machine() -> None:
    # tests/conftest.py sets it, overriding the shell: nobody running pytest by hand ever broadcasts.
    assert os.environ["TWO_RIVERS_LAN"] == "loopback"
    assert lan_mode() == "loopback" and default_bind() == "127.0.0.1"


# --- every address, the likely LAN one first ---------------------------------------------------------


def test_every_address_is_shown_the_lan_first_and_container_bridges_last() -> None:
    found = [LO, DOCKER, COMPOSE, LIBVIRT, CONTAINER, CABLE, WIFI]
    assert usable_addresses(found, routed={"wlp2s0"}) == [
        "192.168.1.20", "169.254.7.9", "10.0.3.1", "172.17.0.1", "172.18.0.1", "192.168.122.1"]
    # A switch with no router: no default route anywhere; the network card's private address comes first,
    # link-local after it, bridges last whatever their address.
    switch = Interface("eth0", "10.77.0.1", "255.255.255.0", "10.77.0.255")
    assert usable_addresses([DOCKER, CABLE, switch, LO], routed=()) == ["10.77.0.1", "169.254.7.9", "172.17.0.1"]


def test_the_headless_host_names_every_address(monkeypatch: pytest.MonkeyPatch) -> None:
    monkeypatch.setattr(headless, "usable_addresses", lambda: list(SEVEN))
    lines: list[str] = []
    stop = threading.Event()
    # 127.0.0.2: this machine, but not the 127.0.0.1 a host alone on it names instead of its addresses.
    runner = threading.Thread(target=headless.run, kwargs=dict(players=2, port=0, bind="127.0.0.2",
                                                                say=lines.append, stop=stop), daemon=True)
    runner.start()
    try:
        said = wait_for(lambda: next((line for line in lines if "Waiting for" in line), None), 10, "the host")
    finally:
        stop.set()
        runner.join(10)
    assert said is not None and " or ".join(SEVEN) in said, said


def test_the_host_screen_shows_every_address_inside_its_box() -> None:
    from game.ui.lan import lan_screens as lan
    from tests.test_lan_screens import assert_text_fits, texts
    from tests.wiring import make_app

    for size in ((1280, 720), (1920, 1080)):
        app = make_app(size)
        config = HostConfig(bind="127.0.0.2", port=0, announce=False, computer_delay=0.0, host_name="Test table")
        scene = lan.HostScene(app, config)
        try:
            app.push(scene)
            scene.addresses = list(SEVEN)
            scene._addresses_wait = 1e9  # the machine's own addresses are not asked for again during the test
            app.run_frames(40)  # the heading's drop-in is over
            drawn = " | ".join(r.text for r in texts(app))
            assert all(address in drawn for address in SEVEN), drawn
            assert_text_fits(app, f"the host screen at {size}")
        finally:
            if scene.host is not None:
                scene.host.stop()
            app.close()


# --- a burst of honest connections from one address; a flood still held back ----------------------------


def test_connections_opened_back_to_back_from_one_address_are_all_let_in() -> None:
    host = make_host(players=4)
    clients: list[WireClient] = []
    try:
        with host.lock:  # the loop waits: every connection and its hello reach it in one turn, back to back
            for i in range(12):  # two players behind one NAT address, and ten quick tries of a watcher's
                client = WireClient("127.0.0.1", host.port)
                clients.append(client)
                role = "player" if i < 2 else "spectator"
                client.send(p.hello(f"Guest {i + 1}", role=role))
        welcomes = [client.expect("welcome") for client in clients]
        assert [w["role"] for w in welcomes] == ["player"] * 2 + ["spectator"] * 10
    finally:
        host.stop()
        close_all(clients)


def test_a_flood_from_one_address_holds_no_more_than_its_share() -> None:
    host = make_host(players=2, hello_timeout=30.0)  # the silent ones are cut for the crowd, not for time
    silent: list[socket.socket] = []
    other: WireClient | None = None
    last: WireClient | None = None
    try:
        # A player's machine (127.0.0.2) connects, then 200 silent sockets from 127.0.0.1, then one more.
        other = WireClient("127.0.0.1", host.port, source="127.0.0.2")
        for _ in range(200):
            silent.append(socket.create_connection(("127.0.0.1", host.port), timeout=5))
        last = WireClient("127.0.0.1", host.port)
        # Accepted in the order they came: once the last is welcomed, the host has seen the whole flood.
        assert last.hello("Bob")["role"] == "player"
        with host.lock:
            crowd = [q for q in host.core.peers.values() if q.role is None and q.address[0] == "127.0.0.1"]
            held = len(host.socks)
        assert len(crowd) < host.config.max_pending_per_machine  # Bob's connection took one of its places
        assert held <= 2 + host.config.max_pending_per_machine
        assert other.hello("Ann")["role"] == "player"  # the other machine's newcomer was never pushed out
    finally:
        host.stop()
        close_all([other, last] if other is not None and last is not None else [])
        for sock in silent:
            sock.close()


# --- a damaged journal: told to everyone, ids rising, the copy private ---------------------------------


def damaged_journal(tmp_path: Path) -> tuple[Path, list[str | None], int]:
    """Play a journalled game to 20 actions, then lose its last action and cut the one before short; return
    the journal, the players' tokens, and the last view id the players were shown."""
    host, clients = journalled_game(tmp_path, players=3, stop_at=20)
    assert host.journal is not None and host.table is not None
    path, tokens = host.journal.path, [c.token for c in clients]
    host.stop()
    close_all(clients)
    shown = host.table.view_id
    lines = path.read_bytes().splitlines(keepends=True)
    path.write_bytes(b"".join(lines[:-2]) + lines[-2][:10])
    return path, tokens, shown


def test_after_a_rollback_view_ids_go_on_rising(tmp_path: Path) -> None:
    path, tokens, shown = damaged_journal(tmp_path)
    again = resumed(path, computer_delay=0.0)
    back: list[WireClient] = []
    try:
        assert again.table is not None and len(again.table.records) < shown
        with again.lock:
            first = again.table.view_id
        assert first > shown  # an old decision of any client's can never match a view after the rollback
        client = WireClient("127.0.0.1", again.port)
        back.append(client)
        client.hello("Player 1", seat=0, token=tokens[0])
        assert client.expect("update")["view_id"] == first
    finally:
        again.stop()
        close_all(back)
    # And a later restart goes on from beyond the jump (the seats file counts it).
    later = resumed(path)
    try:
        assert later.table is not None and later.table.view_id >= first
    finally:
        later.stop()


def test_the_damaged_journals_copy_is_private_as_the_journal_is(tmp_path: Path) -> None:
    path, _, _ = damaged_journal(tmp_path)
    resumed(path).stop()
    damaged = path.with_name(path.name + ".damaged")
    # It holds the game's seed, which would show every tile still in the bag.
    assert stat.S_IMODE(damaged.stat().st_mode) == 0o600 == stat.S_IMODE(path.stat().st_mode)


def test_a_player_who_returns_after_play_moved_on_is_told_the_game_went_back(tmp_path: Path) -> None:
    path, tokens, _ = damaged_journal(tmp_path)
    again = resumed(path, computer_delay=60.0)
    back: list[WireClient] = []
    try:
        first = WireClient("127.0.0.1", again.port)
        back.append(first)
        first.hello("Player 1", seat=0, token=tokens[0])
        assert "earlier position" in first.expect("notice")["text"]
        with again.lock:  # play moves on before player 2 comes back
            assert again.table is not None
            seat = again.table.to_move()
            assert seat is not None
            again.table.submit(seat, again.table.legal_actions(seat)[0])
        returning = WireClient("127.0.0.1", again.port)
        back.append(returning)
        returning.hello("Player 2", seat=1, token=tokens[1])
        assert "earlier position" in returning.expect("notice")["text"]
        # Told once: back again on a new connection, the player is not told a second time; nor is a watcher
        # arriving after play moved on.
        returning.close()
        for conn, hello in ((WireClient("127.0.0.1", again.port), p.hello("Player 2", seat=1, token=tokens[1])),
                            (WireClient("127.0.0.1", again.port), p.hello("TV", role="spectator"))):
            back.append(conn)
            conn.send(hello)
            conn.send(p.ping(7))  # the host answers in order: whatever it had to say comes before the pong
            while (message := conn.recv())["type"] != "pong":
                assert message["type"] != "notice", message
    finally:
        again.stop()
        close_all(back)


# --- SIGTERM stops the headless host as Ctrl+C does --------------------------------------------------


def test_sigterm_stops_the_headless_host_and_every_client_hears_why(tmp_path: Path) -> None:
    port = free_port()
    env = dict(os.environ, TWO_RIVERS_DATA=str(tmp_path), TWO_RIVERS_DISCOVERY_PORT=str(free_port(socket.SOCK_DGRAM)))
    process = subprocess.Popen([sys.executable, "main.py", "--host", "--players", "2", "--port", str(port)],
                               cwd=ROOT, env=env, stdout=subprocess.PIPE, stderr=subprocess.STDOUT, text=True)
    client: WireClient | None = None
    try:
        client = wait_for(lambda: _connect(port), 20, "the headless host to listen")
        assert client is not None and client.hello("Ann")["seat"] == 0
        process.send_signal(signal.SIGTERM)
        closing = client.expect("host_closing", timeout=10)
        assert closing["reason"] == wire.english(wire.message("lan.closing.stopped"))
        output, _ = process.communicate(timeout=20)
    finally:
        if client is not None:
            client.close()
        if process.poll() is None:
            process.kill()
            process.communicate(timeout=5)
    assert process.returncode == 0, output
    assert f"Listening on 127.0.0.1:{port}" in output  # conftest's loopback reached the host's process
    assert "SIGTERM" in output, output


def _connect(port: int) -> WireClient | None:
    try:
        return WireClient("127.0.0.1", port)
    except OSError:
        return None


def test_a_host_told_nothing_in_a_test_listens_on_this_machine_only() -> None:
    host = Host(HostConfig(port=0, announce=False, computer_workers="thread"), say=lambda line: None).start()
    try:
        assert host._listen is not None and host._listen.getsockname()[0] == "127.0.0.1"
    finally:
        host.stop()


@pytest.mark.parametrize("loopback", ["127.0.0.1", "127.0.0.2"])
def test_announcing_on_a_loopback_address_keeps_the_host_on_this_machine(
    monkeypatch: pytest.MonkeyPatch, loopback: str
) -> None:
    # Computed only: nothing is bound or sent. A developer who writes the loopback's address rather than the
    # word means the same thing: the game is heard on this machine only, so it is reachable there only.
    monkeypatch.setenv("TWO_RIVERS_LAN", loopback)
    assert lan_mode() == loopback
    assert default_bind() == "127.0.0.1" and HostConfig().bind == "127.0.0.1"
    monkeypatch.setenv("TWO_RIVERS_LAN", "192.168.1.255")  # a real subnet's broadcast: the LAN
    assert default_bind() == "0.0.0.0"
