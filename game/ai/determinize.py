"""From what one seat may see to a full State it can search: determinization.

Owns: reading a seat's view (and, optionally, the public events so far) into `Knowledge`, and
sampling States from it that agree with everything the seat knows: the board, every public
count, its own hand, and the hidden tiles (other hands, the bag) drawn from the tiles nobody
has seen. Nothing else is read, so two positions that look the same to a seat give it the same
States for the same random generator: this is what keeps the computer players fair.
Imports game.rules only; never game.ui, net or pygame.
"""

from __future__ import annotations

import random
from dataclasses import dataclass
from typing import Any

from game.rules.boards import BOARDS, COLS, bit, index
from game.rules.engine import blank_state
from game.rules.flow import AFTER_TILE, END_OF_TURN, set_treasure_queue
from game.rules.scenario import put_board_char
from game.rules.state import (
    COLOR_INDEX,
    COLORS,
    MONUMENTS,
    TILE_COUNTS,
    State,
)

Square = int


def _sq(value: list[int]) -> Square:
    return index(value[0], value[1])


def _pair(names: list[str]) -> tuple[int, int]:
    wanted = sorted(COLOR_INDEX[n] for n in names)
    return next(m for m in MONUMENTS if sorted(m) == wanted)


@dataclass
class History:
    """What the public events (as this seat saw them) tell beyond the view."""

    points: list[list[int]]                 # per seat, points per colour, scored openly
    known_out: list[int]                    # tiles seen leaving the game, per colour
    monument_color: dict[Square, int]       # monument top-left square -> colour it was built from
    placed: Square | None                   # the tile placed by the action under way, if any


def read_history(events: list[dict[str, Any]] | None, players: int, seat: int) -> History | None:
    """Tally the public events: points scored, tiles seen discarded, monuments' colours."""
    if not events:
        return None
    h = History([[0] * 4 for _ in range(players)], [0] * 4, {}, None)
    last_tile: tuple[Square, int] | None = None
    for e in events:
        kind = e.get("kind")
        if kind == "points":
            h.points[e["seat"]][COLOR_INDEX[e["color"]]] += e["count"]
        elif kind == "tile_placed":
            last_tile = (_sq(e["at"]), COLOR_INDEX[e["color"]])
            h.placed = last_tile[0]
        elif kind == "turn_started" or kind == "turn_ended":
            h.placed = None
        elif kind == "monument_built" and last_tile is not None:
            h.monument_color[_sq(e["at"])] = last_tile[1]
        elif kind == "support":
            h.known_out[COLOR_INDEX[e["color"]]] += e["count"]
        elif kind == "tiles_removed":
            h.known_out[COLOR_INDEX[e["color"]]] += len(e["squares"])
        elif kind == "catastrophe" and e.get("removed"):
            h.known_out[COLOR_INDEX[e["removed"]]] += 1
        elif kind == "ziggurat_built":
            h.known_out[COLOR_INDEX[e["color"]]] += 5
        elif kind == "swap" and e.get("seat") == seat and e.get("tiles"):
            for name in e["tiles"]:
                h.known_out[COLOR_INDEX[name]] += 1
    return h


@dataclass
class Knowledge:
    """Everything one seat knows, ready to be sampled into States."""

    view: dict[str, Any]
    seat: int
    base: State                              # the public position with this seat's hand, others empty
    pool: list[int]                          # unseen tiles per colour: other hands, bag, unknown discards
    hidden_counts: list[int]                 # per seat, how many tiles it holds (0 for this seat)
    bag_size: int

    def sample(self, rng: random.Random) -> State:
        """Return a State agreeing with the view, hidden tiles drawn at random from the pool."""
        tiles = [c for c in range(4) for _ in range(self.pool[c])]
        rng.shuffle(tiles)
        s = self.base.copy()
        s.hands = [list(h) for h in self.base.hands]
        pos = 0
        for other, n in enumerate(self.hidden_counts):
            for c in tiles[pos:pos + n]:
                s.hands[other][c] += 1
            pos += n
        s.bag = tuple(tiles[pos:pos + self.bag_size])
        s.bag_pos = 0
        pos += self.bag_size
        # What is left of the pool was discarded face down: keep every tile accounted for.
        out = list(self.base.discarded)
        for c in tiles[pos:]:
            out[c] += 1
        s.discarded = out
        return s


def knowledge(view: dict[str, Any], history: list[dict[str, Any]] | None = None) -> Knowledge:
    """Read a seat's view (and the public events so far) into Knowledge."""
    seat = view["seat"]
    if not isinstance(seat, int):
        raise ValueError("A computer player needs a seat's view, not the spectator's.")
    players = view["players"]
    hist = read_history(history, players, seat)
    s = _public_state(view, hist)
    own = view["seats"][seat]["hand"] or []
    for name in own:
        s.hands[seat][COLOR_INDEX[name]] += 1
    seen = _seen_tiles(s, hist, seat)
    pool = [max(0, TILE_COUNTS[c] - seen[c]) for c in range(4)]
    hidden = [0 if i == seat else view["seats"][i]["hand_count"] for i in range(players)]
    bag_size = view["bag"]
    _pad_pool(pool, sum(hidden) + bag_size)
    # Known discards; sampling adds the pool's leftovers, so every tile stays accounted for.
    down = [0] * 4
    for _, _, built in s.monuments:
        down[built] += 4
    s.discarded = [max(0, TILE_COUNTS[c] - s.tiles[c].bit_count() - down[c] - s.hands[seat][c] - pool[c])
                   for c in range(4)]
    s.scores = _scores(view, hist)
    _set_decision(s, view, hist)
    return Knowledge(view, seat, s, pool, hidden, bag_size)


def _pad_pool(pool: list[int], needed: int) -> None:
    # Only a history that disagrees with the view could leave too few unseen tiles; never fail for it.
    while sum(pool) < needed:
        pool[0] += 1


def _seen_tiles(s: State, hist: History | None, seat: int) -> list[int]:
    """Return, per colour, the tiles this seat has seen where they are now or leave the game."""
    seen = [s.tiles[c].bit_count() + s.hands[seat][c] for c in range(4)]
    if hist is not None:
        for c in range(4):
            seen[c] += hist.known_out[c]
    for n, (pair, at, built) in enumerate(s.monuments):
        if hist is None or at not in hist.monument_color:
            # Unwatched: guess the monument's colour was the one with more tiles unaccounted for.
            built = max(pair, key=lambda c: (TILE_COUNTS[c] - seen[c], -c))
            s.monuments[n] = (pair, at, built)
        seen[built] += 4
    return seen


def _public_state(view: dict[str, Any], hist: History | None) -> State:
    s = blank_state(view["players"], frozenset(view["variants"]), None)
    s.board = BOARDS[view.get("board_name", "standard")]
    s.tiles = [0, 0, 0, 0]
    for r, line in enumerate(view["board"]):
        for c, ch in enumerate(line):
            b = bit(r * COLS + c)
            put_board_char(s, ch, b)
    s.treasure = 0
    for t in view["treasures"]:
        s.treasure |= bit(_sq(t))
    for m in view["monuments"]:
        at = _sq(m["at"])
        pair = _pair(m["colors"])
        # The colour a monument was built from is known only to those who watched it built.
        built = hist.monument_color.get(at, pair[0]) if hist else pair[0]
        s.monuments.append((pair, at, built))
    s.buildings = {COLOR_INDEX[name]: _sq(at) for name, at in view["buildings"].items()}
    s.ziggurat = _sq(view["ziggurat"]) if view["ziggurat"] is not None else None
    s.leaders = {(e["seat"], COLOR_INDEX[e["color"]]): _sq(e["at"]) for e in view["leaders"]}
    s.union = _sq(view["union"]) if view["union"] is not None else None
    s.catastrophes = [sv["catastrophes"] for sv in view["seats"]]
    s.treasures_taken = [sv["treasures"] for sv in view["seats"]]
    s.active = view["active"]
    s.actions_left = view["actions_left"]
    s.turn = view["turn"]
    return s


def _scores(view: dict[str, Any], hist: History | None) -> list[list[int]]:
    """Return every seat's points: shown ones as shown, hidden ones from public events or as our own."""
    seat = view["seat"]
    mine = view["seats"][seat]["scores"] or {}
    own = [mine.get(c, 0) for c in COLORS]
    out = []
    for i, sv in enumerate(view["seats"]):
        if sv["scores"] is not None:
            out.append([sv["scores"][c] for c in COLORS])
        elif hist is not None:
            out.append(list(hist.points[i]))
        else:
            # Unknown totals: treat them as equal to ours, so only changes tell.
            out.append(list(own))
    return out


def _set_decision(s: State, view: dict[str, Any], hist: History | None) -> None:
    """Rebuild the engine's decision, conflict and pending steps for the decision under way."""
    s.ctx = {}
    d = view["decision"]
    if d is None:
        s.decision = None
        s.game_over = True
        return
    kind, seat = d["kind"], d["seat"]
    placed = hist.placed if hist is not None else None
    if kind == "action":
        s.decision = {"kind": "action", "seat": seat}
        return
    if kind in ("support", "choose_war"):
        _set_conflict(s, view)
    if kind == "support":
        s.decision = {"kind": "support", "seat": seat}
        if s.conflict is not None and s.conflict["kind"] == "revolt":
            s.steps = ["action_done"]
        else:
            s.steps = list(AFTER_TILE)
            s.ctx["placed"] = s.union
    elif kind == "choose_war":
        s.decision = {"kind": "choose_war", "seat": seat, "colors": [COLOR_INDEX[c] for c in d["colors"]]}
        s.steps = AFTER_TILE[1:]
        s.ctx["placed"] = s.union
    elif kind == "building":
        s.decision = {"kind": "building", "seat": seat, "color": COLOR_INDEX[d["color"]],
                      "squares": [_sq(q) for q in d["squares"]], "move": d["move"]}
        s.steps = AFTER_TILE[2:] if placed is not None else ["action_done"]
    elif kind == "monument":
        s.decision = {"kind": "monument", "seat": seat,
                      "options": [(_sq(o["at"]), _pair(o["monument"])) for o in d["options"]]}
        s.steps = AFTER_TILE[3:] if placed is not None else ["action_done"]
    elif kind == "ziggurat":
        s.decision = {"kind": "ziggurat", "seat": seat, "squares": [_sq(q) for q in d["squares"]]}
        s.steps = ["action_done"]
    elif kind == "treasure":
        s.decision = {"kind": "treasure", "seat": seat, "squares": [_sq(q) for q in d["squares"]],
                      "count": d["count"]}
        set_treasure_queue(s)
        s.steps = ["settle_treasures", *END_OF_TURN[END_OF_TURN.index("refill"):]]
    if placed is not None and "placed" not in s.ctx:
        s.ctx["placed"] = placed


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


