"""LAN speed on loopback: 4 players and 4 spectators play random games through a real host on 127.0.0.1.

Measures, per action: the time from the mover sending it to every one of the 8 connections holding the
update (median and 99th percentile), the bytes of each update (a seat's view, the mover's view with its
legal actions, a spectator's view), and the host thread's CPU time. Targets: p99 <= 5 ms, a full view
<= 8 KiB. Prints medians over several games; it is a measurement, not a test.

The host runs in a process of its own, as on a real LAN.
The host journals the game as a real one does (in a temporary folder); --no-journal leaves that out.
Run: TWO_RIVERS_LAN=loopback python benchmarks/bench_lan.py [--runs 5] [--no-journal]
"""

from __future__ import annotations

import argparse
import gc
import multiprocessing
import random
import select
import statistics
import sys
import tempfile
import time
from multiprocessing.connection import Connection
from pathlib import Path
from typing import Any

sys.path.insert(0, str(Path(__file__).resolve().parents[1]))

from net import protocol as p  # noqa: E402
from net.client import WireClient  # noqa: E402
from net.framing import encode_frame  # noqa: E402
from net.host import Host, HostConfig  # noqa: E402


def thread_cpu(host: Host) -> float:
    """Return the CPU seconds the host's network thread has used."""
    assert host._thread is not None and host._thread.ident is not None
    return time.clock_gettime(time.pthread_getcpuclockid(host._thread.ident))


def serve(seed: int, pipe: Connection, journal: bool = True) -> None:
    """Run a host in this (separate) process: send its port, start on request, report CPU, stop."""
    # Lax limits: the benchmark's clients play far faster than any person (the default is 20 messages/s).
    config = HostConfig(players=4, bind="127.0.0.1", port=0, announce=False, seed=seed, rate=1e6, burst=1e6)
    folder = tempfile.TemporaryDirectory(prefix="bench-lan-") if journal else None
    config.data_dir = Path(folder.name) if folder is not None else None
    host = Host(config, say=lambda line: None).start()
    pipe.send(host.port)
    pipe.recv()  # everyone is seated
    host.start_game()
    gc.freeze()  # as the headless host does: the collector no longer re-walks every object made at start
    pipe.send(thread_cpu(host))
    pipe.recv()  # the game is over
    pipe.send(thread_cpu(host))
    host.stop()
    if folder is not None:
        folder.cleanup()


def wait_for(client: WireClient, view_id: int) -> dict[str, Any]:
    """Read until client holds view_id; return that update."""
    while True:
        message = client.recv(5.0)
        if message["type"] == "update" and message["view_id"] == view_id:
            return message


def arrive_all(clients: list[WireClient], deadline: float = 5.0) -> list[bytes]:
    """Return, for each client, the bytes of its next update, as soon as every one has arrived.

    Only the 4-byte lengths are read while the clock runs: decoding is each client's own work, done on its
    own machine in a real game, and here it would be eight clients' work done one after another.
    """
    buffers = [bytearray() for _ in clients]
    done: list[bytes | None] = [None] * len(clients)
    socks = {c.sock: i for i, c in enumerate(clients)}
    end = time.monotonic() + deadline
    while any(frame is None for frame in done):
        waiting = [c.sock for i, c in enumerate(clients) if done[i] is None]
        readable, _, _ = select.select(waiting, [], [], max(0.0, end - time.monotonic()))
        if not readable:
            raise TimeoutError("an update did not arrive")
        for sock in readable:
            i = socks[sock]
            buffers[i] += sock.recv(65536)
            if len(buffers[i]) >= 4:
                size = 4 + int.from_bytes(buffers[i][:4], "big")
                if len(buffers[i]) >= size:
                    done[i] = bytes(buffers[i])  # the update, and whatever came with it (the lobby at the end)
    return [frame for frame in done if frame is not None]


def one_game(seed: int, journal: bool = True) -> dict[str, Any]:
    """Play one random 4-player game with 4 spectators; return its figures."""
    # The host runs in its own process, as on a real LAN, so that it does not share a GIL with the clients.
    ours, theirs = multiprocessing.Pipe()
    process = multiprocessing.Process(target=serve, args=(seed, theirs, journal), daemon=True)
    process.start()
    port = ours.recv()
    players = [WireClient("127.0.0.1", port) for _ in range(4)]
    watchers = [WireClient("127.0.0.1", port) for _ in range(4)]
    for i, client in enumerate(players):
        client.hello(f"P{i}")
    for i, client in enumerate(watchers):
        client.hello(f"TV{i}", role="spectator")
    ours.send("start")
    everyone = players + watchers
    first = {c: wait_for(c, 0) for c in everyone}
    rng = random.Random(seed)
    latencies: list[float] = []
    sizes: dict[str, list[int]] = {"seat": [], "mover": [], "spectator": []}
    cpu_before = ours.recv()
    current = first[players[0]]["view"]
    while not current["game_over"]:
        mover = players[current["to_move"]]
        legal = mover.legal
        view_id = current["view_id"]
        start = time.perf_counter()
        mover.send(p.action(view_id, rng.choice(legal)))
        frames = arrive_all(everyone)
        latencies.append(time.perf_counter() - start)
        updates = []
        for client, frame in zip(everyone, frames, strict=True):
            for message in client.decoder.feed(frame):
                client._note(message)
            client.inbox.clear()
            update = client.log[-1] if client.log[-1]["type"] == "update" else client.log[-2]
            assert update["type"] == "update" and update["view_id"] == view_id + 1
            updates.append(update)
        for client, update in zip(everyone, updates, strict=True):
            kind = "spectator" if client in watchers else ("mover" if "legal" in update else "seat")
            sizes[kind].append(len(encode_frame(update)))
        current = updates[0]["view"]
    ours.send("over")
    cpu = ours.recv() - cpu_before
    process.join(timeout=10)
    for client in everyone:
        client.close()
    latencies.sort()
    return {
        "actions": len(latencies),
        "median_ms": statistics.median(latencies) * 1000,
        "p99_ms": latencies[min(len(latencies) - 1, round(0.99 * (len(latencies) - 1)))] * 1000,
        "cpu_ms": cpu / len(latencies) * 1000,
        **{f"{kind}_bytes": statistics.median(v) for kind, v in sizes.items() if v},
        **{f"{kind}_max": max(v) for kind, v in sizes.items() if v},
    }


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--runs", type=int, default=5)
    parser.add_argument("--no-journal", action="store_true", help="host without journalling the game")
    args = parser.parse_args()
    runs = [one_game(seed, not args.no_journal) for seed in range(1, args.runs + 1)]

    def med(key: str) -> float:
        return statistics.median(run[key] for run in runs)

    journal = "without a journal" if args.no_journal else "journalled"
    print(f"LAN on loopback, 4 players + 4 spectators, {journal}, {args.runs} games "
          f"({int(med('actions'))} actions each, median); medians over games:")
    print(f"  action -> all 8 connections updated: median {med('median_ms'):.2f} ms, p99 {med('p99_ms'):.2f} ms"
          f"  (target p99 <= 5 ms)")
    print(f"  host thread CPU per action: {med('cpu_ms'):.2f} ms (8 connections)")
    print(f"  update bytes (median / max): seat view {med('seat_bytes'):.0f} / {med('seat_max'):.0f}, "
          f"spectator {med('spectator_bytes'):.0f} / {med('spectator_max'):.0f}  (target full view <= 8192)")
    print(f"  mover's update with its legal actions: {med('mover_bytes'):.0f} / {med('mover_max'):.0f}")


if __name__ == "__main__":
    main()
