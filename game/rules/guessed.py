"""A full position from what one seat sees plus a guess of what it cannot see: state_from_view.

Owns: `state_from_view(view, hidden_guess)`, the inverse of `view_for` up to the hidden parts.
The view gives the board, every public count, the seat's own hand and the decision under way;
the guess gives the rest, all in wire form:

    {"hands": [["red", ...] or None per seat],   hands the view does not show (None: shown)
     "bag": ["blue", ...],                      the draw order, first drawn first
     "scores": [{"red": 3, ...} or None per seat],   totals the view hides (left out: 0)
     "monuments": ["red", ...],                 per monument of the view, the colour it was built from
     "placed": [r, c] or None}                  the tile whose offers are under way, if known

Tiles found nowhere (board, monuments, hands, bag) were discarded. The computer players search
such positions, and the table's hover preview asks the engine what an action would do on one.
A guess that cannot be true of the view is refused with a ScenarioError saying why.
"""

from __future__ import annotations

from typing import Any

from .boards import BOARDS, COLS, bit, index
from .engine import blank_state
from .flow import AFTER_TILE, END_OF_TURN, set_treasure_queue
from .scenario import ScenarioError, put_board_char
from .state import COLOR_INDEX, COLORS, MONUMENTS, TILE_COUNTS, State

VIEW_KEYS = ("players", "variants", "board", "treasures", "monuments", "buildings", "ziggurat", "leaders",
             "union", "seats", "bag", "active", "actions_left", "turn", "decision", "conflict", "game_over")
# What follows each offer once it is answered (section 7's order), when the placed tile is known.
AFTER_OFFER = {"building": AFTER_TILE[2:], "monument": AFTER_TILE[3:], "ziggurat": AFTER_TILE[4:]}


def _sq(value: Any) -> int:
    return index(value[0], value[1])


def _pair(names: list[str]) -> tuple[int, int]:
    wanted = sorted(COLOR_INDEX[n] for n in names)
    return next(m for m in MONUMENTS if sorted(m) == wanted)


def _colors(value: Any, what: str) -> list[int]:
    if not isinstance(value, (list, tuple)) or not all(isinstance(v, str) and v in COLOR_INDEX for v in value):
        raise ScenarioError(f"{what} must be a list of colours.", "scenario.not_a_color_list", what=what)
    return [COLOR_INDEX[v] for v in value]


def state_from_view(view: dict[str, Any], hidden_guess: dict[str, Any] | None = None) -> State:
    """Return a full State that `view` shows, its hidden parts taken from `hidden_guess`."""
    guess = hidden_guess or {}
    if not isinstance(guess, dict):
        raise ScenarioError("A guess of the hidden tiles must be a dict.", "scenario.guess_not_dict")
    missing = [key for key in VIEW_KEYS if not isinstance(view, dict) or key not in view]
    if missing:
        raise ScenarioError(f"Not a view of the game: it lacks {', '.join(missing)}.",
                            "scenario.not_a_view", missing=', '.join(missing))
    return deal(public_state(view, guess), view, guess)


def public_state(view: dict[str, Any], guess: dict[str, Any]) -> State:
    """Return the view's position with the decision under way; hands, bag and hidden scores empty.

    Only the guess's "monuments" and "placed" are read: a searcher that deals many guesses into
    one position builds this once and calls `deal` for each guess.
    """
    s = _public(view, guess)
    _set_decision(s, view, guess.get("placed"))
    return s


def deal(public: State, view: dict[str, Any], guess: dict[str, Any]) -> State:
    """Return a copy of a public_state with the guess's hands, bag and scores dealt into it."""
    s = public.copy()
    s.hands = [[0, 0, 0, 0] for _ in range(s.players)]
    _fill_hands(s, view, guess)
    bag = _colors(guess.get("bag", []), "The guessed bag")
    if len(bag) != view["bag"]:
        raise ScenarioError(f"The view's bag holds {view['bag']} tiles; the guess gives {len(bag)}.",
                            "scenario.guess_bag", n=view['bag'], given=len(bag))
    s.bag, s.bag_pos = tuple(bag), 0
    _account(s)
    s.scores = [[0, 0, 0, 0] for _ in range(s.players)]
    _fill_scores(s, view, guess)
    return s


def _public(view: dict[str, Any], guess: dict[str, Any]) -> State:
    """Return the public position of a view: board, pieces, counts; hands and bag empty."""
    s = blank_state(view["players"], frozenset(view["variants"]), None)
    s.board = BOARDS[view.get("board_name", "standard")]
    s.tiles = [0, 0, 0, 0]
    for r, line in enumerate(view["board"]):
        for c, ch in enumerate(line):
            put_board_char(s, ch, bit(r * COLS + c))
    s.treasure = 0
    for t in view["treasures"]:
        s.treasure |= bit(_sq(t))
    built = guess.get("monuments")
    if built is not None and len(built) != len(view["monuments"]):
        raise ScenarioError("The guess must name one colour per monument of the view.", "scenario.guess_monuments")
    for n, m in enumerate(view["monuments"]):
        pair = _pair(m["colors"])
        color = _colors([built[n]], "A monument's colour")[0] if built is not None else pair[0]
        if color not in pair:
            raise ScenarioError(f"The {m['colors'][0]}/{m['colors'][1]} monument cannot be built "
                                f"from {COLORS[color]} tiles.",
                                "scenario.guess_monument_color", first=str(m['colors'][0]),
                                second=str(m['colors'][1]), color=COLORS[color])
        s.monuments.append((pair, _sq(m["at"]), color))
    s.buildings = {COLOR_INDEX[name]: _sq(at) for name, at in view["buildings"].items()}
    s.ziggurat = _sq(view["ziggurat"]) if view["ziggurat"] is not None else None
    s.leaders = {(e["seat"], COLOR_INDEX[e["color"]]): _sq(e["at"]) for e in view["leaders"]}
    s.union = _sq(view["union"]) if view["union"] is not None else None
    s.catastrophes = [sv["catastrophes"] for sv in view["seats"]]
    s.treasures_taken = [sv["treasures"] for sv in view["seats"]]
    s.active, s.actions_left, s.turn = view["active"], view["actions_left"], view["turn"]
    return s


def _fill_hands(s: State, view: dict[str, Any], guess: dict[str, Any]) -> None:
    hands = guess.get("hands") or [None] * s.players
    if len(hands) != s.players:
        raise ScenarioError(f"The guess must give one hand (or None) per player ({s.players}).",
                            "scenario.guess_hands", players=s.players)
    for seat, sv in enumerate(view["seats"]):
        shown = sv["hand"]
        hand = _colors(shown if shown is not None else hands[seat] or [], f"Seat {seat}'s hand")
        if len(hand) != sv["hand_count"]:
            raise ScenarioError(f"Seat {seat} holds {sv['hand_count']} tiles; the guess gives {len(hand)}.",
                                "scenario.guess_hand_count", seat=seat, n=sv['hand_count'], given=len(hand))
        for c in hand:
            s.hands[seat][c] += 1


def _account(s: State) -> None:
    """Count every tile found nowhere as discarded; refuse more tiles than the game has."""
    used = [s.tiles[c].bit_count() + sum(h[c] for h in s.hands) + s.bag.count(c) for c in range(4)]
    for _, _, color in s.monuments:
        used[color] += 4
    for c in range(4):
        if used[c] > TILE_COUNTS[c]:
            raise ScenarioError(f"The guess puts {used[c]} {COLORS[c]} tiles in play; "
                                f"the game has only {TILE_COUNTS[c]}.",
                                "scenario.guess_too_many_tiles", n=used[c], color=COLORS[c], most=TILE_COUNTS[c])
    s.discarded = [TILE_COUNTS[c] - used[c] for c in range(4)]


def _fill_scores(s: State, view: dict[str, Any], guess: dict[str, Any]) -> None:
    scores = guess.get("scores") or [None] * s.players
    for seat, sv in enumerate(view["seats"]):
        shown = sv["scores"] if sv["scores"] is not None else (scores[seat] if seat < len(scores) else None)
        shown = shown or {}
        if not isinstance(shown, dict) or not all(isinstance(shown.get(c, 0), int) for c in COLORS):
            raise ScenarioError(f"Seat {seat}'s guessed scores must map colours to whole numbers.",
                                "scenario.guess_scores", seat=seat)
        s.scores[seat] = [shown.get(c, 0) for c in COLORS]


def _set_decision(s: State, view: dict[str, Any], placed_at: Any) -> None:
    """Rebuild the decision, the conflict and the steps still to come for the decision under way."""
    s.ctx = {}
    d = view["decision"]
    if d is None or view["game_over"]:
        s.decision, s.game_over, s.end_reason = None, bool(view["game_over"]), view.get("end_reason")
        return
    kind, seat = d["kind"], d["seat"]
    placed = _sq(placed_at) if placed_at is not None else None
    if kind in ("support", "choose_war"):
        _set_conflict(s, view)
    if kind == "action":
        s.decision = {"kind": "action", "seat": seat}
    elif kind == "support":
        s.decision = {"kind": "support", "seat": seat}
        revolt = s.conflict is not None and s.conflict["kind"] == "revolt"
        s.steps = ["action_done"] if revolt else list(AFTER_TILE)
        if not revolt:
            placed = s.union
    elif kind == "choose_war":
        s.decision = {"kind": "choose_war", "seat": seat, "colors": [COLOR_INDEX[c] for c in d["colors"]]}
        s.steps, placed = AFTER_TILE[1:], s.union
    elif kind in AFTER_OFFER:
        s.decision = _offer(kind, seat, d)
        # Without the placed tile the later offers cannot be found; the action then simply ends.
        s.steps = list(AFTER_OFFER[kind]) if placed is not None else ["action_done"]
    elif kind == "treasure":
        s.decision = {"kind": "treasure", "seat": seat, "squares": [_sq(q) for q in d["squares"]],
                      "count": d["count"]}
        set_treasure_queue(s)
        s.steps = ["settle_treasures", *END_OF_TURN[END_OF_TURN.index("refill"):]]
    else:
        raise ScenarioError(f"Unknown decision {kind!r} in the view.",
                            "scenario.unknown_decision", kind=repr(kind)[:40])
    if placed is not None:
        s.ctx["placed"] = placed


def _offer(kind: str, seat: int, d: dict[str, Any]) -> dict[str, Any]:
    if kind == "building":
        return {"kind": "building", "seat": seat, "color": COLOR_INDEX[d["color"]],
                "squares": [_sq(q) for q in d["squares"]], "move": d["move"]}
    if kind == "monument":
        return {"kind": "monument", "seat": seat,
                "options": [(_sq(o["at"]), _pair(o["monument"])) for o in d["options"]]}
    return {"kind": "ziggurat", "seat": seat, "squares": [_sq(q) for q in d["squares"]]}


def _set_conflict(s: State, view: dict[str, Any]) -> None:
    c = view["conflict"]
    if c is None:
        s.conflict = None
        return
    s.conflict = {
        "kind": c["kind"], "color": COLOR_INDEX[c["color"]],
        "attacker": c["attacker"], "defender": c["defender"],
        "attacker_commit": c["attacker_commit"], "defender_commit": c["defender_commit"],
    }


def hidden_of(state: State, seat: int | None) -> dict[str, Any]:
    """Return the true hidden parts of `state` for `seat`, as a guess (tests and replays check with it)."""
    return {
        "hands": [None if i == seat else [COLORS[c] for c in range(4) for _ in range(h[c])]
                  for i, h in enumerate(state.hands)],
        "bag": [COLORS[c] for c in state.bag[state.bag_pos:]],
        "scores": [{COLORS[c]: v[c] for c in range(4)} for v in state.scores],
        "monuments": [COLORS[built] for _, _, built in state.monuments],
        "placed": None if state.ctx.get("placed") is None else [state.ctx["placed"] // COLS,
                                                                  state.ctx["placed"] % COLS],
    }
