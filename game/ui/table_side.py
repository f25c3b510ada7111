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

from game.rules.vocabulary import LEADER_PLURALS
from game.ui import theme as th
from game.ui.board_draw import SIDE_COLORS, PieceArt
from game.ui.widgets import Button, Stepper, draw_panel

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
                self.buttons[name].set_rect(pygame.Rect(inner.left + i * (w + gap), y, w, h))
            y -= h + gap
        if self.stepper is not None:
            self.stepper.set_rect(pygame.Rect(inner.left, y - t.s(6), inner.width, t.s(96)))

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

    # -- drawing -----------------------------------------------------------------------------------
    def draw(self, surface: pygame.Surface, view: dict[str, Any]) -> None:
        if self.spec is None:
            return
        t = self.app.theme
        spec = self.spec
        draw_panel(surface, self.rect, t, th.SAND, th.GOLD, radius=20)
        inner = self.rect.inflate(-t.s(36), -t.s(30))
        size = th.TEXT_LARGE - 6
        while size > th.TEXT_SMALL and t.font(t.s(size)).size(spec.title)[0] > inner.width:
            size -= 2  # a long title shrinks rather than running out of the tablet
        t.blit_text(surface, spec.title, size, th.TERRACOTTA, midleft=(inner.left, inner.top + t.s(th.TEXT_LARGE) // 2))
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
        names, dyn = view["names"], view["dynasties"]
        support = c["support_color"]
        row_h = t.s(92)
        for side in ("attacker", "defender"):
            seat = c[side]
            row = pygame.Rect(inner.left, y, inner.width, row_h - t.s(8))
            pygame.draw.rect(surface, th.lerp_color(th.SAND, SIDE_COLORS[side], 0.35), row, border_radius=t.s(12))
            pygame.draw.rect(surface, SIDE_COLORS[side], row, width=max(2, t.s(3)), border_radius=t.s(12))
            icon = pygame.Rect(row.left + t.s(6), row.top + t.s(6), row.height - t.s(12), row.height - t.s(12))
            self.art.blit(surface, f"leader_{dyn[seat]}_{c['color']}", icon)
            label = "attacks" if side == "attacker" else "defends"
            t.blit_text(surface, f"{names[seat]} {label}", th.TEXT_SMALL, th.INK,
                        topleft=(icon.right + t.s(10), row.top + t.s(6)))
            board = c[f"{side}_strength"]
            commit = c[f"{side}_commit"]
            word = {"red": "temples", "blue": "farms", "green": "markets", "black": "settlements"}[support]
            detail = f"board {board} + {word} {'?' if commit is None else commit}"
            t.blit_text(surface, detail, th.TEXT_SMALL - 6, th.INK,
                        bottomleft=(icon.right + t.s(10), row.bottom - t.s(6)))
            total = "?" if commit is None else str(board + commit)
            t.blit_text(surface, total, th.TEXT_HUGE - 20, th.TERRACOTTA, midright=(row.right - t.s(12), row.centery))
            y += row_h
        return y + t.s(4)
