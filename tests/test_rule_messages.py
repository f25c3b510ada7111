"""The rules' refusals, scenario errors and saved-game errors say themselves in both languages.

Every `raise IllegalAction / ScenarioError / JournalError` in the rules, the table and the journal
carries its own catalogue key and plain parameters (read from the source with ast), the key is in
both languages and each language's message uses only parameters the raise gives. Then the real
thing: illegal actions tried on positions of real games refuse with such a key, a hot-seat table
in Chinese shows the refusal in Chinese, and a damaged saved game reads in Chinese in Saved games.
"""

from __future__ import annotations

import ast
import random
from collections.abc import Iterator
from pathlib import Path
from typing import Any

import pytest

from game import i18n
from game.i18n import catalogue
from game.i18n.wire import shown
from game.rules import IllegalAction, apply, legal_actions, new_game
from game.rules.engine import _WAITING

ROOT = Path(__file__).resolve().parent.parent
EN, ZH = catalogue.TABLES["en"], catalogue.TABLES["zh-TW"]
PREFIX = {"IllegalAction": "rules.illegal.", "ScenarioError": "scenario.", "JournalError": "journal."}
SOURCES = [*sorted((ROOT / "game/rules").glob("*.py")), ROOT / "game/session.py", ROOT / "game/journal.py"]


def raise_sites() -> Iterator[tuple[str, int, str, Any, set[str]]]:
    """(file, line, error class, key node, parameter names) of every raise of the three errors."""
    for path in SOURCES:
        for node in ast.walk(ast.parse(path.read_text(encoding="utf-8"))):
            if not (isinstance(node, ast.Raise) and isinstance(node.exc, ast.Call)):
                continue
            name = getattr(node.exc.func, "id", None)
            if name not in PREFIX:
                continue
            call = node.exc
            key = call.args[1] if len(call.args) > 1 else next((k.value for k in call.keywords if k.arg == "key"), None)
            params = {k.arg for k in call.keywords if k.arg not in (None, "key")}
            yield path.name, node.lineno, name, key, params


def keys_of(key: Any) -> list[str]:
    """The keys a raise may carry: a literal, or the engine's table of what each decision waits for."""
    if isinstance(key, ast.Constant) and isinstance(key.value, str):
        return [key.value]
    if isinstance(key, ast.Name) and key.id == "key":
        return [k for _, k in _WAITING.values()]
    raise AssertionError(f"the key is neither a literal nor the engine's waiting table: {ast.dump(key)}")


SITES = list(raise_sites())


def test_the_sources_raise_the_errors_at_all_their_sites() -> None:
    counts = {name: sum(1 for site in SITES if site[2] == name) for name in PREFIX}
    assert counts["IllegalAction"] >= 40 and counts["ScenarioError"] >= 50 and counts["JournalError"] >= 12, counts


@pytest.mark.parametrize("site", SITES, ids=[f"{f}:{line}" for f, line, *_ in SITES])
def test_every_raise_has_a_key_both_languages_say_with_its_parameters(site: tuple) -> None:
    where, line, name, key, params = site
    assert key is not None, f"{where}:{line}: {name} raised without a catalogue key"
    for found in keys_of(key):
        assert found.startswith(PREFIX[name]), f"{where}:{line}: {found} should start with {PREFIX[name]}"
        assert found in EN and found in ZH, f"{where}:{line}: {found} missing in a language"
        for language, table in (("en", EN), ("zh-TW", ZH)):
            needs = catalogue.parameters(table[found])
            assert needs <= params, f"{where}:{line}: {found} in {language} needs {sorted(needs - params)}"


def test_the_english_words_are_the_engines_own() -> None:
    """The LAN host sends the engine's English beside the key; the catalogue's English must say the same."""
    assert i18n.t_in("en", "rules.illegal.support_too_many", n=1, color="red") == "You hold only 1 red tile."


def tried_actions(state: Any, rng: random.Random) -> list[dict[str, Any]]:
    """Actions a careless or hostile player might send: legal ones twisted, and plain nonsense."""
    squares = [[rng.randrange(-1, 12), rng.randrange(-1, 17)] for _ in range(3)]
    squares += [[r, c] for r in (0, 5) for c in (0, 8)]
    colors = ["red", "blue", "green", "black"]
    out: list[dict[str, Any]] = [
        {"kind": "place_tile", "color": c, "to": sq} for c in colors for sq in squares] + [
        {"kind": "place_leader", "leader": c, "to": sq} for c in colors for sq in squares[:3]] + [
        {"kind": "move_leader", "leader": c, "to": squares[0]} for c in colors] + [
        {"kind": "withdraw_leader", "leader": c} for c in colors] + [
        {"kind": "catastrophe", "to": sq} for sq in squares] + [
        {"kind": "swap", "tiles": tiles} for tiles in ([], ["red"] * 7, ["blue"] * 6, ["purple"], "red")] + [
        {"kind": "commit", "count": n} for n in (-1, 9, "x")] + [
        {"kind": "commit", "count": 1, "color": c} for c in colors] + [
        {"kind": "choose_war", "color": c} for c in colors] + [
        {"kind": "take_treasure", "at": sq} for sq in squares] + [
        {"kind": "build_monument", "at": squares[0], "monument": ["red"]},
        {"kind": "build_building", "color": "red", "at": squares[0]}, {"kind": "decline"},
        {"kind": "dance"}, {"kind": 3}, [], {"kind": "pass", "seat": 9}]
    for action in legal_actions(state)[:3]:
        out.append({**action, "to": [99, 0]})
    return out


def test_illegal_actions_in_real_games_refuse_with_a_key_in_both_languages() -> None:
    rng = random.Random(13)
    seen: set[str] = set()
    for seed in range(1, 7):
        state = new_game(2 + seed % 3, seed, ["buildings", "ziggurat"] if seed % 2 else [])
        for _ in range(60):
            if state.game_over:
                break
            for action in tried_actions(state, rng):
                try:
                    apply(state, action)
                except IllegalAction as err:
                    assert err.key != "rules.illegal.other", f"{action} refused without a key: {err}"
                    seen.add(err.key)
                    for language in ("en", "zh-TW"):
                        text = i18n.t_in(language, err.key, **_shown_params(err.params, language))
                        assert "{" not in text and text.strip(), (language, err.key, text)
                    english = i18n.t_in("en", err.key, **_shown_params(err.params, "en"))
                    assert english == str(err), (err.key, english, str(err))
                except (KeyError, TypeError, ValueError) as err:  # pragma: no cover - a crash is a failure
                    raise AssertionError(f"{action} crashed the rules instead of a refusal: {err!r}") from err
            state, _ = apply(state, rng.choice(legal_actions(state)))
    assert len(seen) >= 12, sorted(seen)


def _shown_params(params: dict[str, Any], language: str) -> dict[str, Any]:
    groups = {"tile": "tile", "leader": "leader", "color": "color"}
    return {k: i18n.t_in(language, f"{groups[k]}.{v}") if k in groups else v for k, v in params.items()}


def test_a_refusal_names_the_games_words_in_chinese() -> None:
    state = new_game(2, 5)
    i18n.set_language("zh-TW")
    try:
        with pytest.raises(IllegalAction) as caught:
            apply(state, {"kind": "swap", "tiles": ["green"] * 6})
        assert caught.value.params["tile"] == "green"
        words = shown({"key": caught.value.key, "params": caught.value.params})
        assert words == f"你手上沒有 {caught.value.params['n']} 個市場板塊。", words
    finally:
        i18n.set_language("en")
    assert shown({"key": caught.value.key, "params": caught.value.params}).startswith("You do not hold 6 market")


def test_a_chinese_hot_seat_table_shows_a_refusal_in_chinese(monkeypatch: pytest.MonkeyPatch,
                                                            tmp_path: Path) -> None:
    from tests.test_ui_fit import lift, table_in

    monkeypatch.setenv("TWO_RIVERS_DATA", str(tmp_path))
    i18n.set_language("zh-TW")
    try:
        app, scene = table_in((1280, 720), lambda t: (t.state.decision or {}).get("kind") == "action", 2)
        lift(app, scene)
        seat = scene.link.table.to_move()
        scene.link.send(seat, {"kind": "swap", "tiles": []})
        app.run_frames(2)
        assert scene._toast is not None and scene._toast[0] == "一次要更換 1 到 6 個板塊。", scene._toast
        # Shown for seconds of real time, even with animations off (their clock leaps ahead each frame).
        app.theme.record_text = []
        app.run_frames(3)
        drawn, app.theme.record_text = [r.text for r in app.theme.record_text], None
        assert scene.toast_showing() and "一次要更換 1 到 6 個板塊。" in drawn
        other = 1 - seat
        scene.link.send(other, {"kind": "pass"})
        app.run_frames(2)
        assert scene._toast[0] == "現在不是你做決定的時候。", scene._toast
        app.close()
    finally:
        i18n.set_language("en")


def test_a_damaged_saved_game_reads_in_chinese(tmp_path: Path) -> None:
    from game.journal import list_games
    from game.ui.menus.saved_games import status_words

    folder = tmp_path / "games"
    folder.mkdir()
    (folder / "old.journal").write_text("", encoding="utf-8")
    (folder / "other.journal").write_text('00000000 {"format": "x"}\n', encoding="utf-8")
    i18n.set_language("zh-TW")
    try:
        games = list_games(tmp_path)
        words = sorted(status_words(saved, None)[0] for saved in games)
        assert words == ["存檔的第一行已經損壞，無法讀取。", "這個存檔是空的。"], words
        assert {saved.problem for saved in games} == {
            "The saved game is empty.", "The saved game's first line is damaged; it cannot be read."}
    finally:
        i18n.set_language("en")


def test_new_game_offers_chinese_names_in_chinese(tmp_path: Path, monkeypatch: pytest.MonkeyPatch) -> None:
    from game.ui.menus.new_game import NewGameScene, in_this_language, offered_names
    from tests.wiring import make_app

    monkeypatch.setenv("TWO_RIVERS_DATA", str(tmp_path))
    english, chinese = offered_names("en"), offered_names("zh-TW")
    assert len(english) == len(chinese) == len(set(chinese)) == 20
    assert english[:2] == ("Gilgamesh", "Enheduanna") and chinese[:2] == ("吉爾伽美什", "恩赫杜安娜")
    i18n.set_language("zh-TW")
    try:
        app = make_app((1280, 720))
        scene = NewGameScene(app)
        names = [seat["name"] for seat in scene.config()["seats"]]
        assert names == list(chinese[:len(names)]), names
        assert in_this_language("Sargon") == "薩爾貢" and in_this_language("小明") == "小明"
        app.close()
    finally:
        i18n.set_language("en")
    assert in_this_language("薩爾貢") == "Sargon"


def test_the_bag_count_reads_word_first_in_chinese() -> None:
    from game.ui.table.table_panels import count_words

    assert count_words("panel.count.in_bag", 113) == ("", "in bag")
    assert count_words("panel.count.treasures", 1) == ("", "treasure")
    i18n.set_language("zh-TW")
    try:
        assert count_words("panel.count.in_bag", 113) == ("袋中", "")
        assert count_words("panel.count.treasures", 10) == ("", "個寶物")
    finally:
        i18n.set_language("en")


def test_a_log_line_never_breaks_inside_a_players_name() -> None:
    from game.ui.kit.textfit import wrap

    text = "王的叛亂：恩赫杜安娜進攻，吉爾伽美什防守。"
    one_each = len  # every character one unit wide: a line holds `width` characters
    assert wrap(text, 16, one_each) == ["王的叛亂：恩赫杜安娜進攻，吉爾伽", "美什防守。"]
    kept = wrap(text, 16, one_each, keep=("恩赫杜安娜", "吉爾伽美什"))
    assert kept == ["王的叛亂：恩赫杜安娜進攻，", "吉爾伽美什防守。"]
    assert wrap("吉爾伽美什吉爾伽美什", 4, one_each, keep=("吉爾伽美什",))[0] == "吉爾伽美"  # too wide alone: cut


@pytest.mark.parametrize("size", [(1280, 720), (1920, 1080)], ids=lambda s: f"{s[0]}x{s[1]}")
def test_the_results_say_why_the_game_ended_and_fit(size: tuple[int, int], tmp_path: Path,
                                                    monkeypatch: pytest.MonkeyPatch) -> None:
    from game.ui import headless
    from game.ui.table.results import ResultsScene
    from tests.test_ui_fit import faults
    from tests.test_ui_screens import DYNASTIES, NAMES, RANKING
    from tests.wiring import make_app

    monkeypatch.setenv("TWO_RIVERS_DATA", str(tmp_path))
    i18n.set_language("zh-TW")
    try:
        app = make_app(size)
        app.push(ResultsScene(app, RANKING, NAMES, DYNASTIES, end_reason="bag"))
        headless.settle(app, 1.0)
        app.theme.record_text = []
        app.run_frames(1)
        drawn, app.theme.record_text = [r.text for r in app.theme.record_text], None
        assert "遊戲結束：袋子裡的板塊用完了。" in drawn, drawn
        assert not faults(app), faults(app)
        app.close()
    finally:
        i18n.set_language("en")


NAME_PARAMETERS = {"name", "who", "winner", "active", "attacker", "defender", "first", "second", "winners", "owner"}


def test_chinese_puts_no_space_around_a_name_nor_before_full_width_punctuation() -> None:
    import re

    wide = re.compile(r"[\u3000-\u303f\u4e00-\u9fff\uff00-\uffef]")
    found = []
    # Every zh-TW table: the screens', the rules pages', the errors' and the LAN host's console lines.
    for key, message in ZH.items():
        if key.startswith("scenario.") or key == "saved.page":
            continue  # scenario errors name the file's fields (English words); saved.page's {first} is a number
        for text in catalogue.forms(message):
            if re.search(r" [，。：；！？、）」』]", text):
                found.append((key, text))
            for m in re.finditer(r"\{(\w+)\}", text):
                before, after = text[max(0, m.start() - 2):m.start()], text[m.end():m.end() + 2]
                if m.group(1) in NAME_PARAMETERS and (
                        (before.endswith(" ") and wide.match(before[:1] or "a"))
                        or (after.startswith(" ") and wide.match(after[1:] or "a"))):
                    found.append((key, text))
    assert not found, found


def test_a_saved_game_error_carries_its_words_as_the_lan_screens_read_them(tmp_path: Path) -> None:
    from game.journal import JournalError, read

    (tmp_path / "empty.journal").write_text("", encoding="utf-8")
    with pytest.raises(JournalError) as caught:
        read(tmp_path / "empty.journal")
    assert caught.value.message == {"key": "journal.empty", "params": {}}
    i18n.set_language("zh-TW")
    try:
        assert shown(getattr(caught.value, "message", None), str(caught.value)) == "這個存檔是空的。"
    finally:
        i18n.set_language("en")
