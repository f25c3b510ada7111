"""The easy and normal computer players, deciding from a seat's Knowledge.

Owns: easy (a slightly noisy greedy player with a short sight: points and leaders on the board)
and normal (greedy over its own two actions with the full evaluation, support weighed over a few
guesses of the hidden tiles, offers and treasures judged one ply ahead).
Imports game.rules only; never game.ui, net or pygame.
"""

from __future__ import annotations

import random

from game.rules import legal_actions
from game.rules.conflicts import board_strength, support_color

from .determinize import Knowledge
from .evaluate import FULL_SIGHT, Weights
from .policy import NARROW, WIDE, Action, noisy_greedy, quick_answer, ranked, two_actions, value_after

# Easy sees points and leaders on the board, little else.
EASY_SIGHT = Weights(leader_on_board=1.0, tiles_in_kingdom=0.05, temple_guard=0.1, king_collects=0.1,
                     monument=0.5, treasure_pending=0.5, catastrophe=0.2, hand_tile=0.0)
SUPPORT_GUESSES = 6     # how many samples of the hidden tiles normal weighs its support over


def easy(know: Knowledge, rng: random.Random) -> Action:
    """Return the easy level's decision."""
    s = know.sample(rng)
    kind = s.decision["kind"]
    if kind == "action":
        return noisy_greedy(s, rng, NARROW, EASY_SIGHT, spread=3)
    if kind == "support":
        return {"kind": "commit", "count": _plain_support(know, s)}
    return quick_answer(s)


def _plain_support(know: Knowledge, s) -> int:
    """Commit what beats the other side's board strength, ignoring what they may hold."""
    c = s.conflict
    held = s.hands[know.seat][support_color(s)]
    attack = board_strength(s, "attacker")
    defend = board_strength(s, "defender")
    if c["attacker_commit"] is None:
        need = defend - attack + 1
    else:
        need = attack + c["attacker_commit"] - defend
    return need if 0 < need <= held else 0


def normal(know: Knowledge, rng: random.Random) -> Action:
    """Return the normal level's decision."""
    s = know.sample(rng)
    kind = s.decision["kind"]
    if kind == "action":
        return two_actions(s, WIDE, width=4)
    if kind == "support":
        return weighed(know, rng, legal_actions(s), SUPPORT_GUESSES)
    options = legal_actions(s)
    if len(options) == 1:
        return options[0]
    return options[ranked(s, options)[0][1]]


def weighed(know: Knowledge, rng: random.Random, options: list[Action], guesses: int,
            w: Weights = FULL_SIGHT) -> Action:
    """Return the option with the best value averaged over several guesses of the hidden tiles."""
    if len(options) == 1:
        return options[0]
    totals = [0.0] * len(options)
    for _ in range(guesses):
        s = know.sample(rng)
        for i, a in enumerate(options):
            totals[i] += value_after(s, a, know.seat, w)[0]
    best = max(range(len(options)), key=lambda i: (totals[i], -i))
    return options[best]
