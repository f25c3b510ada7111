"""The in-game menu: opened over the table by its Menu button or ESC.

Owns: `GameMenu`, a modal overlay with Resume, Rules, Settings and Leave, and `leave_words()`, the
one true sentence about what leaving does (a journalled game is saved and Continue resumes it).
Rules and Settings open the usual screens on top; Back returns to this menu, Resume (or right
click, or ESC) to the table. Leaving always asks first.

Must not import: game.rules, net, or the table scene (the table hands in its leave action).
"""

from __future__ import annotations

from collections.abc import Callable
from typing import TYPE_CHECKING, Any

import pygame

from game.i18n import t
from game.ui.kit import theme as th
from game.ui.kit.anim import clamp01, ease_out_back
from game.ui.kit.dialog import confirm
from game.ui.kit.panels import draw_panel
from game.ui.kit.scene import Scene
from game.ui.kit.widgets import Button

if TYPE_CHECKING:
    from game.ui.app import App

ENTRIES = (("resume", "primary"), ("rules", "quiet"), ("settings", "quiet"), ("leave", "warm"))  # game_menu.<name>


def leave_words(saved: bool, lan: bool = False, host: bool = False) -> str:
    """What leaving does, said truly: where a saved game waits, or that a LAN game goes on.

    The host's own screen is the exception: when the host leaves, the LAN game ends for everyone.
    """
    if host:
        return t("game_menu.leave.host_saved" if saved else "game_menu.leave.host")
    if saved and lan:
        return t("game_menu.leave.saved_lan")
    if saved:
        return t("game_menu.leave.saved")
    if lan:
        return t("game_menu.leave.lan")
    return t("game_menu.leave.unsaved")


class GameMenu(Scene):
    """Resume, Rules, Settings, Leave — over the dimmed table."""

    overlay = True

    def __init__(self, app: App, leave: Callable[[], Any], *, saved: bool = True, lan: bool = False,
                 host: bool = False, words: Callable[[], str] | None = None) -> None:
        super().__init__(app)
        self.leave, self.saved, self.lan, self.host = leave, saved, lan, host
        # What leaving does, asked when Leave is chosen: a LAN table can stop while this menu is open.
        self.words = words or (lambda: leave_words(self.saved, self.lan, self.host))
        self.panel = pygame.Rect(0, 0, 0, 0)
        actions = {"resume": self.back, "rules": self.open_rules, "settings": self.open_settings,
                   "leave": self.ask_leave}
        for i, (name, style) in enumerate(ENTRIES):
            button = self.add(name, Button(t(f"game_menu.{name}"), actions[name], style=style))
            button.intro_delay = 0.05 + 0.04 * i

    def relabel(self) -> None:
        """Take the words from the catalogue again (the language may have changed in Settings)."""
        for name, _ in ENTRIES:
            self.buttons[name].text = t(f"game_menu.{name}")

    # -- actions -----------------------------------------------------------------------------------
    def open_rules(self) -> None:
        from game.ui.menus.rules_scene import RulesScene

        self.app.push(RulesScene(self.app))

    def open_settings(self) -> None:
        from game.ui.menus.settings_scene import SettingsScene

        self.app.push(SettingsScene(self.app))

    def ask_leave(self) -> None:
        confirm(self.app, t("game_menu.leave.title"), self.words(), self._leave,
                yes=t("game_menu.leave.yes"), no=t("game_menu.leave.no"))

    def _leave(self) -> None:
        if self.app.top is self:
            self.app.pop()
        self.leave()

    def back(self) -> None:
        """Right click, ESC and Resume: back to the table."""
        if self.app.top is self:
            self.app.pop()

    # -- screen ------------------------------------------------------------------------------------
    def handle(self, event: pygame.event.Event) -> bool:
        if self.app.is_back(event):
            return False
        if super().handle(event):
            return True
        outside = event.type == pygame.MOUSEBUTTONUP and event.button == 1 and not self.panel.collidepoint(event.pos)
        if outside:
            self.back()
        return True  # modal: the table below gets nothing

    def layout(self, size: tuple[int, int]) -> None:
        tm = self.theme
        bh, gap, pad = tm.s(th.BUTTON_HEIGHT), tm.s(22), tm.s(50)
        w = min(size[0] - tm.s(80), tm.s(640))
        head = round(tm.s(th.TEXT_HUGE) * 1.1)
        h = pad + head + tm.s(20) + len(ENTRIES) * bh + (len(ENTRIES) - 1) * gap + pad
        self.panel = pygame.Rect(0, 0, w, min(h, size[1] - tm.s(20)))
        self.panel.center = (size[0] // 2, size[1] // 2)
        self.heading_box = pygame.Rect(self.panel.left + pad, self.panel.top + pad * 2 // 3, w - 2 * pad, head)
        y = self.heading_box.bottom + tm.s(20)
        for name, _ in ENTRIES:
            self.buttons[name].set_rect(pygame.Rect(self.panel.left + pad, y, w - 2 * pad, bh))
            y += bh + gap

    def draw(self, surface: pygame.Surface) -> None:
        tm = self.theme
        veil = pygame.Surface(surface.get_size(), pygame.SRCALPHA)
        veil.fill((*th.SHADOW[:3], round(160 * clamp01(self.age / 0.2))))
        surface.blit(veil, (0, 0))
        drop = round((1 - ease_out_back(clamp01(self.age / 0.3))) * -tm.s(60))
        draw_panel(surface, self.panel.move(0, drop), tm, th.SAND, th.GOLD_DARK)
        tm.blit_fit(surface, t("game_menu.heading"), th.TEXT_HUGE, th.TERRACOTTA, self.heading_box.move(0, drop),
                    max_lines=1)
        super().draw(surface)
