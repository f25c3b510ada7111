"""The host's LAN lobby: a net.host.Host runs while this screen (and then the table) is open.

Owns: `HostScene`: each seat open for the LAN, played on this screen, or a computer; the host
player's name (`NameField`, also used by the join screens: the New-game screen's cycler of names, plus
typing when there is a keyboard); the options everyone sees; every address of this computer that
players can type, in large print; Start once every seat is filled; every game journalled in the data
folder, and Continue resuming the last unfinished LAN game. What the lobby shows is a snapshot taken
under the host's lock once a frame (the host's thread changes the seats as players come and go).

Imports pygame, game.ui, game.journal and net (DESIGN.md: the UI may import the LAN). Never game.rules.
"""

from __future__ import annotations

import logging
from collections import deque
from collections.abc import Callable
from typing import TYPE_CHECKING, Any

import pygame

from game.journal import JournalError, SavedGame, last_unfinished
from game.ui import theme as th
from game.ui.dialog import alert, confirm
from game.ui.lan_table import open_table
from game.ui.menu import MARGIN, MenuScene
from game.ui.settings import data_dir
from game.ui.widgets import Button, Cycler, Stepper, Toggle
from net.host import DEFAULT_PORT, HostConfig
from net.interfaces import LOOPBACK, usable_addresses
from net.lobby import Refusal
from net.protocol import MAX_NAME

if TYPE_CHECKING:
    from game.ui.app import App
    from net.host import Host

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
NAME_KEY = "lan_name"  # app.shared: the name this player chose last, on the host or the join screens
ADDRESSES_EVERY = 5.0  # seconds between looks at this computer's addresses (Wi-Fi comes and goes)
ROW_GAP = 26
NEWS_LINES = 3


class NameField(Cycler):
    """The New-game screen's Cycler of names, which also takes a name typed on a keyboard when there is one.

    Typing over one of NAMES starts a new name; Backspace takes a letter off (a name keeps at least one).
    """

    def __init__(
        self, value: str, on_change: Callable[[str], Any], allowed: Callable[[str], bool], label: str = "{}"
    ) -> None:
        self.label_format = label
        super().__init__(self._options(value), value, on_change, allowed=allowed,
                         text_size=th.TEXT_SMALL if label != "{}" else th.TEXT_BODY)

    def _options(self, typed: str) -> list[tuple[str, str]]:
        names = NAMES if typed in NAMES else [*NAMES, typed]
        return [(n, self.label_format.format(n)) for n in names]

    def handle(self, event: pygame.event.Event) -> bool:
        if self.visible and self.enabled:
            if event.type == pygame.TEXTINPUT:
                self.type(event.text)
                return True
            if event.type == pygame.KEYDOWN and event.key == pygame.K_BACKSPACE:
                self.type_back()
                return True
        return super().handle(event)

    def type(self, text: str) -> None:
        """Add typed text to the name (a name from NAMES is replaced, not added to)."""
        text = "".join(c for c in text if c.isprintable())
        start = "" if self.value in NAMES else self.value
        name = (start + text).lstrip()[:MAX_NAME]
        if name:
            self._take(name)

    def type_back(self) -> None:
        """Take the last letter off a typed name."""
        if self.value not in NAMES and len(self.value) > 1:
            self._take(self.value[:-1])

    def _take(self, name: str) -> None:
        self.set_options(self._options(name), name)
        self.flash = 1.0
        if self.on_change is not None:
            self.on_change(name)


def chosen_name(app: App) -> str:
    """Return the name this player chose last (the first of NAMES until they choose)."""
    name = app.shared.get(NAME_KEY)
    return name if isinstance(name, str) and name else NAMES[0]


def table_name(name: str) -> str:
    """Return what the LAN is told this game is called."""
    return f"{name}'s table"[:MAX_NAME]


def where_to_join(addresses: list[str], port: int, bind: str) -> str:
    """Return the line that tells players which address to type."""
    if bind == LOOPBACK:
        addresses = [LOOPBACK]
    port_part = "" if port == DEFAULT_PORT else f", port {port}"
    if not addresses:
        return f"No network: players on this computer join at {LOOPBACK}{port_part}"
    return f"Join at {'  or  '.join(addresses[:3])}{port_part}"


class HostScene(MenuScene):
    """The host's lobby. A Host runs while this scene (and then the table) is open."""

    heading = "Host a LAN game"

    def __init__(self, app: App, config: HostConfig | None = None) -> None:
        super().__init__(app)
        self.news: deque[str] = deque(maxlen=12)
        name = chosen_name(app)
        # Every LAN game hosted from this screen is journalled, so that Continue can take it up after a crash.
        self.host = self._start_host(config or HostConfig(host_name=table_name(name), data_dir=data_dir()))
        self.seats: list[dict[str, Any]] = []
        self.ready = False
        self.snapshot()
        self.saved = self._last_lan_game()
        self.add_back_button()
        self.players = self.add("players", Stepper(max(2, len(self.seats)), 2, 4, self.set_players,
                                                   fmt=lambda n: f"{n} players", ink=th.CREAM))
        self.name = self.add("name", NameField(name, self.set_name, self.name_free, label="You: {}"))
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
        self.addresses = usable_addresses()
        self._addresses_wait = ADDRESSES_EVERY
        self._handed_over = False
        self.plans[0].value = "local"
        if self.host is not None:
            self.set_plan(0, "local")

    def _start_host(self, config: HostConfig) -> Host | None:
        for port in (config.port, 0):  # the usual port, or any free one if another program holds it
            config.port = port
            try:
                return self.app.hooks.host_game(config, self.news.append)
            except OSError as err:
                log.warning("cannot host on port %s: %s", port, err)
        self.news.append("This computer cannot host a game right now.")
        return None

    def snapshot(self) -> None:
        """Copy the seats (and whether the game may start) under the host's lock: its thread changes them."""
        if self.host is None:
            self.seats, self.ready = [], False
            return
        with self.host.lock:
            self.seats = self.host.lobby.seats_wire()
            self.ready = self.host.can_start()

    # -- the host's choices ------------------------------------------------------------------------
    def set_players(self, count: int) -> None:
        if self.host is not None:
            self.host.set_players(count)
            self.snapshot()

    def name_free(self, name: str) -> bool:
        """Whether no LAN player at this table goes by this name already."""
        return not any(s["name"] == name and s["plan"] == "open" for s in self.seats)

    def set_name(self, name: str) -> None:
        """Take name for this screen's seats, and call the table after it."""
        self.app.shared[NAME_KEY] = name
        if self.host is None:
            return
        self.host.set_host_name(table_name(name))  # the clients and the announcement hear it at once
        for seat, plan in enumerate(self.plans):
            if seat < len(self.seats) and plan.value == "local":
                self.set_plan(seat, "local")

    def local_name(self, seat: int) -> str:
        """Return the name of a seat played on this screen: the host's for the first, free names after."""
        local = [i for i, plan in enumerate(self.plans[: len(self.seats)]) if plan.value == "local"]
        if not local or seat == local[0]:
            return self.name.value
        used = {s["name"] for i, s in enumerate(self.seats) if i != seat} | {self.name.value}
        return next((n for n in NAMES if n not in used), f"Player {seat + 1}")

    def set_plan(self, seat: int, value: str) -> None:
        if self.host is None:
            return
        plan, level = (value, "normal") if value in ("open", "local") else ("computer", value)
        name = self.local_name(seat) if plan == "local" else None
        try:
            self.host.set_plan(seat, plan, level, name)
        except Refusal as err:
            self.news.append(str(err))
        self.snapshot()

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
        self._hand_over()

    def _hand_over(self) -> None:
        assert self.host is not None
        with self.host.lock:
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
        self._hand_over()
        news = []
        if journal.recovered_from is not None:
            news.append(f"The saved game was damaged; it goes on from its last whole action ({len(journal.actions)}).")
        warning = self.host.resume_warning  # seats whose tokens are lost stay closed until reopened on the table
        if warning:
            news.append(warning)
        if news:
            title = "Saved game repaired" if journal.recovered_from is not None else "Some seats stay closed"
            alert(self.app, title, " ".join(news))

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
        self.snapshot()
        for i, cycler in enumerate(self.plans):
            cycler.visible = i < len(self.seats)
        self.start.enabled = self.ready
        self._addresses_wait -= dt
        if self._addresses_wait <= 0:
            self._addresses_wait = ADDRESSES_EVERY
            self.addresses = usable_addresses()

    def layout(self, size: tuple[int, int]) -> None:
        super().layout(size)
        t = self.theme
        h = t.s(th.BUTTON_HEIGHT)
        left, top = t.s(MARGIN), t.s(210)
        self.players.set_rect(pygame.Rect(left, top, t.s(560), h))
        self.name.set_rect(pygame.Rect(left + t.s(600), top, t.s(440), h))
        self.seat_rects = []
        for i, cycler in enumerate(self.plans):
            row = pygame.Rect(left, top + (i + 1) * (h + t.s(ROW_GAP)), t.s(1040), h)
            self.seat_rects.append(row)
            cycler.set_rect(pygame.Rect(row.left + t.s(440), row.top, t.s(600), h))
        right = size[0] - t.s(MARGIN) - t.s(620)
        for i, toggle in enumerate(self.toggles.values()):
            toggle.set_rect(pygame.Rect(right, top + i * t.s(110), t.s(620), t.s(96)))
        self.start.set_rect(pygame.Rect(size[0] - t.s(MARGIN) - t.s(420), size[1] - t.s(MARGIN) - h, t.s(420), h))
        self.resume.set_rect(self.start.rect.move(-t.s(460), 0))

    def draw_content(self, surface: pygame.Surface) -> None:
        t = self.theme
        for row, seat in zip(self.seat_rects, self.seats, strict=False):
            self._draw_seat(surface, row, seat)
        if self.host is not None:
            line = where_to_join(self.addresses, self.host.port, self.host.config.bind)
            box = pygame.Rect(t.s(MARGIN), t.s(128), surface.get_width() - 2 * t.s(MARGIN), t.s(70))
            t.blit_fit(surface, line, th.TEXT_LARGE, th.GOLD_LIGHT, box, shadow=True, max_lines=1)
        self._draw_news(surface)

    def _draw_seat(self, surface: pygame.Surface, row: pygame.Rect, seat: dict[str, Any]) -> None:
        t = self.theme
        pygame.draw.circle(surface, th.DYNASTY_COLORS.get(seat["dynasty"], th.SAND), (row.left + t.s(40), row.centery),
                           t.s(30))
        label = pygame.Rect(row.left + t.s(90), row.top, t.s(340), row.height // 2 + t.s(6))
        t.blit_fit(surface, f"Seat {seat['seat'] + 1}", th.TEXT_BODY, th.CREAM, label, align="left", valign="bottom",
                   shadow=True, max_lines=1)
        who, ink = seat_line(seat)
        below = pygame.Rect(label.left, label.bottom, label.width, row.bottom - label.bottom)
        t.blit_fit(surface, who, th.TEXT_SMALL, ink, below, align="left", valign="top", shadow=True, max_lines=1)

    def _draw_news(self, surface: pygame.Surface) -> None:
        """Draw, above the buttons at the bottom, why nobody can see the game (while that lasts), then news."""
        t = self.theme
        width = surface.get_width() - 2 * t.s(MARGIN)
        problem = self.host.announce_problem if self.host is not None else ""
        pinned = t.wrap(problem, th.TEXT_SMALL, width) if problem else []
        # The host's and the announcer's threads append news: copy it in one step (no Python code runs
        # inside tuple(), so no append can land half-way through) before reading it line by line.
        said = tuple(self.news)
        news = [part for line in said if line != problem for part in t.wrap(line, th.TEXT_SMALL, width)]
        lines = [(line, th.GOLD_LIGHT) for line in pinned][:NEWS_LINES]
        lines += [(line, th.SAND_LIGHT) for line in news[len(news) - (NEWS_LINES - len(lines)):]]
        y = surface.get_height() - t.s(MARGIN) - t.s(th.BUTTON_HEIGHT) - t.s(20) - len(lines) * t.s(40)
        area = pygame.Rect(t.s(MARGIN), y, width, len(lines) * t.s(40))
        for line, ink in lines:
            t.blit_text(surface, line, th.TEXT_SMALL, ink, shadow=True, within=area, topleft=(t.s(MARGIN), y))
            y += t.s(40)


def seat_line(seat: dict[str, Any]) -> tuple[str, pygame.Color]:
    """Return who sits at a seat of the lobby, as the host reads it, and its colour."""
    if seat["plan"] == "open":
        if seat["taken"]:
            return f"{seat['name']} · {seat['dynasty']}", th.GOLD_LIGHT
        return "waiting for a player…", th.SAND
    if seat["plan"] == "local":
        return f"{seat['name']} · here", th.GOLD_LIGHT
    return seat["name"] or "Computer", th.SAND_LIGHT
