"""A real LAN in miniature: network namespaces joined by a bridge, a headless host in one, players in others.

The test makes its own namespaces (unique names), a private subnet 10.77.0.0/24 that exists only inside
them, and a bridge in a "switch" namespace. Discovery broadcasts to 10.77.0.255 inside the namespaces and
nowhere else; the players find the host by its announcement, join, and play a whole game. Every namespace
is removed at the end, on failure too. Needs root and `ip` (iproute2); skipped with the reason otherwise.
"""

from __future__ import annotations

import json
import os
import shutil
import signal
import subprocess
import sys
import textwrap
import time
import uuid
from pathlib import Path

import pytest

ROOT = Path(__file__).resolve().parents[1]
SUBNET = "10.77.0"
BROADCAST = f"{SUBNET}.255"
PORT = 47475
DISCOVERY = 47474

PLAYER = textwrap.dedent(
    """
    import json, random, sys, time
    from net import protocol as p
    from net.client import WireClient
    from net.discovery import Listener

    name, seed = sys.argv[1], int(sys.argv[2])
    end = time.monotonic() + 20
    with Listener() as listener:
        games = []
        while not games:
            assert time.monotonic() < end, "no announcement heard"
            games = listener.poll()
            time.sleep(0.05)
    found = games[0]
    client = WireClient(found.address, found.game.tcp_port, timeout=10)
    client.hello(name)
    rng = random.Random(seed)
    while True:
        message = client.recv(30)
        if message["type"] == "update" and message["view"]["game_over"]:
            break
        if message["type"] == "update" and client.legal:
            time.sleep(0.06)  # an honest player stays under the host's 20 messages a second
            client.send(p.action(message["view_id"], rng.choice(client.legal)))
    print(json.dumps({"host": found.address, "seat": client.seat, "view": client.view}))
    """
)


def _ip(*args: str, netns: str | None = None) -> None:
    command = ["ip", "netns", "exec", netns, "ip", *args] if netns else ["ip", *args]
    subprocess.run(command, check=True, capture_output=True, timeout=10)


def _can_make_namespaces() -> str | None:
    """Return why this machine cannot run the test, or None."""
    if shutil.which("ip") is None:
        return "the `ip` command (iproute2) is not installed"
    if os.geteuid() != 0:
        return "network namespaces need root"
    probe = f"trprobe{uuid.uuid4().hex[:6]}"
    try:
        _ip("netns", "add", probe)
    except (subprocess.CalledProcessError, OSError) as exc:
        return f"cannot create a network namespace here ({exc})"
    subprocess.run(["ip", "netns", "del", probe], capture_output=True, timeout=10)
    return None


REASON = _can_make_namespaces()


@pytest.mark.skipif(REASON is not None, reason=REASON or "")
def test_players_in_other_namespaces_discover_the_host_and_play_a_whole_game(tmp_path: Path) -> None:
    tag = uuid.uuid4().hex[:6]
    switch, host_ns = f"trsw{tag}", f"trh{tag}"
    players = [f"tra{tag}", f"trb{tag}"]
    spaces = [switch, host_ns, *players]
    processes: list[subprocess.Popen[str]] = []
    try:
        _build_lan(switch, [host_ns, *players])
        env = dict(os.environ, TWO_RIVERS_LAN=BROADCAST, TWO_RIVERS_DISCOVERY_PORT=str(DISCOVERY),
                   TWO_RIVERS_COMPUTER_DELAY="0", PYTHONPATH=str(ROOT), TWO_RIVERS_DATA=str(tmp_path / "data"))
        host = subprocess.Popen(
            ["ip", "netns", "exec", host_ns, sys.executable, "main.py", "--host", "--players", "2",
             "--port", str(PORT), "--seed", "5"],
            cwd=ROOT, env=env, stdout=subprocess.PIPE, stderr=subprocess.STDOUT, text=True,
        )
        processes.append(host)
        script = tmp_path / "player.py"
        script.write_text(PLAYER)
        clients = [
            subprocess.Popen(["ip", "netns", "exec", ns, sys.executable, str(script), f"Player {i + 1}", str(i)],
                             cwd=ROOT, env=env, stdout=subprocess.PIPE, stderr=subprocess.PIPE, text=True)
            for i, ns in enumerate(players)
        ]
        processes.extend(clients)
        results = []
        for client in clients:
            out, err = client.communicate(timeout=90)
            assert client.returncode == 0, err
            results.append(json.loads(out.strip().splitlines()[-1]))
        time.sleep(0.3)  # the host prints the result, then lingers five seconds; Ctrl+C cuts that short
        host.send_signal(signal.SIGINT)  # `ip netns exec` execs python, so this reaches the host itself
        host_out, _ = host.communicate(timeout=20)
        assert host.returncode == 0, host_out
        assert {r["host"] for r in results} == {f"{SUBNET}.1"}, "the players found the host by its broadcast"
        assert sorted(r["seat"] for r in results) == [0, 1]
        assert all(r["view"]["game_over"] for r in results)
        assert results[0]["view"]["ranking"] == results[1]["view"]["ranking"]
        assert "The game is over" in host_out and f"({SUBNET}.2:" in host_out and f"({SUBNET}.3:" in host_out
    finally:
        for process in processes:
            if process.poll() is None:
                process.kill()
                process.communicate(timeout=5)
        for ns in spaces:
            subprocess.run(["ip", "netns", "del", ns], capture_output=True, timeout=10)


def _build_lan(switch: str, members: list[str]) -> None:
    """Make a switch namespace with a bridge, and one namespace per member on 10.77.0.1, .2, ..."""
    _ip("netns", "add", switch)
    _ip("link", "add", "br0", "type", "bridge", netns=switch)
    _ip("link", "set", "br0", "up", netns=switch)
    for i, ns in enumerate(members, start=1):
        _ip("netns", "add", ns)
        _ip("link", "set", "lo", "up", netns=ns)
        # Both ends are made inside the member's namespace, then one end moves to the switch: nothing is
        # ever created in the machine's own network namespace.
        _ip("link", "add", "eth0", "type", "veth", "peer", "name", f"port{i}", netns=ns)
        _ip("link", "set", f"port{i}", "netns", switch, netns=ns)
        _ip("addr", "add", f"{SUBNET}.{i}/24", "brd", BROADCAST, "dev", "eth0", netns=ns)
        _ip("link", "set", "eth0", "up", netns=ns)
        _ip("link", "set", f"port{i}", "master", "br0", netns=switch)
        _ip("link", "set", f"port{i}", "up", netns=switch)
