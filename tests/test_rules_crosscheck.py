"""Cross-checks of the bitboard engine against a plain, square-by-square reading of RULES.md.

In random games, from the public view only: the squares open to leaders, tiles and catastrophes
(sections 6 to 8), and every war's sides, strengths, losses and points (section 11).
"""

from __future__ import annotations

import random
from collections.abc import Iterator
from typing import Any

import pytest

from game.rules import apply, legal_actions, new_game, to_move, view_for

Square = tuple[int, int]
LETTER = {"red": "r", "blue": "b", "green": "g", "black": "k"}
BUILDERS = ("place_tile", "place_leader", "commit", "choose_war", "build_monument", "build_building",
            "build_ziggurat", "take_treasure")


def around(sq: Square) -> Iterator[Square]:
    r, c = sq
    for rr, cc in ((r + 1, c), (r - 1, c), (r, c + 1), (r, c - 1)):
        if 0 <= rr < 11 and 0 <= cc < 16:
            yield rr, cc


def group(start: Square, cells: set[Square]) -> set[Square]:
    seen, todo = {start}, [start]
    while todo:
        for nxt in around(todo.pop()):
            if nxt in cells and nxt not in seen:
                seen.add(nxt)
                todo.append(nxt)
    return seen


def read(view: dict[str, Any]) -> tuple[list[str], dict[Square, tuple[int, str]], set[Square]]:
    board = view["board"]
    leaders = {tuple(e["at"]): (e["seat"], e["color"]) for e in view["leaders"]}
    tiles = {(r, c) for r in range(11) for c in range(16) if board[r][c] in "rbgk#z"}
    return board, leaders, tiles


def plain_targets(view: dict[str, Any], seat: int) -> set[tuple[str, str | None, Square]]:
    """Sections 6-8, square by square."""
    board, leaders, tiles = read(view)
    terrain = view["terrain"]
    empty = {(r, c) for r in range(11) for c in range(16) if board[r][c] in ".~" and (r, c) not in leaders}

    def kingdoms_touched(sq: Square, lifted: Square | None = None) -> int:
        standing = {at for at in leaders if at != lifted}
        cells = tiles | standing
        found: list[set[Square]] = []
        for nxt in around(sq):
            if nxt in cells and not any(nxt in g for g in found):
                g = group(nxt, cells)
                if g & standing:
                    found.append(g)
        return len(found)

    def beside_temple(sq: Square) -> bool:
        return any(board[r][c] == "r" for r, c in around(sq))

    out: set[tuple[str, str | None, Square]] = set()
    mine = {color: at for at, (owner, color) in leaders.items() if owner == seat}
    for color in LETTER:
        lifted = mine.get(color)
        kind = "move_leader" if lifted else "place_leader"
        for sq in empty:
            if terrain[sq[0]][sq[1]] == "." and beside_temple(sq) and kingdoms_touched(sq, lifted) <= 1:
                out.add((kind, color, sq))
    for color in set(view["seats"][seat]["hand"]):
        for sq in empty:
            if (color == "blue") == (terrain[sq[0]][sq[1]] == "~") and kingdoms_touched(sq) <= 2:
                out.add(("place_tile", color, sq))
    if view["seats"][seat]["catastrophes"]:
        blocked = set(leaders) | {tuple(t) for t in view["treasures"]} | {tuple(b) for b in view["buildings"].values()}
        for r in range(11):
            for c in range(16):
                if (r, c) not in blocked and board[r][c] not in "x#z":
                    out.add(("catastrophe", None, (r, c)))
    return out


def listed_targets(state) -> set[tuple[str, str | None, Square]]:
    out: set[tuple[str, str | None, Square]] = set()
    for a in legal_actions(state):
        if a["kind"] in ("place_leader", "move_leader"):
            out.add((a["kind"], a["leader"], tuple(a["to"])))
        elif a["kind"] == "place_tile":
            out.add((a["kind"], a["color"], tuple(a["to"])))
        elif a["kind"] == "catastrophe":
            out.add((a["kind"], None, tuple(a["to"])))
    return out


def expected_war(view: dict[str, Any], defender_commit: int) -> dict[str, Any]:
    """Section 11 for the war under way, once the defender commits."""
    board, leaders, tiles = read(view)
    c = view["conflict"]
    union = tuple(view["union"])
    cells = (tiles | set(leaders)) - {union}
    letter = LETTER[c["color"]]
    sides = {side: group(tuple(c[f"{side}_at"]), cells) for side in ("attacker", "defender")}
    assert not sides["attacker"] & sides["defender"]
    strength = {side: sum(1 for r, col in sides[side] if board[r][col] == letter) for side in sides}
    assert (strength["attacker"], strength["defender"]) == (c["attacker_strength"], c["defender_strength"])
    attack = strength["attacker"] + c["attacker_commit"]
    defend = strength["defender"] + defender_commit
    winner, loser = ("attacker", "defender") if attack > defend else ("defender", "attacker")
    loser_at = tuple(c[f"{loser}_at"])
    lost = {sq for sq in sides[loser] if board[sq[0]][sq[1]] == letter}
    if letter == "r":
        treasures = {tuple(t) for t in view["treasures"]}
        others = set(leaders) - {loser_at}
        lost = {sq for sq in lost if sq not in treasures and not any(n in others for n in around(sq))}
    lost -= {tuple(b) for b in view["buildings"].values()}
    return {"winner": c[winner], "lost": lost, "color": c["color"]}


def random_game(seed: int) -> Iterator[tuple[Any, dict[str, Any]]]:
    """Yield (state, action) through a random game that favours building kingdoms and fighting."""
    rng = random.Random(seed)
    s = new_game(2 + seed % 3, seed, ["buildings"] if seed % 2 else [])
    while to_move(s) is not None:
        legal = legal_actions(s)
        keen = [a for a in legal if a["kind"] in BUILDERS]
        action = rng.choice(keen if keen and rng.random() < 0.9 else legal)
        yield s, action
        s, _ = apply(s, action)


@pytest.mark.parametrize("seed", range(4))
def test_placement_squares_match_a_plain_reading(seed: int) -> None:
    rng = random.Random(seed)
    checked = 0
    for s, _ in random_game(seed):
        if s.decision["kind"] == "action" and rng.random() < 0.2:
            assert listed_targets(s) == plain_targets(view_for(s, s.active), s.active)
            checked += 1
    assert checked > 5


@pytest.mark.parametrize("seed", range(4, 10))
def test_wars_match_a_plain_reading(seed: int) -> None:
    for s, action in random_game(seed):
        c = s.conflict
        if not (s.decision["kind"] == "support" and c["kind"] == "war" and c["attacker_commit"] is not None):
            continue
        want = expected_war(view_for(s, None), action["count"])
        _, events = apply(s, action)
        removed = [e for e in events if e["kind"] == "tiles_removed"]
        got = {tuple(q) for q in removed[0]["squares"]} if removed else set()
        assert got == want["lost"]
        war_points = [e for e in events if e["kind"] == "points" and e["reason"] == "war"]
        assert war_points[0] == {"kind": "points", "seat": want["winner"], "color": want["color"],
                                 "count": 1 + len(want["lost"]), "reason": "war"}
