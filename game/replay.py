"""Watching a finished game again, action by action, forwards and backwards, every hand shown.

Owns: `ReplayLink`, a read-only game.session.Link over the
states a journal replays to. Each step hands the table scene one update: the position's view with
every hand and total open (the game is over, so nothing is secret any more) and, going forwards,
the events of that action so the scene animates it exactly as it was played.
Imports game.rules, game.session and game.journal only.
"""

from __future__ import annotations

from typing import Any

from game.journal import Journal, replay
from game.rules import State
from game.rules import open_view as rules_open_view
from game.session import LinkStatus, Update


def open_view(state: State, seats: list[dict[str, str]], position: int) -> dict[str, Any]:
    """Return the public view of a state with every seat's hand and totals filled in."""
    view = rules_open_view(state)
    view.update(
        view_id=position,
        names=[s["name"] for s in seats],
        dynasties=[s["dynasty"] for s in seats],
        kinds=[s["kind"] for s in seats],
        can_undo=False,
        replay={"position": position},
    )
    return view


class ReplayLink:
    """A link that plays back a journal; nobody may act through it."""

    local_seats: frozenset[int] = frozenset()
    status = LinkStatus.PLAYING
    notice = ""

    def __init__(self, journal: Journal) -> None:
        self.journal = journal
        self.states, self.events = replay(journal)
        self.position = 0
        self._queue: list[Update] = []
        self._show([])

    @property
    def length(self) -> int:
        """Return the number of actions in the game."""
        return len(self.states) - 1

    def view(self, seat: int | None = None) -> dict[str, Any] | None:
        """Return the open view at the current position (a replay shows no seat's own view)."""
        if seat is not None:
            return None
        v = open_view(self.states[self.position], self.journal.seats, self.position)
        v["replay"].update(length=self.length)
        return v

    def _show(self, events: list[dict[str, Any]]) -> None:
        view = self.view(None)
        assert view is not None
        self._queue.append(Update(self.position, {None: view}, {None: events}))

    def forward(self) -> bool:
        """Step one action forwards, with its events; False at the end."""
        if self.position >= self.length:
            return False
        self.position += 1
        self._show(self.events[self.position - 1])
        return True

    def back(self) -> bool:
        """Step one action backwards (shown at once, without animation); False at the start."""
        if self.position == 0:
            return False
        self.position -= 1
        self._show([])
        return True

    def seek(self, position: int) -> None:
        """Jump to any position, 0 (before the first action) to length (the end)."""
        self.position = max(0, min(self.length, position))
        self._show([])

    def poll(self) -> list[Update]:
        """Return the updates since the last poll, oldest first."""
        out, self._queue = self._queue, []
        return out

    def send(self, seat: int, action: dict[str, Any], view_id: int | None = None) -> None:
        """Refuse, whatever view it was decided on: a replay cannot be played (the refusal carries its
        catalogue key, as the rules' do)."""
        self._queue.append(Update(self.position, {}, {}, error="This is a replay: nothing can be played.",
                                  message={"key": "replay.refused", "params": {}}))

    def undo(self, seat: int) -> None:
        """Refuse: step backwards instead."""
        self.send(seat, {})

    def legal_actions(self, seat: int) -> list[dict[str, Any]]:
        """Return nothing: nobody acts in a replay."""
        return []

    def history(self, seat: int | None) -> list[dict[str, Any]]:
        """Return nothing: no seat of a replay decides."""
        return []

    def close(self) -> None:
        """Nothing to release."""
