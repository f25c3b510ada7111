"""Watching a saved game again: the table, driven by a ReplayLink, with a transport bar.

Owns: `ReplayScene`, a TableScene in replay mode — no curtain, nobody acts, every seat's hand laid
open in the tray (the game is over, nothing is secret any more), and a control bar in place of
Swap/Pass/Undo: to the start, back one action, play/pause (about one action a second, scaled by
the animation speed), forward one, to the end, a position slider saying "action 37 of 412", and
Leave (back to the screen the replay was opened from). Stepping forwards hands the scene the
action's events, so it animates exactly as in the live game. `open_replay(app, path)` reads a
journal and opens its replay, or says in a dialog why it cannot.

The scene only moves the ReplayLink's position; it never changes a game's state.
Must not import: net.

A little over 400 lines: the replay scene and its transport bar (buttons, slider) are drawn and laid out
together; they have no other user.
"""

from __future__ import annotations

import logging
from collections.abc import Callable
from pathlib import Path
from typing import TYPE_CHECKING, Any

import pygame

from game.i18n import has, t
from game.ui.kit import theme as th
from game.ui.kit.panels import draw_panel
from game.ui.kit.widgets import Button, Widget
from game.ui.table.table_events import touched_squares
from game.ui.table.table_scene import TableScene
from game.ui.table.table_side import SideSpec
from game.ui.table.table_words import describe

if TYPE_CHECKING:
    from game.journal import Journal
    from game.replay import ReplayLink
    from game.ui.app import App
    from game.ui.kit.theme import Theme

log = logging.getLogger(__name__)

CONTROLS = ("to_start", "step_back", "play", "step_forward", "to_end")
SLIDER_H = 118  # at 1080p: the "action n of m" line above a fat track
LOG_KEEP = 18   # lines of the log rebuilt after stepping back
HAND_TILE = 104


def open_replay(app: App, path: Path) -> ReplayScene | None:
    """Push the replay of the journal at path; a dialog says why when it cannot be read."""
    from game.journal import JournalError, read
    from game.ui.kit.dialog import alert, said

    try:
        scene = ReplayScene(app, read(path))
    except (JournalError, OSError) as err:
        alert(app, t("replay.cannot"), said(err))
        return None
    app.push(scene)
    return scene


def replay_config(journal: Journal) -> dict[str, Any]:
    """A table config with every seat a person: nobody thinks, nobody draws a curtain."""
    seats = [{"name": s["name"], "dynasty": s["dynasty"], "kind": "human"} for s in journal.seats]
    return {"players": len(seats), "seats": seats, "variants": list(journal.variants), "seed": journal.seed}


# -- the transport widgets -------------------------------------------------------------------------
def _triangle(surface: pygame.Surface, color: pygame.Color, cx: float, cy: float, r: float, d: int) -> None:
    pygame.draw.polygon(surface, color, [(cx + d * r, cy), (cx - d * r, cy - r), (cx - d * r, cy + r)])


def draw_transport_icon(surface: pygame.Surface, kind: str, rect: pygame.Rect, color: pygame.Color) -> None:
    """The tape-deck glyphs, drawn as shapes (the default font has none of them)."""
    cx, cy = rect.center
    r = min(rect.width, rect.height) / 2
    bar = max(3, round(r / 3))
    if kind == "play":
        _triangle(surface, color, cx + r * 0.15, cy, r * 0.85, 1)
    elif kind == "pause":
        for dx in (-r * 0.45, r * 0.45):
            pygame.draw.rect(surface, color, pygame.Rect(round(cx + dx - bar / 2 - 1), round(cy - r * 0.8),
                                                         bar + 2, round(r * 1.6)), border_radius=2)
    elif kind in ("step_back", "step_forward"):
        # One step: a triangle against a bar in its direction (▶| and |◀), unlike Play's lone ▶.
        d = 1 if kind == "step_forward" else -1
        _triangle(surface, color, cx - d * r * 0.25, cy, r * 0.65, d)
        pygame.draw.rect(surface, color, pygame.Rect(round(cx + d * r * 0.65 - bar / 2), round(cy - r * 0.7),
                                                     bar, round(r * 1.4)), border_radius=2)
    elif kind in ("to_start", "to_end"):
        d = 1 if kind == "to_end" else -1
        for off in (-0.45, 0.25):
            _triangle(surface, color, cx + d * r * off, cy, r * 0.55, d)
        pygame.draw.rect(surface, color, pygame.Rect(round(cx + d * r * 0.85 - bar / 2), round(cy - r * 0.6),
                                                     bar, round(r * 1.2)), border_radius=2)


# Each transport glyph has a word under it: "Play" and "Step" must not both read as a bare arrow.
CAPTIONS = ("to_start", "step_back", "play", "pause", "step_forward", "to_end")  # replay.<caption>


class TransportButton(Button):
    """A clay button with a tape-deck glyph and its word underneath."""

    def __init__(self, glyph: str, on_click: Callable[[], Any], style: str = "primary") -> None:
        super().__init__("", on_click, style=style)
        self.glyph = glyph

    @property
    def caption(self) -> str:
        return t(f"replay.{self.glyph}") if self.glyph in CAPTIONS else ""

    def _draw_label(self, surface: pygame.Surface, theme: Theme, face: pygame.Rect, ink: pygame.Color) -> None:
        words = face.inflate(-theme.s(6), -theme.s(8))
        words.height = words.height * 2 // 5
        words.bottom = face.bottom - theme.s(6)
        side = min(face.width * 9 // 20, words.top - face.top - theme.s(10))
        icon = pygame.Rect(0, 0, side, side)
        icon.center = (face.centerx, (face.top + words.top) // 2 + theme.s(2))
        draw_transport_icon(surface, self.glyph, icon, ink)
        # The narrowest window gives these five buttons little room: down to the sofa minimum before "…".
        theme.blit_fit(surface, self.caption, th.TEXT_SMALL, ink, words, max_lines=1, min_size=th.MIN_TEXT_1080)


class Slider(Widget):
    """The replay's position: a fat track with a knob; press or drag anywhere on it to jump there."""

    sound = None

    def __init__(self, length: int, on_seek: Callable[[int], Any]) -> None:
        super().__init__()
        self.length, self.on_seek = length, on_seek
        self.value = 0
        self.track = pygame.Rect(0, 0, 0, 0)
        self.dragging = False

    def set_rect(self, rect: pygame.Rect) -> None:
        super().set_rect(rect)
        h = max(8, rect.height // 3)
        inset = self.knob_radius(h, 4) + 2  # the knob stays inside the column at both ends
        self.track = pygame.Rect(rect.left + inset, rect.bottom - h - rect.height // 10, rect.width - 2 * inset, h)

    @staticmethod
    def knob_radius(track_h: int, grow: int = 0) -> int:
        return track_h * 7 // 10 + grow

    def position_at(self, x: int) -> int:
        k = (x - self.track.left) / max(1, self.track.width)
        return round(max(0.0, min(1.0, k)) * self.length)

    def handle(self, event: pygame.event.Event) -> bool:
        if event.type == pygame.MOUSEMOTION:
            self.hovered = self.contains(event.pos)
            if self.dragging:
                self.on_seek(self.position_at(event.pos[0]))
                return True
            return False
        if event.type == pygame.MOUSEBUTTONDOWN and event.button == 1 and self.contains(event.pos):
            self.dragging = True
            self.on_seek(self.position_at(event.pos[0]))
            return True
        if event.type == pygame.MOUSEBUTTONUP and event.button == 1 and self.dragging:
            self.dragging = False
            return True
        return False

    def knob_x(self) -> int:
        return self.track.left + round(self.track.width * self.value / max(1, self.length))

    def draw(self, surface: pygame.Surface, theme: Theme) -> None:
        tm = theme
        label = t("replay.action", n=self.value, total=self.length)
        tm.blit_text(surface, label, th.TEXT_SMALL, th.GOLD_LIGHT, shadow=True,
                    midtop=(self.rect.centerx, self.rect.top))
        track, rad = self.track, self.track.height // 2
        pygame.draw.rect(surface, th.LAPIS_DEEP, track, border_radius=rad)
        done = track.copy()
        done.width = max(track.height, self.knob_x() - track.left)
        pygame.draw.rect(surface, th.GOLD_DARK, done, border_radius=rad)
        pygame.draw.rect(surface, th.GOLD if self.hovered or self.dragging else th.GOLD_DARK, track,
                         width=max(2, tm.s(3)), border_radius=rad)
        knob_r = self.knob_radius(track.height, tm.s(3) if self.hovered or self.dragging else 0)
        pygame.draw.circle(surface, th.SHADOW, (self.knob_x(), track.centery + tm.s(3)), knob_r)
        pygame.draw.circle(surface, th.GOLD_LIGHT, (self.knob_x(), track.centery), knob_r)
        pygame.draw.circle(surface, th.GOLD_DARK, (self.knob_x(), track.centery), knob_r, max(2, tm.s(3)))


# -- the scene -------------------------------------------------------------------------------------
class ReplayScene(TableScene):
    """A finished or saved game played back on the table, every hand open."""

    def __init__(self, app: App, journal: Journal) -> None:
        from game.replay import ReplayLink

        # The scene's own handle on the link, typed as what it is: only a replay moves back and forth.
        self.replay: ReplayLink = ReplayLink(journal)
        super().__init__(app, replay_config(journal), self.replay)
        self.humans = set()  # nobody plays: no curtain, no hand "of the player deciding"
        self.revealed = None
        self.playing = False
        self._since_step = 0.0
        self.play_btn = TransportButton("play", self.toggle_play, "warm")
        self.slider = Slider(self.replay.length, self.seek)
        self.controls: dict[str, Widget] = {
            "to_start": TransportButton("to_start", lambda: self.seek(0), "quiet"),
            "step_back": TransportButton("step_back", self.step_back),
            "play": self.play_btn,
            "step_forward": TransportButton("step_forward", self.step_forward),
            "to_end": TransportButton("to_end", lambda: self.seek(self.replay.length), "quiet"),
            "slider": self.slider,
        }
        self.buttons.update(self.controls)  # tests and callers find them by name
        self.menu_btn.text = t("replay.leave")

    # -- moving through the game (the only thing a replay can do) ---------------------------------------
    @property
    def position(self) -> int:
        return self.replay.position

    def step_forward(self) -> bool:
        """One action forwards, animated; a click while pieces move lands them first."""
        self.animator.skip()
        self._since_step = 0.0
        return self.replay.forward()

    def step_back(self) -> None:
        self.playing = False
        self.seek(self.position - 1)

    def seek(self, position: int) -> None:
        """Show any position at once (no animation), with the log and last move as they were then."""
        position = max(0, min(self.replay.length, position))
        if position != self.position:
            self.animator.skip()
            self.replay.seek(position)
            self._rebuild_trail()
        if self.position >= self.replay.length:
            self.playing = False

    def toggle_play(self) -> None:
        if not self.playing and self.position >= self.replay.length:
            self.seek(0)  # play at the end starts again from the beginning
        self.playing = not self.playing
        self._since_step = 0.0

    def _rebuild_trail(self) -> None:
        """The log lines and framed squares of the actions just before the position."""
        events = self.replay.events
        names = self.replay.journal.seats
        words = [s["name"] for s in names]
        self.log.clear()
        for evs in events[max(0, self.position - LOG_KEEP):self.position]:
            self.log.begin()  # one group per action, as the live table logs them
            for e in evs:
                line = describe(e, words)
                if line:
                    self.log.add(line, -10.0)  # old lines: no fresh glow
        self.last_move = touched_squares(events[self.position - 1]) if self.position else []

    # -- the table's behaviour, replay mode ----------------------------------------------------------------
    def curtain_up(self) -> bool:
        return False

    def me(self) -> int | None:
        return None  # nobody acts, so the public view (every hand open) is shown

    def ask_leave(self) -> None:
        self.leave()  # nothing is lost by leaving a replay: no question asked

    def open_menu(self) -> None:
        self.leave()  # a replay's corner button is Leave: there is nothing to resume or save

    def leave(self) -> None:
        """Back to the screen the replay was opened from (results, saved games), else the title."""
        if len(self.app.stack) > 1 and self.app.top is self:
            self.app.pop()
            return
        from game.ui.menus.title import TitleScene

        self.app.reset(TitleScene(self.app))

    def animating(self) -> bool:
        return self.playing or self.slider.dragging or super().animating()

    def back(self) -> None:
        """Right click and ESC go back one screen, as everywhere (a replay holds nothing to lose)."""
        self.playing = False
        self.leave()

    # -- layout ---------------------------------------------------------------------------------------------
    def layout(self, size: tuple[int, int]) -> None:
        super().layout(size)
        if self.layout_ is None:
            return
        tm = self.theme
        lay = self.layout_
        row = lay.actions
        gap = tm.s(10)
        w = (row.width - gap * (len(CONTROLS) - 1)) // len(CONTROLS)
        for i, name in enumerate(CONTROLS):
            self.controls[name].set_rect(pygame.Rect(row.left + i * (w + gap), row.top, w, row.height - tm.s(8)))
        # The slider takes the bottom of the log's column, just above the buttons.
        slider_h = tm.s(SLIDER_H)
        lay.log.height -= slider_h + tm.s(12)
        self.controls["slider"].set_rect(pygame.Rect(row.left, lay.log.bottom + tm.s(8), row.width, slider_h))

    # -- per frame ------------------------------------------------------------------------------------------
    def handle(self, event: pygame.event.Event) -> bool:
        if self.app.is_back(event):
            return False  # the table would take right click as "cancel the choice": here it goes back
        # The transport comes first: a click on it steps even while pieces are still moving.
        if self.layout_ is not None:
            for widget in self.controls.values():
                if widget.handle(event):
                    return True
        return super().handle(event)

    def update(self, dt: float) -> None:
        super().update(dt)
        adt = self.app.anim_dt(dt)
        for widget in self.controls.values():
            widget.update(adt)
        self._autoplay(dt)
        self._sync_controls()

    def _autoplay(self, dt: float) -> None:
        """While playing: the next action once this one has landed and about a second has passed."""
        if not self.playing:
            return
        self._since_step += dt
        motion = self.app.motion
        interval = 1.0 / motion if motion > 0 else 1.0
        if not self.animator.busy and self._since_step >= interval and not self.step_forward():
            self.playing = False

    def _sync_controls(self) -> None:
        at_start, at_end = self.position == 0, self.position >= self.replay.length
        self.controls["to_start"].enabled = self.controls["step_back"].enabled = not at_start
        self.controls["step_forward"].enabled = self.controls["to_end"].enabled = not at_end
        self.play_btn.glyph = "pause" if self.playing else "play"
        if not self.slider.dragging:
            self.slider.value = self.position

    def _sync_buttons(self) -> None:
        for b in (self.swap_btn, self.pass_btn, self.undo_btn):
            b.visible = False
        if self.layout_ is not None:
            self.side.sync(self._side_spec(), self.layout_.side)

    def _side_spec(self) -> SideSpec:
        view = self.public()
        vid = view["view_id"]
        if view["game_over"]:
            return SideSpec(("over", vid), t("replay.over"), [])
        seat = self.decider()
        name = view["names"][seat] if seat is not None else ""
        kind = (view["decision"] or {}).get("kind")
        key = f"replay.decides.{kind}"
        title = t(key, name=name) if kind and has(key) else name
        lines = [] if view["conflict"] else [t("replay.open_hands"), t("replay.how")]
        return SideSpec(("replay", vid), title, lines, conflict=self._known_conflict(view["conflict"]))

    def _known_conflict(self, conflict: dict[str, Any] | None) -> dict[str, Any] | None:
        """The conflict with each side's support filled in: the replay knows what is still to be committed,
        so its panel shows the real sums where the live table showed "?"."""
        if conflict is None:
            return None
        known = dict(conflict)
        for events in self.replay.events[self.position:]:
            for e in events:
                if e["kind"] == "support" and known.get(f"{e['side']}_commit") is None:
                    known[f"{e['side']}_commit"] = e["count"]
                if e["kind"] == "conflict_resolved":
                    return known
        return known

    # -- drawing --------------------------------------------------------------------------------------------
    def draw(self, surface: pygame.Surface) -> None:
        super().draw(surface)
        if self.layout_ is None:
            return
        for widget in self.controls.values():
            widget.draw(surface, self.theme)

    def _draw_tray(self, surface: pygame.Surface, view: dict[str, Any]) -> None:
        draw_open_hands(self.app, surface, self.laid_out().tray, self.art, view)


def draw_open_hands(app: App, surface: pygame.Surface, tray: pygame.Rect, art: Any, view: dict[str, Any]) -> None:
    """Every seat's hand side by side in the tray, the seat deciding framed in gold."""
    tm = app.theme
    draw_panel(surface, tray, tm, th.lerp_color(th.CLAY, th.SAND_DARK, 0.3), th.GOLD_DARK, radius=18)
    seats = view["seats"]
    n = max(1, len(seats))
    pad, gap = tm.s(14), tm.s(12)
    inner = tray.inflate(-2 * pad, -2 * pad)
    group_w = (inner.width - gap * (n - 1)) // n
    label_h = tm.s(th.TEXT_SMALL)
    tile_gap = tm.s(6)
    size = min(tm.s(HAND_TILE), inner.height - label_h - tm.s(16), (group_w - tm.s(16) - 5 * tile_gap) // 6)
    for i, sv in enumerate(seats):
        seat = sv["seat"]
        box = pygame.Rect(inner.left + i * (group_w + gap), inner.top, group_w, inner.height)
        deciding = view["to_move"] == seat
        fill = th.lerp_color(th.SAND, th.GOLD_LIGHT, 0.35) if deciding else th.lerp_color(th.SAND_DARK, th.CLAY, 0.2)
        pygame.draw.rect(surface, fill, box, border_radius=tm.s(12))
        pygame.draw.rect(surface, th.GOLD if deciding else th.GOLD_DARK, box, width=max(2, tm.s(4 if deciding else 2)),
                         border_radius=tm.s(12))
        dyn = view["dynasties"][seat]
        accent = th.DYNASTY_COLORS.get(dyn, th.GOLD)
        stripe = pygame.Rect(box.left + tm.s(8), box.top + tm.s(8), tm.s(8), label_h - tm.s(4))
        pygame.draw.rect(surface, accent, stripe, border_radius=tm.s(4))
        tm.blit_text(surface, t("replay.hand", name=view["names"][seat]), th.TEXT_SMALL - 6, th.INK,
                    midleft=(box.left + tm.s(24), box.top + tm.s(6) + label_h // 2))
        hand = sv.get("hand") or []
        row_w = len(hand) * size + max(0, len(hand) - 1) * tile_gap
        x = box.centerx - row_w // 2
        y = box.bottom - tm.s(8) - size
        for color in hand:
            art.blit(surface, f"tile_{color}", pygame.Rect(x, y, size, size))
            x += size + tile_gap
