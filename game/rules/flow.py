"""What happens between decisions: the step list that follows an action, and the end of a turn.

Owns: the step driver, the end-of-turn steps of RULES.md section 12, treasures (section 14)
and the end check (section 15). A step either changes the state and lets the next step run,
or asks a seat for a decision and stops; `apply` then answers it and the driver goes on.
"""

from __future__ import annotations

from collections.abc import Callable

from .boards import bit, square, squares_of
from .effects import Event, draw, end_game, score
from .state import BLACK, COLORS, GREEN, HAND_SIZE, State, connected, hand_size

Step = Callable[[State, list[Event]], None]
STEPS: dict[str, Step] = {}

# Section 12, in order. Variant steps are no-ops when their variant is not in play.
END_OF_TURN = ["score_monuments", "score_ziggurat", "treasures", "refill", "end_check", "next_turn"]
# Section 7: after a tile placement (and its wars) come the offers, in this order.
AFTER_TILE = ["wars", "offer_building", "offer_monument", "offer_ziggurat", "action_done"]


def step(name: str) -> Callable[[Step], Step]:
    """Register a step function under its name."""
    def register(fn: Step) -> Step:
        STEPS[name] = fn
        return fn
    return register


def run(s: State, events: list[Event]) -> None:
    """Run pending steps until a seat must decide or the game is over."""
    while s.decision is None and s.steps and not s.game_over:
        STEPS[s.steps.pop(0)](s, events)


def ask_for_action(s: State) -> None:
    """Hand the active player their next action."""
    s.decision = {"kind": "action", "seat": s.active}


@step("action_done")
def _action_done(s: State, events: list[Event]) -> None:
    s.ctx.pop("placed", None)
    if s.actions_left > 0:
        ask_for_action(s)
    else:
        s.steps[:0] = END_OF_TURN


@step("score_monuments")
def _score_monuments(s: State, events: list[Event]) -> None:
    # Section 12.1: only the active player's leaders of the monument's colours in its kingdom.
    if not s.monuments:
        return
    conn = connected(s)
    for colors, at, _ in s.monuments:
        kingdom = _group_at(conn, at)
        for color in colors:
            sq = s.leaders.get((s.active, color))
            if sq is not None and (kingdom >> sq) & 1:
                score(s, events, s.active, color, 1, "monument", monument=[COLORS[c] for c in colors])


@step("score_ziggurat")
def _score_ziggurat(s: State, events: list[Event]) -> None:
    # Section 16.3: the active player's king in the ziggurat's kingdom scores 1 black point.
    if s.ziggurat is None:
        return
    king = s.leaders.get((s.active, BLACK))
    if king is not None and (_group_at(connected(s), s.ziggurat) >> king) & 1:
        score(s, events, s.active, BLACK, 1, "ziggurat")


def _group_at(conn: int, sq: int) -> int:
    from .boards import flood
    return flood(bit(sq), conn)


@step("treasures")
def _treasures(s: State, events: list[Event]) -> None:
    # Section 14: every kingdom with two or more treasures and a trader, settled clockwise
    # from the active player (DESIGN.md). Taking treasures changes no group, so the queue
    # found here stays true while the owners choose.
    set_treasure_queue(s)
    s.steps.insert(0, "settle_treasures")


def set_treasure_queue(s: State) -> None:
    """Queue, clockwise from the active player, each kingdom with 2+ treasures and a trader."""
    queue = []
    conn = 0
    # Only kingdoms with a trader count, and a kingdom holds at most one: start from the traders.
    for (seat, color), sq in s.leaders.items():
        if color == GREEN:
            conn = conn or connected(s)
            k = _group_at(conn, sq)
            if (k & s.treasure).bit_count() >= 2:
                queue.append((seat, k))
    queue.sort(key=lambda item: (item[0] - s.active) % s.players)
    s.ctx["treasure_queue"] = [k for _, k in queue]
    s.ctx["treasure_owners"] = [seat for seat, _ in queue]


@step("settle_treasures")
def _settle_treasures(s: State, events: list[Event]) -> None:
    queue: list[int] = s.ctx["treasure_queue"]
    owners: list[int] = s.ctx["treasure_owners"]
    while queue:
        kingdom, seat = queue[0], owners[0]
        held = kingdom & s.treasure
        to_take = held.bit_count() - 1
        if to_take <= 0:
            queue, owners = queue[1:], owners[1:]
            continue
        priority = held & s.board.priority
        eligible = priority if priority else held
        if eligible.bit_count() <= to_take:
            for sq in squares_of(eligible):
                take_treasure(s, events, seat, sq)
            continue
        s.ctx["treasure_queue"], s.ctx["treasure_owners"] = queue, owners
        s.decision = {"kind": "treasure", "seat": seat, "squares": squares_of(eligible), "count": to_take}
        s.steps.insert(0, "settle_treasures")
        return
    s.ctx.pop("treasure_queue", None)
    s.ctx.pop("treasure_owners", None)


def take_treasure(s: State, events: list[Event], seat: int, sq: int) -> None:
    """Move the treasure on sq behind seat's screen."""
    s.treasure &= ~bit(sq)
    s.treasures_taken[seat] += 1
    events.append({"kind": "treasure_taken", "seat": seat, "at": square(sq)})


@step("refill")
def _refill(s: State, events: list[Event]) -> None:
    # Section 12.4: active player first, then clockwise; a short bag ends the game at once.
    for i in range(s.players):
        seat = (s.active + i) % s.players
        missing = HAND_SIZE - hand_size(s, seat)
        if missing > 0 and not draw(s, events, seat, missing):
            end_game(s, events, "bag")
            return


@step("end_check")
def _end_check(s: State, events: list[Event]) -> None:
    if s.treasure.bit_count() <= 2:
        end_game(s, events, "treasures")


@step("next_turn")
def _next_turn(s: State, events: list[Event]) -> None:
    events.append({"kind": "turn_ended", "seat": s.active})
    s.active = (s.active + 1) % s.players
    s.actions_left = 2
    s.turn += 1
    events.append({"kind": "turn_started", "seat": s.active, "turn": s.turn})
    ask_for_action(s)

