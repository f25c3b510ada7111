"""The engine contract of DESIGN.md: new_game, to_move, legal_actions and apply.

Owns: setting up a game (RULES.md section 3), routing each action to the rule that handles
it for the decision under way, and listing every legal action in a fixed order.
"""

from __future__ import annotations

import random
from functools import lru_cache
from itertools import product
from typing import Any

from . import conflicts, offers
from .actions import TURN_ACTIONS
from .boards import ADVANCED, SQUARES, STANDARD, square, squares_of
from .effects import Event, draw
from .flow import ask_for_action, run
from .placement import catastrophe_targets, turn_targets
from .state import COLORS, HAND_SIZE, RED, TILE_COUNTS, VARIANTS, IllegalAction, State, connected, deciding, kingdoms
from .wire import kind_of

# Which actions answer which decision.
ANSWERS: dict[str, dict[str, Any]] = {
    "action": TURN_ACTIONS,
    "support": {"commit": conflicts.commit},
    "choose_war": {"choose_war": conflicts.choose_war},
    "monument": {"build_monument": offers.build_monument, "decline": offers.decline},
    "building": {"build_building": offers.build_building, "decline": offers.decline},
    "ziggurat": {"build_ziggurat": offers.build_ziggurat, "decline": offers.decline},
    "treasure": {"take_treasure": None},
}


def check_variants(variants: Any) -> frozenset[str]:
    """Return the variants as a set, refusing unknown ones."""
    if not isinstance(variants, (list, tuple, set, frozenset)) or not all(isinstance(v, str) for v in variants):
        raise ValueError("'variants' must be a list of variant names.")
    unknown = set(variants) - set(VARIANTS)
    if unknown:
        raise ValueError(f"Unknown variant(s): {', '.join(sorted(unknown))}.")
    return frozenset(variants)


def blank_state(players: int, variants: frozenset[str], seed: int | None) -> State:
    """Return a state with the board's starting temples and empty everything else."""
    if not isinstance(players, int) or not 2 <= players <= 4:
        raise ValueError("Two Rivers is played by 2 to 4 players.")
    s = State.__new__(State)
    s.board = ADVANCED if "advanced_board" in variants else STANDARD
    s.players, s.variants, s.seed = players, variants, seed
    s.tiles = [s.board.temples, 0, 0, 0]
    s.down = s.zig = s.cat = 0
    s.treasure = s.board.temples
    s.leaders = {}
    s.hands = [[0, 0, 0, 0] for _ in range(players)]
    s.catastrophes = [2] * players
    s.scores = [[0, 0, 0, 0] for _ in range(players)]
    s.treasures_taken = [0] * players
    s.bag, s.bag_pos = (), 0
    s.discarded = [0, 0, 0, 0]
    s.monuments, s.buildings = [], {}
    s.ziggurat = s.union = None
    s.active, s.actions_left, s.turn = 0, 2, 1
    s.decision, s.steps, s.ctx, s.conflict = None, [], {}, None
    s.game_over, s.end_reason = False, None
    return s


def shuffled_bag(counts: list[int], rng: random.Random) -> tuple[int, ...]:
    """Return the tiles of `counts` (per colour) in a shuffled draw order."""
    tiles = [c for c in range(4) for _ in range(counts[c])]
    rng.shuffle(tiles)
    return tuple(tiles)


def new_game(players: int, seed: int, variants: Any = ()) -> State:
    """Set up a game (section 3): temples with treasures, a shuffled bag, six tiles each."""
    s = blank_state(players, check_variants(variants), seed)
    rng = random.Random(seed)
    counts = list(TILE_COUNTS)
    counts[RED] -= s.board.temples.bit_count()
    s.bag = shuffled_bag(counts, rng)
    s.active = rng.randrange(players)
    for i in range(players):
        draw(s, [], (s.active + i) % players, HAND_SIZE)
    ask_for_action(s)
    return s


def to_move(state: State) -> int | None:
    """Return the seat that must decide now, or None when the game is over."""
    if state.game_over or state.decision is None:
        return None
    return state.decision["seat"]


def apply(state: State, action: Any, seat: int | None = None) -> tuple[State, list[Event]]:
    """Return (new state, events) after `action`; raise IllegalAction and leave state unchanged."""
    kind, handler = _checked(state, action, seat)
    s = state.copy()
    return s, _carry_out(s, kind, handler, action)


def apply_in_place(s: State, action: Any) -> list[Event]:
    """Carry out `action` on s itself and return the events: the search-speed path.

    For a search that owns s (a copy made once per look-ahead) and plays actions it knows are legal:
    no copy is made, so an illegal action may leave s half changed. `apply` is the contract.
    """
    kind, handler = _checked(s, action, None)
    return _carry_out(s, kind, handler, action)


def _checked(state: State, action: Any, seat: int | None) -> tuple[str, Any]:
    kind = kind_of(action)
    if state.game_over:
        raise IllegalAction("The game is over.", "rules.illegal.game_over")
    decision = deciding(state)
    acting = decision["seat"]
    claimed = action.get("seat", seat) if seat is None else seat
    if claimed is not None and claimed != acting:
        # Players count seats from 1 (the seat's number on screen), the engine from 0.
        raise IllegalAction(f"It is not your turn: seat {acting + 1} must decide now.",
                            "rules.illegal.not_your_turn", seat=acting + 1)
    handler = ANSWERS[decision["kind"]].get(kind, False)
    if handler is False:
        _refuse_moment(decision["kind"], kind)
    return kind, handler


def _carry_out(s: State, kind: str, handler: Any, action: dict[str, Any]) -> list[Event]:
    events: list[Event] = []
    if deciding(s)["kind"] == "action":
        s.actions_left -= 1
        s.decision = None
        handler(s, action, events)
    elif kind == "take_treasure":
        _take_treasure(s, action, events)
    else:
        handler(s, action, events)
    run(s, events)
    return events


# What each decision waits for, in the English message and as the refusal's catalogue key.
_WAITING = {
    "action": ("an action (leader, tile, catastrophe, swap or pass)", "rules.illegal.waiting_action"),
    "support": ("support for the conflict (commit)", "rules.illegal.waiting_support"),
    "choose_war": ("which war is fought next (choose_war)", "rules.illegal.waiting_choose_war"),
    "monument": ("whether to build a monument", "rules.illegal.waiting_monument"),
    "building": ("whether to build a civilization building", "rules.illegal.waiting_building"),
    "ziggurat": ("whether to build the ziggurat", "rules.illegal.waiting_ziggurat"),
    "treasure": ("which treasure to take", "rules.illegal.waiting_treasure"),
}


def _refuse_moment(decision: str, kind: str) -> None:
    asks, key = _WAITING[decision]
    raise IllegalAction(f"'{kind}' cannot be played now; the game is waiting for {asks}.", key, kind=kind)


def _take_treasure(s: State, action: dict[str, Any], events: list[Event]) -> None:
    from .flow import take_treasure
    from .wire import square_field

    at = square_field(action, "at")
    d = deciding(s)
    if at not in d["squares"]:
        raise IllegalAction("You cannot take that treasure now.", "rules.illegal.treasure_not_offered")
    s.decision = None
    take_treasure(s, events, d["seat"], at)


# --- legal actions ---------------------------------------------------------------------------

def legal_actions(state: State) -> list[dict[str, Any]]:
    """Return every action the seat to move may take now, in a fixed order."""
    if state.game_over or state.decision is None:
        return []
    d = state.decision
    return LISTERS[d["kind"]](state, d)


def _wire_table(kind: str, field: str | None, value: str | None) -> list[dict[str, Any]]:
    """Return one action of a kind per square, built once: listing then only copies them."""
    if field is None:
        return [{"kind": kind, "to": square(q)} for q in range(SQUARES)]
    return [{"kind": kind, field: value, "to": square(q)} for q in range(SQUARES)]


# The listed actions are fresh dicts; their square lists are shared and must be treated as read-only.
PLACE_LEADER = [_wire_table("place_leader", "leader", name) for name in COLORS]
MOVE_LEADER = [_wire_table("move_leader", "leader", name) for name in COLORS]
PLACE_TILE = [_wire_table("place_tile", "color", name) for name in COLORS]
CATASTROPHE = _wire_table("catastrophe", None, None)


def _listed(out: list[dict[str, Any]], squares: list[int], table: list[dict[str, Any]]) -> None:
    """Append a copy of table's action for every square, in the squares' order."""
    out += [table[q].copy() for q in squares]


def _turn_actions(s: State, d: dict[str, Any]) -> list[dict[str, Any]]:
    seat = s.active
    out: list[dict[str, Any]] = []
    base = kingdoms(s, connected(s))   # found once, shared by every kind of placement below
    leaders = s.leaders
    in_supply = [c for c in range(4) if (seat, c) not in leaders]
    place, moves, land, river = turn_targets(s, base)
    if in_supply:
        targets = squares_of(place)
        for c in in_supply:
            _listed(out, targets, PLACE_LEADER[c])
    on_board = [c for c in range(4) if (seat, c) in leaders]
    for c in on_board:
        _listed(out, squares_of(moves[c]), MOVE_LEADER[c])
    out.extend({"kind": "withdraw_leader", "leader": COLORS[c]} for c in on_board)
    hand = s.hands[seat]
    if any(hand):
        land_squares = squares_of(land) if hand[0] or hand[2] or hand[3] else []
        for c in range(4):
            if hand[c]:
                _listed(out, squares_of(river) if c == 1 else land_squares, PLACE_TILE[c])
    if s.catastrophes[seat]:
        _listed(out, squares_of(catastrophe_targets(s)), CATASTROPHE)
    out.extend([{"kind": "swap", "tiles": tiles} for tiles in _swap_sets(tuple(hand))])
    out.append({"kind": "pass"})
    return out


@lru_cache(maxsize=512)
def _swap_sets(hand: tuple[int, ...]) -> tuple[list[str], ...]:
    return tuple(swaps(list(hand)))


def swaps(hand: list[int]) -> list[list[str]]:
    """Return every distinct set of 1 to 6 tiles that can be swapped from hand."""
    out = []
    for counts in product(*(range(n + 1) for n in hand)):
        if 1 <= sum(counts) <= 6:
            out.append([COLORS[c] for c in range(4) for _ in range(counts[c])])
    return out


def _support_actions(s: State, d: dict[str, Any]) -> list[dict[str, Any]]:
    held = s.hands[d["seat"]][conflicts.support_color(s)]
    return [{"kind": "commit", "count": n} for n in range(held + 1)]


def _war_choices(s: State, d: dict[str, Any]) -> list[dict[str, Any]]:
    return [{"kind": "choose_war", "color": COLORS[c]} for c in d["colors"]]


def _monument_choices(s: State, d: dict[str, Any]) -> list[dict[str, Any]]:
    out: list[dict[str, Any]] = [
        {"kind": "build_monument", "at": square(at), "monument": [COLORS[m[0]], COLORS[m[1]]]}
        for at, m in d["options"]
    ]
    out.append({"kind": "decline"})
    return out


def _building_choices(s: State, d: dict[str, Any]) -> list[dict[str, Any]]:
    color = COLORS[d["color"]]
    out: list[dict[str, Any]] = [{"kind": "build_building", "color": color, "at": square(q)}
                                 for q in d["squares"]]
    out.append({"kind": "decline"})
    return out


def _ziggurat_choices(s: State, d: dict[str, Any]) -> list[dict[str, Any]]:
    out: list[dict[str, Any]] = [{"kind": "build_ziggurat", "at": square(q)} for q in d["squares"]]
    out.append({"kind": "decline"})
    return out


def _treasure_choices(s: State, d: dict[str, Any]) -> list[dict[str, Any]]:
    return [{"kind": "take_treasure", "at": square(q)} for q in d["squares"]]


LISTERS = {
    "action": _turn_actions,
    "support": _support_actions,
    "choose_war": _war_choices,
    "monument": _monument_choices,
    "building": _building_choices,
    "ziggurat": _ziggurat_choices,
    "treasure": _treasure_choices,
}
