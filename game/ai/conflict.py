"""The conflict sub-game solved: how much support to commit in a revolt or a war (sections 10, 11).

Owns: the support decision of every level that thinks (normal and hard, and hard's search).
The attacker commits first and cannot see the defender's hand: the defender's count of the
support colour follows the hypergeometric law (their hand drawn from the tiles this seat has not
seen). The defender then sees the attacker's commitment and answers exactly: the fewest tiles
that hold (a tie goes to the defender), or nothing at all when the defence is lost or not worth
its tiles. The attacker picks the commitment with the best expected outcome against that answer.
What winning and losing are worth comes from the evaluation of the two outcomes, played by the
engine on a guessed position.
Imports game.rules only; never game.ui, net or pygame.
"""

from __future__ import annotations

from math import comb

from game.rules import apply
from game.rules.conflicts import board_strength, support_color
from game.rules.state import State

from .evaluate import evaluate

TILE_COST = 0.25    # what one tile spent in support is worth kept in hand (future points and support)


def hypergeometric(k: int, pool: int, marked: int, drawn: int) -> float:
    """Return P(exactly k marked tiles) when `drawn` tiles are taken from `pool` holding `marked`."""
    if k < 0 or k > marked or k > drawn or drawn - k > pool - marked or pool <= 0:
        return 1.0 if pool <= 0 and k == 0 else 0.0
    return comb(marked, k) * comb(pool - marked, drawn - k) / comb(pool, drawn)


def holds_at_least(need: int, pool: int, marked: int, drawn: int) -> float:
    """Return P(the hand of `drawn` tiles from `pool` holds `need` or more marked tiles)."""
    if need <= 0:
        return 1.0
    return sum(hypergeometric(k, pool, marked, drawn) for k in range(need, min(marked, drawn) + 1))


def outcome_values(s: State, seat: int) -> tuple[float, float]:
    """Return (value for seat if the attacker wins, value if the defender wins), support left aside.

    Both outcomes are played by the engine on copies of s whose support tiles are set so that the
    commitments are possible; the tiles spent are priced apart (TILE_COST), so neither outcome
    is charged for them here.
    """
    c = s.conflict
    assert c is not None and c["attacker_commit"] is None
    color = support_color(s)
    gap = board_strength(s, "defender") - board_strength(s, "attacker")
    values = []
    for attacker_wins in (True, False):
        t = s.copy()
        need = max(0, gap + 1) if attacker_wins else 0
        held = list(t.hands[c["attacker"]])
        t.hands[c["attacker"]][color] = max(held[color], need)
        t, _ = apply(t, {"kind": "commit", "count": need})
        answer = 0 if attacker_wins else max(0, -gap)   # a tie holds
        t.hands[c["defender"]][color] = max(t.hands[c["defender"]][color], answer)
        t, _ = apply(t, {"kind": "commit", "count": answer})
        values.append(_settled_value(t, seat))
    return values[0], values[1]


def _settled_value(s: State, seat: int) -> float:
    from .policy import settle  # policy builds on this module's answers; import late

    return evaluate(settle(s), seat)


def attacker_commit(held: int, gap: int, pool: int, marked: int, drawn: int,
                    win: float, lose: float) -> int:
    """Return the attacker's best commitment.

    gap: defender's board strength minus the attacker's; pool/marked/drawn: the unseen tiles,
    those of the support colour, and the defender's hand size; win/lose: the attacker's values of
    the two outcomes.
    """
    best, best_value = 0, None
    for a in range(held + 1):
        need = a - gap          # the defender holds with `need` tiles (a tie goes to the defender)
        if need <= 0:
            p_win, spent = 0.0, 0.0
        else:
            p_hold = holds_at_least(need, pool, marked, drawn)
            p_win = 1.0 - p_hold
            # When the defender holds, it spends `need` tiles; the attacker counts that as a gain.
            spent = p_hold * need
        value = p_win * win + (1.0 - p_win) * lose - TILE_COST * a + TILE_COST * spent
        if best_value is None or value > best_value + 1e-9:
            best, best_value = a, value
    return best


def defender_commit(held: int, need: int, hold: float, fall: float) -> int:
    """Return the defender's answer: `need` tiles hold (if held and worth it), else nothing."""
    if need <= 0:
        return 0            # already holding: every tile spent would be wasted
    if need > held:
        return 0            # a lost defence: keep the tiles
    return need if hold - TILE_COST * need > fall else 0


def solve_support(s: State, seat: int, unseen: list[int], hand_counts: list[int]) -> int:
    """Return seat's commitment in the conflict under way on s.

    unseen: per colour, the tiles seat has not seen (other hands, the bag, unseen discards);
    hand_counts: every seat's hand size. Only what seat may know is read of s: the board, its own
    hand, the commitments made; other hands are never looked at.
    """
    c = s.conflict
    assert c is not None
    color = support_color(s)
    held = s.hands[seat][color]
    if held == 0:
        return 0
    attack, defend = board_strength(s, "attacker"), board_strength(s, "defender")
    if c["attacker_commit"] is None:
        win, lose = outcome_values(s, seat)
        return attacker_commit(held, defend - attack, sum(unseen), unseen[color], hand_counts[c["defender"]],
                               win, lose)
    need = attack + c["attacker_commit"] - defend
    if need <= 0 or need > held:
        return 0
    hold, fall = _defence_values(s, seat, need)
    return defender_commit(held, need, hold, fall)


def _defence_values(s: State, seat: int, need: int) -> tuple[float, float]:
    held_after, _ = apply(s, {"kind": "commit", "count": need})
    fallen, _ = apply(s, {"kind": "commit", "count": 0})
    return _settled_value(held_after, seat) + TILE_COST * need, _settled_value(fallen, seat)


# The cheap value model for conflicts inside a look-ahead (hard's plans and replies, normal's one
# ply): a leader kept or lost, and the points the winner scores (a war's points grow with the
# loser's side).
QUICK_WIN, QUICK_LOSE = 2.0, -2.0


def unseen_by(s: State, seat: int) -> list[int]:
    """Return, per colour, the tiles of a (guessed) State that seat cannot see: other hands and the bag."""
    out = [0, 0, 0, 0]
    for other, hand in enumerate(s.hands):
        if other != seat:
            for c in range(4):
                out[c] += hand[c]
    for c in s.bag[s.bag_pos:]:
        out[c] += 1
    return out


def quick_support(s: State) -> int:
    """Return the seat to decide's commitment by the solved rule with the cheap value model."""
    c = s.conflict
    assert c is not None and s.decision is not None
    seat = s.decision["seat"]
    color = support_color(s)
    held = s.hands[seat][color]
    if held == 0:
        return 0
    attack, defend = board_strength(s, "attacker"), board_strength(s, "defender")
    if c["attacker_commit"] is None:
        unseen = unseen_by(s, seat)
        return attacker_commit(held, defend - attack, sum(unseen), unseen[color], sum(s.hands[c["defender"]]),
                               QUICK_WIN, QUICK_LOSE)
    need = attack + c["attacker_commit"] - defend
    return defender_commit(held, need, -QUICK_LOSE, -QUICK_WIN)


def quick_war(s: State) -> int:
    """Return which pending war the active player starts first (a colour index).

    The one it is likeliest to win: its side's tiles of the colour and its support in hand, against
    the rival side's tiles and the support the rival is expected to hold (unseen tiles in proportion).
    Wars it is not in come last, in the engine's order.
    """
    from game.rules.conflicts import pending_wars, war_side

    seat = s.active
    unseen = unseen_by(s, seat)
    pool = max(1, sum(unseen))
    best, best_edge = None, -1e9
    for color, keys in pending_wars(s).items():
        mine = [k for k in keys if k[0] == seat]
        if not mine:
            continue
        rival = next(k for k in keys if k[0] != seat)
        ours = (war_side(s, mine[0]) & s.tiles[color]).bit_count() + s.hands[seat][color]
        theirs = (war_side(s, rival) & s.tiles[color]).bit_count() + sum(s.hands[rival[0]]) * unseen[color] / pool
        if ours - theirs > best_edge:
            best, best_edge = color, ours - theirs
    if best is None:
        best = next(iter(pending_wars(s)))
    return best
