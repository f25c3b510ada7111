"""The host's lobby: who sits where before and during a LAN game, and who may claim a seat.

Owns: the seat plan (each seat open for a LAN player, played on the host's screen, or a computer), the
options shown to everyone (players, variants, open scores), claiming a seat with a secret token, taking it
back after a drop, and the lobby message every connection sees. It holds no sockets and no clock: the host
calls it under its lock and turns its refusals into `refused` messages.

Imports the standard library, `game.session`, `game.i18n` and `net.protocol` only. Never pygame, never game.ui.
"""

from __future__ import annotations

import hmac
from dataclasses import dataclass
from typing import Any

from game.i18n import t, wire
from game.rules.vocabulary import DYNASTIES, LEVELS, VARIANTS
from game.session import Seat, looks_blank, same_name
from net.protocol import MAX_SEATS, new_token

PLANS = ("open", "local", "computer")

MIN_SEATS = 2


class Refusal(ValueError):
    """A seat cannot be given: the reason as a catalogue key and parameters (`message`, the wire form each
    client shows in its own language) and, as the exception's text, the same reason in English."""

    def __init__(self, key: str, /, **params: Any) -> None:
        self.message = wire.message(key, **params)
        super().__init__(wire.english(self.message))


@dataclass
class SeatSlot:
    """One seat of the lobby, and later of the game."""

    plan: str = "open"  # open: a LAN player; local: the host's screen; computer: the host decides
    name: str = ""
    dynasty: str = ""
    level: str = "normal"
    token: str | None = None  # the secret of the LAN player who claimed it; never shown to anyone
    connected: bool = False
    replaced: bool = False  # a computer plays for a LAN player who dropped
    reopened: bool = False  # a resumed game's seat the host opened on purpose: the next player takes it

    @property
    def taken(self) -> bool:
        """Whether somebody (or something) plays this seat."""
        return self.plan != "open" or self.token is not None

    def kind(self) -> str:
        """Return the seat's kind as the table names it (session.SEAT_KINDS)."""
        if self.plan == "local":
            return "human"
        if self.plan == "computer" or self.replaced:
            return self.level
        return "remote" if self.token is not None else "open"

    def to_wire(self, seat: int) -> dict[str, Any]:
        """Return what everyone may know of this seat (never the token)."""
        return {
            "seat": seat,
            "plan": self.plan,
            "name": self.name,
            "dynasty": self.dynasty,
            "level": self.level,
            "kind": self.kind(),
            "taken": self.taken,
            "connected": self.connected or self.plan != "open",
            "replaced": self.replaced,
        }


def _default_name(seat: int, plan: str, level: str) -> str:
    """Return the name a seat goes by until someone names it: a name, so in the host's language."""
    if plan == "computer":
        return t("lan.lobby.computer_n", n=seat + 1)
    if plan == "local":
        return t("lan.host.player_n", n=seat + 1)
    return ""


class Lobby:
    """The seats and options of a hosted game."""

    def __init__(self, players: int = 4, variants: tuple[str, ...] | list[str] = (), host_name: str = "Host") -> None:
        self.host_name = host_name
        self.host_player = ""  # the host player's name ("": a headless host), worded by each client
        self.variants: set[str] = set()
        self.slots: list[SeatSlot] = []
        self.set_players(players)
        for variant in variants:
            self.set_variant(variant, True)

    # --- the host's choices ----------------------------------------------------------------------

    def set_players(self, players: int) -> None:
        """Use players seats (2 to 4); seats beyond are dropped, new ones are open."""
        if not MIN_SEATS <= players <= MAX_SEATS:
            raise ValueError(t("lan.lobby.players", low=MIN_SEATS, high=MAX_SEATS, n=players))
        self.slots = self.slots[:players]
        while len(self.slots) < players:
            self.slots.append(SeatSlot(dynasty=self._free_dynasty()))

    def set_plan(self, seat: int, plan: str, level: str = "normal", name: str | None = None) -> None:
        """Make seat open for the LAN, played on the host's screen, or a computer of level."""
        if plan not in PLANS:
            raise ValueError(t("lan.lobby.plan", plan=repr(plan)))
        if level not in LEVELS:
            raise ValueError(t("lan.lobby.level", level=repr(level)))
        self.refuse_taken_name(seat, plan, name)
        slot = self.slots[seat]
        slot.plan, slot.level, slot.token, slot.connected, slot.replaced = plan, level, None, False, False
        slot.reopened = False
        slot.name = name if name is not None else _default_name(seat, plan, level)

    def set_variant(self, variant: str, on: bool) -> None:
        """Switch a variant (or open scores) on or off."""
        if variant not in VARIANTS:
            raise ValueError(t("lan.lobby.variant", variant=repr(variant)))
        (self.variants.add if on else self.variants.discard)(variant)

    def refuse_taken_name(self, seat: int, plan: str, name: str | None) -> None:
        """Raise Refusal when a seat played on the host's screen would take the name of a LAN player or a
        computer at another seat: checked here, under the host's lock, since the host screen's own check
        reads a copy of the seats that a LAN player's claim may have overtaken."""
        if plan != "local" or name is None:
            return
        for i, other in enumerate(self.slots):
            if i != seat and other.taken and other.plan != "local" and same_name(other.name, name):
                raise Refusal("lan.refused.name_taken", name=name.strip())

    # --- LAN players -----------------------------------------------------------------------------

    def free_seats(self) -> list[int]:
        """Return the seats a LAN player may still take."""
        return [i for i, slot in enumerate(self.slots) if not slot.taken]

    @property
    def filled(self) -> bool:
        """Whether every seat has a player, so the game may start."""
        return not self.free_seats()

    def claim(self, seat: int | None, name: str, dynasty: str | None) -> tuple[int, str]:
        """Seat a new LAN player (lobby only); return (seat, token) or raise Refusal."""
        free = self.free_seats()
        if not free:
            raise Refusal("lan.refused.table_full")
        if seat is None:
            seat = free[0]
        if not 0 <= seat < len(self.slots):
            raise Refusal("lan.refused.no_such_seat", n=len(self.slots), seat=seat + 1)
        if seat not in free:
            raise Refusal("lan.refused.seat_not_free", seat=seat + 1)
        name = name.strip()
        if looks_blank(name):
            raise Refusal("lan.refused.no_name")
        # Two players called alike could not tell their seats apart, on the tablets or in the log.
        if any(i != seat and same_name(other.name, name) for i, other in enumerate(self.slots)):
            raise Refusal("lan.refused.name_taken", name=name)
        slot = self.slots[seat]
        slot.token, slot.name, slot.connected = new_token(), name, True
        if dynasty is not None:
            self._give_dynasty(seat, dynasty)
        return seat, slot.token

    def reclaim(self, seat: int | None, token: str) -> int:
        """Return the seat whose secret is token (a player coming back), or raise Refusal."""
        for i, slot in enumerate(self.slots):
            # compare_digest: how long the comparison takes says nothing about the secret.
            if slot.token is not None and hmac.compare_digest(slot.token, token):
                if seat is not None and seat != i:
                    raise Refusal("lan.refused.token_for_other_seat", token_seat=i + 1, seat=seat + 1)
                slot.connected = True
                return i
        raise Refusal("lan.refused.seat_not_yours")

    def release(self, seat: int) -> None:
        """Free a LAN player's seat (they left the lobby before the game started)."""
        slot = self.slots[seat]
        slot.token, slot.connected = None, False
        slot.name = ""

    def _free_dynasty(self) -> str:
        used = {slot.dynasty for slot in self.slots}
        return next(d for d in DYNASTIES if d not in used)

    def _give_dynasty(self, seat: int, dynasty: str) -> None:
        # A dynasty another player already chose stays theirs; one on an empty seat is swapped over.
        if dynasty not in DYNASTIES:
            return
        for i, other in enumerate(self.slots):
            if other.dynasty == dynasty and i != seat:
                if other.taken:
                    return
                other.dynasty = self.slots[seat].dynasty
        self.slots[seat].dynasty = dynasty

    # --- what everyone sees ----------------------------------------------------------------------

    def options(self, phase: str) -> dict[str, Any]:
        """Return the options every connection is shown."""
        return {
            "players": len(self.slots),
            "variants": sorted(v for v in self.variants if v != "open_scores"),
            "open_scores": "open_scores" in self.variants,
            "phase": phase,
            "host": self.host_name,
            "host_player": self.host_player,
        }

    def seats_wire(self) -> list[dict[str, Any]]:
        """Return every seat as everyone may see it."""
        return [slot.to_wire(i) for i, slot in enumerate(self.slots)]

    def table_seats(self) -> list[Seat]:
        """Return the seats for the table that starts the game."""
        return [Seat(slot.name or t("lan.host.player_n", n=i + 1), slot.dynasty, slot.kind())
                for i, slot in enumerate(self.slots)]
