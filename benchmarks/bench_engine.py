"""Engine speed: legal_actions and apply over fixed positions, random full games per second
through the contract, and actions per second on the search-speed path (playouts).

Prints medians of several runs; it is a measurement, not a test.
Run: python benchmarks/bench_engine.py [--positions 400] [--runs 5] [--games 30] [--playouts 300]
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
from game.rules.engine import apply_in_place  # noqa: E402
from game.rules.fast import random_action  # noqa: E402
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


def games_per_second(players: int, games: int, runs: int) -> tuple[float, float]:
    """Return the median rates of random full games (uniform over legal actions): by the wall
    clock, and by this process's CPU time (what an unloaded machine would give, near enough)."""
    rates, cpu_rates = [], []
    for r in range(runs):
        rng = random.Random(r)
        start, cpu = time.perf_counter(), time.process_time()
        for g in range(games):
            s = new_game(players, r * 10_000 + g)
            while to_move(s) is not None:
                s, _ = apply(s, rng.choice(legal_actions(s)))
        rates.append(games / (time.perf_counter() - start))
        cpu_rates.append(games / (time.process_time() - cpu))
    return statistics.median(rates), statistics.median(cpu_rates)


def playout_actions_per_second(starts: list[State], runs: int, length: int = 12) -> tuple[float, float]:
    """Return the median rate of actions in playouts: one copy per playout, then a drawn action
    and an in-place apply per step (the search-speed path), `length` actions at most."""
    rates, cpu_rates = [], []
    for r in range(runs):
        rng = random.Random(r)
        actions = 0
        start, cpu = time.perf_counter(), time.process_time()
        for root in starts:
            s = root.copy()
            for _ in range(length):
                if s.game_over:
                    break
                apply_in_place(s, random_action(s, rng))
                actions += 1
        rates.append(actions / (time.perf_counter() - start))
        cpu_rates.append(actions / (time.process_time() - cpu))
    return statistics.median(rates), statistics.median(cpu_rates)


def main() -> None:
    """Print the figures."""
    p = argparse.ArgumentParser()
    p.add_argument("--positions", type=int, default=400)
    p.add_argument("--runs", type=int, default=5)
    p.add_argument("--games", type=int, default=30)
    p.add_argument("--playouts", type=int, default=300)
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
        rate, cpu_rate = games_per_second(players, args.games, args.runs)
        print(f"random {players}-player games: {rate:6.1f} games/s wall, {cpu_rate:6.1f} per CPU second "
              f"(median of {args.runs} runs of {args.games})"
              + ("   target >= 40" if players == 2 else ""))
    starts = [s for s, _ in turn_positions][:args.playouts]
    rate, cpu_rate = playout_actions_per_second(starts, args.runs)
    print(f"playouts (drawn action + in-place apply): {rate:8.0f} actions/s wall, {cpu_rate:8.0f} per CPU second, "
          f"{len(starts)} playouts "
          f"(median of {args.runs} runs)   target >= 20000")


if __name__ == "__main__":
    main()
