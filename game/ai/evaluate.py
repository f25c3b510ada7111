"""How good a position is for one seat: the static evaluation every level shares.

Owns: a number per position and seat, higher is better. A player's score is their lowest colour
(RULES.md section 15), so points are valued balanced: each colour's points plus what the board
promises in that colour (leaders standing in kingdoms with tiles of their colour, a king where
colours lack leaders, monuments, treasures a trader is about to take), sorted, the lowest weighing
most. The value of a seat is its own worth minus that of its strongest rival. The levels see more or less
of the board through `Weights`; hard's own (`HARD_SIGHT`) values a monument by the turns the bag has left.
Imports game.rules only; never game.ui, net or pygame.
"""

from __future__ import annotations

from dataclasses import dataclass

from game.rules.boards import dilate, flood
from game.rules.state import BLACK, GREEN, RED, State, bag_left, connected

# Weights of the sorted colours, lowest first: the lowest colour is the score.
SORTED_WEIGHTS = (1.0, 0.35, 0.15, 0.06)


@dataclass(frozen=True)
class Weights:
    """The evaluation's knobs, so that levels can see the board more or less clearly."""

    leader_on_board: float = 1.2      # a leader in play will score its colour
    tiles_in_kingdom: float = 0.12    # per tile of the leader's colour in its kingdom (war strength, future points)
    temple_guard: float = 0.25        # per temple next to a leader (revolt strength)
    king_collects: float = 0.3        # per colour a king collects because it has no leader there
    monument: float = 1.5             # a leader of a monument's colour in its kingdom scores every turn
    treasure_pending: float = 0.8     # treasures a trader will take at the end of the turn
    catastrophe: float = 0.3          # a catastrophe tile kept for later
    hand_tile: float = 0.05           # a tile in hand of a colour the seat leads
    # Above 0, a monument's leader is worth the points it will score while held, a turn at a time, each turn
    # held with this chance (a war or a revolt may take the leader away), over the turns the bag has left;
    # `monument` is the flat value instead.
    monument_hold: float = 0.0
    potential: bool = True


FULL_SIGHT = Weights()
POINTS_ONLY = Weights(potential=False)
# Hard's own sight: a monument scores every turn its leader stays (about 15% of a game's points, and most of
# them to the player who holds one early), so early in the game one is worth far more than a flat 1.5.
HARD_SIGHT = Weights(monument_hold=0.85)
# Tiles drawn from the bag per turn, on average (1.77-2.08 over four normal games); with the players, it tells how
# many turns of its own each seat has left.
TILES_PER_TURN = 1.8


def monument_value(s: State, w: Weights) -> float:
    """Return what one leader beside a monument of its colour is worth to its owner in s."""
    if w.monument_hold <= 0.0:
        return w.monument
    own_turns = bag_left(s) / (TILES_PER_TURN * s.players)
    q = w.monument_hold
    return (1.0 - q ** own_turns) / (1.0 - q)


def evaluate(s: State, seat: int, w: Weights = FULL_SIGHT) -> float:
    """Return how good s is for seat: its worth minus the best worth among the others."""
    if s.game_over:
        return _final(s, seat)
    conn = connected(s)
    groups: dict[int, int] = {}
    worths = [_worth(s, p, conn, groups, w) for p in range(s.players)]
    mine = worths[seat]
    rival = max(v for p, v in enumerate(worths) if p != seat)
    return mine - rival


def evaluate_all(s: State, w: Weights = FULL_SIGHT) -> list[float]:
    """Return evaluate(s, seat) for every seat at once (the worths are found only once)."""
    if s.game_over:
        return [_final(s, p) for p in range(s.players)]
    conn = connected(s)
    groups: dict[int, int] = {}
    worths = [_worth(s, p, conn, groups, w) for p in range(s.players)]
    out = []
    for p in range(s.players):
        out.append(worths[p] - max(v for q, v in enumerate(worths) if q != p))
    return out


def _final(s: State, seat: int) -> float:
    keys = []
    for p in range(s.players):
        keys.append(_balanced(list(map(float, s.scores[p])), s.treasures_taken[p]))
    best_other = max(k for p, k in enumerate(keys) if p != seat)
    # A finished game is worth far more than any promise: scale so a win dominates.
    return 10.0 * (keys[seat] - best_other) + (50.0 if keys[seat] > best_other else 0.0)


def _balanced(pts: list[float], treasures: float) -> float:
    """Return the weighted sorted colours of pts once the treasures are given out (pts is changed)."""
    # Section 15: treasures go to the lowest colour, one at a time.
    left = treasures
    while left > 0:
        low = min(range(4), key=pts.__getitem__)
        step = min(1.0, left)
        pts[low] += step
        left -= step
    pts.sort()
    a, b, c, d = pts
    w0, w1, w2, w3 = SORTED_WEIGHTS
    return w0 * a + w1 * b + w2 * c + w3 * d


def _worth(s: State, p: int, conn: int, groups: dict[int, int], w: Weights) -> float:
    """Return seat p's balanced points with what the board promises it.

    Written out in one loop: hard's look-ahead judges every action of a rival's turn with it, so it runs
    tens of thousands of times a decision. `groups` remembers the groups found (keyed by a square in them).
    """
    pts = [float(v) for v in s.scores[p]]
    treasures = float(s.treasures_taken[p])
    if not w.potential:
        return _balanced(pts, treasures)
    leaders, tiles = s.leaders, s.tiles
    extra = 0.0
    monument = monument_value(s, w) if s.monuments else 0.0
    led = 0     # tiles in hand of colours p leads
    hand = s.hands[p]
    for color in range(4):
        sq = leaders.get((p, color))
        if sq is None:
            continue
        led += hand[color]
        for k in groups.values():
            if (k >> sq) & 1:
                break
        else:
            k = groups[sq] = flood(1 << sq, conn)
        # A leader in play scores its colour; its kingdom's tiles of that colour are war strength and
        # future points; a priest's temples beside it are revolt strength.
        value = w.leader_on_board
        value += w.tiles_in_kingdom * min((k & tiles[color]).bit_count(), 10)
        if color == RED:
            value += w.temple_guard * min((dilate(1 << sq) & tiles[RED]).bit_count(), 4)
        pts[color] += value
        if color == BLACK:
            # Section 7: a tile scores for the king when its colour has no leader in the kingdom.
            present = {c for (_, c), q in leaders.items() if (k >> q) & 1}
            for other in range(3):
                if other not in present and k & tiles[other]:
                    pts[other] += w.king_collects
        elif color == GREEN:
            held = (k & s.treasure).bit_count()
            if held >= 2:
                treasures += w.treasure_pending * (held - 1)
        for colors, at, _ in s.monuments:
            if color in colors and (k >> at) & 1:
                pts[color] += monument
    extra += w.catastrophe * s.catastrophes[p]
    extra += w.hand_tile * led
    return _balanced(pts, treasures) + extra
