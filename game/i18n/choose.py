"""Which language a player sees: the command line, else the Settings choice, else the system locale.

Owns the locale rules: zh_TW, zh_HK, zh_MO and any zh_Hant locale (and Windows' "Chinese
(Traditional)") mean 繁體中文 (zh-TW); everything else, Simplified Chinese included, means English,
the only other language the catalogue has. Standard library only.
"""

from __future__ import annotations

import locale
import os
from collections.abc import Callable, Mapping

from game.i18n.catalogue import DEFAULT, LANGUAGES

# Where the system says its language, in the order the C library and gettext read them.
LOCALE_VARIABLES = ("LANGUAGE", "LC_ALL", "LC_MESSAGES", "LANG")
_TRADITIONAL_REGIONS = ("tw", "hk", "mo", "hant")


def language_of_locale(name: str) -> str | None:
    """Return the catalogue language for one locale name, or None when it says nothing ("C", "")."""
    name = name.strip().split(".")[0].split("@")[0]
    if not name or name.upper() in ("C", "POSIX"):
        return None
    lowered = name.lower().replace("-", "_")
    if lowered.startswith("chinese"):  # Windows: 'Chinese (Traditional)_Taiwan', 'Chinese_Hong Kong SAR'
        traditional = any(w in lowered for w in ("traditional", "taiwan", "hong kong", "macao", "macau"))
        return "zh-TW" if traditional else DEFAULT
    parts = lowered.split("_")
    if parts[0] == "zh" and any(part in _TRADITIONAL_REGIONS for part in parts[1:]):
        return "zh-TW"
    return DEFAULT


def system_language(
    environ: Mapping[str, str] | None = None, getlocale: Callable[[], tuple[str | None, str | None]] | None = None
) -> str:
    """Return the language the system's locale asks for (the first variable that names one decides)."""
    environ = os.environ if environ is None else environ
    for variable in LOCALE_VARIABLES:
        for name in environ.get(variable, "").split(":"):  # LANGUAGE may list several: zh_TW:en
            found = language_of_locale(name)
            if found is not None:
                return found
    try:
        name = (getlocale or locale.getlocale)()[0] or ""
    except ValueError:  # an unknown locale in the environment
        name = ""
    return language_of_locale(name) or DEFAULT


def normalize(language: object) -> str | None:
    """Return a language as the catalogue names it ('zh_TW', 'zh-tw' -> 'zh-TW'), or None if unknown."""
    if not isinstance(language, str):
        return None
    wanted = language.strip().replace("_", "-").lower()
    return next((known for known in LANGUAGES if known.lower() == wanted), None)


def resolve_language(command_line: str | None, setting: str | None, system: str | None = None) -> str:
    """Return the language to show: --lang, else the Settings choice ('' = follow the system), else the system's."""
    for choice in (command_line, setting):
        known = normalize(choice)
        if known is not None:
            return known
    return system if system is not None else system_language()
