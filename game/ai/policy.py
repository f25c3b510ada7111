"""Quick judgement on a full (determinized) State: which actions are worth a look, and greedy play.

Owns: the short list of candidate actions (a cheap prior per action, so that a level looks at a
few dozen actions, not hundreds: tiles and leaders that score, swaps of useful subsets,
catastrophes that cut a rival's temple, break a kingdom or spoil a monument), the pass rule
(`may_pass`: no endless passing), quick answers to follow-up decisions (support and the order of
wars by the solved rules of game.ai.conflict; offers, treasures), `settle` (play those answers
until the next turn action), and the greedy chooser the easy and normal levels are built on, that
the hard level's plans start from, and that plays a rival's reply in hard's look-ahead
(`reply_candidates`, `attacks`: the wars and revolts a player can start). Values are taken at the
end of the turn.
Imports game.rules only; never game.ui, net or pygame.
"""

from __future__ import annotations

import math
import random
from collections.abc import Callable
from dataclasses import dataclass
from typing import Any

from game.rules import apply, legal_actions
from game.rules.boards import bit, dilate, flood, neighbours, square, squares_of
from game.rules.engine import apply_in_place
from game.rules.placement import catastrophe_targets, turn_targets
from game.rules.state import BLACK, BLUE, COLORS, GREEN, RED, State, connected, kingdoms

from .conflict import quick_support, quick_war
from .evaluate import FULL_SIGHT, Weights, evaluate

Action = dict[str, Any]
PASS: Action = {"kind": "pass"}
MAX_WHOLE_PASSES = 2    # whole turns a computer may pass in a row, at any score


@dataclass(frozen=True)
class Limits:
    """How many candidates of each kind a level looks at."""

    tiles: int = 30
    leaders: int = 16
    moves: int = 8
    catastrophes: int = 4
    swaps: int = 3


WIDE = Limits()
NARROW = Limits(tiles=10, leaders=6, moves=3, catastrophes=2, swaps=2)
TINY = Limits(tiles=6, leaders=4, moves=2, catastrophes=1, swaps=1)


# --- candidates --------------------------------------------------------------------------------

class Outlook:
    """The groups and kingdoms of one position, found once for all the priors."""

    def __init__(self, s: State) -> None:
        self.s = s
        self.me = s.active
        self.conn = connected(s)
        self.kingdoms = kingdoms(s, self.conn)
        self.halos = [neighbours(k) for k in self.kingdoms]
        self.owner: list[dict[int, int]] = []        # per kingdom: colour -> seat of that leader
        for k in self.kingdoms:
            self.owner.append({c: seat for (seat, c), q in s.leaders.items() if (k >> q) & 1})
        self.touching_anything = dilate(self.conn)
        self.halo_any = 0
        for h in self.halos:
            self.halo_any |= h
        self._spoils: dict[int, float] | None = None
        self._near: dict[int, tuple[int, list[int], int]] = {}
        self._cuts: tuple[int, int, int] | None = None
        self._terms: dict[int, tuple[float, bool, float | None]] = {}
        self._targets: tuple[int, dict[int, int], int, int] | None = None
        self._regions: list[int] | None = None

    def tile_priors(self, colors: list[int], sq: int) -> list[float]:
        """Return how promising a tile of each of colors on sq looks, before playing it (what the square
        touches is found once for them all)."""
        b = 1 << sq
        if not b & self.halo_any:
            return [0.3 if b & self.touching_anything else -1.0] * len(colors)
        touched = self._around(sq)[1]
        if len(touched) == 2:
            # Joining two kingdoms starts wars when both have a leader of one colour.
            a, c = (self.owner[i] for i in touched)
            return [1.5 if set(a) & set(c) else 0.5] * len(colors)
        owners = self.owner[touched[0]]
        king = owners.get(3)
        out = []
        for color in colors:
            led = owners.get(color)
            seat = king if led is None else led
            if seat == self.me:
                out.append(2.3 if led == self.me else 2.0)
            else:
                out.append(0.2 if seat is None else -0.5)
        return out

    def leader_prior(self, color: int, sq: int) -> float:
        """Return how promising a leader of color on sq looks, before placing it."""
        return self.leader_priors([color], sq)[0]

    def leader_priors(self, colors: list[int], sq: int) -> list[float]:
        """Return leader_prior(c, sq) for each of colors, finding what the square touches once."""
        temples, touched, region = self._around(sq)
        tiles = self.s.tiles
        out = []
        for color in colors:
            value = 0.3 * temples
            for i in touched:
                kingdom_tiles, revolt, treasure = self._kingdom_terms(i, color)
                value += kingdom_tiles
                if revolt:
                    value += 1.0     # a revolt: worth a look
                if treasure is not None:
                    value += treasure
            value += 0.15 * min((region & tiles[color]).bit_count(), 8)
            out.append(value)
        return out

    def _kingdom_terms(self, i: int, color: int) -> tuple[float, bool, float | None]:
        """Return what kingdom i adds to a leader of color beside it: its tiles of that colour, whether a
        rival's leader of that colour stands there (a revolt), its treasures for a trader; found once."""
        key = i * 4 + color
        found = self._terms.get(key)
        if found is None:
            s = self.s
            k = self.kingdoms[i]
            seat = self.owner[i].get(color)
            found = self._terms[key] = (
                0.25 * min((k & s.tiles[color]).bit_count(), 8) + 0.5,
                seat is not None and seat != self.me,
                0.7 * (k & s.treasure).bit_count() if color == GREEN else None,
            )
        return found

    def _around(self, sq: int) -> tuple[int, list[int], int]:
        """Return (temples beside sq, kingdoms it touches, the region it would join), found once a square.

        The four colours of leader and of tile are weighed on the same squares, so this is asked often.
        """
        found = self._near.get(sq)
        if found is None:
            b = bit(sq)
            around = neighbours(b)
            touched = [i for i, h in enumerate(self.halos) if h & b]
            region = 0
            if around & self.conn:
                for g in self._groups():
                    if g & around:
                        region |= g
            found = self._near[sq] = ((around & self.s.tiles[RED]).bit_count(), touched, region)
        return found

    def targets(self) -> tuple[int, dict[int, int], int, int]:
        """Return the active player's targets (placement.turn_targets: leaders placed, moves per colour,
        land tiles, farms), found once for the candidates and the attacks."""
        if self._targets is None:
            self._targets = turn_targets(self.s, self.kingdoms)
        return self._targets

    def _groups(self) -> list[int]:
        """Return the connected groups of tiles and leaders (kingdoms and leaderless regions), found once."""
        if self._regions is None:
            self._regions = []
            rest = self.conn
            while rest:
                g = flood(rest & -rest, self.conn)
                self._regions.append(g)
                rest &= ~g
        return self._regions

    def catastrophe_prior(self, sq: int) -> float:
        """Return how promising a catastrophe on sq looks.

        Three ideas: cut a rival leader's only temple (it goes home), break a kingdom in two so
        that a rival leader loses the tiles that score or defend for it, and spoil a rival's
        monument by destroying the empty square of a 2x2 block that lacks only one tile.
        """
        s = self.s
        b = bit(sq)
        own_cut, rival_cut, shared = self._cut_masks()
        if b & own_cut:
            return -3.0         # never send our own leader home
        value = 1.5 if b & rival_cut else -1.0
        if b & self.conn:
            # Only a kingdom with two or more leaders can be broken to a rival's cost.
            if b & shared:
                value = max(value, self._break_prior(sq))
        elif b & ~self.conn & s.board.land:
            value = max(value, self._monument_spoil_prior(sq))
        return value

    def _cut_masks(self) -> tuple[int, int, int]:
        """Return (temples that are one of our leaders' only temple, the same for rivals' leaders,
        kingdoms holding two or more leaders), found once for all the catastrophe squares."""
        if self._cuts is None:
            s = self.s
            own = rival = shared = 0
            for (seat, _), q in s.leaders.items():
                temples = neighbours(bit(q)) & s.tiles[RED]
                if temples.bit_count() == 1:
                    if seat == self.me:
                        own |= temples
                    else:
                        rival |= temples
            for i, k in enumerate(self.kingdoms):
                if len(self.owner[i]) >= 2:
                    shared |= k
            self._cuts = own, rival, shared
        return self._cuts

    def _break_prior(self, sq: int) -> float:
        """A tile whose loss splits its kingdom: worth it when a rival leader is cut off."""
        b = bit(sq)
        home = next((i for i, k in enumerate(self.kingdoms) if k & b), None)
        if home is None or len(self.owner[home]) < 2:
            return -1.0
        conn = self.conn & ~b
        parts: list[int] = []
        for n in squares_of(neighbours(b) & conn):
            if not any((p >> n) & 1 for p in parts):
                parts.append(flood(bit(n), conn))
        led = [p for p in parts if any((p >> q) & 1 for q in self.s.leaders.values())]
        if len(led) < 2:
            return -1.0
        mine = [any((p >> self.s.leaders[k]) & 1 for k in self.s.leaders if k[0] == self.me) for p in led]
        return 1.2 if not all(mine) else -1.0

    def _monument_spoil_prior(self, sq: int) -> float:
        if self._spoils is None:
            self._spoils = self._find_spoils()
        return self._spoils.get(sq, -1.0)

    def _find_spoils(self) -> dict[int, float]:
        """Return the empty squares that would complete a rival's 2x2 block of one colour."""
        s = self.s
        empty = s.board.land & ~self.conn & ~s.cat
        out: dict[int, float] = {}
        for color in (0, 2, 3):
            tiles = s.tiles[color]
            for t in squares_of(tiles):
                r, c = divmod(t, 16)
                for top in (r - 1, r):
                    for left in (c - 1, c):
                        if not (0 <= top < 10 and 0 <= left < 15):
                            continue
                        tl = top * 16 + left
                        block = (1 << tl) | (1 << (tl + 1)) | (1 << (tl + 16)) | (1 << (tl + 17))
                        hole = block & ~tiles
                        if hole.bit_count() != 1 or not hole & empty:
                            continue
                        rest = block & tiles
                        owners = [seat for (seat, col), q in s.leaders.items()
                                  if col == color and (flood(rest, self.conn) >> q) & 1]
                        if owners and self.me not in owners:
                            out[hole.bit_length() - 1] = 1.0
        return out


def may_pass(s: State, whole_passes: int | None) -> bool:
    """Return whether the seat to act may pass now.

    A computer never keeps a game alive by passing: whatever the score, ahead, tied or behind,
    it passes a whole turn at most twice running, so it never passes three whole turns in a
    row (two tied computers could otherwise pass forever). Without the history it can tell
    neither its last turns nor its rivals' hidden totals: then it never passes a whole turn.
    Passing the second action is not a whole turn.
    """
    if s.actions_left < 2:
        return True
    return whole_passes is not None and whole_passes < MAX_WHOLE_PASSES


def candidates(s: State, limits: Limits = WIDE, allow_pass: bool = True) -> list[Action]:
    """Return the turn actions worth evaluating, best-looking first within each kind."""
    if s.decision is None or s.decision["kind"] != "action":
        return legal_actions(s)
    return [a for _, a in scored_candidates(s, limits, allow_pass)]


def scored_candidates(s: State, limits: Limits = WIDE, allow_pass: bool = True) -> list[tuple[float, Action]]:
    """Return (prior, action) for the turn actions worth evaluating, best-looking first within each kind."""
    board = Outlook(s)
    out: Scored = [(-0.5, {"kind": "withdraw_leader", "leader": COLORS[c]})
                   for c in range(4) if (s.active, c) in s.leaders]
    out.extend(_best_by_kind(s, board, limits, board.catastrophe_prior))
    out.extend((0.3, a) for a in _swaps(s)[:limits.swaps])
    if allow_pass or not out:
        out.append((0.0, PASS))
    return out


Scored = list[tuple[float, Action]]


def _best_by_kind(s: State, board: Outlook, limits: Limits, catastrophe: Callable[[int], float]) -> Scored:
    """Return the best-looking tiles, leaders placed, leaders moved and catastrophes (those
    `catastrophe(square)` scores above 0), at most `limits` of each kind, each kind best first.

    The same as rating every legal action of those kinds and keeping the best (ties in the engine's
    order: colour, then square), but an action is built only once it is kept: a rival's reply in
    hard's look-ahead asks this hundreds of times a decision, and most of the legal list is dropped.
    A tile's prior is -1 (never kept) away from every tile and leader, so only squares beside one
    are rated.
    """
    seat = s.active
    leaders = s.leaders
    place, moves, land, river = board.targets()
    out: Scored = []
    hand = s.hands[seat]
    near = board.touching_anything
    tiles: list[tuple[float, int, int]] = []
    by_terrain = (([c for c in (RED, GREEN, BLACK) if hand[c]], land), ([BLUE] if hand[BLUE] else [], river))
    for colors, open_squares in by_terrain:
        if colors:
            for sq in squares_of(open_squares & near):
                tiles.extend((prior, c, sq) for c, prior in zip(colors, board.tile_priors(colors, sq), strict=True)
                             if prior > -1.0)
    out.extend(_kept(tiles, limits.tiles, PLACE_TILE))
    placed: list[tuple[float, int, int]] = []
    moved: list[tuple[float, int, int]] = []
    supply = [c for c in range(4) if (seat, c) not in leaders]
    if supply:
        for sq in squares_of(place):
            placed.extend((prior, c, sq) for c, prior in zip(supply, board.leader_priors(supply, sq), strict=True))
    for c in range(4):
        if (seat, c) in leaders:
            moved.extend((board.leader_prior(c, sq) - 0.3, c, sq) for sq in squares_of(moves[c]))
    out.extend(_kept(placed, limits.leaders, PLACE_LEADER))
    out.extend(_kept(moved, limits.moves, MOVE_LEADER))
    if s.catastrophes[seat] and limits.catastrophes:
        cats: Scored = []
        for sq in squares_of(catastrophe_targets(s)):
            prior = catastrophe(sq)
            if prior > 0:
                cats.append((prior, {"kind": "catastrophe", "to": square(sq)}))
        out.extend(_best(cats, limits.catastrophes))
    return out


PLACE_TILE = ("place_tile", "color")
PLACE_LEADER = ("place_leader", "leader")
MOVE_LEADER = ("move_leader", "leader")


def _kept(rated: list[tuple[float, int, int]], n: int, kind: tuple[str, str]) -> Scored:
    """Return the n best (prior, colour, square) as actions of kind, ties in colour then square order."""
    rated.sort(key=lambda t: (-t[0], t[1], t[2]))
    return [(prior, {"kind": kind[0], kind[1]: COLORS[c], "to": square(sq)}) for prior, c, sq in rated[:n]]


def reply_candidates(s: State, limits: Limits = TINY) -> list[Action]:
    """Return the turn actions a rival's quick reply weighs, cheaply: the best-looking tiles, leaders
    and leader moves (at most `limits` of each: hard's reply weighs the wide list for both its
    actions), a catastrophe only where it cuts a leader's single temple, every war
    or revolt it could start (`attacks`), and pass (no swaps: a swap changes nothing on the board).
    Hard's look-ahead asks this hundreds of times a decision."""
    board = Outlook(s)
    cut = board._cut_masks()[1] if s.catastrophes[s.active] else 0
    out = [a for _, a in _best_by_kind(s, board, limits, lambda sq: 1.5 if cut >> sq & 1 else 0.0)]
    out.extend(a for a in attacks(s, board) if a not in out)
    out.append(PASS)
    return out


WAR_SQUARES = 2         # squares tried per pair of kingdoms that a tile would join in war


def attacks(s: State, board: Outlook | None = None, most: int = 4) -> list[Action]:
    """Return up to `most` turn actions that start a conflict: tiles joining two kingdoms that share a
    leader colour (a war; at most WAR_SQUARES a pair of kingdoms, a farm and a land square first when
    both are open), then leaders placed beside the most temples in a kingdom where a rival's leader of
    its colour stands (a revolt); at least one revolt when there is one, however many wars there are.

    The priors rank scoring tiles above these, so with a full hand a short candidate list never held
    them: a level that looks ahead must see the attacks it can make and the ones it leaves open.
    """
    board = board or Outlook(s)
    seat = s.active
    hand = s.hands[seat]
    wars: list[Action] = []
    halos = board.halos
    targets, _, land, river = board.targets()
    for i in range(len(halos)):
        for j in range(i + 1, len(halos)):
            at_war = set(board.owner[i]) & set(board.owner[j])
            if not at_war:
                continue
            joins = halos[i] & halos[j]
            # One square of each terrain first: they take tiles of different colours.
            firsts = squares_of(joins & land)[:1] + squares_of(joins & river)[:1]
            rest = [q for q in squares_of(joins & (land | river)) if q not in firsts]
            tried = 0
            for sq in firsts + rest:
                if tried == WAR_SQUARES:
                    break
                on_river = bool(river >> sq & 1)
                fits = [c for c in range(4) if hand[c] and (c == BLUE) == on_river]
                if fits:
                    # The placed tile fights on neither side (section 11): a tile of a colour at war
                    # spent here is one support tile less, so spend another colour, the one held most.
                    color = max(fits, key=lambda c: (c not in at_war, hand[c], -c))
                    wars.append({"kind": "place_tile", "color": COLORS[color], "to": square(sq)})
                    tried += 1
    revolts: list[tuple[int, Action]] = []
    for color in range(4):
        if (seat, color) in s.leaders:
            continue
        rivals = 0
        for i, owners in enumerate(board.owner):
            if owners.get(color, seat) != seat:
                rivals |= halos[i]
        if not rivals:
            continue
        for sq in squares_of(targets & rivals):
            temples = (neighbours(bit(sq)) & s.tiles[RED]).bit_count()
            revolts.append((temples, {"kind": "place_leader", "leader": COLORS[color], "to": square(sq)}))
    revolts.sort(key=lambda t: -t[0])
    kept = [a for _, a in revolts[:2]]
    if not kept:
        return wars[:most]
    # Wars first, but never all of the room: a revolt the list cut would go unseen.
    room = max(most - len(kept), most - 1)
    return (wars[:room] + kept)[:most]


def _best(scored: list[tuple[float, Action]], n: int) -> list[tuple[float, Action]]:
    # A stable sort keeps the engine's fixed order among equals: decisions stay reproducible.
    order = sorted(range(len(scored)), key=lambda i: -scored[i][0])
    return [scored[i] for i in order[:n] if scored[i][0] > -1.0]


def _swaps(s: State) -> list[Action]:
    """Return the swaps worth a look: any useful subset, not only whole colours.

    The tiles of colours the seat has no leader for (least likely to score), then the surplus
    beyond two of each colour, then the whole hand: several distinct subsets, most likely first.
    """
    seat = s.active
    hand = s.hands[seat]
    idle = [c for c in range(4) if (seat, c) not in s.leaders]
    ideas = [
        [COLORS[c] for c in idle for _ in range(hand[c])],
        [COLORS[c] for c in range(4) for _ in range(max(0, hand[c] - 2))],
        [COLORS[c] for c in idle for _ in range(hand[c])]
        + [COLORS[c] for c in range(4) if c not in idle for _ in range(max(0, hand[c] - 2))],
        [COLORS[c] for c in range(4) for _ in range(hand[c])],
    ]
    out: list[Action] = []
    for tiles in ideas:
        tiles.sort(key=COLORS.index)
        if tiles and len(tiles) <= 6 and all(a["tiles"] != tiles for a in out):
            out.append({"kind": "swap", "tiles": tiles})
    return out


# --- quick answers to follow-up decisions -----------------------------------------------------

def quick_answer(s: State) -> Action:
    """Return a sensible answer to any decision other than a turn action."""
    assert s.decision is not None
    kind = s.decision["kind"]
    if kind == "support":
        return {"kind": "commit", "count": quick_support(s)}
    if kind == "choose_war":
        return {"kind": "choose_war", "color": COLORS[quick_war(s)]}
    legal = legal_actions(s)
    return legal[0]     # the first build offer (accepting), the first treasure


def settle(s: State, limit: int = 40) -> State:
    """Play quick answers on s itself until a turn action is asked or the game ends; return s.

    s must be the caller's own copy (a look-ahead's): the answers change it in place, the quick path
    that copies nothing (`apply_in_place`), since every answer is one the engine lists.
    """
    while not s.game_over and s.decision is not None and s.decision["kind"] != "action" and limit > 0:
        apply_in_place(s, quick_answer(s))
        limit -= 1
    return s


# --- greedy play --------------------------------------------------------------------------------

def value_after(s: State, action: Action, seat: int, w: Weights = FULL_SIGHT) -> tuple[float, State]:
    """Return the value for seat once action is played and its follow-ups settled, and that State.

    The value is taken at the end of the turn (the rest of it passed): passing would otherwise
    collect the end of turn's points (monuments, treasures) that a first action has yet to reach.
    """
    after, _ = apply(s, action)
    after = settle(after)
    if _our_action(after, seat):
        ended = settle(apply(after, PASS)[0])
        return evaluate(ended, seat, w), after
    return evaluate(after, seat, w), after


def _our_action(s: State, seat: int) -> bool:
    d = s.decision
    return d is not None and d["kind"] == "action" and d["seat"] == seat and s.active == seat


def value_of(s: State, action: Action, seat: int, w: Weights = FULL_SIGHT) -> float:
    """Return value_after's value alone: on one copy, played in place (the caller keeps no position)."""
    after = s.copy()
    # apply_in_place checks the action as apply does; an illegal one raises (leaving only this copy,
    # which nobody sees, half changed).
    apply_in_place(after, action)
    settle(after)
    if _our_action(after, seat):
        apply_in_place(after, PASS)
        settle(after)
    return evaluate(after, seat, w)


def ranked(s: State, actions: list[Action], w: Weights = FULL_SIGHT) -> list[tuple[float, int, State]]:
    """Return (value, index into actions, resulting State), best first."""
    seat = s.decision["seat"] if s.decision else s.active
    out = []
    for i, a in enumerate(actions):
        v, after = value_after(s, a, seat, w)
        out.append((v, i, after))
    out.sort(key=lambda t: (-t[0], t[1]))
    return out


def best_of(s: State, acts: list[Action], w: Weights = FULL_SIGHT) -> Action:
    """Return the action among acts with the best value one ply ahead (the first of equals, as ranked orders
    them), valued without keeping the positions: a rival's reply in hard's look-ahead asks this for every
    action of its turn."""
    if len(acts) == 1:
        return acts[0]
    seat = s.decision["seat"] if s.decision else s.active
    best, best_value = 0, -math.inf
    for i, a in enumerate(acts):
        v = value_of(s, a, seat, w)
        if v > best_value:
            best, best_value = i, v
    return acts[best]


def greedy(s: State, limits: Limits = WIDE, w: Weights = FULL_SIGHT, allow_pass: bool = True) -> Action:
    """Return the action with the best value one ply ahead."""
    return best_of(s, candidates(s, limits, allow_pass), w)


def two_actions(s: State, limits: Limits, width: int, w: Weights = FULL_SIGHT, allow_pass: bool = True) -> Action:
    """Return the first action of the best pair of actions for the turn (greedy on the second)."""
    acts = candidates(s, limits, allow_pass)
    first = ranked(s, acts, w)
    if s.actions_left < 2 or len(first) == 1:
        return acts[first[0][1]]
    seat = s.active
    best_value, best_index = first[0][0], first[0][1]
    for v1, i, after in first[:width]:
        if after.game_over or after.decision is None or after.decision["seat"] != seat \
                or after.decision["kind"] != "action":
            total = v1
        else:
            total = ranked(after, candidates(after, limits), w)[0][0]
        if total > best_value:
            best_value, best_index = total, i
    return acts[best_index]


def noisy_greedy(s: State, rng: random.Random, limits: Limits, w: Weights, spread: int,
                 allow_pass: bool = True) -> Action:
    """Return one of the few best actions at random: a level that slips now and then.

    It slips only between real moves: it passes only when passing ranks first.
    """
    acts = candidates(s, limits, allow_pass)
    order = ranked(s, acts, w)
    if acts[order[0][1]] == PASS:
        return PASS
    pick = [o for o in order if acts[o[1]] != PASS][:spread]
    weights = [2.0 ** -k for k in range(len(pick))]
    return acts[rng.choices(pick, weights=weights)[0][1]]
