"""The tray below the board: the hand, leaders in supply and catastrophes of the seat deciding.

Owns: where each of those pieces sits (`TrayItem`s with rects, for clicks and tests), what each is in words
(`tray_tip`, its tooltip), and how
they look: lifted and framed when chosen, marked when picked for a swap or committed as
support, dimmed when they cannot be used now. The tray draws only the view it is given; while
the curtain is up the scene gives it no hand at all, so nothing private can be drawn.

Must not import: net, game.rules.
"""

from __future__ import annotations

from dataclasses import dataclass
from typing import TYPE_CHECKING, Any

import pygame

from game.i18n import t as tr
from game.ui.kit import theme as th
from game.ui.kit.panels import draw_panel
from game.ui.table.piece_art import PieceArt
from game.ui.table.table_text import fit_size

if TYPE_CHECKING:
    from game.ui.app import App

TILE = 104  # at 1080p
TRAY_FILL = th.lerp_color(th.SAND_DARK, th.CLAY, 0.15)
PIECE = 88


@dataclass
class TrayItem:
    """One clickable piece in the tray: kind "tile" (with index and colour), "leader" or "cat"."""

    kind: str
    color: str
    index: int
    rect: pygame.Rect


def tray_items(app: App, tray: pygame.Rect, seat_view: dict[str, Any] | None) -> list[TrayItem]:
    """Lay out the pieces of the deciding seat in the tray."""
    if seat_view is None:
        return []
    t = app.theme
    items: list[TrayItem] = []
    size, piece = t.s(TILE), t.s(PIECE)
    top = tray.bottom - t.s(12) - size
    x = tray.left + t.s(22)
    for i, color in enumerate(seat_view.get("hand") or []):
        items.append(TrayItem("tile", color, i, pygame.Rect(x, top, size, size)))
        x += size + t.s(10)
    x = max(x, tray.left + t.s(22) + 6 * (size + t.s(10))) + t.s(36)
    ptop = top + (size - piece) // 2
    for color in seat_view["supply"]:
        items.append(TrayItem("leader", color, 0, pygame.Rect(x, ptop, piece, piece)))
        x += piece + t.s(8)
    x = max(x, tray.left + t.s(22) + 6 * (size + t.s(10)) + t.s(36) + 4 * (piece + t.s(8))) + t.s(28)
    for i in range(seat_view["catastrophes"]):
        items.append(TrayItem("cat", "", i, pygame.Rect(x, ptop, piece, piece)))
        x += piece + t.s(8)
    return items


def tray_tip(item: TrayItem, decision: str | None, swapping: bool) -> list[str]:
    """The tooltip of a piece in the tray: what it is, and what a click on it does now."""
    if item.kind == "tile":
        click = "tip.tile.swap" if swapping else "tip.tile.commit" if decision == "support" else "tip.tile.click"
        return [capitalized(tr("tip.tile", tile=tr(f"tile.{item.color}"))), tr(click)]
    if item.kind == "leader":
        return [tr("tip.leader", leader=tr(f"leader.{item.color}")), tr("tip.leader.click")]
    return [tr("tip.catastrophe"), tr("tip.catastrophe.click")]


def capitalized(text: str) -> str:
    """A tooltip's first word capitalized ("red points" -> "Red points"; Chinese is left as it is)."""
    return text[:1].upper() + text[1:]


def group_labels(app: App, tray: pygame.Rect) -> list[tuple[str, int]]:
    """The small titles above the three groups, with their x."""
    t = app.theme
    size = t.s(TILE)
    x0 = tray.left + t.s(22)
    leaders_x = x0 + 6 * (size + t.s(10)) + t.s(36)
    cats_x = leaders_x + 4 * (t.s(PIECE) + t.s(8)) + t.s(28)
    return [(tr("tray.hand"), x0), (tr("tray.leaders"), leaders_x), (tr("tray.catastrophes"), cats_x)]


def draw_tray(app: App, surface: pygame.Surface, tray: pygame.Rect, art: PieceArt, items: list[TrayItem],
              owner: str, dynasty: str, state: dict[str, Any]) -> None:
    """Draw the tray; `state` says what is chosen, picked, usable, hovered."""
    t = app.theme
    # Sand, a shade darker than the panels: ink on it reads at 6:1 and more.
    draw_panel(surface, tray, t, TRAY_FILL, th.GOLD_DARK, radius=18, shadow=False)  # shadow: static layer
    if not items and not owner:
        if state.get("message"):  # nobody's hand is shown: say why, so the empty tray is not a mystery
            t.blit_text(surface, state["message"], th.TEXT_BODY, th.INK,
                        center=tray.center)
        return
    labels = group_labels(app, tray)
    # While support is asked only the hand can be used: its hint may then run over the other groups' titles.
    wide = state.get("hint_wide", False)
    for i, (label, x) in enumerate(labels):
        if wide and i != 0:  # the first group is the hand
            continue
        end = tray.right - t.s(22) if wide or i + 1 == len(labels) else labels[i + 1][1] - t.s(20)
        if i == 0:
            _draw_hand_label(t, surface, owner, state.get("hint", ""), x, tray.top + t.s(8), end - x)
        else:
            t.blit_text(surface, label, fit_size(t, label, th.TEXT_SMALL - 6, end - x), th.INK,
                        topleft=(x, tray.top + t.s(8)))
    lift = t.s(14)
    for item in items:
        key = (item.kind, item.index, item.color)
        rect = item.rect.copy()
        chosen = key == state.get("selected")
        picked = item.index in state.get("picked", set()) and item.kind == "tile"
        if chosen or picked:
            rect.move_ip(0, -lift)
        elif key == state.get("hover") and state.get("usable", lambda _: True)(item):
            rect.move_ip(0, -lift // 3)
        usable = state.get("usable", lambda _: True)(item)
        names = {"tile": f"tile_{item.color}", "leader": f"leader_{dynasty}_{item.color}", "cat": "catastrophe"}
        name = names[item.kind]
        art.blit(surface, name, rect, 255 if usable else 110)
        if chosen:
            pygame.draw.rect(surface, th.GOLD_LIGHT, rect.inflate(t.s(8), t.s(8)), width=max(3, t.s(5)),
                             border_radius=t.s(14))
        if picked:
            _mark(surface, rect, t, state.get("pick_style", "swap"))


def _draw_hand_label(t: th.Theme, surface: pygame.Surface, owner: str, hint: str, x: int, y: int,
                     width: int) -> None:
    """ "Enheduanna's hand · <hint>" in its width: shrunk, then the hint alone, then cut as a last resort."""
    text = tr("tray.owner_hand", name=owner) if owner else tr("tray.hand")
    if hint:
        text += " · " + hint
    size = fit_size(t, text, th.TEXT_SMALL - 6, width)
    if t.measure(text, size) > width and hint:
        text = hint[0].upper() + hint[1:]
        size = fit_size(t, text, th.TEXT_SMALL - 6, width)
    t.blit_text(surface, th.fit_text(t, text, size, width), size, th.INK, topleft=(x, y))


def _mark(surface: pygame.Surface, rect: pygame.Rect, t: th.Theme, style: str) -> None:
    """A swap pick gets a red cross badge; a support pick a gold check badge."""
    r = t.s(20)
    c = (rect.right - r // 2, rect.top + r // 2)
    fill = th.TERRACOTTA if style == "swap" else th.GOLD
    pygame.draw.circle(surface, fill, c, r)
    pygame.draw.circle(surface, th.CREAM, c, r, max(2, t.s(3)))
    w = max(2, t.s(5))
    k = r // 2
    if style == "swap":
        pygame.draw.line(surface, th.CREAM, (c[0] - k, c[1] - k), (c[0] + k, c[1] + k), w)
        pygame.draw.line(surface, th.CREAM, (c[0] - k, c[1] + k), (c[0] + k, c[1] - k), w)
    else:
        tick = [(c[0] - k, c[1]), (c[0] - k // 3, c[1] + k), (c[0] + k, c[1] - k)]
        pygame.draw.lines(surface, th.INK, False, tick, w)
