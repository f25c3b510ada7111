"""The headless host: `python main.py --host`, a LAN game with no window, told in the terminal.

Owns: setting up a Host from the command line's choices (players, port, computer seats), waiting for the
LAN players to fill the open seats, starting the game, printing what happens (joins, every action in words,
drops, the result), and stopping cleanly after the game or on Ctrl+C.

Imports the standard library and `net` only. Never pygame, never game.ui.
"""

from __future__ import annotations

import gc
import os
import threading
import time
from collections.abc import Callable

from net.host import Host, HostConfig

LINGER = 5.0  # seconds the finished game stays up, so that every screen shows the result
DELAY_ENV = "TWO_RIVERS_COMPUTER_DELAY"  # seconds a computer pauses before it acts (tests set 0)


def timestamped(write: Callable[[str], object] = print) -> Callable[[str], None]:
    """Return a say() that prefixes each line with the time of day."""

    def say(line: str) -> None:
        write(f"[{time.strftime('%H:%M:%S')}] {line}")

    return say


def run(
    players: int = 4,
    port: int | None = None,
    computer: int = 0,
    seed: int | None = None,
    variants: tuple[str, ...] = (),
    bind: str = "0.0.0.0",
    say: Callable[[str], None] | None = None,
    stop: threading.Event | None = None,
    linger: float = LINGER,
    computer_delay: float | None = None,
) -> int:
    """Host one game until it ends (or stop is set); return the process's exit status."""
    say = say or timestamped()
    stop = stop or threading.Event()
    if not 0 <= computer <= players:
        say(f"--computer must be between 0 and {players}.")
        return 2
    if computer_delay is None:
        computer_delay = float(os.environ.get(DELAY_ENV, "0.6"))
    config = HostConfig(players=players, bind=bind, seed=seed, variants=variants, host_name="Two Rivers (headless)",
                        computer_delay=computer_delay)
    if port is not None:
        config.port = port
    host = Host(config, say=say)
    for seat in range(players - computer, players):
        host.set_plan(seat, "computer", "normal")
    try:
        host.start()
    except OSError as exc:
        say(f"Cannot listen on {bind}:{config.port}: {exc}")
        return 1
    open_seats = players - computer
    say(f"Waiting for {open_seats} LAN player{'s' if open_seats != 1 else ''}; join at this machine's address, "
        f"port {host.port}. Ctrl+C stops.")
    try:
        _serve(host, stop, linger)
    except KeyboardInterrupt:
        say("Stopped by Ctrl+C.")
    finally:
        host.stop("The host has stopped the game.")
    return 0


def _serve(host: Host, stop: threading.Event, linger: float) -> None:
    while not stop.is_set() and host.phase == "lobby":
        if host.can_start():
            host.start_game()
            # Objects alive now (modules, boards, tables) stay alive all game; freezing them keeps the
            # cycle collector's full passes short, which is most of the host's worst-case latency.
            gc.freeze()
        stop.wait(0.1)
    while not stop.is_set() and host.phase == "playing":
        stop.wait(0.2)
    if host.phase == "over":
        stop.wait(linger)
