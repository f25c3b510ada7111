"""Joining a LAN game: find it (announced, or an address typed on a keypad), then sit down or watch.

Owns: `JoinScene` (games announced on the LAN appear by themselves, each with the address it came
from; an address can be typed on an on-screen keypad), `WatchScene` (JoinScene that goes straight to
watching) and `SeatScene` (the host's lobby as a spectator sees it: pick a free seat, a name and a
dynasty, or just watch; the table opens with the game's link once the host starts; a seat taken is kept on
disk by game.ui.lan.seat_keys, so that "Take my seat back" works after the window closed). Mouse only,
sized for a TV.

Imports pygame, game.ui and net (DESIGN.md: the UI may import the LAN). Never game.rules.
"""

from __future__ import annotations

from functools import partial
from typing import TYPE_CHECKING, Any

import pygame

from game.i18n import name_of, names_of, t
from game.session import same_name
from game.ui.kit import theme as th
from game.ui.kit.dialog import alert
from game.ui.kit.name_field import NameField, refuse_in_dialog, remember_name, remembered_name
from game.ui.kit.panels import draw_panel
from game.ui.kit.widgets import Button, Cycler
from game.ui.lan import seat_keys
from game.ui.lan.lan_host import NAME_KEY, chosen_name, player_names, same_offered_name
from game.ui.lan.lan_table import open_table
from game.ui.menus.menu import MARGIN, MenuScene
from net.discovery import GameAnnouncement, Listener
from net.host import DEFAULT_PORT

if TYPE_CHECKING:
    from game.ui.app import App
    from net.client import NetLink



def table_title(host_name: Any, host_player: Any) -> str:
    """Return a hosted table's name in this screen's language: "X's table" from the host player's name, or
    the name as an older host (or a headless one) sends it."""
    if isinstance(host_player, str) and host_player:
        return t("lan.host.table_name", name=host_player)
    return host_name if isinstance(host_name, str) and host_name else t("lan.seat.a_table")


def game_label(found: GameAnnouncement) -> tuple[str, str]:
    """Return a discovered game's button text (its name and the address to type) and hint (seats, rules)."""
    game = found.game
    extra = names_of("variant", game.options.get("variants", [])) or t("variant.standard")
    free = t("lan.join.seats_free", n=game.seats_free, total=game.seats_total) if game.seats_free \
        else t("lan.join.watch_only")
    port = "" if game.tcp_port == DEFAULT_PORT else f":{game.tcp_port}"
    return f"{table_title(game.host_name, game.host_player)} · {found.address}{port}", f"{free} · {extra}"


def one_per_game(heard: list[GameAnnouncement]) -> list[GameAnnouncement]:
    """Return each game once: a host on two networks is heard at two addresses (the first one heard stays)."""
    games: dict[tuple[str, int], GameAnnouncement] = {}
    for found in heard:
        games.setdefault((found.game.game_id, found.game.tcp_port), found)
    return list(games.values())


class JoinScene(MenuScene):
    """Games on the LAN appear by themselves; an address can be typed on the keypad."""

    heading_key = "lan.join.heading"
    watch = False
    MAX_GAMES = 4

    def __init__(self, app: App) -> None:
        self.heading = t(self.heading_key)
        super().__init__(app)
        self.address = ""
        self.games: list[GameAnnouncement] = []
        self.listener: Listener | None = None
        self.problem = ""
        try:
            self.listener = Listener()
        except (OSError, ValueError) as err:
            self.problem = t("lan.join.cannot_listen", error=err)
        self.add_back_button(t("common.back"))
        self.game_buttons = [self.add(f"game{i}", Button("", partial(self.choose_game, i), style="quiet"))
                             for i in range(self.MAX_GAMES)]
        self.game_notes = ["" for _ in range(self.MAX_GAMES)]
        keys = [*"123456789", ".", "0", "del"]
        self.keys = {k: self.add(f"key_{k}", Button(t("lan.join.key_del") if k == "del" else k,
                                                    partial(self.press, k), style="warm")) for k in keys}
        self.add("this_computer", Button(t("lan.join.this_computer"), lambda: self.set_address("127.0.0.1"),
                                         style="quiet"))
        connect = t("lan.join.watch") if self.watch else t("lan.join.connect")
        self.connect = self.add("connect", Button(connect, self.connect_typed))
        self._poll_wait = 0.0

    def set_address(self, text: str) -> None:
        self.address = text

    def press(self, key: str) -> None:
        if key == "del":
            self.address = self.address[:-1]
        elif len(self.address) < 15:  # 255.255.255.255
            self.address += key

    def connect_typed(self) -> None:
        if self.address.count(".") != 3:
            alert(self.app, t("lan.join.which.title"), t("lan.join.which.text"))
            return
        self.open_seats(self.address, DEFAULT_PORT)

    def choose_game(self, i: int) -> None:
        if i < len(self.games):
            found = self.games[i]
            self.open_seats(found.address, found.game.tcp_port)

    def open_seats(self, address: str, port: int) -> None:
        self.app.push(SeatScene(self.app, address, port, watch_only=self.watch))

    def exit(self) -> None:
        if self.listener is not None:
            self.listener.close()
            self.listener = None

    def update(self, dt: float) -> None:
        super().update(dt)
        self._poll_wait -= dt
        if self.listener is not None and self._poll_wait <= 0:
            self._poll_wait = 0.25
            self.games = one_per_game(self.listener.poll())[: self.MAX_GAMES]
        for i, button in enumerate(self.game_buttons):
            button.visible = i < len(self.games)
            if button.visible:
                button.text, self.game_notes[i] = game_label(self.games[i])
                button.enabled = self.games[i].game.compatible
                if not button.enabled:
                    self.game_notes[i] = t("lan.join.other_version")
        self.connect.enabled = self.address.count(".") == 3

    def layout(self, size: tuple[int, int]) -> None:
        super().layout(size)
        tm = self.theme
        h = tm.s(th.BUTTON_HEIGHT)
        left, top = tm.s(MARGIN), tm.s(200)
        side = tm.s(110)
        pad_left = size[0] - tm.s(MARGIN) - 3 * side - 2 * tm.s(16)
        for i, button in enumerate(self.game_buttons):
            button.set_rect(pygame.Rect(left, top + i * (h + tm.s(60)), pad_left - tm.s(60) - left, h))
        pad_top = tm.s(220) + tm.s(100)
        for n, button in enumerate(self.keys.values()):
            r, c = divmod(n, 3)
            button.set_rect(pygame.Rect(pad_left + c * (side + tm.s(16)), pad_top + r * (side + tm.s(16)), side, side))
        below = pad_top + 4 * (side + tm.s(16))
        width = 3 * side + 2 * tm.s(16)
        self.buttons["this_computer"].set_rect(pygame.Rect(pad_left, below, width, h))
        self.connect.set_rect(pygame.Rect(pad_left, below + h + tm.s(16), width, h))

    def draw_content(self, surface: pygame.Surface) -> None:
        tm = self.theme
        left = tm.s(MARGIN)
        pad = self.keys["1"].rect
        if not self.games:
            note = self.problem or t("lan.join.looking")
            box = pygame.Rect(left, tm.s(220), pad.left - tm.s(60) - left, tm.s(300))
            tm.blit_fit(surface, note, th.TEXT_BODY, th.SAND_LIGHT, box, align="left", valign="top", shadow=True)
        for button, note in zip(self.game_buttons, self.game_notes, strict=True):
            if button.visible:
                below = pygame.Rect(button.rect.left, button.rect.bottom + tm.s(10), button.rect.width, tm.s(44))
                tm.blit_fit(surface, note, th.TEXT_SMALL, th.SAND_LIGHT, below, shadow=True, max_lines=1)
        box = pygame.Rect(pad.left, pad.top - tm.s(100), self.keys["3"].rect.right - pad.left, tm.s(84))
        draw_panel(surface, box, tm, th.SAND_LIGHT, th.GOLD_DARK, radius=14, shadow=False)
        shown = self.address or t("lan.join.address_hint")
        tm.blit_fit(surface, shown, th.TEXT_BODY, th.INK if self.address else th.HINT_ON_SAND,
                    box.inflate(-tm.s(24), -tm.s(8)), max_lines=1)


class WatchScene(JoinScene):
    """Join a game as a spectator (the TV showing the table to the room)."""

    heading_key = "lan.watch.heading"
    watch = True


class SeatScene(MenuScene):
    """A host's lobby, seen before sitting down: pick a seat, a name and a dynasty, or watch."""

    def __init__(self, app: App, address: str, port: int, watch_only: bool = False) -> None:
        self.heading = t("lan.seat.heading")
        super().__init__(app)
        self.address, self.port, self.watch_only = address, port, watch_only
        # The host's screen names whoever looks at its seats: the player's own name once they have chosen one.
        self.spectator = app.hooks.connect(address, port, remembered_name(app) or t("lan.join.guest"),
                                           role="spectator", reconnect_for=5.0)
        self.player: NetLink | None = None
        self.add_back_button(t("common.back"))
        self.name = self.add("name", NameField(app.theme, chosen_name(app), player_names, self.set_name,
                                               allowed=self.name_free, refuse=refuse_in_dialog(app)))
        options = dynasty_options()
        self.dynasty = self.add("dynasty", Cycler(options, options[0][0], allowed=self.dynasty_free))
        # No seat can be taken before the host has said which are free.
        self.sit = [self.add(f"sit{i}", Button(t("lan.seat.sit", n=i + 1), partial(self.take_seat, i),
                                               enabled=False)) for i in range(4)]
        self.add("watch", Button(t("lan.seat.just_watch"), self.just_watch, style="quiet"))
        self.rejoin = self.add("rejoin", Button(t("lan.seat.take_back"), self.take_back, style="warm"))
        self.watching = watch_only
        self.message = ""
        self._handed_over: NetLink | None = None  # the link the table scene took over; not ours to close
        # The seat we just lost (refused or cut), the name we sat there with and the watching link's lobby copy
        # then: until the host's next lobby message, that copy may still show us there (ours, not a rival's).
        self._left: tuple[int, str, dict[str, Any] | None] | None = None

    # -- what the lobby says -----------------------------------------------------------------------
    def lobby(self) -> dict[str, Any]:
        """Return the lobby as the host last sent it: from our player link once the host has seated us (its
        welcome carries the lobby with our claim; the watching link is told a moment later, on its own
        connection), from the watching link otherwise."""
        link = self.player
        if link is not None and link.welcomed and link.role == "player" and link.lobby is not None:
            return link.lobby
        return self.spectator.lobby or {}

    def seats(self) -> list[dict[str, Any]]:
        """Return the lobby's seats as the host last sent them."""
        return list(self.lobby().get("seats", []))

    def my_seat(self) -> int | None:
        """Return the seat this screen sits at, once the host has welcomed it there."""
        link = self.player
        return link.seat if link is not None and link.welcomed and link.role == "player" else None

    def _saved(self) -> tuple[int, str] | None:
        return seat_keys.saved_seats(self.app).get((self.address, self.port))

    def _ours(self) -> set[int]:
        """Return the seats whose name and dynasty are ours: the one we sit at, and one we have just lost while
        the watching link's copy of the lobby still shows us there."""
        mine = self.my_seat()
        ours = {mine} if mine is not None else set()
        if self._left is not None:
            seat, name, copy = self._left
            seats = self.seats()
            if self.spectator.lobby is copy and seat < len(seats) and seats[seat].get("name") == name:
                ours.add(seat)
        return ours

    def dynasty_free(self, dynasty: str) -> bool:
        """Whether no other seated player has chosen this dynasty (ours stays ours)."""
        ours = self._ours()
        return not any(s.get("dynasty") == dynasty and s.get("taken") and s.get("seat") not in ours
                       for s in self.seats())

    def name_free(self, name: str) -> bool:
        """Whether nobody else at this table goes by this name. The seat this screen may take back (a saved game
        the host continues) is ours, and so is the name it holds for us."""
        saved = self._saved()
        ours = self._ours() | ({saved[0]} if saved is not None and self.player is None else set())
        return not any(same_name(str(s.get("name") or ""), name) and s.get("seat") not in ours
                       for s in self.seats())

    def _offered_name_free(self, name: str) -> bool:
        """Whether no other seated player goes by this offered name in another language either; only for the
        name this screen picks by itself (a typed name is refused only when it reads alike)."""
        if self.app.shared.get(NAME_KEY) or remembered_name(self.app):  # the player chose a name: theirs to keep
            return True
        ours = self._ours()
        return not any(same_offered_name(str(s.get("name") or ""), name) and s.get("seat") not in ours
                       for s in self.seats())

    # -- choices -----------------------------------------------------------------------------------
    def set_name(self, name: str) -> None:
        self.app.shared[NAME_KEY] = name
        remember_name(self.app, name)

    def _skip_taken_name(self) -> None:
        """Step past a name another player at this table holds, without making the next one this player's chosen
        name: they did not choose it, and the name they chose is offered again next time."""
        self.name.on_change = None
        try:
            self.name.cycle(+1)
        finally:
            self.name.on_change = self.set_name

    def take_seat(self, seat: int, token: str | None = None) -> None:
        if self.player is not None:
            self.player.close()
        self.player = self.app.hooks.connect(self.address, self.port, self.name.value, seat=seat,
                                             dynasty=self.dynasty.value, token=token,
                                             confirm_turn=self.app.settings.confirm_turn_lan)
        self.message = t("lan.seat.sitting")

    def take_back(self) -> None:
        saved = self._saved()
        if saved is not None:
            self.take_seat(saved[0], saved[1])

    def just_watch(self) -> None:
        self.watching = True
        self.message = t("lan.seat.watching")

    def back(self) -> None:
        for link in (self.spectator, self.player):
            if link is not None:
                link.close()
        super().back()

    def exit(self) -> None:
        for link in (self.spectator, self.player):
            if link is not None and link is not self._handed_over:
                link.close()

    # -- per frame ---------------------------------------------------------------------------------
    def handle(self, event: pygame.event.Event) -> bool:
        self.name.click_away(event)  # a click elsewhere takes a name being typed, then does what it was aimed at
        return super().handle(event)

    def update(self, dt: float) -> None:
        super().update(dt)
        lobby = self.lobby()
        seats = self.seats()
        playing = lobby.get("options", {}).get("phase") not in (None, "lobby")
        for i, button in enumerate(self.sit):
            button.visible = i < len(seats) and not self.watch_only
            free = i < len(seats) and not seats[i].get("taken")
            button.enabled = free and not playing and self.player is None
        # Only a game under way keeps seats for players who are away: a lobby frees a seat when its player goes.
        self.rejoin.visible = self._saved() is not None and self.player is None and playing
        self._follow_seat(seats)
        self._follow_player()
        if self.watching and self.spectator.state == "playing":
            self._hand_over(self.spectator)
        elif self.spectator.gone and self.player is None:
            self.message = self.spectator.reason

    def _follow_seat(self, seats: list[dict[str, Any]]) -> None:
        """Show the name and dynasty the host gave our seat; before sitting, skip ones others hold."""
        mine = self.my_seat()
        for cycler in (self.name, self.dynasty):
            cycler.enabled = self.player is None  # what we sit down with is sent once, in the hello
            for part in cycler.parts():
                part.enabled = cycler.enabled
        # A lobby copy from before the host seated us still shows the seat open (no name): keep what we sent.
        if mine is not None and mine < len(seats) and seats[mine].get("name"):
            self.dynasty.value = seats[mine].get("dynasty", self.dynasty.value)
            self.name.value = seats[mine].get("name", self.name.value)
        elif self.player is None:
            if not self.dynasty_free(self.dynasty.value):
                self.dynasty.cycle(+1)
            if not self.name_free(self.name.value) or not self._offered_name_free(self.name.value):
                self._skip_taken_name()

    def _follow_player(self) -> None:
        link = self.player
        if link is None:
            return
        if link.state == "refused":
            self.message = link.reason
            if link.refusal == "lan.refused.seat_not_yours":
                # The game under way there does not know the seat we kept (another game, or the seat went to
                # someone else): stop offering it. Other refusals (a hello cut halfway, a seat not reopened
                # yet) leave it kept: it may still take the seat back.
                seat_keys.forget(self.app, self.address, self.port)
            self._let_go(link)
        elif link.state == "lobby" and link.seat is not None:
            self.message = t("lan.seat.you_sit", n=link.seat + 1)
        elif link.state == "playing":
            key = link.seat_key()
            if key is not None:
                seat_keys.remember(self.app, *key)
            self._hand_over(link)
        elif link.gone:
            self.message = link.reason
            self._let_go(link)

    def _let_go(self, link: NetLink) -> None:
        """Forget our player link (refused or gone), minding the seat it held while the lobby copy lags."""
        if link.welcomed and link.role == "player" and link.seat is not None:
            self._left = (link.seat, link.name, self.spectator.lobby)
        self.player = None

    def _hand_over(self, link: NetLink) -> None:
        self._handed_over = link
        other = self.spectator if link is self.player else self.player
        if other is not None:
            other.close()
        open_table(self.app, link, link.lobby)

    def layout(self, size: tuple[int, int]) -> None:
        super().layout(size)
        tm = self.theme
        h = tm.s(th.BUTTON_HEIGHT)
        left, top = tm.s(MARGIN), tm.s(220)
        for i, button in enumerate(self.sit):
            button.set_rect(pygame.Rect(left, top + i * (h + tm.s(20)), tm.s(480), h))
        right = size[0] - tm.s(MARGIN) - tm.s(600)
        self.name.set_rect(pygame.Rect(right, top, tm.s(600), h))
        self.dynasty.set_rect(pygame.Rect(right, top + h + tm.s(30), tm.s(600), h))
        self.buttons["watch"].set_rect(pygame.Rect(right, top + 2 * (h + tm.s(30)), tm.s(600), h))
        self.rejoin.set_rect(pygame.Rect(right, top + 3 * (h + tm.s(30)), tm.s(600), h))

    def draw_content(self, surface: pygame.Surface) -> None:
        tm = self.theme
        lobby = self.lobby()
        text_left = self.sit[0].rect.right + tm.s(24)
        width = self.name.rect.left - tm.s(40) - text_left
        for i, seat in enumerate(self.seats()[:4]):
            row = self.sit[i].rect
            box = pygame.Rect(text_left, row.top, width, row.height)
            tm.blit_fit(surface, seat_line(seat, i == self.my_seat()), th.TEXT_SMALL, th.SAND_LIGHT, box,
                       align="left", shadow=True, max_lines=1)
        options = lobby.get("options", {})
        port = "" if self.port == DEFAULT_PORT else f":{self.port}"
        table, address = table_title(options.get("host"), options.get("host_player")), f"{self.address}{port}"
        where = t("lan.seat.where", table=table, address=address)
        if options:
            extras = [*options.get("variants", []), *(["open_scores"] if options.get("open_scores") else [])]
            rules = names_of("variant", extras) or t("variant.standard")
            where = t("lan.seat.where_rules", table=table, address=address, rules=rules)
        line = pygame.Rect(tm.s(MARGIN), tm.s(136), surface.get_width() - 2 * tm.s(MARGIN), tm.s(56))
        tm.blit_fit(surface, where, th.TEXT_BODY, th.CREAM, line, shadow=True, max_lines=1)
        status = self.message or {"connecting": t("lan.seat.connecting"),
                                  "reconnecting": t("lan.table.reconnecting")}.get(self.spectator.state, "")
        if status:
            bottom = surface.get_height() - tm.s(MARGIN) - tm.s(120)
            box = pygame.Rect(tm.s(MARGIN), bottom - tm.s(110), surface.get_width() - 2 * tm.s(MARGIN), tm.s(110))
            tm.blit_fit(surface, status, th.TEXT_BODY, th.GOLD_LIGHT, box, valign="bottom", shadow=True, max_lines=2)


def seat_line(seat: dict[str, Any], mine: bool) -> str:
    """Return one seat of the lobby as a joining player reads it."""
    who = seat.get("name") or t("lan.seat.free")
    who = t("lan.seat.you", name=who) if mine else who
    kind = {"local": t("lan.seat.kind.local"), "computer": t("lan.seat.kind.computer")}.get(
        seat.get("plan", ""), t("lan.seat.kind.lan"))
    return t("lan.seat.line", who=who, dynasty=name_of("dynasty", seat.get("dynasty", "")), kind=kind)


def dynasty_options() -> list[tuple[str, str]]:
    """Return the dynasties as the Cycler offers them: wire name and the name in this language."""
    return [(d, name_of("dynasty", d)) for d in th.DYNASTIES]
