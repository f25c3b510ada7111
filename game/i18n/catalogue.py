"""The catalogue: every player-facing message as a key with named parameters, in each language.

Owns the lookup (`translate`), the plural rules (English: "one" for 1, else "other"; Chinese has one
form), the parameters each message takes (`parameters`), and the fallback for a missing key or a
missing parameter: the key itself, or the message with the braces left showing, and a warning in
the log, never an exception in the middle of a frame. Standard library only.
"""

from __future__ import annotations

import logging
import string
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
        return message.format_map(params)
    except Exception as err:  # a missing parameter, or one of the wrong kind from afar: never mid-frame
        log.warning("message %r in %s cannot take its parameters: %r", key, language, err)
        return message


def _plural_form(language: str, key: str, message: dict[str, str], params: Mapping[str, Any]) -> str:
    count = params.get(PLURAL_PARAMETER)
    if not isinstance(count, int):
        log.warning("plural message %r needs an integer %r", key, PLURAL_PARAMETER)
        count = 0
    form = PLURAL_RULES.get(language, _english_plural)(count)
    return message.get(form) or message["other"]
