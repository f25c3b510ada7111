"""The title screen: the dusk backdrop, the name dropping in letter by letter, the main menu.

Owns: TitleScene and where each main-menu button leads. New game, Saved games, Rules and Settings
are scenes of this package; Continue and the LAN buttons (host, join, watch: the TV as a spectator)
go through `app.hooks` (game.ui.flow), and stay disabled, with a hint saying why, while their hook
is missing or their module fails to import.

Must not import at module level: game.rules, net, the LAN or table scenes (the title must be fast).
"""

from __future__ import annotations

import importlib
import logging
from typing import TYPE_CHECKING

import pygame

from game.ui import theme as th
from game.ui.anim import clamp01, ease_out_back, stagger
from game.ui.dialog import confirm
from game.ui.flow import LAN_MODULE
from game.ui.menu import MenuScene
from game.ui.widgets import Button

if TYPE_CHECKING:
    from game.ui.app import App

log = logging.getLogger(__name__)

TITLE = "TWO RIVERS"
SUBTITLE = "after Reiner Knizia's Tigris & Euphrates"
FOOTER = "Left click chooses  ·  right click goes back"


class TitleScene(MenuScene):
    """The first screen."""

    dim = 0.0

    def __init__(self, app: App) -> None:
        super().__init__(app)
        self._letters: list[tuple[pygame.Surface, pygame.Surface, pygame.Surface]] = []
        self._letters_px = 0
        self._lan_checked = False
        self.new_game = self.add("new_game", Button("New game", self.open_new_game, style="warm"))
        self.cont = self.add("continue", Button("Continue", self.continue_game, hint="No saved game yet"))
        self.add("saved", Button("Saved games", self.open_saved_games))
        self.host = self.add("host", Button("Host a LAN game", self.host_lan, hint="Not in this version"))
        self.join = self.add("join", Button("Join a LAN game", self.join_lan, hint="Not in this version"))
        self.watch = self.add("watch", Button("Watch a LAN game", self.watch_lan, hint="Not in this version"))
        self.add("rules", Button("Rules", self.open_rules))
        self.add("settings", Button("Settings", self.open_settings))
        self.add("quit", Button("Quit", self.ask_quit, style="dark"))
        for i, widget in enumerate(self.widgets):
            widget.intro_delay = 0.55 + 0.07 * i

    # -- where the buttons lead --------------------------------------------------------------------
    def open_new_game(self) -> None:
        from game.ui.new_game import NewGameScene

        self.app.push(NewGameScene(self.app))

    def open_saved_games(self) -> None:
        from game.ui.saved_games import SavedGamesScene

        self.app.push(SavedGamesScene(self.app))

    def continue_game(self) -> None:
        if self.app.hooks.continue_game is not None:
            self.app.hooks.continue_game(self.app)

    def host_lan(self) -> None:
        if self.app.hooks.host_lan is not None:
            self.app.hooks.host_lan(self.app)

    def join_lan(self) -> None:
        if self.app.hooks.join_lan is not None:
            self.app.hooks.join_lan(self.app)

    def watch_lan(self) -> None:
        if self.app.hooks.watch_lan is not None:
            self.app.hooks.watch_lan(self.app)

    def open_rules(self) -> None:
        from game.ui.rules_scene import RulesScene

        self.app.push(RulesScene(self.app))

    def open_settings(self) -> None:
        from game.ui.settings_scene import SettingsScene

        self.app.push(SettingsScene(self.app))

    def ask_quit(self) -> None:
        confirm(
            self.app,
            "Leave Two Rivers?",
            "The rivers will keep flowing without you.",
            self.app.quit,
            yes="Quit",
            no="Stay",
        )

    def back(self) -> None:
        """Right click on the title does nothing: quitting always asks first, through its button."""

    # -- state -------------------------------------------------------------------------------------
    def enter(self) -> None:
        self.refresh()

    def resume(self) -> None:
        self.refresh()

    def refresh(self) -> None:
        hooks = self.app.hooks
        self.cont.enabled = hooks.continue_game is not None and hooks.has_saved_game()
        self.host.enabled = hooks.host_lan is not None
        self.join.enabled = hooks.join_lan is not None
        self.watch.enabled = hooks.watch_lan is not None

    def _check_lan(self) -> None:
        # Import the LAN screens only once the title is on screen: a broken module disables the buttons.
        self._lan_checked = True
        if not (self.host.enabled or self.join.enabled or self.watch.enabled):
            return
        try:
            importlib.import_module(LAN_MODULE)
        except Exception as err:  # any failure in someone else's module must not stop the title
            log.warning("LAN screens unavailable: %s", err)
            self.host.enabled = self.join.enabled = self.watch.enabled = False
            self.host.hint = self.join.hint = self.watch.hint = "LAN play unavailable"

    def update(self, dt: float) -> None:
        super().update(dt)
        if not self._lan_checked and self.app.frame >= 2:
            self._check_lan()

    # -- layout and drawing ------------------------------------------------------------------------
    def layout(self, size: tuple[int, int]) -> None:
        t = self.theme
        h, gap = t.s(th.BUTTON_HEIGHT), t.s(22)
        width = t.s(780)
        x = size[0] // 2 - width // 2
        y = t.s(50) + t.s(th.TEXT_TITLE) + t.s(th.TEXT_BODY) + t.s(60)
        rows = [["new_game"], ["continue", "saved"], ["host", "join"], ["watch"], ["rules", "settings", "quit"]]
        for row in rows:
            w = (width - gap * (len(row) - 1)) // len(row)
            for i, name in enumerate(row):
                self.buttons[name].set_rect(pygame.Rect(x + i * (w + gap), y, w, h))
            y += h + gap

    def _title_letters(self) -> list[tuple[pygame.Surface, pygame.Surface, pygame.Surface]]:
        """Each letter three times: face, bright face (for the shine), extruded shadow."""
        px = self.theme.s(th.TEXT_TITLE)
        if px != self._letters_px:
            font = self.theme.font(px)
            self._letters = [
                (
                    font.render(c, True, th.GOLD),
                    font.render(c, True, th.GOLD_LIGHT),
                    font.render(c, True, th.lerp_color(th.GOLD_DARK, th.SHADOW, 0.5)),
                )
                for c in TITLE
            ]
            self._letters_px = px
        return self._letters

    def draw_content(self, surface: pygame.Surface) -> None:
        t = self.theme
        letters = self._title_letters()
        spacing = t.s(6)
        total = sum(face.get_width() for face, _, _ in letters) + spacing * (len(letters) - 1)
        x = surface.get_width() // 2 - total // 2
        top = t.s(50)
        depth = max(2, t.s(7))
        for i, (face, bright, shade) in enumerate(letters):
            p = stagger(self.age, i, 0.06, 0.5)
            if p > 0:
                y = top + round((1 - ease_out_back(p)) * -t.s(260))
                for d in range(depth, 0, -max(1, depth // 4)):  # extruded like a carved tablet
                    surface.blit(shade, (x + d // 2, y + d))
                surface.blit(face, (x, y))
                shine = max(0.0, 1 - abs(((self.age * 0.35) % 2.2) * len(letters) - i - 1.5) / 2.5)
                if shine > 0:
                    bright.set_alpha(round(255 * shine))
                    surface.blit(bright, (x, y))
            x += face.get_width() + spacing
        fade = clamp01((self.age - 0.7) / 0.5)
        if fade > 0:
            sub_y = top + t.s(th.TEXT_TITLE) + t.s(8)
            color = th.lerp_color(th.LAPIS_DEEP, th.CREAM, fade)
            w = surface.get_width() - 2 * t.s(60)
            sub = pygame.Rect(t.s(60), sub_y, w, round(t.s(th.TEXT_BODY) * 1.2))
            t.blit_fit(surface, SUBTITLE, th.TEXT_BODY, color, sub, valign="top", shadow=True, max_lines=1)
            foot = pygame.Rect(t.s(60), 0, w, round(t.s(th.TEXT_SMALL) * 1.2))
            foot.bottom = surface.get_height() - t.s(24)
            footer_ink = th.lerp_color(th.LAPIS_DEEP, th.SAND, fade)
            t.blit_fit(surface, FOOTER, th.TEXT_SMALL, footer_ink, foot, valign="bottom", shadow=True, max_lines=1)
