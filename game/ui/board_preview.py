"""What a move would do, in words, read from a view: the hover preview of the table.

Owns: the groups and kingdoms of a view's board (RULES.md section 4) and the short sentences
shown near the cursor before a piece is placed ("Joins Ana's kingdom: +1 market point for Ana",
"Starts a revolt against Bo's priest"). It reads only the view a seat receives, so it works the
same for a LAN client; it never decides legality (the legal actions do) and never changes state.

Must not import: pygame, net, game.rules (a view is plain data).
"""

from __future__ import annotations

from typing import Any

from game.rules.vocabulary import COLS, LEADER_WORDS, ROWS, TILE_WORDS

Square = tuple[int, int]
ROLE = LEADER_WORDS
POINT = TILE_WORDS
EMPTY = ".~"


def neighbours(sq: Square) -> list[Square]:
    """Return the orthogonal neighbours of a square that lie on the board."""
    r, c = sq
    return [(r + dr, c + dc) for dr, dc in ((-1, 0), (1, 0), (0, -1), (0, 1))
            if 0 <= r + dr < ROWS and 0 <= c + dc < COLS]


class BoardReading:
    """The board of one view as squares: tiles, leaders and the groups they form."""

    def __init__(self, view: dict[str, Any], lift: Square | None = None) -> None:
        self.view = view
        self.rows: list[str] = view["board"]
        # A moving leader is lifted from its square first (section 6), so `lift` is left out.
        self.leaders: dict[Square, tuple[int, str]] = {
            (l["at"][0], l["at"][1]): (l["seat"], l["color"]) for l in view["leaders"] if tuple(l["at"]) != lift
        }
        self.names: list[str] = view.get("names") or [f"Player {i + 1}" for i in range(view["players"])]

    def char(self, sq: Square) -> str:
        return self.rows[sq[0]][sq[1]]

    def occupied(self, sq: Square) -> bool:
        """Whether the square holds something that joins a group (a catastrophe breaks groups)."""
        return sq in self.leaders or self.char(sq) not in EMPTY + "x"

    def group(self, start: Square, without: Square | None = None) -> set[Square]:
        """Return the group holding `start`, never passing through `without`."""
        seen, todo = {start}, [start]
        while todo:
            for n in neighbours(todo.pop()):
                if n not in seen and n != without and self.occupied(n):
                    seen.add(n)
                    todo.append(n)
        return seen

    def groups_around(self, sq: Square) -> list[set[Square]]:
        """Return the distinct groups touching an empty square."""
        out: list[set[Square]] = []
        for n in neighbours(sq):
            if self.occupied(n) and not any(n in g for g in out):
                out.append(self.group(n, without=sq))
        return out

    def leaders_in(self, group: set[Square]) -> dict[str, int]:
        """Return colour -> seat for the leaders of a group."""
        return {color: seat for sq, (seat, color) in self.leaders.items() if sq in group}

    def temples_next_to(self, sq: Square) -> int:
        return sum(1 for n in neighbours(sq) if self.char(n) == "r")

    def name(self, seat: int) -> str:
        return self.names[seat] if 0 <= seat < len(self.names) else f"Player {seat + 1}"


def preview(view: dict[str, Any], action: dict[str, Any]) -> list[str]:
    """Return one to three short lines saying what `action` would do on this view's board."""
    kind = action.get("kind")
    if kind == "place_tile":
        return _tile(BoardReading(view), action["color"], tuple(action["to"]))
    if kind in ("place_leader", "move_leader"):
        lift = _own_leader_square(view, action["leader"]) if kind == "move_leader" else None
        return _leader(BoardReading(view, lift), view, action["leader"], tuple(action["to"]))
    if kind == "catastrophe":
        return _catastrophe(BoardReading(view), tuple(action["to"]))
    return []


def _own_leader_square(view: dict[str, Any], color: str) -> Square | None:
    seat = view.get("active")
    for l in view["leaders"]:
        if l["seat"] == seat and l["color"] == color:
            return (l["at"][0], l["at"][1])
    return None


def _tile(b: BoardReading, color: str, sq: Square) -> list[str]:
    groups = b.groups_around(sq)
    kingdoms = [g for g in groups if b.leaders_in(g)]
    if not kingdoms:
        return ["Joins a region: no points" if groups else "A new region: no points"]
    if len(kingdoms) == 1:
        leaders = b.leaders_in(kingdoms[0])
        if color in leaders:
            return [f"+1 {POINT[color]} point for {b.name(leaders[color])}"]
        if "black" in leaders:
            return [f"+1 {POINT[color]} point for {b.name(leaders['black'])}'s king"]
        return ["Joins a kingdom with no " + ROLE[color], "nobody scores"]
    first, second = (b.leaders_in(k) for k in kingdoms[:2])
    wars = [c for c in ("red", "blue", "green", "black") if c in first and c in second]
    if not wars:
        return ["Unites two kingdoms", "no war"]
    return ["Unites two kingdoms:", "war of " + ", ".join(ROLE[c] + "s" for c in wars) + "!"]


def _leader(b: BoardReading, view: dict[str, Any], color: str, sq: Square) -> list[str]:
    groups = b.groups_around(sq)
    kingdoms = [g for g in groups if b.leaders_in(g)]
    strength = b.temples_next_to(sq)
    if not kingdoms:
        return ["Founds a kingdom" if groups else "Stands alone", f"{strength} temple{'s' * (strength != 1)} beside"]
    leaders = b.leaders_in(kingdoms[0])
    if color in leaders:
        rival_seat = leaders[color]
        rival_sq = next(q for q, (s, c) in b.leaders.items() if s == rival_seat and c == color)
        theirs = b.temples_next_to(rival_sq)
        return [f"Revolt against {b.name(rival_seat)}'s {ROLE[color]}!", f"temples: you {strength}, them {theirs}"]
    return ["Joins a kingdom", f"{strength} temple{'s' * (strength != 1)} beside"]


def _catastrophe(b: BoardReading, sq: Square) -> list[str]:
    ch = b.char(sq)
    lines = ["Destroys a " + POINT[{"r": "red", "b": "blue", "g": "green", "k": "black"}[ch]] if ch in "rbgk"
             else "Blocks the square for good"]
    if ch == "r":
        # Section 4: a leader with no temple left beside it goes home at once.
        for n in neighbours(sq):
            if n in b.leaders and not any(m != sq and b.char(m) == "r" for m in neighbours(n)):
                seat, color = b.leaders[n]
                lines.append(f"{b.name(seat)}'s {ROLE[color]} goes home")
    return lines[:3]
