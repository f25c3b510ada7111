"""What each seat may see (RULES.md section 18), as wire dicts, and the per-seat event filter.

Owns every view of a game, and only here are they made: view_for (any seat's, or a spectator's),
public_view and seat_view (the same views, the public part made once and each seat's own line added,
which is how the LAN host serves every seat after each action), open_view (every hand and total shown,
what a replay of a finished game shows), hide_own (a spectator's view made from a seat's view, for a
client that is sent only its own), and events_for. A view holds the whole public board and, for its own
seat only, the hand and the running totals ("open_scores" shows every total). No view holds the bag
order or the seed.

View keys: players, variants, board (scenario board text), terrain ("." land / "~" river),
treasures, priority, monuments, monuments_left, buildings, buildings_left, ziggurat, leaders,
union, seats (per seat: seat, supply, catastrophes, unification, hand_count, hand or None,
treasures, scores or None), bag, treasures_left, active, actions_left, turn, to_move,
decision (what the seat to move is asked, with the options a client needs), conflict,
game_over, end_reason, ranking, seat (whose view this is; None for a spectator).
"""

from __future__ import annotations

from typing import Any, TypedDict

from .boards import COLS, index, square, squares_of
from .conflicts import board_strength, war_side
from .scoring import final_ranking
from .state import COLORS, State, hand_size

BOARD_CHARS = "rbgk"


class SeatView(TypedDict):
    """One line of a view's "seats" (a plain dict on the wire): what everyone sees of a seat, and its own
    hand and running totals for the seat itself (totals for all with "open_scores", all of it once over)."""

    seat: int
    supply: list[str]            # leaders' colours not on the board
    catastrophes: int
    unification: bool            # False while the unification tile this seat played lies on the board
    hand_count: int
    hand: list[str] | None       # None: hidden from this viewer
    treasures: int
    scores: dict[str, int] | None   # None: hidden from this viewer


def board_text(s: State) -> list[str]:
    """Return the board as the scenario format's 11 strings."""
    rows = []
    for r, terrain in enumerate(s.board.rows):
        line = []
        for c in range(COLS):
            sq = index(r, c)
            b = 1 << sq
            if s.cat & b:
                ch = "x"
            elif s.down & b:
                ch = "#"
            elif s.zig & b:
                ch = "z"
            else:
                ch = "~" if terrain[c] == "~" else "."
                for color in range(4):
                    if s.tiles[color] & b:
                        ch = BOARD_CHARS[color]
                        break
            line.append(ch)
        rows.append("".join(line))
    return rows


def _seat_view(s: State, seat: int, viewer: int | None) -> SeatView:
    mine = viewer == seat
    shows_scores = mine or "open_scores" in s.variants or s.game_over
    hand = s.hands[seat]
    union_out = s.union is not None and s.active == seat
    return {
        "seat": seat,
        "supply": [COLORS[c] for c in range(4) if (seat, c) not in s.leaders],
        "catastrophes": s.catastrophes[seat],
        "unification": not union_out,
        "hand_count": hand_size(s, seat),
        "hand": [COLORS[c] for c in range(4) for _ in range(hand[c])] if mine or s.game_over else None,
        "treasures": s.treasures_taken[seat],
        "scores": {COLORS[c]: s.scores[seat][c] for c in range(4)} if shows_scores else None,
    }


def _decision_view(s: State) -> dict[str, Any] | None:
    d = s.decision
    if d is None:
        return None
    out: dict[str, Any] = {"kind": d["kind"], "seat": d["seat"]}
    if d["kind"] == "action":
        out["actions_left"] = s.actions_left
    elif d["kind"] == "choose_war":
        out["colors"] = [COLORS[c] for c in d["colors"]]
    elif d["kind"] == "monument":
        out["options"] = [{"at": square(at), "monument": [COLORS[m[0]], COLORS[m[1]]]} for at, m in d["options"]]
    elif d["kind"] == "building":
        out.update(color=COLORS[d["color"]], squares=[square(q) for q in d["squares"]], move=d["move"])
    elif d["kind"] == "ziggurat":
        out["squares"] = [square(q) for q in d["squares"]]
    elif d["kind"] == "treasure":
        out.update(squares=[square(q) for q in d["squares"]], count=d["count"])
    return out


def _conflict_view(s: State) -> dict[str, Any] | None:
    c = s.conflict
    if c is None:
        return None
    color = c["color"]
    out: dict[str, Any] = {
        "kind": c["kind"], "color": COLORS[color],
        "attacker": c["attacker"], "defender": c["defender"],
        "attacker_at": square(s.leaders[(c["attacker"], color)]),
        "defender_at": square(s.leaders[(c["defender"], color)]),
        "attacker_strength": board_strength(s, "attacker"),
        "defender_strength": board_strength(s, "defender"),
        "attacker_commit": c["attacker_commit"],
        "defender_commit": c["defender_commit"],
        "support_color": "red" if c["kind"] == "revolt" else COLORS[color],
    }
    if c["kind"] == "war":
        out["union"] = square(s.union) if s.union is not None else None
        for side in ("attacker", "defender"):
            mask = war_side(s, (c[side], color))
            out[f"{side}_side"] = [square(q) for q in squares_of(mask)]
    return out


def view_for(state: State, seat: int | None) -> dict[str, Any]:
    """Return what `seat` may see; seat None is a spectator (the public view)."""
    _check_seat(state, seat)
    return _view(state, seat)


def public_view(state: State) -> dict[str, Any]:
    """Return what a spectator may see (view_for(state, None))."""
    return _view(state, None)


def seat_view(state: State, seat: int, public: dict[str, Any]) -> dict[str, Any]:
    """Return view_for(state, seat), made from public (public_view(state), with anything added to it).

    A seat's view differs from the public one only in "seat" and in that seat's own line of "seats"
    (section 18: a hand and its running totals are private to their owner), so one public view serves
    every seat and each gets a shallow copy with its own line; public is left unchanged.
    """
    _check_seat(state, seat)
    view = dict(public)
    view["seat"] = seat
    seats = list(public["seats"])
    seats[seat] = _seat_view(state, seat, seat)
    view["seats"] = seats
    return view


def open_view(state: State) -> dict[str, Any]:
    """Return the public view with every seat's hand and totals shown (a finished game's replay)."""
    view = _view(state, None)
    view["seats"] = [_seat_view(state, i, i) for i in range(state.players)]
    return view


def hide_own(view: dict[str, Any]) -> dict[str, Any]:
    """Return the spectator's view made from a seat's view, by hiding what only that seat may see."""
    out = dict(view)
    own = view.get("seat")
    out["seat"] = None
    out["can_undo"] = False
    seats = [dict(s) for s in view.get("seats", [])]
    if isinstance(own, int) and 0 <= own < len(seats) and not view.get("game_over"):
        seats[own]["hand"] = None
        if "open_scores" not in view.get("variants", []):
            seats[own]["scores"] = None
    out["seats"] = seats
    return out


def _check_seat(state: State, seat: int | None) -> None:
    if seat is not None and (isinstance(seat, bool) or not (isinstance(seat, int) and 0 <= seat < state.players)):
        raise ValueError(f"No seat {seat!r} in a {state.players}-player game.")


def _view(s: State, seat: int | None) -> dict[str, Any]:
    from .state import unbuilt_monuments

    return {
        "seat": seat,
        "players": s.players,
        "variants": sorted(s.variants),
        "board_name": s.board.name,
        "board": board_text(s),
        "terrain": ["".join("~" if ch == "~" else "." for ch in row) for row in s.board.rows],
        "treasures": [square(q) for q in squares_of(s.treasure)],
        "priority": [square(q) for q in squares_of(s.board.priority)],
        "monuments": [{"colors": [COLORS[a], COLORS[b]], "at": square(at)} for (a, b), at, _ in s.monuments],
        "monuments_left": [[COLORS[a], COLORS[b]] for a, b in unbuilt_monuments(s)],
        "buildings": {COLORS[c]: square(q) for c, q in sorted(s.buildings.items())},
        "ziggurat": square(s.ziggurat) if s.ziggurat is not None else None,
        "leaders": [{"seat": k[0], "color": COLORS[k[1]], "at": square(q)} for k, q in sorted(s.leaders.items())],
        "union": square(s.union) if s.union is not None else None,
        "seats": [_seat_view(s, i, seat) for i in range(s.players)],
        "bag": len(s.bag) - s.bag_pos,
        "treasures_left": s.treasure.bit_count(),
        "active": s.active,
        "actions_left": s.actions_left,
        "turn": s.turn,
        "to_move": None if s.game_over or s.decision is None else s.decision["seat"],
        "decision": _decision_view(s),
        "conflict": _conflict_view(s),
        "game_over": s.game_over,
        "end_reason": s.end_reason,
        "ranking": final_ranking(s) if s.game_over else None,
    }


PRIVATE_TILES = ("tiles_drawn", "swap")


def events_for(events: list[dict[str, Any]], seat: int | None) -> list[dict[str, Any]]:
    """Return the events as `seat` may see them: drawn and swapped tiles only to their owner."""
    out = []
    for e in events:
        if e["kind"] in PRIVATE_TILES and e["seat"] != seat:
            e = {k: v for k, v in e.items() if k != "tiles"}
        out.append(e)
    return out
