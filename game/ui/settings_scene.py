"""The Settings screen: fullscreen, volume, animation speed, turn confirmation (hot-seat, and LAN apart) —
applied and saved at once.

Opened from the title and from the in-game menu (over a game: Back returns to the menu).

Owns: SettingsScene. Each change goes to `app.settings`, takes effect immediately (the window
switches, a sample sound plays at the new volume, animations change pace) and is written to disk.

Must not import: game.rules, net.
"""

from __future__ import annotations

from typing import TYPE_CHECKING

import pygame

from game.ui import theme as th
from game.ui.menu import MenuScene
from game.ui.settings import ANIMATION_CHOICES
from game.ui.widgets import Cycler, Stepper, Toggle, draw_panel

if TYPE_CHECKING:
    from game.ui.app import App

SPEED_LABELS = {"off": "Off", "slow": "Slow", "normal": "Normal", "fast": "Fast"}
SAMPLE_SOUND = "click"


class SettingsScene(MenuScene):
    """Five settings in one clay panel, and Back."""

    heading = "Settings"

    def __init__(self, app: App) -> None:
        super().__init__(app)
        s = app.settings
        self.panel = pygame.Rect(0, 0, 0, 0)
        self.fullscreen = self.add(
            "fullscreen", Toggle("Fullscreen", s.fullscreen, self.set_fullscreen, hint="fill the whole TV")
        )
        self.confirm_turn = self.add(
            "confirm_turn",
            Toggle("Confirm hot-seat turns", s.confirm_turn, self.set_confirm_turn,
                   hint="End turn or Undo after the 2nd action"),
        )
        # A LAN game keeps its pace unless this screen's player asks for it: a key of its own, off by default.
        self.confirm_turn_lan = self.add(
            "confirm_turn_lan",
            Toggle("Confirm my LAN turns", s.confirm_turn_lan, self.set_confirm_turn_lan,
                   hint="the same in LAN games; off unless you turn it on"),
        )
        self.volume = self.add(
            "volume", Stepper(round(s.volume * 10), 0, 10, self.set_volume, fmt=lambda v: f"{v * 10}%")
        )
        self.animation = self.add(
            "animation", Cycler([(k, SPEED_LABELS[k]) for k in ANIMATION_CHOICES], s.animation, self.set_animation)
        )
        for i, widget in enumerate(self.widgets):
            widget.intro_delay = 0.15 + 0.08 * i
        self.add_back_button()
        self._label_boxes: list[tuple[str, str, pygame.Rect]] = []

    # -- changes apply at once, and are saved at once --------------------------------------------------
    def set_fullscreen(self, on: bool) -> None:
        self.app.settings.fullscreen = on
        self.app.set_fullscreen(on)
        self.app.settings.save()

    def set_volume(self, tenths: int) -> None:
        self.app.set_volume(tenths / 10)
        self.app.play(SAMPLE_SOUND)
        self.app.settings.save()

    def set_confirm_turn(self, on: bool) -> None:
        self.app.settings.confirm_turn = on
        self.app.settings.save()

    def set_confirm_turn_lan(self, on: bool) -> None:
        self.app.settings.confirm_turn_lan = on   # a LAN table tells its host at once
        self.app.settings.save()

    def set_animation(self, speed: str) -> None:
        self.app.settings.animation = speed
        self.app.settings.save()

    def resume(self) -> None:
        self.fullscreen.value = self.app.fullscreen

    # -- layout ------------------------------------------------------------------------------------
    def layout(self, size: tuple[int, int]) -> None:
        super().layout(size)
        t = self.theme
        row_h, gap = t.s(104), t.s(22)
        top = t.s(170)
        room = self.back_button.rect.top - t.s(20) - top if self.back_button else size[1] - top
        rows = 5
        pad = t.s(44)
        height = rows * row_h + (rows - 1) * gap + 2 * pad
        self.panel = pygame.Rect(0, 0, min(size[0] - t.s(160), t.s(1160)), min(room, height))
        self.panel.midtop = (size[0] // 2, top)
        left, width = self.panel.left + t.s(60), self.panel.width - t.s(120)
        y = self.panel.top + pad
        for toggle in (self.fullscreen, self.confirm_turn, self.confirm_turn_lan):
            toggle.set_rect(pygame.Rect(left - t.s(16), y, width + t.s(30), row_h))
            y += row_h + gap
        control_w = t.s(500)
        control_x = self.panel.right - t.s(60) - control_w
        words_w = control_x - t.s(24) - left
        self._label_boxes = []
        for widget, label, hint in ((self.volume, "Volume", "a sample plays"),
                                    (self.animation, "Animations", "how fast things move")):
            widget.set_rect(pygame.Rect(control_x, y + t.s(8), control_w, row_h - t.s(16)))
            self._label_boxes.append((label, hint, pygame.Rect(left, y, words_w, row_h)))
            y += row_h + gap

    def draw_content(self, surface: pygame.Surface) -> None:
        t = self.theme
        draw_panel(surface, self.panel, t)
        for label, hint, box in self._label_boxes:
            upper, lower = box.copy(), box.copy()
            upper.height = box.height * 11 // 20
            lower.top, lower.height = upper.bottom, box.height - upper.height
            t.blit_fit(surface, label, th.TEXT_BODY, th.INK, upper, align="left", valign="bottom", max_lines=1)
            t.blit_fit(surface, hint, th.TEXT_SMALL, th.HINT_ON_SAND, lower, align="left", valign="top", max_lines=1)
