"""Mouse-only widgets sized for a TV: Button, Toggle, Stepper, Cycler and Label (panels: game.ui.kit.panels).

Owns: how a clickable thing looks and answers the mouse (hover glow, pressed, disabled with a
hint, a click sound through one hook, an intro "pop"). Widgets are placed by their scene's
`layout()` via `set_rect()`; `hit_rects()` lists every clickable area (the sofa tests measure them).
The modal confirm dialog is in game.ui.kit.dialog (it is a scene, not a widget).

A little over 400 lines: five small widget classes on one base, each under 100 lines; they share the
base's hover, press and hint drawing, and every scene imports them together.

Must not import: game.rules, net, or any scene.
"""

from __future__ import annotations

from collections.abc import Callable, Sequence
from typing import Any

import pygame

from game.ui.kit import theme as th
from game.ui.kit.anim import approach, clamp01, ease_out_back
from game.ui.kit.panels import draw_icon, draw_shadow, shadow_layer
from game.ui.kit.theme import Theme

_sound_hook: Callable[[str], None] | None = None


def set_sound_hook(hook: Callable[[str], None] | None) -> None:
    """Give widgets a way to play sounds (the App passes its `play`)."""
    global _sound_hook
    _sound_hook = hook


def play_sound(name: str | None) -> None:
    if name and _sound_hook is not None:
        _sound_hook(name)


# -- widgets ---------------------------------------------------------------------------------------
class Widget:
    """Something on screen that may answer the mouse. Subclasses override activate() and draw()."""

    sound: str | None = "click"

    def __init__(self, enabled: bool = True) -> None:
        self.rect = pygame.Rect(0, 0, 0, 0)
        self.enabled = enabled
        self.visible = True
        self.hovered = False
        self.pressed = False
        self.hover_t = 0.0
        self.intro_delay = 0.0  # seconds before this widget pops in
        self._age = 0.0

    def set_rect(self, rect: pygame.Rect) -> None:
        self.rect = pygame.Rect(rect)

    def hit_rects(self) -> list[pygame.Rect]:
        """Every area a click acts on (composites list their parts)."""
        return [self.rect] if self.visible else []

    def contains(self, pos: tuple[int, int]) -> bool:
        return self.visible and any(r.collidepoint(pos) for r in self.hit_rects())

    def handle(self, event: pygame.event.Event) -> bool:
        if not self.visible:
            return False
        if event.type == pygame.MOUSEMOTION:
            self.hovered = self.contains(event.pos)
            return False
        if event.type == pygame.MOUSEBUTTONDOWN and event.button == 1 and self.contains(event.pos):
            self.hovered = True
            self.pressed = self.enabled
            return True  # a disabled widget still swallows the click: nothing behind it fires
        if event.type == pygame.MOUSEBUTTONUP and event.button == 1 and self.pressed:
            self.pressed = False
            if self.contains(event.pos) and self.enabled:
                play_sound(self.sound)
                self.activate(event.pos)
            return True
        return False

    def activate(self, pos: tuple[int, int]) -> None:
        """A completed left click on this widget."""

    def update(self, dt: float) -> None:
        self._age += dt
        target = 1.0 if (self.hovered and self.enabled) else 0.0
        self.hover_t = approach(self.hover_t, target, 14.0, dt)

    @property
    def appear(self) -> float:
        """0..1 intro progress, with a little overshoot."""
        return ease_out_back(clamp01((self._age - self.intro_delay) / 0.4))

    def draw(self, surface: pygame.Surface, theme: Theme) -> None:
        pass


STYLES: dict[str, tuple[pygame.Color, pygame.Color, pygame.Color]] = {
    # fill, border, text
    "primary": (th.LAPIS, th.GOLD, th.CREAM),
    "warm": (th.TERRACOTTA, th.GOLD, th.CREAM),
    "quiet": (th.SAND_LIGHT, th.CLAY, th.INK),
    "dark": (pygame.Color(74, 52, 44), th.CLAY, th.SAND_LIGHT),
}


def face_colors(fill: pygame.Color, hover: float, pressed: bool = False) -> tuple[pygame.Color, pygame.Color]:
    """A button face and the sheen on its upper third. Hover lightens only a little: the label must
    keep >= 4.5:1 on both (the glowing border and the lift say "hover" instead)."""
    top = th.lerp_color(fill, th.CREAM, HOVER_LIGHTEN * hover) if not pressed else th.lerp_color(fill, th.SHADOW, 0.1)
    return top, th.lerp_color(top, th.CREAM, HOVER_LIGHTEN)


HOVER_LIGHTEN = 0.06


class Button(Widget):
    """A big clay-tablet button: label, optional hint line, optional drawn icon."""

    def __init__(
        self,
        text: str,
        on_click: Callable[[], Any] | None = None,
        *,
        hint: str = "",
        style: str = "primary",
        text_size: int = th.TEXT_BODY,
        icon: str | None = None,
        enabled: bool = True,
    ) -> None:
        super().__init__(enabled)
        self.text, self.on_click, self.hint = text, on_click, hint
        self.style, self.text_size, self.icon = style, text_size, icon

    def activate(self, pos: tuple[int, int]) -> None:
        if self.on_click is not None:
            self.on_click()

    def face_rect(self, theme: Theme) -> pygame.Rect:
        """Where the face is drawn this frame: lifted on hover, pushed when pressed, popping in."""
        lift = round(theme.s(5) * self.hover_t)
        drop = theme.s(4) if self.pressed else 0
        rise = round((1 - self.appear) * theme.s(70))
        return self.rect.move(0, drop - lift + rise)

    def draw(self, surface: pygame.Surface, theme: Theme) -> None:
        if not self.visible or self.appear <= 0.01:
            return
        fill, border, ink = STYLES[self.style]
        if not self.enabled:
            fill, border, ink = (
                th.DISABLED_FILL,
                th.lerp_color(th.DISABLED_FILL, th.SHADOW, 0.3),
                th.DISABLED_TEXT,
            )
        face = self.face_rect(theme)
        rad = theme.s(18)
        depth = theme.s(7)
        draw_shadow(surface, face.move(0, depth), rad, theme.s(8), 90 if self.enabled else 60)
        # The darker base band makes a raised tablet; the face sits on it.
        pygame.draw.rect(surface, th.lerp_color(fill, th.SHADOW, 0.45), face.move(0, depth), border_radius=rad)
        top, sheen = face_colors(fill, self.hover_t, self.pressed)
        pygame.draw.rect(surface, top, face, border_radius=rad)
        band = face.inflate(-theme.s(14), -theme.s(14))
        band.height = max(1, face.height // 3)
        pygame.draw.rect(surface, sheen, band, border_radius=rad // 2)
        glow = th.lerp_color(border, th.GOLD_LIGHT, self.hover_t)
        pygame.draw.rect(surface, glow, face, width=max(2, theme.s(3 + 2 * self.hover_t)), border_radius=rad)
        self._draw_label(surface, theme, face, ink)

    def _draw_label(self, surface: pygame.Surface, theme: Theme, face: pygame.Rect, ink: pygame.Color) -> None:
        if self.icon:
            side = min(face.width, face.height) * 2 // 5
            icon = pygame.Rect(0, 0, side, side)
            if not self.text:
                icon.center = face.center
                draw_icon(surface, self.icon, icon, ink)
                return
            # An icon beside a label: the icon hugs the left, the label centres in what is left.
            icon.midleft = (face.left + face.height // 3, face.centery)
            draw_icon(surface, self.icon, icon, ink)
            face = face.copy()
            face.width -= icon.right - face.left
            face.left = icon.right
        box = face.inflate(-2 * theme.s(14), -2 * theme.s(6))
        if self.hint and not self.enabled:
            upper, lower = box.copy(), box.copy()
            upper.height = box.height * 3 // 5
            lower.top, lower.height = upper.bottom, box.height - upper.height
            theme.blit_fit(surface, self.text, self.text_size, ink, upper, valign="bottom", max_lines=1)
            theme.blit_fit(surface, self.hint, th.TEXT_SMALL, th.SAND_LIGHT, lower, valign="top", max_lines=1)
        else:
            theme.blit_fit(surface, self.text, self.text_size, ink, box, shadow=self.enabled)


class Toggle(Widget):
    """A labelled on/off switch; the whole row is the hit area."""

    def __init__(
        self,
        label: str,
        value: bool,
        on_change: Callable[[bool], Any] | None = None,
        *,
        hint: str = "",
        ink: pygame.Color = th.INK,
    ) -> None:
        super().__init__()
        self.label, self.value, self.on_change, self.hint, self.ink = label, value, on_change, hint, ink
        self.knob_t = 1.0 if value else 0.0

    def activate(self, pos: tuple[int, int]) -> None:
        self.value = not self.value
        if self.on_change is not None:
            self.on_change(self.value)

    def update(self, dt: float) -> None:
        super().update(dt)
        self.knob_t = approach(self.knob_t, 1.0 if self.value else 0.0, 16.0, dt)

    def draw(self, surface: pygame.Surface, theme: Theme) -> None:
        if not self.visible or self.appear <= 0.01:
            return
        row = self.rect.move(0, round((1 - self.appear) * theme.s(50)))
        if self.hover_t > 0.02:
            hl = shadow_layer(row.size, theme.s(16), round(40 * self.hover_t))
            surface.blit(hl, row)
        pill = pygame.Rect(0, 0, theme.s(116), theme.s(60))
        pill.midright = (row.right - theme.s(14), row.centery)
        on = th.lerp_color(th.DISABLED_FILL, th.TILE_COLORS["green"], self.knob_t)
        pygame.draw.rect(surface, on, pill, border_radius=pill.height // 2)
        pygame.draw.rect(
            surface,
            th.lerp_color(th.CLAY, th.GOLD, self.hover_t),
            pill,
            width=max(2, theme.s(3)),
            border_radius=pill.height // 2,
        )
        knob_r = pill.height // 2 - theme.s(6)
        x = pill.left + pill.height // 2 + round(self.knob_t * (pill.width - pill.height))
        pygame.draw.circle(surface, th.CREAM, (x, pill.centery), knob_r)
        pygame.draw.circle(surface, th.CLAY, (x, pill.centery), knob_r, max(1, theme.s(2)))
        left = row.left + theme.s(16)
        words = pygame.Rect(left, row.top, pill.left - theme.s(24) - left, row.height)
        if self.hint:
            upper, lower = words.copy(), words.copy()
            upper.height = words.height * 11 // 20
            lower.top, lower.height = upper.bottom, words.height - upper.height
            label, hint = (self.label, th.TEXT_BODY, self.ink), (self.hint, th.TEXT_SMALL, hint_ink(self.ink))
            theme.blit_fit(surface, *label, upper, align="left", valign="bottom", max_lines=1)
            theme.blit_fit(surface, *hint, lower, align="left", valign="top", max_lines=1)
        else:
            theme.blit_fit(surface, self.label, th.TEXT_BODY, self.ink, words, align="left")


class Stepper(Widget):
    """A number between big − and + buttons."""

    def __init__(
        self,
        value: int,
        lo: int,
        hi: int,
        on_change: Callable[[int], Any] | None = None,
        *,
        fmt: Callable[[int], str] = str,
        ink: pygame.Color = th.INK,
    ) -> None:
        super().__init__()
        self.value, self.lo, self.hi, self.on_change, self.fmt, self.ink = value, lo, hi, on_change, fmt, ink
        self.minus = Button("", lambda: self.step(-1), icon="minus", style="warm")
        self.plus = Button("", lambda: self.step(+1), icon="plus", style="warm")
        self.bump = 0.0  # value "pop" when it changes

    def step(self, delta: int) -> None:
        new = min(self.hi, max(self.lo, self.value + delta))
        if new != self.value:
            self.value = new
            self.bump = 1.0
            if self.on_change is not None:
                self.on_change(new)
        self._sync()

    def _sync(self) -> None:
        self.minus.enabled = self.value > self.lo
        self.plus.enabled = self.value < self.hi

    def set_rect(self, rect: pygame.Rect) -> None:
        super().set_rect(rect)
        side = rect.height
        self.minus.set_rect(pygame.Rect(rect.left, rect.top, side, side))
        self.plus.set_rect(pygame.Rect(rect.right - side, rect.top, side, side))
        self._sync()

    def hit_rects(self) -> list[pygame.Rect]:
        return [self.minus.rect, self.plus.rect] if self.visible else []

    def handle(self, event: pygame.event.Event) -> bool:
        return self.visible and (self.minus.handle(event) | self.plus.handle(event))

    def update(self, dt: float) -> None:
        super().update(dt)
        for part in (self.minus, self.plus):
            part._age = self._age  # the parts pop in with the whole
            part.intro_delay = self.intro_delay
            part.update(dt)
        self.bump = approach(self.bump, 0.0, 8.0, dt)

    def draw(self, surface: pygame.Surface, theme: Theme) -> None:
        if not self.visible:
            return
        self.minus.draw(surface, theme)
        self.plus.draw(surface, theme)
        size = round(th.TEXT_HUGE * (1 + 0.25 * self.bump))
        gap = theme.s(8)
        box = self.rect.inflate(-2 * (self.rect.height + gap), 0)
        theme.blit_fit(surface, self.fmt(self.value), size, self.ink, box, max_lines=1)


class Cycler(Widget):
    """Click to cycle through options; ◀ and ▶ step back and forth. `allowed` skips taken options."""

    def __init__(
        self,
        options: Sequence[tuple[Any, str]],
        value: Any,
        on_change: Callable[[Any], Any] | None = None,
        *,
        allowed: Callable[[Any], bool] | None = None,
        decorate: Callable[[pygame.Surface, pygame.Rect, Any], None] | None = None,
        text_size: int = th.TEXT_BODY,
        style: str = "quiet",
    ) -> None:
        super().__init__()
        self.options, self.value, self.on_change = list(options), value, on_change
        self.allowed, self.decorate, self.text_size = allowed, decorate, text_size
        self.left = Button("", lambda: self.cycle(-1), icon="left", style="warm")
        self.right = Button("", lambda: self.cycle(+1), icon="right", style="warm")
        self.middle = Button("", lambda: self.cycle(+1), style=style, text_size=text_size)
        self.flash = 0.0

    @property
    def label(self) -> str:
        return next((text for value, text in self.options if value == self.value), str(self.value))

    def cycle(self, delta: int) -> None:
        """Move to the next allowed option in that direction (wrapping)."""
        values = [v for v, _ in self.options]
        i = values.index(self.value) if self.value in values else 0
        for k in range(1, len(values) + 1):
            candidate = values[(i + delta * k) % len(values)]
            if self.allowed is None or self.allowed(candidate) or candidate == self.value:
                break
        if candidate != self.value:
            self.value = candidate
            self.flash = 1.0
            if self.on_change is not None:
                self.on_change(candidate)

    def set_options(self, options: Sequence[tuple[Any, str]], value: Any) -> None:
        self.options, self.value = list(options), value

    def set_rect(self, rect: pygame.Rect) -> None:
        super().set_rect(rect)
        h = rect.height
        side = round(h * 0.76)  # arrows a little narrower than tall leave room for the label
        gap = max(4, h // 12)
        self.left.set_rect(pygame.Rect(rect.left, rect.top, side, h))
        self.right.set_rect(pygame.Rect(rect.right - side, rect.top, side, h))
        self.middle.set_rect(pygame.Rect(rect.left + side + gap, rect.top, rect.width - 2 * (side + gap), h))

    def parts(self) -> tuple[Button, Button, Button]:
        return self.left, self.middle, self.right

    def hit_rects(self) -> list[pygame.Rect]:
        return [p.rect for p in self.parts()] if self.visible else []

    def handle(self, event: pygame.event.Event) -> bool:
        if not self.visible:
            return False
        used = False
        for part in self.parts():
            part.enabled = self.enabled
            used |= part.handle(event)
        return used

    def update(self, dt: float) -> None:
        super().update(dt)
        for part in self.parts():
            part._age, part.intro_delay = self._age, self.intro_delay
            part.update(dt)
        self.flash = approach(self.flash, 0.0, 7.0, dt)

    def draw(self, surface: pygame.Surface, theme: Theme) -> None:
        if not self.visible:
            return
        self.middle.text = ""
        for part in self.parts():
            part.draw(surface, theme)
        face = self.middle.face_rect(theme)
        ink = STYLES[self.middle.style][2] if self.enabled else th.DISABLED_TEXT
        box = face.inflate(-2 * theme.s(12), -2 * theme.s(6))
        if self.decorate is not None:
            icon = pygame.Rect(0, 0, face.height * 3 // 4, face.height * 3 // 4)
            icon.midleft = (face.left + theme.s(12), face.centery)
            self.decorate(surface, icon, self.value)
            box.width -= icon.right + theme.s(8) - box.left
            box.left = icon.right + theme.s(8)
        size = round(self.text_size * (1 + 0.12 * self.flash))
        theme.blit_fit(surface, self.label, size, ink, box)


class Label(Widget):
    """Static text placed by the scene (anchor is a Rect keyword such as "center" or "midtop")."""

    sound = None

    def __init__(
        self,
        text: str,
        size: int = th.TEXT_BODY,
        color: pygame.Color = th.CREAM,
        anchor: str = "center",
        shadow: bool = False,
    ) -> None:
        super().__init__()
        self.text, self.size, self.color, self.anchor, self.shadow = text, size, color, anchor, shadow
        self.pos = (0, 0)
        self.box: pygame.Rect | None = None  # when set, the text is fitted inside it instead of anchored

    def hit_rects(self) -> list[pygame.Rect]:
        return []

    def handle(self, event: pygame.event.Event) -> bool:
        return False

    def draw(self, surface: pygame.Surface, theme: Theme) -> None:
        if not (self.visible and self.text):
            return
        if self.box is not None:
            align = "left" if "left" in self.anchor else "right" if "right" in self.anchor else "center"
            theme.blit_fit(surface, self.text, self.size, self.color, self.box, align=align, shadow=self.shadow)
        else:
            place: dict[str, Any] = {self.anchor: self.pos}  # a Rect keyword chosen at run time: center, topleft...
            theme.blit_text(surface, self.text, self.size, self.color, shadow=self.shadow, **place)


def hint_ink(ink: pygame.Color) -> pygame.Color:
    """The colour of a hint line under a label: quieter than the label, still >= 4.5:1 on its panel."""
    return th.HINT_ON_SAND if th.luminance(ink) < 0.2 else th.HINT_ON_DARK
