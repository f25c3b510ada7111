"""The asset loader: sprites from `sprites/*.png` and sounds from `sounds/*.wav`, found from the repo root.

It owns reading, converting, scaling and caching images, and opening the mixer and playing sounds.
Nothing is loaded at import time, and nothing here ever raises for a missing file or a missing sound
device: a missing sprite becomes a loud magenta checker (so it is noticed, not hidden) with one logged
warning, and a missing sound or mixer is silence. It imports only pygame and the standard library;
it must not import the rules (beyond their vocabulary), the session or the network.

The art is drawn by `sprites/make_sprites.py` and the sounds by `sounds/make_sounds.py`.
"""

from __future__ import annotations

import logging
from collections import OrderedDict
from pathlib import Path

import pygame

from game.rules.vocabulary import COLORS, DYNASTIES

log = logging.getLogger(__name__)

ROOT = Path(__file__).resolve().parents[3]
SPRITE_DIR = ROOT / "sprites"
SOUND_DIR = ROOT / "sounds"

# The six monuments, each named with its colours in exactly this order (RULES.md section 1).
MONUMENTS = (("red", "green"), ("red", "black"), ("blue", "red"), ("blue", "black"),
             ("green", "blue"), ("green", "black"))
SOUND_NAMES = ("place_tile", "place_leader", "conflict_start", "conflict_end", "monument", "treasure",
               "turn_chime", "game_over", "click", "catastrophe", "score")

_SCALED_LIMIT = 600  # window resizes make new sizes; forget the least recently used beyond this
_originals: dict[str, pygame.Surface] = {}
_converted: set[str] = set()
_scaled: OrderedDict[tuple[str, tuple[int, int]], pygame.Surface] = OrderedDict()
_missing: set[str] = set()


def sprite_names() -> list[str]:
    """Every sprite the game expects in `sprites/`, without the .png."""
    names = [f"tile_{c}" for c in COLORS] + ["tile_down", "tile_back"]
    names += [f"leader_{d}_{c}" for d in DYNASTIES for c in COLORS]
    names += [f"dynasty_{d}" for d in DYNASTIES]
    names += ["catastrophe", "treasure", "treasure_priority", "unification"]
    names += [f"monument_{a}_{b}" for a, b in MONUMENTS]
    names += [f"building_{c}" for c in COLORS]
    names += ["ziggurat", "ziggurat_square", "land", "river", "title_backdrop", "icon"]
    return names


def monument_name(color_a: str, color_b: str) -> str:
    """The sprite name of the monument of two colours, given in either order ("A monument is named by
    its two colours in any order", DESIGN.md)."""
    for a, b in MONUMENTS:
        if {a, b} == {color_a, color_b}:
            return f"monument_{a}_{b}"
    return f"monument_{color_a}_{color_b}"  # not a monument: sprite() will show the fallback


def has_sprite(name: str) -> bool:
    """Whether sprites/<name>.png exists (callers that prefer their own fallback ask this first)."""
    return (SPRITE_DIR / f"{name}.png").is_file()


def sprite(name: str, size: tuple[int, int]) -> pygame.Surface:
    """Return sprites/<name>.png smoothly scaled to size; cached, so callers may ask every frame.

    The returned surface is shared: blit it, do not draw on it.
    """
    w, h = max(1, int(size[0])), max(1, int(size[1]))
    key = (name, (w, h))
    if name not in _converted and _display_ready():
        _original(name)  # a display appeared since this was cached: convert, drop the old copies
    cached = _scaled.get(key)
    if cached is not None:
        _scaled.move_to_end(key)
        return cached
    original = _original(name)
    if name in _missing:
        scaled = fallback((w, h))  # drawn at size, so the checker stays crisp
    elif original.get_size() == (w, h):
        scaled = original
    else:
        scaled = pygame.transform.smoothscale(original, (w, h))
    _scaled[key] = scaled
    if len(_scaled) > _SCALED_LIMIT:
        _scaled.popitem(last=False)
    return scaled


def clear_cache() -> None:
    """Forget every loaded and scaled sprite (after the art changes on disk, or to free memory)."""
    _originals.clear()
    _converted.clear()
    _scaled.clear()
    _missing.clear()


def _original(name: str) -> pygame.Surface:
    """The full-size image, loaded once; converted to the display's format as soon as one exists."""
    surf = _originals.get(name)
    if surf is None:
        surf = _load(name)
        _originals[name] = surf
    if name not in _converted and _display_ready():
        # converting makes blits several times faster; it needs a display, so it may happen late
        surf = surf.convert_alpha()
        _originals[name] = surf
        _converted.add(name)
        for key in [k for k in _scaled if k[0] == name]:
            del _scaled[key]
    return surf


def _display_ready() -> bool:
    return pygame.display.get_init() and pygame.display.get_surface() is not None


def _load(name: str) -> pygame.Surface:
    path = SPRITE_DIR / f"{name}.png"
    try:
        return pygame.image.load(str(path))
    except (pygame.error, OSError, ValueError) as err:
        if name not in _missing:
            _missing.add(name)
            log.warning("sprite %r unavailable (%s); showing a placeholder", name, err)
        return fallback((64, 64))


def fallback(size: tuple[int, int]) -> pygame.Surface:
    """A magenta and black checkerboard: the classic 'texture missing' look, impossible to overlook."""
    w, h = max(1, size[0]), max(1, size[1])
    surf = pygame.Surface((w, h), pygame.SRCALPHA, 32)
    cell = max(1, min(w, h) // 4)
    for y in range(0, h, cell):
        for x in range(0, w, cell):
            odd = (x // cell + y // cell) % 2
            surf.fill((255, 0, 255, 255) if odd == 0 else (0, 0, 0, 255), (x, y, cell, cell))
    return surf


class Sounds:
    """The game's sound bank: `play(name)` for sounds/<name>.wav at one volume, silent when it cannot play.

    The mixer is opened on construction; files are read the first time each sound is played.
    """

    def __init__(self, volume: float = 0.8) -> None:
        self.volume = _clamp(volume)
        self.enabled = _open_mixer()
        self._bank: dict[str, pygame.mixer.Sound | None] = {}

    def play(self, name: str) -> None:
        """Play a sound by name ("click", "place_tile", ...); does nothing if it cannot."""
        if not self.enabled or self.volume <= 0:
            return
        snd = self._get(name)
        if snd is None:
            return
        try:
            snd.play()
        except pygame.error as err:  # e.g. the audio device went away mid-game
            log.debug("sound %r failed: %s", name, err)

    def set_volume(self, volume: float) -> None:
        """Set the volume (0..1) for every sound, loaded or not."""
        self.volume = _clamp(volume)
        for snd in self._bank.values():
            if snd is not None:
                snd.set_volume(self.volume)

    def _get(self, name: str) -> pygame.mixer.Sound | None:
        if name not in self._bank:
            self._bank[name] = self._load(name)
        return self._bank[name]

    def _load(self, name: str) -> pygame.mixer.Sound | None:
        path = SOUND_DIR / f"{name}.wav"
        try:
            snd = pygame.mixer.Sound(str(path))
        except (pygame.error, OSError, FileNotFoundError) as err:
            log.warning("sound %r unavailable (%s); it will be silent", name, err)
            return None
        snd.set_volume(self.volume)
        return snd


def _clamp(volume: float) -> float:
    try:
        return max(0.0, min(1.0, float(volume)))
    except (TypeError, ValueError):
        return 0.0


def _open_mixer() -> bool:
    """Open the mixer once; False (silence) when there is no audio device or no mixer at all."""
    try:
        if pygame.mixer.get_init() is None:
            # small buffer: a tile's clack should land with the click, not a beat later
            pygame.mixer.init(frequency=44100, size=-16, channels=2, buffer=512)
        return pygame.mixer.get_init() is not None
    except (pygame.error, NotImplementedError, AttributeError) as err:
        log.info("no sound: %s", err)
        return False
