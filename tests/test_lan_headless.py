"""`python main.py --host`: the headless host, run as a process on 127.0.0.1, tells a whole game in words."""

from __future__ import annotations

import os
import random
import signal
import socket
import subprocess
import sys
import time
from pathlib import Path

from net import protocol as p
from net.client import WireClient
from tests.lan_kit import Pace, free_port, wait_for

ROOT = Path(__file__).resolve().parents[1]


def connect(port: int, wait: float = 10.0) -> WireClient:
    """Connect once the host process listens."""
    return wait_for(lambda: try_connect(port), wait, "the headless host to listen")


def try_connect(port: int) -> WireClient | None:
    """Return a client connected to the host, or None while nothing listens."""
    try:
        return WireClient("127.0.0.1", port)
    except OSError:
        return None


def test_the_headless_host_plays_a_game_with_a_lan_player_and_a_computer(tmp_path: Path) -> None:
    port = free_port()
    env = dict(os.environ, TWO_RIVERS_LAN="loopback", TWO_RIVERS_COMPUTER_DELAY="0", TWO_RIVERS_DATA=str(tmp_path),
               TWO_RIVERS_DISCOVERY_PORT=str(free_port(socket.SOCK_DGRAM)))
    command = [sys.executable, "main.py", "--host", "--players", "2", "--computer", "1", "--bind", "127.0.0.1",
               "--port", str(port), "--seed", "3"]
    process = subprocess.Popen(command, cwd=ROOT, env=env, stdout=subprocess.PIPE, stderr=subprocess.STDOUT, text=True)
    client = None
    try:
        client = connect(port)
        assert client.hello("Ann")["seat"] == 0
        rng = random.Random(4)
        pace = Pace()  # an honest client stays under the host's default 20 messages a second
        end = time.monotonic() + 60
        while True:
            assert time.monotonic() < end, "the game did not finish"
            message = client.recv(10)
            if message["type"] == "update" and message["view"]["game_over"]:
                break
            if message["type"] == "update" and client.legal:
                pace()
                client.send(p.action(message["view_id"], rng.choice(client.legal)))
        # The host printed the result before it sent the last view; Ctrl+C cuts its five-second linger short.
        process.send_signal(signal.SIGINT)
        output, _ = process.communicate(timeout=20)
    finally:
        if client is not None:
            client.close()
        if process.poll() is None:
            process.kill()
            process.communicate(timeout=5)
    assert process.returncode == 0, output
    assert f"Listening on 127.0.0.1:{port}" in output
    assert "Ann (127.0.0.1:" in output and "takes seat 1" in output
    assert "Ann places" in output or "Ann passes" in output or "Ann swaps" in output
    assert "Computer 2 (normal)" in output
    assert "The game is over" in output and "1. " in output
    assert "Stopped by Ctrl+C" in output and "The host has stopped" in output
    # The game was journalled in the data folder, finished, with the seats' tokens beside it.
    (journal,) = (tmp_path / "games").glob("*.journal")
    assert f"The game is saved in {journal}" in output
    assert journal.with_name(journal.name + ".seats").exists()
