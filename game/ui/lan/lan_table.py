"""The table of a LAN game: only this screen's seats are people here, and the link's health is shown.

Owns: `LanTableScene` (it holds a net.lanlink.LanLink: the host's own `HostLink` or a player's `NetLink`),
`open_table` and `table_config` (the table from a lobby), `link_status` (one line about the connection),
`wait_notices` / `draw_wait_notices`: a player who dropped out is waited for in a note in the right column,
beside the board (never over it), with a countdown to the computer that stands in; once the computer plays,
or the game is over, or the player is back, the note goes. On the host's screen, each missing LAN player's
seat has a "Reopen seat" button (their token lost: the next player to join takes the seat), asked to be
sure first. A LAN player is shown the host's news (a damaged save that sent play back) in a dialog, once.
Once a player's link is over for good (the host closed the game, or refused this window), the table stops:
nothing can be played or sent, the side panel says why, and a dialog (once) says what to do next: Join a LAN
game and take the seat back when the host continues the saved game, or go to the title.

Imports pygame, game.ui and net.lanlink (links are handed in). Never game.rules directly.
"""

from __future__ import annotations

import time
from collections.abc import Mapping
from dataclasses import dataclass
from functools import partial
from typing import TYPE_CHECKING, Any

import pygame

from game.i18n import t
from game.session import LocalLink
from game.ui.kit import theme as th
from game.ui.kit.dialog import ConfirmDialog, alert, confirm
from game.ui.kit.panels import draw_panel
from game.ui.kit.widgets import Button
from game.ui.lan import seat_keys
from game.ui.table.table_scene import TableScene
from game.ui.table.table_side import ButtonSpec, SideSpec
from game.ui.table.table_story import Story
from net.lanlink import LanLink, SeatStatus

if TYPE_CHECKING:
    from game.ui.app import App
    from game.ui.table.table_layout import TableLayout

MAX_SEATS = 4
STALE_AFTER = 5.0  # a countdown this far past its end with no word from the host says nothing true any more


# ---------------------------------------------------------------------------------------------------
# Opening the table


def open_table(app: App, link: LanLink, lobby: Mapping[str, Any] | None) -> None:
    """Replace the LAN screens with the table scene, playing through link."""
    app.replace(LanTableScene(app, table_config(lobby), link))


def table_config(lobby: Mapping[str, Any] | None) -> dict[str, Any]:
    """Return a TableScene config from the lobby: every seat a person (the host plays the computers)."""
    seats = (lobby or {}).get("seats", [])
    options = (lobby or {}).get("options", {})
    variants = list(options.get("variants", [])) + (["open_scores"] if options.get("open_scores") else [])
    return {
        "players": len(seats),
        "seats": [{"name": s.get("name") or t("lan.table.seat", n=i + 1), "dynasty": s.get("dynasty", "bull"),
                   "kind": "human"} for i, s in enumerate(seats)],
        "variants": variants,
        "seed": 0,
        "lan": True,
    }


class LanTableScene(TableScene):
    """The table scene for a LAN game: only this screen's seats are people here; the link's state shows."""

    def __init__(self, app: App, config: dict[str, Any], link: LanLink) -> None:
        super().__init__(app, config, link)
        self.lan: LanLink = link
        # Remote seats are people somewhere else: no curtain for them, and no computer plays them here.
        self.humans = set(link.local_seats)
        self.revealed = next(iter(self.humans)) if len(self.humans) == 1 else None
        # A player's window shows its own hand and points all game long, marked "you"; the host's screen with
        # several seats keeps the hot-seat curtain between them, and a watcher's shows the public view.
        self.own_seat = self.revealed
        self._notice_shown = ""
        self._stop_told = False
        self._history_epoch = link.history_epoch
        self.seats_now = SeatStatus()  # the link's seat status, read once a frame
        self.reopen_btns = [self.add(f"reopen{seat}", Button(t("lan.table.reopen", n=seat + 1),
                                                            partial(self.ask_reopen, seat), style="quiet",
                                                            text_size=th.TEXT_SMALL))
                            for seat in range(MAX_SEATS)]
        for button in self.reopen_btns:
            button.visible = False

    def update(self, dt: float) -> None:
        self._ask_confirmation()
        # A player's link over for good (closed or refused), read once a frame before the table acts on it (the
        # table's own __init__ already asks acting(): TableScene.stopped is False until then). The host's own
        # screen is never stopped this way: its leaving is what closes the game.
        self.stopped = not self.hosting() and self.lan.state in ("closed", "refused")
        super().update(dt)
        self._retell()
        self._tell_stopped()
        # The host's news for every player (its saved game was damaged and play went back): once, in a
        # dialog, so that nobody misses why their last moves are gone.
        notice = self.lan.host_notice
        if notice and notice != self._notice_shown:
            self._notice_shown = notice
            alert(self.app, t("lan.table.news"), notice)
        self.seats_now = self.lan.seat_status()
        self._place_reopen_buttons()
        self._keep_seat_key()

    def _keep_seat_key(self) -> None:
        """Keep this player's seat token on disk as the host last gave it (a reconnect into a reopened seat
        brings a new one), so that a new run can take the seat back (game.ui.lan.seat_keys)."""
        key = self.lan.seat_key()
        if key is not None:
            seat_keys.remember(self.app, *key)

    def _place_reopen_buttons(self) -> None:
        """Show "Reopen seat" for each seat the link may reopen, stacked at the bottom of the log column."""
        over = self.layout_ is None or None not in self.views or self.views[None]["game_over"]
        shown = [] if over else sorted(self.seats_now.reopenable)
        for seat, button in enumerate(self.reopen_btns):
            button.visible = seat in shown
        if not shown or self.layout_ is None:
            return
        t, area = self.theme, self.layout_.log
        height, gap = t.s(64), t.s(10)
        for i, seat in enumerate(reversed(shown)):
            bottom = area.bottom - i * (height + gap)
            self.reopen_btns[seat].set_rect(pygame.Rect(area.left, bottom - height, area.width, height))

    def ask_reopen(self, seat: int) -> None:
        """Reopen a missing player's seat, once the host is sure: their token no longer gets them back in."""
        names = self.views[None]["names"] if None in self.views else []
        name = names[seat] if 0 <= seat < len(names) else t("lan.table.seat", n=seat + 1)
        confirm(self.app, t("lan.table.reopen.title", n=seat + 1), t("lan.table.reopen.text", name=name),
                lambda: self.lan.reopen(seat), yes=t("lan.table.reopen.yes"), no=t("lan.table.reopen.no"))

    # -- a table whose link is over -------------------------------------------------------------------
    def acting(self) -> int | None:
        """Nobody acts at a stopped table: no legal moves, no buttons, nothing sent."""
        return None if self.stopped else super().acting()

    def _side_spec(self) -> SideSpec:
        if not self.stopped or self.public()["game_over"]:
            return super()._side_spec()
        reason = link_status(self.lan)
        return SideSpec(("stopped", reason), t("lan.table.stopped"), [reason, t("lan.table.stopped.nothing")],
                        buttons=[ButtonSpec("join", t("lan.table.stopped.join"), self.to_join, "warm")])

    def _tell_stopped(self) -> None:
        """Say once, in a dialog, that the game stopped, why, and what to do next (a finished game needs no word)."""
        if not self.stopped or self._stop_told or None not in self.views or self.public()["game_over"]:
            return
        self._stop_told = True
        key = "lan.table.stopped.refused" if self.lan.state == "refused" else "lan.table.stopped.closed"
        choices = [(t("lan.table.stopped.join"), self.to_join, "primary"),
                   (t("lan.table.stopped.title_screen"), self.leave, "quiet")]
        self.app.push(ConfirmDialog(self.app, t("lan.table.stopped"), t(key, reason=link_status(self.lan)), choices))

    def to_join(self) -> None:
        """Leave the stopped table for the Join screen (over the title, as the title opens it)."""
        self.leave()
        if self.app.hooks.join_lan is not None:
            self.app.hooks.join_lan(self.app)

    def leave_text(self) -> str:
        """A stopped table: leaving only leaves (nobody keeps this game going for this player)."""
        return t("game_menu.leave.closed") if self.stopped else super().leave_text()

    def hosting(self) -> bool:
        """Whether this is the host's own screen: its link is a LocalLink over the hosted table (a LAN
        player's is a network link), and closing it ends the game for everyone."""
        return isinstance(self.lan, LocalLink)

    def saved(self) -> bool:
        """The host's screen: whether the host journals the game (Continue on the host screen takes it up).
        The host's link carries the host's journal like any LocalLink (screens do not import the host)."""
        return isinstance(self.lan, LocalLink) and self.lan.journal is not None

    def handle(self, event: pygame.event.Event) -> bool:
        # The buttons sit in the log's column: they answer before the log does.
        if any(button.visible and button.handle(event) for button in self.reopen_btns):
            return True
        return super().handle(event)

    def _ask_confirmation(self) -> None:
        """This screen's player holds their turns (End turn / Undo) only if they chose it for LAN games;
        read every frame, as the in-game Settings may change it. The host's screen holds its own seats."""
        if self.humans:
            self.lan.set_confirm_turn(bool(self.app.settings.confirm_turn_lan))

    def _retell(self) -> None:
        """The host sent the game so far again (we were reconnected): moves made while we were away are in
        it, so the log and the recap are told again from it, as Continue tells them."""
        epoch = self.lan.history_epoch
        if epoch == self._history_epoch:
            return
        self._history_epoch = epoch
        if self.log.entries and None in self.views:
            self.story = Story(self.app)
            self.log, self.recap = self.story.log, self.story.recap
            self.open_story(self.views[None])

    def draw(self, surface: pygame.Surface) -> None:
        super().draw(surface)
        text = link_status(self.lan)
        if text:
            draw_link_banner(surface, self.theme, text)
        elif self.layout_ is not None and None in self.views:
            view = self.views[None]
            if not view["game_over"]:
                notices = wait_notices(self.seats_now, view["names"], time.monotonic())
                draw_wait_notices(surface, self.theme, self.layout_, notices)


# ---------------------------------------------------------------------------------------------------
# What the link says


def link_status(link: LanLink) -> str:
    """Return a line about the connection itself, or "" while it is up (missing players: wait_notices)."""
    if link.state == "reconnecting":
        return t("lan.table.reconnecting")
    if link.state in ("closed", "refused"):
        return link.reason or t("lan.table.host_gone")
    return ""


@dataclass(frozen=True)
class WaitNotice:
    """A missing player the table waits for: whose seat, what to say, and the seconds to the stand-in."""

    seat: int
    text: str
    seconds: int | None  # None: no computer is coming (or the countdown has gone stale)


def wait_notices(status: SeatStatus | LanLink, names: list[str], now: float) -> list[WaitNotice]:
    """Return a notice for each seat the table waits for; none for seats a computer already plays.

    status: one snapshot of the seats (or a link, whose snapshot is taken here).
    """
    if not isinstance(status, SeatStatus):
        status = status.seat_status()
    notices = []
    computer, stand_in_at = status.computer, status.stand_in_at
    for seat in sorted(status.missing - computer):
        name = names[seat] if 0 <= seat < len(names) else t("lan.table.seat", n=seat + 1)
        at = stand_in_at.get(seat)
        seconds = None if at is None or now - at > STALE_AFTER else max(0, round(at - now))
        notices.append(WaitNotice(seat, t("lan.table.waiting_for", name=name), seconds))
    return notices


def countdown_line(notice: WaitNotice) -> str:
    """Return the notice's second line: when the computer takes the seat, or that the table waits."""
    if notice.seconds is None:
        return t("lan.table.game_waits")
    if notice.seconds == 0:
        return t("lan.table.computer_now")
    minutes, seconds = divmod(notice.seconds, 60)
    return t("lan.table.computer_in", time=f"{minutes}:{seconds:02d}")


# ---------------------------------------------------------------------------------------------------
# Drawing


def draw_link_banner(surface: pygame.Surface, theme: th.Theme, text: str) -> None:
    """Draw a message about the connection across the top bar (the whole game is affected)."""
    width = min(surface.get_width() - theme.s(80), theme.s(1000))
    rect = pygame.Rect(0, 0, width, theme.s(64))
    rect.midtop = (surface.get_width() // 2, theme.s(8))
    draw_panel(surface, rect, theme, th.TERRACOTTA, th.GOLD, radius=16)
    theme.blit_fit(surface, text, th.TEXT_BODY, th.CREAM, rect.inflate(-theme.s(32), -theme.s(8)), shadow=True,
                   max_lines=1)


def draw_wait_notices(surface: pygame.Surface, theme: th.Theme, layout: TableLayout, notices: list[WaitNotice]) -> None:
    """Draw the notices at the top of the log in the right column, beside the board, as many as fit."""
    height, gap = theme.s(104), theme.s(10)
    area = layout.log
    for i, notice in enumerate(notices):
        rect = pygame.Rect(area.left, area.top + i * (height + gap), area.width, height)
        if rect.bottom > area.bottom:
            break
        draw_panel(surface, rect, theme, th.TERRACOTTA, th.GOLD, radius=12)
        inner = rect.inflate(-theme.s(24), -theme.s(12))
        top = pygame.Rect(inner.left, inner.top, inner.width, inner.height // 2)
        bottom = pygame.Rect(inner.left, top.bottom, inner.width, inner.height - top.height)
        theme.blit_fit(surface, notice.text, th.TEXT_SMALL, th.CREAM, top, valign="bottom", shadow=True, max_lines=1)
        theme.blit_fit(surface, countdown_line(notice), th.TEXT_SMALL, th.GOLD_LIGHT, bottom, valign="top",
                       shadow=True, max_lines=1)
