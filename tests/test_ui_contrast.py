"""All text at least 4.5:1 (WCAG AA) against what is behind it.

Two checks: the theme's text/background pairs computed from the palette (every button style at
rest and hovered, hints, headings, disabled labels), and every word of every menu scene, dialog
and rules page as drawn: the frame is drawn once without words to see what lies behind each one.
"""

from __future__ import annotations

from pathlib import Path
from typing import Any

import pygame
import pytest

from game.ui.kit import theme as th
from game.ui.kit import widgets
from game.ui.kit.theme import MIN_CONTRAST, contrast

from .test_ui_fit import LONG_NAMES, MENU_SCENES, TABLE_STATES, app_with, lift, menu_scene, save_games, shown
from .test_ui_fit import table_in as fit_table_in


def test_contrast_formula_matches_wcag() -> None:
    assert contrast((0, 0, 0), (255, 255, 255)) == pytest.approx(21.0)
    assert contrast((119, 119, 119), (255, 255, 255)) == pytest.approx(4.48, abs=0.01)
    assert contrast(th.CREAM, th.CREAM) == pytest.approx(1.0)


@pytest.mark.parametrize("style", list(widgets.STYLES))
@pytest.mark.parametrize("hover", [0.0, 1.0])
def test_button_labels_read_on_their_face_at_rest_and_hovered(style: str, hover: float) -> None:
    fill, _, ink = widgets.STYLES[style]
    top, sheen = widgets.face_colors(fill, hover)
    for behind in (top, sheen):
        assert contrast(ink, behind) >= MIN_CONTRAST, (style, hover, tuple(behind), contrast(ink, behind))


def test_disabled_buttons_and_their_hints_read() -> None:
    assert contrast(th.DISABLED_TEXT, th.DISABLED_FILL) >= MIN_CONTRAST
    assert contrast(th.SAND_LIGHT, th.DISABLED_FILL) >= MIN_CONTRAST


PAIRS = {
    # the option subtitles ("fill the whole TV", "14 treasures") measured 2.67:1 in CLAY on SAND
    "hint on sand": (th.HINT_ON_SAND, th.SAND),
    "hint on light sand": (th.HINT_ON_SAND, th.SAND_LIGHT),
    "ink on sand": (th.INK, th.SAND),
    "dialog title on sand": (th.TERRACOTTA, th.SAND),
    "cream on lapis": (th.CREAM, th.LAPIS),
    "light hint on lapis": (th.HINT_ON_DARK, th.LAPIS),
    "gold heading on the night": (th.GOLD_LIGHT, th.LAPIS_DEEP),
}


@pytest.mark.parametrize("name", list(PAIRS))
def test_theme_text_pairs(name: str) -> None:
    text, behind = PAIRS[name]
    assert contrast(text, behind) >= MIN_CONTRAST, f"{name}: {contrast(text, behind):.2f}:1"


def test_hints_pick_a_readable_ink() -> None:
    assert contrast(widgets.hint_ink(th.INK), th.SAND) >= MIN_CONTRAST
    assert contrast(widgets.hint_ink(th.CREAM), th.LAPIS) >= MIN_CONTRAST


def test_dark_text_gets_no_doubling_shadow() -> None:
    """ "Decline", "Cancel": dark words on a light button with a dark shadow read as doubled."""
    app = app_with((1280, 720))
    surface = pygame.Surface((400, 120))
    surface.fill(th.SAND_LIGHT)
    app.theme.blit_text(surface, "Decline", th.TEXT_BODY, th.INK, shadow=True, topleft=(10, 10))
    shade = app.theme.s(3)
    # Below-right of the glyphs, where a shadow would land, the light face shows through.
    rect = app.theme.render("Decline", th.TEXT_BODY, th.INK).get_bounding_rect().move(10, 10)
    strip = pygame.Rect(rect.left + shade, rect.bottom, rect.width, shade)
    assert pygame.transform.average_color(surface, strip)[:3] == tuple(th.SAND_LIGHT)[:3]


# -- as drawn -------------------------------------------------------------------------------------
def low_contrast(app: Any) -> list[str]:
    """Each word of the top scene against the mean colour behind its glyphs in a frame drawn without words."""
    t = app.theme
    t.hide_text = True
    app.draw()
    behind = app.surface.copy()
    t.hide_text = False
    scenes = app.visible()
    for scene in scenes[:-1]:
        scene.draw(app.surface)
    t.record_text = []
    scenes[-1].draw(app.surface)
    records, t.record_text = t.record_text, None
    found = []
    for r in records:
        box = (r.ink or r.rect).clip(behind.get_rect())
        if box.width <= 0 or box.height <= 0 or covered(app.surface, box, r.color):
            continue
        bg = pygame.transform.average_color(behind, box)[:3]
        ratio = contrast(r.color, bg)
        if ratio < MIN_CONTRAST:
            found.append(f"{type(scenes[-1]).__name__}: {r.text!r} {r.color} on {bg}: {ratio:.2f}:1")
    return found


def covered(frame: pygame.Surface, box: pygame.Rect, color: tuple[int, int, int]) -> bool:
    """Words drawn and then covered (the hot-seat curtain over the seat panels) are not read: no pixel
    of the finished frame in their box has their colour."""
    mask = pygame.mask.from_threshold(frame.subsurface(box), (*color, 255), (12, 12, 12, 255))
    return mask.count() == 0


@pytest.mark.parametrize("name", MENU_SCENES)
def test_menu_scene_words_contrast(name: str) -> None:
    app = app_with((1920, 1080))
    shown(app, menu_scene(name, app))
    found = low_contrast(app)
    assert not found, "\n".join(found)


def test_saved_games_list_contrast(data: Path) -> None:
    from game.ui.menus.saved_games import SavedGamesScene

    save_games(data)
    app = app_with((1920, 1080))
    shown(app, SavedGamesScene(app))
    found = low_contrast(app)
    assert not found, "\n".join(found)


def test_rules_pages_contrast() -> None:
    from game.ui.menus.rules_pages import PAGES
    from game.ui.menus.rules_scene import RulesScene

    app = app_with((1920, 1080))
    found = []
    for page in range(len(PAGES)):
        app.reset(RulesScene(app, page))
        from game.ui import headless

        headless.settle_still(app, 4.0)
        found += low_contrast(app)
    assert not found, "\n".join(found)


@pytest.mark.parametrize("state", ["curtain", "action", "revolt", "war"])
def test_table_words_contrast(state: str, monkeypatch: pytest.MonkeyPatch) -> None:
    from . import ui_positions

    want, players, lift_curtain = TABLE_STATES[state]
    monkeypatch.setattr(ui_positions, "NAMES", LONG_NAMES[:players])
    app, scene = fit_table_in((1920, 1080), want, players)
    if lift_curtain:
        lift(app, scene)
    found = low_contrast(app)
    assert not found, "\n".join(found)
