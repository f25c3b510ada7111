"""A headless host killed (SIGKILL) again and again during a game is restarted with --resume; its players
reconnect with their tokens and the game ends as an uninterrupted one does, losing nothing anyone was shown.

Scripted players choose from their legal actions with a rng keyed by the view id, so the crashed game and an
uninterrupted one with the same seed make the same choices; the computer seat decides from its own seed (given
here, kept in the seats file) and the number of actions so far, so a restarted host plays it as the one before
would have.
"""

from __future__ import annotations

import json
import os
import random
import signal
import socket
import subprocess
import sys
import threading
import time
from pathlib import Path
from typing import Any

from game import journal as jr
from game.rules import view_for
from net import protocol as p
from net.client import NetLink, Refused, WireClient
from tests.lan_kit import Pace, free_port, make_host, normal, wait_for

ROOT = Path(__file__).resolve().parents[1]
SEED = 13
DEADLINE = 50.0  # seconds for one whole game, kills and restarts included
KILLS = 6


def choose(view: dict[str, Any], legal: list[dict[str, Any]]) -> dict[str, Any]:
    """Return the scripted choice for a view: the same view always gives the same action."""
    ordered = sorted(legal, key=lambda a: json.dumps(a, sort_keys=True))  # not the order the wire packs them in
    return random.Random(SEED * 1_000_003 + view["view_id"] * 8 + view["seat"]).choice(ordered)


class Bot(threading.Thread):
    """A scripted player on its own thread: plays its seat, reconnects with its token whenever the host goes."""

    def __init__(self, port: int, seat: int, end: float) -> None:
        super().__init__(name=f"bot-{seat}", daemon=True)
        self.port, self.seat, self.end = port, seat, end
        self.token: str | None = None
        self.seen: dict[int, dict[str, Any]] = {}  # view id -> the view received with it
        self.reconnects = 0
        self.error: BaseException | None = None
        self.done = threading.Event()
        self.sent = 0  # actions sent
        self.welcomes = 0  # hellos answered: one per host it sat down at (the first, and each restart)
        self._pace = Pace()  # stay under the host's 20 messages a second

    def run(self) -> None:
        try:
            self._play()
        except BaseException as exc:  # noqa: BLE001 - reported by the test
            self.error = exc
        finally:
            self.done.set()

    def _connect(self) -> WireClient:
        return wait_for(self._try_connect, max(0.0, self.end - time.monotonic()),
                        f"seat {self.seat} to get back to the host")

    def _try_connect(self) -> WireClient | None:
        """Return a client seated again, or None while the host is restarting (connection refused)."""
        try:
            client = WireClient("127.0.0.1", self.port, timeout=2.0)
        except OSError:
            return None
        try:
            welcome = client.hello(f"Bot {self.seat + 1}", seat=self.seat, token=self.token)
        except (OSError, ConnectionError, TimeoutError) as exc:
            if isinstance(exc, Refused):
                raise
            client.close()
            return None
        assert welcome["seat"] == self.seat
        self.token = welcome["token"]
        self.welcomes += 1
        return client

    def _play(self) -> None:
        client = self._connect()
        while time.monotonic() < self.end:
            try:
                message = client.recv(1.0)
            except TimeoutError:
                continue
            except (OSError, ConnectionError):
                client.close()
                self.reconnects += 1
                client = self._connect()
                continue
            if message["type"] != "update":
                continue
            view = message["view"]
            self.seen[message["view_id"]] = view
            if view["game_over"]:
                client.close()
                return
            if client.legal and view["to_move"] == self.seat:
                self._pace()
                try:
                    client.send(p.action(message["view_id"], choose(view, client.legal)))
                    self.sent += 1
                except OSError:
                    pass  # the host is gone; the next recv notices and reconnects
        raise AssertionError(f"seat {self.seat}: the game did not end in time")


def left(end: float) -> float:
    """Return the seconds left until end (never negative)."""
    return max(0.0, end - time.monotonic())


def listening(port: int) -> bool:
    """Whether something accepts connections on 127.0.0.1:port."""
    try:
        socket.create_connection(("127.0.0.1", port), timeout=1).close()
    except OSError:
        return False
    return True


def most_seen(bots: list[Bot]) -> int:
    """Return the highest view id any bot has seen."""
    return max((max(b.seen, default=0) for b in bots), default=0)


def final(bots: list[Bot]) -> tuple[int, list[dict[str, Any]]]:
    """Return the last view id and the ranking every bot was shown at the end (they must agree)."""
    ends = {(max(b.seen), json.dumps(b.seen[max(b.seen)]["ranking"], sort_keys=True)) for b in bots}
    assert len(ends) == 1, ends
    view_id, ranking = ends.pop()
    return view_id, json.loads(ranking)


def uninterrupted() -> tuple[list[Bot], tuple[int, list[dict[str, Any]]]]:
    """Play the game once with an in-process host that never fails."""
    host = make_host(players=3, seed=SEED, ai_seed=SEED, rate=20.0, burst=40.0)
    host.set_plan(2, "computer", "normal")
    bots = [Bot(host.port, seat, time.monotonic() + DEADLINE) for seat in range(2)]
    try:
        for bot in bots:
            bot.start()
        wait_for(host.can_start, 10, "the bots to sit down")
        host.start_game()
        for bot in bots:
            bot.join(DEADLINE)
            assert bot.error is None, bot.error
    finally:
        host.stop()
    return bots, final(bots)


class HostProcess:
    """`python main.py --host` on 127.0.0.1 with its data folder in tmp_path; killed and resumed at will."""

    def __init__(self, tmp_path: Path, port: int) -> None:
        self.port, self.data = port, tmp_path / "data"
        self.env = dict(os.environ, TWO_RIVERS_LAN="loopback", TWO_RIVERS_COMPUTER_DELAY="0",
                        TWO_RIVERS_DATA=str(self.data),
                        TWO_RIVERS_DISCOVERY_PORT=str(free_port(socket.SOCK_DGRAM)))
        self.logs: list[str] = []
        self.process: subprocess.Popen[str] | None = None

    def start(self, *extra: str) -> None:
        command = [sys.executable, "main.py", "--host", "--bind", "127.0.0.1", "--port", str(self.port), *extra]
        self.process = subprocess.Popen(command, cwd=ROOT, env=self.env, stdout=subprocess.PIPE,
                                        stderr=subprocess.STDOUT, text=True)

    def journal(self) -> Path:
        (path,) = (self.data / "games").glob("*.journal")
        return path

    def kill(self) -> None:
        assert self.process is not None
        self.process.send_signal(signal.SIGKILL)
        out, _ = self.process.communicate(timeout=10)
        self.logs.append(out)

    def stop(self) -> None:
        if self.process is not None and self.process.poll() is None:
            self.process.kill()
            out, _ = self.process.communicate(timeout=10)
            self.logs.append(out)


def test_a_host_killed_again_and_again_finishes_the_game_as_if_nothing_happened(tmp_path: Path) -> None:
    calm_bots, calm_end = uninterrupted()
    calm_actions = calm_end[0]
    assert calm_actions > 60, "the game is too short to kill the host in it"

    rng = random.Random(SEED)
    kill_at = sorted(rng.sample(range(5, calm_actions - 5), KILLS))
    host = HostProcess(tmp_path, free_port())
    host.start("--players", "3", "--computer", "1", "--seed", str(SEED), "--ai-seed", str(SEED))
    end = time.monotonic() + DEADLINE
    bots = [Bot(host.port, seat, end) for seat in range(2)]
    kills: list[tuple[int, int]] = []  # (most actions any client had seen, actions in the journal after the kill)
    try:
        for bot in bots:
            bot.start()
        for point in kill_at:
            # Every player is back at the restarted host before it is killed again, so each kill cuts them all.
            wait_for(lambda point=point: (most_seen(bots) >= point and all(b.welcomes > len(kills) for b in bots))
                     or any(b.done.is_set() for b in bots),
                     max(0.0, end - time.monotonic()), f"the players to see view {point}")
            assert not any(b.done.is_set() for b in bots), "the game stopped early"
            if rng.random() < 0.5:
                # Or a moment later: once a player has sent its next action (mid-action or mid-write).
                sent = sum(b.sent for b in bots)
                wait_for(lambda sent=sent: sum(b.sent for b in bots) > sent or any(b.done.is_set() for b in bots),
                         max(0.0, end - time.monotonic()), "a player's next action")
            host.kill()
            seen = max(max(b.seen, default=0) for b in bots)
            journal = jr.read(host.journal())
            kills.append((seen, len(journal.actions)))
            # Nothing a client was shown is lost: the journal holds at least every action anyone saw.
            assert len(journal.actions) >= seen, kills
            host.start("--resume", str(host.journal()))
        for bot in bots:
            bot.join(max(0.0, end - time.monotonic()))
            assert bot.error is None, f"{bot.error!r}\n" + "\n".join(host.logs)
        # The header says the game is over once the last updates are out (a moment after the players see it).
        wait_for(lambda: (jr.peek_header(host.journal()) or {}).get("finished"), max(0.0, end - time.monotonic()),
                 "the journal to say the game is over")
    finally:
        host.stop()
    # Two kills close together may both fall before the players are back: count the kills between views.
    apart = len({seen for seen, _ in kills})
    assert len(kills) == KILLS and all(b.reconnects >= apart for b in bots), (kills, [b.reconnects for b in bots])

    # The same game as the uninterrupted one: every view a player was shown, and the result.
    assert final(bots) == calm_end
    for calm, crashed in zip(calm_bots, bots, strict=True):
        for view_id, view in crashed.seen.items():
            # Only can_undo may differ: a restarted host has no undo history (the journal keeps actions only).
            same = {k: v for k, v in view.items() if k != "can_undo"}
            assert same == {k: v for k, v in calm.seen[view_id].items() if k != "can_undo"}, (crashed.seat, view_id)
    # And the journal, replayed, passes through every view anyone was shown.
    journal = jr.read(host.journal())
    assert journal.finished and len(journal.actions) == calm_actions
    states, _ = jr.replay(journal)
    for bot in bots:
        for view_id, view in bot.seen.items():
            expected = normal(view_for(states[view_id], bot.seat))
            assert {k: view[k] for k in expected} == expected


def test_a_netlink_player_waits_out_a_host_restart_and_plays_on(tmp_path: Path) -> None:
    host = HostProcess(tmp_path, free_port())
    host.start("--players", "2", "--seed", str(SEED))
    end = time.monotonic() + 30
    link: NetLink | None = None
    bot = Bot(host.port, 1, end)
    try:
        wait_for(lambda: listening(host.port), 30, "the host to listen")
        link = NetLink("127.0.0.1", host.port, "Ann", seat=0, ping_every=0.5)
        bot.start()
        wait_for(lambda: link.view(0) is not None and bot.seen != {}, left(end), "the game to start")
        host.kill()
        saved = len(jr.read(host.journal()).actions)
        assert link.view_id is not None and link.view_id <= saved
        wait_for(lambda: link.state == "reconnecting", left(end), "the link to notice the host died")
        # The host takes a while to come back: the link is refused meanwhile, and keeps trying.
        tried = link.attempts
        wait_for(lambda: link.attempts >= tried + 3, left(end), "three refused reconnections")
        assert link.state == "reconnecting"
        host.start("--resume", str(host.journal()))
        link.poll()
        wait_for(lambda: link.state == "playing" or link.gone, left(end), "the link to come back")
        assert link.state == "playing", f"the link did not come back ({link.state})"
        updates = wait_for(link.poll, left(end), "a view after reconnecting")
        assert updates[-1].view_id >= saved and updates[-1].views[0]["seat"] == 0
        # It plays on: our move goes through and the host answers with the next view.
        wait_for(lambda: link.view(0) is not None and link.view(0)["to_move"] == 0, left(end), "our turn")
        current = link.view_id
        view = link.view(0)
        assert current is not None and view is not None
        link.send(0, choose(view, link.legal_actions(0)))
        wait_for(lambda: link.view_id != current, left(end), "the action after the restart to be confirmed")
    finally:
        if link is not None:
            link.close()
        host.stop()
        bot.end = 0.0
