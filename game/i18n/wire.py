"""Words over the LAN as a key and parameters, so each client shows them in its own language.

Owns the wire form of a translatable message, `{"key": "lan.refused.seat_taken", "params": {"seat": 2}}`:
`message()` builds one on the host (refusing a key the catalogue lacks), `shown()` turns one into the client's
language (`shown_in()`: into a given one). Parameters are plain data (text, numbers, true/false). A parameter
named after a group of the game's words (`color`, `tile`, `leader`, `dynasty`, `variant`) carries the wire
name ("red", "lion") and is shown as that word in the client's language. Anything malformed, or a key this
client does not know (an older version), shows the fallback: the English text the host sends beside the key.
Never raises on what arrives. Standard library only (net may use it).
"""

from __future__ import annotations

from collections.abc import Mapping
from typing import Any

from game.i18n import has, name_of, t, t_in
from game.i18n.catalogue import DEFAULT, PLURAL_PARAMETER, TABLES, parameters

WORD_PARAMETERS = {"color": "color", "tile": "tile", "leader": "leader", "dynasty": "dynasty", "variant": "variant"}
MAX_PARAMETERS = 12
MAX_TEXT = 200  # a parameter's text (names are 24 at most; reasons quoted from errors a little more)
_SCALARS = (str, int, float, bool, type(None))


def message(key: str, /, **params: Any) -> dict[str, Any]:
    """Return the wire form of a catalogue message; raise ValueError for a key or parameter it cannot carry."""
    if not has(key):
        raise ValueError(f"no message {key!r} in the catalogue")
    if len(params) > MAX_PARAMETERS or not all(isinstance(v, _SCALARS) for v in params.values()):
        raise ValueError(f"message {key!r}: parameters must be at most {MAX_PARAMETERS} plain values")
    return {"key": key, "params": dict(params)}


def english(payload: Mapping[str, Any]) -> str:
    """Return a wire message in English (the text sent beside the key, for clients that cannot translate)."""
    return _render(payload, "en") or ""


def shown(payload: object, fallback: str = "") -> str:
    """Return a wire message in this client's language, or fallback when it is not one this client can read."""
    return _render(payload, None, strict=bool(fallback)) or fallback


def shown_in(language: str, payload: object, fallback: str = "") -> str:
    """Return a wire message in a given language (another client's), or fallback as `shown` does."""
    return _render(payload, language, strict=bool(fallback)) or fallback


def _render(payload: object, language: str | None, strict: bool = False) -> str | None:
    """Return the message in language (None: the current one), or None if it cannot be read; strict: also
    None when its parameters do not fill it (the English text beside it reads better than braces)."""
    if not isinstance(payload, Mapping):
        return None
    key, params = payload.get("key"), payload.get("params", {})
    if not isinstance(key, str) or not has(key) or not isinstance(params, Mapping):
        return None
    if len(params) > MAX_PARAMETERS or (strict and not _fills(key, params)):
        return None
    clean: dict[str, Any] = {}
    for name, value in params.items():
        if not isinstance(name, str) or not isinstance(value, _SCALARS):
            return None
        if isinstance(value, str):
            if not value.isprintable():
                return None  # control characters in a word from afar: show the English instead
            value = value[:MAX_TEXT]
            if name in WORD_PARAMETERS:
                value = _word(WORD_PARAMETERS[name], value, language)
        clean[name] = value
    return t(key, **clean) if language is None else t_in(language, key, **clean)


def _fills(key: str, params: Mapping[str, Any]) -> bool:
    """Whether params fill every parameter the message uses (a plural one counts by an integer `n`): one that
    does not would show braces, so the English text beside it is shown instead."""
    message = TABLES[DEFAULT][key]
    if not parameters(message) <= set(params):
        return False
    count = params.get(PLURAL_PARAMETER)
    return not isinstance(message, dict) or (isinstance(count, int) and not isinstance(count, bool))


def _word(group: str, value: str, language: str | None) -> str:
    if language is None:
        return name_of(group, value)
    key = f"{group}.{value}"
    return t_in(language, key) if has(key) else value
