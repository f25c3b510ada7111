"""MenuScene: the common frame of the menu screens (backdrop, heading, back button).

Owns: drawing the shared animated backdrop (dimmed behind content), a heading that drops in,
and a standard "Back" button in the bottom-left corner. Title, New game, Settings, Rules and
Results build on it.

Must not import: game.rules, net, or the table scene.
"""

from __future__ import annotations

from typing import TYPE_CHECKING

import pygame

from game.i18n import t
from game.ui.kit import theme as th
from game.ui.kit.anim import clamp01, ease_out_back
from game.ui.kit.backdrop import shared_backdrop
from game.ui.kit.scene import Scene
from game.ui.kit.widgets import Button

if TYPE_CHECKING:
    from game.ui.app import App

MARGIN = 60  # screen margin at 1080p


class MenuScene(Scene):
    """A menu screen over the dusk backdrop."""

    heading = ""
    # The backdrop's stars and rivers keep moving, gently, while nobody touches anything: slow enough at 5 frames
    # a second, and an idle title stays well under a tenth of a core.
    ambient_fps = 5
    dim = 0.55  # how much the backdrop is darkened behind the content (0 = the title's full picture)

    def __init__(self, app: App) -> None:
        super().__init__(app)
        self.backdrop = shared_backdrop(app)
        self.back_button: Button | None = None

    def add_back_button(self, text: str | None = None) -> Button:
        self.back_button = self.add("back", Button(text or t("common.back"), self.back, style="warm", icon="left"))
        return self.back_button

    def layout(self, size: tuple[int, int]) -> None:
        if self.back_button is not None:
            t = self.theme
            h = t.s(th.BUTTON_HEIGHT)
            self.back_button.set_rect(pygame.Rect(t.s(MARGIN), size[1] - t.s(MARGIN) - h, t.s(300), h))

    def update(self, dt: float) -> None:
        self.backdrop.update(dt)
        super().update(dt)

    def draw(self, surface: pygame.Surface) -> None:
        self.backdrop.draw(surface, self.dim)
        self.draw_heading(surface)
        self.draw_content(surface)
        super().draw(surface)

    def heading_text(self) -> str:
        """The heading's words: `heading`, unless the screen's heading follows what it shows (the rules' page)."""
        return self.heading

    def draw_heading(self, surface: pygame.Surface) -> None:
        heading = self.heading_text()
        if not heading:
            return
        t = self.theme
        drop = round((1 - ease_out_back(clamp01(self.age / 0.45))) * -t.s(120))
        w = surface.get_width() - 2 * t.s(MARGIN)
        box = pygame.Rect(t.s(MARGIN), t.s(30) + drop, w, round(t.s(th.TEXT_HUGE) * 1.25))
        t.blit_fit(surface, heading, th.TEXT_HUGE, th.GOLD_LIGHT, box, shadow=True, max_lines=1)

    def draw_content(self, surface: pygame.Surface) -> None:
        """Draw what sits between the backdrop and the widgets (panels, pictures)."""
