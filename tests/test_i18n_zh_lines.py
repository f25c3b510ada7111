"""Chinese lines as a Taiwanese player reads them: a thin space where a Latin name meets Chinese, and no
line break inside a score, a number with its unit, a name or one of the glossary's words."""

from __future__ import annotations

import re

import pygame
import pytest

from game import i18n
from game.i18n import catalogue
from game.i18n.glossary import GLOSSARY, UNBROKEN
from game.ui import headless  # noqa: F401  (the dummy SDL drivers)
from game.ui.kit import textfit
from game.ui.kit import theme as th
from game.ui.table.table_words import describe

THIN = "\u2009"
ZH = catalogue.TABLES["zh-TW"]
# A Latin letter touching a Chinese character, with nothing between them.
JAMMED = re.compile(r"[A-Za-z][\u3400-\u9fff]|[\u3400-\u9fff][A-Za-z]")


@pytest.fixture
def chinese():  # type: ignore[no-untyped-def]
    i18n.set_language("zh-TW")
    yield
    i18n.set_language("en")


# -- the thin space -------------------------------------------------------------------------------


def test_a_latin_name_meets_chinese_across_a_thin_space() -> None:
    assert i18n.t_in("zh-TW", "log.turn_started", who="Bob") == f"輪到{THIN}Bob"
    assert i18n.t_in("zh-TW", "log.swap", who="Bob", n=2) == f"Bob{THIN}更換了 2 個板塊。"
    assert i18n.t_in("zh-TW", "replay.hand", name="Ann") == f"Ann{THIN}的手牌"


def test_no_thin_space_where_none_belongs() -> None:
    assert i18n.t_in("zh-TW", "log.turn_started", who="吉爾伽美什") == "輪到吉爾伽美什"  # Chinese to Chinese
    assert i18n.t_in("zh-TW", "saved.started", year=2026, month="12月", day=3, time="5:00") == "2026年12月3日 · 5:00"
    assert i18n.t_in("zh-TW", "log.turn_started", who="Bo王") == f"輪到{THIN}Bo王"  # a name stays as typed
    assert i18n.t_in("zh-TW", "lan.table.waiting_for", name="「Bob」") == "等待「Bob」"  # punctuation is enough
    assert i18n.t_in("en", "log.swap", who="Bob", n=2) == "Bob swapped 2 tiles."  # English has its spaces
    assert i18n.t_in("zh-TW", "log.turn_started", who="Bob2") == f"輪到{THIN}Bob2"


def test_every_chinese_message_spaces_a_latin_name_from_its_words() -> None:
    jammed = []
    for key, message in ZH.items():
        params: dict[str, object] = {name: "Bob" for name in catalogue.parameters(message)}
        if catalogue.PLURAL_PARAMETER in params:
            params[catalogue.PLURAL_PARAMETER] = 2
        text = i18n.t_in("zh-TW", key, **params)
        if JAMMED.search(text):
            jammed.append((key, text))
    assert not jammed, jammed


def test_names_joined_by_and_are_spaced_too(chinese: None) -> None:
    assert i18n.join("results.and", ["Ann", "吉爾"]) == f"Ann{THIN}和吉爾"
    i18n.set_language("en")
    assert i18n.join("results.and", ["Ann", "Bo"]) == "Ann and Bo"


def test_three_names_are_listed_not_chained(chinese: None) -> None:
    """A true tie of three: 「Ann、Bo 和吉爾」 and "Ann, Bo and Cy", never "Ann and Bo and Cy"."""
    assert i18n.join("results.and", ["Ann", "Bo", "吉爾"]) == f"Ann、Bo{THIN}和吉爾"
    assert i18n.join("saved.winners_and", ["吉爾", "恩赫", "Bo", "Cy"]) == f"吉爾、恩赫、Bo{THIN}和{THIN}Cy"
    i18n.set_language("en")
    assert i18n.join("results.and", ["Ann", "Bo", "Cy"]) == "Ann, Bo and Cy"
    assert i18n.t("results.true_tie", names=i18n.join("results.and", ["Ann", "Bo", "Cy"])) == \
        "A true tie: Ann, Bo and Cy share first place."


def test_the_log_spaces_a_latin_player_from_the_chinese(chinese: None) -> None:
    event = {"kind": "war_started", "color": "red", "attacker": 0, "defender": 1}
    assert describe(event, ["Bob", "吉爾伽美什"]) == f"祭司的戰爭：攻擊方{THIN}Bob，防守方吉爾伽美什。"


# -- the wrapper keeps scores, numbers and words whole ---------------------------------------------


def mono(text: str) -> int:
    """Every character 10 px wide, CJK double, a thin space 2."""
    return sum(2 if ch == THIN else 20 if textfit.is_wide(ch) else 10 for ch in text)


@pytest.mark.parametrize("score", ["1 比 1", "12 比 11", "第 3 回", "3 個", "1 到 6 個"])
def test_a_score_or_a_number_with_its_unit_is_one_piece(score: str) -> None:
    assert any(score in piece for piece in textfit.units(f"吉爾伽美什獲勝，{score}。甲乙"))


def test_a_thin_space_never_starts_or_ends_a_line() -> None:
    pieces = textfit.units(f"輪到{THIN}Bob{THIN}的回合")
    assert f"到{THIN}Bob{THIN}的" in pieces, pieces


SENTENCES = [
    f"Gilgamesh{THIN}在戰爭中獲勝，12 比 11：平手時防守方獲勝。",
    "吉爾伽美什建造了紅/藍紀念碑。恩赫杜安娜打出了 3 個神殿。",
    "祭司的叛亂：攻擊方吉爾伽美什，防守方恩赫杜安娜。第 12 回合",
    "遊戲結束：圖板上的寶物只剩兩個以下，紅色分數最高的玩家獲勝",
]
KEPT = ("12 比 11", "防守方", "攻擊方", "紀念碑", "戰爭", "叛亂", "紅色分數", "第 12 回", "3 個", "圖板", "寶物",
        f"Gilgamesh{THIN}在", "吉爾伽美什", "恩赫杜安娜")


@pytest.mark.parametrize("sentence", SENTENCES)
def test_wrapping_at_any_width_never_splits_a_score_a_word_or_a_name(sentence: str) -> None:
    keep = ("吉爾伽美什", "恩赫杜安娜", *UNBROKEN)
    for width in range(120, 700, 10):
        lines = textfit.wrap(sentence, width, mono, keep)
        assert "".join(lines).replace(" ", "") == sentence.replace(" ", ""), lines
        joined = "\n".join(lines)
        split = [word for word in KEPT if word in sentence and word not in joined]
        assert not split, (width, lines, split)


def test_the_glossarys_words_are_kept_whole() -> None:
    assert {term.zh for term in GLOSSARY} <= set(UNBROKEN)
    assert {"防守方", "紀念碑", "紅色分數", "防守"} <= set(UNBROKEN)


@pytest.mark.parametrize("size", [(1280, 720), (1920, 1080)], ids=lambda s: f"{s[0]}x{s[1]}")
def test_the_themes_wrap_and_fit_keep_scores_and_words_whole(size: tuple[int, int]) -> None:
    pygame.font.init()
    t = th.Theme(size)
    text = "吉爾伽美什在戰爭中獲勝，1 比 1：平手時防守方獲勝。紀念碑"
    for width in range(t.s(120), t.s(900), t.s(12)):
        for lines in (t.wrap(text, th.TEXT_BODY, width), list(t.fit(text, th.TEXT_BODY, (width, 2000)).lines)):
            joined = "\n".join(lines)
            assert all(word in joined for word in ("1 比 1", "防守方", "紀念碑", "戰爭")), (width, lines)
