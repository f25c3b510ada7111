"""A real LAN in miniature: network namespaces joined by switches, a headless host in one, players in others.

The LAN-party setup: switches and no router, so no namespace has a default route, only its subnets'
routes. There, sending to 255.255.255.255 fails with "network unreachable"; discovery must announce on
each interface's own broadcast address instead. The host sits on two switches (10.77.0.0/24 and
10.78.0.0/24), one player on each: both must hear it, each on its own subnet, and play a whole game. A
second test gives the host no network at all and expects it to say so.

A LAN party works out of the box: the host and the players run with no TWO_RIVERS_LAN at all (taken out of
the environment that tests/conftest.py sets to loopback for everything else) and no --bind, and still find
each other. Only here, inside namespaces that exist for the test alone, does anything leave 127.0.0.1.

The test makes its own namespaces (unique names) and subnets that exist only inside them, with the
bridges in a "switch" namespace; nothing is created in the machine's own network namespace, and every
namespace is removed at the end, on failure too. Needs root and `ip` (iproute2); skipped otherwise.
"""

from __future__ import annotations

import json
import os
import queue
import shutil
import signal
import subprocess
import sys
import textwrap
import threading
import time
import uuid
from collections.abc import Iterator
from pathlib import Path

import pytest

ROOT = Path(__file__).resolve().parents[1]
SUBNETS = ("10.77.0", "10.78.0")
PORT = 47475
DISCOVERY = 47474

PLAYER = textwrap.dedent(
    """
    import json, os, random, sys, time
    from net import protocol as p
    from net.client import WireClient
    from net.discovery import Listener

    name, seed = sys.argv[1], int(sys.argv[2])
    assert "TWO_RIVERS_LAN" not in os.environ, "a player's machine sets nothing"
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


@pytest.fixture
def namespaces() -> Iterator[list[str]]:
    """Yield a list to put namespace names in; every one of them is deleted afterwards, pass or fail."""
    made: list[str] = []
    try:
        yield made
    finally:
        for ns in made:
            subprocess.run(["ip", "netns", "del", ns], capture_output=True, timeout=10)


def _env(tmp_path: Path) -> dict[str, str]:
    """The environment of the programs inside the namespaces: as a player's machine has it, no TWO_RIVERS_LAN."""
    env = dict(os.environ, TWO_RIVERS_DISCOVERY_PORT=str(DISCOVERY), TWO_RIVERS_COMPUTER_DELAY="0",
               PYTHONPATH=str(ROOT), TWO_RIVERS_DATA=str(tmp_path / "data"))
    env.pop("TWO_RIVERS_LAN", None)  # the default: the LAN, every interface
    return env


def _start_host(ns: str, env: dict[str, str]) -> tuple[subprocess.Popen[str], queue.Queue[str]]:
    """Start a headless host in ns; its console lines arrive in the queue as it prints them."""
    host = subprocess.Popen(
        ["ip", "netns", "exec", ns, sys.executable, "main.py", "--host", "--players", "2",
         "--port", str(PORT), "--seed", "5"],  # no --bind: listening on the LAN is the default
        cwd=ROOT, env=env, stdout=subprocess.PIPE, stderr=subprocess.STDOUT, text=True,
    )
    lines: queue.Queue[str] = queue.Queue()
    assert host.stdout is not None
    threading.Thread(target=lambda: [lines.put(line) for line in host.stdout], daemon=True).start()  # type: ignore[union-attr]
    return host, lines


def _read_until(lines: queue.Queue[str], text: str, wait: float) -> list[str]:
    """Return the console lines up to and including the first that contains text (fail after wait s)."""
    seen: list[str] = []
    end = time.monotonic() + wait
    while not seen or text not in seen[-1]:
        left = end - time.monotonic()
        assert left > 0, f"the host never said {text!r}: {seen}"
        try:
            seen.append(lines.get(timeout=left))
        except queue.Empty:
            continue
    return seen


def _stop(process: subprocess.Popen[str]) -> None:
    if process.poll() is None:
        process.kill()
    process.communicate(timeout=5)


@pytest.mark.skipif(REASON is not None, reason=REASON or "")
def test_players_on_a_switch_without_a_router_discover_the_host_and_play_a_whole_game(
    tmp_path: Path, namespaces: list[str]
) -> None:
    tag = uuid.uuid4().hex[:6]
    switch, host_ns = f"trsw{tag}", f"trh{tag}"
    players = [f"tra{tag}", f"trb{tag}"]
    namespaces.extend([switch, host_ns, *players])
    processes: list[subprocess.Popen[str]] = []
    try:
        _build_lan(switch, host_ns, players)
        env = _env(tmp_path)
        host, console = _start_host(host_ns, env)
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
        host_out = "".join(_read_until(console, "The game is over", wait=20))
        host.send_signal(signal.SIGINT)  # `ip netns exec` execs python, so this reaches the host itself
        host.wait(timeout=20)
        assert host.returncode == 0, host_out
        # Each player heard the host on its own switch: the announcement went out on both interfaces.
        assert [r["host"] for r in results] == [f"{SUBNETS[0]}.1", f"{SUBNETS[1]}.1"]
        assert sorted(r["seat"] for r in results) == [0, 1]
        assert all(r["view"]["game_over"] for r in results)
        assert results[0]["view"]["ranking"] == results[1]["view"]["ranking"]
        assert f"({SUBNETS[0]}.2:" in host_out and f"({SUBNETS[1]}.2:" in host_out
        assert "cannot see this game" not in host_out and "No network" not in host_out
        assert f"join at {SUBNETS[0]}.1 or {SUBNETS[1]}.1, port {PORT}" in host_out  # addresses to type
    finally:
        for process in processes:
            _stop(process)


@pytest.mark.skipif(REASON is not None, reason=REASON or "")
def test_a_host_with_no_network_says_that_nobody_can_see_the_game(tmp_path: Path, namespaces: list[str]) -> None:
    lonely = f"trn{uuid.uuid4().hex[:6]}"
    namespaces.append(lonely)
    _ip("netns", "add", lonely)
    _ip("link", "set", "lo", "up", netns=lonely)
    host, console = _start_host(lonely, _env(tmp_path))
    try:
        said = "".join(_read_until(console, "No network to announce this game on", wait=20))
        assert "typing this computer's address" in said
    finally:
        host.send_signal(signal.SIGINT)
        _stop(host)


def _build_lan(switch: str, host: str, players: list[str]) -> None:
    """Make a switch namespace with one bridge per subnet; the host on every subnet (.1), player i on subnet i (.2).

    Only addresses with their subnet routes: no default route anywhere, as on a switch with no router.
    """
    _ip("netns", "add", switch)
    for ns in (host, *players):
        _ip("netns", "add", ns)
        _ip("link", "set", "lo", "up", netns=ns)
    for i, (subnet, player) in enumerate(zip(SUBNETS, players, strict=True)):
        _ip("link", "add", f"br{i}", "type", "bridge", netns=switch)
        _ip("link", "set", f"br{i}", "up", netns=switch)
        _plug(switch, f"br{i}", host, f"eth{i}", f"h{i}", f"{subnet}.1/24")
        _plug(switch, f"br{i}", player, "eth0", f"p{i}", f"{subnet}.2/24")


def _plug(switch: str, bridge: str, ns: str, device: str, port: str, address: str) -> None:
    # Both ends are made inside the member's namespace, then one end moves to the switch: nothing is
    # ever created in the machine's own network namespace.
    _ip("link", "add", device, "type", "veth", "peer", "name", port, netns=ns)
    _ip("link", "set", port, "netns", switch, netns=ns)
    _ip("addr", "add", address, "brd", "+", "dev", device, netns=ns)
    _ip("link", "set", device, "up", netns=ns)
    _ip("link", "set", port, "master", bridge, netns=switch)
    _ip("link", "set", port, "up", netns=switch)
