"""The Results screen: the final score revealed, colour by colour, treasure by treasure.

Owns: ResultsScene(app, ranking, names, dynasties, config=None, journal_path=None, end_reason=None) where `ranking` is
`game.rules.final_ranking(state)` (best first: {"seat", "place", "score", "colors", "treasures"},
colours AFTER treasures), `names` and `dynasties` are indexed by seat, and `config` is the New-game
config (for "Play again", through `app.hooks.play_again`) and `journal_path` the finished game's journal
(for "Watch the replay", game.ui.table.replay_scene; no button without it); `end_reason` is the state's
end_reason ("bag" / "treasures"), said beside the heading. The reveal: bars grow to each player's
points before treasures, treasures fly one by one into the lowest colour (RULES.md section 15), each
score (the lowest colour) is ringed, the winner is crowned, and a line says what broke a tie.
A click anywhere outside the buttons skips to the end.

Must not import: game.rules (the ranking arrives as plain data), net.
"""

from __future__ import annotations

import math
from pathlib import Path
from typing import TYPE_CHECKING, Any

import pygame

from game.i18n import has, join, t
from game.rules.vocabulary import COLORS
from game.ui.kit import theme as th
from game.ui.kit.anim import clamp01, ease_out_back, ease_out_cubic
from game.ui.kit.panels import draw_panel
from game.ui.kit.widgets import Button
from game.ui.menus.menu import MARGIN, MenuScene
from game.ui.table import pieces

if TYPE_CHECKING:
    from game.ui.app import App

GROW_START, GROW_TIME, TREASURE_TIME = 0.5, 1.1, 0.55
TIE_WORDS = {1: "results.tie.second", 2: "results.tie.third", 3: "results.tie.highest"}  # which colour decided


def undo_treasures(colors: dict[str, int], treasures: int) -> tuple[dict[str, int], list[str]]:
    """Points before treasures, and the colour each treasure went to, in order.

    Section 15: each treasure went to the lowest colour at the time. Undoing them last-first, a
    treasure can come off a colour only if that colour was still lowest without it."""
    base = {c: int(colors.get(c, 0)) for c in COLORS}
    order: list[str] = []
    for _ in range(max(0, int(treasures))):
        candidates = [c for c in COLORS if base[c] >= 1 and base[c] - 1 <= min(base[d] for d in COLORS if d != c)]
        if not candidates:
            break
        color = max(candidates, key=lambda c: base[c])
        base[color] -= 1
        order.append(color)
    return base, order[::-1]


def place_words(place: int) -> str:
    """'1st' / '第 1 名': a place as the results say it."""
    key = f"results.place.{place}"
    return t(key) if has(key) else str(place)


def tie_break_line(ranking: list[dict[str, Any]], names: list[str]) -> str:
    """Say what decided first place when the leaders share their lowest colour."""
    if len(ranking) < 2:
        return ""
    first, second = ranking[0], ranking[1]
    winners = [names[r["seat"]] for r in ranking if r["place"] == first["place"]]
    if len(winners) > 1:
        return t("results.true_tie", names=join("results.and", winners))
    if first["score"] != second["score"]:
        return ""
    a, b = sorted(first["colors"].values()), sorted(second["colors"].values())
    k = next((i for i in range(1, 4) if a[i] != b[i]), 3)
    return t("results.tie_break", first=names[first["seat"]], second=names[second["seat"]], score=first["score"],
             decides=t(TIE_WORDS[k]), a=a[k], b=b[k])


def tie_lines(ranking: list[dict[str, Any]], names: list[str]) -> list[str]:
    """Say, place by place, how each tie of scores was broken (RULES.md section 15: the next-lowest colour, and
    so on) or that the place is shared, as the ranking has it: first place as tie_break_line says it."""
    out = [tie_break_line(ranking, names)] if ranking and ranking[0]["place"] == 1 else []
    for i in range(1, len(ranking) - 1):
        upper, lower = ranking[i], ranking[i + 1]
        if upper["score"] != lower["score"] or upper["place"] == 1:
            continue
        place = t(f"results.nth.{upper['place']}") if has(f"results.nth.{upper['place']}") else str(upper["place"])
        if upper["place"] == lower["place"]:
            if ranking[i - 1]["place"] != upper["place"]:   # said once, with the first who shares it
                sharing = [names[r["seat"]] for r in ranking if r["place"] == upper["place"]]
                out.append(t("results.true_tie_at", names=join("results.and", sharing), place=place))
            continue
        a, b = sorted(upper["colors"].values()), sorted(lower["colors"].values())
        k = next((j for j in range(1, 4) if a[j] != b[j]), 3)
        out.append(t("results.tie_break_at", place=place, first=names[upper["seat"]], second=names[lower["seat"]],
                     score=upper["score"], decides=t(TIE_WORDS[k]), a=a[k], b=b[k]))
    return [line for line in out if line]


class ResultsScene(MenuScene):
    """One column per player, best first; Play again and Title."""

    dim = 0.6

    def __init__(
        self,
        app: App,
        ranking: list[dict[str, Any]],
        names: list[str],
        dynasties: list[str],
        config: dict[str, Any] | None = None,
        journal_path: Path | None = None,
        end_reason: str | None = None,
    ) -> None:
        self.heading = t("results.heading")
        why = f"status.end.{end_reason}"
        self.ended = t("results.ended", why=t(why)) if end_reason and has(why) else ""
        super().__init__(app)
        self.ranking, self.names, self.dynasties, self.config = ranking, names, dynasties, config
        self.journal_path = journal_path
        self.before = [undo_treasures(r["colors"], r["treasures"]) for r in ranking]
        most = max((len(order) for _, order in self.before), default=0)
        self.t_score = GROW_START + GROW_TIME + 0.3 + most * TREASURE_TIME
        self.t_crown = self.t_score + 0.7
        self.t_end = self.t_crown + 0.8
        self.peak = max([1] + [max(r["colors"].values()) for r in ranking])
        self.tie_lines = tie_lines(ranking, names)
        self.columns: list[pygame.Rect] = []
        self._sounded: set[str] = set()
        again = self.add("play_again", Button(t("results.play_again"), self.play_again, style="warm"))
        title = self.add("title", Button(t("results.title"), self.to_title))
        again.intro_delay = title.intro_delay = 0.8
        if journal_path is not None:
            self.add("replay", Button(t("results.replay"), self.watch_replay)).intro_delay = 0.8

    # -- actions -----------------------------------------------------------------------------------
    def play_again(self) -> None:
        self.app.hooks.play_again(self.app, self.config)

    def watch_replay(self) -> None:
        from game.ui.table.replay_scene import open_replay

        if self.journal_path is not None:  # the Replay button is there only for a game that was saved
            open_replay(self.app, self.journal_path)

    def to_title(self) -> None:
        from game.ui.menus.title import TitleScene

        self.app.reset(TitleScene(self.app))

    def back(self) -> None:
        """Esc or right click: while the reveal plays, show its end (as a click does); then leave for the
        title, as the Title button does."""
        if self.age < self.t_end:
            self.skip()
        else:
            self.to_title()

    def animating(self) -> bool:
        # The reveal runs to t_end, long after the menu's intro: drawn at full rate, not the backdrop's 10 fps.
        return super().animating() or self.age < self.t_end

    def skip(self) -> None:
        """Jump to the end of the reveal."""
        self.age = max(self.age, self.t_end)

    def handle(self, event: pygame.event.Event) -> bool:
        if super().handle(event):
            return True
        if event.type == pygame.MOUSEBUTTONUP and event.button == 1 and self.age < self.t_end:
            self.skip()
            return True
        return False

    def update(self, dt: float) -> None:
        super().update(dt)
        for name, at in (("score", self.t_score), ("game_over", self.t_crown)):
            if self.age >= at and name not in self._sounded:
                self._sounded.add(name)
                self.app.play(name)

    # -- layout ------------------------------------------------------------------------------------
    def layout(self, size: tuple[int, int]) -> None:
        super().layout(size)
        tm = self.theme
        h = tm.s(th.BUTTON_HEIGHT)
        bottom = size[1] - tm.s(MARGIN) - h
        self.buttons["title"].set_rect(pygame.Rect(tm.s(MARGIN), bottom, tm.s(340), h))
        self.buttons["play_again"].set_rect(pygame.Rect(size[0] - tm.s(MARGIN) - tm.s(420), bottom, tm.s(420), h))
        if "replay" in self.buttons:
            self.buttons["replay"].set_rect(pygame.Rect(size[0] // 2 - tm.s(230), bottom, tm.s(460), h))
        n = max(1, len(self.ranking))
        gap = tm.s(34)
        width = min(tm.s(430), (size[0] - 2 * tm.s(MARGIN) - gap * (n - 1)) // n)
        top = tm.s(200)
        # Under the columns, a line for each tie told (tie_lines): three of them take more than the usual room.
        below = max(tm.s(90), tm.s(20) + len(self.tie_lines) * round(tm.s(th.TEXT_SMALL) * 1.2))
        height = bottom - below - top
        left = size[0] // 2 - (width * n + gap * (n - 1)) // 2
        self.columns = [pygame.Rect(left + i * (width + gap), top, width, height) for i in range(n)]

    # -- drawing -----------------------------------------------------------------------------------
    def draw_content(self, surface: pygame.Surface) -> None:
        tm = self.theme
        if self.ended:
            # Beside the heading, right of it: the winner's crown takes the room under the heading.
            w = surface.get_width()
            box = pygame.Rect(w // 2 + tm.s(230), tm.s(40), w // 2 - tm.s(230) - tm.s(MARGIN), tm.s(90))
            tm.blit_fit(surface, self.ended, th.TEXT_SMALL, th.SAND, box, align="right", max_lines=2)
        for i, (entry, col) in enumerate(zip(self.ranking, self.columns, strict=False)):
            rise = round((1 - ease_out_back(clamp01((self.age - 0.08 * i) / 0.45))) * tm.s(300))
            self._draw_column(surface, i, entry, col.move(0, rise))
        if self.tie_lines and self.age >= self.t_crown:
            fade = clamp01((self.age - self.t_crown) / 0.5)
            # Between the columns and the buttons: one line per tie, each shrunk to the width if it must.
            top = self.columns[0].bottom + tm.s(12)
            room = self.buttons["title"].rect.top - tm.s(8) - top
            line_h = min(round(tm.s(th.TEXT_BODY) * 1.3), room // len(self.tie_lines))
            for i, line in enumerate(self.tie_lines):
                box = pygame.Rect(tm.s(MARGIN), top + i * line_h, surface.get_width() - 2 * tm.s(MARGIN), line_h)
                tm.blit_fit(surface, line, th.TEXT_BODY, th.lerp_color(th.LAPIS_DEEP, th.GOLD_LIGHT, fade), box,
                            shadow=True, max_lines=1)

    def _draw_column(self, surface: pygame.Surface, i: int, entry: dict[str, Any], col: pygame.Rect) -> None:
        tm = self.theme
        seat = entry["seat"]
        winner = entry["place"] == 1
        glow = clamp01((self.age - self.t_crown) / 0.4) if winner else 0.0
        draw_panel(
            surface,
            col,
            tm,
            th.lerp_color(th.SAND, th.GOLD_LIGHT, 0.35 * glow),
            th.lerp_color(th.GOLD_DARK, th.GOLD, glow),
        )
        emblem = pygame.Rect(0, 0, tm.s(84), tm.s(84))
        emblem.midtop = (col.centerx, col.top + tm.s(22))
        pieces.draw_emblem(self.app, surface, emblem, self.dynasties[seat])
        tm.blit_text(surface, self.names[seat], th.TEXT_BODY, th.INK, midtop=(col.centerx, emblem.bottom + tm.s(8)))
        if self.age >= self.t_crown:
            tm.blit_text(
                surface,
                place_words(entry["place"]),
                th.TEXT_BODY,
                th.TERRACOTTA,
                topleft=(col.left + tm.s(22), col.top + tm.s(20)),
            )
        bars = pygame.Rect(col.left + tm.s(20), emblem.bottom + tm.s(130), col.width - tm.s(40), 0)
        bars.height = col.bottom - tm.s(150) - bars.top
        self._draw_bars(surface, i, entry, bars)
        self._draw_score(surface, entry, col)
        if winner:
            self._draw_crown(surface, col)

    def _value(self, i: int, color: str) -> float:
        """A bar's height now: growing to the points before treasures, then +1 per treasure landed."""
        base, order = self.before[i]
        grow = ease_out_cubic(clamp01((self.age - GROW_START) / GROW_TIME))
        landed = sum(1 for k, c in enumerate(order) if c == color and self.age >= self._treasure_land(k))
        return base[color] * grow + landed

    def _treasure_land(self, k: int) -> float:
        return GROW_START + GROW_TIME + 0.3 + (k + 1) * TREASURE_TIME

    def _draw_bars(self, surface: pygame.Surface, i: int, entry: dict[str, Any], area: pygame.Rect) -> None:
        tm = self.theme
        slot = area.width // 4
        icon = min(slot - tm.s(10), tm.s(64))
        base_y = area.bottom - icon - tm.s(10)
        scale = (base_y - area.top - tm.s(th.TEXT_BODY) - tm.s(6)) / self.peak
        lowest = min(entry["colors"], key=lambda c: (entry["colors"][c], COLORS.index(c)))
        tops: dict[str, tuple[int, int]] = {}
        for j, color in enumerate(COLORS):
            cx = area.left + slot * j + slot // 2
            value = self._value(i, color)
            bar = pygame.Rect(0, 0, slot * 3 // 5, max(0, round(value * scale)))
            bar.midbottom = (cx, base_y)
            pieces.draw_score_column(self.app, surface, color, bar, icon, tm.s(8), tm.s(6), max(1, tm.s(2)), 0.45)
            if self.age >= GROW_START:
                tm.blit_text(
                    surface, str(math.floor(value + 1e-6)), th.TEXT_BODY, th.INK, midbottom=(cx, bar.top - tm.s(2))
                )
            tops[color] = (cx, bar.top)
            if color == lowest and self.age >= self.t_score:
                pulse = 0.5 + 0.5 * math.sin(self.age * 4)
                ring = pygame.Rect(0, 0, slot - tm.s(4), base_y - bar.top + tm.s(th.TEXT_BODY) + tm.s(16))
                ring.midbottom = (cx, base_y + tm.s(6))
                pygame.draw.rect(
                    surface,
                    th.lerp_color(th.GOLD, th.GOLD_LIGHT, pulse),
                    ring,
                    width=max(3, tm.s(5)),
                    border_radius=tm.s(12),
                )
        self._draw_flying(surface, i, area, tops)

    def _draw_flying(
        self, surface: pygame.Surface, i: int, area: pygame.Rect, tops: dict[str, tuple[int, int]]
    ) -> None:
        """Treasures not yet landed wait above the bars; the one in flight arcs into its colour."""
        tm = self.theme
        _, order = self.before[i]
        size = tm.s(56)
        home = (area.centerx, area.top - tm.s(40))  # the queue sits between the name and the bars
        if self.age >= self.t_score:  # every treasure has landed: say how many there were
            words = t("results.treasures", n=len(order)) if order else t("results.no_treasures")
            tm.blit_text(surface, words, th.TEXT_SMALL, th.HINT_ON_SAND, center=home)
        for k, color in enumerate(order):
            land = self._treasure_land(k)
            if self.age >= land:
                continue
            p = clamp01((self.age - (land - TREASURE_TIME)) / TREASURE_TIME)
            if p <= 0:
                x, y = home[0] + (k - (len(order) - 1) / 2) * tm.s(18), float(home[1])
            else:
                tx, ty = tops[color]
                e = ease_out_cubic(p)
                x = home[0] + (tx - home[0]) * e
                y = home[1] + (ty - home[1]) * e - math.sin(math.pi * p) * tm.s(90)
            pieces.draw_treasure(self.app, surface, pygame.Rect(round(x - size / 2), round(y - size / 2), size, size))

    def _draw_score(self, surface: pygame.Surface, entry: dict[str, Any], col: pygame.Rect) -> None:
        tm = self.theme
        if self.age < self.t_score:
            return
        pop = ease_out_back(clamp01((self.age - self.t_score) / 0.4))
        size = max(th.TEXT_SMALL, round(th.TEXT_HUGE * pop))
        tm.blit_text(surface, t("results.score", score=entry["score"]), size, th.LAPIS,
                     midbottom=(col.centerx, col.bottom - tm.s(22)))

    def _draw_crown(self, surface: pygame.Surface, col: pygame.Rect) -> None:
        if self.age < self.t_crown:
            return
        tm = self.theme
        drop = ease_out_back(clamp01((self.age - self.t_crown) / 0.5))
        w, h = tm.s(120), tm.s(80)
        cx = col.centerx
        bottom = col.top + tm.s(6) - round((1 - drop) * tm.s(200))
        pts = [
            (cx - w // 2, bottom),
            (cx - w // 2, bottom - h * 3 // 5),
            (cx - w // 4, bottom - h // 4),
            (cx, bottom - h),
            (cx + w // 4, bottom - h // 4),
            (cx + w // 2, bottom - h * 3 // 5),
            (cx + w // 2, bottom),
        ]
        pygame.draw.polygon(surface, th.GOLD, pts)
        pygame.draw.polygon(surface, th.GOLD_DARK, pts, max(2, tm.s(4)))
        for px, py in pts[1:6:2]:
            pygame.draw.circle(surface, th.TILE_COLORS["red"], (px, py), tm.s(9))
