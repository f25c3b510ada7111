"""The headless host: `python main.py --host`, a LAN game with no window, told in the terminal.

Owns: setting up a Host from the command line's choices (players, port, computer seats), waiting for the
LAN players to fill the open seats, starting the game, printing what happens (joins, every action in words,
drops, the result), and stopping cleanly after the game, on Ctrl+C or on SIGTERM (a service manager's or
`kill`'s stop: every client is told the host stopped, as after Ctrl+C). Every game is journalled in the data
folder's games/ ($TWO_RIVERS_DATA, else the per-OS folder); `resume` (--resume FILE, or "last") continues a
saved game after a crash, going straight to play with every LAN seat waiting for its player's token.

Imports the standard library, game.journal and `net` only. Never pygame, never game.ui.
"""

from __future__ import annotations

import gc
import os
import signal
import threading
import time
from collections.abc import Callable
from pathlib import Path
from typing import Any

from game.i18n import t
from game.journal import JournalError, default_data_dir, last_unfinished
from net.host import Host, HostConfig
from net.interfaces import usable_addresses
from net.peers import default_bind

LINGER = 5.0  # seconds the finished game stays up, so that every screen shows the result
DELAY_ENV = "TWO_RIVERS_COMPUTER_DELAY"  # seconds a computer pauses before it acts (tests set 0)
TERMINATE = getattr(signal, "SIGTERM", None)  # every system Python runs on has it; kept optional all the same
STOP_SIGNALS = tuple(s for s in (signal.SIGINT, TERMINATE) if s is not None)


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
    bind: str | None = None,
    say: Callable[[str], None] | None = None,
    stop: threading.Event | None = None,
    linger: float = LINGER,
    computer_delay: float | None = None,
    resume: Path | str | None = None,
    data_dir: Path | None = None,
    reopen: str = "",
    ai_seed: int | None = None,
) -> int:
    """Host one game (new, or resumed from a journal) until it ends or stop is set; return the exit status.

    2: the options or the saved game cannot be used (nothing was written); 1: the port cannot be had.
    """
    say = say or timestamped()
    stop = stop or threading.Event()
    if not 0 <= computer <= players:
        say(t("lan.console.computer_range", players=players))
        return 2
    if computer_delay is None:
        computer_delay = float(os.environ.get(DELAY_ENV, "0.6"))
    try:
        reopen_seats = parse_seats(reopen)
    except ValueError as exc:
        say(str(exc))
        return 2
    if reopen_seats and resume is None:
        say(t("lan.console.reopen_needs_resume"))
        return 2
    bind = bind if bind is not None else default_bind()
    config = HostConfig(players=players, bind=bind, seed=seed, variants=variants, host_name="Two Rivers (headless)",
                        computer_delay=computer_delay, data_dir=data_dir or default_data_dir(), ai_seed=ai_seed)
    if port is not None:
        config.port = port
    host = Host(config, say=say)
    if resume is not None:
        if not _resume(host, resume, say, reopen_seats):
            return 2
    else:
        for seat in range(players - computer, players):
            host.set_plan(seat, "computer", "normal")
    ctrl_c = CtrlC()
    try:
        with ctrl_c:  # before the host listens: a stop that comes as soon as a client can connect is clean too
            try:
                host.start()
            except OSError as exc:
                say(t("lan.console.cannot_listen", address=bind, port=config.port, error=str(exc)))
                return 1
            _say_waiting(host, players - computer, bind, say)
            _serve(host, stop, linger, ctrl_c)
    except KeyboardInterrupt:
        ctrl_c.pressed = True
    finally:
        if ctrl_c.pressed:
            say(t("lan.console.terminated" if ctrl_c.signum == TERMINATE else "lan.console.ctrl_c"))
        host.stop(key="lan.closing.stopped")
    return 0


def _say_waiting(host: Host, open_seats: int, bind: str, say: Callable[[str], None]) -> None:
    """Say whom the host waits for, and where to join (a new game) or who is missing (a resumed one)."""
    if host.phase == "playing":
        with host.lock:  # the host's thread already serves: its seats change under the lock
            missing = ", ".join(str(seat + 1) for seat in sorted(host.missing)) or t("lan.console.none")
        say(t("lan.console.waiting_back", seats=missing, port=host.port))
        return
    # Every address, the likely LAN one first: a machine with containers has bridges that must not hide it.
    where = "127.0.0.1" if bind == "127.0.0.1" else t("lan.console.or").join(usable_addresses())
    say(t("lan.console.waiting", n=open_seats, where=where or t("lan.console.this_machine"), port=host.port))


class CtrlC:
    """Ctrl+C (SIGINT) and SIGTERM as a flag the serving loop looks at, while it is installed (main thread only).

    The flag, not an exception: a KeyboardInterrupt lands wherever the main thread happens to be, and the
    loop below looks at the flag every tenth of a second, so the host stops at once, says why, and says
    goodbye to every client, whatever it was doing (lingering over a finished game included). SIGTERM (a
    service manager stopping the host, `kill`) is the same request: by default it would end the process
    at once, and every player would see a dropped connection instead of the host's goodbye.
    """

    def __init__(self) -> None:
        self.pressed = False
        self.signum: int | None = None  # the signal that stopped the host
        self._previous: dict[int, Any] = {}

    def __enter__(self) -> CtrlC:
        if threading.current_thread() is threading.main_thread():
            for signum in STOP_SIGNALS:
                self._previous[signum] = signal.signal(signum, self._on_signal)
        return self

    def __exit__(self, *exc_info: object) -> None:
        for signum, previous in self._previous.items():
            signal.signal(signum, previous)
        self._previous.clear()

    def _on_signal(self, signum: int, frame: Any) -> None:
        # Only plain stores: a handler must not take locks the main thread may hold.
        self.signum = signum
        self.pressed = True


def parse_seats(text: str) -> list[int]:
    """Return the 0-based seats of "1,3" (seats counted from 1, as players see them); raise ValueError."""
    seats = []
    for part in (p.strip() for p in text.split(",")):
        if not part:
            continue
        if not part.isdigit() or not 1 <= int(part) <= 4:
            raise ValueError(t("lan.console.reopen_seats_list", text=repr(text)))
        seats.append(int(part) - 1)
    return sorted(set(seats))


def _resume(host: Host, resume: Path | str, say: Callable[[str], None], reopen: list[int]) -> bool:
    """Load the saved game into host (before it listens); say why not and return False if it cannot be."""
    if str(resume) == "last":
        assert host.config.data_dir is not None
        saved = last_unfinished(host.config.data_dir, lan=True)
        if saved is None:
            say(t("lan.console.no_unfinished", folder=str(host.config.data_dir)))
            return False
        resume = saved.path
    try:
        host.resume_game(Path(resume), reopen=reopen)
    except JournalError as exc:
        say(t("lan.console.cannot_continue", path=str(resume), error=str(exc)))
        return False
    except OSError as exc:
        say(t("lan.console.cannot_continue", path=str(resume), error=f"{exc.strerror or exc}."))
        return False
    return True


def _serve(host: Host, stop: threading.Event, linger: float, ctrl_c: CtrlC) -> None:
    if host.phase == "playing":
        gc.freeze()  # a resumed game: see below
    def going() -> bool:
        return not stop.is_set() and not ctrl_c.pressed

    while going() and host.phase == "lobby":
        if host.can_start():
            host.start_game()
            # Objects alive now (modules, boards, tables) stay alive all game; freezing them keeps the
            # cycle collector's full passes short, which is most of the host's worst-case latency.
            gc.freeze()
        stop.wait(0.1)
    while going() and host.phase == "playing":
        stop.wait(0.1)
    end = time.monotonic() + linger
    while going() and host.phase == "over" and time.monotonic() < end:
        stop.wait(0.1)
