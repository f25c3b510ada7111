"""A player's name: picked from offered names with the mouse, or typed on a keyboard.

Owns: `NameField`, the Cycler of offered names (◀ ▶ step through them, for a sofa and one mouse) whose
middle is a text field: a click there (or, where the screen has one name, simply typing) shows a caret;
typed text (pygame TEXTINPUT, so an input method's Chinese too, its composition shown as it is typed),
Backspace, Delete, ← → Home End edit it; Enter or a click elsewhere takes the name, Esc or a right click
puts the old one back. A name is trimmed (inner runs of spaces made one), never empty, at most MAX_CHARS
characters and never wider than a seat's tablet at the table has room for; a name the screen's `allowed`
refuses (someone at the table goes by it) or one the fonts cannot draw is refused with a reason, said
through `refuse` (`refuse_in_dialog` shows it in a dialog), and the old name stays. `remember_name` keeps the
name a player chose as theirs (in Settings, saved at once) and `remembered_name` gives it back, for the host, join
and New-game screens to offer it first.

Must not import: game.rules, net, or any scene (the dialog is imported when a refusal is shown).
"""

from __future__ import annotations

from collections.abc import Callable, Sequence
from typing import TYPE_CHECKING, Any

import pygame

from game.i18n import t
from game.ui.kit import theme as th
from game.ui.kit.widgets import STYLES, Cycler

if TYPE_CHECKING:
    from game.ui.app import App
    from game.ui.kit.theme import Theme

MAX_CHARS = 24  # what the LAN protocol carries (net.protocol.MAX_NAME)
# A seat's tablet at the table has 270 px at 1080p for its name (TableLayout, 2 to 4 players): a name that fits
# there at the small text size is never cut, on the tablets or in the lobbies' lines.
ROOM_1080 = 270
ROOM_TEXT = th.TEXT_SMALL
ACCEPT_KEYS = (pygame.K_RETURN, pygame.K_KP_ENTER)


def tidy(name: str) -> str:
    """Return a typed name as it is kept: no spaces at either end, one space between words."""
    return " ".join(name.split())


class NameField(Cycler):
    """Offered names on ◀ ▶, and a typed one: `NameField(theme, value, offered, on_change, allowed=..., refuse=...)`.

    label formats the name when it is not being typed ("You: {}"); keys_start lets typing begin without a
    click first (a screen with one name field).
    """

    def __init__(self, theme: Theme, value: str, offered: Callable[[], Sequence[str]],
                 on_change: Callable[[str], Any] | None = None, *, allowed: Callable[[str], bool] | None = None,
                 refuse: Callable[[str], None] | None = None, label: str = "{}", text_size: int = th.TEXT_BODY,
                 keys_start: bool = True) -> None:
        self.theme_, self.offered, self.label_format = theme, offered, label
        self.refuse, self.keys_start = refuse, keys_start
        super().__init__(self._options(value), value, on_change, allowed=allowed, text_size=text_size)
        self.middle.on_click = self.begin
        self.middle.sound = None  # a click into a text field is not a button's click
        self.editing = False
        self.draft = ""
        self.caret = 0
        self.fresh = False  # the whole old name is chosen: the first letter typed replaces it
        self.composing = ""  # an input method's text not yet committed
        self.full = False  # the last letter typed did not fit: the caret turns terracotta until the next key

    def _options(self, typed: str) -> list[tuple[str, str]]:
        offered = list(self.offered())
        names = offered if typed in offered else [*offered, typed]
        return [(n, self.label_format.format(n)) for n in names]

    # -- editing -----------------------------------------------------------------------------------
    def begin(self) -> None:
        """Show the caret after the name, the whole name chosen (typing replaces it, ← → keep it)."""
        if self.editing or not (self.visible and self.enabled):
            return
        self.editing, self.draft, self.caret, self.fresh, self.composing = True, self.value, len(self.value), True, ""
        pygame.key.start_text_input()
        pygame.key.set_text_input_rect(self.middle.rect)  # the input method's window opens beside the name

    def type(self, text: str) -> None:
        """Put typed text at the caret, a character at a time while the name fits."""
        self.begin()
        if self.fresh:
            self.draft, self.caret, self.fresh = "", 0, False
        for char in text:
            if not char.isprintable():
                continue
            name = self.draft[: self.caret] + char + self.draft[self.caret:]
            self.full = not self.fits(name)
            if self.full:
                break
            self.draft, self.caret = name, self.caret + 1

    def fits(self, name: str) -> bool:
        """Whether a name is short enough to be kept whole on every screen that shows it."""
        tm = self.theme_
        return len(name) <= MAX_CHARS and tm.measure(name, ROOM_TEXT) <= tm.s(ROOM_1080)

    def key(self, key: int) -> None:
        """Backspace, Delete and the caret keys while typing."""
        if self.fresh and key in (pygame.K_BACKSPACE, pygame.K_DELETE):
            self.draft, self.caret = "", 0
        elif key == pygame.K_BACKSPACE and self.caret > 0:
            self.draft, self.caret = self.draft[: self.caret - 1] + self.draft[self.caret:], self.caret - 1
        elif key == pygame.K_DELETE:
            self.draft = self.draft[: self.caret] + self.draft[self.caret + 1:]
        elif key in (pygame.K_LEFT, pygame.K_RIGHT, pygame.K_HOME, pygame.K_END):
            ends = {pygame.K_LEFT: self.caret - 1, pygame.K_RIGHT: self.caret + 1, pygame.K_HOME: 0,
                    pygame.K_END: len(self.draft)}
            self.caret = min(len(self.draft), max(0, ends[key]))
        self.fresh = self.full = False

    def accept(self) -> None:
        """Take the typed name, or say why not and keep the old one."""
        if not self.editing:
            return
        self.editing, self.composing = False, ""
        name = tidy(self.draft)
        if name == self.value:
            return
        reason = self.refusal(name)
        if reason:
            if self.refuse is not None:
                self.refuse(reason)
            return
        self._take(name)

    def refusal(self, name: str) -> str:
        """Return why a name cannot be taken ("" when it can)."""
        if not name:
            return t("name.empty")
        if not self.theme_.can_draw(name):
            return t("name.cannot_show")
        if self.allowed is not None and not self.allowed(name):
            return t("name.taken", name=name)
        return ""

    def cancel(self) -> None:
        """Leave the name as it was."""
        self.editing, self.composing, self.fresh = False, "", False

    def _take(self, name: str) -> None:
        self.set_options(self._options(name), name)
        self.flash = 1.0
        if self.on_change is not None:
            self.on_change(name)

    # -- input -------------------------------------------------------------------------------------
    def click_away(self, event: pygame.event.Event) -> None:
        """A click anywhere but this field takes a name being typed (the screen calls this before its widgets,
        so that the click then does what it was aimed at)."""
        if self.editing and event.type == pygame.MOUSEBUTTONDOWN and event.button == 1 \
                and not self.middle.rect.collidepoint(event.pos):
            self.accept()

    def handle(self, event: pygame.event.Event) -> bool:
        if not (self.visible and self.enabled):
            self.cancel()
            return False
        if event.type == pygame.TEXTINPUT and (self.editing or self.keys_start):
            self.composing = ""
            self.type(event.text)
            return True
        if not self.editing:
            if event.type == pygame.KEYDOWN and event.key == pygame.K_BACKSPACE and self.keys_start:
                self.begin()
                self.key(event.key)
                return True
            return super().handle(event)
        return self._handle_editing(event)

    def _handle_editing(self, event: pygame.event.Event) -> bool:
        if event.type == pygame.TEXTEDITING:
            self.composing = event.text
            return True
        if event.type == pygame.KEYDOWN:
            if event.key in ACCEPT_KEYS:
                self.accept()
            elif event.key == pygame.K_ESCAPE:
                self.cancel()
            else:
                self.key(event.key)
            return True  # every key belongs to the name now (Esc is not "back")
        if event.type == pygame.MOUSEBUTTONUP and event.button == 3:
            self.cancel()
            return True
        if event.type == pygame.MOUSEBUTTONDOWN and event.button == 1 and not self.middle.rect.collidepoint(event.pos):
            self.accept()
        return super().handle(event)

    # -- per frame ---------------------------------------------------------------------------------
    def draw(self, surface: pygame.Surface, theme: Theme) -> None:
        if not self.editing or not self.visible:
            super().draw(surface, theme)
            return
        self.middle.text = ""
        self.middle.hover_t = 1.0  # the field being typed in glows as a hovered one does
        for part in self.parts():
            part.draw(surface, theme)
        face = self.middle.face_rect(theme)
        box = face.inflate(-2 * theme.s(16), -2 * theme.s(6))
        before, after = self.draft[: self.caret] + self.composing, self.draft[self.caret:]
        shown = before + after
        size = self.text_size
        while size > th.MIN_TEXT_1080 and theme.measure(shown, size) > box.width:
            size -= 2
        px = theme.s(size)
        width = theme.width(shown, px) if shown else 0  # measured as drawn: the caret sits where it draws
        left = box.centerx - width // 2
        ink = STYLES[self.middle.style][2]
        if self.fresh and shown:
            chosen = pygame.Rect(left - theme.s(4), box.top + theme.s(6), width + theme.s(8), box.height - theme.s(12))
            pygame.draw.rect(surface, th.GOLD_LIGHT, chosen, border_radius=theme.s(6))
        if shown:
            theme.blit_text(surface, shown, size, ink, within=box, midleft=(left, box.centery))
        if self.composing:
            start = left + theme.width_within(shown, self.draft[: self.caret], px)
            end = left + theme.width_within(shown, before, px)
            y = box.centery + theme.s(size) // 2
            pygame.draw.line(surface, ink, (start, y), (end, y), max(1, theme.s(3)))
        if int(self._age * 2) % 2 == 0 or self.full:  # the caret blinks; it stays lit while the name is full
            x = left + (theme.width_within(shown, before, px) if before else 0)
            color = th.TERRACOTTA if self.full else ink
            half = theme.s(size) // 2
            pygame.draw.line(surface, color, (x, box.centery - half), (x, box.centery + half), max(2, theme.s(4)))


def remembered_name(app: App) -> str:
    """Return the name this player chose last on the host or join screens, in any run ("" until they choose)."""
    return app.settings.player_name


def remember_name(app: App, name: str) -> None:
    """Keep name as this player's (Settings, saved now: a window closed after the game must not forget it)."""
    if name and app.settings.player_name != name:
        app.settings.player_name = name
        app.settings.save()


def refuse_in_dialog(app: App) -> Callable[[str], None]:
    """Return a `refuse` that says why a name was refused in a dialog over the screen."""

    def say(reason: str) -> None:
        from game.ui.kit.dialog import alert

        alert(app, t("name.refused"), reason)

    return say
