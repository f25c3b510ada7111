"""The side panel: what the deciding player is asked now, and the conflict under way.

Owns: `SidePanel`, a tablet right of the board that shows a title, a few lines of guidance, the
revolt or war (attacker and defender with their dynasty, board strength, support, totals), and
the buttons of the current decision (commit with a big -/+ stepper, choose a war, build or
decline an offer, withdraw a leader, confirm a swap, see the results). The scene describes the
panel with a `SideSpec`; widgets are rebuilt only when the spec's key changes, so hover and
press states survive from frame to frame.

Must not import: net, game.rules.
"""

from __future__ import annotations

from collections.abc import Callable
from dataclasses import dataclass, field
from typing import TYPE_CHECKING, Any

import pygame

from game.i18n import t as tr
from game.rules.vocabulary import LEADER_PLURALS
from game.ui.kit import theme as th
from game.ui.kit.panels import draw_panel
from game.ui.kit.widgets import Button, Stepper
from game.ui.table.board_draw import SIDE_COLORS, dashed_rect
from game.ui.table.piece_art import PieceArt
from game.ui.table.table_text import fit_lines, fit_size
from game.ui.table.table_words import tile_word

if TYPE_CHECKING:
    from game.ui.app import App

ROLE = LEADER_PLURALS
BUTTON_H = 84


@dataclass
class ButtonSpec:
    name: str
    label: str
    on_click: Callable[[], Any]
    style: str = "primary"
    enabled: bool = True
    hover: Callable[[bool], None] | None = None  # told when the cursor enters or leaves (board previews)


@dataclass
class SideSpec:
    """What the panel shows; `key` changes whenever the buttons must be rebuilt."""

    key: tuple
    title: str
    lines: list[str] = field(default_factory=list)
    conflict: dict[str, Any] | None = None
    buttons: list[ButtonSpec] = field(default_factory=list)
    stepper: tuple[int, int, int, Callable[[int], Any]] | None = None  # value, lo, hi, on_change
    choosing: tuple[int, int] | None = None  # (seat, count): the support the deciding player is choosing


class SidePanel:
    """The decision tablet right of the board."""

    def __init__(self, app: App, art: PieceArt) -> None:
        self.app = app
        self.art = art
        self.spec: SideSpec | None = None
        self.buttons: dict[str, Button] = {}
        self.hovers: dict[str, Callable[[bool], None]] = {}
        self.stepper: Stepper | None = None
        self.rect = pygame.Rect(0, 0, 0, 0)

    # -- widgets -----------------------------------------------------------------------------------
    def sync(self, spec: SideSpec, rect: pygame.Rect) -> None:
        """Show a spec: rebuild the widgets if its key is new, else refresh labels and states."""
        rebuild = self.spec is None or spec.key != self.spec.key or rect != self.rect
        self.spec, self.rect = spec, rect.copy()
        if rebuild:
            self.buttons = {}
            self.hovers = {}
            for b in spec.buttons:
                self.buttons[b.name] = Button(b.label, b.on_click, style=b.style, text_size=th.TEXT_SMALL + 4)
                if b.hover is not None:
                    self.hovers[b.name] = b.hover
            self.stepper = None
            if spec.stepper is not None:
                value, lo, hi, on_change = spec.stepper
                self.stepper = Stepper(value, lo, hi, on_change)
            self._place()
        for b in spec.buttons:
            widget = self.buttons.get(b.name)
            if widget is not None:
                widget.text, widget.enabled, widget.on_click = b.label, b.enabled, b.on_click
        if self.stepper is not None and spec.stepper is not None:
            self.stepper.value, self.stepper.lo, self.stepper.hi = spec.stepper[0], spec.stepper[1], spec.stepper[2]
            self.stepper._sync()

    def _place(self) -> None:
        t = self.app.theme
        inner = self.rect.inflate(-t.s(36), -t.s(36))
        h, gap = t.s(BUTTON_H), t.s(14)
        y = inner.bottom - h
        names = list(self.buttons)
        # Buttons fill from the bottom up, two to a row when there are many short ones.
        per_row = 2 if len(names) > 3 else 1
        rows = [names[i:i + per_row] for i in range(0, len(names), per_row)]
        for row in reversed(rows):
            w = (inner.width - gap * (len(row) - 1)) // len(row)
            for i, name in enumerate(row):
                button = self.buttons[name]
                button.set_rect(pygame.Rect(inner.left + i * (w + gap), y, w, h))
                # A long label ("Green/Black") shrinks to fit its button rather than running over its edges.
                button.text_size = fit_size(t, button.text, th.TEXT_SMALL + 4, w - t.s(28))
            y -= h + gap
        if self.stepper is not None:
            self.stepper.set_rect(pygame.Rect(inner.left, y + h - t.s(80), inner.width, t.s(80)))

    def widgets(self) -> list[Any]:
        out: list[Any] = list(self.buttons.values())
        if self.stepper is not None:
            out.append(self.stepper)
        return out

    def handle(self, event: pygame.event.Event) -> bool:
        used = False
        for w in self.widgets():
            used = w.handle(event) or used
        if event.type == pygame.MOUSEMOTION:
            for name, hover in self.hovers.items():
                hover(self.buttons[name].hovered)
        return used

    def update(self, adt: float) -> None:
        for w in self.widgets():
            w.update(adt)

    def animating(self) -> bool:
        """Whether a button is still popping in or easing into or out of its hover glow."""
        for w in self.widgets():
            target = 1.0 if (w.hovered and w.enabled) else 0.0
            if w.appear < 1.0 or abs(w.hover_t - target) > 0.02:
                return True
        return False

    # -- drawing -----------------------------------------------------------------------------------
    def draw(self, surface: pygame.Surface, view: dict[str, Any]) -> None:
        if self.spec is None:
            return
        t = self.app.theme
        spec = self.spec
        draw_panel(surface, self.rect, t, th.SAND, th.GOLD, radius=20, shadow=False)  # shadow: static layer
        inner = self.rect.inflate(-t.s(36), -t.s(30))
        # A long title (a long name, or Chinese) shrinks to the sofa minimum, then ends in an ellipsis:
        # never cut by the tablet's edge.
        box = pygame.Rect(inner.left, inner.top, inner.width, t.s(th.TEXT_LARGE))
        t.blit_fit(surface, spec.title, th.TEXT_LARGE - 6, th.TERRACOTTA, box, align="left", max_lines=1,
                   min_size=th.MIN_TEXT_1080)
        y = inner.top + t.s(th.TEXT_LARGE + 4)
        if spec.conflict is not None:
            y = self._draw_conflict(surface, inner, y, spec.conflict, view)
        for line in spec.lines:
            y = t.blit_paragraph(surface, line, th.TEXT_SMALL - 2, th.INK, pygame.Rect(inner.left, y, inner.width, 0),
                                 spacing=1.1) + t.s(4)
        for w in self.widgets():
            w.draw(surface, t)

    def _draw_conflict(self, surface: pygame.Surface, inner: pygame.Rect, y: int, c: dict[str, Any],
                       view: dict[str, Any]) -> int:
        t = self.app.theme
        room = self._conflict_room(inner, y)
        row_h = max(t.s(96), min(t.s(136), room // 2))
        for side in ("attacker", "defender"):
            row = pygame.Rect(inner.left, y, inner.width, row_h - t.s(8))
            self._draw_side(surface, row, side, c, view)
            y += row_h
        return y + t.s(4)

    def _conflict_room(self, inner: pygame.Rect, y: int) -> int:
        """The height left between the title and the decision's widgets."""
        tops = [w.rect.top for w in self.widgets() if w.rect.height]
        return (min(tops) if tops else inner.bottom) - y - self.app.theme.s(8)

    def _draw_side(self, surface: pygame.Surface, row: pygame.Rect, side: str, c: dict[str, Any],
                   view: dict[str, Any]) -> None:
        """One side as a sum: "Gilgamesh defends" / "temples beside it 1 + committed 2 = 3" and the total."""
        t = self.app.theme
        names, dyn = view["names"], view["dynasties"]
        seat = c[side]
        color = SIDE_COLORS[side]
        pygame.draw.rect(surface, th.lerp_color(th.SAND, color, 0.3), row, border_radius=t.s(12))
        # The pattern tells the sides apart without their tint: attackers solid, defenders dashed (as on the board).
        if side == "attacker":
            pygame.draw.rect(surface, color, row, width=max(2, t.s(4)), border_radius=t.s(12))
        else:
            dashed_rect(surface, color, row.inflate(-t.s(2), -t.s(2)), max(2, t.s(4)), t.s(12))
        pad = t.s(8)
        icon = pygame.Rect(row.left + pad, row.top + pad, t.s(54), t.s(54))
        self.art.blit(surface, f"leader_{dyn[seat]}_{c['color']}", icon)
        commit = c[f"{side}_commit"]
        board = c[f"{side}_strength"]
        mine = self.spec.choosing if self.spec is not None else None
        choosing = False
        if commit is None and mine is not None and mine[0] == seat:
            commit, choosing = mine[1], True  # the player's own choice, before it is sent: "your 2"
        total = "?" if commit is None else str(board + commit)
        total_w = t.s(64)
        t.blit_text(surface, total, th.TEXT_HUGE - 24, th.INK, midright=(row.right - t.s(12), icon.centery))
        head = tr("side.attacks" if side == "attacker" else "side.defends", name=names[seat])
        width = row.right - total_w - t.s(10) - (icon.right + t.s(10))
        size, lines = fit_lines(t, head, th.TEXT_SMALL, width, max_lines=2)
        line_h = round(t.s(size) * 1.05)
        y = icon.centery - line_h * len(lines) // 2
        for line in lines:
            t.blit_text(surface, line, size, th.INK, topleft=(icon.right + t.s(10), y))
            y += line_h
        word = tile_word(c["support_color"], 2)
        added = tr("side.your") if choosing else tr("side.committed")
        # No-break spaces keep each term whole when the sum wraps: "temples on the board 2" / "+ your 1 = 3".
        nb = "\u00a0"
        shown = "?" if commit is None else commit
        first, _, rest = tr("side.on_board", tiles=word, board=board).partition(" ")
        on_board = f"{first} {rest.replace(' ', nb)}" if rest else first
        detail = f"{on_board} +{nb}{added}{nb}{shown}{nb}={nb}{total}"
        box = pygame.Rect(row.left + pad, icon.bottom + t.s(4), row.width - 2 * pad, row.bottom - icon.bottom - t.s(8))
        size, lines = fit_lines(t, detail, th.TEXT_SMALL - 6, box.width, max_lines=max(1, box.height // t.s(26)))
        line_h = round(t.s(size) * 1.02)
        y = box.top
        for line in lines:
            t.blit_text(surface, line, size, th.INK, topleft=(box.left, y))
            y += line_h
