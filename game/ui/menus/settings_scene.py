"""The Settings screen: fullscreen, volume, animation speed, turn confirmation (hot-seat, and LAN apart),
language — applied and saved at once.

Opened from the title and from the in-game menu (over a game: Back returns to the menu).

Owns: SettingsScene. Each change goes to `app.settings`, takes effect immediately (the window
switches, a sample sound plays at the new volume, animations change pace, the screens below are
built again in the new language) and is written to disk.

Must not import: game.rules, net.
"""

from __future__ import annotations

from typing import TYPE_CHECKING

import pygame

import game.i18n as i18n
from game.i18n import t
from game.ui.kit import theme as th
from game.ui.kit.panels import draw_panel
from game.ui.kit.widgets import Cycler, Stepper, Toggle
from game.ui.menus.menu import MenuScene
from game.ui.menus.settings import ANIMATION_CHOICES, LANGUAGE_CHOICES

if TYPE_CHECKING:
    from game.ui.app import App

SAMPLE_SOUND = "click"


class SettingsScene(MenuScene):
    """Five settings in one clay panel, and Back."""

    def __init__(self, app: App) -> None:
        self.heading = t("settings.heading")
        super().__init__(app)
        s = app.settings
        self.panel = pygame.Rect(0, 0, 0, 0)
        self.fullscreen = self.add(
            "fullscreen", Toggle(t("settings.fullscreen"), s.fullscreen, self.set_fullscreen,
                                 hint=t("settings.fullscreen.hint"))
        )
        self.confirm_turn = self.add(
            "confirm_turn",
            Toggle(t("settings.confirm_turn"), s.confirm_turn, self.set_confirm_turn,
                   hint=t("settings.confirm_turn.hint")),
        )
        # A LAN game keeps its pace unless this screen's player asks for it: a key of its own, off by default.
        self.confirm_turn_lan = self.add(
            "confirm_turn_lan",
            Toggle(t("settings.confirm_turn_lan"), s.confirm_turn_lan, self.set_confirm_turn_lan,
                   hint=t("settings.confirm_turn_lan.hint")),
        )
        self.volume = self.add(
            "volume", Stepper(round(s.volume * 10), 0, 10, self.set_volume, fmt=lambda v: f"{v * 10}%")
        )
        self.animation = self.add(
            "animation", Cycler([(k, t(f"settings.speed.{k}")) for k in ANIMATION_CHOICES], s.animation,
                                self.set_animation)
        )
        # Under --lang the language in force is the command line's, whatever Settings keeps: show that one.
        self.language = self.add("language", Cycler(language_options(), i18n.command_line_language() or s.language,
                                                    self.set_language))
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

    def set_language(self, language: str) -> None:
        """Speak the chosen language from now on: the screens are built again in it."""
        self.app.settings.language = language
        self.app.settings.save()
        i18n.set_language(i18n.resolve_language(None, language))
        for scene in self.app.stack[:-1]:  # the title (or a game) below takes the new words when it resumes
            relabel = getattr(scene, "relabel", None)
            if callable(relabel):
                relabel()
        self.app.replace(SettingsScene(self.app))

    def resume(self) -> None:
        self.fullscreen.value = self.app.fullscreen

    # -- layout ------------------------------------------------------------------------------------
    def layout(self, size: tuple[int, int]) -> None:
        super().layout(size)
        tm = self.theme
        top = tm.s(160)
        room = self.back_button.rect.top - tm.s(16) - top if self.back_button else size[1] - top
        rows = 6
        # Six rows must fit above Back at 1280x720 too: rows give up height before anything leaves the panel.
        pad, gap = tm.s(30), tm.s(14)
        row_h = min(tm.s(104), (room - 2 * pad - (rows - 1) * gap) // rows)
        height = rows * row_h + (rows - 1) * gap + 2 * pad
        self.panel = pygame.Rect(0, 0, min(size[0] - tm.s(160), tm.s(1160)), height)
        self.panel.midtop = (size[0] // 2, top)
        left, width = self.panel.left + tm.s(60), self.panel.width - tm.s(120)
        y = self.panel.top + pad
        for toggle in (self.fullscreen, self.confirm_turn, self.confirm_turn_lan):
            toggle.set_rect(pygame.Rect(left - tm.s(16), y, width + tm.s(30), row_h))
            y += row_h + gap
        control_w = tm.s(500)
        control_x = self.panel.right - tm.s(60) - control_w
        words_w = control_x - tm.s(24) - left
        self._label_boxes = []
        for widget, label, hint in ((self.volume, t("settings.volume"), t("settings.volume.hint")),
                                    (self.animation, t("settings.animation"), t("settings.animation.hint")),
                                    (self.language, t("settings.language"), language_hint())):
            widget.set_rect(pygame.Rect(control_x, y + tm.s(8), control_w, row_h - tm.s(16)))
            self._label_boxes.append((label, hint, pygame.Rect(left, y, words_w, row_h)))
            y += row_h + gap

    def draw_content(self, surface: pygame.Surface) -> None:
        tm = self.theme
        draw_panel(surface, self.panel, tm)
        for label, hint, box in self._label_boxes:
            upper, lower = box.copy(), box.copy()
            upper.height = box.height * 11 // 20
            lower.top, lower.height = upper.bottom, box.height - upper.height
            tm.blit_fit(surface, label, th.TEXT_BODY, th.INK, upper, align="left", valign="bottom", max_lines=1)
            tm.blit_fit(surface, hint, th.TEXT_SMALL, th.HINT_ON_SAND, lower, align="left", valign="top", max_lines=1)


def language_hint() -> str:
    """The line under Language: what it changes, or that --lang chose this run's language."""
    forced = i18n.command_line_language()
    return t("settings.language.command_line") if forced else t("settings.language.hint")


def language_options() -> list[tuple[str, str]]:
    """Return the language choices, each named in itself; "" follows the system's locale."""
    system = i18n.system_language()
    return [("", t("settings.language.system", language=t(f"language.{system}"))),
            *((code, t(f"language.{code}")) for code in LANGUAGE_CHOICES if code)]
