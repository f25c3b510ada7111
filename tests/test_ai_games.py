"""Computer players finish their games: no endless passing, every game ends under a cap."""

from __future__ import annotations

import pytest

from game.ai import choose
from game.ai.evaluate import POINTS_ONLY, evaluate
from game.ai.seats import decision_seed
from game.rules import legal_actions
from game.session import Seat, Table

CAP = 300       # turns; a real game lasts about 60 to 120


def play(levels: list[str], seed: int, ai_seed: int, history: bool = True) -> tuple[object, list[int]]:
    """Play a game between computer levels at a table; return its last state and each seat's longest run
    of whole turns passed (at any score).

    Each decision is asked as the computer-seat driver asks it (DESIGN.md): the seat's view and history,
    seeded by decision_seed(ai_seed, view_id, seat) with an AI seed drawn apart from the game's seed.
    history=False asks with no history at all, as a computer that cannot tell what it has passed.
    """
    table = Table([Seat(f"p{i}", "bull", level) for i, level in enumerate(levels)], seed, ai_seed=ai_seed)
    run = [0] * len(levels)
    worst = [0] * len(levels)
    while (seat := table.to_move()) is not None and table.state.turn <= CAP:
        s = table.state
        action = choose(table.view(seat), levels[seat], decision_seed(table.ai_seed, table.view_id, seat), 0.05,
                        table.history(seat) if history else None)
        assert action in legal_actions(s)
        if s.decision["kind"] == "action" and s.actions_left == 2:
            run[seat] = run[seat] + 1 if action["kind"] == "pass" else 0
            worst[seat] = max(worst[seat], run[seat])
        table.submit(seat, action, table.view_id)
    return table.state, worst


# AI seeds are fixed here so a failure replays; in play they are drawn from fresh entropy (new_seed).
@pytest.mark.parametrize(("levels", "seed", "ai_seed", "history"), [
    (["easy", "normal"], 5052, 0x5D1F_23A4_9B07_C6E2, True),
    (["normal", "easy"], 7, 0x2B8E_71C3_04FA_9D51, False),
    (["easy", "easy", "easy"], 11, 0xC40A_6E97_35B2_18FD, True),
])
def test_computer_games_end_under_the_cap(levels: list[str], seed: int, ai_seed: int, history: bool) -> None:
    s, worst = play(levels, seed, ai_seed, history)
    assert s.game_over, f"the game was still going after {CAP} turns"
    assert max(worst) < 3, "a computer passed three whole turns running"


def test_a_computer_never_passes_a_third_whole_turn_at_any_score() -> None:
    from game.ai.determinize import read_history
    from game.ai.policy import candidates, may_pass
    from game.rules import load_scenario

    s = load_scenario({"players": 2, "scores": [{"red": 1}, {"red": 5, "blue": 5, "green": 5, "black": 5}],
                       "active": 0})
    assert evaluate(s, 0, POINTS_ONLY) < 0
    assert may_pass(s, 0) and may_pass(s, 1)
    assert not may_pass(s, 2)
    assert not may_pass(s, None)        # no history: it cannot tell, so it does not pass a whole turn
    assert {"kind": "pass"} not in candidates(s, allow_pass=may_pass(s, 2))
    # Tied or ahead makes no difference: two tied computers would otherwise pass forever.
    tied = load_scenario({"players": 2, "scores": [{"red": 3, "blue": 3, "green": 3, "black": 3}] * 2,
                          "active": 0})
    assert evaluate(tied, 0, POINTS_ONLY) == 0
    ahead = load_scenario({"players": 2, "scores": [{"red": 5, "blue": 5, "green": 5, "black": 5}, {}],
                           "active": 0})
    assert evaluate(ahead, 0, POINTS_ONLY) > 0
    for position in (tied, ahead):
        assert may_pass(position, 1) and not may_pass(position, 2) and not may_pass(position, 5)
    one_left = load_scenario({"players": 2, "active": 0, "actions_left": 1})
    assert may_pass(one_left, None)     # passing the second action is not a whole turn
    # The history counts this seat's latest whole turns passed.
    events = [{"kind": "turn_started", "seat": 0, "turn": 3}, {"kind": "passed", "seat": 0},
              {"kind": "turn_started", "seat": 1, "turn": 4}, {"kind": "tile_placed", "seat": 1, "color": "red",
                                                               "at": [0, 0]},
              {"kind": "turn_started", "seat": 0, "turn": 5}, {"kind": "passed", "seat": 0}]
    assert read_history(events, 2, 0).whole_passes == 2
    events += [{"kind": "turn_started", "seat": 0, "turn": 7}, {"kind": "swap", "seat": 0, "count": 1}]
    assert read_history(events, 2, 0).whole_passes == 0


# Two seats tied at 3 points a colour; every kingdom is a temple and its leader walled in by
# catastrophes, black leaders have nowhere to stand and the bag holds only black tiles: any tile
# placed or swapped away loses a little, so passing looks best to both, turn after turn. Before
# the cap at every score, hard passed seven whole turns running here.
STANDSTILL = {
    "players": 2,
    "board": [
        "r.x.~~~~~xr.xx.r",
        "xxx.~....xxxxxxx",
        "...~~.......~~..",
        "~~~~.........~~~",
        "..............~~",
        "..............~.",
        "~~~~........~~~.",
        "...~~~~.....~...",
        "......~~~~~~~...",
        "xxxxxxxxxxxxxxxx",
        "rxxr.xr.xr.xrxxx",
    ],
    "treasures": [[0, 0], [0, 10], [0, 15], [10, 0], [10, 3], [10, 6], [10, 9], [10, 12]],
    "leaders": [{"seat": 0, "color": "red", "at": [0, 1]}, {"seat": 0, "color": "blue", "at": [0, 11]},
                {"seat": 0, "color": "green", "at": [0, 14]}, {"seat": 1, "color": "red", "at": [10, 4]},
                {"seat": 1, "color": "blue", "at": [10, 7]}, {"seat": 1, "color": "green", "at": [10, 10]}],
    "catastrophes": [0, 0],
    "bag": ["black"] * 20,
    "hands": [["red", "red", "blue", "blue", "green", "green"], ["red", "blue", "green", "red", "blue", "green"]],
    "scores": [{"red": 3, "blue": 3, "green": 3, "black": 3}] * 2,
    "active": 0,
}


@pytest.mark.parametrize("level", ["normal", "hard"])
def test_tied_computers_do_not_pass_three_whole_turns_running(level: str) -> None:
    """From a standstill where passing looks best, a tied computer passes twice, then must act."""
    from game.rules import load_scenario

    s = load_scenario(STANDSTILL)
    assert evaluate(s, 0, POINTS_ONLY) == 0 == evaluate(s, 1, POINTS_ONLY)
    table = Table([Seat(f"p{i}", "bull", level) for i in range(2)], 5, ai_seed=0x71ED, state=s)
    run = [0, 0]
    longest = 0
    turns_played = 0
    while (seat := table.to_move()) is not None and turns_played < 12:
        state = table.state
        whole = state.decision["kind"] == "action" and state.actions_left == 2
        action = choose(table.view(seat), level, decision_seed(table.ai_seed, table.view_id, seat), 0.05,
                        table.history(seat))
        if whole:
            turns_played += 1
            run[seat] = run[seat] + 1 if action["kind"] == "pass" else 0
            assert run[seat] < 3, f"seat {seat} passed a third whole turn running (turn {state.turn})"
            longest = max(longest, run[seat])
        table.submit(seat, action, table.view_id)
    assert longest == 2, "the standstill no longer tempts the computer to pass: the cap went untested"
