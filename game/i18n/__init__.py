"""Two languages, English and 繁體中文 (zh-TW): every player-facing message is a key with parameters.

Owns: the current language of this program (`set_language`, `language`), `t(key, **params)` (the
message in the current language) and `t_in(language, key, **params)`, the catalogue (`catalogue.py`
with the tables `en.py` and `zh_tw.py`), the game's vocabulary in both languages (`glossary.py`) and
the choice of language (`choose.py`: --lang, else Settings, else the system locale) and the wire
form of a message for the LAN (`wire.py`). Standard
library only, so the host's console and net/ may use it as well as the screens.

    t("lan.seat.sit", n=2)            -> "Sit at seat 2" / "坐到座位 2"
    t("lan.host.players", n=3)        -> "3 players" (plural forms chosen by `n`)

Per player over the LAN. Each client shows the host's words in its own language, so the host sends
keys and parameters, never finished sentences: a refusal, an error, a notice or a closing reason
carries {"key": "lan.refused.seat_taken", "params": {"seat": 2}} (built by `wire.message`) beside
the English "reason"/"text" (older clients read the English; new ones show `wire.shown(payload,
fallback=english)`, and a malformed or unknown key shows the English). Parameters are data
(numbers, player names, colours as their wire names) and the client shows game words itself (a
parameter `color` = "red" -> t("color.red")). Lobby states and events are data that the screens
word (game/ui/lan, game/ui/table/table_words.py); the LAN host's own words are in net_en.py /
net_zh_tw.py.
The engine stays free of this package: `IllegalAction` (like `ScenarioError` and
`game.journal.JournalError`) carries `key` and `params` beside its English message (every raise has
its own key, in errors_en.py / errors_zh_tw.py), and the host forwards them; a local table's refusal
reaches the screen as game.session.Update.message. The host's console (`say`) follows the host's
language through `t`.

Screens converted (every word through `t`): the LAN screens (lan_host, lan_join, lan_table), the
title and the window's caption, Settings (with the language), the dialogs' default buttons, Back,
New game, the menu over a game, Saved games, the replay's own words, the results (tie-break
sentence included), the rules pages (rules_en.py / rules_zh_tw.py), and the table: its log
(table_words), top bar, seat panels, tray, side panel choices and help, conflict card, banners,
curtain, kingdom inspection and hover previews (board_preview), the rules' refusals (the table's
toast), the saved-game errors (Saved games, the replay's alert) and why a game ended (results).
New game offers the player names in the current language (`new_game.names`). Still English on
screen: only what is listed below.

Messages that still carry English sentences, and where (to convert next):
- net/protocol.py, net/framing.py: the protocol checks' own reasons (a malformed message, a frame
  too large) stay English inside "lan.refused.bad_message" / "lan.refused.unreadable" (only a broken
  client meets them); net/core.py's console line at the game's end names the rules' `end_reason`.
"""

from __future__ import annotations

from typing import Any

from game.i18n.catalogue import DEFAULT, JOINERS, LANGUAGES, TABLES, join_scripts, parameters, translate
from game.i18n.choose import normalize, resolve_language, system_language

__all__ = [
    "DEFAULT",
    "LANGUAGES",
    "choose_language",
    "command_line_language",
    "has",
    "join",
    "language",
    "name_of",
    "names_of",
    "parameters",
    "resolve_language",
    "set_language",
    "system_language",
    "t",
    "t_in",
]

_current = DEFAULT
_command_line: str | None = None   # the language --lang chose for this run, until another is set


def set_language(language: str) -> str:
    """Show every message in `language` from now on; return the language taken (unknown -> English)."""
    global _current, _command_line
    _current = normalize(language) or DEFAULT
    _command_line = None
    return _current


def choose_language(command_line: str | None, setting: str | None) -> str:
    """Speak this run's language: --lang, else the Settings choice, else the system's; remember whether the
    command line chose it (Settings says so). Return the language taken."""
    global _command_line
    taken = set_language(resolve_language(command_line, setting))
    _command_line = taken if normalize(command_line) is not None else None
    return taken


def command_line_language() -> str | None:
    """The language --lang chose for this run, while no other has been set since; else None."""
    return _command_line


def language() -> str:
    """Return the language messages are shown in."""
    return _current


def t(key: str, /, **params: Any) -> str:
    """Return the message `key` in the current language, its {parameters} filled in."""
    return translate(_current, key, params)


def name_of(group: str, value: object) -> str:
    """Return a game word by its wire name, e.g. name_of("dynasty", "lion") -> "Lion" / "獅子" (unknown: as given)."""
    key = f"{group}.{value}"
    return t(key) if has(key) else str(value)


def names_of(group: str, values: Any) -> str:
    """Return a list of game words joined the way the language lists things ("a, b" / "甲、乙")."""
    return t("word.list_separator").join(name_of(group, value) for value in values)


def join(separator_key: str, items: Any) -> str:
    """Return items (players' names) joined by the message `separator_key` ("Ann and Bo" / "Ann\u2009和\u2009Bo":
    in Chinese a thin space where a Latin name meets the Chinese word, as inside any message). Three or more
    are a list: "Ann, Bo and Cy" / 「Ann、Bo\u2009和吉爾」, the separator only before the last."""
    names = [str(item) for item in items]
    if len(names) < 2:
        return "".join(names)
    gaps = ["", *[t("list.comma")] * (len(names) - 2), t(separator_key)]
    parts = [part for gap, name in zip(gaps, names, strict=True) for part in (gap, name)]
    joiner = JOINERS.get(_current)
    return join_scripts([p for p in parts if p], joiner) if joiner else "".join(parts)


def has(key: str) -> bool:
    """Whether the catalogue has this key."""
    return key in TABLES[DEFAULT]


def t_in(language: str, key: str, /, **params: Any) -> str:
    """Return the message `key` in a given language (a LAN client's, not this program's)."""
    return translate(normalize(language) or DEFAULT, key, params)
