"""Joining a LAN game: find it (announced, or an address typed on a keypad), then sit down or watch.

Owns: `JoinScene` (games announced on the LAN appear by themselves, each with the address it came
from; an address can be typed on an on-screen keypad), `WatchScene` (JoinScene that goes straight to
watching) and `SeatScene` (the host's lobby as a spectator sees it: pick a free seat, a name and a
dynasty, or just watch; the table opens with the game's link once the host starts). Mouse only,
sized for a TV.

Imports pygame, game.ui and net (DESIGN.md: the UI may import the LAN). Never game.rules.
"""

from __future__ import annotations

from typing import TYPE_CHECKING, Any

import pygame

from game.ui import theme as th
from game.ui.dialog import alert
from game.ui.lan_host import NAME_KEY, NameField, chosen_name
from game.ui.lan_table import open_table
from game.ui.menu import MARGIN, MenuScene
from game.ui.widgets import Button, Cycler, draw_panel
from net.discovery import GameAnnouncement, Listener
from net.host import DEFAULT_PORT

if TYPE_CHECKING:
    from game.ui.app import App
    from net.client import NetLink

DYNASTY_OPTIONS = [(d, d.capitalize()) for d in th.DYNASTIES]
TOKENS_KEY = "lan_tokens"  # app.shared: (address, port) -> (seat, token), to take a seat back after a crash


def game_label(found: GameAnnouncement) -> tuple[str, str]:
    """Return a discovered game's button text (its name and the address to type) and hint (seats, rules)."""
    game = found.game
    extra = ", ".join(game.options.get("variants", [])) or "standard rules"
    free = f"{game.seats_free} of {game.seats_total} seats free" if game.seats_free else "watch"
    port = "" if game.tcp_port == DEFAULT_PORT else f":{game.tcp_port}"
    return f"{game.host_name} · {found.address}{port}", f"{free} · {extra}"


def one_per_game(heard: list[GameAnnouncement]) -> list[GameAnnouncement]:
    """Return each game once: a host on two networks is heard at two addresses (the first one heard stays)."""
    games: dict[tuple[str, int], GameAnnouncement] = {}
    for found in heard:
        games.setdefault((found.game.game_id, found.game.tcp_port), found)
    return list(games.values())


class JoinScene(MenuScene):
    """Games on the LAN appear by themselves; an address can be typed on the keypad."""

    heading = "Join a LAN game"
    watch = False
    MAX_GAMES = 4

    def __init__(self, app: App) -> None:
        super().__init__(app)
        self.address = ""
        self.games: list[GameAnnouncement] = []
        self.listener: Listener | None = None
        self.problem = ""
        try:
            self.listener = Listener()
        except (OSError, ValueError) as err:
            self.problem = f"Cannot listen for games ({err}); type the host's address."
        self.add_back_button()
        self.game_buttons = [self.add(f"game{i}", Button("", lambda i=i: self.choose_game(i), style="quiet"))
                             for i in range(self.MAX_GAMES)]
        self.game_notes = ["" for _ in range(self.MAX_GAMES)]
        keys = [*"123456789", ".", "0", "del"]
        self.keys = {k: self.add(f"key_{k}", Button("Del" if k == "del" else k, lambda k=k: self.press(k),
                                                    style="warm")) for k in keys}
        self.add("this_computer", Button("This computer", lambda: self.set_address("127.0.0.1"), style="quiet"))
        self.connect = self.add("connect", Button("Watch" if self.watch else "Connect", self.connect_typed))
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
            alert(self.app, "Which computer?", "Type the host's address, four numbers with dots: 192.168.1.20")
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
                    self.game_notes[i] = "needs another version of the game"
        self.connect.enabled = self.address.count(".") == 3

    def layout(self, size: tuple[int, int]) -> None:
        super().layout(size)
        t = self.theme
        h = t.s(th.BUTTON_HEIGHT)
        left, top = t.s(MARGIN), t.s(200)
        side = t.s(110)
        pad_left = size[0] - t.s(MARGIN) - 3 * side - 2 * t.s(16)
        for i, button in enumerate(self.game_buttons):
            button.set_rect(pygame.Rect(left, top + i * (h + t.s(60)), pad_left - t.s(60) - left, h))
        pad_top = t.s(220) + t.s(100)
        for n, button in enumerate(self.keys.values()):
            r, c = divmod(n, 3)
            button.set_rect(pygame.Rect(pad_left + c * (side + t.s(16)), pad_top + r * (side + t.s(16)), side, side))
        below = pad_top + 4 * (side + t.s(16))
        width = 3 * side + 2 * t.s(16)
        self.buttons["this_computer"].set_rect(pygame.Rect(pad_left, below, width, h))
        self.connect.set_rect(pygame.Rect(pad_left, below + h + t.s(16), width, h))

    def draw_content(self, surface: pygame.Surface) -> None:
        t = self.theme
        left = t.s(MARGIN)
        pad = self.keys["1"].rect
        if not self.games:
            note = self.problem or "Looking for games on the LAN…"
            box = pygame.Rect(left, t.s(220), pad.left - t.s(60) - left, t.s(300))
            t.blit_fit(surface, note, th.TEXT_BODY, th.SAND_LIGHT, box, align="left", valign="top", shadow=True)
        for button, note in zip(self.game_buttons, self.game_notes, strict=True):
            if button.visible:
                below = pygame.Rect(button.rect.left, button.rect.bottom + t.s(10), button.rect.width, t.s(44))
                t.blit_fit(surface, note, th.TEXT_SMALL, th.SAND_LIGHT, below, shadow=True, max_lines=1)
        box = pygame.Rect(pad.left, pad.top - t.s(100), self.keys["3"].rect.right - pad.left, t.s(84))
        draw_panel(surface, box, t, th.SAND_LIGHT, th.GOLD_DARK, radius=14, shadow=False)
        t.blit_fit(surface, self.address or "host address", th.TEXT_BODY, th.INK if self.address else th.CLAY,
                   box.inflate(-t.s(24), -t.s(8)), max_lines=1)


class WatchScene(JoinScene):
    """Join a game as a spectator (the TV showing the table to the room)."""

    heading = "Watch a LAN game"
    watch = True


class SeatScene(MenuScene):
    """A host's lobby, seen before sitting down: pick a seat, a name and a dynasty, or watch."""

    heading = "Choose your seat"

    def __init__(self, app: App, address: str, port: int, watch_only: bool = False) -> None:
        super().__init__(app)
        self.address, self.port, self.watch_only = address, port, watch_only
        self.spectator = app.hooks.connect(address, port, "Guest", role="spectator", reconnect_for=5.0)
        self.player: NetLink | None = None
        self.add_back_button()
        self.name = self.add("name", NameField(chosen_name(app), self.set_name, self.name_free))
        self.dynasty = self.add("dynasty", Cycler(DYNASTY_OPTIONS, DYNASTY_OPTIONS[0][0], allowed=self.dynasty_free))
        # No seat can be taken before the host has said which are free.
        self.sit = [self.add(f"sit{i}", Button(f"Sit at seat {i + 1}", lambda i=i: self.take_seat(i), enabled=False))
                    for i in range(4)]
        self.add("watch", Button("Just watch", self.just_watch, style="quiet"))
        self.rejoin = self.add("rejoin", Button("Take my seat back", self.take_back, style="warm"))
        self.watching = watch_only
        self.message = ""
        self._handed_over: NetLink | None = None  # the link the table scene took over; not ours to close

    # -- what the lobby says -----------------------------------------------------------------------
    def seats(self) -> list[dict[str, Any]]:
        """Return the lobby's seats as the host last sent them."""
        return list((self.spectator.lobby or {}).get("seats", []))

    def my_seat(self) -> int | None:
        """Return the seat this screen sits at, once the host has welcomed it there."""
        link = self.player
        return link.seat if link is not None and link.welcomed and link.role == "player" else None

    def _saved(self) -> tuple[int, str] | None:
        return self.app.shared.get(TOKENS_KEY, {}).get((self.address, self.port))

    def dynasty_free(self, dynasty: str) -> bool:
        """Whether no other seated player has chosen this dynasty (ours stays ours)."""
        mine = self.my_seat()
        return not any(s.get("dynasty") == dynasty and s.get("taken") and s.get("seat") != mine
                       for s in self.seats())

    def name_free(self, name: str) -> bool:
        """Whether nobody else at this table goes by this name."""
        mine = self.my_seat()
        return not any(s.get("name") == name and s.get("seat") != mine for s in self.seats())

    # -- choices -----------------------------------------------------------------------------------
    def set_name(self, name: str) -> None:
        self.app.shared[NAME_KEY] = name

    def take_seat(self, seat: int, token: str | None = None) -> None:
        if self.player is not None:
            self.player.close()
        self.player = self.app.hooks.connect(self.address, self.port, self.name.value, seat=seat,
                                             dynasty=self.dynasty.value, token=token)
        self.message = "Sitting down…"

    def take_back(self) -> None:
        saved = self._saved()
        if saved is not None:
            self.take_seat(saved[0], saved[1])

    def just_watch(self) -> None:
        self.watching = True
        self.message = "Watching: the table opens when the host starts."

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
    def update(self, dt: float) -> None:
        super().update(dt)
        lobby = self.spectator.lobby or {}
        seats = self.seats()
        playing = lobby.get("options", {}).get("phase") not in (None, "lobby")
        for i, button in enumerate(self.sit):
            button.visible = i < len(seats) and not self.watch_only
            free = i < len(seats) and not seats[i].get("taken")
            button.enabled = free and not playing and self.player is None
        self.rejoin.visible = self._saved() is not None and self.player is None
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
        if mine is not None and mine < len(seats):
            self.dynasty.value = seats[mine].get("dynasty", self.dynasty.value)
            self.name.value = seats[mine].get("name", self.name.value)
        elif self.player is None:
            if not self.dynasty_free(self.dynasty.value):
                self.dynasty.cycle(+1)
            if not self.name_free(self.name.value):
                self.name.cycle(+1)

    def _follow_player(self) -> None:
        link = self.player
        if link is None:
            return
        if link.state == "refused":
            self.message = link.reason
            self.player = None
        elif link.state == "lobby":
            self.app.shared.setdefault(TOKENS_KEY, {})[(self.address, self.port)] = (link.seat, link.token)
            self.message = f"You sit at seat {link.seat + 1}. Waiting for the host to start…"
        elif link.state == "playing":
            self.app.shared.setdefault(TOKENS_KEY, {})[(self.address, self.port)] = (link.seat, link.token)
            self._hand_over(link)
        elif link.gone:
            self.message = link.reason
            self.player = None

    def _hand_over(self, link: NetLink) -> None:
        self._handed_over = link
        other = self.spectator if link is self.player else self.player
        if other is not None:
            other.close()
        open_table(self.app, link, link.lobby)

    def layout(self, size: tuple[int, int]) -> None:
        super().layout(size)
        t = self.theme
        h = t.s(th.BUTTON_HEIGHT)
        left, top = t.s(MARGIN), t.s(220)
        for i, button in enumerate(self.sit):
            button.set_rect(pygame.Rect(left, top + i * (h + t.s(20)), t.s(480), h))
        right = size[0] - t.s(MARGIN) - t.s(600)
        self.name.set_rect(pygame.Rect(right, top, t.s(600), h))
        self.dynasty.set_rect(pygame.Rect(right, top + h + t.s(30), t.s(600), h))
        self.buttons["watch"].set_rect(pygame.Rect(right, top + 2 * (h + t.s(30)), t.s(600), h))
        self.rejoin.set_rect(pygame.Rect(right, top + 3 * (h + t.s(30)), t.s(600), h))

    def draw_content(self, surface: pygame.Surface) -> None:
        t = self.theme
        lobby = self.spectator.lobby or {}
        text_left = self.sit[0].rect.right + t.s(24)
        width = self.name.rect.left - t.s(40) - text_left
        for i, seat in enumerate(self.seats()[:4]):
            row = self.sit[i].rect
            box = pygame.Rect(text_left, row.top, width, row.height)
            t.blit_fit(surface, seat_line(seat, i == self.my_seat()), th.TEXT_SMALL, th.SAND_LIGHT, box,
                       align="left", shadow=True, max_lines=1)
        options = lobby.get("options", {})
        port = "" if self.port == DEFAULT_PORT else f":{self.port}"
        where = f"{options.get('host', 'A table')} at {self.address}{port}"
        if options:
            extras = [*options.get("variants", []), *(["open scores"] if options.get("open_scores") else [])]
            where += f": {', '.join(extras) or 'standard rules'}"
        line = pygame.Rect(t.s(MARGIN), t.s(136), surface.get_width() - 2 * t.s(MARGIN), t.s(56))
        t.blit_fit(surface, where, th.TEXT_BODY, th.CREAM, line, shadow=True, max_lines=1)
        status = self.message or {"connecting": "Connecting…", "reconnecting": "Connection lost: reconnecting…"}.get(
            self.spectator.state, "")
        if status:
            bottom = surface.get_height() - t.s(MARGIN) - t.s(120)
            box = pygame.Rect(t.s(MARGIN), bottom - t.s(110), surface.get_width() - 2 * t.s(MARGIN), t.s(110))
            t.blit_fit(surface, status, th.TEXT_BODY, th.GOLD_LIGHT, box, valign="bottom", shadow=True, max_lines=2)


def seat_line(seat: dict[str, Any], mine: bool) -> str:
    """Return one seat of the lobby as a joining player reads it."""
    who = seat.get("name") or "free"
    who = f"{who} (you)" if mine else who
    kind = {"local": "at the host", "computer": "computer"}.get(seat.get("plan", ""), "LAN")
    return f"{who} · {seat.get('dynasty', '')} · {kind}"
