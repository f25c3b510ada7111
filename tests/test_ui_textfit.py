"""The one fit-to-width helper: shrink, then wrap, then ellipsis; English breaks between words and
Traditional Chinese between characters, never before closing nor after opening punctuation."""

from __future__ import annotations

import os

os.environ.setdefault("SDL_VIDEODRIVER", "dummy")
os.environ.setdefault("SDL_AUDIODRIVER", "dummy")

import pygame  # noqa: E402
from hypothesis import assume, given  # noqa: E402
from hypothesis import strategies as st  # noqa: E402

from game.ui.kit import textfit  # noqa: E402
from game.ui.kit.textfit import CLOSING, OPENING, ellipsize, fit, units, wrap  # noqa: E402


def mono(text: str) -> int:
    """Every character 10 px wide (CJK double, as fonts draw them)."""
    return sum(20 if textfit.is_wide(ch) else 10 for ch in text)


def sized(text: str, size: int) -> int:
    return mono(text) * size // 40


def test_english_breaks_between_words_only():
    lines = wrap("Pass the mouse to Enheduanna", 120, mono)
    assert lines == ["Pass the", "mouse to", "Enheduanna"]
    assert all(mono(line) <= 120 for line in lines)


def test_a_word_wider_than_the_line_is_cut_by_characters_as_a_last_resort():
    lines = wrap("Supercalifragilistic", 60, mono)
    assert "".join(lines) == "Supercalifragilistic"
    assert all(mono(line) <= 60 for line in lines)


def test_cjk_breaks_between_characters():
    lines = wrap("國王在塔廟的王國裡塔廟才計分", 80, mono)
    assert lines == ["國王在塔", "廟的王國", "裡塔廟才", "計分"]


def test_cjk_never_breaks_before_closing_punctuation():
    # At 4 characters a line, "。" would start line 2: it stays with the character before it instead.
    lines = wrap("王國的王在這。祭司", 80, mono)
    assert not any(line[0] in CLOSING for line in lines), lines
    assert "".join(lines) == "王國的王在這。祭司"


def test_cjk_never_breaks_after_opening_punctuation():
    lines = wrap("你好世「塔廟」計分", 80, mono)
    assert not any(line[-1] in OPENING for line in lines), lines
    assert "".join(lines) == "你好世「塔廟」計分"


def test_units_glue_punctuation_and_mixed_scripts():
    assert units("「兩河流域」是") == ["「兩", "河", "流", "域」", "是"]
    assert units("王、祭司！") == ["王、", "祭", "司！"]
    assert units("Ur 王國") == ["Ur ", "王", "國"]


@given(st.text(alphabet="王國祭司商人農夫神殿，。、「」！？ abcdefg", min_size=1, max_size=40))
def test_wrap_keeps_every_character_and_every_line_fits(text):
    lines = wrap(text, 90, mono)
    assert "".join(lines).replace(" ", "") == text.replace(" ", "")
    for line in lines:
        assert mono(line) <= 90 or len(line) == 1


@given(st.text(alphabet="王國祭司商人農夫神殿，。、「」！？", min_size=1, max_size=40))
def test_cjk_wrap_keeps_punctuation_rules(text):
    lines = wrap(text, 90, mono)
    assert "".join(lines) == text
    for before, line in zip(lines, lines[1:], strict=False):
        # A line starts with closing punctuation, or the one before ends with opening punctuation, only
        # when one unbreakable piece (a run of glued marks) was wider than the whole line and was cut.
        if line[0] in CLOSING or before[-1] in OPENING:
            assert mono(before + line[0]) > 90, (before, line)


def test_fit_shrinks_before_it_wraps():
    f = fit("Green/Black", 40, (100, 60), sized, lambda s: s, min_size=28)
    assert f.lines == ("Green/Black",) and f.size < 40
    assert sized("Green/Black", f.size) <= 100


def test_fit_wraps_at_the_minimum_before_ellipsis():
    f = fit("Pass the mouse to Enheduanna", 40, (150, 200), sized, lambda s: s, min_size=28)
    assert len(f.lines) > 1 and "…" not in "".join(f.lines)
    assert all(sized(line, f.size) <= 150 for line in f.lines)
    assert f.height <= 200


def test_fit_ellipsis_only_when_nothing_else_fits():
    f = fit("Pass the mouse to Enheduanna now please", 40, (150, 30), sized, lambda s: s, min_size=28)
    assert f.size == 28 and len(f.lines) == 1 and f.lines[0].endswith("…")
    assert sized(f.lines[0], 28) <= 150


def test_fit_cjk_wraps_between_characters():
    f = fit("請把滑鼠交給恩西杜安娜。", 40, (160, 200), sized, lambda s: s, min_size=28)
    assert len(f.lines) > 1 and all(sized(line, f.size) <= 160 for line in f.lines)
    assert not any(line[0] in CLOSING for line in f.lines)


def test_ellipsize():
    assert ellipsize("short", 100, mono) == "short"
    cut = ellipsize("a very long line of words", 100, mono)
    assert cut.endswith("…") and mono(cut) <= 100


def test_theme_blit_fit_keeps_text_inside_its_box():
    from game.ui.kit.theme import Theme

    pygame.font.init()
    t = Theme((1920, 1080), record_text=[])
    surface = pygame.Surface((800, 400))
    box = pygame.Rect(100, 100, 220, 90)
    t.blit_fit(surface, "Pass the mouse to Enheduanna", 40, (0, 0, 0), box)
    assert len(t.record_text) >= 2
    for rec in t.record_text:
        assert box.contains(rec.rect), (rec.text, rec.rect, box)
        assert rec.container == box and rec.px >= 24


def test_fit_never_cuts_a_word_while_a_smaller_size_keeps_it_whole():
    # At 40 "Nebuchadnezzar" (140 px) is wider than the box: wrapping there would cut the name.
    f = fit("Nebuchadnezzar defends", 40, (120, 200), sized, lambda s: s, min_size=24)
    assert f.lines == ("Nebuchadnezzar", "defends") and sized("Nebuchadnezzar", f.size) <= 120


def test_fit_cuts_a_word_by_characters_only_at_the_minimum_size():
    f = fit("Nebuchadnezzar defends", 40, (60, 400), sized, lambda s: s, min_size=20)
    assert f.size == 20 and "".join(f.lines).replace(" ", "") == "Nebuchadnezzardefends"


def test_a_chinese_paragraph_never_ends_on_one_character_alone():
    # Ten characters a line: greedy wrapping leaves 「了。」 alone on the third line; the second lends it one.
    text = "已經不能復原了：吉爾伽美什已經回應了。"
    greedy = ["已經不能復原了：吉", "爾伽美什已經回應", "了。"]
    assert [line for line in greedy if mono(line) > 180] == []
    lines = wrap(text, 180, mono)
    assert "".join(lines) == text and len(lines) == 3
    assert lines[-1] == "應了。" and all(mono(line) <= 180 for line in lines)
    # A kept name is one piece: it is lent whole or not at all.
    kept = wrap(text, 180, mono, keep=("吉爾伽美什",))
    assert "".join(kept) == text and all("吉爾伽美什" in line or "吉" not in line for line in kept)
    assert len(kept[-1].rstrip("。")) > 1


def test_lending_never_leaves_a_line_of_spaces_behind():
    # Lending 是 would leave the two ideographic spaces of the indent alone on the first line.
    assert wrap("\u3000\u3000是的。", 60, mono) == ["\u3000\u3000是", "的。"]


@given(st.text(alphabet="的了是我你他。，「」比分 3\u3000", min_size=1, max_size=60), st.integers(60, 400))
def test_lending_to_the_last_line_keeps_every_rule(text: str, width: int):
    assume(all(mono(piece.rstrip()) <= width for piece in units(text)))  # nothing cut by characters
    lines = wrap(text, width, mono)
    assert "".join("".join(lines).split()) == "".join(text.split())   # the same text, spaces aside
    assert all(mono(line) <= width for line in lines)
    assert all(line.strip() for line in lines[1:]) or not text.strip()
    # Breaks fall where they may: never before closing punctuation, never after opening punctuation.
    assert all(not line or line[0] not in CLOSING for line in lines[1:])
    assert all(not line or line[-1] not in OPENING for line in lines[:-1])
