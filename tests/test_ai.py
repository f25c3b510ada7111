"""Computer players: always legal, fair (blind to what their seat may not see), and playable at a table.

More positions on demand: TWO_RIVERS_AI_POSITIONS=10000 python -m pytest tests/test_ai.py
"""

from __future__ import annotations

import os
import random
import time
from functools import cache
from typing import Any

import pytest

from game.ai import LEVELS, choose
from game.ai.determinize import knowledge
from game.ai.policy import attacks, reply_candidates
from game.ai.search import hard
from game.rules import apply, events_for, legal_actions, new_game, to_move, view_for
from game.rules.state import State

from .invariants import TOTAL_TILES, tiles_accounted

POSITIONS = int(os.environ.get("TWO_RIVERS_AI_POSITIONS", "400"))
ALL_VARIANTS = ("advanced_board", "buildings", "ziggurat", "open_scores")
VARIANT_SETS = [(), ("buildings", "ziggurat"), ALL_VARIANTS]
DECISION_KINDS = {"action", "support", "choose_war", "monument", "building", "ziggurat", "treasure"}

Position = tuple[State, list[dict[str, Any]]]   # a state and the events its seat to move has seen


def random_game(seed: int, players: int, variants: tuple[str, ...]) -> list[Position]:
    """Play random legal actions; return every position where a seat decides, with its history."""
    s = new_game(players, seed, variants)
    rng = random.Random(seed)
    seen: list[list[dict[str, Any]]] = [[] for _ in range(players)]
    out = []
    while (seat := to_move(s)) is not None:
        out.append((s, list(seen[seat])))
        s, events = apply(s, rng.choice(legal_actions(s)))
        for i in range(players):
            seen[i].extend(events_for(events, i))
    return out


@cache
def positions() -> list[Position]:
    """Return POSITIONS decision points from random games: every rare decision, turn actions to fill."""
    found: list[Position] = []
    # Game 6 with every variant builds a ziggurat offer; the others bring the remaining kinds.
    for g in range(36):
        found.extend(random_game(g, 2 + g % 3, VARIANT_SETS[g % 3]))
    found.extend(random_game(6, 2, ALL_VARIANTS))
    rare = [p for p in found if p[0].decision["kind"] != "action"]
    common = [p for p in found if p[0].decision["kind"] == "action"]
    random.Random(0).shuffle(common)
    return (rare + common)[:max(POSITIONS, len(rare) + 50)]


def kinds_in(ps: list[Position]) -> set[str]:
    return {s.decision["kind"] for s, _ in ps}


def test_positions_cover_every_decision_kind() -> None:
    assert kinds_in(positions()) == DECISION_KINDS


@pytest.mark.parametrize("level", ["easy", "normal"])
def test_every_decision_is_legal(level: str) -> None:
    for i, (s, history) in enumerate(positions()):
        seat = to_move(s)
        view = view_for(s, seat)
        action = choose(view, level, i, history=history if i % 2 else None)
        assert action in legal_actions(s), (level, s.decision["kind"], action)


def test_hard_is_legal_on_every_decision_kind_with_a_tiny_budget() -> None:
    ps = positions()
    picked: list[Position] = []
    for kind in sorted(DECISION_KINDS):
        picked.extend([p for p in ps if p[0].decision["kind"] == kind][:5])
    for i, (s, history) in enumerate(picked):
        seat = to_move(s)
        start = time.perf_counter()
        action = choose(view_for(s, seat), "hard", i, budget_s=0.02, history=history)
        assert time.perf_counter() - start < 5.0
        assert action in legal_actions(s), (s.decision["kind"], action)


def test_attacks_and_a_rivals_reply_candidates_are_legal() -> None:
    """The wars and revolts hard's look-ahead builds from target masks, and the few actions a rival's reply
    weighs, are all actions the engine allows (an illegal one would stop hard's decision)."""
    found = 0
    for s, _ in positions():
        if s.decision["kind"] != "action":
            continue
        legal = legal_actions(s)
        ideas = attacks(s, most=99)
        found += len(ideas)
        for action in ideas + reply_candidates(s):
            assert action in legal, action
    assert found >= 20, "too few wars or revolts in these positions to check"


def test_guessed_states_agree_with_the_view() -> None:
    for i, (s, history) in enumerate(positions()[::7]):
        seat = to_move(s)
        view = view_for(s, seat)
        guess = knowledge(view, history if i % 2 else None).sample(random.Random(i))
        assert legal_actions(guess) == legal_actions(s)
        assert tiles_accounted(guess) == TOTAL_TILES
        mine, theirs = view_for(guess, seat), dict(view)
        for v in (mine, theirs):
            v.pop("seats")
        assert mine == theirs


def test_quick_guesses_agree_with_the_view_and_draw_as_fairly() -> None:
    """The search's quick deal keeps every public fact and the tile count, and its hands are drawn
    from the unseen tiles with the same law as the full shuffle (the colour shares match)."""
    for i, (s, history) in enumerate(positions()[::11]):
        seat = to_move(s)
        view = view_for(s, seat)
        know = knowledge(view, history if i % 2 else None)
        guess = know.quick_sample(random.Random(i))
        assert legal_actions(guess) == legal_actions(s)
        assert tiles_accounted(guess) == TOTAL_TILES
        assert min(guess.discarded) >= 0
        mine, theirs = view_for(guess, seat), dict(view)
        for v in (mine, theirs):
            v.pop("seats")
        assert mine == theirs
    s, history = next(p for p in positions() if p[0].decision["kind"] == "action" and p[0].players == 2
                      and sum(p[0].hands[1 - p[0].active]) == 6 and len(p[0].bag) - p[0].bag_pos > 40)
    know = knowledge(view_for(s, s.active), history)
    rival = 1 - s.active
    quick, full = [0] * 4, [0] * 4
    rng = random.Random(5)
    runs = 3000
    for _ in range(runs):
        q, f = know.quick_sample(rng), know.sample(rng)
        for c in range(4):
            quick[c] += q.hands[rival][c]
            full[c] += f.hands[rival][c]
    expected = [6 * runs * know.pool[c] / sum(know.pool) for c in range(4)]
    for c in range(4):
        # Three standard deviations of a sum of 3,000 six-tile draws, at most ~3 tiles a draw.
        assert abs(quick[c] - expected[c]) < 3 * (6 * runs) ** 0.5, (c, quick, full, expected)
        assert abs(full[c] - expected[c]) < 3 * (6 * runs) ** 0.5, (c, quick, full, expected)


def same_view_other_secrets(s: State, seat: int, rng: random.Random) -> State:
    """Return s with every hidden thing changed: other hands, the bag order, others' totals."""
    t = s.copy()
    hidden = [c for other in range(s.players) if other != seat for c in range(4) for _ in range(s.hands[other][c])]
    hidden += list(s.bag[s.bag_pos:])
    rng.shuffle(hidden)
    pos = 0
    for other in range(s.players):
        if other != seat:
            n = sum(s.hands[other])
            t.hands[other] = [hidden[pos:pos + n].count(c) for c in range(4)]
            pos += n
    t.bag, t.bag_pos = tuple(hidden[pos:]), 0
    if "open_scores" not in s.variants:
        t.scores = [list(v) if i == seat else [rng.randrange(40) for _ in range(4)] for i, v in enumerate(s.scores)]
    return t


def by_kind(per_kind: int) -> list[Position]:
    """Return up to per_kind positions of every kind of decision."""
    picked: list[Position] = []
    for kind in sorted(DECISION_KINDS):
        picked.extend([p for p in positions() if p[0].decision["kind"] == kind][:per_kind])
    return picked


def test_same_view_same_decision() -> None:
    """Twins that differ in every hidden part decide alike, at every level and every kind of decision."""
    rng = random.Random(5)
    picked = by_kind(4)
    assert kinds_in(picked) == DECISION_KINDS
    for i, (s, history) in enumerate(picked):
        seat = to_move(s)
        other = same_view_other_secrets(s, seat, rng)
        va, vb = view_for(s, seat), view_for(other, seat)
        assert va == vb
        for level in ("easy", "normal"):
            for hist in (history, None):
                assert choose(va, level, i, history=hist) == choose(vb, level, i, history=hist), (level, i)
        a = hard(knowledge(va, history), random.Random(i), simulations=12)
        b = hard(knowledge(vb, history), random.Random(i), simulations=12)
        assert a == b, (s.decision["kind"], a, b)


def test_choose_refuses_a_seat_that_is_not_deciding() -> None:
    s = new_game(3, 1)
    idle = (to_move(s) + 1) % 3
    with pytest.raises(ValueError):
        choose(view_for(s, idle), "easy", 0)
    with pytest.raises(ValueError):
        choose(view_for(s, to_move(s)), "expert", 0)
    assert LEVELS == ("easy", "normal", "hard")


def test_selfplay_takes_a_level_per_seat(capsys: pytest.CaptureFixture[str]) -> None:
    from game.selfplay import parse_levels
    from main import main

    assert parse_levels("easy", 3) == ["easy"] * 3
    assert parse_levels("easy,normal,hard,random", 4) == ["easy", "normal", "hard", "random"]
    for bad in ("easy,normal", "expert,easy"):
        with pytest.raises(ValueError):
            parse_levels(bad, 3)
    assert main(["--selfplay", "--players", "2", "--levels", "easy,random", "--seed", "3"]) == 0
    out = capsys.readouterr().out
    assert "levels easy,random" in out and "Ranking:" in out
