"""The title screen: the dusk backdrop, the name dropping in letter by letter, the main menu.

Owns: TitleScene and where each main-menu button leads. New game, Saved games, Rules and Settings
are scenes of this package; Continue and the LAN buttons (host, join, watch: the TV as a spectator)
go through `app.hooks` (game.ui.flow), and stay disabled, with a hint saying why, while their hook
is missing or their module fails to import.

Must not import at module level: game.rules, net, the LAN or table scenes (the title must be fast).
"""

from __future__ import annotations

from typing import TYPE_CHECKING

import pygame

from game.i18n import t
from game.ui.kit import theme as th
from game.ui.kit.anim import clamp01, ease_out_back, stagger
from game.ui.kit.dialog import confirm
from game.ui.kit.widgets import Button
from game.ui.menus.menu import MenuScene

if TYPE_CHECKING:
    from game.ui.app import App


# Each button and the catalogue key of its label; hints are set in refresh().
LABELS = {"new_game": "title.new_game", "continue": "title.continue", "saved": "title.saved", "host": "title.host",
          "join": "title.join", "watch": "title.watch", "rules": "title.rules", "settings": "title.settings",
          "quit": "title.quit"}


class TitleScene(MenuScene):
    """The first screen."""

    dim = 0.0

    def __init__(self, app: App) -> None:
        super().__init__(app)
        self._letters: list[tuple[pygame.Surface, pygame.Surface, pygame.Surface]] = []
        self._letters_px = 0
        self.new_game = self.add("new_game", Button("", self.open_new_game, style="warm"))
        self.cont = self.add("continue", Button("", self.continue_game))
        self.add("saved", Button("", self.open_saved_games))
        self.host = self.add("host", Button("", self.host_lan))
        self.join = self.add("join", Button("", self.join_lan))
        self.watch = self.add("watch", Button("", self.watch_lan))
        self.add("rules", Button("", self.open_rules))
        self.add("settings", Button("", self.open_settings))
        self.add("quit", Button("", self.ask_quit, style="dark"))
        self.relabel()
        for i, widget in enumerate(self.widgets):
            widget.intro_delay = 0.55 + 0.07 * i

    # -- where the buttons lead --------------------------------------------------------------------
    def open_new_game(self) -> None:
        from game.ui.menus.new_game import NewGameScene

        self.app.push(NewGameScene(self.app))

    def open_saved_games(self) -> None:
        from game.ui.menus.saved_games import SavedGamesScene

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
        from game.ui.menus.rules_scene import RulesScene

        self.app.push(RulesScene(self.app))

    def open_settings(self) -> None:
        from game.ui.menus.settings_scene import SettingsScene

        self.app.push(SettingsScene(self.app))

    def ask_quit(self) -> None:
        confirm(
            self.app,
            t("title.quit.title"),
            t("title.quit.text"),
            self.app.quit,
            yes=t("title.quit"),
            no=t("title.quit.no"),
        )

    def back(self) -> None:
        """Right click on the title does nothing: quitting always asks first, through its button."""

    # -- state -------------------------------------------------------------------------------------
    def relabel(self) -> None:
        """Take every word from the catalogue again (the language may have changed in Settings)."""
        for name, key in LABELS.items():
            self.buttons[name].text = t(key)
        self.cont.hint = t("title.continue.none")
        self.host.hint = self.join.hint = self.watch.hint = t("title.not_in_version")
        self._letters_px = 0  # the title's letters are drawn again

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

    # -- layout and drawing ------------------------------------------------------------------------
    def layout(self, size: tuple[int, int]) -> None:
        tm = self.theme
        h, gap = tm.s(th.BUTTON_HEIGHT), tm.s(22)
        width = tm.s(780)
        x = size[0] // 2 - width // 2
        y = tm.s(50) + tm.s(th.TEXT_TITLE) + tm.s(th.TEXT_BODY) + tm.s(60)
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
            render = self.theme.render  # a Chinese title in the CJK face, an English one in the default
            self._letters = [
                (
                    render(c, th.TEXT_TITLE, th.GOLD),
                    render(c, th.TEXT_TITLE, th.GOLD_LIGHT),
                    render(c, th.TEXT_TITLE, th.lerp_color(th.GOLD_DARK, th.SHADOW, 0.5)),
                )
                for c in t("title.title")
            ]
            self._letters_px = px
        return self._letters

    def draw_content(self, surface: pygame.Surface) -> None:
        tm = self.theme
        letters = self._title_letters()
        spacing = tm.s(6)
        total = sum(face.get_width() for face, _, _ in letters) + spacing * (len(letters) - 1)
        x = surface.get_width() // 2 - total // 2
        top = tm.s(50)
        depth = max(2, tm.s(7))
        for i, (face, bright, shade) in enumerate(letters):
            p = stagger(self.age, i, 0.06, 0.5)
            if p > 0:
                y = top + round((1 - ease_out_back(p)) * -tm.s(260))
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
            sub_y = top + tm.s(th.TEXT_TITLE) + tm.s(8)
            color = th.lerp_color(th.LAPIS_DEEP, th.CREAM, fade)
            w = surface.get_width() - 2 * tm.s(60)
            sub = pygame.Rect(tm.s(60), sub_y, w, round(tm.s(th.TEXT_BODY) * 1.2))
            tm.blit_fit(surface, t("title.subtitle"), th.TEXT_BODY, color, sub, valign="top", shadow=True, max_lines=1)
            foot = pygame.Rect(tm.s(60), 0, w, round(tm.s(th.TEXT_SMALL) * 1.2))
            foot.bottom = surface.get_height() - tm.s(24)
            footer_ink = th.lerp_color(th.LAPIS_DEEP, th.SAND, fade)
            tm.blit_fit(surface, t("title.footer"), th.TEXT_SMALL, footer_ink, foot, valign="bottom", shadow=True,
                        max_lines=1)
