"""The rules pages in both languages: every word from the catalogue, the Chinese fits, reads as large, says RULES.md.

The pages are drawn with the text recorder on (the fit test's mechanism, tests/test_ui_fit.py) at
1280x720 and 1920x1080, in English and in 繁體中文.
"""

from __future__ import annotations

import re
from collections.abc import Iterator
from typing import Any

import pygame
import pytest

from game import i18n
from game.i18n import catalogue, rules_en, rules_zh_tw
from game.ui import headless
from game.ui.kit.theme import TextRecord
from game.ui.menus.rules_pages import PAGES
from game.ui.menus.rules_scene import RulesScene

from .test_ui_contrast import low_contrast
from .test_ui_fit import SIZES, app_with, faults

LATIN_WORD = re.compile(r"[A-Za-z]{2,}")


@pytest.fixture
def chinese() -> Iterator[None]:
    i18n.set_language("zh-TW")
    yield
    i18n.set_language("en")


def drawn(app: Any, page: int) -> list[TextRecord]:
    """Show one page until its diagram has grown in; return every text drawn in one frame."""
    app.reset(RulesScene(app, page))
    headless.settle_still(app, 4.0)  # until the diagram has grown in
    app.theme.record_text = []
    app.top.draw(app.surface)
    records, app.theme.record_text = app.theme.record_text, None
    return records


# -- the catalogue --------------------------------------------------------------------------------
def test_every_key_the_pages_read_is_in_both_tables_and_no_other() -> None:
    read = {key for page in PAGES for key in page.keys()} | {
        "rules.page_of", "rules.actions.card", *(f"rules.actions.{kind}" for kind in
                                                 ("leader", "tile", "catastrophe", "swap"))}
    assert set(rules_en.MESSAGES) == read, sorted(set(rules_en.MESSAGES) ^ read)
    assert set(rules_zh_tw.MESSAGES) == read, sorted(set(rules_zh_tw.MESSAGES) ^ read)
    for language in catalogue.LANGUAGES:
        assert read <= set(catalogue.TABLES[language]), language
    # The rules tables add words; they never replace one of the other screens'.
    assert not set(rules_en.MESSAGES) & (set(catalogue.TABLES["en"]) - read)


def test_a_page_reads_the_current_language_each_time_it_is_asked() -> None:
    goal = PAGES[0]
    assert goal.title == "Goal and turn"
    try:
        i18n.set_language("zh-TW")
        assert goal.title == "遊戲目標與回合"
        assert goal.caption_text == "這位玩家得 4 分：綠色最低。"  # the diagram's lowest colour, named in Chinese
        assert PAGES[3].caption_text.startswith("公牛祭司")  # the dynasty's name in Chinese
        assert PAGES[7].caption_text == "在「新遊戲」畫面選擇要用哪些變體。"  # the New-game screen's own heading
    finally:
        i18n.set_language("en")
    assert goal.caption_text == "This player scores 4: green is lowest."
    assert PAGES[3].caption_text == "Bull priest: 2 temples. Lion priest: 1 temple."
    assert PAGES[1].caption_text == ""  # the actions page's four cards need no caption
    assert PAGES[7].caption_text == "Choose them on the New game screen."


def test_the_title_opens_the_rules_in_chinese(chinese: None) -> None:
    from game.ui.menus.title import TitleScene

    app = app_with((1280, 720))
    app.push(TitleScene(app))
    headless.settle(app, 0.5)
    headless.click_button(app, "rules", frames=3)
    assert isinstance(app.top, RulesScene)
    headless.click_button(app, "next", frames=3)
    headless.settle(app, 0.5)
    app.theme.record_text = []
    app.top.draw(app.surface)  # the scene the title opened, on its second page
    texts = {r.text for r in app.theme.record_text}
    app.theme.record_text = None
    assert "四種動作" in texts and "返回" in texts and "2 / 8" in texts, texts
    assert {"1. 領袖", "2. 板塊", "3. 災難", "4. 交換"} <= texts


def test_the_chinese_pages_say_what_rules_md_says() -> None:
    """The same points tests/test_ui_screens.py checks in English, in the Chinese words."""
    zh = rules_zh_tw.MESSAGES
    assert "王若在塔廟的王國裡" in zh["rules.variants.3"] and "1 分黑色" in zh["rules.variants.3"]  # §16.3
    assert zh["rules.monuments.3"].startswith("每回合結束時")  # §14: at the end of every turn, not only yours
    assert zh["rules.monuments.2"].startswith("你的回合結束時")  # §12.1: the active player's leaders
    assert "補滿手牌" in zh["rules.end.1"] and "兩個以下的寶物" in zh["rules.end.1"]  # §15
    assert "平手時守方" in zh["rules.revolt.3"]  # §10: ties go to the defender
    assert "有寶物的神殿" in zh["rules.war.4"] and "緊鄰其他領袖的神殿" in zh["rules.war.4"]  # §11
    assert "藍色的農田只能放在河上" in zh["rules.actions.2"]  # §7
    assert "中央的八個必須先拿" in zh["rules.variants.1"]  # §16.1
    assert "第二低" in zh["rules.end.3"] and "第三低" in zh["rules.end.3"]  # §15 tie-break


# -- drawn ----------------------------------------------------------------------------------------
@pytest.mark.parametrize("size", SIZES, ids=lambda s: f"{s[0]}x{s[1]}")
def test_every_rules_page_fits_in_chinese(size: tuple[int, int], chinese: None) -> None:
    app = app_with(size)
    found = []
    for page in range(len(PAGES)):
        app.reset(RulesScene(app, page))
        headless.settle_still(app, 4.0)  # the diagrams grow in
        found += faults(app)
    assert not found, "\n".join(found)


@pytest.mark.parametrize("size", SIZES, ids=lambda s: f"{s[0]}x{s[1]}")
def test_no_english_word_is_left_on_a_chinese_page(size: tuple[int, int], chinese: None) -> None:
    app = app_with(size)
    left = []
    for page in range(len(PAGES)):
        records = drawn(app, page)
        assert any(r.text == PAGES[page].title for r in records), page
        left += [(page + 1, r.text) for r in records if LATIN_WORD.search(r.text)]
    assert not left, left


@pytest.mark.parametrize("size", SIZES, ids=lambda s: f"{s[0]}x{s[1]}")
def test_chinese_rules_are_drawn_at_least_as_large_as_english(size: tuple[int, int]) -> None:
    def body_px(language: str) -> list[int]:
        i18n.set_language(language)
        try:
            app = app_with(size)
            sizes = []
            for page in range(len(PAGES)):
                records = drawn(app, page)
                first = PAGES[page].lines[0]
                sizes.append(max(r.px for r in records if len(r.text) > 3 and r.text in first))
            pygame.display.quit()
            return sizes
        finally:
            i18n.set_language("en")

    english, chinese = body_px("en"), body_px("zh-TW")
    assert all(zh >= en for zh, en in zip(chinese, english, strict=True)), (chinese, english)


def test_chinese_rules_pages_contrast(chinese: None) -> None:
    app = app_with((1920, 1080))
    found = []
    for page in range(len(PAGES)):
        app.reset(RulesScene(app, page))
        headless.settle_still(app, 4.0)
        found += low_contrast(app)
    assert not found, "\n".join(found)
