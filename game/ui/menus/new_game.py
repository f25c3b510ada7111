"""The New game screen: seats (2-4), each with a dynasty, a name and who plays it; the variants.

Owns: NewGameScene and the config it hands to `app.hooks.start_game(app, config)`:

    {"players": n,
     "seats": [{"name": str, "dynasty": "bull"|"lion"|"archer"|"urn", "kind": "human"|"computer",
                "level": str (only for computers: one of game.rules.vocabulary.LEVELS)}, ...],
     "variants": subset of game.rules.vocabulary.VARIANTS,
     "seed": int}

Everything is chosen with the mouse: names cycle through a list of Mesopotamian names (the
catalogue's `new_game.names`: their Chinese transliterations in 繁體中文), or a name is typed after a click
on it (game.ui.kit.name_field); each dynasty and each name is held by at most one seat. Computer players
are offered only when `game.ai` exposes LEVELS. The last choices are kept in app.shared for "Play again" and Back.

Must not import: game.rules, net, the table scene (the hook imports it).
"""

from __future__ import annotations

from typing import TYPE_CHECKING, Any

import pygame

from game.i18n import LANGUAGES, name_of, t, t_in
from game.rules.vocabulary import LEVELS, VARIANTS_SHOWN
from game.session import new_seed
from game.ui.kit import theme as th
from game.ui.kit.name_field import NameField, refuse_in_dialog, remembered_name
from game.ui.kit.panels import draw_panel
from game.ui.kit.widgets import Button, Cycler, Stepper, Toggle
from game.ui.menus.menu import MARGIN, MenuScene
from game.ui.table.pieces import draw_emblem

if TYPE_CHECKING:
    from game.ui.app import App

def offered_names(language: str | None = None) -> tuple[str, ...]:
    """The player names New game offers in a language (the current one by default): the same twenty
    Mesopotamian names, in the catalogue so that the bundled font holds their glyphs."""
    text = t("new_game.names") if language is None else t_in(language, "new_game.names")
    return tuple(name.strip() for name in text.split("|") if name.strip())


def in_this_language(name: str) -> str:
    """An offered name from another language becomes the same person's name in this one; others stay."""
    here = offered_names()
    for language in LANGUAGES:
        there = offered_names(language)
        if name in there and there.index(name) < len(here):
            return here[there.index(name)]
    return name


OPTIONS = VARIANTS_SHOWN  # named variant.<v>, hinted new_game.<v>.hint
CHOICES_KEY = "new_game_choices"


def kind_options(levels: tuple[str, ...]) -> list[tuple[str, str]]:
    return [("human", t("new_game.human"))] + [
        (f"computer:{level}", t("new_game.computer", level=name_of("level", level))) for level in levels]


class SeatRow:
    """One seat's three cyclers: dynasty (with its emblem), name, and who plays it."""

    def __init__(self, scene: NewGameScene, index: int, seat: dict[str, str], kinds: list[tuple[str, str]]):
        self.index = index
        self.dynasty = Cycler(
            [(d, name_of("dynasty", d)) for d in th.DYNASTIES],
            seat["dynasty"],
            allowed=lambda d: scene.free("dynasty", d, index),
            decorate=lambda surf, rect, d: draw_emblem(scene.app, surf, rect, d),
        )
        self.name = NameField(scene.app.theme, in_this_language(seat["name"]), offered_names,
                              allowed=lambda n: scene.free("name", n, index), refuse=refuse_in_dialog(scene.app),
                              keys_start=False)  # four names: typing goes to the one clicked
        self.kind = Cycler(
            kinds, seat.get("kind", "human") if any(k == seat.get("kind") for k, _ in kinds) else "human"
        )
        self.kind.visible = len(kinds) > 1
        self.rect = pygame.Rect(0, 0, 0, 0)

    @property
    def widgets(self) -> list[Cycler]:
        return [self.dynasty, self.name, self.kind]

    def set_visible(self, on: bool, has_kinds: bool) -> None:
        self.dynasty.visible = self.name.visible = on
        self.kind.visible = on and has_kinds

    def seat(self) -> dict[str, str]:
        out = {"name": self.name.value, "dynasty": self.dynasty.value, "kind": "human"}
        if self.kind.value.startswith("computer:"):
            out.update(kind="computer", level=self.kind.value.split(":", 1)[1])
        return out


class NewGameScene(MenuScene):
    """Choose the seats and the variants, then Start."""

    def __init__(self, app: App) -> None:
        self.heading = t("new_game.heading")
        super().__init__(app)
        self.levels = LEVELS
        kinds = kind_options(self.levels)
        saved: dict[str, Any] = app.shared.get(CHOICES_KEY) or {}
        seats = saved.get("seats") or [
            {"name": offered_names()[i], "dynasty": th.DYNASTIES[i], "kind": "human"} for i in range(4)
        ]
        mine = remembered_name(app)
        if not saved.get("seats") and mine:
            # The first seat is this player's: the name they chose last; the others take offered names but that one.
            others = [name for name in offered_names() if name.casefold() != mine.casefold()]
            for seat, name in zip(seats, [mine, *others], strict=False):
                seat["name"] = name
        self.players = self.add("players", Stepper(saved.get("players", 2), 2, 4, self.set_players))
        self.rows = [SeatRow(self, i, seats[i], kinds) for i in range(4)]
        for row in self.rows:
            for j, widget in enumerate(row.widgets):
                self.add(f"seat{row.index}_{('dynasty', 'name', 'kind')[j]}", widget)
                widget.intro_delay = 0.2 + 0.07 * row.index + 0.03 * j
        variants = set(saved.get("variants", ()))
        self.toggles = {}
        for i, key in enumerate(OPTIONS):
            toggle = self.add(key, Toggle(name_of("variant", key), key in variants, hint=t(f"new_game.{key}.hint")))
            toggle.intro_delay = 0.3 + 0.07 * i
            self.toggles[key] = toggle
        self.add_back_button()
        self.start = self.add("start", Button(t("new_game.start"), self.start_game, style="warm",
                                              text_size=th.TEXT_LARGE))
        self.start.intro_delay = 0.6
        self.seat_panel = self.option_panel = pygame.Rect(0, 0, 0, 0)
        self.captions: list[tuple[str, tuple[int, int]]] = []
        self.set_players(self.players.value)

    # -- choices -----------------------------------------------------------------------------------
    @property
    def count(self) -> int:
        return self.players.value

    def free(self, what: str, value: str, index: int) -> bool:
        """True if no other seat in play holds this dynasty or name."""
        rows = self.rows[: self.count] if hasattr(self, "rows") else []
        return all(getattr(row, what).value.casefold() != value.casefold() for row in rows if row.index != index)

    def handle(self, event: pygame.event.Event) -> bool:
        for row in self.rows:  # a click elsewhere takes a name being typed, then does what it was aimed at
            row.name.click_away(event)
        return super().handle(event)

    def set_players(self, n: int) -> None:
        # A seat coming back into play gives up a dynasty or name that a seat in play took meanwhile.
        for row in self.rows[:n]:
            for what, pool in (("dynasty", th.DYNASTIES), ("name", offered_names())):
                cycler = getattr(row, what)
                if not self.free(what, cycler.value, row.index):
                    cycler.value = next(v for v in pool if self.free(what, v, row.index))
        for row in self.rows:
            row.set_visible(row.index < n, bool(self.levels))

    def config(self) -> dict[str, Any]:
        """The plain dict start_game receives."""
        return {
            "players": self.count,
            "seats": [row.seat() for row in self.rows[: self.count]],
            "variants": [key for key in OPTIONS if self.toggles[key].value],
            "seed": new_seed(),
        }

    def remember(self) -> None:
        self.app.shared[CHOICES_KEY] = {
            "players": self.count,
            "seats": [dict(row.seat(), kind=row.kind.value) for row in self.rows],
            "variants": [key for key, toggle in self.toggles.items() if toggle.value],
        }

    def start_game(self) -> None:
        self.remember()
        self.app.hooks.start_game(self.app, self.config())

    def back(self) -> None:
        self.remember()
        super().back()

    # -- layout ------------------------------------------------------------------------------------
    def layout(self, size: tuple[int, int]) -> None:
        super().layout(size)
        tm = self.theme
        h, gap, pad = tm.s(th.BUTTON_HEIGHT), tm.s(24), tm.s(36)
        widths = [tm.s(392), tm.s(416)] + ([tm.s(386)] if self.levels else [])
        seat_w = sum(widths) + gap * (len(widths) - 1) + 2 * pad
        option_w = tm.s(490)
        between = tm.s(40)
        left = (size[0] - seat_w - between - option_w) // 2
        top = tm.s(160)
        bottom = size[1] - tm.s(MARGIN) - h - tm.s(40)
        self.seat_panel = pygame.Rect(left, top, seat_w, bottom - top)
        self.option_panel = pygame.Rect(self.seat_panel.right + between, top, option_w, bottom - top)
        self.players.set_rect(pygame.Rect(self.seat_panel.right - pad - tm.s(330), top + tm.s(28), tm.s(330), h))
        self._players_label = (self.seat_panel.left + pad, top + tm.s(28) + h // 2)
        caption_y = top + tm.s(28) + h + tm.s(26)
        row_y = caption_y + tm.s(th.TEXT_SMALL) + tm.s(10)
        self.captions = []
        x = self.seat_panel.left + pad
        captions = (t("new_game.caption.dynasty"), t("new_game.caption.name"), t("new_game.caption.kind"))
        for caption, w in zip(captions, widths, strict=False):
            self.captions.append((caption, (x + w // 2, caption_y)))
            x += w + gap
        # The panels end below the fourth seat, not at the bottom of the screen.
        end = row_y + 4 * (h + tm.s(22)) - tm.s(22) + pad
        self.seat_panel.height = self.option_panel.height = end - top
        for row in self.rows:
            x = self.seat_panel.left + pad
            y = row_y + row.index * (h + tm.s(22))
            row.rect = pygame.Rect(x, y, seat_w - 2 * pad, h)
            for widget, w in zip(row.widgets, widths, strict=False):
                widget.set_rect(pygame.Rect(x, y, w, h))
                x += w + gap
        y = top + tm.s(110)
        for toggle in self.toggles.values():
            toggle.set_rect(pygame.Rect(self.option_panel.left + tm.s(16), y, option_w - tm.s(32), tm.s(104)))
            y += tm.s(104) + tm.s(18)
        self.start.set_rect(pygame.Rect(size[0] - tm.s(MARGIN) - tm.s(520), size[1] - tm.s(MARGIN) - h, tm.s(520), h))

    def draw_content(self, surface: pygame.Surface) -> None:
        tm = self.theme
        draw_panel(surface, self.seat_panel, tm)
        draw_panel(surface, self.option_panel, tm)
        with tm.container(self.seat_panel):
            tm.blit_text(surface, t("new_game.players"), th.TEXT_LARGE, th.INK, midleft=self._players_label)
            for caption, pos in self.captions:
                tm.blit_text(surface, caption, th.TEXT_SMALL, th.HINT_ON_SAND, midtop=pos)
        for row in self.rows[self.count :]:
            pygame.draw.rect(surface, th.SAND_DARK, row.rect, width=max(2, tm.s(3)), border_radius=tm.s(18))
            words = t("new_game.empty_seat", n=row.index + 1)
            tm.blit_fit(surface, words, th.TEXT_SMALL, th.HINT_ON_SAND, row.rect.inflate(-tm.s(24), -tm.s(8)))
        heading = pygame.Rect(self.option_panel.left + tm.s(16), self.option_panel.top + tm.s(24),
                              self.option_panel.width - tm.s(32), round(tm.s(th.TEXT_LARGE) * 1.2))
        tm.blit_fit(surface, t("new_game.options"), th.TEXT_LARGE, th.INK, heading, valign="top", max_lines=1)
