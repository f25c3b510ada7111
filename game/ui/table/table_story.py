"""The game so far, in words and on the board: the log and the recap, fed from the same public events.

Owns: `Story`, which reads each change's public events into the log's sentences (grouped so an
undone action leaves with its words) and the recap's moves, opens the log with the game so far when
the link can tell it (Continue), keeps the last move's squares, and turns the recap of a seat into
numbered marks for the board and the log. It reads events only; the scene animates them.

Must not import: net, game.rules (beyond its vocabulary).
"""

from __future__ import annotations

from typing import TYPE_CHECKING, Any

from game.i18n import t
from game.ui.kit import theme as th
from game.ui.table.table_log import GameLog
from game.ui.table.table_recap import Move, Recap
from game.ui.table.table_words import describe

if TYPE_CHECKING:
    from game.ui.app import App

Square = tuple[int, int]
Mark = tuple[int, list[Square], bool, str]  # number, squares, emptied?, dynasty


class Story:
    """The log and the recap of one table screen."""

    def __init__(self, app: App) -> None:
        self.log = GameLog(app)
        self.recap = Recap()
        self.last_move: list[Square] = []

    def open(self, view: dict[str, Any], history: list[dict[str, Any]], clock: float) -> None:
        """The log's first lines: the game so far when there is a history (Continue), else the turn now."""
        names = view["names"]
        self.log.names = tuple(names)
        if history:
            # The first player is drawn at random (section 3): name whoever made the first action.
            first = next((e["seat"] for e in history if isinstance(e.get("seat"), int)), 0)
            self.log.add(t("log.opening", turn=1, who=names[first]), clock, turn=True)
            self.read(history, names, clock)
        else:
            self.log.add(t("log.opening", turn=view["turn"], who=names[view["active"]]), clock, turn=True)

    def read(self, events: list[dict[str, Any]], names: list[str], clock: float) -> None:
        """One change's public events: sentences for the log, moves for the recap, the last move."""
        self.log.begin()
        self.recap.begin()
        for event in events:
            if event["kind"] == "undone":
                self.log.drop_last_group()
            move = self.recap.feed(event)
            line = describe(event, names)
            if line:
                self.log.add(line, clock, turn=event["kind"] == "turn_started", move=move)
        if events:
            # Recomputed, not appended: after an undo no outline stays on the square it emptied.
            self.last_move = self.recap.last_squares()

    @staticmethod
    def marks(moves: list[Move], dynasties: list[str]) -> list[Mark]:
        """The board's recap marks: each move's squares, what it placed solid and what it emptied dashed."""
        out: list[Mark] = []
        for i, m in enumerate(moves):
            if m.placed:
                out.append((i + 1, list(dict.fromkeys(m.placed)), False, dynasties[m.seat]))
            gone = [sq for sq in dict.fromkeys(m.emptied) if sq not in m.placed]
            if gone:
                out.append((i + 1, gone, True, dynasties[m.seat]))
        return out

    @staticmethod
    def log_marks(moves: list[Move], dynasties: list[str]) -> dict[int, tuple[int, Any]]:
        """The log's numbers for the same moves: id of the move -> (number, dynasty colour)."""
        return {id(m): (i + 1, th.DYNASTY_COLORS.get(dynasties[m.seat], th.GOLD)) for i, m in enumerate(moves)}
