"""The easy and normal computer players, deciding from a seat's Knowledge.

Owns: easy (a slightly noisy greedy player with a short sight: points and leaders on the board)
and normal (greedy over its own two actions with the full evaluation, support by the solved
conflict of game.ai.conflict, offers and treasures judged one ply ahead).
Imports game.rules only; never game.ui, net or pygame.
"""

from __future__ import annotations

import random

from game.rules import legal_actions
from game.rules.conflicts import board_strength, support_color
from game.rules.state import State, deciding

from .conflict import solve_support
from .determinize import Knowledge
from .evaluate import FULL_SIGHT, Weights
from .policy import NARROW, WIDE, Action, may_pass, noisy_greedy, quick_answer, ranked, two_actions

# Easy sees points and leaders on the board, little else.
EASY_SIGHT = Weights(leader_on_board=1.0, tiles_in_kingdom=0.05, temple_guard=0.1, king_collects=0.1,
                     monument=0.5, treasure_pending=0.5, catastrophe=0.2, hand_tile=0.0)


def easy(know: Knowledge, rng: random.Random) -> Action:
    """Return the easy level's decision."""
    s = know.sample(rng)
    kind = deciding(s)["kind"]
    if kind == "action":
        return noisy_greedy(s, rng, NARROW, EASY_SIGHT, spread=3, allow_pass=may_pass(s, know.whole_passes))
    if kind == "support":
        return {"kind": "commit", "count": _plain_support(know, s)}
    return quick_answer(s)


def _plain_support(know: Knowledge, s: State) -> int:
    """Commit what beats the other side's board strength, ignoring what they may hold."""
    c = s.conflict
    assert c is not None, "support is asked only during a revolt or a war"
    held = s.hands[know.seat][support_color(s)]
    attack = board_strength(s, "attacker")
    defend = board_strength(s, "defender")
    if c["attacker_commit"] is None:
        need = defend - attack + 1
    else:
        need = attack + c["attacker_commit"] - defend
    return need if 0 < need <= held else 0


def normal(know: Knowledge, rng: random.Random, w: Weights = FULL_SIGHT) -> Action:
    """Return the normal level's decision, its actions, offers and treasures judged with w (hard answers its
    offers with its own sight); support is the solved commitment, judged with the full sight."""
    s = know.sample(rng)
    kind = deciding(s)["kind"]
    if kind == "action":
        return two_actions(s, WIDE, width=4, w=w, allow_pass=may_pass(s, know.whole_passes))
    if kind == "support":
        return {"kind": "commit", "count": support(know, s)}
    options = legal_actions(s)
    if len(options) == 1:
        return options[0]
    return options[ranked(s, options, w)[0][1]]


def support(know: Knowledge, s: State) -> int:
    """Return the solved commitment for the conflict under way (game.ai.conflict)."""
    return solve_support(s, know.seat, know.pool, [sv["hand_count"] for sv in know.view["seats"]])
