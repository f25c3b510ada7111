"""Single-observer information-set Monte Carlo tree search (Cowling, Powley & Whitehouse 2012).

Owns: the hard level's search for a turn action. One tree is grown over the decisions of two
turns: both actions of this seat's turn, then the next seat's two actions (at a 2-player table
the whole round). Each iteration deals a new guess of the hidden tiles
(game.ai.determinize.Knowledge.quick_sample), walks down the tree choosing only among actions
that are legal in that guess (the one PUCT prefers, asked lazily), adds one node, plays the rest
of the two turns with a quick playout policy on the search-speed path, and scores the position
with the evaluation of every seat; each node
takes the value of the seat that decided there. Selection is PUCT: the priors come from the
normal level's judgement (its whole-turn values at the root, its one-ply values for our own
second action, its candidate priors below). Conflicts
(support, the order of wars) are answered inside the search by the solved rules of
game.ai.conflict, other follow-up decisions by the quick answers, never searched as guesses of hidden hands.
Imports game.rules only; never game.ui, net or pygame.
"""

from __future__ import annotations

import math
import random
import time
from typing import Any

from game.rules.boards import index
from game.rules.engine import apply_in_place, legal_actions
from game.rules.fast import random_action, scoring_tile
from game.rules.placement import catastrophe_targets, leader_targets, tile_targets_by_terrain
from game.rules.state import BLUE, COLOR_INDEX, COLORS, State, connected, kingdoms

from .conflict import quick_support, quick_war
from .determinize import Knowledge
from .evaluate import evaluate_all
from .policy import NARROW, WIDE, Action, candidates, ranked, scored_candidates

PUCT = 2.0              # exploration weight, in evaluation points
ROOT_WIDTH = 16         # root actions kept after normal's ranking
NORMAL_WIDTH = 4        # first actions whose best second action normal weighs (as the normal level does)
ROOT_TEMPERATURE = 1.0  # softmax of one-ply values (points) into priors
NODE_TEMPERATURE = 0.7  # softmax of candidate priors below the root
SECOND_TEMPERATURE = 0.5  # softmax of one-ply values (points) of our own turn's second action
PLAYOUT_LIMIT = 40      # decisions at most in one playout
# Turns the search looks over: ours and the next seat's. At a 2-player table that is the whole
# round; at larger ones the later rivals' replies, sampled thinly in a tree that wide, cost three
# times as much per iteration as they told.
HORIZON_TURNS = 2


class Node:
    """One decision point of the tree: its seat, its candidate actions and their statistics."""

    __slots__ = ("mover", "acts", "keys", "prior", "n", "w", "visits", "value", "children")

    def __init__(self) -> None:
        self.mover = -1
        self.acts: list[Action] | None = None
        self.keys: list[tuple[str, int, int]] = []
        self.prior: list[float] = []
        self.n: list[int] = []
        self.w: list[float] = []
        self.visits = 0                     # iterations through this node (the sum of n)
        self.value = 0.0                    # their values for the mover (the sum of w)
        self.children: dict[int, Node] = {}

    def fill(self, mover: int, scored: list[tuple[float, Action]], temperature: float) -> None:
        self.mover = mover
        self.acts = [a for _, a in scored]
        self.keys = [_key(a) for a in self.acts]
        top = max(p for p, _ in scored)
        weights = [math.exp((p - top) / temperature) for p, _ in scored]
        total = sum(weights)
        self.prior = [x / total for x in weights]
        self.n = [0] * len(scored)
        self.w = [0.0] * len(scored)


def _key(a: Action) -> tuple[str, int, int]:
    """Return (kind, colour index or -1, square index or -1) of an action, for quick legality checks."""
    color = a.get("color", a.get("leader"))
    at = a.get("to")
    return a["kind"], COLOR_INDEX[color] if isinstance(color, str) else -1, index(*at) if at else -1


class Legality:
    """Which of a node's actions the guessed state allows, with the target masks found once."""

    def __init__(self, s: State) -> None:
        self.s = s
        self.seat = s.active
        self._base: list[int] | None = None
        self._tiles: tuple[int, int] | None = None
        self._leaders: dict[Any, int] = {}

    def base(self) -> list[int]:
        if self._base is None:
            self._base = kingdoms(self.s, connected(self.s))
        return self._base

    def ok(self, key: tuple[str, int, int], action: Action) -> bool:
        kind, color, sq = key
        s, seat = self.s, self.seat
        if kind == "pass":
            return True
        if kind == "place_tile":
            if not s.hands[seat][color]:
                return False
            if self._tiles is None:
                self._tiles = tile_targets_by_terrain(s, self.base())
            return bool((self._tiles[1] if color == BLUE else self._tiles[0]) >> sq & 1)
        if kind in ("place_leader", "move_leader"):
            on_board = (seat, color) in s.leaders
            if on_board != (kind == "move_leader"):
                return False
            without = (seat, color) if on_board else None
            if without not in self._leaders:
                self._leaders[without] = leader_targets(s, without, self.base())
            return bool(self._leaders[without] >> sq & 1)
        if kind == "withdraw_leader":
            return (seat, color) in s.leaders
        if kind == "catastrophe":
            return bool(s.catastrophes[seat] and catastrophe_targets(s) >> sq & 1)
        if kind == "swap":
            hand = s.hands[seat]
            tiles = action["tiles"]
            return all(tiles.count(name) <= hand[COLOR_INDEX[name]] for name in set(tiles))
        return False


def settle_in_place(s: State) -> None:
    """Answer follow-up decisions (support by the solved rule, offers and the rest quickly) in place."""
    for _ in range(40):
        d = s.decision
        if s.game_over or d is None or d["kind"] == "action":
            return
        if d["kind"] == "support":
            apply_in_place(s, {"kind": "commit", "count": quick_support(s)})
        elif d["kind"] == "choose_war":
            apply_in_place(s, {"kind": "choose_war", "color": COLORS[quick_war(s)]})
        else:
            apply_in_place(s, legal_actions(s)[0])


class Search:
    """One hard decision: the tree, the seat it decides for and the round it looks over."""

    def __init__(self, know: Knowledge, rng: random.Random, allow_pass: bool) -> None:
        self.know = know
        self.rng = rng
        self.seat = know.seat
        self.allow_pass = allow_pass
        self.root = Node()
        self.root_evaluations = 0           # positions the root's ranking weighed (its cost)
        first = know.sample(rng)
        self.turn = first.turn
        self.players = first.players
        self.horizon = min(self.players, HORIZON_TURNS)
        self._expand_root(first)
        self.iterations = 0
        self.stopped_by_clock = False

    def _expand_root(self, s: State) -> None:
        acts = [a for _, a in scored_candidates(s, WIDE, self.allow_pass)]
        first = ranked(s, acts)
        self.root_evaluations += len(acts)
        # Normal's own choice weighs the whole turn (its best second action after each of its
        # favourite first ones): that value, not the one-ply one, is the prior of those actions.
        judged = {i: v for v, i, _ in first}
        for v1, i, after in first[:NORMAL_WIDTH]:
            d = after.decision
            if s.actions_left == 2 and not after.game_over and d is not None and d["kind"] == "action" \
                    and d["seat"] == self.seat:
                seconds = candidates(after, NARROW)
                self.root_evaluations += len(seconds)
                judged[i] = max(v1, ranked(after, seconds)[0][0])
        order = sorted(judged, key=lambda i: (-judged[i], i))[:ROOT_WIDTH]
        self.root.fill(self.seat, [(judged[i], acts[i]) for i in order], ROOT_TEMPERATURE)

    def run(self, iterations: int, safety_stop: float | None = None) -> Action:
        """Search for the number of iterations, then return the most tried action.

        The count alone decides, so the decision does not depend on the machine's load;
        safety_stop (a perf_counter time) only cuts a search the machine has starved far
        beyond its budget, and is recorded in stopped_by_clock.
        """
        assert self.root.acts is not None
        if len(self.root.acts) == 1:
            return self.root.acts[0]
        while self.iterations < iterations:
            if safety_stop is not None and self.iterations > 0 and time.perf_counter() > safety_stop:
                self.stopped_by_clock = True
                break
            self.iterate()
        return self.best()

    def best(self) -> Action:
        r = self.root
        assert r.acts is not None
        i = max(range(len(r.acts)), key=lambda j: (r.n[j], r.w[j] / r.n[j] if r.n[j] else -1e9, -j))
        return r.acts[i]

    def iterate(self) -> None:
        """One iteration: a new guess, a walk down the tree, one new node, a playout, the update."""
        s = self.know.quick_sample(self.rng)
        path: list[tuple[Node, int]] = []
        node: Node | None = self.root
        while node is not None:
            settle_in_place(s)
            if self._round_over(s):
                break
            if node.acts is None:
                self._fill(node, s)
            # Our own turn actions depend only on the board and our hand, which every guess
            # shares: at the root all of them are legal, elsewhere the guess decides.
            i = self._select(node, None if node is self.root else Legality(s))
            if i is None:
                break
            apply_in_place(s, node.acts[i])
            path.append((node, i))
            child = node.children.get(i)
            if child is None:
                node.children[i] = Node()
                node = None
            else:
                node = child
        self._playout(s)
        values = evaluate_all(s)
        for n, i in path:
            v = values[n.mover]
            n.n[i] += 1
            n.w[i] += v
            n.visits += 1
            n.value += v
        self.iterations += 1

    def _fill(self, node: Node, s: State) -> None:
        """Give a node its candidates and priors when the search first passes through it.

        The second action of our own turn is judged as the normal level judges it, by the full
        evaluation one ply ahead: a first action is only as good as the best second action that
        follows it, and the cheap priors alone left the tree pairing good first actions with poor
        second ones (hard won 56% of 16 games against normal that way, 88% of the same 16 with
        this). There are at most ROOT_WIDTH such nodes, so the cost is small. Everywhere else the
        cheap priors decide what is tried first.
        """
        if s.active == self.seat and s.turn == self.turn and s.actions_left == 1:
            acts = candidates(s, NARROW)
            node.fill(s.active, [(v, acts[i]) for v, i, _ in ranked(s, acts)], SECOND_TEMPERATURE)
        else:
            node.fill(s.active, scored_candidates(s, NARROW), NODE_TEMPERATURE)

    def _select(self, node: Node, legal: Legality | None) -> int | None:
        """Return the action PUCT prefers among those the guess allows (None: none is legal).

        Legality is asked lazily, best score first: finding every action's targets in every guess
        took a quarter of the search's time, and the action preferred is nearly always legal.
        """
        assert node.acts is not None
        total = node.visits
        mean = node.value / total if total else 0.0
        root = PUCT * math.sqrt(total + 1)
        n, w, prior = node.n, node.w, node.prior
        scores = [(w[i] / n[i] if n[i] else mean - 0.5) + prior[i] * root / (1 + n[i]) for i in range(len(n))]
        while True:
            best, best_score = -1, -math.inf
            for i, score in enumerate(scores):
                if score > best_score:
                    best, best_score = i, score
            if best < 0:
                return None
            if legal is None or legal.ok(node.keys[best], node.acts[best]):
                return best
            scores[best] = -math.inf

    def _round_over(self, s: State) -> bool:
        return s.game_over or s.decision is None or s.turn >= self.turn + self.horizon

    def _playout(self, s: State) -> None:
        """Play the rest of the round quickly: points where a tile scores, now and then something else."""
        rng = self.rng
        for _ in range(PLAYOUT_LIMIT):
            settle_in_place(s)
            if self._round_over(s):
                return
            action = scoring_tile(s, rng) if rng.random() < 0.8 else None
            if action is None:
                action = random_action(s, rng, catastrophes=False) if rng.random() < 0.3 else {"kind": "pass"}
            apply_in_place(s, action)
