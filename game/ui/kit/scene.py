"""The Scene base class: one screen of the client on the App's scene stack.

Owns: the life cycle every screen follows (enter, exit, layout, handle, update, draw), the
default "back" behaviour (right click or ESC pops the scene), and a widget list so that simple
screens need no event plumbing of their own.

Must not import: game.rules, net, or any concrete scene.
"""

from __future__ import annotations

from typing import TYPE_CHECKING, Any

import pygame

if TYPE_CHECKING:
    from game.ui.app import App
    from game.ui.kit.theme import Theme


class Scene:
    """A screen. Subclasses override what they need; all methods have harmless defaults.

    - `overlay`: True for modal overlays (dialogs): the scene below is still drawn (and animated)
      but receives no input.
    - `widgets`: objects with handle(event)->bool, update(dt), draw(surface, theme); the default
      handle/update/draw pass everything to them, in order.
    - `buttons`: name -> widget, so tests and other authors can find a button's rect by name.
    """

    overlay: bool = False
    # Frames per second this scene wants while nothing else moves (the title's rivers and stars);
    # 0: it is redrawn only on input or while animating() says so (the idle loop, game.ui.app).
    ambient_fps: float = 0
    intro_seconds: float = 1.2  # how long the intro animations run (scaled by the speed setting)

    def __init__(self, app: App) -> None:
        self.app = app
        self.widgets: list[Any] = []
        self.buttons: dict[str, Any] = {}
        self.age = 0.0  # animation seconds since enter, for intro animations

    @property
    def theme(self) -> Theme:
        return self.app.theme

    # -- life cycle --------------------------------------------------------------------------------
    def enter(self) -> None:
        """Called when the scene becomes part of the stack (after layout)."""

    def exit(self) -> None:
        """Called when the scene leaves the stack."""

    def resume(self) -> None:
        """Called when the scene above this one was popped."""

    def layout(self, size: tuple[int, int]) -> None:
        """Compute every rect for this window size; called on push and on every resize."""

    # -- per frame ---------------------------------------------------------------------------------
    def handle(self, event: pygame.event.Event) -> bool:
        """Handle one input event; return True if it was used (then it is not a "back" gesture)."""
        for widget in reversed(self.widgets):
            if widget.handle(event):
                return True
        return False

    def update(self, dt: float) -> None:
        """Advance by dt real seconds; use self.app.anim_dt(dt) for transitions."""
        adt = self.app.anim_dt(dt)
        self.age += adt  # intro animations follow the speed setting ("off" = already finished)
        for widget in self.widgets:
            widget.update(adt)

    def draw(self, surface: pygame.Surface) -> None:
        for widget in self.widgets:
            widget.draw(surface, self.theme)

    def animating(self) -> bool:
        """Whether this scene has something moving that needs every frame (the intro, by default)."""
        return self.age < self.intro_seconds

    def back(self) -> None:
        """Right click / ESC: leave this scene. Override to confirm or to refuse."""
        if len(self.app.stack) > 1:
            self.app.pop()

    # -- helpers -----------------------------------------------------------------------------------
    def add(self, name: str | None, widget: Any) -> Any:
        """Add a widget (named ones are listed in self.buttons for tests and callers)."""
        self.widgets.append(widget)
        if name:
            self.buttons[name] = widget
        return widget

    def button_rect(self, name: str) -> pygame.Rect:
        """Where a named widget is on screen now (tests click its center)."""
        return self.buttons[name].rect.copy()
