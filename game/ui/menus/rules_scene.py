"""The Rules screen: the illustrated summary of RULES.md, one page at a time.

Owns: RulesScene — the page text in a clay panel, the page's animated diagram beside it, big
previous / next buttons, page dots (each a button), and Back. The pages are in game.ui.menus.rules_pages;
every word is read from the catalogue in the current language when it is drawn, so a language
chosen in Settings shows on the next frame.

Must not import: game.rules, net.
"""

from __future__ import annotations

from typing import TYPE_CHECKING

import pygame

from game.i18n import t as say
from game.ui.kit import theme as th
from game.ui.kit.anim import approach
from game.ui.kit.panels import draw_panel
from game.ui.kit.widgets import Button, Widget
from game.ui.menus.menu import MARGIN, MenuScene
from game.ui.menus.rules_pages import PAGES

if TYPE_CHECKING:
    from game.ui.app import App


TEXT_SIZES = (52, 48, 44, th.TEXT_BODY, 36, th.TEXT_SMALL)  # the rules read best as large as the panel allows
LINE_SPACING = 1.12
PARAGRAPH_GAP = 26
TEXT_SHARE = 0.56  # of the width between the margins: the words need the room more than the diagrams
CAPTION_LINES = 2  # a caption says what the diagram shows; two lines keep it at a sofa-readable size


DIAGRAM_SECONDS = 3.0  # the longest a page's diagram plays out (rules_pages.final: 2nd treasure by 2.9 s)


class PageDot(Widget):
    """A round button that jumps to one page; the current page's dot is gold and larger."""

    def __init__(self, scene: RulesScene, index: int) -> None:
        super().__init__()
        self.scene, self.index = scene, index

    def activate(self, pos: tuple[int, int]) -> None:
        self.scene.go(self.index)

    def draw(self, surface: pygame.Surface, theme: th.Theme) -> None:
        current = self.index == self.scene.page
        r = self.rect.width // 2 * (0.55 if current else 0.32 + 0.1 * self.hover_t)
        color = th.GOLD_LIGHT if current else th.lerp_color(th.SAND_DARK, th.CREAM, self.hover_t)
        pygame.draw.circle(surface, color, self.rect.center, r)
        pygame.draw.circle(surface, th.SHADOW, self.rect.center, r, max(1, theme.s(2)))


class RulesScene(MenuScene):
    """The pages of rules_pages.PAGES; ← and → (or the dots) turn them, Back leaves."""

    dim = 0.62

    def __init__(self, app: App, page: int = 0) -> None:
        super().__init__(app)
        self.page = page
        self.slide = 0.0  # -1..1 while a page slides in
        self.page_time = 0.0
        self.prev = self.add("prev", Button("", lambda: self.go(self.page - 1), icon="left"))
        self.next = self.add("next", Button("", lambda: self.go(self.page + 1), icon="right"))
        self.dots = [self.add(f"page{i + 1}", PageDot(self, i)) for i in range(len(PAGES))]
        self.add_back_button()
        self.text_panel = self.picture_panel = pygame.Rect(0, 0, 0, 0)
        self._sync()

    def heading_text(self) -> str:
        return PAGES[self.page].title  # each page's own title, in the language of the moment

    def go(self, page: int) -> None:
        page = max(0, min(len(PAGES) - 1, page))
        if page != self.page:
            self.slide = 1.0 if page > self.page else -1.0
            self.page, self.page_time = page, 0.0
            self._sync()

    def _sync(self) -> None:
        self.prev.enabled = self.page > 0
        self.next.enabled = self.page < len(PAGES) - 1

    def animating(self) -> bool:
        # A new page's diagram grows in for DIAGRAM_SECONDS after the click; the app must keep
        # drawing until it has, or the diagram freezes half-grown once the input stops.
        return super().animating() or abs(self.slide) > 0.001 or self.page_time < DIAGRAM_SECONDS

    def update(self, dt: float) -> None:
        super().update(dt)
        adt = self.app.anim_dt(dt)
        self.slide = approach(self.slide, 0.0, 10.0, adt)
        self.page_time += adt if self.app.motion > 0 else 100.0

    def layout(self, size: tuple[int, int]) -> None:
        super().layout(size)
        t = self.theme
        h = t.s(th.BUTTON_HEIGHT)
        bottom = size[1] - t.s(MARGIN) - h
        self.next.set_rect(pygame.Rect(size[0] - t.s(MARGIN) - t.s(170), bottom, t.s(170), h))
        self.prev.set_rect(pygame.Rect(self.next.rect.left - t.s(24) - t.s(170), bottom, t.s(170), h))
        dot = t.s(56)
        x = size[0] // 2 - dot * len(self.dots) // 2
        for i, d in enumerate(self.dots):
            d.set_rect(pygame.Rect(x + i * dot, bottom + (h - dot) // 2, dot, dot))
        top = t.s(160)
        avail = bottom - t.s(36) - top
        gap = t.s(40)
        width = size[0] - 2 * t.s(MARGIN)
        self.text_panel = pygame.Rect(t.s(MARGIN), top, round(width * TEXT_SHARE), avail)
        self.picture_panel = pygame.Rect(self.text_panel.right + gap, top, width - self.text_panel.width - gap, avail)

    def _fit(self, lines: tuple[str, ...], body: pygame.Rect) -> int:
        """The largest text size (at 1080p) at which the page's lines fit the panel."""
        t = self.theme
        for size in TEXT_SIZES:
            n = sum(len(t.wrap(line, size, body.width - t.s(40))) for line in lines)
            if n * round(t.s(size) * LINE_SPACING) + len(lines) * t.s(PARAGRAPH_GAP) <= body.height:
                return size
        return TEXT_SIZES[-1]

    def draw_content(self, surface: pygame.Surface) -> None:
        t = self.theme
        page = PAGES[self.page]
        shift = round(self.slide * t.s(140))
        text_panel = self.text_panel.move(shift, 0)
        picture = self.picture_panel.move(shift * 2, 0)
        draw_panel(surface, text_panel, t)
        draw_panel(surface, picture, t, th.SAND_LIGHT)
        body = text_panel.inflate(-t.s(70), -t.s(60))
        size = self._fit(page.lines, body)
        y = body.top
        with t.container(body):
            for line in page.lines:
                bullet = pygame.Rect(body.left + t.s(40), y, body.width - t.s(40), body.height)
                pygame.draw.circle(surface, th.TERRACOTTA, (body.left + t.s(12), y + t.s(size) // 2), t.s(9))
                y = t.blit_paragraph(surface, line, size, th.INK, bullet, spacing=LINE_SPACING) + t.s(PARAGRAPH_GAP)
        art = picture.inflate(-t.s(60), -t.s(60))
        words = page.caption_text
        if words:
            art.height -= round(t.s(th.TEXT_SMALL) * 1.1 * CAPTION_LINES) + t.s(20)
            top = art.bottom + t.s(8)
            caption = pygame.Rect(art.left, top, art.width, picture.bottom - t.s(20) - top)
            t.blit_fit(surface, words, th.TEXT_SMALL, th.HINT_ON_SAND, caption,
                       min_size=th.TEXT_SMALL, max_lines=CAPTION_LINES)
        page.diagram(self.app, surface, art, self.page_time)
        t.blit_text(
            surface,
            say("rules.page_of", page=self.page + 1, pages=len(PAGES)),
            th.TEXT_SMALL,
            th.SAND,
            midbottom=(surface.get_width() // 2, self.dots[0].rect.top - t.s(4)),
        )
