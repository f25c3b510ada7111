"""The art and sound files exist, load and look sane; the loader scales, caches and degrades gracefully."""

from __future__ import annotations

import logging
import os
import struct
import subprocess
import sys
import wave
from collections.abc import Iterator

os.environ["SDL_VIDEODRIVER"] = "dummy"
os.environ["SDL_AUDIODRIVER"] = "dummy"

import pygame  # noqa: E402  (the drivers must be chosen before pygame is imported)
import pytest  # noqa: E402

from game.ui.kit import assets  # noqa: E402

SQUARE_SPRITES = [n for n in assets.sprite_names() if n != "title_backdrop"]


@pytest.fixture(autouse=True)
def fresh_cache() -> None:
    """Each test starts from an empty cache, so one test's loads cannot hide another's failure."""
    assets.clear_cache()


def _opaque_fraction(surf: pygame.Surface) -> float:
    """Fraction of pixels (sampled on a grid) that are mostly opaque."""
    w, h = surf.get_size()
    samples = [surf.get_at((x * w // 32, y * h // 32)).a for x in range(32) for y in range(32)]
    return sum(a > 200 for a in samples) / len(samples)


def test_sprite_list_matches_the_brief() -> None:
    names = assets.sprite_names()
    assert len(names) == len(set(names)) == 46
    assert "monument_blue_red" in names and "monument_red_blue" not in names
    assert sum(n.startswith("leader_") for n in names) == 16


@pytest.mark.parametrize("name", assets.sprite_names())
def test_every_sprite_file_exists_and_has_content(name: str) -> None:
    path = assets.SPRITE_DIR / f"{name}.png"
    assert path.is_file(), f"missing {path}"
    surf = pygame.image.load(str(path))
    w, h = surf.get_size()
    assert w >= 64 and h >= 64
    if name != "title_backdrop":
        assert w == h, "pieces and textures are square"
    assert _opaque_fraction(surf) > 0.1, "mostly transparent: nothing drawn?"


def test_pieces_are_drawn_large_for_big_screens() -> None:
    for name in SQUARE_SPRITES:
        if name not in ("land", "river", "icon"):
            assert pygame.image.load(str(assets.SPRITE_DIR / f"{name}.png")).get_width() >= 256, name
    assert pygame.image.load(str(assets.SPRITE_DIR / "title_backdrop.png")).get_size() == (1920, 1080)
    assert pygame.image.load(str(assets.SPRITE_DIR / "monument_red_green.png")).get_width() >= 512


def test_board_textures_and_backdrop_are_opaque() -> None:
    for name in ("land", "river", "title_backdrop", "ziggurat_square"):
        assert _opaque_fraction(pygame.image.load(str(assets.SPRITE_DIR / f"{name}.png"))) == 1.0, name


def test_tile_colours_differ_where_it_counts() -> None:
    """The four tile bodies are different colours (the symbols carry the meaning too, but both help)."""
    bodies = []
    for color in assets.COLORS:
        surf = pygame.image.load(str(assets.SPRITE_DIR / f"tile_{color}.png"))
        bodies.append(tuple(surf.get_at((40, 128)))[:3])  # on the body, left of the symbol
    assert len(set(bodies)) == 4
    red, blue, green, black = bodies
    assert red[0] > red[2] and blue[2] > blue[0] and green[1] > green[0] and max(black) < 90


def test_tile_symbols_differ_in_shape() -> None:
    """Colour is never the only signal: the symbols' silhouettes differ from each other."""
    shapes = []
    for color in assets.COLORS:
        surf = pygame.image.load(str(assets.SPRITE_DIR / f"tile_{color}.png"))
        base = surf.get_at((40, 128))
        shapes.append(frozenset((x, y) for x in range(70, 186, 4) for y in range(70, 186, 4)
                                if sum(abs(a - b) for a, b in zip(surf.get_at((x, y))[:3], base[:3],
                                                                   strict=True)) > 120))
    for i in range(4):
        for j in range(i + 1, 4):
            overlap = len(shapes[i] & shapes[j]) / max(1, len(shapes[i] | shapes[j]))
            assert overlap < 0.7, (assets.COLORS[i], assets.COLORS[j])


def test_sprite_scales_and_caches() -> None:
    small = assets.sprite("tile_red", (48, 48))
    assert small.get_size() == (48, 48)
    assert assets.sprite("tile_red", (48, 48)) is small
    big = assets.sprite("leader_bull_red", (300, 200))
    assert big.get_size() == (300, 200)
    assert _opaque_fraction(small) > 0.5
    assert assets.sprite("tile_red", (0, -5)).get_size() == (1, 1)  # nonsense sizes do not crash


def test_sprite_converts_once_a_display_exists() -> None:
    was_init = pygame.display.get_init()
    pygame.display.init()
    try:
        if pygame.display.get_surface() is None:
            before = assets.sprite("treasure", (64, 64))
            pygame.display.set_mode((320, 240))
        else:  # another test left a window open: the first load converts at once
            before = None
        after = assets.sprite("treasure", (64, 64))
        assert after.get_size() == (64, 64)
        assert after is not before, "the scaled copy is remade from the converted image"
        assert after.get_flags() & pygame.SRCALPHA
        assert "treasure" in assets._converted
        assert assets.sprite("treasure", (64, 64)) is after
    finally:
        if not was_init:
            pygame.display.quit()


def test_missing_sprite_gives_a_visible_fallback(caplog: pytest.LogCaptureFixture) -> None:
    with caplog.at_level(logging.WARNING, logger=assets.__name__):
        surf = assets.sprite("no_such_sprite", (40, 40))
        assets.sprite("no_such_sprite", (80, 80))
    assert surf.get_size() == (40, 40)
    colors = {tuple(surf.get_at((x, y))) for x in range(0, 40, 5) for y in range(0, 40, 5)}
    assert (255, 0, 255, 255) in colors and (0, 0, 0, 255) in colors
    assert sum("no_such_sprite" in r.getMessage() for r in caplog.records) == 1, "warn once, not every frame"
    assert not assets.has_sprite("no_such_sprite") and assets.has_sprite("tile_red")


def test_monument_names_accept_either_order() -> None:
    assert assets.monument_name("red", "blue") == "monument_blue_red"
    assert assets.monument_name("blue", "red") == "monument_blue_red"
    assert {assets.monument_name(b, a) for a, b in assets.MONUMENTS} == {
        f"monument_{a}_{b}" for a, b in assets.MONUMENTS}


def _read_wav(name: str) -> tuple[tuple[int, int, int, int], tuple[int, ...]]:
    """(channels, bytes per sample, rate, frames) and the samples of sounds/<name>.wav."""
    with wave.open(str(assets.SOUND_DIR / f"{name}.wav"), "rb") as w:
        p = w.getparams()
        data = struct.unpack(f"<{p.nframes}h", w.readframes(p.nframes))
    return (p.nchannels, p.sampwidth, p.framerate, p.nframes), data


@pytest.mark.parametrize("name", assets.SOUND_NAMES)
def test_every_sound_is_short_clean_mono_16bit(name: str) -> None:
    (channels, width, rate, frames), data = _read_wav(name)
    assert (channels, width, rate) == (1, 2, 44100)
    assert 0.04 <= frames / 44100 <= 2.5
    peak = max(abs(v) for v in data)
    assert 0.3 * 32767 < peak < 0.95 * 32767, "normalized, with headroom: never clipping"
    assert abs(data[0]) < 200 and abs(data[-1]) < 200, "fades in and out: no click at the ends"


@pytest.fixture
def mixer_guard() -> Iterator[None]:
    """Close the mixer after the test only if the test was the one to open it."""
    was_open = pygame.mixer.get_init() is not None
    yield
    if not was_open:
        pygame.mixer.quit()


def test_sounds_play_with_the_dummy_driver(mixer_guard: None) -> None:
    sounds = assets.Sounds(0.5)
    assert sounds.enabled
    for name in assets.SOUND_NAMES:
        sounds.play(name)
        assert sounds._bank[name] is not None, name
    sounds.set_volume(0.2)
    assert abs(sounds._bank["click"].get_volume() - 0.2) < 0.01
    sounds.set_volume(7)
    assert sounds.volume == 1.0


def test_missing_sound_is_silent(mixer_guard: None) -> None:
    sounds = assets.Sounds(1.0)
    sounds.play("no_such_sound")
    sounds.play("no_such_sound")
    assert sounds._bank["no_such_sound"] is None


def test_sounds_without_a_mixer_are_silent(monkeypatch: pytest.MonkeyPatch) -> None:
    def broken(*args: object, **kwargs: object) -> None:
        raise pygame.error("No available audio device")

    monkeypatch.setattr(pygame.mixer, "init", broken)
    monkeypatch.setattr(pygame.mixer, "get_init", lambda: None)
    sounds = assets.Sounds(0.8)
    assert not sounds.enabled
    sounds.play("click")
    sounds.set_volume(0.3)


def test_import_loads_nothing() -> None:
    """Importing the module touches no file and no device (headless tests import everything)."""
    code = ("import pygame, game.ui.kit.assets as a; "
            "assert not a._originals and not a._scaled; "
            "assert pygame.mixer.get_init() is None and not pygame.display.get_init()")
    env = {**os.environ, "PYTHONPATH": str(assets.ROOT)}
    result = subprocess.run([sys.executable, "-c", code], cwd=assets.ROOT, env=env, capture_output=True,
                            text=True, timeout=60)
    assert result.returncode == 0, result.stderr
