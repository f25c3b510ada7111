"""Strength and speed of the computer players: win rates with 95% intervals, thinking time.

Owns: playing whole games between levels (and a pure random player), seats rotated, and
printing for each pairing the share of games the first level won (a shared first place counts
half) with a Wilson 95% confidence interval, and the thinking time per decision (median, max).
In 4-player games one seat plays the first level against three of the second, its seat
rotating through the four; it wins a game when it is first (a first place shared with k others
counts 1/(k+1)), so an equal player wins 25%.

    python benchmarks/bench_ai.py --games 200 --games4 100 --budget 1.5 --jobs 2 \
        --pairs easy:random,normal:random,hard:random,normal:easy,hard:normal
    python benchmarks/bench_ai.py --games 0 --games4 0 --pairs "" --think 30   # hard's thinking time alone

Games are played by main.play, the self-play wiring (a table, the computer-seat driver). Imports game and main.
"""

from __future__ import annotations

import argparse
import hashlib
import math
import multiprocessing
import random
import statistics
import sys
import time
from pathlib import Path
from typing import Any

sys.path.insert(0, str(Path(__file__).resolve().parents[1]))

from game.rules import final_ranking  # noqa: E402
from main import play  # noqa: E402

Result = tuple[list[str], list[dict[str, Any]] | None, dict[str, list[float]]]

MAX_TURNS = 600     # a real game lasts about 100 turns; one this long is stopped and counted a failure

def play_game(job: tuple[list[str], int, float]) -> Result:
    """Play one game at a table through the computer-seat driver; return the levels by seat, the
    ranking (None for a game stopped at the turn cap: a failure) and the thinking times per level."""
    levels, index, budget = job
    # The game's seed and the computers' seed are two separate draws from the run's --seed (neither follows
    # from the other, DESIGN.md), so a rerun with the same --seed plays the same games.
    played = play(levels, drawn("game", index), ai_seed=drawn("ai", index), budget_s=budget, max_turns=MAX_TURNS)
    ranking = None if played.capped else final_ranking(played.state)
    return levels, ranking, played.thinking


def first_share(ranking: list[dict[str, Any]], seat: int) -> float:
    """Return the seat's share of first place: 1 alone, 1/k shared by k seats, 0 behind."""
    firsts = [r["seat"] for r in ranking if r["place"] == 1]
    return 1.0 / len(firsts) if seat in firsts else 0.0


def wilson(wins: float, n: int, z: float = 1.96) -> tuple[float, float]:
    """Return the Wilson score interval of a proportion."""
    if n == 0:
        return 0.0, 1.0
    p = wins / n
    centre = (p + z * z / (2 * n)) / (1 + z * z / n)
    half = z * math.sqrt(p * (1 - p) / n + z * z / (4 * n * n)) / (1 + z * z / n)
    return max(0.0, centre - half), min(1.0, centre + half)


def drawn(stream: str, index: int) -> int:
    """Return the 128-bit seed of one stream (the game's bag, or the computers' choices) for one game."""
    return int.from_bytes(hashlib.sha256(f"{stream}:{index}".encode()).digest()[:16], "big")


def jobs_for(a: str, b: str, games: int, players: int, budget: float, seed: int) -> list[tuple[list[str], int, float]]:
    """Return the games of one pairing with the seats rotated."""
    out = []
    for g in range(games):
        levels = [b] * players
        levels[g % players] = a
        out.append((levels, seed + 1000 * players + g, budget))
    return out


def run_pair(pool: Any, a: str, b: str, games: int, players: int, budget: float, seed: int,
             times: dict[str, list[float]]) -> str:
    """Play one pairing and return its line of the report."""
    if games <= 0:
        return ""
    start = time.perf_counter()
    score = 0.0
    capped = 0
    mine: dict[str, list[float]] = {}
    done = 0
    for levels, ranking, t in pool.imap_unordered(play_game, jobs_for(a, b, games, players, budget, seed)):
        done += 1
        if ranking is None:
            capped += 1         # counted as a loss for both sides' purposes: it is a failure
            print(f"  [{done}/{games}] capped at the turn limit", file=sys.stderr, flush=True)
            continue
        score += first_share(ranking, levels.index(a))
        # Progress on stderr, so a long run shows how it is going; the report stays on stdout.
        print(f"  [{done}/{games}] {a} so far {score:.1f} of {done}  [{time.perf_counter() - start:.0f}s]",
              file=sys.stderr, flush=True)
        for lv, ts in t.items():
            times.setdefault(lv, []).extend(ts)
            mine.setdefault(lv, []).extend(ts)
    lo, hi = wilson(score, games)
    took = time.perf_counter() - start
    against = b if players == 2 else f"3 {b}"
    thinking = "; ".join(f"{lv} thinks median {statistics.median(ts):.2f} s, max {max(ts):.2f} s"
                         for lv, ts in sorted(mine.items()) if ts)
    return (f"{players}p {a:>6} vs {against:<8} {games:4d} games: {a} wins {score / games:6.1%} "
            f"(95% CI {lo:.1%}-{hi:.1%})  [{took:.0f}s]" + (f"  FAILED: {capped} capped games" if capped else "")
            + (f"\n    {thinking}" if thinking else ""))


def think_once(job: tuple[int, int, float]) -> float | None:
    """Play a game between normal players to a point drawn from the seed, then time one hard turn decision
    there through the contract (game.ai.choose); None when the game ended or no turn action was due."""
    from game.ai import choose
    from game.rules import apply, events_for, new_game, to_move, view_for

    players, index, budget = job
    s = new_game(players, drawn("think-game", index))
    rng = random.Random(drawn("think-stop", index))
    seen: list[list[dict[str, Any]]] = [[] for _ in range(players)]
    for step in range(rng.randrange(4, 160)):
        seat = to_move(s)
        if seat is None:
            return None
        s, events = apply(s, choose(view_for(s, seat), "normal", drawn("think-ai", index * 1000 + step), None,
                                    seen[seat]))
        for p in range(players):
            seen[p].extend(events_for(events, p))
    seat = to_move(s)
    if seat is None or s.decision["kind"] != "action":
        return None
    start = time.perf_counter()
    choose(view_for(s, seat), "hard", drawn("think-hard", index), budget, seen[seat])
    return time.perf_counter() - start


def think_report(pool: Any, positions: int, budget: float, seed: int) -> list[str]:
    """Return hard's thinking time over turn decisions alone, per table size (the search's cost, no game)."""
    lines = []
    for players in (2, 3, 4):
        jobs = [(players, seed * 1_000_000 + i, budget) for i in range(positions)]
        times = [x for x in pool.imap_unordered(think_once, jobs) if x is not None]
        if times:
            lines.append(f"{players}p hard turn decisions alone: {len(times)} positions, median "
                         f"{statistics.median(times):.2f} s, max {max(times):.2f} s")
    return lines


def main(argv: list[str] | None = None) -> int:
    """Run the pairings asked for and print the report."""
    p = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    p.add_argument("--games", type=int, default=200, help="2-player games per pairing")
    p.add_argument("--games4", type=int, default=100, help="4-player games per pairing")
    p.add_argument("--budget", type=float, default=1.5, help="hard level's seconds per decision")
    p.add_argument("--pairs", default="easy:random,normal:random,hard:random,normal:easy,hard:normal")
    p.add_argument("--jobs", type=int, default=2, help="games played at once (processes)")
    p.add_argument("--seed", type=int, default=1)
    p.add_argument("--think", type=int, default=0, metavar="N",
                   help="also time hard's turn decision alone in N positions per table size (2, 3, 4 players)")
    args = p.parse_args(argv)
    pairs = [tuple(x.split(":")) for x in args.pairs.split(",") if x]
    times: dict[str, list[float]] = {}
    print(f"bench_ai: games {args.games} (2p) {args.games4} (4p), hard budget {args.budget}s, "
          f"jobs {args.jobs}, seed {args.seed}", flush=True)
    failed = False
    ctx = multiprocessing.get_context("spawn")
    with ctx.Pool(args.jobs) as pool:
        for a, b in pairs:
            for players, games in ((2, args.games), (4, args.games4)):
                line = run_pair(pool, a, b, games, players, args.budget, args.seed, times)
                if line:
                    print(line, flush=True)
                    failed = failed or "FAILED" in line
        for line in think_report(pool, args.think, args.budget, args.seed) if args.think else []:
            print(line, flush=True)
    print("thinking time per decision:")
    for level in ("easy", "normal", "hard"):
        ts = times.get(level)
        if ts:
            print(f"  {level:>6}: {len(ts):7d} decisions, median {statistics.median(ts) * 1000:7.1f} ms, "
                  f"max {max(ts) * 1000:7.1f} ms")
    return 1 if failed else 0


if __name__ == "__main__":
    sys.exit(main())
