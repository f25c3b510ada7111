"""The LAN screens: host a game (the lobby), join a game (discovered or typed), choose a seat, or watch.

Owns: `HostScene` (runs a net.host.Host while it is open: each seat open for the LAN, played on this
screen, or a computer; the options everyone sees; Start once every seat is filled; every game journalled
in the data folder, and Continue resumes the last unfinished LAN game), `JoinScene` (games
announced on the LAN appear by themselves; an address can be typed on an on-screen keypad), `SeatScene`
(the host's lobby as a spectator sees it: pick a free seat, a name and a dynasty, or just watch),
`WatchScene` (JoinScene that goes straight to watching), and opening the table scene with the game's Link
once the host starts. Mouse only, sized for a TV.

The title screen finds HostScene and JoinScene through game.ui.flow (`open_lan_scene`).
Imports pygame, game.ui, game.journal and net (DESIGN.md: the UI may import the LAN); never game.rules directly.
"""

from __future__ import annotations

import logging
import socket
from collections import deque
from typing import TYPE_CHECKING, Any

import pygame

from game.journal import JournalError, SavedGame, last_unfinished
from game.ui import theme as th
from game.ui.dialog import alert, confirm
from game.ui.menu import MARGIN, MenuScene
from game.ui.settings import data_dir
from game.ui.widgets import Button, Cycler, Stepper, Toggle, draw_panel
from net.client import NetLink
from net.discovery import Listener
from net.host import DEFAULT_PORT, Host, HostConfig
from net.lobby import Refusal

if TYPE_CHECKING:
    from game.ui.app import App

log = logging.getLogger(__name__)

PLANS = [
    ("open", "Open for the LAN"),
    ("local", "Played on this screen"),
    ("easy", "Computer: easy"),
    ("normal", "Computer: normal"),
    ("hard", "Computer: hard"),
]
VARIANT_TOGGLES = [
    ("open_scores", "Open scores", "Everyone sees every total"),
    ("advanced_board", "Advanced board", "The second map"),
    ("buildings", "Buildings", "Civilization buildings"),
    ("ziggurat", "Ziggurat", "The ziggurat variant"),
]
NAMES = ["Enheduanna", "Gilgamesh", "Sargon", "Hammurabi", "Puabi", "Ur-Nammu", "Kubaba", "Naram-Sin"]
DYNASTY_OPTIONS = [(d, d.capitalize()) for d in th.DYNASTIES]
TOKENS_KEY = "lan_tokens"  # app.shared: (address, port) -> (seat, token), to take a seat back after a crash


# ---------------------------------------------------------------------------------------------------
# Opening the table


def open_table(app: App, link: Any, lobby: dict[str, Any] | None) -> None:
    """Replace the LAN screens with the table scene, playing through link (the table's author owns it)."""
    try:
        from game.ui.table_scene import TableScene
    except ImportError as err:
        log.warning("table scene unavailable: %s", err)
        alert(app, "The table is not ready", "This build cannot show the table yet.")
        return
    scene_class = _lan_table_class(TableScene)
    app.replace(scene_class(app, table_config(lobby), link))


def table_config(lobby: dict[str, Any] | None) -> dict[str, Any]:
    """Return a TableScene config from the lobby: every seat a person (the host plays the computers)."""
    seats = (lobby or {}).get("seats", [])
    options = (lobby or {}).get("options", {})
    variants = list(options.get("variants", [])) + (["open_scores"] if options.get("open_scores") else [])
    return {
        "players": len(seats),
        "seats": [{"name": s.get("name") or f"Seat {i + 1}", "dynasty": s.get("dynasty", "bull"), "kind": "human"}
                  for i, s in enumerate(seats)],
        "variants": variants,
        "seed": 0,
        "lan": True,
    }


def _lan_table_class(base: type) -> type:
    class LanTableScene(base):  # type: ignore[misc, valid-type]
        """The table scene for a LAN game: only this screen's seats are people here; the link's state shows."""

        def __init__(self, app: App, config: dict[str, Any], link: Any) -> None:
            super().__init__(app, config, link)
            # Remote seats are people somewhere else: no curtain for them, and no computer plays them here.
            self.humans = set(link.local_seats)
            self.revealed = next(iter(self.humans)) if len(self.humans) == 1 else None

        def draw(self, surface: pygame.Surface) -> None:
            super().draw(surface)
            text = link_status(self.link)
            if text:
                draw_banner(surface, self.theme, text)

    return LanTableScene


def link_status(link: Any) -> str:
    """Return a line about the link's health, or "" when all is well."""
    state = getattr(link, "state", "")
    if state == "reconnecting":
        return "Connection lost: reconnecting…"
    if state in ("closed", "refused"):
        return getattr(link, "reason", "") or "The host has gone."
    missing = sorted(getattr(link, "missing", ()))
    if missing:
        computer = getattr(link, "computer", frozenset())
        who = ", ".join(f"seat {s + 1}" + (" (the computer plays)" if s in computer else "") for s in missing)
        return f"Waiting for {who} to come back"
    return ""


def draw_banner(surface: pygame.Surface, theme: th.Theme, text: str) -> None:
    """Draw a message across the top of the screen."""
    width = min(surface.get_width() - theme.s(80), theme.s(1000))  # over the board, clear of the side panels
    rect = pygame.Rect(0, 0, width, theme.s(80))
    rect.midtop = (surface.get_width() // 2, theme.s(110))
    draw_panel(surface, rect, theme, th.TERRACOTTA, th.GOLD, radius=16)
    theme.blit_text(surface, text, th.TEXT_BODY, th.CREAM, shadow=True, center=rect.center)


def _host_name() -> str:
    try:
        return socket.gethostname()[:24] or "Two Rivers"
    except OSError:
        return "Two Rivers"


# ---------------------------------------------------------------------------------------------------
# Hosting


class HostScene(MenuScene):
    """The host's lobby. A Host runs while this scene (and then the table) is open."""

    heading = "Host a LAN game"

    def __init__(self, app: App, config: HostConfig | None = None) -> None:
        super().__init__(app)
        self.news: deque[str] = deque(maxlen=5)
        # Every LAN game hosted from this screen is journalled, so that Continue can take it up after a crash.
        self.host = self._start_host(config or HostConfig(host_name=_host_name(), data_dir=data_dir()))
        self.saved = self._last_lan_game()
        self.add_back_button()
        count = len(self.host.lobby.slots) if self.host else 4
        self.players = self.add("players", Stepper(count, 2, 4, self.set_players, fmt=lambda n: f"{n} players",
                                                     ink=th.CREAM))
        self.plans = [self.add(f"seat{i}", Cycler(PLANS, "open", lambda v, i=i: self.set_plan(i, v)))
                      for i in range(4)]
        self.toggles = {key: self.add(key, Toggle(label, False, lambda on, key=key: self.set_variant(key, on),
                                                  hint=hint, ink=th.CREAM))
                        for key, label, hint in VARIANT_TOGGLES}
        self.start = self.add("start", Button("Start", self.start_game, hint="Seats are still open"))
        self.resume = self.add("continue", Button("Continue", self.continue_game, style="warm",
                                                  hint="The last unfinished LAN game"))
        self.resume.visible = self.saved is not None
        self.seat_rects: list[pygame.Rect] = []
        self._handed_over = False
        self.plans[0].value = "local"
        if self.host is not None:
            self.set_plan(0, "local")

    def _start_host(self, config: HostConfig) -> Host | None:
        for port in (config.port, 0):  # the usual port, or any free one if another program holds it
            config.port = port
            try:
                return Host(config, say=self.news.append).start()
            except OSError as err:
                log.warning("cannot host on port %s: %s", port, err)
        self.news.append("This computer cannot host a game right now.")
        return None

    # -- the host's choices ------------------------------------------------------------------------
    def set_players(self, count: int) -> None:
        if self.host is not None:
            self.host.set_players(count)

    def set_plan(self, seat: int, value: str) -> None:
        if self.host is None:
            return
        plan, level = (value, "normal") if value in ("open", "local") else ("computer", value)
        name = f"Player {seat + 1}" if plan == "local" else None
        try:
            self.host.set_plan(seat, plan, level, name)
        except Refusal as err:
            self.news.append(str(err))

    def set_variant(self, key: str, on: bool) -> None:
        if self.host is not None:
            self.host.set_variant(key, on)

    def start_game(self) -> None:
        if self.host is None:
            return
        try:
            self.host.start_game()
        except Refusal as err:
            alert(self.app, "Not yet", str(err))
            return
        lobby = {"seats": self.host.lobby.seats_wire(), "options": self.host.lobby.options("playing")}
        self._handed_over = True  # the table's link now owns the host: closing the table stops it
        open_table(self.app, self.host.local_link(), lobby)

    def _last_lan_game(self) -> SavedGame | None:
        folder = self.host.config.data_dir if self.host is not None else None
        if folder is None:
            return None
        try:
            return last_unfinished(folder, lan=True)
        except OSError as err:
            log.info("cannot look for saved LAN games: %s", err)
            return None

    def continue_game(self) -> None:
        """Take up the last unfinished LAN game: players come back to their seats with their tokens."""
        if self.host is None or self.saved is None:
            return
        try:
            journal = self.host.resume_game(self.saved.path, local=True)
        except (JournalError, OSError, Refusal) as err:
            alert(self.app, "This game cannot be continued", str(err))
            self.saved, self.resume.visible = None, False
            return
        lobby = {"seats": self.host.lobby.seats_wire(), "options": self.host.lobby.options("playing")}
        self._handed_over = True
        open_table(self.app, self.host.local_link(), lobby)
        if journal.recovered_from is not None:
            alert(self.app, "Saved game repaired",
                  f"The saved game was damaged; it goes on from its last whole action ({len(journal.actions)}).")

    def exit(self) -> None:
        if self.host is not None and not self._handed_over:
            self.host.stop("The host closed the lobby.")
            self.host = None

    def back(self) -> None:
        if self.host is None:
            super().back()
            return
        confirm(self.app, "Close this game?", "Everyone who joined will be told the host has gone.",
                self.close_and_leave, yes="Close it", no="Stay")

    def close_and_leave(self) -> None:
        if self.host is not None:
            self.host.stop("The host closed the lobby.")
            self.host = None
        super().back()

    # -- per frame ---------------------------------------------------------------------------------
    def update(self, dt: float) -> None:
        super().update(dt)
        count = len(self.host.lobby.slots) if self.host else 0
        for i, cycler in enumerate(self.plans):
            cycler.visible = i < count
        self.start.enabled = self.host is not None and self.host.can_start()

    def layout(self, size: tuple[int, int]) -> None:
        super().layout(size)
        t = self.theme
        h = t.s(th.BUTTON_HEIGHT)
        left, top = t.s(MARGIN), t.s(190)
        self.players.set_rect(pygame.Rect(left, top, t.s(560), h))
        self.seat_rects = []
        for i, cycler in enumerate(self.plans):
            row = pygame.Rect(left, top + (i + 1) * (h + t.s(26)), t.s(1080), h)
            self.seat_rects.append(row)
            cycler.set_rect(pygame.Rect(row.left + t.s(260), row.top, t.s(620), h))
        right = size[0] - t.s(MARGIN) - t.s(620)
        for i, toggle in enumerate(self.toggles.values()):
            toggle.set_rect(pygame.Rect(right, top + i * t.s(110), t.s(620), t.s(96)))
        self.start.set_rect(pygame.Rect(size[0] - t.s(MARGIN) - t.s(420), size[1] - t.s(MARGIN) - h, t.s(420), h))
        self.resume.set_rect(self.start.rect.move(-t.s(460), 0))

    def draw_content(self, surface: pygame.Surface) -> None:
        t = self.theme
        slots = self.host.lobby.slots if self.host else []
        for i, (row, slot) in enumerate(zip(self.seat_rects, slots, strict=False)):
            color = th.DYNASTY_COLORS.get(slot.dynasty, th.SAND)
            pygame.draw.circle(surface, color, (row.left + t.s(40), row.centery), t.s(30))
            t.blit_text(surface, f"Seat {i + 1}", th.TEXT_BODY, th.CREAM, shadow=True,
                        midleft=(row.left + t.s(90), row.centery))
            if slot.plan == "open":
                who = f"{slot.name} ({slot.dynasty})" if slot.taken else "waiting for a player…"
                t.blit_text(surface, who, th.TEXT_SMALL, th.GOLD_LIGHT if slot.taken else th.SAND,
                            midleft=(row.left + t.s(900), row.centery))
        if self.host is not None:
            where = f"Players join {_host_name()}, port {self.host.port}"
            t.blit_text(surface, where, th.TEXT_BODY, th.CREAM, shadow=True,
                        midtop=(surface.get_width() // 2, t.s(130)))
        y = surface.get_height() - t.s(MARGIN) - t.s(th.BUTTON_HEIGHT) - t.s(40) - len(self.news) * t.s(40)
        for line in self.news:
            t.blit_text(surface, line, th.TEXT_SMALL, th.SAND_LIGHT, topleft=(t.s(MARGIN), y))
            y += t.s(40)


# ---------------------------------------------------------------------------------------------------
# Joining


class JoinScene(MenuScene):
    """Games on the LAN appear by themselves; an address can be typed on the keypad."""

    heading = "Join a LAN game"
    watch = False
    MAX_GAMES = 4

    def __init__(self, app: App) -> None:
        super().__init__(app)
        self.address = ""
        self.games: list[Any] = []
        self.listener: Listener | None = None
        self.problem = ""
        try:
            self.listener = Listener()
        except (OSError, ValueError) as err:
            self.problem = f"Cannot listen for games ({err}); type the host's address."
        self.add_back_button()
        self.game_buttons = [self.add(f"game{i}", Button("", lambda i=i: self.choose_game(i), style="quiet"))
                             for i in range(self.MAX_GAMES)]
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
        elif len(self.address) < 21:
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
            self.games = self.listener.poll()[: self.MAX_GAMES]
        for i, button in enumerate(self.game_buttons):
            button.visible = i < len(self.games)
            if button.visible:
                game = self.games[i].game
                extra = ", ".join(game.options.get("variants", [])) or "standard rules"
                free = f"{game.seats_free} of {game.seats_total} seats free" if game.seats_free else "watch"
                button.text = f"{game.host_name}: {free} · {extra}"
                button.enabled = game.compatible
        self.connect.enabled = self.address.count(".") == 3

    def layout(self, size: tuple[int, int]) -> None:
        super().layout(size)
        t = self.theme
        h = t.s(th.BUTTON_HEIGHT)
        left, top = t.s(MARGIN), t.s(220)
        for i, button in enumerate(self.game_buttons):
            button.set_rect(pygame.Rect(left, top + i * (h + t.s(20)), t.s(1000), h))
        side = t.s(110)
        pad_left = size[0] - t.s(MARGIN) - 3 * side - 2 * t.s(16)
        pad_top = top + t.s(100)
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
        if not self.games:
            note = self.problem or "Looking for games on the LAN…"
            t.blit_text(surface, note, th.TEXT_BODY, th.SAND_LIGHT, shadow=True, topleft=(left, t.s(240)))
        pad = self.keys["1"].rect
        box = pygame.Rect(pad.left, pad.top - t.s(100), self.keys["3"].rect.right - pad.left, t.s(84))
        draw_panel(surface, box, t, th.SAND_LIGHT, th.GOLD_DARK, radius=14, shadow=False)
        shown = self.address or "host address"
        t.blit_text(surface, shown, th.TEXT_BODY, th.INK if self.address else th.CLAY, center=box.center)


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
        self.spectator = NetLink(address, port, "Guest", role="spectator", reconnect_for=5.0)
        self.player: NetLink | None = None
        self.add_back_button()
        self.name = self.add("name", Cycler([(n, n) for n in NAMES], NAMES[0]))
        self.dynasty = self.add("dynasty", Cycler(DYNASTY_OPTIONS, DYNASTY_OPTIONS[0][0], allowed=self.dynasty_free))
        self.sit = [self.add(f"sit{i}", Button(f"Sit at seat {i + 1}", lambda i=i: self.take_seat(i)))
                    for i in range(4)]
        self.add("watch", Button("Just watch", self.just_watch, style="quiet"))
        self.rejoin = self.add("rejoin", Button("Take my seat back", self.take_back, style="warm"))
        self.watching = watch_only
        self.message = ""
        self._handed_over: NetLink | None = None  # the link the table scene took over; not ours to close

    # -- choices -----------------------------------------------------------------------------------
    def _saved(self) -> tuple[int, str] | None:
        return self.app.shared.get(TOKENS_KEY, {}).get((self.address, self.port))

    def dynasty_free(self, dynasty: str) -> bool:
        """Whether no seated player has chosen this dynasty."""
        seats = (self.spectator.lobby or {}).get("seats", [])
        return not any(s.get("dynasty") == dynasty and s.get("taken") for s in seats)

    def take_seat(self, seat: int, token: str | None = None) -> None:
        if self.player is not None:
            self.player.close()
        self.player = NetLink(self.address, self.port, self.name.value, seat=seat, dynasty=self.dynasty.value,
                              token=token)
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
        seats = lobby.get("seats", [])
        playing = lobby.get("options", {}).get("phase") not in (None, "lobby")
        for i, button in enumerate(self.sit):
            button.visible = i < len(seats) and not self.watch_only
            free = i < len(seats) and not seats[i].get("taken")
            button.enabled = free and not playing and self.player is None
        self.rejoin.visible = self._saved() is not None
        if not self.dynasty_free(self.dynasty.value):
            self.dynasty.cycle(+1)
        self._follow_player()
        if self.watching and self.spectator.state == "playing":
            self._hand_over(self.spectator)
        elif self.spectator.gone and self.player is None:
            self.message = self.spectator.reason

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
            button.set_rect(pygame.Rect(left, top + i * (h + t.s(20)), t.s(560), h))
        right = size[0] - t.s(MARGIN) - t.s(640)
        self.name.set_rect(pygame.Rect(right, top, t.s(640), h))
        self.dynasty.set_rect(pygame.Rect(right, top + h + t.s(30), t.s(640), h))
        self.buttons["watch"].set_rect(pygame.Rect(right, top + 2 * (h + t.s(30)), t.s(640), h))
        self.rejoin.set_rect(pygame.Rect(right, top + 3 * (h + t.s(30)), t.s(640), h))

    def draw_content(self, surface: pygame.Surface) -> None:
        t = self.theme
        lobby = self.spectator.lobby or {}
        for i, seat in enumerate(lobby.get("seats", [])[:4]):
            row = self.sit[i].rect
            who = seat.get("name") or "free"
            kind = {"local": "at the host", "computer": "computer"}.get(seat.get("plan"), "LAN")
            t.blit_text(surface, f"{who} · {seat.get('dynasty')} · {kind}", th.TEXT_SMALL, th.SAND_LIGHT,
                        shadow=True, midleft=(row.right + t.s(24), row.centery))
        options = lobby.get("options", {})
        if options:
            extras = [*options.get("variants", []), *(["open scores"] if options.get("open_scores") else [])]
            line = f"{options.get('host', '')}: {', '.join(extras) or 'standard rules'}"
            t.blit_text(surface, line, th.TEXT_BODY, th.CREAM, shadow=True,
                        midtop=(surface.get_width() // 2, t.s(140)))
        status = self.message or {"connecting": "Connecting…", "reconnecting": "Connection lost: reconnecting…"}.get(
            self.spectator.state, "")
        if status:
            t.blit_text(surface, status, th.TEXT_BODY, th.GOLD_LIGHT, shadow=True,
                        midbottom=(surface.get_width() // 2, surface.get_height() - t.s(MARGIN) - t.s(120)))
