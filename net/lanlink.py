"""What the LAN table screen reads of its link, whichever end of the LAN it sits at.

Owns: `LanLink`, a game.session.Link with the LAN's own questions (the link's state and why it ended, the
host's news, the seats' status in one snapshot, and reopening a seat whose token is lost), which both
`net.host.HostLink` (the host's own screen) and `net.client.NetLink` (a player's or a watcher's) implement
in full, and `SeatStatus`, the snapshot: who is missing, which of them a computer plays, when a computer
takes each of the others, and which seats this screen may reopen. One snapshot, taken at once, so that a
screen never draws a seat as both waited for and played by a computer.

Imports the standard library and game.session only. Never pygame.
"""

from __future__ import annotations

from dataclasses import dataclass, field
from typing import Protocol, runtime_checkable

from game.session import Link


@dataclass(frozen=True)
class SeatStatus:
    """How the seats stand: missing players, their stand-ins, and the seats this screen may reopen."""

    missing: frozenset[int] = frozenset()
    computer: frozenset[int] = frozenset()  # missing seats a computer plays until their player returns
    stand_in_at: dict[int, float] = field(default_factory=dict)  # missing seat -> time.monotonic() of its stand-in
    reopenable: frozenset[int] = frozenset()  # seats whose token this screen may give up (the host's screen)


@runtime_checkable
class LanLink(Link, Protocol):
    """A Link to a LAN table, as the LAN table screen reads it."""

    @property
    def state(self) -> str:
        """connecting, lobby, playing, reconnecting, over, closed or refused."""

    @property
    def reason(self) -> str:
        """Why the link is closed or refused; "" otherwise."""

    @property
    def host_notice(self) -> str:
        """The host's news for the players on this screen that they were not told another way ("" if none)."""

    def seat_status(self) -> SeatStatus:
        """Return how the seats stand now, all of it read at once."""

    def reopen(self, seat: int) -> None:
        """Give up a missing seat's token so that the next player without one takes it (host's screen only)."""

    @property
    def history_epoch(self) -> int:
        """Moves each time the host tells the game so far again (a reconnect): the screen retells its log."""

    def set_confirm_turn(self, on: bool) -> None:
        """Hold this screen's player's turns after their last action until they end them (or no longer)."""

    def seat_key(self) -> tuple[str, int, int, str] | None:
        """Return (host address, port, seat, token) once the host seated this screen's player: what takes the
        seat back after a restart. None for the host's own screen and for a watcher."""
