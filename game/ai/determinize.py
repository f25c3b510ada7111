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

from game.rules.boards import COLS, index
from game.rules.guessed import deal, public_state
from game.rules.scenario import CHAR_COLOR
from game.rules.state import COLOR_INDEX, COLORS, MONUMENTS, TILE_COUNTS, State

Square = int


def _sq(value: list[int]) -> Square:
    return index(value[0], value[1])


def _pair(names: list[str]) -> tuple[int, int]:
    wanted = sorted(COLOR_INDEX[n] for n in names)
    return next(m for m in MONUMENTS if sorted(m) == wanted)


# The events that open a turn's first action.
TURN_EVENTS = ("leader_placed", "leader_moved", "leader_withdrawn", "tile_placed", "catastrophe", "swap", "passed")


@dataclass
class History:
    """What the public events (as this seat saw them) tell beyond the view."""

    points: list[list[int]]                 # per seat, points per colour, scored openly
    known_out: list[int]                    # tiles seen leaving the game, per colour
    monument_color: dict[Square, int]       # monument top-left square -> colour it was built from
    placed: Square | None                   # the tile placed by the action under way, if any
    whole_passes: int = 0                   # this seat's latest turns in a row passed whole


def read_history(events: list[dict[str, Any]] | None, players: int, seat: int) -> History | None:
    """Tally the public events: points scored, tiles seen discarded, monuments' colours."""
    if not events:
        return None
    h = History([[0] * 4 for _ in range(players)], [0] * 4, {}, None)
    last_tile: tuple[Square, int] | None = None
    first_of_turn = False       # the next action event opens one of this seat's turns
    for e in events:
        kind = e.get("kind")
        if kind in TURN_EVENTS and first_of_turn:
            first_of_turn = False
            h.whole_passes = h.whole_passes + 1 if kind == "passed" else 0
        if kind == "turn_started" and e.get("seat") == seat:
            first_of_turn = True
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
    scores: list[dict[str, int] | None]      # the estimate of every total the view hides
    whole_passes: int | None                 # this seat's latest whole turns passed (None: no history)
    _template: State | None = None           # a State dealt once, that quick_sample deals into again
    _fixed_discards: list[int] | None = None  # tiles out of play whatever the guess, per colour

    def guess(self, rng: random.Random) -> dict[str, Any]:
        """Return a guess of the hidden parts: the unseen tiles shuffled into other hands and the bag."""
        tiles = [COLORS[c] for c in range(4) for _ in range(self.pool[c])]
        rng.shuffle(tiles)
        return self._dealt(tiles)

    def _dealt(self, tiles: list[str]) -> dict[str, Any]:
        """Return the guess that deals `tiles` in order: the other hands, then the bag, the rest discarded."""
        hands: list[list[str] | None] = []
        pos = 0
        for other, n in enumerate(self.hidden_counts):
            hands.append(None if other == self.seat else tiles[pos:pos + n])
            pos += n
        # What is left of the pool after the bag was discarded face down.
        return {"hands": hands, "bag": tiles[pos:pos + self.bag_size], "scores": self.scores}

    def sample(self, rng: random.Random) -> State:
        """Return a State agreeing with the view, hidden tiles drawn at random from the pool."""
        return deal(self.base, self.view, self.guess(rng))

    def quick_sample(self, rng: random.Random) -> State:
        """Return a State like sample's, dealt for a search that looks no further than two turns.

        A search deals many guesses a decision (every plan still in hard's running is played on
        each), so this skips what `sample` does once per decision: checking the guess against the
        view (the first deal did that) and shuffling the whole bag. Only the tiles a round can
        reach are drawn at random: the other hands and the first HORIZON_DRAWS tiles a seat of the
        bag, each a uniform draw from the unseen tiles left (so their law is exactly sample's); the
        rest of the bag, which no one draws within the search's two turns, lies in colour order,
        and the unseen tiles beyond the bag (discarded face down) are drawn at random too, so the
        bag's make-up is still a fair guess.
        """
        if self._template is None:
            self._deal_template()
        assert self._template is not None and self._fixed_discards is not None
        counts = list(self.pool)
        left = sum(counts)
        s = self._template.copy()
        for other, n in enumerate(self.hidden_counts):
            if other == self.seat:
                continue
            hand = [0, 0, 0, 0]
            for _ in range(n):
                c = _draw(counts, left, rng)
                hand[c] += 1
                left -= 1
            s.hands[other] = hand
        prefix = []
        for _ in range(min(self.bag_size, HORIZON_DRAWS * len(self.hidden_counts))):
            prefix.append(_draw(counts, left, rng))
            left -= 1
        discards = list(self._fixed_discards)
        for _ in range(left - (self.bag_size - len(prefix))):
            c = _draw(counts, left, rng)
            discards[c] += 1
            left -= 1
        s.bag = tuple(prefix + [c for c in range(4) for _ in range(counts[c])])
        s.bag_pos = 0
        s.discarded = discards
        return s

    def _deal_template(self) -> None:
        """Deal the unseen tiles once in colour order (checked against the view by `deal`)."""
        tiles = [COLORS[c] for c in range(4) for _ in range(self.pool[c])]
        guess = self._dealt(tiles)
        beyond = tiles[sum(self.hidden_counts) + self.bag_size:]
        self._template = deal(self.base, self.view, guess)
        self._fixed_discards = list(self._template.discarded)
        for name in beyond:
            self._fixed_discards[COLOR_INDEX[name]] -= 1


# A seat draws at most six tiles in its turn (a whole new hand after swapping six), so a round's
# draws come from the first six a seat of the bag.
HORIZON_DRAWS = 6


def _draw(counts: list[int], left: int, rng: random.Random) -> int:
    """Take one tile at random from the unseen counts (left is their sum); return its colour."""
    r = rng.randrange(left)
    for c in range(4):
        if r < counts[c]:
            counts[c] -= 1
            return c
        r -= counts[c]
    raise AssertionError("no tile left to draw")


def knowledge(view: dict[str, Any], history: list[dict[str, Any]] | None = None) -> Knowledge:
    """Read a seat's view (and the public events so far) into Knowledge."""
    seat = view["seat"]
    if not isinstance(seat, int):
        raise ValueError("A computer player needs a seat's view, not the spectator's.")
    players = view["players"]
    hist = read_history(history, players, seat)
    seen = [0] * 4
    for row in view["board"]:
        for ch in row:
            if ch in CHAR_COLOR:
                seen[CHAR_COLOR[ch]] += 1
    for name in view["seats"][seat]["hand"] or []:
        seen[COLOR_INDEX[name]] += 1
    hidden = [0 if i == seat else view["seats"][i]["hand_count"] for i in range(players)]
    bag_size = view["bag"]
    if hist is not None:
        watched = [seen[c] + hist.known_out[c] for c in range(4)]
        # A history that disagrees with the view (too few unseen tiles left) is not trusted.
        if sum(TILE_COUNTS) - sum(watched) >= sum(hidden) + bag_size + 4 * len(view["monuments"]):
            seen = watched
    built = _monument_colors(view, hist, seen)
    placed = hist.placed if hist is not None else None
    base = public_state(view, {"monuments": [COLORS[c] for c in built],
                               "placed": None if placed is None else [placed // COLS, placed % COLS]})
    pool = [max(0, TILE_COUNTS[c] - seen[c]) for c in range(4)]
    _pad_pool(pool, sum(hidden) + bag_size)
    passes = hist.whole_passes if hist is not None else None
    return Knowledge(view, seat, base, pool, hidden, bag_size, _scores(view, hist), passes)


def _pad_pool(pool: list[int], needed: int) -> None:
    # Only a history that disagrees with the view could leave too few unseen tiles; never fail for it.
    while sum(pool) < needed:
        pool[0] += 1


def _monument_colors(view: dict[str, Any], hist: History | None, seen: list[int]) -> list[int]:
    """Return each monument's colour (watched, or guessed), counting its four tiles as seen."""
    out = []
    for m in view["monuments"]:
        at = _sq(m["at"])
        pair = _pair(m["colors"])
        if hist is not None and at in hist.monument_color:
            built = hist.monument_color[at]
        else:
            # Unwatched: guess the colour with more tiles unaccounted for.
            built = max(pair, key=lambda c: (TILE_COUNTS[c] - seen[c], -c))
        seen[built] += 4
        out.append(built)
    return out


def _scores(view: dict[str, Any], hist: History | None) -> list[dict[str, int] | None]:
    """Return the hidden totals: from public events, or as our own when nothing tells."""
    seat = view["seat"]
    own = view["seats"][seat]["scores"] or {}
    out: list[dict[str, int] | None] = []
    for i, sv in enumerate(view["seats"]):
        if sv["scores"] is not None:
            out.append(None)
        elif hist is not None:
            out.append({COLORS[c]: hist.points[i][c] for c in range(4)})
        else:
            # Unknown totals: treat them as equal to ours, so only changes tell.
            out.append(dict(own))
    return out
