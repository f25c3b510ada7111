"""The table's words in 繁體中文: the log, the top bar and the tray follow the player's language."""

from __future__ import annotations

from collections.abc import Iterator

import pytest

from game import i18n
from game.i18n import catalogue
from game.ui.table.table_words import describe, status_line, tray_message


@pytest.fixture
def chinese() -> Iterator[None]:
    i18n.set_language("zh-TW")
    yield
    i18n.set_language("en")


NAMES = ["恩赫杜安娜", "Bo"]
EVENTS = [
    ({"kind": "tile_placed", "seat": 0, "color": "red"}, "恩赫杜安娜放置了一個神殿。", "恩赫杜安娜 placed a temple."),
    ({"kind": "swap", "seat": 1, "count": 1}, "Bo\u2009更換了 1 個板塊。", "Bo swapped 1 tile."),
    ({"kind": "points", "seat": 1, "count": 3, "color": "green"}, "Bo\u2009得到 3 分綠色分數。",
     "Bo scored 3 green points."),
    ({"kind": "support", "seat": 0, "count": 2, "color": "red"}, "恩赫杜安娜打出了 2 個神殿。",
     "恩赫杜安娜 committed 2 temples."),
    ({"kind": "war_started", "color": "blue", "attacker": 1, "defender": 0},
     "農夫的戰爭：攻擊方\u2009Bo，防守方恩赫杜安娜。",
     "War of the farmers: Bo attacks, 恩赫杜安娜 defends."),
    ({"kind": "conflict_resolved", "conflict": "revolt", "winner": 1, "loser": 0, "attacker_strength": 3,
      "defender_strength": 1}, "Bo\u2009在叛亂中獲勝，3 比 1。", "Bo wins the revolt, 3 to 1."),
    ({"kind": "tiles_removed", "color": "black", "squares": [[1, 1]]}, "1 個部落被移出圖板。",
     "1 settlement was lost."),
    ({"kind": "leader_returned", "seat": 0, "color": "black", "reason": "war"},
     "恩赫杜安娜的國王在戰爭中落敗，退回供應區。",
     "恩赫杜安娜's king fell in war and went home."),
    ({"kind": "monument_built", "seat": 1, "colors": ["red", "blue"]}, "Bo\u2009建造了紅/藍紀念碑。",
     "Bo built the red/blue monument."),
    ({"kind": "declined", "seat": 1, "offer": "ziggurat"}, "Bo\u2009放棄了塔廟。", "Bo declined the ziggurat."),
    ({"kind": "passed", "seat": 7}, "沒有人跳過。", "Nobody passed."),
    ({"kind": "leader_placed", "seat": 0, "color": "red"}, "恩赫杜安娜放置了祭司。", "恩赫杜安娜 placed the priest."),
    ({"kind": "leader_returned", "seat": 1, "color": "green", "reason": "unsupported"},
     "Bo\u2009的商人旁邊沒有神殿了，退回供應區。", "Bo's trader lost its temple and went home."),
    ({"kind": "conflict_resolved", "conflict": "war", "winner": 0, "loser": 1, "attacker_strength": 2,
      "defender_strength": 2}, "恩赫杜安娜在戰爭中獲勝，2 比 2：平手時防守方獲勝。",
     "恩赫杜安娜 wins the war as defender, 2 to 2: a tie goes to the defender."),
    ({"kind": "building_built", "seat": 1, "color": "red"}, "Bo\u2009建造了紅色的圖書館。",
     "Bo built the red library."),
    ({"kind": "building_returned", "color": "blue"}, "藍色的穀倉回到了供應區。", "The blue granary returned."),
    ({"kind": "unification_placed", "seat": 0}, "恩赫杜安娜連接了兩個王國。", "恩赫杜安娜 united two kingdoms."),
]


@pytest.mark.parametrize(("event", "zh", "en"), EVENTS, ids=[e["kind"] for e, _, _ in EVENTS])
def test_each_log_line_reads_in_both_languages(event: dict, zh: str, en: str, chinese: None) -> None:
    assert describe(event, NAMES) == zh
    i18n.set_language("en")
    assert describe(event, NAMES) == en


def view(**changes: object) -> dict:
    base = {"game_over": False, "end_reason": None, "names": NAMES, "decision": {"kind": "action"}, "to_move": 0,
            "active": 0, "actions_left": 1, "turn": 3, "kinds": ["human", "hard"]}
    return {**base, **changes}


def test_the_top_bar_and_the_tray_read_in_chinese(chinese: None) -> None:
    assert status_line(view()) == "第 3 回合 · 輪到恩赫杜安娜 · 還剩 1 個行動"
    assert status_line(view(decision={"kind": "support"}, to_move=1)) == \
        "第 3 回合 · 輪到恩赫杜安娜 · Bo\u2009打出支援板塊"
    assert status_line(view(game_over=True, end_reason="bag")) == "遊戲結束：袋子裡的板塊用完了"
    assert tray_message(view(to_move=1), False, {0}) == "Bo\u2009正在思考…"
    assert tray_message(view(), True, {0}) == "恩赫杜安娜的板塊先蓋著，等恩赫杜安娜拿到滑鼠再打開"
    i18n.set_language("en")
    assert status_line(view(actions_left=2)) == "Turn 3 · 恩赫杜安娜's turn · 2 actions left"


@pytest.mark.parametrize("size", [(1280, 720), (1920, 1080)], ids=lambda s: f"{s[0]}x{s[1]}")
@pytest.mark.parametrize("state", ["curtain", "action", "revolt", "war", "choose_war", "monument"])
def test_the_table_fits_in_chinese(state: str, size: tuple[int, int], monkeypatch: pytest.MonkeyPatch,
                                   chinese: None, tmp_path) -> None:  # type: ignore[no-untyped-def]
    from tests.test_ui_fit import TABLE_STATES, faults, lift, long_named, table_in

    monkeypatch.setenv("TWO_RIVERS_DATA", str(tmp_path))
    want, players, lift_curtain = TABLE_STATES[state]
    long_named(monkeypatch, players)
    app, scene = table_in(size, want, players)
    if lift_curtain:
        lift(app, scene)
    found = faults(app)
    assert not found, "\n".join(found)
    app.theme.record_text = []
    app.run_frames(1)
    drawn, app.theme.record_text = [r.text for r in app.theme.record_text], None
    if state == "curtain":
        assert any(text.startswith("請把滑鼠交給") for text in drawn), drawn
    else:
        assert any(text.startswith("第 ") and "回合" in text for text in drawn), drawn  # the top bar in Chinese
    app.close()


def test_no_line_reads_as_translated() -> None:
    """Issue #22's list: each line said the way a Taiwanese player says it, in the English's sense."""
    zh = {key: " ".join(catalogue.forms(message)) for key, message in catalogue.TABLES["zh-TW"].items()
          if not key.startswith("rules.")}
    for translated in ("回到主人面前", "贏得", "放下了", "交給他", "只剩兩個寶物", "你的回合結束了", "等他"):
        assert not [key for key, text in zh.items() if translated in text], translated
    assert zh["log.tiles_removed"].startswith("{n} 個{tile}")  # no missing subject: 「失去了 3 個神殿」
    assert "叛亂實力 {revolt}" in zh["inspect.leader"] and "戰爭實力 {war}" in zh["inspect.leader"]
    assert zh["input.end.title"].endswith("嗎？")  # asked while the turn can still be undone, not "it ended"
    assert i18n.t_in("en", "input.end.title") == "End your turn?"
    assert zh["table.pass_mouse"] == "請把滑鼠交給下一位玩家。"
    assert "兩個以下" in zh["status.end.treasures"]
    assert i18n.t_in("en", "status.end.treasures") == "two or fewer treasures were left"  # RULES.md section 15


def test_no_support_is_said_without_a_zero() -> None:
    """「Ana 打出了 0 個部落」 / "Ana committed 0 settlements" read as counted by a machine: no support is said
    as such."""
    event = {"kind": "support", "seat": 0, "side": "attacker", "color": "black", "count": 0}
    i18n.set_language("zh-TW")
    try:
        assert describe(event, ["Ana", "吉爾"]) == "Ana\u2009沒有打出部落。"
        assert describe({**event, "count": 2}, ["Ana", "吉爾"]) == "Ana\u2009打出了 2 個部落。"
    finally:
        i18n.set_language("en")
    assert describe(event, ["Ana", "Bel"]) == "Ana committed no settlements."
    assert describe({**event, "count": 1}, ["Ana", "Bel"]) == "Ana committed 1 settlement."
