"""The Settings screen: fullscreen, volume, animation speed — applied at once and saved at once.

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
    """Three settings in one clay panel, and Back."""

    heading = "Settings"

    def __init__(self, app: App) -> None:
        super().__init__(app)
        s = app.settings
        self.panel = pygame.Rect(0, 0, 0, 0)
        self.fullscreen = self.add(
            "fullscreen", Toggle("Fullscreen", s.fullscreen, self.set_fullscreen, hint="fill the whole TV")
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

    # -- changes apply at once, and are saved at once --------------------------------------------------
    def set_fullscreen(self, on: bool) -> None:
        self.app.settings.fullscreen = on
        self.app.set_fullscreen(on)
        self.app.settings.save()

    def set_volume(self, tenths: int) -> None:
        self.app.set_volume(tenths / 10)
        self.app.play(SAMPLE_SOUND)
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
        row_h, gap = t.s(108), t.s(34)
        self.panel = pygame.Rect(0, 0, t.s(1100), 3 * row_h + 2 * gap + t.s(120))
        self.panel.midtop = (size[0] // 2, t.s(190))
        left, width = self.panel.left + t.s(60), self.panel.width - t.s(120)
        y = self.panel.top + t.s(60)
        self.fullscreen.set_rect(pygame.Rect(left, y, width + t.s(14), row_h))
        control_w = t.s(500)
        control_x = self.panel.right - t.s(60) - control_w
        y += row_h + gap
        self.volume.set_rect(pygame.Rect(control_x, y + t.s(8), control_w, row_h - t.s(16)))
        self._volume_y = y + row_h // 2
        y += row_h + gap
        self.animation.set_rect(pygame.Rect(control_x, y + t.s(8), control_w, row_h - t.s(16)))
        self._animation_y = y + row_h // 2

    def draw_content(self, surface: pygame.Surface) -> None:
        t = self.theme
        draw_panel(surface, self.panel, t)
        x = self.panel.left + t.s(76)
        t.blit_text(surface, "Volume", th.TEXT_BODY, th.INK, bottomleft=(x, self._volume_y + t.s(4)))
        t.blit_text(surface, "a sample plays", th.TEXT_SMALL, th.CLAY, topleft=(x, self._volume_y + t.s(4)))
        t.blit_text(surface, "Animations", th.TEXT_BODY, th.INK, bottomleft=(x, self._animation_y + t.s(4)))
        t.blit_text(surface, "how fast things move", th.TEXT_SMALL, th.CLAY, topleft=(x, self._animation_y + t.s(4)))
