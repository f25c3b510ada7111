"""The host's LAN lobby: a net.host.Host runs while this screen (and then the table) is open.

Owns: `HostScene`: each seat open for the LAN, played on this screen, or a computer; the host
player's name (a game.ui.kit.name_field.NameField: an offered name, or one typed; the join screens offer the
same names, `player_names`); the options everyone sees; every address of this computer that
players can type, in large print; Start once every seat is filled; every game journalled in the data
folder, and Continue resuming the last unfinished LAN game. What the lobby shows is a snapshot taken
under the host's lock once a frame (the host's thread changes the seats as players come and go).

Imports pygame, game.ui, game.journal and net (DESIGN.md: the UI may import the LAN). Never game.rules.
"""

from __future__ import annotations

import logging
from collections import deque
from functools import partial
from typing import TYPE_CHECKING, Any

import pygame

from game.i18n import LANGUAGES, name_of, t, t_in, wire
from game.journal import JournalError, SavedGame, last_unfinished
from game.rules.vocabulary import LEVELS, VARIANTS_SHOWN
from game.session import same_name
from game.ui.kit import theme as th
from game.ui.kit.dialog import alert, confirm
from game.ui.kit.name_field import NameField, refuse_in_dialog, remember_name, remembered_name
from game.ui.kit.widgets import Button, Cycler, Stepper, Toggle
from game.ui.lan.lan_table import open_table
from game.ui.menus.menu import MARGIN, MenuScene
from game.ui.menus.settings import data_dir
from net.host import DEFAULT_PORT, HostConfig
from net.interfaces import LOOPBACK, usable_addresses
from net.lobby import Refusal
from net.protocol import MAX_NAME

if TYPE_CHECKING:
    from game.ui.app import App
    from net.host import Host

log = logging.getLogger(__name__)

PLANS = ("open", "local", *LEVELS)  # each seat's choices, named lan.host.plan.<plan>
VARIANT_TOGGLES = VARIANTS_SHOWN  # variant.<v>, lan.host.<v>.hint
NAME_KEY = "lan_name"  # app.shared: the name this player chose last, on the host or the join screens
ADDRESSES_EVERY = 5.0  # seconds between looks at this computer's addresses (Wi-Fi comes and goes)
ROW_GAP = 26
NEWS_LINES = 3


def player_names() -> list[str]:
    """Return the names a player is offered, in this language (Sumerian and Akkadian rulers)."""
    return t("lan.names").split("|")


def same_offered_name(one: str, other: str) -> bool:
    """Whether two names are one offered ruler's name, in the same language or in two (Enheduanna and
    恩赫杜安娜): a window that picks a name for its player steps past both, so two players who never typed a
    name do not sit as the same person in two scripts."""
    if same_name(one, other):
        return True
    places = [{name: i for i, name in enumerate(t_in(language, "lan.names").split("|"))} for language in LANGUAGES]
    first = {i for names in places for name, i in names.items() if same_name(name, one)}
    second = {i for names in places for name, i in names.items() if same_name(name, other)}
    return bool(first & second)


def chosen_name(app: App) -> str:
    """Return the name this player chose last, in this run or an earlier one (Settings keeps it); the first
    offered name until they choose."""
    name = app.shared.get(NAME_KEY)
    return name if isinstance(name, str) and name else remembered_name(app) or player_names()[0]


def table_name(name: str) -> str:
    """Return what the LAN is told this game is called, in English for older clients (newer ones are told the
    player's name and word the table's name in their own language)."""
    return t_in("en", "lan.host.table_name", name=name)[:MAX_NAME]


def where_to_join(addresses: list[str], port: int, bind: str) -> str:
    """Return the line that tells players which address to type: every one, the likely LAN one first (a machine
    with containers or virtual machines has bridges whose addresses must not hide the LAN's)."""
    if bind == LOOPBACK:
        addresses = [LOOPBACK]
    if not addresses:
        key = "lan.host.no_network" if port == DEFAULT_PORT else "lan.host.no_network_port"
        return t(key, address=LOOPBACK, port=port)
    joined = t("lan.host.address_or").join(addresses)
    return t("lan.host.join_at" if port == DEFAULT_PORT else "lan.host.join_at_port", addresses=joined, port=port)


class HostScene(MenuScene):
    """The host's lobby. A Host runs while this scene (and then the table) is open."""

    def __init__(self, app: App, config: HostConfig | None = None) -> None:
        self.heading = t("lan.host.heading")
        super().__init__(app)
        self.news: deque[str] = deque(maxlen=12)
        name = chosen_name(app)
        # Every LAN game hosted from this screen is journalled, so that Continue can take it up after a crash.
        self.host = self._start_host(config or HostConfig(host_name=table_name(name), host_player=name,
                                                               data_dir=data_dir()))
        self.seats: list[dict[str, Any]] = []
        self.ready = False
        self.snapshot()
        self.saved = self._last_lan_game()
        self.add_back_button(t("common.back"))
        self.players = self.add("players", Stepper(max(2, len(self.seats)), 2, 4, self.set_players,
                                                   fmt=lambda n: t("lan.host.players", n=n), ink=th.CREAM))
        you = t("lan.host.you", name="{}")  # NameField fills in the name
        self.name = self.add("name", NameField(app.theme, name, player_names, self.set_name, allowed=self.name_free,
                                               refuse=refuse_in_dialog(app), label=you, text_size=th.TEXT_SMALL))
        plans = [(plan, t(f"lan.host.plan.{plan}")) for plan in PLANS]
        self.plans = [self.add(f"seat{i}", Cycler(plans, "open", partial(self.set_plan, i)))
                      for i in range(4)]
        self.toggles = {key: self.add(key, Toggle(name_of("variant", key), False,
                                                  partial(self.set_variant, key),
                                                  hint=t(f"lan.host.{key}.hint"), ink=th.CREAM))
                        for key in VARIANT_TOGGLES}
        self.start = self.add("start", Button(t("lan.host.start"), self.start_game, hint=t("lan.host.start.hint")))
        self.continue_btn = self.add("continue", Button(t("lan.host.continue"), self.continue_game, style="warm",
                                                  hint=t("lan.host.continue.hint")))
        self.continue_btn.visible = self.saved is not None
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
        self.news.append(t("lan.host.cannot_host"))
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
        """Whether no other player at this table (a LAN player's seat, a computer's) goes by this name already;
        this screen's other seats take free names after the host's."""
        return not any(same_name(s["name"], name) and s["plan"] != "local" for s in self.seats)

    def set_name(self, name: str) -> None:
        """Take name for this screen's seats, and call the table after it."""
        first = self._first_local()
        if self.host is not None and first is not None:
            before = self.seats[first]["name"]
            try:
                self.host.set_plan(first, "local", "normal", name)
            except Refusal as err:
                # A LAN player took the name a moment ago: the field's own check read an older copy of the seats.
                self.snapshot()
                self.name.value = before
                refuse_in_dialog(self.app)(wire.shown(err.message, str(err)))
                return
        self.app.shared[NAME_KEY] = name
        remember_name(self.app, name)
        if self.host is None:
            return
        self.host.set_host_name(table_name(name), name)  # the clients and the announcement hear it at once
        for seat, plan in enumerate(self.plans[: len(self.seats)]):
            if plan.value == "local" and seat != first:  # the first has the name already
                self.set_plan(seat, "local")

    def _first_local(self) -> int | None:
        """Return the first seat played on this screen (it goes by the host's name), if any."""
        return next((seat for seat, plan in enumerate(self.plans[: len(self.seats)]) if plan.value == "local"), None)

    def local_name(self, seat: int) -> str:
        """Return the name of a seat played on this screen: the host's for the first, free names after."""
        first = self._first_local()
        if first is None or seat == first:
            return self.name.value
        used = {s["name"] for i, s in enumerate(self.seats) if i != seat} | {self.name.value}
        # Alike as the core compares names (case, width, the same ruler in the other language), or it refuses.
        return next((n for n in player_names() if not any(same_offered_name(n, u) for u in used if u)),
                    t("lan.host.player_n", n=seat + 1))

    def set_plan(self, seat: int, value: str) -> None:
        if self.host is None:
            return
        plan, level = (value, "normal") if value in ("open", "local") else ("computer", value)
        name = self.local_name(seat) if plan == "local" else None
        try:
            self.host.set_plan(seat, plan, level, name)
        except Refusal as err:
            self.news.append(wire.shown(err.message, str(err)))
            self.snapshot()
            if seat < len(self.seats):
                self.plans[seat].value = self.seats[seat]["plan"]  # the seat stays as the host has it
            return
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
            alert(self.app, t("lan.host.not_yet"), wire.shown(err.message, str(err)))
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
            alert(self.app, t("lan.host.cannot_continue"), wire.shown(getattr(err, "message", None), str(err)))
            self.saved, self.continue_btn.visible = None, False
            return
        self._hand_over()
        news = []
        if journal.recovered_from is not None:
            news.append(t("lan.host.repaired", n=len(journal.actions)))
        warning = self.host.resume_warning  # seats whose tokens are lost stay closed until reopened on the table
        if warning:
            news.append(warning)
        if news:
            title = t("lan.host.repaired.title") if journal.recovered_from is not None else t("lan.host.seats_closed")
            alert(self.app, title, " ".join(news))

    def exit(self) -> None:
        if self.host is not None and not self._handed_over:
            self.host.stop(key="lan.host.closed_lobby")
            self.host = None

    def back(self) -> None:
        if self.host is None:
            super().back()
            return
        confirm(self.app, t("lan.host.close.title"), t("lan.host.close.text"),
                self.close_and_leave, yes=t("lan.host.close.yes"), no=t("lan.host.close.no"))

    def close_and_leave(self) -> None:
        if self.host is not None:
            self.host.stop(key="lan.host.closed_lobby")
            self.host = None
        super().back()

    # -- per frame ---------------------------------------------------------------------------------
    def handle(self, event: pygame.event.Event) -> bool:
        self.name.click_away(event)  # a click elsewhere takes a name being typed, then does what it was aimed at
        return super().handle(event)

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
        tm = self.theme
        h = tm.s(th.BUTTON_HEIGHT)
        left, top = tm.s(MARGIN), tm.s(210)
        self.players.set_rect(pygame.Rect(left, top, tm.s(560), h))
        self.name.set_rect(pygame.Rect(left + tm.s(600), top, tm.s(440), h))
        self.seat_rects = []
        for i, cycler in enumerate(self.plans):
            row = pygame.Rect(left, top + (i + 1) * (h + tm.s(ROW_GAP)), tm.s(1040), h)
            self.seat_rects.append(row)
            cycler.set_rect(pygame.Rect(row.left + tm.s(440), row.top, tm.s(600), h))
        right = size[0] - tm.s(MARGIN) - tm.s(620)
        for i, toggle in enumerate(self.toggles.values()):
            toggle.set_rect(pygame.Rect(right, top + i * tm.s(110), tm.s(620), tm.s(96)))
        self.start.set_rect(pygame.Rect(size[0] - tm.s(MARGIN) - tm.s(420), size[1] - tm.s(MARGIN) - h, tm.s(420), h))
        self.continue_btn.set_rect(self.start.rect.move(-tm.s(460), 0))

    def draw_content(self, surface: pygame.Surface) -> None:
        tm = self.theme
        for row, seat in zip(self.seat_rects, self.seats, strict=False):
            self._draw_seat(surface, row, seat)
        if self.host is not None:
            line = where_to_join(self.addresses, self.host.port, self.host.config.bind)
            box = pygame.Rect(tm.s(MARGIN), tm.s(128), surface.get_width() - 2 * tm.s(MARGIN), tm.s(70))
            # Every address: a machine with several networks gets a smaller line, then two (never cut short).
            tm.blit_fit(surface, line, th.TEXT_LARGE, th.GOLD_LIGHT, box, shadow=True, max_lines=2)
        self._draw_news(surface)

    def _draw_seat(self, surface: pygame.Surface, row: pygame.Rect, seat: dict[str, Any]) -> None:
        tm = self.theme
        pygame.draw.circle(surface, th.DYNASTY_COLORS.get(seat["dynasty"], th.SAND), (row.left + tm.s(40), row.centery),
                           tm.s(30))
        label = pygame.Rect(row.left + tm.s(90), row.top, tm.s(340), row.height // 2 + tm.s(6))
        tm.blit_fit(surface, t("lan.host.seat", n=seat["seat"] + 1), th.TEXT_BODY, th.CREAM, label, align="left",
                    valign="bottom", shadow=True, max_lines=1)
        who, ink = seat_line(seat)
        below = pygame.Rect(label.left, label.bottom, label.width, row.bottom - label.bottom)
        tm.blit_fit(surface, who, th.TEXT_SMALL, ink, below, align="left", valign="top", shadow=True, max_lines=1)

    def _draw_news(self, surface: pygame.Surface) -> None:
        """Draw, above the buttons at the bottom, why nobody can see the game (while that lasts), then news."""
        tm = self.theme
        width = surface.get_width() - 2 * tm.s(MARGIN)
        problem = self.host.announce_problem if self.host is not None else ""
        pinned = tm.wrap(problem, th.TEXT_SMALL, width) if problem else []
        # The host's and the announcer's threads append news: copy it in one step (no Python code runs
        # inside tuple(), so no append can land half-way through) before reading it line by line.
        said = tuple(self.news)
        news = [part for line in said if line != problem for part in tm.wrap(line, th.TEXT_SMALL, width)]
        lines = [(line, th.GOLD_LIGHT) for line in pinned][:NEWS_LINES]
        lines += [(line, th.SAND_LIGHT) for line in news[len(news) - (NEWS_LINES - len(lines)):]]
        y = surface.get_height() - tm.s(MARGIN) - tm.s(th.BUTTON_HEIGHT) - tm.s(20) - len(lines) * tm.s(40)
        area = pygame.Rect(tm.s(MARGIN), y, width, len(lines) * tm.s(40))
        for line, ink in lines:
            tm.blit_text(surface, line, th.TEXT_SMALL, ink, shadow=True, within=area, topleft=(tm.s(MARGIN), y))
            y += tm.s(40)


def seat_line(seat: dict[str, Any]) -> tuple[str, pygame.Color]:
    """Return who sits at a seat of the lobby, as the host reads it, and its colour."""
    if seat["plan"] == "open":
        if seat["taken"]:
            return t("lan.host.seat.lan", name=seat["name"], dynasty=name_of("dynasty", seat["dynasty"])), th.GOLD_LIGHT
        return t("lan.host.seat.waiting"), th.SAND
    if seat["plan"] == "local":
        return t("lan.host.seat.here", name=seat["name"]), th.GOLD_LIGHT
    return seat["name"] or t("lan.host.seat.computer"), th.SAND_LIGHT
