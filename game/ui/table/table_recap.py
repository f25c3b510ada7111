"""What happened since a seat last acted: the moves of the others, in order, and the squares they changed.

Owns: `Recap`, the game's moves read from the public events (one `Move` per decision: who made it,
the squares it placed on, the squares it emptied — a king sent home by a revolt, tiles lost in a
war, a treasure taken), grouped by the change that produced them so an undone action leaves with
its moves; `since(seat)`, the moves made after that seat's own last decision (the recap shown when
the seat gets the mouse, and kept until it acts); and `last_squares()`, the latest move's squares
(the last-move outline, which must never stay on a square an undo emptied).

Must not import: pygame, net, game.rules.
"""

from __future__ import annotations

from dataclasses import dataclass, field
from typing import Any

Square = tuple[int, int]
# Decisions: each starts a new move of its seat.
STARTS = ("tile_placed", "leader_placed", "leader_moved", "leader_withdrawn", "catastrophe", "swap", "passed",
          "support", "war_chosen", "declined", "monument_built", "building_built", "ziggurat_built")
# Where a decision or its consequences put something on the board.
PLACED = {"tile_placed": "at", "leader_placed": "at", "leader_moved": "to", "catastrophe": "at",
          "monument_built": "at", "building_built": "at", "ziggurat_built": "at", "unification_placed": "at"}
# Where something left the board.
EMPTIED = {"leader_withdrawn": "from", "leader_returned": "from", "treasure_taken": "at", "building_returned": "from"}


def _sq(at: Any) -> Square:
    return (int(at[0]), int(at[1]))


def _footprint(kind: str, at: Square) -> list[Square]:
    """The squares a piece covers: a monument its 2x2 block (at = top-left), the ziggurat its plus."""
    r, c = at
    if kind == "monument_built":
        return [at, (r, c + 1), (r + 1, c), (r + 1, c + 1)]
    if kind == "ziggurat_built":
        return [at, (r - 1, c), (r + 1, c), (r, c - 1), (r, c + 1)]
    return [at]


@dataclass
class Move:
    """One decision and what it changed on the board."""

    seat: int
    kind: str
    batch: int
    decided: bool = True  # False: something that befell the seat (a treasure its trader took), not its choice
    placed: list[Square] = field(default_factory=list)
    emptied: list[Square] = field(default_factory=list)

    @property
    def squares(self) -> list[Square]:
        """Every square the move changed, placed first, each once."""
        return list(dict.fromkeys(self.placed + self.emptied))


class Recap:
    """The moves of the game so far, as the public events tell them."""

    def __init__(self) -> None:
        self.moves: list[Move] = []
        self.batch = 0

    def begin(self) -> None:
        """Start reading one change (one decision and what it set off)."""
        self.batch += 1

    def feed(self, event: dict[str, Any]) -> Move | None:
        """Read one public event; return the move it belongs to (None: an undo, a new turn)."""
        kind = event["kind"]
        if kind == "undone":
            self.undo()
            return None
        seat = event.get("seat")
        # A treasure taken by another seat than the one moving (its trader's owner) is that seat's gain.
        other_taker = kind == "treasure_taken" and self.moves and self.moves[-1].seat != seat
        if (kind in STARTS or other_taker) and isinstance(seat, int):
            self.moves.append(Move(seat, kind, self.batch, decided=kind in STARTS))
        if not self.moves or kind in ("turn_started", "turn_ended", "game_over"):
            return None
        move = self.moves[-1]
        if kind in PLACED and event.get(PLACED[kind]) is not None:
            move.placed.extend(_footprint(kind, _sq(event[PLACED[kind]])))
        if kind == "leader_moved" and event.get("from") is not None:
            move.emptied.append(_sq(event["from"]))
        if kind in EMPTIED and event.get(EMPTIED[kind]) is not None:
            move.emptied.append(_sq(event[EMPTIED[kind]]))
        if kind == "tiles_removed":
            move.emptied.extend(_sq(at) for at in event["squares"])
        return move

    def undo(self) -> None:
        """The latest action was taken back: its moves are forgotten."""
        if self.moves:
            last = self.moves[-1].batch
            self.moves = [m for m in self.moves if m.batch != last]

    def since(self, seat: int) -> list[Move]:
        """The others' moves after seat's own last decision, oldest first."""
        out: list[Move] = []
        for move in reversed(self.moves):
            if move.seat == seat and move.decided:
                break
            out.append(move)
        return out[::-1]

    def last_squares(self) -> list[Square]:
        """The squares of the latest move that changed the board."""
        for move in reversed(self.moves):
            if move.placed:
                return list(move.placed)
        return []
