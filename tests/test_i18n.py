"""The catalogue in two languages: same keys, same parameters, the glossary's words, the locale rules."""

from __future__ import annotations

import ast
import re
from pathlib import Path

import pytest

from game import i18n
from game.i18n import catalogue, glossary
from game.i18n.choose import language_of_locale, resolve_language, system_language

ROOT = Path(__file__).resolve().parents[1]
EN, ZH = catalogue.TABLES["en"], catalogue.TABLES["zh-TW"]


def test_every_key_exists_in_both_languages_with_the_same_parameters() -> None:
    assert set(EN) == set(ZH), f"only English: {set(EN) - set(ZH)}; only Chinese: {set(ZH) - set(EN)}"
    differ = {key: (catalogue.parameters(EN[key]), catalogue.parameters(ZH[key]))
              for key in EN if catalogue.parameters(EN[key]) != catalogue.parameters(ZH[key])}
    assert not differ, differ


def test_plural_messages_have_both_english_forms_and_count_by_n() -> None:
    plurals = {key: message for key, message in EN.items() if isinstance(message, dict)}
    assert plurals, "the catalogue has no plural message to check"
    for key, message in plurals.items():
        assert set(message) == {"one", "other"}, key
        assert catalogue.PLURAL_PARAMETER in catalogue.parameters(message), key
    assert i18n.t_in("en", "lan.host.players", n=1) == "1 player"
    assert i18n.t_in("en", "lan.host.players", n=4) == "4 players"
    assert i18n.t_in("zh-TW", "lan.host.players", n=4) == "4 位玩家"


def test_word_order_is_free_per_language() -> None:
    # The Chinese puts the total first: parameters are named, never positional.
    assert i18n.t_in("en", "lan.join.seats_free", n=2, total=4) == "2 of 4 seats free"
    assert i18n.t_in("zh-TW", "lan.join.seats_free", n=2, total=4) == "4 個座位中有 2 個空位"


def test_every_message_fills_in_with_its_parameters_in_both_languages() -> None:
    for language, table in catalogue.TABLES.items():
        for key, message in table.items():
            params = {name: 1 for name in catalogue.parameters(message)}
            text = i18n.t_in(language, key, **params)
            assert "{" not in text and "}" not in text, (language, key, text)


def test_a_missing_key_or_parameter_shows_something_and_never_raises(caplog: pytest.LogCaptureFixture) -> None:
    assert i18n.t_in("en", "no.such.key") == "no.such.key"
    assert i18n.t_in("en", "lan.seat.sit") == "Sit at seat {n}"
    assert i18n.t_in("xx", "lan.join.connect") == "Connect"  # an unknown language reads English
    assert i18n.t_in("en", "lan.host.players", n="many") == "many players"
    assert "no message 'no.such.key'" in caplog.text


def test_the_current_language_is_set_and_read_back() -> None:
    try:
        assert i18n.set_language("zh_tw") == "zh-TW"
        assert i18n.t("lan.join.connect") == "連線"
        assert i18n.set_language("klingon") == "en"
        assert i18n.t("lan.join.connect") == "Connect"
    finally:
        i18n.set_language("en")


# -- the glossary ---------------------------------------------------------------------------------


def chinese_texts() -> list[tuple[str, str]]:
    return [(key, text) for key, message in ZH.items() for text in catalogue.forms(message)]


def outside_the_glossary(text: str) -> str:
    """The text with each of the glossary's own words blotted out, longest first (防守方 is the word; 守方
    alone, or 王 outside 國王 / 王國 / 王朝, is one the glossary avoids)."""
    for word in sorted({term.zh for term in glossary.GLOSSARY}, key=len, reverse=True):
        text = text.replace(word, "□")
    return text


def test_the_chinese_never_uses_a_word_the_glossary_avoids() -> None:
    wrong = [(key, term.zh, bad) for key, text in chinese_texts() for term in glossary.GLOSSARY
             for bad in term.avoid if bad in outside_the_glossary(text)]
    assert not wrong, wrong


# The seed's vocabulary (the Traditional Chinese rules summary Taiwanese players learned from): each
# concept's word, and the words this game used before that the seed does not.
SEED = {
    "farm": ("農場", ("農田",)), "settlement": ("部落", ("聚落",)), "king": ("國王", ("王",)),
    "action": ("行動", ("動作",)), "swap": ("更換", ("交換",)), "board": ("圖板", ("版圖",)),
    "Advanced board": ("進階圖板", ("進階版圖",)), "unification tile": ("連接板塊", ("統一板塊",)),
    "revolt": ("叛亂", ()), "war": ("戰爭", ()), "internal conflict": ("內部紛爭", ()),
    "external conflict": ("外部紛爭", ()), "Ziggurat": ("塔廟", ()), "pagoda": ("寶塔", ()),
    "Buildings": ("建設代表物", ("文明建築",)), "palace": ("宮殿", ()), "market hall": ("市集", ()),
    "library": ("圖書館", ()), "granary": ("穀倉", ()), "urn": ("水瓶", ("陶甕",)), "archer": ("弓箭", ("弓箭手",)),
    "attacker": ("攻擊方", ("攻方", "進攻方")), "defender": ("防守方", ("守方",)), "commit": ("打出", ("投入", "加碼")),
    "colour points": ("分數", ("神殿分數", "農田分數", "市場分數", "聚落分數")),
}


@pytest.mark.parametrize("concept", sorted(SEED))
def test_each_concept_has_the_seeds_word_and_never_the_old_one(concept: str) -> None:
    word, old = SEED[concept]
    term = next(term for term in glossary.GLOSSARY if term.en == concept)
    assert term.zh == word, term
    assert set(old) <= set(term.avoid), term
    used = [(key, bad) for key, text in chinese_texts() for bad in old if bad in outside_the_glossary(text)]
    assert not used, used


def test_the_games_pieces_are_named_with_the_seeds_words() -> None:
    assert [ZH[f"tile.{c}"] for c in ("red", "blue", "green", "black")] == ["神殿", "農場", "市場", "部落"]
    assert [ZH[f"leader.{c}"] for c in ("red", "blue", "green", "black")] == ["祭司", "農夫", "商人", "國王"]
    assert [ZH[f"building.{c}"] for c in ("black", "green", "red", "blue")] == ["宮殿", "市集", "圖書館", "穀倉"]
    assert [ZH[f"dynasty.{d}"] for d in ("urn", "archer", "lion", "bull")] == ["水瓶", "弓箭", "獅子", "公牛"]
    assert (ZH["variant.buildings"], ZH["variant.advanced_board"]) == ("建設代表物", "進階圖板")
    assert ZH["table.swap"] == "更換"


def test_the_rules_pages_give_the_seeds_words_for_conflicts_and_the_ziggurat_once() -> None:
    pages = [text for key, text in chinese_texts() if key.startswith("rules.")]
    for explained in ("叛亂（內部紛爭）", "戰爭（外部紛爭）", "塔廟（寶塔）"):
        assert sum(text.count(explained) for text in pages) == 1, explained
    table = [text for key, text in chinese_texts() if not key.startswith("rules.")]
    assert not any(word in text for text in table for word in ("內部紛爭", "外部紛爭", "寶塔"))  # the table: 叛亂 ...


def test_points_are_named_by_their_colour() -> None:
    assert i18n.t_in("zh-TW", "log.points", who="吉爾伽美什", n=3, color=ZH["color.red"]) == \
        "吉爾伽美什得到 3 分紅色分數。"
    assert i18n.t_in("zh-TW", "preview.point_king", name="吉爾伽美什", color=ZH["color.black"]) == \
        "吉爾伽美什的國王得 1 分黑色分數"
    assert i18n.t_in("en", "log.points", who="Bo", n=2, color="green") == "Bo scored 2 green points."


def test_the_chinese_counts_each_thing_with_the_glossarys_measure_word() -> None:
    wrong = []
    for term in glossary.GLOSSARY:
        for other in term.other_counters:
            # a number (a digit, a numeral or a parameter) then a measure word the glossary rules out
            counted = re.compile(rf"[0-9一二三四五六七八九十兩幾}}]\s*{other}")
            wrong += [(key, text) for key, text in chinese_texts() if counted.search(text)]
    assert not wrong, wrong


def test_the_rules_pages_and_the_table_say_action_tile_and_swap_alike() -> None:
    pages = " ".join(text for key, text in chinese_texts() if key.startswith("rules."))
    assert "行動" in pages and "更換" in pages and "個板塊" in pages
    assert ZH["rules.actions.swap"] == ZH["table.swap"] == "更換"


def test_the_catalogue_names_the_games_things_with_the_glossarys_words() -> None:
    for term in glossary.GLOSSARY:
        if term.catalogue_key is not None:
            assert ZH[term.catalogue_key] == term.zh, term
            assert EN[term.catalogue_key].lower() == term.en.lower(), term
    assert {"兩河流域", "王國", "領袖", "國王", "祭司", "商人", "農夫", "神殿", "農場", "市場", "部落", "災難",
            "寶物", "紀念碑", "叛亂", "戰爭", "王朝", "進階圖板", "建設代表物", "塔廟"} <= {
                t.zh for t in glossary.GLOSSARY}


def test_where_the_english_names_a_glossary_word_the_chinese_names_it_too() -> None:
    missing = []
    for key, message in EN.items():
        words = re.sub(r"\{[^}]*\}", "", " ".join(catalogue.forms(message)))  # parameters are not words
        for term in glossary.GLOSSARY:
            # "market hall" is the green building (市集), not a market (市場): a longer term's words are its own
            alone = words
            for longer in glossary.GLOSSARY:
                if term.en.lower() in longer.en.lower() and longer is not term:
                    alone = re.sub(re.escape(longer.en), "", alone, flags=re.I)
            if len(term.en) > 3 and re.search(rf"\b{re.escape(term.en)}s?\b", alone, re.I):
                if not any(term.zh in text for text in catalogue.forms(ZH[key])):
                    missing.append((key, term.en, term.zh))
    assert not missing, missing


# -- every key the code asks for exists -----------------------------------------------------------


def keys_in_source() -> set[str]:
    """Return every literal key passed to t(...) or t_in(..., key) in the game's code."""
    found = set()
    for path in [*ROOT.joinpath("game").rglob("*.py"), *ROOT.joinpath("net").rglob("*.py"), ROOT / "main.py"]:
        for node in ast.walk(ast.parse(path.read_text(encoding="utf-8"))):
            if isinstance(node, ast.Call) and isinstance(node.func, ast.Name | ast.Attribute):
                name = node.func.id if isinstance(node.func, ast.Name) else node.func.attr
                index = {"t": 0, "tr": 0, "t_in": 1}.get(name)  # tr: t where a module names its theme t
                if index is not None and len(node.args) > index and isinstance(node.args[index], ast.Constant):
                    found.add(node.args[index].value)
    return found


def test_every_key_the_code_asks_for_is_in_the_catalogue() -> None:
    used = keys_in_source()
    assert len(used) > 40, "the LAN screens ask the catalogue for their words"
    assert not used - set(EN), sorted(used - set(EN))


# -- choosing the language ------------------------------------------------------------------------


@pytest.mark.parametrize(("name", "expected"), [
    ("zh_TW.UTF-8", "zh-TW"), ("zh_HK.UTF-8", "zh-TW"), ("zh_MO", "zh-TW"), ("zh_Hant", "zh-TW"),
    ("zh-Hant-TW", "zh-TW"), ("zh_Hant_HK", "zh-TW"), ("Chinese (Traditional)_Taiwan", "zh-TW"),
    ("zh_CN.UTF-8", "en"), ("zh_Hans", "en"), ("zh", "en"), ("Chinese (Simplified)_China", "en"),
    ("en_US.UTF-8", "en"), ("fr_FR", "en"), ("C", None), ("POSIX", None), ("", None), ("C.UTF-8", None),
])
def test_locale_names_map_to_a_language(name: str, expected: str | None) -> None:
    assert language_of_locale(name) == expected


def test_the_system_language_follows_the_first_locale_variable_that_names_one() -> None:
    no_locale = lambda: (None, None)  # noqa: E731
    assert system_language({"LANG": "zh_TW.UTF-8"}, no_locale) == "zh-TW"
    assert system_language({"LANGUAGE": "zh_HK:en", "LANG": "en_US.UTF-8"}, no_locale) == "zh-TW"
    assert system_language({"LC_ALL": "en_GB.UTF-8", "LANG": "zh_TW.UTF-8"}, no_locale) == "en"
    assert system_language({"LC_ALL": "C", "LANG": "zh_TW.UTF-8"}, no_locale) == "zh-TW"
    assert system_language({}, lambda: ("zh_TW", "UTF-8")) == "zh-TW"
    assert system_language({}, no_locale) == "en"

    def broken() -> tuple[str | None, str | None]:
        raise ValueError("unknown locale: xx")

    assert system_language({}, broken) == "en"


def test_the_command_line_beats_the_setting_which_beats_the_system() -> None:
    assert resolve_language("zh-TW", "en", "en") == "zh-TW"
    assert resolve_language(None, "zh-TW", "en") == "zh-TW"
    assert resolve_language(None, "", "zh-TW") == "zh-TW"  # '' in Settings: follow the system
    assert resolve_language(None, "nonsense", "zh-TW") == "zh-TW"
    assert resolve_language("en", "", "zh-TW") == "en"


def test_the_language_setting_is_kept_between_runs(tmp_path: Path, caplog: pytest.LogCaptureFixture) -> None:
    from game.ui.menus.settings import LANGUAGE_CHOICES, Settings

    assert set(LANGUAGE_CHOICES) == {"", *i18n.LANGUAGES}
    path = tmp_path / "settings.json"
    assert Settings.load(path).language == ""  # no file: follow the system
    settings = Settings(language="zh-TW")
    assert settings.save(path)
    assert Settings.load(path).language == "zh-TW"
    path.write_text('{"language": "klingon", "volume": 0.3}', encoding="utf-8")
    loaded = Settings.load(path)
    assert (loaded.language, loaded.volume) == ("", 0.3)  # one bad key falls back alone
    assert "language 'klingon'" in caplog.text


def test_lang_on_the_command_line() -> None:
    from main import parse_args

    assert parse_args(["--lang", "zh-TW"]).lang == "zh-TW"
    assert parse_args(["--lang", "zh_tw"]).lang == "zh-TW"
    assert parse_args([]).lang is None
    with pytest.raises(SystemExit):
        parse_args(["--lang", "fr"])


def test_the_client_starts_in_the_language_asked_for(monkeypatch: pytest.MonkeyPatch, tmp_path: Path) -> None:
    from game.ui import headless  # noqa: F401  (the dummy SDL drivers)
    from game.ui.app import App
    from main import parse_args, run_client

    monkeypatch.setenv("TWO_RIVERS_DATA", str(tmp_path))
    seen = []
    monkeypatch.setattr(App, "run", lambda self, scene: seen.append((i18n.language(), scene.__class__.__name__)))
    monkeypatch.setenv("LANG", "zh_TW.UTF-8")
    for variable in ("LANGUAGE", "LC_ALL", "LC_MESSAGES"):
        monkeypatch.delenv(variable, raising=False)
    try:
        run_client(parse_args(["--size", "1280x720"]))  # the system's locale
        run_client(parse_args(["--size", "1280x720", "--lang", "en"]))  # the command line wins
    finally:
        i18n.set_language("en")
    assert seen == [("zh-TW", "TitleScene"), ("en", "TitleScene")]


def test_every_field_of_every_message_is_a_plain_name() -> None:
    """No attribute, index, conversion or format spec in a message: parameters from another machine are
    only ever inserted as they are, so no parameter can make a message raise or reach into an object."""
    import string

    from game.i18n import catalogue

    for language, table in catalogue.TABLES.items():
        for key, message in table.items():
            for text in catalogue.forms(message):
                for _, field, spec, conversion in string.Formatter().parse(text):
                    if field is not None:
                        assert field.isidentifier() and not spec and conversion is None, (language, key, field)
