"""The catalogue: every player-facing message as a key with named parameters, in each language.

Owns the lookup (`translate`), the plural rules (English: "one" for 1, else "other"; Chinese has one
form), the parameters each message takes (`parameters`), and the fallback for a missing key or a
missing parameter: the key itself, or the message with the braces left showing, and a warning in
the log, never an exception in the middle of a frame, and the seams of a message in Chinese: where a
parameter's Latin text (a player's name, "Bob") meets Chinese, a thin space (U+2009) goes between
them (輪到 + U+2009 + Bob), so no message needs to write one. Standard library only.
"""

from __future__ import annotations

import functools
import logging
import string
import unicodedata
from collections.abc import Callable, Mapping
from typing import Any

from game.i18n import en, errors_en, errors_zh_tw, net_en, net_zh_tw, rules_en, rules_zh_tw, zh_tw

log = logging.getLogger(__name__)

Message = str | dict[str, str]

# The rules pages, the rules' errors and the LAN host's words keep tables of their own.
TABLES: dict[str, dict[str, Message]] = {
    "en": en.MESSAGES | rules_en.MESSAGES | errors_en.MESSAGES | net_en.MESSAGES,
    "zh-TW": zh_tw.MESSAGES | rules_zh_tw.MESSAGES | errors_zh_tw.MESSAGES | net_zh_tw.MESSAGES}
LANGUAGES: tuple[str, ...] = tuple(TABLES)
DEFAULT = "en"
PLURAL_PARAMETER = "n"  # a plural message chooses its form by this parameter


def _english_plural(n: int) -> str:
    return "one" if n == 1 else "other"


PLURAL_RULES: dict[str, Callable[[int], str]] = {"en": _english_plural, "zh-TW": lambda n: "other"}


def forms(message: Message) -> list[str]:
    """Return every text a message may show (its plural forms, or itself)."""
    return list(message.values()) if isinstance(message, dict) else [message]


def parameters(message: Message) -> frozenset[str]:
    """Return the names of the parameters a message uses, over all its forms."""
    names: set[str] = set()
    for text in forms(message):
        names.update(field for _, field, _, _ in string.Formatter().parse(text) if field)
    return frozenset(names)


def translate(language: str, key: str, params: Mapping[str, Any]) -> str:
    """Return the message `key` in `language` with params filled in (English when the language lacks it)."""
    table = TABLES.get(language, TABLES[DEFAULT])
    message = table.get(key, TABLES[DEFAULT].get(key))
    if message is None:
        log.warning("no message %r in the catalogue", key)
        return key
    if isinstance(message, dict):
        message = _plural_form(language, key, message, params)
    try:
        return _fill(language, message, params)
    except Exception as err:  # a missing parameter, or one of the wrong kind from afar: never mid-frame
        log.warning("message %r in %s cannot take its parameters: %r", key, language, err)
        return message


# Where Latin text meets Chinese in a language written without spaces, this goes between them.
THIN_SPACE = "\u2009"
JOINERS: dict[str, str] = {"zh-TW": THIN_SPACE}
_FORMATTER = string.Formatter()


@functools.lru_cache(maxsize=2048)
def _pieces(message: str) -> tuple[tuple[str, str | None, str | None, str | None], ...]:
    return tuple(_FORMATTER.parse(message))


def _fill(language: str, message: str, params: Mapping[str, Any]) -> str:
    """Fill in the parameters; in a language with a joiner, put it at each seam of Latin and Chinese."""
    joiner = JOINERS.get(language)
    if joiner is None:
        return message.format_map(params)
    parts: list[str] = []
    for literal, field, spec, conversion in _pieces(message):
        parts.append(literal)
        if field is not None and not spec and conversion is None and field in params:
            value = params[field]  # a plain name, as every message's fields are (the quick way, every frame)
            parts.append(value if isinstance(value, str) else format(value))
        elif field is not None:
            value = _FORMATTER.convert_field(_FORMATTER.get_field(field, (), params)[0], conversion)
            parts.append(_FORMATTER.format_field(value, spec or ""))
    return join_scripts([part for part in parts if part], joiner)


def join_scripts(parts: list[str], joiner: str = THIN_SPACE) -> str:
    """Join pieces of text, with `joiner` wherever one ends in Latin and the next starts in Chinese, or the
    other way round (never inside a piece: a player's name "Bo王" stays as it was typed)."""
    out = parts[0] if parts else ""
    for before, after in zip(parts, parts[1:], strict=False):
        seam = (_latin_end(before, -1) and _chinese(after[0])) or (_chinese(before[-1]) and _latin_end(after, 0))
        out += joiner + after if seam else after
    return out


def _chinese(ch: str) -> bool:
    return ch.isalnum() and unicodedata.east_asian_width(ch) in ("W", "F")


def _latin_end(text: str, index: int) -> bool:
    """Whether text's first (0) or last (-1) character is Latin: a letter, or a digit of a word ("Bob2",
    not the number 2026 of "2026年")."""
    ch = text[index]
    if not ch.isalnum() or unicodedata.east_asian_width(ch) in ("W", "F"):
        return False
    return ch.isalpha() or any(c.isalpha() and not _chinese(c) for c in text)


def _plural_form(language: str, key: str, message: dict[str, str], params: Mapping[str, Any]) -> str:
    count = params.get(PLURAL_PARAMETER)
    if not isinstance(count, int):
        log.warning("plural message %r needs an integer %r", key, PLURAL_PARAMETER)
        count = 0
    form = PLURAL_RULES.get(language, _english_plural)(count)
    return message.get(form) or message["other"]
