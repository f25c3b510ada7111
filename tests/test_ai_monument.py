"""Hard's sight of a monument: its leader is worth the points it will score while held, over the turns the
bag has left (game.ai.evaluate.HARD_SIGHT); the other levels value it flat.

Positions are built with the scenario format.
"""

from __future__ import annotations

import pytest

from game.ai.evaluate import FULL_SIGHT, HARD_SIGHT, TILES_PER_TURN, evaluate, monument_value
from game.rules.vocabulary import COLORS

from .scenarios import SPARE, SPARE_TREASURES, load

# A red/black monument (3,5)-(4,6) over two temples (5,5) (5,6), seat 0's priest (5,4) beside them; seat 1's
# priest far away in a kingdom of two temples.
BESIDE_A_MONUMENT = (("##/##", (3, 5)), ("Rrr", (5, 4)), ("Prr", (9, 2)))


def position(bag: int):
    return load(*BESIDE_A_MONUMENT, *SPARE, temples=False, treasures=SPARE_TREASURES,
                monuments=[{"colors": ["red", "black"], "at": [3, 5]}],
                hands=[["blue"] * 6, ["blue"] * 6], bag=[COLORS[i % 4] for i in range(bag)])


@pytest.mark.parametrize("bag", [0, 8, 72])
def test_the_other_levels_value_a_monument_flat(bag: int) -> None:
    assert monument_value(position(bag), FULL_SIGHT) == FULL_SIGHT.monument


def test_hard_values_a_monument_by_the_turns_the_bag_has_left() -> None:
    q = HARD_SIGHT.monument_hold
    values = [monument_value(position(bag), HARD_SIGHT) for bag in (0, 4, 8, 36, 72)]
    assert values[0] == 0.0                      # no turn left to score it
    assert values == sorted(values) and len(set(values)) == len(values)
    # 72 tiles are 20 turns of each of the two players': each turn scores while the leader is still held.
    turns = 72 / (TILES_PER_TURN * 2)
    assert turns == pytest.approx(20.0)
    assert values[-1] == pytest.approx(sum(q ** t for t in range(20)))
    assert values[-1] < 1 / (1 - q)              # never more than a leader held for ever


def test_a_long_bag_makes_the_monument_worth_more_to_hard_only() -> None:
    early, late = position(72), position(4)
    assert evaluate(early, 0, FULL_SIGHT) == evaluate(late, 0, FULL_SIGHT)
    assert evaluate(early, 0, HARD_SIGHT) > evaluate(late, 0, HARD_SIGHT)
    # The monument's holder is better off; the other seat, which holds none, worse off by as much.
    assert evaluate(early, 1, HARD_SIGHT) < evaluate(late, 1, HARD_SIGHT)
