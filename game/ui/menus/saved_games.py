"""The Saved-games list: every journal in the data folder, newest first, with what can be done with it.

Owns: `SavedGamesScene` — one big row per saved game (when it started, the players with their
dynasties, the variants, "finished, won by …" or "turn N, in progress", or for a damaged file what is
wrong with it), and the row's buttons: Watch (a finished game's replay, game.ui.table.replay_scene),
Continue (an unfinished local game, through game.ui.flow.resume_game), Delete (after a confirm).
Big Newer/Older buttons page through a long list. Nothing here ever raises on a bad file: a journal
that cannot be read is listed with its problem.

Deleting removes files; the scene never changes a game's state. Must not import: net, game.rules.
"""

from __future__ import annotations

import contextlib
import logging
import time
from dataclasses import dataclass
from pathlib import Path
from typing import TYPE_CHECKING, Any

import pygame

from game.i18n import join, names_of, t
from game.i18n.wire import shown
from game.ui.kit import theme as th
from game.ui.kit.dialog import confirm
from game.ui.kit.panels import draw_panel
from game.ui.kit.widgets import Button
from game.ui.menus.menu import MARGIN, MenuScene
from game.ui.table import pieces

if TYPE_CHECKING:
    from game.journal import SavedGame
    from game.ui.app import App
    from game.ui.kit.theme import Theme

log = logging.getLogger(__name__)

ROW_H = 166          # at 1080p: four rows between the heading and the bottom buttons
ROW_GAP = 14
ACTION_W = 250
COMPANIONS = (".seats", ".damaged")  # files the LAN host and the recovery keep beside a journal


@dataclass
class Summary:
    """What a row says about a readable game, worked out once by replaying it."""

    turn: int
    finished: bool
    winners: list[str]


def summarize(saved: SavedGame) -> Summary | None:
    """Replay a saved game to its last state: its turn, whether it ended, who won; None if it cannot be."""
    from game.journal import JournalError, replay
    from game.replay import open_view

    journal = saved.journal
    if journal is None:
        return None
    try:
        states, _ = replay(journal)
    except (JournalError, ValueError) as err:
        log.info("saved game %s cannot be replayed: %s", saved.path, err)
        return None
    view = open_view(states[-1], journal.seats, len(states) - 1)
    names = view["names"]
    winners = [names[r["seat"]] for r in view.get("ranking") or [] if r["place"] == 1]
    return Summary(int(view["turn"]), bool(view["game_over"]), winners)


def started_words(when: float) -> str:
    """'12 March 2026 · 21:04' (or '2026年3月12日 · 21:04') in local time."""
    at = time.localtime(when)
    return t("saved.started", day=at.tm_mday, month=t(f"month.{at.tm_mon}"), month_number=at.tm_mon,
             year=at.tm_year, time=time.strftime("%H:%M", at))


def variants_words(variants: list[str]) -> str:
    return names_of("variant", variants) if variants else t("saved.standard")


def status_words(saved: SavedGame, summary: Summary | None) -> tuple[str, pygame.Color]:
    """The row's status line and its colour."""
    journal = saved.journal
    if journal is None:
        problem = shown(saved.problem_message, fallback=str(saved.problem)) if saved.problem_message else saved.problem
        return str(problem), th.TERRACOTTA
    if summary is None:
        return t("saved.unreplayable"), th.TERRACOTTA
    if summary.finished:
        key = "saved.finished_lan" if journal.lan else "saved.finished"
        if summary.winners:
            key += "_won"
        winners = join("saved.winners_and", summary.winners)
        return t(key, n=summary.turn, winners=winners), th.LAPIS
    if journal.lan:  # the LAN lobby's Continue takes up the last unfinished LAN game, with its players' tokens
        return t("saved.lan_in_progress", n=summary.turn), th.HINT_ON_SAND
    return t("saved.in_progress", n=summary.turn), th.HINT_ON_SAND


def delete_saved(path: Path) -> None:
    """Remove a journal and the files kept beside it."""
    for p in [path] + [path.with_name(path.name + s) for s in COMPANIONS]:
        with contextlib.suppress(FileNotFoundError):
            p.unlink()


class ArrowButton(Button):
    """A page button: a label with an up or down triangle beside it."""

    def __init__(self, text: str, direction: int, on_click: Any) -> None:
        super().__init__(text, on_click, style="primary", text_size=th.TEXT_BODY)
        self.direction = direction  # -1 up, +1 down

    def _draw_label(self, surface: pygame.Surface, theme: Theme, face: pygame.Rect, ink: pygame.Color) -> None:
        r = face.height // 5
        cx, cy = face.left + face.height // 2, face.centery
        d = self.direction
        pygame.draw.polygon(surface, ink, [(cx - r, cy - d * r * 0.6), (cx + r, cy - d * r * 0.6), (cx, cy + d * r)])
        label = face.copy()
        label.left = cx + r + theme.s(8)
        label.width = face.right - theme.s(12) - label.left
        theme.blit_fit(surface, self.text, self.text_size, ink, label, shadow=self.enabled, max_lines=1)


class SavedGamesScene(MenuScene):
    """Every saved game, newest first; Watch, Continue or Delete each."""

    def __init__(self, app: App) -> None:
        self.heading = t("saved.heading")
        super().__init__(app)
        self.games: list[SavedGame] = []
        self.summaries: dict[Path, Summary | None] = {}
        self.first = 0           # index of the top row shown
        self.per_page = 4
        self.rows: list[tuple[int, pygame.Rect]] = []
        self.row_buttons: list[Button] = []
        self.add_back_button()
        self.newer = self.add("newer", ArrowButton(t("saved.newer"), -1, lambda: self.scroll(-1)))
        self.older = self.add("older", ArrowButton(t("saved.older"), 1, lambda: self.scroll(1)))

    # -- the list ----------------------------------------------------------------------------------
    def enter(self) -> None:
        self.refresh()

    def resume(self) -> None:
        self.refresh()  # a game may have been continued, finished or deleted meanwhile

    def refresh(self) -> None:
        from game.journal import list_games
        from game.ui.menus.settings import data_dir

        try:
            self.games = list_games(data_dir())
        except OSError as err:  # a folder we cannot read lists nothing rather than crashing
            log.warning("saved games cannot be listed: %s", err)
            self.games = []
        self.first = max(0, min(self.first, len(self.games) - 1))
        self._build_rows()

    def summary(self, saved: SavedGame) -> Summary | None:
        if saved.path not in self.summaries:
            self.summaries[saved.path] = summarize(saved)
        return self.summaries[saved.path]

    def scroll(self, pages: int) -> None:
        last = max(0, len(self.games) - self.per_page)
        self.first = max(0, min(last, self.first + pages * self.per_page))
        self._build_rows()

    # -- row actions -------------------------------------------------------------------------------
    def watch(self, saved: SavedGame) -> None:
        from game.ui.table.replay_scene import open_replay

        open_replay(self.app, saved.path)

    def continue_game(self, saved: SavedGame) -> None:
        from game.ui.flow import resume_game

        resume_game(self.app, saved.path)

    def ask_delete(self, saved: SavedGame) -> None:
        names = [s["name"] for s in saved.journal.seats] if saved.journal else []
        who = t("word.list_separator").join(names) if names else saved.path.name
        confirm(self.app, t("saved.delete.title"), t("saved.delete.text", who=who),
                lambda: self.delete(saved), yes=t("saved.delete"), no=t("saved.delete.no"))

    def delete(self, saved: SavedGame) -> None:
        try:
            delete_saved(saved.path)
        except OSError as err:
            from game.ui.kit.dialog import alert

            alert(self.app, t("saved.delete.failed"), str(err))
        self.refresh()

    # -- layout ------------------------------------------------------------------------------------
    def list_area(self, size: tuple[int, int]) -> pygame.Rect:
        tm = self.theme
        top = tm.s(40) + tm.s(th.TEXT_HUGE) + tm.s(30)
        bottom = size[1] - tm.s(MARGIN) - tm.s(th.BUTTON_HEIGHT) - tm.s(30)
        width = min(size[0] - 2 * tm.s(MARGIN), tm.s(1640))
        return pygame.Rect(size[0] // 2 - width // 2, top, width, bottom - top)

    def layout(self, size: tuple[int, int]) -> None:
        super().layout(size)
        tm = self.theme
        area = self.list_area(size)
        self.per_page = max(1, (area.height + tm.s(ROW_GAP)) // (tm.s(ROW_H) + tm.s(ROW_GAP)))
        h = tm.s(th.BUTTON_HEIGHT)
        y = size[1] - tm.s(MARGIN) - h
        w = tm.s(280)
        self.older.set_rect(pygame.Rect(size[0] - tm.s(MARGIN) - w, y, w, h))
        self.newer.set_rect(pygame.Rect(self.older.rect.left - tm.s(24) - w, y, w, h))
        self._build_rows()

    def _build_rows(self) -> None:
        """Make the visible rows and their buttons (named by the game's index in the whole list)."""
        tm = self.theme
        for b in self.row_buttons:
            self.widgets.remove(b)
        self.buttons = {k: v for k, v in self.buttons.items() if not k.split("_")[-1].isdigit()}
        self.row_buttons, self.rows = [], []
        area = self.list_area(self.app.size)
        shown = self.games[self.first:self.first + self.per_page]
        for k, saved in enumerate(shown):
            i = self.first + k
            rect = pygame.Rect(area.left, area.top + k * (tm.s(ROW_H) + tm.s(ROW_GAP)), area.width, tm.s(ROW_H))
            self.rows.append((i, rect))
            self._row_buttons(i, saved, rect)
        more = len(self.games) > self.per_page
        self.newer.visible = self.older.visible = more
        self.newer.enabled = self.first > 0
        self.older.enabled = self.first + self.per_page < len(self.games)

    def _row_buttons(self, i: int, saved: SavedGame, rect: pygame.Rect) -> None:
        tm = self.theme
        specs: list[tuple[str, str, Any, str]] = []
        journal = saved.journal
        summary = self.summary(saved) if journal is not None else None
        if journal is not None and summary is not None:  # a damaged game can only be deleted
            if summary.finished:
                specs.append(("watch", t("saved.watch"), lambda: self.watch(saved), "primary"))
            elif not journal.lan:
                specs.append(("continue", t("saved.continue"), lambda: self.continue_game(saved), "warm"))
        specs.append(("delete", t("saved.delete"), lambda: self.ask_delete(saved), "dark"))
        w, h, gap = tm.s(ACTION_W), tm.s(th.BUTTON_HEIGHT), tm.s(16)
        x = rect.right - tm.s(24) - len(specs) * w - (len(specs) - 1) * gap
        for name, label, action, style in specs:
            size = th.TEXT_BODY if name != "delete" else th.TEXT_SMALL
            button = Button(label, action, style=style, text_size=size)
            button.set_rect(pygame.Rect(x, rect.centery - h // 2, w, h))
            button._age = 10.0  # rows are rebuilt on paging: no pop-in each time
            self.add(f"{name}_{i}", button)
            self.row_buttons.append(button)
            x += w + gap

    # -- drawing -----------------------------------------------------------------------------------
    def draw_content(self, surface: pygame.Surface) -> None:
        tm = self.theme
        if not self.games:
            tm.blit_fit(surface, t("saved.none"), th.TEXT_BODY, th.CREAM,
                       self.list_area(surface.get_size()).inflate(-tm.s(200), -tm.s(200)), valign="top")
            return
        for i, rect in self.rows:
            self._draw_row(surface, self.games[i], rect)
        if len(self.games) > self.per_page:
            last = min(len(self.games), self.first + self.per_page)
            tm.blit_text(surface, t("saved.page", first=self.first + 1, last=last, n=len(self.games)),
                        th.TEXT_SMALL, th.SAND,
                        shadow=True, midright=(self.newer.rect.left - tm.s(30), self.newer.rect.centery))

    def _draw_row(self, surface: pygame.Surface, saved: SavedGame, rect: pygame.Rect) -> None:
        tm = self.theme
        journal = saved.journal
        damaged = journal is None
        # A damaged row says so with its border and words; its fill stays light so the words read (4.5:1).
        draw_panel(surface, rect, tm, th.SAND, th.TERRACOTTA if damaged else th.GOLD_DARK, radius=18)
        x, y = rect.left + tm.s(30), rect.top + tm.s(16)
        summary = self.summary(saved) if journal is not None else None
        status, color = status_words(saved, summary)
        text_w = self.row_buttons_left(rect) - x - tm.s(20)
        line_h = round(tm.s(th.TEXT_SMALL) * 1.1)
        if journal is None:  # damaged
            when = _mtime(saved.path)
            head = pygame.Rect(x, y, text_w, line_h)
            damaged_words = t("saved.damaged", when=when, file=saved.path.name)
            tm.blit_fit(surface, damaged_words, th.TEXT_SMALL, th.INK, head, align="left", max_lines=1)
            body = pygame.Rect(x, head.bottom + tm.s(8), text_w, rect.bottom - tm.s(12) - head.bottom - tm.s(8))
            tm.blit_fit(surface, status, th.TEXT_BODY, color, body, align="left", valign="top")
            return
        head = pygame.Rect(x, y, text_w, line_h)
        started = started_words(journal.started)
        tm.blit_fit(surface, started, th.TEXT_SMALL, th.HINT_ON_SAND, head, align="left", max_lines=1)
        with tm.container(pygame.Rect(x, y, text_w, rect.bottom - y)):
            self._draw_players(surface, journal.seats, x, y + tm.s(40), text_w)
        foot = pygame.Rect(x, rect.bottom - tm.s(14) - line_h, text_w, line_h)
        line = f"{status} · {variants_words(journal.variants)}"
        tm.blit_fit(surface, line, th.TEXT_SMALL, color, foot, align="left", max_lines=1)

    def row_buttons_left(self, rect: pygame.Rect) -> int:
        lefts = [b.rect.left for b in self.row_buttons if rect.colliderect(b.rect)]
        return min(lefts) if lefts else rect.right

    def _draw_players(self, surface: pygame.Surface, seats: list[dict[str, Any]], x: int, y: int, width: int) -> None:
        """Each player's dynasty emblem and name, in seat order."""
        tm = self.theme
        icon = tm.s(54)
        right = x + width
        for seat in seats:
            if x + icon > right:
                break
            pieces.draw_emblem(self.app, surface, pygame.Rect(x, y, icon, icon), seat["dynasty"])
            name = th.fit_text(tm, seat["name"], th.TEXT_BODY, right - x - icon - tm.s(8))
            r = tm.blit_text(surface, name, th.TEXT_BODY, th.INK, midleft=(x + icon + tm.s(8), y + icon // 2))
            x = r.right + tm.s(30)


def _mtime(path: Path) -> str:
    try:
        return started_words(path.stat().st_mtime)
    except OSError:
        return t("saved.unknown_date")


