"""Player settings (fullscreen, volume, animation speed, turn confirmation, language, the player's name) and
where they are kept.

Owns: the Settings values, their JSON file in the user's data folder
(`pygame.system.get_pref_path("TwoRivers", "TwoRivers")`, or $TWO_RIVERS_DATA when set — tests
point it at a temporary folder), atomic writes, and tolerant reading: a corrupt or strange file
gives defaults and a warning, never a crash, and a good file is never overwritten with garbage.

Must not import: anything of the game; pygame only for the pref path.
"""

from __future__ import annotations

import json
import logging
import os
from dataclasses import asdict, dataclass
from pathlib import Path
from typing import Any

log = logging.getLogger(__name__)

APP_ORG = "TwoRivers"
APP_NAME = "TwoRivers"
FILE_NAME = "settings.json"
ANIMATION_SPEEDS: dict[str, float] = {"off": 0.0, "slow": 0.5, "normal": 1.0, "fast": 2.0}
ANIMATION_CHOICES: tuple[str, ...] = tuple(ANIMATION_SPEEDS)
FIELDS = ("fullscreen", "volume", "animation", "confirm_turn", "confirm_turn_lan", "language", "player_name")
MAX_NAME = 24  # game.ui.kit.name_field.MAX_CHARS (written out: settings import nothing of the game)
# game.i18n's languages, and "" for "follow the system's locale" (written out: settings import nothing of the game).
LANGUAGE_CHOICES: tuple[str, ...] = ("", "en", "zh-TW")


def data_dir() -> Path:
    """The folder for settings (and, later, saved games)."""
    override = os.environ.get("TWO_RIVERS_DATA")
    if override:
        path = Path(override)
    else:
        import pygame  # only here: reading settings must not need a window

        path = Path(pygame.system.get_pref_path(APP_ORG, APP_NAME))
    path.mkdir(parents=True, exist_ok=True)
    return path


@dataclass
class Settings:
    """What a player can change on the Settings screen."""

    fullscreen: bool = False
    volume: float = 0.7
    animation: str = "normal"
    # After the second action a hot-seat player sees the result and chooses "End turn" or "Undo".
    confirm_turn: bool = True
    # The same for this screen's player in a LAN game; off unless the player chose it (LAN play keeps its
    # pace: the others wait for nobody's second thoughts unless asked to).
    confirm_turn_lan: bool = False
    language: str = ""  # "" follows the system's locale; --lang overrides it for one run
    # The name this player last chose on the host or join screens: offered first there and on New game next time.
    player_name: str = ""

    def __post_init__(self) -> None:
        (self.fullscreen, self.volume, self.animation, self.confirm_turn,
         self.confirm_turn_lan) = _clean(asdict(self))
        self.language = _clean_language(self.language)
        self.player_name = _clean_name(self.player_name)

    def __getitem__(self, key: str) -> Any:
        """settings["confirm_turn"] reads like settings.confirm_turn (for callers that hold a mapping)."""
        if key not in FIELDS:
            raise KeyError(key)
        return getattr(self, key)

    # -- reading -----------------------------------------------------------------------------------
    @classmethod
    def load(cls, path: Path | None = None) -> Settings:
        """Read the settings file; a missing, corrupt or odd file gives defaults (with a warning)."""
        path = path or data_dir() / FILE_NAME
        try:
            raw = path.read_text(encoding="utf-8")
        except FileNotFoundError:
            return cls()
        except OSError as err:
            log.warning("settings not readable (%s); using defaults", err)
            return cls()
        try:
            data = json.loads(raw)
        except ValueError as err:
            log.warning("settings file %s is corrupt (%s); using defaults", path, err)
            return cls()
        if not isinstance(data, dict):
            log.warning("settings file %s holds no settings; using defaults", path)
            return cls()
        fullscreen, volume, animation, confirm_turn, confirm_turn_lan = _clean(data)
        return cls(fullscreen=fullscreen, volume=volume, animation=animation, confirm_turn=confirm_turn,
                   confirm_turn_lan=confirm_turn_lan, language=_clean_language(data.get("language", "")),
                   player_name=_clean_name(data.get("player_name", "")))

    # -- writing -----------------------------------------------------------------------------------
    def to_json(self) -> str:
        return json.dumps(asdict(self), indent=2, sort_keys=True) + "\n"

    def save(self, path: Path | None = None) -> bool:
        """Write atomically (temp file, flush, fsync, rename). Return False (and warn) on failure."""
        path = path or data_dir() / FILE_NAME
        text = self.to_json()
        # Never replace a good file with something we could not read back ourselves.
        back = json.loads(text)
        if _clean(back) != tuple(getattr(self, name) for name in FIELDS if name not in ("language", "player_name")) \
                or _clean_language(back.get("language", "")) != self.language \
                or _clean_name(back.get("player_name", "")) != self.player_name:
            log.warning("settings not saved: they do not survive a round trip")
            return False
        try:
            _atomic_write(path, text)
        except OSError as err:
            log.warning("settings not saved (%s)", err)
            return False
        return True


def _atomic_write(path: Path, text: str) -> None:
    # The journal's writer: temporary file, flush, fsync, rename (imported late: the title opens first).
    from game.journal import write_atomically

    write_atomically(path, text)


def _clean_language(language: object) -> str:
    """The language kept, or "" (follow the system) for anything the game does not speak."""
    if language not in LANGUAGE_CHOICES:
        log.warning("settings: language %r is not one of %s", language, ", ".join(LANGUAGE_CHOICES[1:]))
        return ""
    return str(language)


def _clean_name(name: object) -> str:
    """The player's name kept as typed (trimmed, one space between words), or "" (none chosen) for anything that
    is not a name a screen could have taken: not text, too long, or holding characters that print nothing."""
    if not isinstance(name, str):
        log.warning("settings: player_name %r is not text", name)
        return ""
    tidy = " ".join(name.split())
    if len(tidy) > MAX_NAME or not tidy.isprintable():
        log.warning("settings: player_name %r is not a name", name)
        return ""
    return tidy


def _clean(data: dict[str, Any]) -> tuple[bool, float, str, bool, bool]:
    """Each value checked on its own: one bad key falls back to its default, not the whole file."""
    fullscreen = data.get("fullscreen", False)
    if not isinstance(fullscreen, bool):
        log.warning("settings: fullscreen %r is not true/false", fullscreen)
        fullscreen = False
    volume = data.get("volume", 0.7)
    if isinstance(volume, bool) or not isinstance(volume, int | float) or volume != volume:
        log.warning("settings: volume %r is not a number", volume)
        volume = 0.7
    volume = round(min(1.0, max(0.0, float(volume))), 2)
    animation = data.get("animation", "normal")
    if animation not in ANIMATION_SPEEDS:
        log.warning("settings: animation %r is not one of %s", animation, ", ".join(ANIMATION_CHOICES))
        animation = "normal"
    confirm_turn = _flag(data, "confirm_turn", True)
    return fullscreen, volume, animation, confirm_turn, _flag(data, "confirm_turn_lan", False)


def _flag(data: dict[str, Any], key: str, default: bool) -> bool:
    value = data.get(key, default)
    if not isinstance(value, bool):
        log.warning("settings: %s %r is not true/false", key, value)
        return default
    return value
