"""Checks that hold after every action of any game, shared by the random-game tests and benchmarks."""

from __future__ import annotations

import json
import random
from typing import Any

import msgpack

from game.rules import (
    IllegalAction,
    apply,
    dump_scenario,
    events_for,
    legal_actions,
    load_scenario,
    to_move,
    view_for,
)
from game.rules.boards import dilate
from game.rules.state import RED, TILE_COUNTS, State, connected, kingdoms

TOTAL_TILES = sum(TILE_COUNTS)


def tiles_accounted(s: State) -> int:
    """Return the number of tiles found in the bag, the hands, the board and the discard."""
    on_board = sum(t.bit_count() for t in s.tiles) + s.down.bit_count()
    in_hands = sum(sum(h) for h in s.hands)
    return on_board + in_hands + (len(s.bag) - s.bag_pos) + sum(s.discarded)


def check_state(s: State) -> None:
    """Assert the invariants of RULES.md that hold whenever a seat must decide."""
    assert tiles_accounted(s) == TOTAL_TILES, "a tile was lost or made up"
    supported = dilate(s.tiles[RED])
    for key, sq in s.leaders.items():
        assert (supported >> sq) & 1, f"leader {key} is not next to a temple"
    if s.conflict is None and s.union is None:
        for k in kingdoms(s, connected(s)):
            colors = [c for (_, c), sq in s.leaders.items() if (k >> sq) & 1]
            assert len(colors) == len(set(colors)), "a kingdom holds two leaders of one colour"
    for h in s.hands:
        assert min(h) >= 0 and sum(h) <= 6
    if not s.game_over:
        assert legal_actions(s), "no legal action while the game goes on"


def check_privacy(s: State, events: list[dict[str, Any]]) -> None:
    """Assert that no seat's view or events show another seat's hand, totals or the bag order."""
    for seat in [None, *range(s.players)]:
        view = view_for(s, seat)
        packed = msgpack.unpackb(msgpack.packb(view), raw=False)
        assert packed == view, "a view does not survive msgpack"
        assert "bag_order" not in view and isinstance(view["bag"], int)
        for other in view["seats"]:
            if other["seat"] != seat and not s.game_over:
                assert other["hand"] is None, "a view shows another seat's hand"
                if "open_scores" not in s.variants:
                    assert other["scores"] is None, "a view shows another seat's totals"
        for e in events_for(events, seat):
            assert msgpack.unpackb(msgpack.packb(e), raw=False) == e
            if e["kind"] in ("tiles_drawn", "swap") and e["seat"] != seat:
                assert "tiles" not in e, "an event shows another seat's tiles"
            assert "total" not in e and "bag" not in e


BAD_ACTIONS = [
    {"kind": "nonsense"},
    {"kind": "place_tile", "color": "purple", "to": [0, 0]},
    {"kind": "place_tile", "color": "red", "to": [99, 0]},
    {"kind": "commit", "count": 99},
    {"kind": "swap", "tiles": []},
    {"kind": "catastrophe", "to": "here"},
    "not an action",
]


def check_refusal(s: State, rng: random.Random) -> None:
    """Assert that an illegal action is refused and leaves the state as it was."""
    before = json.dumps(view_for(s, s.decision["seat"]), sort_keys=True)
    legal = legal_actions(s)
    bad = rng.choice(BAD_ACTIONS)
    if bad in legal:
        return
    try:
        apply(s, bad)
    except IllegalAction as exc:
        assert str(exc)
    else:
        raise AssertionError(f"illegal action accepted: {bad}")
    assert json.dumps(view_for(s, s.decision["seat"]), sort_keys=True) == before


def check_round_trip(s: State) -> None:
    """Assert that dumping and loading a scenario between actions loses nothing."""
    if s.game_over or s.decision["kind"] != "action":
        return
    data = dump_scenario(s)
    again = load_scenario(json.loads(json.dumps(data)))
    assert dump_scenario(again) == data
    assert legal_actions(again) == legal_actions(s)


def play_checked(seed: int, players: int, variants: tuple[str, ...] = (), full_checks: bool = True) -> State:
    """Play one random game, checking every invariant after every action; return the end state."""
    from game.rules import new_game

    rng = random.Random(seed)
    s = new_game(players, seed, variants)
    steps = 0
    while to_move(s) is not None:
        legal = legal_actions(s)
        action = rng.choice(legal)
        if full_checks and rng.random() < 0.2:
            check_refusal(s, rng)
        s, events = apply(s, action)
        check_state(s)
        if full_checks:
            check_privacy(s, events)
            if rng.random() < 0.1:
                check_round_trip(s)
        steps += 1
        assert steps < 5000, "the game does not end"
    return s
