"""The bundled CJK font: it draws every catalogue string, rarer glyphs still show, Chinese reads as large."""

from __future__ import annotations

import importlib.util
from collections.abc import Iterator
from pathlib import Path

import pygame
import pygame.freetype
import pytest

from game import i18n
from game.i18n import catalogue
from game.ui import headless  # noqa: F401  (chooses the dummy SDL drivers before pygame starts)
from game.ui.kit import theme as th
from game.ui.kit.fonts import CJK_FONT, ScriptFonts

FONTS = Path(CJK_FONT).parent


@pytest.fixture(scope="module", autouse=True)
def fonts_ready() -> None:
    pygame.font.init()
    pygame.freetype.init()


def test_the_bundled_font_is_small_and_carries_its_licence() -> None:
    assert CJK_FONT.exists()
    assert 50_000 < CJK_FONT.stat().st_size < 2_500_000
    licence = (FONTS / "OFL.txt").read_text(encoding="utf-8")
    assert "SIL OPEN FONT LICENSE Version 1.1" in licence and "Adobe" in licence
    assert (FONTS / "make_cjk_font.py").exists()


def test_every_catalogue_string_has_its_glyphs_in_the_bundled_font() -> None:
    face = pygame.freetype.Font(str(CJK_FONT), 16)
    missing = {}
    for language, table in catalogue.TABLES.items():
        for key, message in table.items():
            for text in catalogue.forms(message):
                lacking = sorted({c for c in text if not c.isspace() and face.get_metrics(c)[0] is None})
                if lacking:
                    missing[(language, key)] = "".join(lacking)
    assert not missing, f"run fonts/make_cjk_font.py: {missing}"


def test_chinese_text_is_drawn_in_the_cjk_face_and_english_in_the_default() -> None:
    t = th.Theme((1920, 1080))
    px = t.s(th.TEXT_BODY)
    assert t.font(px, "Connect") is t.font(px)
    assert t.font(px, "Looking for games on the LAN…") is t.font(px)
    assert t.font(px, "連線") is not t.font(px)
    assert t.font(px, "座位 2 · Gilgamesh") is t.font(px, "連線")  # one face for a mixed line


@pytest.fixture
def english() -> Iterator[None]:
    i18n.set_language("en")
    yield
    i18n.set_language("en")


def ink(surface: pygame.Surface) -> int:
    return pygame.mask.from_surface(surface).count()


@pytest.mark.parametrize("size", [(1280, 720), (1920, 1080)])
def test_on_an_english_screen_a_chinese_name_leaves_the_english_words_of_its_sentence_in_the_default_face(
        size: tuple[int, int], english: None) -> None:
    # The log said "吉爾伽美什 scored 1 red point." in the CJK face, a size smaller than the English lines
    # around it: one player's name shrank every word of the sentence.
    t = th.Theme(size)
    px = t.s(th.TEXT_BODY)
    name, rest = "吉爾伽美什", " scored 1 red point."   # the space in the default face: a full word gap
    line = t.render(name + rest, th.TEXT_BODY, (0, 0, 0))
    alone = t.render(rest, th.TEXT_BODY, (0, 0, 0))
    name_width = t.font(px, name).size(name)[0]
    assert line.get_width() == name_width + alone.get_width() == t.measure(name + rest, th.TEXT_BODY)
    english_part = line.subsurface(pygame.Rect(name_width, 0, alone.get_width(), line.get_height()))
    assert ink(english_part) == ink(alone)            # the same glyphs as an English line draws
    name_part = line.subsurface(pygame.Rect(0, 0, name_width, line.get_height()))
    assert ink(name_part) > 0                          # and the name in the CJK face, not boxes
    # The English line's box and baseline: the words sit where they would without the name (a pixel of
    # slack where small ideographs reach past the English ascent), and the line is no taller.
    assert abs(line.get_height() - alone.get_height()) <= 1
    words, words_alone = english_part.get_bounding_rect(), alone.get_bounding_rect()
    assert abs(words.top - words_alone.top) <= 1 and abs(words.bottom - words_alone.bottom) <= 1
    # The ideographs stand on that baseline too: their ink ends where "scored 1 red"'s does (no descender there).
    plain = t.render("吉爾伽美什 scored 1 red", th.TEXT_BODY, (0, 0, 0))
    red = plain.subsurface(pygame.Rect(name_width, 0, plain.get_width() - name_width, plain.get_height()))
    ideographs = plain.subsurface(pygame.Rect(0, 0, t.font(px, name).size(name)[0], plain.get_height()))
    assert abs(ideographs.get_bounding_rect().bottom - red.get_bounding_rect().bottom) <= max(2, t.s(4))


def test_on_a_chinese_screen_the_cjk_face_draws_the_whole_line() -> None:
    t = th.Theme((1920, 1080))
    px = t.s(th.TEXT_BODY)
    line = "輪到 Enheduanna"
    i18n.set_language("zh-TW")
    try:
        latin_in_cjk = t.render("座位 Ag", th.TEXT_BODY, (0, 0, 0))
        assert latin_in_cjk.get_bounding_rect().top > 0   # the trimmed CJK box keeps an English name's ascenders
        chinese = t.render(line, th.TEXT_BODY, (0, 0, 0)).get_width()
        assert chinese == t.font(px, line).size(line)[0] == t.measure(line, th.TEXT_BODY)
        cached = t.blit_text(pygame.Surface((800, 100)), line, th.TEXT_BODY, (0, 0, 0), topleft=(0, 0)).width
    finally:
        i18n.set_language("en")
    # The same words on an English screen are drawn run by run, and no cache hands back the other one.
    english = t.blit_text(pygame.Surface((800, 100)), line, th.TEXT_BODY, (0, 0, 0), topleft=(0, 0)).width
    assert cached == chinese and english == t.measure(line, th.TEXT_BODY) != chinese


@pytest.mark.parametrize("line", ["Enheduanna attacks, 吉爾伽美什 defends.", "王國", "Connect", "Gilgamesh · 獅子",
                                  "Turn 1 • 吉爾伽美什's turn • 2 actions left"])
def test_a_line_is_as_wide_as_it_is_measured_so_wrapping_and_fitting_hold(line: str, english: None) -> None:
    # A guard more than a finding: the old whole-line face measured as it drew too; run by run must as well.
    t = th.Theme((1280, 720))
    assert t.render(line, th.TEXT_SMALL, (0, 0, 0)).get_width() == t.measure(line, th.TEXT_SMALL)
    for wrapped in t.wrap(line, th.TEXT_SMALL, t.measure(line, th.TEXT_SMALL) // 2):
        assert t.measure(wrapped, th.TEXT_SMALL) <= t.measure(line, th.TEXT_SMALL) // 2 or " " not in wrapped


def ink_height(surface: pygame.Surface) -> int:
    return surface.get_bounding_rect().height


@pytest.mark.parametrize("size", [(1280, 720), (1920, 1080)])
@pytest.mark.parametrize("text_size", [th.TEXT_SMALL, th.TEXT_BODY, th.TEXT_LARGE])
def test_chinese_is_at_least_as_tall_as_english_and_takes_the_same_room(size: tuple[int, int],
                                                                        text_size: int) -> None:
    t = th.Theme(size)
    ideographs = t.render("王國神殿", text_size, (0, 0, 0))
    capitals = t.render("HEMT", text_size, (0, 0, 0))
    assert ink_height(ideographs) >= 1.08 * ink_height(capitals), (ink_height(ideographs), ink_height(capitals))
    # The trimmed line box: no taller than the line height asked for, with every stroke inside it.
    assert ideographs.get_height() <= t.s(text_size) * 1.05
    box = ideographs.get_bounding_rect()
    assert box.top > 0 and box.bottom < ideographs.get_height()
    latin_in_cjk = t.render("座位 Ag", text_size, (0, 0, 0)).get_bounding_rect()
    assert latin_in_cjk.top > 0  # an English name in a Chinese line keeps its ascenders and descenders


def name_characters() -> str:
    """The characters of Chinese personal names the subset promises (fonts/make_cjk_font.py's NAMES)."""
    spec = importlib.util.spec_from_file_location("make_cjk_font", FONTS / "make_cjk_font.py")
    assert spec is not None and spec.loader is not None
    script = importlib.util.module_from_spec(spec)
    spec.loader.exec_module(script)
    return str(script.NAMES)


def test_the_bundled_font_draws_the_characters_of_chinese_names() -> None:
    names = name_characters()
    assert len(set(names)) >= 600 and set("陳林黃張李王吳劉蔡楊怡君宏志美玲") <= set(names)
    face = pygame.freetype.Font(str(CJK_FONT), 16)
    lacking = "".join(sorted({c for c in names if face.get_metrics(c)[0] is None}))
    assert not lacking, f"run fonts/make_cjk_font.py: {lacking}"


def test_a_thin_space_draws_as_a_narrow_space_not_a_box() -> None:
    face = pygame.freetype.Font(str(CJK_FONT), 40)
    thin = face.get_metrics("\u2009")[0]
    assert thin is not None, "the subset has no glyph for U+2009"
    advance = thin[4]
    assert 0.1 * 40 <= advance <= 0.35 * 40, advance
    apart, _ = face.render("國\u2009國", (0, 0, 0), (255, 255, 255))
    together, _ = face.render("國國", (0, 0, 0), (255, 255, 255))
    assert apart.get_width() > together.get_width()
    # no ink between the two characters: the gap is empty, not a .notdef box
    gap = pygame.Rect(together.get_width() // 2 + 2, 0, apart.get_width() - together.get_width() - 4,
                      apart.get_height())
    ink = [apart.get_at((x, y)) for x in range(gap.left, gap.right) for y in range(gap.top, gap.bottom)]
    assert all(pixel[:3] == (255, 255, 255) for pixel in ink)


@pytest.mark.parametrize("name", ["龘靐", "김민준", "Ἀχιλλεύς", "🐂 Bull", "王\u0301"])
def test_a_name_with_glyphs_outside_the_subset_still_shows(name: str) -> None:
    t = th.Theme((1280, 720))
    surface = pygame.Surface((1280, 720))
    assert t.measure(name, th.TEXT_BODY) > 0
    rect = t.blit_fit(surface, f"{name} · 獅子", th.TEXT_BODY, th.INK, pygame.Rect(0, 0, 600, 80))
    assert rect.width > 0 and surface.get_bounding_rect().width > 0
    assert t.wrap(f"等待 {name}", th.TEXT_BODY, 200)


def test_a_glyph_the_subset_lacks_comes_from_a_system_font_when_there_is_one() -> None:
    fonts = ScriptFonts()
    subset = str(CJK_FONT)
    assert not fonts.covers(subset, "龘")
    system = fonts.system_path()
    if system is None or not fonts.covers(system, "龘"):
        pytest.skip("this system has no CJK font (the subset draws a box instead)")
    default = pygame.font.Font(None, 40)
    chosen = fonts.font_for("龘", 40, default)
    assert chosen is not default and chosen is not fonts.cjk(40)
    assert fonts.render(chosen, "龘", (0, 0, 0)).get_bounding_rect().height > 10
