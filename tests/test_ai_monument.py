"""Hard's sight of a monument: its leader is worth the points it will score while held, over the turns the
bag has left (game.ai.evaluate.HARD_SIGHT); the other levels value it flat, and hard models a rival's reply
with the others' sight.

Positions are built with the scenario format.
"""

from __future__ import annotations

from typing import Any

import pytest

from game.ai import reply
from game.ai.evaluate import FULL_SIGHT, HARD_SIGHT, Weights, evaluate, monument_value
from game.ai.levels import EASY_SIGHT
from game.ai.reply import AFTER_SWAP, play_out
from game.rules.state import State
from game.rules.vocabulary import COLORS

from .scenarios import SPARE, SPARE_TREASURES, load

# A red/black monument (3,5)-(4,6) over two temples (5,5) (5,6), seat 0's priest (5,4) beside them; seat 1's
# priest far away in a kingdom of two temples.
BESIDE_A_MONUMENT = (("##/##", (3, 5)), ("Rrr", (5, 4)), ("Prr", (9, 2)))


def position(bag: int) -> State:
    return load(*BESIDE_A_MONUMENT, *SPARE, temples=False, treasures=SPARE_TREASURES,
                monuments=[{"colors": ["red", "black"], "at": [3, 5]}],
                hands=[["blue"] * 6, ["blue"] * 6], bag=[COLORS[i % 4] for i in range(bag)])


@pytest.mark.parametrize("sight", [FULL_SIGHT, EASY_SIGHT], ids=["normal", "easy"])
@pytest.mark.parametrize("bag", [0, 8, 72])
def test_the_other_levels_value_a_monument_flat(sight: Weights, bag: int) -> None:
    assert monument_value(position(bag), sight) == sight.monument


def test_hard_values_a_monument_by_the_turns_the_bag_has_left() -> None:
    q = HARD_SIGHT.monument_hold
    values = [monument_value(position(bag), HARD_SIGHT) for bag in (0, 4, 8, 36, 72)]
    assert values[0] == 0.0
    assert values == sorted(values) and len(set(values)) == len(values)
    # 72 tiles at 1.8 a turn are 20 turns of each of the two players': each scores while the leader is held.
    assert values[-1] == pytest.approx(sum(q ** t for t in range(20)))
    assert values[-1] > 4 * FULL_SIGHT.monument     # early on, far more than the flat value


def test_a_long_bag_makes_the_monument_worth_more_to_hard_only() -> None:
    early, late = position(72), position(4)
    assert evaluate(early, 0, FULL_SIGHT) == evaluate(late, 0, FULL_SIGHT)
    gain = evaluate(early, 0, HARD_SIGHT) - evaluate(late, 0, HARD_SIGHT)
    assert gain > 0
    # The monument's holder is better off; the other seat, which holds none, worse off by as much.
    assert evaluate(early, 1, HARD_SIGHT) - evaluate(late, 1, HARD_SIGHT) == pytest.approx(-gain)


def test_hard_judges_its_side_with_its_sight_and_the_reply_with_the_others(monkeypatch: Any) -> None:
    seen: list[tuple[str, int, Weights]] = []
    real_best_of, real_evaluate = reply.best_of, reply.evaluate

    def best_of(s: State, acts: list[Any], w: Weights = FULL_SIGHT) -> Any:
        seen.append(("choose", s.active, w))
        return real_best_of(s, acts, w)

    def judge(s: State, seat: int, w: Weights = FULL_SIGHT) -> float:
        seen.append(("judge", seat, w))
        return real_evaluate(s, seat, w)

    monkeypatch.setattr(reply, "best_of", best_of)
    monkeypatch.setattr(reply, "evaluate", judge)
    # Seat 0 swaps a tile, its second action is chosen on the guess's own draw, then seat 1 replies.
    play_out(position(72), ({"kind": "swap", "tiles": ["blue"]}, AFTER_SWAP), 0)
    assert seen == [("choose", 0, HARD_SIGHT), ("choose", 1, FULL_SIGHT), ("choose", 1, FULL_SIGHT),
                    ("judge", 0, HARD_SIGHT)]


def test_hard_ranks_its_plans_with_its_sight(monkeypatch: Any) -> None:
    sights: list[Weights] = []
    real_ranked = reply.ranked

    def ranked(s: State, actions: list[Any], w: Weights = FULL_SIGHT) -> Any:
        sights.append(w)
        return real_ranked(s, actions, w)

    monkeypatch.setattr(reply, "ranked", ranked)
    found, _ = reply.plans(position(72), 0, allow_pass=True)
    assert found and len(sights) > 1                # the first actions, then the seconds after each
    assert set(sights) == {HARD_SIGHT}
