"""The LAN host's protocol, without sockets, threads or a clock: every rule of who may say what, and when.

Owns: `HostCore` (in the manner of h11 and boardgame.io's master), which is told what happens and answers
with what to send: `connect(conn, address, now)`, `receive_bytes(conn, data, now)` (frames, split anywhere),
`receive(conn, message, now)`, `disconnect(conn, why, now)` and `tick(now)` each return a list of
`(conn, message)` pairs to send, where a message is a dict or `Close` (cut the connection once what is queued
for it is sent, or at once), or `(TO_HOST, SaveSecrets)`: the host writes the seats file before it sends what
follows (the core never touches the disk).
It owns the hello (versions, role, seat claim with a secret token), the places
kept for seated players (pre-hello connections and spectators have caps of their own, so a seat's owner with
its token always gets back in), rate limits, stalled frames, silent connections, stale views, reconnects,
stand-ins (a missing player's seat handed to the computer after a delay, given back on return), the lobby,
and sending each connection only its own view and events after every change of the table.

Changes that do not come from a connection (the host's screen, a computer seat, the lobby's buttons) queue
their messages too; `take()` returns them, and `wake()` (set by the shell) says there is something to take.
The caller serialises every call (the host's lock); the core never blocks and never reads the time.

A little over 400 lines: the lobby, the seats and the game's messages share the connections' state.

Every word to a client is a catalogue key with parameters beside its English (game.i18n.wire): each client
shows it in its own language; an engine refusal (IllegalAction) is forwarded with its own key and parameters.
The console (`say`) speaks the host's language.

Imports the standard library, `game` and `net` only. Never sockets, never pygame, never game.ui.
"""

from __future__ import annotations

import logging
import secrets
from collections.abc import Callable, Iterable
from typing import Any

from game.i18n import has, name_of, names_of, t, wire
from game.rules import IllegalAction, events_for, seat_view
from game.session import Table
from net import protocol as p
from net.legal import pack_legal
from net.lobby import Lobby, Refusal
from net.peers import TO_HOST, Connections, HostConfig, Peer, SaveSecrets
from net.saving import SeatSecrets
from net.words import describe_action, describe_ranking

log = logging.getLogger(__name__)


class HostCore(Connections):
    """A hosted game's protocol: the lobby, the table once it starts, and every connection (net.peers)."""

    def __init__(self, config: HostConfig | None = None, say: Callable[[str], None] | None = None) -> None:
        super().__init__(config, say)
        self.lobby = Lobby(self.config.players, self.config.variants, self.config.host_name[: p.MAX_NAME])
        self.lobby.host_player = self.config.host_player.strip()[: p.MAX_NAME]
        self.phase = "lobby"  # lobby, playing, over, closed
        self.table: Table | None = None
        self.game_id = secrets.token_hex(6)
        self.missing: dict[int, float] = {}  # seat -> when its player dropped
        self.ranking: list[dict[str, Any]] | None = None
        self.actions = 0
        self._told = 0  # the table's records the console has described
        self.journal: Any = None  # the HostJournal: while there is one, the seats' tokens are saved (SaveSecrets)
        self.undos = 0  # undos in this game (and before a restart): view ids count them
        self.notice: dict[str, Any] | None = None  # wire words said to every connection as it arrives (a resumed
        # earlier position)
        # Once play moves on, the notice is owed only to the players who have not heard it: a seat's player who
        # comes back after the first move must still learn that play went back.
        self._owed_notice: dict[str, Any] | None = None
        self._told_notice: set[int] = set()  # seats whose player has been told the notice
        self.confirming: set[int] = set()  # LAN seats whose player asked for turns held until they end them
        self.resume_warning = ""  # a resumed game's seats that stay closed (lost tokens), for the host's screen
        self.on_lobby: Callable[[], None] = lambda: None  # the seats or options changed (discovery)
        self.on_table: Callable[[], None] = lambda: None  # the table changed (the computer seats look again)

    # --- the lobby (the host's screen calls these) -----------------------------------------------

    def set_plan(self, seat: int, plan: str, level: str = "normal", name: str | None = None) -> None:
        """Make a lobby seat open for the LAN, played on the host's screen, or a computer."""
        self._only_in_lobby()
        self.lobby.refuse_taken_name(seat, plan, name)  # before anyone is sent away for it
        old = self._peer_of(seat)
        if old is not None:  # first, so that freeing the old claim cannot undo the new plan
            self._refuse(old, "lan.refused.seat_given_away")
        self.lobby.set_plan(seat, plan, level, name)
        self._lobby_changed()

    def set_players(self, players: int) -> None:
        """Change the number of seats; players on seats that go away are asked to choose again."""
        self._only_in_lobby()
        for peer in self._players():
            if peer.seat is not None and peer.seat >= players:
                self._refuse(peer, "lan.refused.seat_removed")
        self.lobby.set_players(players)
        self._lobby_changed()

    def set_variant(self, variant: str, on: bool) -> None:
        """Switch a variant, or open scores, on or off."""
        self._only_in_lobby()
        self.lobby.set_variant(variant, on)
        self._lobby_changed()

    def set_host_name(self, name: str, player: str | None = None) -> None:
        """Call the table by a new name, and its host player by theirs (the lobby message and the announcement
        say both: each client words "player's table" itself, older ones show the name)."""
        self.lobby.host_name = name.strip()[: p.MAX_NAME] or self.lobby.host_name
        if player is not None:
            self.lobby.host_player = player.strip()[: p.MAX_NAME]
        self._lobby_changed()

    def can_start(self) -> bool:
        """Whether every seat is filled and the game may start."""
        return self.phase == "lobby" and self.lobby.filled

    def start_game(self, seed: int, ai_seed: int | None = None, lock: Any = None) -> Table:
        """Seat everyone at a new table and send each connection its first view.

        ai_seed: the computers' seed (None: fresh); lock: the table's, shared with whoever serialises the core.
        """
        self._only_in_lobby()
        if not self.lobby.filled:
            raise Refusal("lan.refused.not_filled")
        variants = tuple(sorted(self.lobby.variants))
        table = Table(self.lobby.table_seats(), seed, variants, ai_seed=ai_seed, lock=lock)
        names = t("word.list_separator").join(t("lan.console.seat_of", name=s.name, kind=_kind_words(s.kind))
                                              for s in table.seats)
        # Never the seed while the game is on: with it anyone could rebuild the bag order.
        variant_names = names_of("variant", variants) if variants else t("lan.console.none")
        self.say(t("lan.console.starts", players=names, variants=variant_names))
        self.seat_table(table)
        return table

    def seat_table(self, table: Table) -> None:
        """Play at table (new or resumed): listen to it and send every connection where it stands."""
        self.table = table
        self._told = len(table.records)  # a resumed game's actions were told when they were played
        table.subscribe(self._on_change)
        self._confirm_seats()
        self.phase = "playing"
        # The lobby says "playing"; a resumed game also says who is missing.
        (self._seats_changed if self.missing else self._lobby_changed)()
        self._broadcast([])

    def secrets(self) -> SeatSecrets:
        """Return what the seats file keeps: each seat's plan, level and token, the game id, the undos."""
        seats = [{"plan": s.plan, "level": s.level, "token": s.token} for s in self.lobby.slots]
        return SeatSecrets(seats, self.game_id, self.undos)

    def hand_to_computer(self, seat: int) -> None:
        """Let the computer play a missing LAN player's seat until they come back."""
        slot = self.lobby.slots[seat]
        if self.table is None or seat not in self.missing or slot.replaced:
            return
        slot.replaced = True
        self.table.seats[seat].kind = slot.level
        self._release_held_turn(seat)
        self.say(t("lan.console.stand_in", name=slot.name))
        self._seats_changed()
        self.on_table()

    def reopen_seats(self, seats: list[int]) -> None:
        """Let the next player without a token take these LAN seats (their tokens were lost on purpose)."""
        for seat in seats:
            if not 0 <= seat < len(self.lobby.slots):
                raise Refusal("lan.refused.no_such_seat", n=len(self.lobby.slots), seat=seat + 1)
            if self.lobby.slots[seat].plan != "open":
                raise Refusal("lan.refused.not_lan_seat", seat=seat + 1)
        for seat in seats:
            slot = self.lobby.slots[seat]
            old = self._peer_of(seat)
            if old is not None:
                self._refuse(old, "lan.refused.seat_reopened")
            slot.token, slot.reopened = None, True
            self.say(t("lan.console.reopened", seat=seat + 1, name=slot.name))
        self._keep_secrets()
        self._seats_changed()

    def is_computer(self, seat: int) -> bool:
        """Whether the computer decides for seat now (a computer seat, or a stand-in for a missing player)."""
        slot = self.lobby.slots[seat]
        return slot.plan == "computer" or slot.replaced

    def level_of(self, seat: int) -> str:
        """Return the computer level of seat."""
        return self.lobby.slots[seat].level

    def _timers(self, now: float) -> None:
        """Hand a seat whose player has been missing long enough to the computer (a stand-in)."""
        if self.config.replace_after is not None:
            for seat, since in list(self.missing.items()):
                if now - since >= self.config.replace_after and not self.lobby.slots[seat].replaced:
                    self.hand_to_computer(seat)

    def _only_in_lobby(self) -> None:
        if self.phase != "lobby":
            raise Refusal("lan.refused.started")

    def _keep_secrets(self) -> None:
        """Ask the host to save the seats file (the core itself never touches the disk)."""
        if self.journal is not None:
            if not self._out:
                self.wake()
            self._out.append((TO_HOST, SaveSecrets(self.secrets())))

    # --- messages from clients -------------------------------------------------------------------

    def _on_hello(self, peer: Peer, hello: dict[str, Any]) -> None:
        peer.name = hello["name"].strip()
        if hello["role"] == "spectator":
            if sum(1 for q in self._welcomed() if q.role == "spectator") >= self.config.max_spectators:
                self._refuse(peer, "lan.refused.too_many_watchers", retry=True)
                return
            peer.role = "spectator"
            self._send(peer, p.welcome(None, None, "spectator", self._lobby_message()))
            # Before the game starts, every joining screen looks at the seats as a spectator first: the host's
            # player is told someone is choosing, not that a watcher came.
            arrived = "lan.console.looks_at_seats" if self.phase == "lobby" else "lan.console.watches"
            self.say(t(arrived, who=peer.label))
            self._catch_up(peer)
            return
        try:
            seat, token = self._seat_for(hello)
        except Refusal as exc:
            self._refuse(peer, exc.message["key"], **exc.message["params"])
            return
        old = self._peer_of(seat)
        if old is not None and old is not peer:
            # The same player on a new connection: the old one is a half-dead link from before the drop, or
            # a second window with the same token. A final refusal (not a silent cut) keeps that window from
            # reconnecting and taking the seat back, which would swap the two connections forever.
            old.seat = None
            self._refuse(old, "lan.refused.token_elsewhere")
        peer.role, peer.seat = "player", seat
        slot = self.lobby.slots[seat]
        slot.connected = True
        back = self.missing.pop(seat, None) is not None
        if slot.replaced:
            slot.replaced = False
            if self.table is not None:
                self.table.seats[seat].kind = "remote"
        self.set_confirm([seat], hello.get("confirm_turn") is True)
        self._send(peer, p.welcome(seat, token, "player", self._lobby_message()))
        self.say(t("lan.console.back_at_seat" if back else "lan.console.takes_seat", who=peer.label, seat=seat + 1,
                   dynasty=name_of("dynasty", slot.dynasty)))
        self._catch_up(peer)
        self._seats_changed()
        self.on_table()

    def _seat_for(self, hello: dict[str, Any]) -> tuple[int, str]:
        """Return (seat, token) for a player's hello, or raise Refusal."""
        token, seat = hello.get("token"), hello.get("seat")
        if token is not None:
            try:
                return self.lobby.reclaim(seat, token), token
            except Refusal:
                # A token the host no longer knows may still take the seat it asks for, if the host reopened
                # it: that is how a player's client gets back in after the seats file was lost.
                if self.phase != "lobby" and seat not in self._reopened():
                    raise
        if self.phase == "lobby":
            return self.lobby.claim(seat, hello["name"], hello.get("dynasty"))
        reopened = self._reopened()
        if not reopened:
            raise Refusal("lan.refused.no_free_seat_in_game")
        if seat is not None and seat not in reopened:
            raise Refusal("lan.refused.not_reopened", seat=seat + 1)
        return self._claim_in_game(seat if seat is not None else reopened[0], hello["name"])

    def _reopened(self) -> list[int]:
        return [i for i, slot in enumerate(self.lobby.slots) if slot.reopened]

    def _claim_in_game(self, seat: int, name: str) -> tuple[int, str]:
        """Seat a player at a seat the host reopened; its name and dynasty stay the game's."""
        assert self.table is not None
        seat, token = self.lobby.claim(seat, name, None)
        slot = self.lobby.slots[seat]
        slot.name, slot.reopened = self.table.seats[seat].name, False
        self.table.seats[seat].kind = "remote"
        self._keep_secrets()
        return seat, token

    def set_confirm(self, seats: Iterable[int], on: bool) -> None:
        """Hold (or no longer hold) these seats' turns after their last action until their player ends them:
        a LAN player's wish (hello, prefs) or the host's own screen's (its Settings)."""
        for seat in seats:
            (self.confirming.add if on else self.confirming.discard)(seat)
        self._confirm_seats()

    def _confirm_seats(self) -> None:
        """Hold the turns of the seats whose player, here now, asked for it (never a computer's)."""
        if self.table is not None:
            self.table.confirm_seats = frozenset(
                s for s in self.confirming if s < len(self.lobby.slots) and not self.is_computer(s))

    def _release_held_turn(self, seat: int) -> None:
        """A computer takes a seat whose turn is held: the turn ends as its player left it (computers do not
        hold turns), and no later turn of the seat is held until its player is back and asks again."""
        self.confirming.discard(seat)
        self._confirm_seats()
        assert self.table is not None
        if self.table.legal_actions(seat) == [{"kind": "end_turn"}]:
            self.table.submit(seat, {"kind": "end_turn"})

    def _catch_up(self, peer: Peer) -> None:
        """Send a connection that just arrived the game so far as it may see it (its seat's history, or the
        public one), the current view, who is missing, and any notice."""
        if self.table is None:
            return
        for message in p.history_parts(self.table.history_by_action(peer.seat)):
            self._send(peer, message)
        self._send(peer, self._update_message(peer.seat, [], self._public()))
        self._send(peer, self._status_message())
        news = self._news_for(peer)
        if news is not None:
            self._send(peer, p.notice(wire.english(news), news))
            if peer.seat is not None:
                self._told_notice.add(peer.seat)

    def _news_for(self, peer: Peer) -> dict[str, Any] | None:
        """Return the notice a connection that just arrived must hear: the current one; once play has moved
        on, only a seat's player who was never told (a watcher arriving later need not hear old news)."""
        if self.notice is not None:
            return self.notice
        if peer.role == "player" and peer.seat is not None and peer.seat not in self._told_notice:
            return self._owed_notice
        return None

    def _on_action(self, peer: Peer, message: dict[str, Any]) -> None:
        if peer.role != "player" or peer.seat is None:
            self._error(peer, "lan.error.spectator_plays")
            return
        if self.table is None or self.phase != "playing":
            self._error(peer, "lan.error.not_under_way")
            return
        if message["view_id"] != self.table.view_id:
            self._error(peer, "lan.error.stale_move", self.table.view_id)
            return
        # Whatever seat the message names, it acts for the connection's seat; the name is dropped.
        action = {k: v for k, v in message["action"].items() if k != "seat"}
        try:
            self.table.submit(peer.seat, action)
        except IllegalAction as exc:
            self._illegal(peer, exc)
        except Exception as exc:  # noqa: BLE001 - a malformed action must never take the table down
            log.warning("action %r from %s raised %s", action, peer.label, exc)
            self._error(peer, "lan.error.not_understood", self.table.view_id)

    def _on_undo(self, peer: Peer, message: dict[str, Any]) -> None:
        if peer.role != "player" or peer.seat is None or self.table is None:
            self._error(peer, "lan.error.nothing_to_undo")
            return
        if message["view_id"] != self.table.view_id:
            self._error(peer, "lan.error.stale_undo", self.table.view_id)
            return
        try:
            self.table.undo(peer.seat)
        except IllegalAction as exc:
            self._illegal(peer, exc)

    def _error(self, peer: Peer, key: str, view_id: int | None = None, /, **params: Any) -> None:
        """Refuse one action or undo of peer's, in the catalogue's words (and English); the game goes on."""
        message = wire.message(key, **params)
        self._send(peer, p.error(wire.english(message), view_id, message))

    def _illegal(self, peer: Peer, exc: IllegalAction) -> None:
        """Forward the engine's refusal with its own key and parameters, and its English message beside them."""
        assert self.table is not None
        try:
            message: dict[str, Any] | None = wire.message(exc.key, **exc.params)
        except ValueError:  # a key not in this catalogue, or parameters that are not plain data: English only
            log.warning("refusal %r with key %r cannot be worded on the wire", str(exc), exc.key)
            message = None
        self._send(peer, p.error(str(exc), self.table.view_id, message))

    def _on_prefs(self, peer: Peer, message: dict[str, Any]) -> None:
        """A player turns turn confirmation on or off in the game (their Settings); a held turn stays held."""
        if peer.role != "player" or peer.seat is None:
            self._error(peer, "lan.error.spectator_confirms")
            return
        self.set_confirm([peer.seat], message["confirm_turn"])

    # --- the table changed -----------------------------------------------------------------------

    def _on_change(self, events: list[dict[str, Any]]) -> None:
        """Say what happened, and send every connection its update (a table listener)."""
        assert self.table is not None
        if any(e.get("kind") == "undone" for e in events):
            self.say(t("lan.console.undo", name=self.table.seats[events[0]["seat"]].name))
            self.undos += 1  # view ids count undos too: a restarted host must not reuse one
            self._keep_secrets()
        elif len(self.table.records) > self._told:
            # A held turn's end (its player's End turn) changes the table without a new action: told once.
            record = self.table.records[-1]
            self.actions += 1
            if self.notice is not None:  # play moved on: newcomers need not hear where a resumed game went back
                self._owed_notice, self.notice = self.notice, None  # to, but its own players still do
            self.say(describe_action(self.table.seats[record.seat].name, record.action))
        self._told = len(self.table.records)
        self._broadcast(events)
        if self.table.state.game_over and self.phase == "playing":
            self._game_over()
        self.on_table()

    def _broadcast(self, events: list[dict[str, Any]]) -> None:
        messages: dict[int | None, dict[str, Any]] = {}
        public = self._public()  # made once; each seat's view adds only that seat's own line to it
        for peer in self._welcomed():
            if peer.seat not in messages:
                messages[peer.seat] = self._update_message(peer.seat, events, public)
            self._send(peer, messages[peer.seat])  # the same dict: the shell encodes it once

    def _public(self) -> dict[str, Any]:
        assert self.table is not None
        return self.table.view(None)  # the engine's public view, with the table's names and view id

    def _update_message(self, seat: int | None, events: list[dict[str, Any]], public: dict[str, Any]) -> dict[str, Any]:
        assert self.table is not None
        view = public
        if seat is not None:
            if self.table.held_seat is None:
                view = seat_view(self.table.state, seat, public)
                view["can_undo"] = self.table.can_undo(seat)
            else:
                # A held turn shows the position before the refill: the new tiles stay in the bag for everyone
                # until the turn is ended, so an undo never reveals what the bag held.
                view = self.table.view(seat)
        message = p.update(self.table.view_id, view, events_for(events, seat))
        if seat is not None and self.table.to_move() == seat:
            # The seat to move may act only in these ways; they follow from its own view, so they reveal
            # nothing, and its screen can light up legal squares without the engine's hidden state.
            message["legal"] = pack_legal(self.table.legal_actions(seat))
        return message

    def _game_over(self) -> None:
        assert self.table is not None
        self.phase = "over"
        self.ranking = self.table.view(None)["ranking"]
        names = [s.name for s in self.table.seats]
        self.say(t("lan.console.game_over", reason=self.table.state.end_reason, seed=self.table.seed))
        for line in describe_ranking(self.ranking or [], names):
            self.say("  " + line)
        self._lobby_changed()

    # --- messages to clients ---------------------------------------------------------------------

    def _lobby_message(self) -> dict[str, Any]:
        return p.lobby(self.lobby.seats_wire(), self.lobby.options(self.phase))

    def _status_message(self) -> dict[str, Any]:
        replaced = [s for s in self.missing if self.lobby.slots[s].replaced]
        after = self.config.replace_after
        if after is None:
            return p.seat_status(list(self.missing), replaced)
        # How long until a computer stands in, so that every screen can count down.
        waiting = [[seat, round(max(0.0, after - (self.now - since)), 1)]
                   for seat, since in self.missing.items() if seat not in replaced]
        return p.seat_status(list(self.missing), replaced, waiting)

    def _lobby_changed(self) -> None:
        message = self._lobby_message()
        for peer in self._welcomed():
            self._send(peer, message)
        self.on_lobby()

    def _seats_changed(self) -> None:
        self._lobby_changed()
        if self.table is not None:
            message = self._status_message()
            for peer in self._welcomed():
                self._send(peer, message)

    def _lost(self, peer: Peer) -> None:
        """The connection no longer plays its seat: free it in the lobby, report it missing in a game."""
        seat, peer.seat = peer.seat, None
        if seat is None or peer.role != "player":
            return
        slot = self.lobby.slots[seat]
        slot.connected = False
        if self.phase == "lobby":
            self.lobby.release(seat)
        elif self.phase in ("playing", "over") and slot.plan == "open":
            self.missing.setdefault(seat, self.now)
        if self.phase != "closed":
            self._seats_changed()


def _kind_words(kind: str) -> str:
    """Return who plays a seat, in the host's words (a LAN player, this screen, a computer of some level)."""
    key = f"lan.console.kind.{kind}"
    return t(key) if has(key) else kind
