"""How well hard's model of a rival's reply foresees the turn a normal player really plays.

Owns: at the start of each turn of games between normal players (benchmarks.normal_games),
playing that turn twice on the mover's own guess of the hidden tiles: once as normal plays it
(game.ai.levels' two_actions), once as a reply model of hard's look-ahead plays it (greedy over
policy.reply_candidates). It prints,
per model, how often the two turns end alike and how far apart they leave the other seat, in the
evaluation's units (a point of a player's lowest colour is 1): the mean distance, and the mean signed
difference (above 0: the model is kinder to the other seat than normal really is).

    python benchmarks/bench_reply.py --games 4 --seed 5000

Imports game only.
"""

from __future__ import annotations

import argparse
import random
import sys
import time
from collections.abc import Callable
from pathlib import Path

sys.path.insert(0, str(Path(__file__).resolve().parents[1]))

from benchmarks.normal_games import decisions  # noqa: E402
from game.ai.determinize import knowledge  # noqa: E402
from game.ai.evaluate import evaluate  # noqa: E402
from game.ai.policy import NARROW, TINY, WIDE, Action, best_of, reply_candidates, settle, two_actions  # noqa: E402
from game.rules import view_for  # noqa: E402
from game.rules.engine import apply_in_place  # noqa: E402
from game.rules.state import State  # noqa: E402

Pick = Callable[[State], Action]

MODELS: dict[str, Pick] = {
    "short list, both actions": lambda s: best_of(s, reply_candidates(s, TINY)),
    "whole list first, short second": lambda s: best_of(
        s, reply_candidates(s, WIDE if s.actions_left >= 2 else TINY)),
    "whole list first, middle second": lambda s: best_of(
        s, reply_candidates(s, WIDE if s.actions_left >= 2 else NARROW)),
    "whole list, both actions (hard's)": lambda s: best_of(s, reply_candidates(s, WIDE)),
}


def normal_pick(s: State) -> Action:
    """Return normal's turn action on this guess (the level's own rule, without its pass limit)."""
    return two_actions(s, WIDE, width=4)


def play_turn(s: State, pick: Pick) -> State:
    """Return a copy of s once its mover's turn is played with pick (follow-ups answered quickly)."""
    s = s.copy()
    turn = s.turn
    while not s.game_over and s.decision is not None and s.turn == turn:
        if s.decision["kind"] != "action":
            settle(s)
            continue
        apply_in_place(s, pick(s))
    return s


def main(argv: list[str] | None = None) -> int:
    p = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    p.add_argument("--games", type=int, default=4, help="2-player games between normal players")
    p.add_argument("--seed", type=int, default=5000, help="game g is new_game(2, seed + g)")
    args = p.parse_args(argv)
    gaps: dict[str, list[float]] = {name: [] for name in MODELS}
    spent = dict.fromkeys(MODELS, 0.0)
    for d in decisions(args.seed, args.games):
        s = d.state
        if s.decision is not None and s.decision["kind"] == "action" and s.actions_left == 2:
            guess = knowledge(view_for(s, d.seat), d.history).sample(random.Random(d.step * 7 + d.game))
            other = 1 - d.seat
            real = evaluate(play_turn(guess, normal_pick), other)
            for name, pick in MODELS.items():
                start = time.perf_counter()
                gaps[name].append(evaluate(play_turn(guess, pick), other) - real)
                spent[name] += time.perf_counter() - start
    for name, gap in gaps.items():
        n = len(gap)
        far = sum(abs(x) > 1 for x in gap)
        print(f"{name:<42} {n} turns: same end {sum(x == 0 for x in gap) / n:5.1%}, mean distance "
              f"{sum(map(abs, gap)) / n:.2f}, mean signed {sum(gap) / n:+.2f}, over 1 apart {far}"
              f"  [{spent[name]:.1f}s]")
    return 0


if __name__ == "__main__":
    raise SystemExit(main())
