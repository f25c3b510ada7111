"""The modal confirm dialog: an overlay scene with a message and big buttons.

Owns: `ConfirmDialog` (and the `alert()` / `confirm()` shortcuts), and `said()`: an error's words
in the player's language. The scene below stays visible
and animated but gets no input; a right click, ESC or a click outside the panel cancels when the
dialog is cancellable. The title and message are fitted to the panel (shrink, wrap, ellipsis last).

Must not import: game.rules, net, or any concrete scene.
"""

from __future__ import annotations

from collections.abc import Callable, Sequence
from typing import TYPE_CHECKING, Any

import pygame

from game.i18n import t
from game.i18n.wire import shown
from game.ui.kit import theme as th
from game.ui.kit.anim import clamp01, ease_out_back
from game.ui.kit.panels import draw_panel
from game.ui.kit.scene import Scene
from game.ui.kit.widgets import Button

if TYPE_CHECKING:
    from game.ui.app import App

Choice = tuple[str, Callable[[], Any] | None, str]  # label, action, style


class ConfirmDialog(Scene):
    """A message with one to three buttons; each closes the dialog, then runs its action."""

    overlay = True

    def __init__(
        self, app: App, title: str, message: str, choices: Sequence[Choice], *, cancellable: bool = True
    ) -> None:
        super().__init__(app)
        self.title, self.message, self.cancellable = title, message, cancellable
        self.panel = pygame.Rect(0, 0, 0, 0)
        self.title_box = self.body_box = pygame.Rect(0, 0, 0, 0)
        for i, (label, action, style) in enumerate(choices):
            button = Button(label, self._closer(action), style=style)
            button.intro_delay = 0.12 + 0.05 * i
            self.add(label.lower(), button)

    def _closer(self, action: Callable[[], Any] | None) -> Callable[[], None]:
        def close_then_act() -> None:
            if self.app.top is self:
                self.app.pop()
            if action is not None:
                action()

        return close_then_act

    def layout(self, size: tuple[int, int]) -> None:
        t = self.theme
        w = min(size[0] - t.s(80), t.s(1100))
        inner = w - t.s(100)
        title = t.fit(self.title, th.TEXT_LARGE, (inner, round(t.s(th.TEXT_LARGE) * 2.3)), max_lines=2)
        message = t.fit(self.message, th.TEXT_BODY, (inner, size[1]))
        frame = t.s(45) + t.s(20) + t.s(40) + t.s(th.BUTTON_HEIGHT) + t.s(50)
        h = min(size[1] - t.s(40), frame + title.height + message.height)
        self.panel = pygame.Rect(0, 0, w, h)
        self.panel.center = (size[0] // 2, size[1] // 2)
        # Boxes relative to the panel's top-left: the panel drops in, the words move with it.
        self.title_box = pygame.Rect(t.s(50), t.s(45), inner, title.height)
        body_top = self.title_box.bottom + t.s(20)
        self.body_box = pygame.Rect(t.s(50), body_top, inner, h - body_top - t.s(40) - t.s(th.BUTTON_HEIGHT) - t.s(50))
        buttons = list(self.buttons.values())
        gap = t.s(30)
        bw = min(t.s(420), (w - t.s(80) - gap * (len(buttons) - 1)) // max(1, len(buttons)))
        total = bw * len(buttons) + gap * (len(buttons) - 1)
        x = self.panel.centerx - total // 2
        for button in buttons:
            button.set_rect(
                pygame.Rect(x, self.panel.bottom - t.s(50) - t.s(th.BUTTON_HEIGHT), bw, t.s(th.BUTTON_HEIGHT))
            )
            x += bw + gap

    def handle(self, event: pygame.event.Event) -> bool:
        if self.app.is_back(event):
            return False  # right click and ESC reach back(): they close the dialog like "No" would
        if super().handle(event):
            return True
        outside = event.type == pygame.MOUSEBUTTONUP and event.button == 1 and not self.panel.collidepoint(event.pos)
        if outside and self.cancellable:
            self.back()
        return True  # modal: nothing reaches the scene below

    def back(self) -> None:
        if self.cancellable and self.app.top is self:
            self.app.pop()

    def draw(self, surface: pygame.Surface) -> None:
        t = self.theme
        k = clamp01(self.age / 0.25)
        veil = pygame.Surface(surface.get_size(), pygame.SRCALPHA)
        veil.fill((*th.SHADOW[:3], round(150 * k)))
        surface.blit(veil, (0, 0))
        panel = self.panel.move(0, round((1 - ease_out_back(clamp01(self.age / 0.35))) * -t.s(80)))
        draw_panel(surface, panel, t, th.SAND, th.GOLD_DARK)
        t.blit_fit(surface, self.title, th.TEXT_LARGE, th.TERRACOTTA, self.title_box.move(panel.topleft), max_lines=2)
        t.blit_fit(surface, self.message, th.TEXT_BODY, th.INK, self.body_box.move(panel.topleft), valign="top")
        super().draw(surface)


def said(err: BaseException) -> str:
    """Return an error in the player's language when it carries a catalogue key and parameters
    (IllegalAction, ScenarioError, JournalError), else its own text."""
    key, params = getattr(err, "key", None), getattr(err, "params", None)
    if not isinstance(key, str) or not isinstance(params, dict):
        return str(err)
    return shown({"key": key, "params": params}, fallback=str(err))


def alert(app: App, title: str, message: str) -> ConfirmDialog:
    """Show a message with one OK button."""
    return app.push(ConfirmDialog(app, title, message, [(t("common.ok"), None, "primary")]))


def confirm(
    app: App, title: str, message: str, on_yes: Callable[[], Any], yes: str | None = None, no: str | None = None
) -> ConfirmDialog:
    """Ask yes/no; on_yes runs only for yes."""
    # The action wears the main action's terracotta, as on every screen; the safe choice is lapis.
    choices: list[Choice] = [(no or t("common.no"), None, "primary"), (yes or t("common.yes"), on_yes, "warm")]
    return app.push(ConfirmDialog(app, title, message, choices))
