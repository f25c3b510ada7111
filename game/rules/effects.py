"""Small changes to a state that many rules share, each with the event that tells of it.

Owns: scoring a point, sending a leader home, drawing tiles, discarding, ending the game.
These work on a State copy inside `apply`; nothing here decides legality.
"""

from __future__ import annotations

from typing import Any

from .boards import square
from .state import COLORS, RED, State, supported_squares

Event = dict[str, Any]


def score(s: State, events: list[Event], seat: int | None, color: int, count: int, reason: str,
          **detail: Any) -> None:
    """Give `count` points of `color` to seat (nobody when seat is None); detail tells more of the reason
    (a monument's colours), for the log."""
    if seat is None or count <= 0:
        return
    s.scores[seat][color] += count
    events.append({"kind": "points", "seat": seat, "color": COLORS[color], "count": count, "reason": reason,
                   **detail})


def return_leader(s: State, events: list[Event], key: tuple[int, int], reason: str) -> None:
    """Send a leader from the board back to its owner's supply."""
    sq = s.leaders.pop(key)
    events.append({
        "kind": "leader_returned", "seat": key[0], "color": COLORS[key[1]],
        "from": square(sq), "reason": reason,
    })


def return_unsupported(s: State, events: list[Event]) -> None:
    """Section 4: a leader left with no adjacent temple goes back to its owner at once."""
    ok = supported_squares(s)
    for key, sq in sorted(s.leaders.items(), key=lambda kv: kv[1]):
        if not (ok >> sq) & 1:
            return_leader(s, events, key, "unsupported")


def discard_from_hand(s: State, seat: int, color: int, count: int) -> None:
    """Take tiles out of a hand and out of the game."""
    s.hands[seat][color] -= count
    s.discarded[color] += count


def draw(s: State, events: list[Event], seat: int, count: int) -> bool:
    """Draw up to `count` tiles for seat; return False when the bag could not supply them all."""
    available = len(s.bag) - s.bag_pos
    take = min(count, available)
    drawn = s.bag[s.bag_pos:s.bag_pos + take]
    s.bag_pos += take
    for c in drawn:
        s.hands[seat][c] += 1
    if take:
        events.append({"kind": "tiles_drawn", "seat": seat, "count": take,
                       "tiles": [COLORS[c] for c in drawn]})
    return take == count


def end_game(s: State, events: list[Event], reason: str) -> None:
    """Section 15: the game ends now; nothing more is scored."""
    from .scoring import final_ranking  # scoring imports effects' neighbours; keep the cycle lazy

    s.game_over = True
    s.end_reason = reason
    s.decision = None
    s.steps = []
    s.conflict = None
    events.append({"kind": "game_over", "reason": reason, "ranking": final_ranking(s)})


def remove_tiles(s: State, color: int, mask: int) -> None:
    """Take face-up tiles of one colour off the board and out of the game."""
    s.tiles[color] &= ~mask
    s.discarded[color] += mask.bit_count()
    if color == RED:
        # Section 8/11: a treasure never leaves with a removed tile; callers keep treasure tiles.
        s.treasure &= ~mask
