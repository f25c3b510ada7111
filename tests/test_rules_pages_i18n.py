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
from game.ui.kit import theme as th
from game.ui.kit.theme import TextRecord
from game.ui.menus.rules_pages import PAGES, Page
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
        "rules.page_of", "rules.actions.card", "rules.war.attacker", "rules.war.defender",
        *(f"rules.actions.{kind}" for kind in ("leader", "tile", "catastrophe", "swap"))}
    assert set(rules_en.MESSAGES) == read, sorted(set(rules_en.MESSAGES) ^ read)
    assert set(rules_zh_tw.MESSAGES) == read, sorted(set(rules_zh_tw.MESSAGES) ^ read)
    for language in catalogue.LANGUAGES:
        assert read <= set(catalogue.TABLES[language]), language
    # The rules tables add words; they never replace one of the other screens'.
    assert not set(rules_en.MESSAGES) & (set(catalogue.TABLES["en"]) - read)


def page(name: str) -> Page:
    return next(p for p in PAGES if p.name == name)


def test_a_page_reads_the_current_language_each_time_it_is_asked() -> None:
    goal = PAGES[0]
    assert goal.title == "Goal and turn"
    new_game = i18n.t("new_game.heading")
    try:
        i18n.set_language("zh-TW")
        assert goal.title == "遊戲目標與回合"
        assert goal.caption_text == "這位玩家得 4 分：綠色最低。"  # the diagram's lowest colour, named in Chinese
        assert page("revolt").caption_text.startswith(i18n.name_of("dynasty", "bull") + "祭司")  # in Chinese
        zh_new_game = i18n.t("new_game.heading")
        assert page("variants").caption_text == f"在「{zh_new_game}」畫面選擇要用哪些變體。"  # that screen's heading
    finally:
        i18n.set_language("en")
    assert zh_new_game != new_game
    assert goal.caption_text == "This player scores 4: green is lowest."
    assert page("revolt").caption_text == "Bull priest: 2 temples. Lion priest: 1 temple."
    assert page("actions").caption_text == ""  # the actions page's four cards need no caption
    assert page("variants").caption_text == f"Choose them on the {new_game} screen."


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
    assert "四種行動" in texts and "返回" in texts and f"2 / {len(PAGES)}" in texts, texts
    assert {"1. 領袖", "2. 板塊", "3. 災難", "4. 更換"} <= texts


# What issue #22 asks the pages to teach, as RULES.md words it: (what, key, English, Chinese). Each phrase
# must be in that key's words, in that language, and the key on a page.
TEACHES: tuple[tuple[str, str, str, str], ...] = (
    ("who attacks in a war (§11)", "rules.war.3",
     "The active player attacks if one leader is theirs; if not, the first of the two clockwise from them",
     "輪到的玩家若擁有其中一位領袖，就是攻擊方；否則從這位玩家順時針數起，第一位參戰的玩家攻擊"),
    ("who commits first in a war (§11)", "rules.war.5",
     "The attacker commits first, then the defender", "攻擊方先打出板塊，防守方再打出"),
    ("the active player orders the wars (§11)", "rules.war.2",
     "The active player chooses the order they are fought in, even when not in them", "由輪到的玩家決定先打哪個顏色"),
    ("a war's tie goes to the defender (§11)", "rules.war.5", "A tie goes to the defender", "平手時防守方獲勝"),
    ("a revolt's tie goes to the defender (§10)", "rules.revolt.3", "A tie goes to the defender", "平手時防守方獲勝"),
    ("a revolt discards every committed tile (§10)", "rules.revolt.5",
     "Every committed tile is discarded, the winner's too", "所有打出的板塊都要棄掉，勝方的也一樣"),
    ("a war discards every committed tile (§11)", "rules.war_end.4",
     "Every committed tile is discarded, the winner's too", "所有打出的板塊都要棄掉，勝方的也一樣"),
    ("two catastrophes each (§1)", "rules.catastrophes.1",
     "two catastrophe tiles for the whole game", "整場遊戲只有兩個災難板塊"),
    ("a catastrophe may go on an empty square (§8)", "rules.catastrophes.2",
     "on an empty square, land or river", "放在空格上（陸地或河上都行）"),
    ("never on leaders, treasures or monuments (§8)", "rules.catastrophes.3",
     "Never on a leader, a treasure, a monument's face-down tiles", "不能放在領袖、寶物、紀念碑背面朝上的板塊"),
    ("leaders left without a temple go home (§4, §8)", "rules.catastrophes.4",
     "Leaders left without a temple go home", "身邊沒有神殿的領袖退回供應區"),
    ("a leader may not join two kingdoms (§6)", "rules.leaders.3",
     "A leader may not join two kingdoms", "領袖不能把兩個王國連起來"),
    ("a tile may not join three kingdoms (§7)", "rules.tiles.2",
     "a tile may not join three kingdoms", "不能連起三個王國"),
    ("the king scores the tile's colour (§7)", "rules.tiles.4",
     "The king scores the tile's colour", "由擁有國王的玩家得分，顏色仍是板塊的顏色"),
    ("the four corner treasures are taken first (§2, §14)", "rules.treasures.2",
     "The four corner treasures (gold-framed) are taken first", "四個角落的寶物（金框）必須先拿"),
    ("a monument's face-down tiles are no longer temples (§13)", "rules.monuments.2",
     "they are no longer temples", "不再算神殿"),
    ("a building needs a line of three or more (§16.2)", "rules.buildings.2",
     "a straight line of three or more face-up tiles of its colour", "連成三個以上的橫線或直線"),
    ("a built building scores 1 for the same-colour leader's owner (§16.2)", "rules.buildings.3",
     "1 point of its colour for the owner of the same-colour leader", "同色領袖的玩家得 1 分該顏色的分數"),
    ("a moved building scores 2 (§16.2)", "rules.buildings.4", "lets you move it: 2 points", "就可以搬過去：得 2 分"),
)


@pytest.mark.parametrize(("what", "key", "english", "chinese"), TEACHES, ids=[row[0] for row in TEACHES])
def test_the_pages_teach_what_issue_22_asks_in_both_languages(what: str, key: str, english: str, chinese: str) -> None:
    assert key in {k for p in PAGES for k in p.keys()}, (what, key)
    assert english in rules_en.MESSAGES[key], (what, rules_en.MESSAGES[key])
    assert chinese in rules_zh_tw.MESSAGES[key], (what, rules_zh_tw.MESSAGES[key])


def test_the_chinese_pages_name_each_conflict_and_the_ziggurat_with_its_explanation_once() -> None:
    words = " ".join(str(text) for text in rules_zh_tw.MESSAGES.values())
    for explained in ("叛亂（內部紛爭）", "戰爭（外部紛爭）", "塔廟（寶塔）"):
        assert words.count(explained) == 1, explained
    assert rules_zh_tw.MESSAGES["rules.revolt.title"] == "叛亂（內部紛爭）"
    assert rules_zh_tw.MESSAGES["rules.war.title"] == "戰爭（外部紛爭）"


def test_the_chinese_pages_say_what_rules_md_says() -> None:
    """More of RULES.md in the Chinese words, beyond the issue's list."""
    zh = rules_zh_tw.MESSAGES
    assert "國王若在塔廟的王國裡" in zh["rules.variants.2"] and "1 分黑色" in zh["rules.variants.2"]  # §16.3
    assert zh["rules.treasures.1"].startswith("每回合結束時")  # §14: at the end of every turn, not only yours
    assert zh["rules.monuments.3"].startswith("你的回合結束時")  # §12.1: the active player's leaders
    assert "不夠抽" in zh["rules.end.1"] and "兩個以下的寶物" in zh["rules.end.2"]  # §15
    assert "有寶物的神殿" in zh["rules.war_end.2"] and "緊鄰其他領袖的神殿" in zh["rules.war_end.2"]  # §11
    assert "藍色農場只能放在河上" in zh["rules.tiles.1"]  # §7
    assert "中央八個必須先拿" in zh["rules.variants.1"]  # §16.1
    assert "第二低" in zh["rules.end.4"] and "第三低" in zh["rules.end.4"]  # §15 tie-break
    assert "跳過第一個行動，第二個也一起跳過" in zh["rules.actions.5"]  # §5


def test_a_leader_goes_back_to_the_supply_as_the_table_says_it() -> None:
    """Issue #22: 「回到主人面前」 read as translated, and so did the pages' 「回到主人手邊」: a leader that goes home
    退回供應區, the words of the log and the board's preview, on every page that sends one home."""
    zh = {key: " ".join(catalogue.forms(text)) for key, text in catalogue.TABLES["zh-TW"].items()}
    assert not [key for key, text in zh.items() if "手邊" in text or "回到主人" in text]
    for key in ("rules.leaders.5", "rules.catastrophes.4", "rules.catastrophes.caption", "rules.revolt.4",
                "rules.war_end.1", "rules.monuments.2"):
        assert "退回供應區" in zh[key], key
    assert "供應區" in zh["rules.actions.1"] and "供應區" in zh["tip.supply"]  # the supply a leader comes from


def test_the_chinese_pages_name_a_player_not_an_owner() -> None:
    """A leader's 「主人」 and a bare 「他」 read as translated from the English's "owner" and "he": the pages say
    擁有…的玩家 and 自己, as the table's lines do since issue #22."""
    zh = rules_zh_tw.MESSAGES
    assert not [key for key, text in zh.items() if "主人" in str(text) or re.search("(?<!其)他", str(text))]
    assert "擁有王國裡同色領袖的玩家得 1 分" in zh["rules.tiles.3"]
    assert "擁有商人的玩家" in zh["rules.treasures.1"] and "擁有商人的玩家選擇" in zh["rules.treasures.2"]
    assert "即使自己沒有參戰" in zh["rules.war.2"]


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


@pytest.mark.parametrize("language", ["en", "zh-TW"])
@pytest.mark.parametrize("size", SIZES, ids=lambda s: f"{s[0]}x{s[1]}")
def test_every_page_reads_from_the_sofa(size: tuple[int, int], language: str) -> None:
    """The page's words are never drawn smaller than the game's body text: the pages hold few enough of them."""
    i18n.set_language(language)
    try:
        app = app_with(size)
        small = []
        for number, shown in enumerate(PAGES):
            records = drawn(app, number)
            words = " ".join(shown.lines)
            panel = app.top.text_panel
            body = [r.px for r in records if panel.contains(r.rect) and r.text in words]
            if not body or min(body) < app.theme.s(th.TEXT_BODY):
                small.append((shown.name, body and min(body)))
        assert not small, (small, app.theme.s(th.TEXT_BODY))
    finally:
        i18n.set_language("en")


@pytest.mark.parametrize("language", ["en", "zh-TW"])
def test_every_page_opens_from_the_title_and_closes_back_to_it(language: str) -> None:
    from game.ui.menus.title import TitleScene

    i18n.set_language(language)
    try:
        app = app_with((1280, 720))
        title = app.push(TitleScene(app))
        headless.settle(app, 0.5)
        for number, shown in enumerate(PAGES):
            headless.click_button(app, "rules", frames=3)
            rules = app.top
            assert isinstance(rules, RulesScene)
            headless.click_button(app, f"page{number + 1}", frames=3)
            assert rules.page == number and rules.heading_text() == shown.title
            records = drawn_now(app)
            assert shown.title in records and f"{number + 1} / {len(PAGES)}" in records, (shown.name, records)
            headless.click_button(app, "back", frames=3)
            assert app.top is title, shown.name
    finally:
        i18n.set_language("en")


def drawn_now(app: Any) -> set[str]:
    """Every text the top scene draws in one frame, as it stands."""
    app.theme.record_text = []
    app.top.draw(app.surface)
    records, app.theme.record_text = app.theme.record_text, None
    return {r.text for r in records}
