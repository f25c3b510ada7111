"""A table: the one authoritative game behind hot-seat play, computer players and the LAN host.

Owns: the seats (who sits where, human or computer), accepting an action only from the seat
that must decide, applying it with the engine, undo, each seat's view, events and history, the
game's AI seed, and the journal hook. Imports game.rules only (DESIGN.md); the UI, the computer
seats and the LAN talk to a table through `Link` (the complete, typed surface every kind of table
offers: local, replay, LAN client, LAN host), so the same screens serve every kind of game.

A little over 400 lines: the table, its held turn and the Link every kind of table offers belong
together (they share the lock and the Update), and everyone imports them from here.

Threads: the state, the view id and the records change together under the table's lock (which a
LAN host may share with its own), and the listeners hear of a change under it too; `snapshot()`
reads all three at once for another thread.
"""

from __future__ import annotations

import enum
import logging
import secrets
import threading
import unicodedata
from collections.abc import Callable
from dataclasses import dataclass, field
from typing import Any, Protocol, runtime_checkable

from game.rules import IllegalAction, apply, canonical, events_for, legal_actions, new_game, to_move, view_for
from game.rules.flow import END_OF_TURN, run
from game.rules.state import State
from game.rules.vocabulary import DYNASTIES as DYNASTIES  # re-exported for the lobby
from game.rules.vocabulary import LEVELS

log = logging.getLogger(__name__)

REVEALING = ("tiles_drawn", "game_over", "turn_started")  # events after which no action can be taken back

def new_seed() -> int:
    """Return a fresh seed for a game or a computer player: 128 bits from the system's entropy.

    Whoever knows a game's seed knows its bag (DESIGN.md), so seeds are never small, never derived from one
    another, and never from anything a player is shown.
    """
    return secrets.randbits(128)


STALE_VIEW = "The table changed before this decision arrived; look again."

SEAT_KINDS = ("human", *LEVELS, "remote", "open")


@dataclass
class Seat:
    """Who plays one seat: a name, a dynasty, and a kind (human, a computer level, remote, open)."""

    name: str
    dynasty: str
    kind: str = "human"

    def to_wire(self) -> dict[str, str]:
        """Return the seat as a plain dict."""
        return {"name": self.name, "dynasty": self.dynasty, "kind": self.kind}

    @property
    def is_computer(self) -> bool:
        """Whether a computer player decides for this seat."""
        return self.kind in LEVELS


# Printable characters that draw nothing (Hangul fillers, the blank Braille cell, Khmer's inherent vowels, the
# combining grapheme joiner): a name of them alone looks empty, and one with them looks like the name without.
INVISIBLE = dict.fromkeys(map(ord, "\u115f\u1160\u3164\uffa0\u2800\u17b4\u17b5\u034f"))


def same_name(one: str, other: str) -> bool:
    """Whether two players' names would read alike at the table: the same letters whatever their case,
    their width (a full-width Ａ is an A), how their accents are encoded (é as one character or two) or
    the characters that draw nothing among them."""
    return _name_key(one) == _name_key(other)


def looks_blank(name: str) -> bool:
    """Whether a name would show nothing at the table (spaces, or characters that draw nothing)."""
    return _name_key(name) == ""


def _name_key(name: str) -> str:
    return unicodedata.normalize("NFKC", unicodedata.normalize("NFKC", name).casefold()).translate(INVISIBLE).strip()


@dataclass
class Update:
    """What one change at the table looks like from the seats a link shows.

    views and events are keyed by seat; the key None is the public (spectator) view. A refusal
    carries its English `error` and, when known, `message`: the same reason as a catalogue key and
    plain parameters ({"key": ..., "params": {...}}) for the screen to show in its own language.
    """

    view_id: int
    views: dict[int | None, dict[str, Any]]
    events: dict[int | None, list[dict[str, Any]]]
    error: str | None = None
    message: dict[str, Any] | None = None


def refusal(exc: IllegalAction) -> dict[str, Any]:
    """Return a refusal's reason as a catalogue key and parameters (the LAN's wire form of a message)."""
    return {"key": exc.key, "params": dict(exc.params)}


@dataclass
class Record:
    """One applied action, kept so that the game can be journalled, replayed and undone."""

    seat: int
    action: dict[str, Any]


Listener = Callable[[list[dict[str, Any]]], None]


@dataclass(frozen=True)
class Snapshot:
    """The table at one moment, read under its lock: state, view id and records belong together."""

    state: State
    view_id: int
    records: tuple[Record, ...]


class Table:
    """The authoritative game: checks who may act, applies actions, hands out views."""

    def __init__(self, seats: list[Seat], seed: int, variants: tuple[str, ...] | list[str] = (),
                 state: State | None = None, ai_seed: int | None = None,
                 lock: Any = None) -> None:
        # lock: a threading.RLock; a LAN host may hand in its own so that one lock guards both.
        self.seats = list(seats)
        self.seed = seed
        # The computers' seed is drawn apart from the game's: the game's seed fixes the bag.
        self.ai_seed = ai_seed if ai_seed is not None else new_seed()
        self.variants = tuple(variants)
        self.lock = lock if lock is not None else threading.RLock()
        self.state = state if state is not None else new_game(len(seats), seed, self.variants)
        self.records: list[Record] = []
        self._events: list[list[dict[str, Any]]] = []   # each record's events, for the seats' histories
        self.view_id = 0
        self.last_events: list[dict[str, Any]] = []
        self._undo: list[tuple[State, int, int]] = []   # (state before, seat, records length)
        self._listeners: list[Listener] = []
        self.confirm_seats: frozenset[int] = frozenset()   # seats whose turn ends only when they say so
        self._held: HeldTurn | None = None

    def restore(self, records: list[Record], events: list[list[dict[str, Any]]], view_id: int | None = None) -> None:
        """Take the records of a resumed game, the events they made (the journal's replay) and its view id.

        view_id goes on from where the game stopped (`resume_view_id` when it was saved): the computers'
        decision seeds hash it, so a resumed game decides as the uninterrupted one would have.
        """
        if len(records) != len(events):
            raise ValueError("every record needs its events")
        if view_id is not None and (not isinstance(view_id, int) or view_id < len(records)):
            raise ValueError("a view id counts at least every action played")
        with self.lock:
            self.records = list(records)
            self._events = [list(e) for e in events]
            self.view_id = len(self.records) if view_id is None else view_id

    # --- reading ---------------------------------------------------------------------------

    @property
    def players(self) -> int:
        """Return the number of seats."""
        return len(self.seats)

    def to_move(self) -> int | None:
        """Return the seat that must decide now, or None once the game is over."""
        held = self._held  # read once: another thread may end a held turn between a check and a use
        return held.seat if held is not None else to_move(self.state)

    def resume_view_id(self) -> int:
        """Return the view id a game resumed from this moment goes on from.

        A held turn counts as ended: resuming replays the held action whole, as "End turn" would show it.
        Read without taking the lock: the journal asks from inside a change (under the lock already) or
        while holding its own file lock, which a change waits for; taking both here could deadlock.
        """
        held = self._held
        return self.view_id + (1 if held is not None else 0)

    def snapshot(self) -> Snapshot:
        """Return state, view id and records as one consistent reading (for other threads)."""
        with self.lock:
            return Snapshot(self.state, self.view_id, tuple(self.records))

    def history(self, seat: int | None) -> list[dict[str, Any]]:
        """Return what seat has seen of every event so far (undone actions' events removed)."""
        return [e for events in self.history_by_action(seat) for e in events]

    def history_by_action(self, seat: int | None) -> list[list[dict[str, Any]]]:
        """Return history(seat) kept in one list per action, so that a later undo removes the right one."""
        with self.lock:
            return [events_for(events, seat) for events in self._events]

    def view(self, seat: int | None) -> dict[str, Any]:
        """Return the view of one seat (None: the public view), with the table's view id."""
        with self.lock:
            return self._view(seat)

    def _view(self, seat: int | None) -> dict[str, Any]:
        v = view_for(self.state, seat) if self._held is None else self._held.view(seat)
        v["view_id"] = self.view_id
        v["names"] = [s.name for s in self.seats]
        v["dynasties"] = [s.dynasty for s in self.seats]
        v["kinds"] = [s.kind for s in self.seats]
        v["can_undo"] = seat is not None and self.can_undo(seat)
        return v

    def legal_actions(self, seat: int) -> list[dict[str, Any]]:
        """Return what seat may do now (nothing when it is not that seat's decision)."""
        with self.lock:
            if self._held is not None:
                return [{"kind": "end_turn"}] if seat == self._held.seat else []
            return legal_actions(self.state) if self.to_move() == seat else []

    # --- acting ----------------------------------------------------------------------------

    def subscribe(self, listener: Listener) -> None:
        """Call listener with the raw events of every change (the journal, the host, links)."""
        self._listeners.append(listener)

    def submit(self, seat: int, action: Any, expected_view_id: int | None = None) -> list[dict[str, Any]]:
        """Apply an action for seat; raise IllegalAction (state unchanged) if it may not.

        expected_view_id: the view id the action was decided on. When the table has changed since (someone
        acted or undid in the meantime), the action is refused, checked under the same lock that applies it.
        """
        with self.lock:
            if expected_view_id is not None and expected_view_id != self.view_id:
                raise IllegalAction(STALE_VIEW, "rules.illegal.stale_view")
            if not isinstance(seat, int) or self.to_move() != seat:
                raise IllegalAction("It is not your decision now.", "rules.illegal.not_your_decision")
            if self._held is not None:
                return self._end_held_turn(self._held, action)
            before = self.state
            # Only the action's own fields are applied and recorded: whatever else a client sent
            # (bytes, odd keys) never reaches the journal or the other seats.
            action = canonical(action)
            new_state, events = apply(before, action, seat)
            # The active player's turn is held, whoever decided last (a defender's answer can end it).
            self._held = HeldTurn.hold(before, action, seat, events) if before.active in self.confirm_seats else None
            shown = self._held.shown_events if self._held is not None else events
            self.state = new_state
            self.records.append(Record(seat, action))
            self._events.append(list(shown))
            self.view_id += 1
            self._remember_undo(before, seat, shown)
            self._changed(shown)
            return shown

    @property
    def held_seat(self) -> int | None:
        """Return the seat whose turn is held (it may only end it or undo), or None."""
        held = self._held
        return held.seat if held is not None else None

    def hold_again(self, states: list[State]) -> bool:
        """Hold again the turn the last record ended: a resumed game that was saved while it was held.

        states[i] is the state before record i (the journal's replay has them). The table shows the turn's
        result, its player ends it or undoes (as far back as before the app quit); the view id steps back
        the one "End turn" will take. Return False (nothing changed) if the last record did not end a turn
        plainly.
        """
        with self.lock:
            last = len(self.records) - 1
            if last < 0 or self._held is not None or len(states) <= last:
                return False
            record = self.records[last]
            held = HeldTurn.hold(states[last], record.action, record.seat, self._events[last])
            if held is None:
                return False
            self._held = held
            self._events[last] = list(held.shown_events)
            self.view_id = max(len(self.records), self.view_id - 1)
            self._undo = [(states[k], record.seat, k) for k in self._takeable(states, record.seat, last - 1)]
            self._remember_undo(states[last], record.seat, held.shown_events)
            return True

    def undo_again(self, states: list[State]) -> bool:
        """A resumed game saved mid-turn: its player may take back again what it could before the app quit.

        states[i] is the state before record i (the journal's replay has them). The seat to move gets back
        the undo of its actions this turn that revealed nothing (what _remember_undo had kept). Return
        whether there is something to take back.
        """
        with self.lock:
            seat = self.to_move()
            if seat is None or self._held is not None or len(states) <= len(self.records):
                return False
            self._undo = [(states[k], seat, k) for k in self._takeable(states, seat, len(self.records) - 1)]
            return bool(self._undo)

    def _takeable(self, states: list[State], seat: int, newest: int) -> list[int]:
        """The records from newest back that seat could still take back (this turn's, nothing revealed
        since), oldest first: what _remember_undo had kept when the game was saved."""
        out: list[int] = []
        for k in range(newest, -1, -1):
            revealed = any(e["kind"] in REVEALING for e in self._events[k])
            if self.records[k].seat != seat or revealed or to_move(states[k + 1]) != seat:
                break
            out.append(k)
        return out[::-1]

    def _end_held_turn(self, held: HeldTurn, action: Any) -> list[dict[str, Any]]:
        """The player ends the held turn: the end of the turn (scoring, new tiles, next player) is shown."""
        if not isinstance(action, dict) or action.get("kind") != "end_turn":
            raise IllegalAction("Your turn is done: end it, or undo your last action.", "rules.illegal.turn_done")
        self._held = None
        self._events[-1] = self._events[-1] + held.rest_events   # the held action's events, now whole
        self._undo.clear()   # the new tiles are seen from now on
        self.view_id += 1
        self._changed(held.rest_events)
        return held.rest_events

    def _remember_undo(self, before: State, seat: int, events: list[dict[str, Any]]) -> None:
        # Undo is allowed while the same seat still decides and nothing hidden came to light.
        reveals = any(e["kind"] in REVEALING for e in events)
        if reveals or self.to_move() != seat:
            self._undo.clear()
            return
        if self._undo and self._undo[-1][1] != seat:
            self._undo.clear()
        self._undo.append((before, seat, len(self.records) - 1))

    def can_undo(self, seat: int) -> bool:
        """Whether seat may take back its last action now."""
        with self.lock:
            return bool(self._undo) and self._undo[-1][1] == seat and self.to_move() == seat

    def undo(self, seat: int) -> None:
        """Take back seat's last action; raise IllegalAction if that is not allowed."""
        with self.lock:
            if not self.can_undo(seat):
                raise IllegalAction("Nothing to undo: your last action revealed something or others have decided.",
                                    "rules.illegal.nothing_to_undo")
            state, _, length = self._undo.pop()
            self._held = None
            self.state = state
            del self.records[length:]
            del self._events[length:]
            self.view_id += 1
            self._changed([{"kind": "undone", "seat": seat}])

    def _changed(self, events: list[dict[str, Any]]) -> None:
        # Called under the lock, after state, records and view_id have all changed.
        self.last_events = events
        for listener in list(self._listeners):
            # The change is already made: one failing listener (a full disk, a closed socket)
            # must not keep the others, and so the other seats, from hearing of it.
            try:
                listener(events)
            except Exception:
                log.exception("a table listener failed")

    def update_for(self, seats: list[int | None], events: list[dict[str, Any]]) -> Update:
        """Return the views and filtered events of a change, for the given seats."""
        with self.lock:
            return Update(
                view_id=self.view_id,
                views={s: self._view(s) for s in seats},
                events={s: events_for(events, s) for s in seats},
            )


@dataclass
class HeldTurn:
    """The end of a turn held open, so its player sees the result and ends the turn or undoes.

    The engine has already played the whole decision, conflicts and offers included, to the end of
    the turn (the journal keeps the action). What everyone is shown is the position at the end of the
    turn just before its refill step (RULES.md section 12: monument points and treasures shown; new tiles and the next
    player not), found by playing the same decision again and stopping there: the drawn tiles stay in the
    bag for every view until the player says "End turn", and an undo never shows them to anyone.
    """

    seat: int
    shown_state: State
    shown_events: list[dict[str, Any]]
    rest_events: list[dict[str, Any]]

    @classmethod
    def hold(cls, before: State, action: dict[str, Any], seat: int,
             events: list[dict[str, Any]]) -> HeldTurn | None:
        """Hold the active player's turn if this decision ended it (passing ends it on purpose), whoever made
        it: a defender's answer that ends the turn's last conflict leaves the active player to end the turn.

        The turn is held at the engine's refill step (RULES.md section 12.4): monument points and the
        treasures taken are shown, the new tiles and the next player are not. So a turn whose end asked
        its player to pick a treasure is held after that pick too.
        """
        if action["kind"] == "pass" or not any(e["kind"] in ("turn_ended", "game_over") for e in events):
            return None
        try:
            shown, shown_events = _until_refill(before, action, seat)
        except IllegalAction:
            return None
        n = len(shown_events)
        if shown is None or n >= len(events) or events[:n] != shown_events:
            return None   # not the plain end of a turn: nothing to hold
        shown.actions_left = 0
        # Held for the active player even when another seat decided last (a defender's answer ended the
        # war that ended the turn): the turn is the active player's to end, as after any second action.
        return cls(before.active, shown, shown_events, events[n:])

    def view(self, seat: int | None) -> dict[str, Any]:
        """The view of the position before the end of the turn, asking its player to end it."""
        v = view_for(self.shown_state, seat)
        v["to_move"] = self.seat
        v["actions_left"] = 0
        v["decision"] = {"kind": "end_turn", "seat": self.seat}
        return v


def _until_refill(before: State, action: dict[str, Any], seat: int) -> tuple[State | None, list[dict[str, Any]]]:
    """Play seat's decision from before up to the end of turn's refill step; (None, []) if the turn does not
    get there without another decision (a treasure to pick, a war to fight) or the game ends first."""
    spare = before.copy()
    if "refill" in spare.steps:
        # The end of the turn is already under way (a treasure pick): stop its steps at the refill.
        spare.steps = spare.steps[:spare.steps.index("refill")]
        shown, events = apply(spare, action, seat)
    else:
        # One more action left: the same decision plays out the same way but asks for an action instead of
        # ending the turn; the end's steps before the refill then run as the engine would run them.
        spare.actions_left += 1
        shown, events = apply(spare, action, seat)
        if shown.decision != {"kind": "action", "seat": before.active} or shown.game_over:
            return None, []
        shown.decision, shown.steps = None, list(END_OF_TURN[:END_OF_TURN.index("refill")])
        run(shown, events)
    if shown.decision is not None or shown.steps or shown.game_over:
        return None, []
    return shown, events


class LinkStatus(enum.StrEnum):
    """How a link stands, for what the table screen shows."""

    CONNECTING = "connecting"       # no view from the table yet
    PLAYING = "playing"             # views arrive; the game goes on (or has just ended)
    RECONNECTING = "reconnecting"   # the connection dropped; trying to get the seat back
    LOST = "lost"                   # the table is gone (closed, refused): only leaving remains


@runtime_checkable
class Link(Protocol):
    """What a screen, or the computer seats, hold to play at a table: local, replay or over the LAN.

    Every kind of table implements all of it; nobody asks a link whether it has a method.
    """

    @property
    def local_seats(self) -> frozenset[int]:
        """The seats played through this link (read only: a LAN link's grow when the host seats it)."""

    @property
    def status(self) -> LinkStatus:
        """How the link stands (connecting, playing, reconnecting, lost)."""

    @property
    def notice(self) -> str:
        """A line about the link's health for the table screen ("" when all is well)."""

    def poll(self) -> list[Update]:
        """Return the updates since the last poll, oldest first (for the one screen that shows them)."""

    def view(self, seat: int | None) -> dict[str, Any] | None:
        """Return the latest view of a seat this link shows (None: the public view), or None."""

    def legal_actions(self, seat: int) -> list[dict[str, Any]]:
        """Return what seat may do now (nothing when it is not its decision)."""

    def history(self, seat: int | None) -> list[dict[str, Any]]:
        """Return the seat's events_for of every event so far, undone actions' events removed (None: the
        public events, for a link that shows no seat's; a link that keeps no such story returns [])."""

    def send(self, seat: int, action: dict[str, Any], view_id: int | None = None) -> None:
        """Act for one of the local seats; a refusal comes back as an Update with an error.

        view_id: the view the action was decided on; if the table has moved past it, the action is refused.
        """

    def undo(self, seat: int) -> None:
        """Ask to take back seat's last action."""

    def close(self) -> None:
        """Leave the table."""


@dataclass
class LocalLink:
    """A link to a table in this process: hot-seat play, and play against the computer."""

    table: Table
    local_seats: frozenset[int]
    journal: Any = None   # the JournalWriter keeping this game on disk, when there is one
    _queue: list[Update] = field(default_factory=list)
    _views: dict[int | None, dict[str, Any]] = field(default_factory=dict)

    def __post_init__(self) -> None:
        # Under the table's lock, so that a change made on another thread (a LAN host's player, a
        # computer) lands either before the first update or after it as its own: never told twice.
        with self.table.lock:
            self.table.subscribe(self._on_change)
            self._queue.append(self.table.update_for(self._shown(), []))

    @property
    def status(self) -> LinkStatus:
        """Return PLAYING: a table in this process cannot be lost (a hosting link says otherwise)."""
        return LinkStatus.PLAYING

    @property
    def notice(self) -> str:
        """Return "": a table in this process has no news for its players (a hosting link may have)."""
        return ""

    def _shown(self) -> list[int | None]:
        return [*sorted(self.local_seats), None]

    def _on_change(self, events: list[dict[str, Any]]) -> None:
        self._views = {}
        self._queue.append(self.table.update_for(self._shown(), events))

    def poll(self) -> list[Update]:
        """Return the updates since the last poll, oldest first."""
        with self.table.lock:  # the queue grows on whichever thread changed the table (under this lock)
            out, self._queue = self._queue, []
        return out

    def view(self, seat: int | None) -> dict[str, Any] | None:
        """Return the table's current view of a local seat (None: the public view); None for others."""
        if seat is not None and seat not in self.local_seats:
            return None
        with self.table.lock:  # the cache is emptied, and the view id moves, on whichever thread changes the table
            view = self._views.get(seat)
            if view is None or view["view_id"] != self.table.view_id:
                # Kept until the table changes: the computer seats read a view every frame.
                view = self._views[seat] = self.table.view(seat)
            return view

    def history(self, seat: int | None) -> list[dict[str, Any]]:
        """Return what a local seat has seen of the game so far (undone actions removed); [] for another."""
        return self.table.history(seat) if seat in self.local_seats else []

    def send(self, seat: int, action: dict[str, Any], view_id: int | None = None) -> None:
        """Act for a local seat (decided on view_id, if given); a refusal is queued as an Update with the reason."""
        try:
            if seat not in self.local_seats:
                raise IllegalAction("That seat is not played on this screen.", "rules.illegal.seat_not_here")
            self.table.submit(seat, action, view_id)
        except IllegalAction as exc:
            self._refused(exc)

    def _refused(self, exc: IllegalAction) -> None:
        with self.table.lock:  # poll empties the queue under this lock, perhaps on another thread
            self._queue.append(Update(self.table.view_id, {}, {}, error=str(exc), message=refusal(exc)))

    def legal_actions(self, seat: int) -> list[dict[str, Any]]:
        """Return what seat may do now (the UI lights up legal squares from this)."""
        return self.table.legal_actions(seat) if seat in self.local_seats else []

    def undo(self, seat: int) -> None:
        """Take back seat's last action if the table allows it."""
        try:
            if seat not in self.local_seats:
                raise IllegalAction("That seat is not played on this screen.", "rules.illegal.seat_not_here")
            self.table.undo(seat)
        except IllegalAction as exc:
            self._refused(exc)

    def close(self) -> None:
        """Nothing to release for a local table."""
