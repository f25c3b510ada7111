"""Engine speed: legal_actions and apply over fixed positions, and random full games per second.

Prints medians of several runs; it is a measurement, not a test.
Run: python benchmarks/bench_engine.py [--positions 400] [--runs 5] [--games 40]
"""

from __future__ import annotations

import argparse
import random
import statistics
import sys
import time
from pathlib import Path

sys.path.insert(0, str(Path(__file__).resolve().parents[1]))

from game.rules import apply, legal_actions, new_game, to_move  # noqa: E402
from game.rules.state import State  # noqa: E402


def sample_positions(count: int) -> list[tuple[State, dict]]:
    """Return (state, a legal action) pairs taken along seeded random games."""
    rng = random.Random(2024)
    out: list[tuple[State, dict]] = []
    seed = 0
    while len(out) < count:
        s = new_game(2 + seed % 3, seed)
        seed += 1
        while to_move(s) is not None and len(out) < count:
            legal = legal_actions(s)
            action = rng.choice(legal)
            if rng.random() < 0.15:
                out.append((s, action))
            s, _ = apply(s, action)
    return out


def time_per_call(fn, items, runs: int) -> float:
    """Return the median over runs of the mean time per call, in seconds."""
    results = []
    for _ in range(runs):
        start = time.perf_counter()
        for item in items:
            fn(item)
        results.append((time.perf_counter() - start) / len(items))
    return statistics.median(results)


def games_per_second(players: int, games: int, runs: int) -> float:
    """Return the median rate of random full games (uniform over legal actions)."""
    rates = []
    for r in range(runs):
        rng = random.Random(r)
        start = time.perf_counter()
        for g in range(games):
            s = new_game(players, r * 10_000 + g)
            while to_move(s) is not None:
                s, _ = apply(s, rng.choice(legal_actions(s)))
        rates.append(games / (time.perf_counter() - start))
    return statistics.median(rates)


def main() -> None:
    """Print the figures."""
    p = argparse.ArgumentParser()
    p.add_argument("--positions", type=int, default=400)
    p.add_argument("--runs", type=int, default=5)
    p.add_argument("--games", type=int, default=30)
    args = p.parse_args()
    positions = sample_positions(args.positions)
    turn_positions = [(s, a) for s, a in positions if s.decision["kind"] == "action"]
    la = time_per_call(lambda sa: legal_actions(sa[0]), positions, args.runs)
    la_turn = time_per_call(lambda sa: legal_actions(sa[0]), turn_positions, args.runs)
    ap = time_per_call(lambda sa: apply(sa[0], sa[1]), positions, args.runs)
    print(f"positions: {len(positions)} ({len(turn_positions)} at a turn action), runs: {args.runs}")
    print(f"legal_actions median of run means: {la * 1e6:8.1f} us (turn actions only: {la_turn * 1e6:.1f} us)"
          "   target <= 1000 us")
    print(f"apply         median of run means: {ap * 1e6:8.1f} us   target <= 150 us")
    for players in (2, 4):
        rate = games_per_second(players, args.games, args.runs)
        print(f"random {players}-player games: {rate:6.1f} games/s (median of {args.runs} runs of {args.games})"
              + ("   target >= 20" if players == 2 else ""))


if __name__ == "__main__":
    main()
