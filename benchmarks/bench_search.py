"""Whether hard's search would choose better with more simulations: its regret against a reference.

Owns: picking turn decisions from games between normal players (benchmarks.normal_games) and, at
each, weighing hard's plans (game.ai.reply.TurnSearch) two ways. The reference plays every plan on the same many guesses
of the hidden tiles (--guesses, drawn apart from any search's) and values each first action by its
best plan. Then hard's search runs at each budget of simulations (--sims), --trials times on guesses
of its own, and its regret is the reference's best first action minus the reference's value of the
one it chose, in the evaluation's units (a point of a player's lowest colour is 1). "one ply" is the
regret of the plan the one-ply judgement ranks first (what the search starts from).

A regret that no longer falls as simulations grow says the search has found what its model (the
plans, the reply, the evaluation) can tell it, as far as the reference can tell: the reference is
itself a mean of --guesses guesses, so once a search gives its finalists as many, the reference's own
errors are what is left of the regret (its floor).

    python benchmarks/bench_search.py --games 3 --every 9 --seed 92000

Imports game only.
"""

from __future__ import annotations

import argparse
import math
import random
import statistics
import sys
import time
from pathlib import Path
from typing import Any

sys.path.insert(0, str(Path(__file__).resolve().parents[1]))

from benchmarks.normal_games import decisions  # noqa: E402
from game.ai.determinize import Knowledge, knowledge  # noqa: E402
from game.ai.policy import may_pass  # noqa: E402
from game.ai.reply import TurnSearch, _key, play_out  # noqa: E402
from game.rules import view_for  # noqa: E402


def turn_decisions(seed: int, games: int, every: int) -> list[tuple[dict[str, Any], list[dict[str, Any]]]]:
    """Return (view, history) of every `every`-th decision of 2-player games between normal players
    that is a turn action."""
    return [(view_for(d.state, d.seat), d.history) for d in decisions(seed, games)
            if d.state.decision is not None and d.state.decision["kind"] == "action" and d.step % every == 0]


def search(know: Knowledge, plan_seed: int) -> TurnSearch:
    """Return hard's search of a decision, its plans found on the guess plan_seed draws (as think does)."""
    rng = random.Random(plan_seed)
    return TurnSearch(know, rng, may_pass(know.sample(rng), know.whole_passes))


def main(argv: list[str] | None = None) -> int:
    p = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    p.add_argument("--games", type=int, default=3, help="2-player games between normal players")
    p.add_argument("--every", type=int, default=9, help="weigh every N-th decision")
    p.add_argument("--seed", type=int, default=92000, help="game g is new_game(2, seed + g)")
    p.add_argument("--guesses", type=int, default=40, help="guesses the reference plays every plan on")
    p.add_argument("--sims", default="64,128,256,512", help="search budgets to compare, in simulations")
    p.add_argument("--trials", type=int, default=2, help="searches per budget and decision")
    args = p.parse_args(argv)
    budgets = [int(n) for n in args.sims.split(",")]
    regrets: dict[str, list[float]] = {"one ply": [], **{str(n): [] for n in budgets}}
    start = time.perf_counter()
    for i, (view, history) in enumerate(turn_decisions(args.seed, args.games, args.every)):
        know = knowledge(view, history)
        base = search(know, i)
        if len(base.plans) < 2:
            continue
        rng = random.Random(10**6 + i)
        guesses = [know.quick_sample(rng) for _ in range(args.guesses)]
        value: dict[str, float] = {}
        for plan in base.plans:
            v = statistics.fmean(play_out(g.copy(), plan, base.seat) for g in guesses)
            value[_key(plan[0])] = max(value.get(_key(plan[0]), -1e9), v)
        best = max(value.values())
        regrets["one ply"].append(best - value[_key(base.plans[0][0])])
        for n in budgets:
            for t in range(args.trials):
                trial = search(know, i)
                trial.rng = random.Random(f"{i}:{t}:{n}")   # guesses of its own, not the reference's
                regrets[str(n)].append(best - value[_key(trial.run(n))])
        print(f"  decision {i}: {len(base.plans)} plans", file=sys.stderr, flush=True)
    n = len(regrets["one ply"])
    if n < 2:
        print("Too few decisions with two plans or more: ask for more games (--games) or more often (--every).")
        return 1
    print(f"{n} decisions, reference {args.guesses} guesses a plan, {args.trials} searches a budget "
          f"[{time.perf_counter() - start:.0f}s]")
    for name, rs in regrets.items():
        label = name if name == "one ply" else f"{name} simulations"
        se = statistics.stdev(rs) / math.sqrt(len(rs))
        print(f"{label:<16} mean regret {statistics.fmean(rs):.3f} (standard error {se:.3f}), over 0.05 in "
              f"{sum(r > 0.05 for r in rs)} of {len(rs)}")
    return 0


if __name__ == "__main__":
    raise SystemExit(main())
