"""One word for one thing: the computer players are "computer" on every screen (never "AI"), and the
seat panel's tiles-in-hand count has its own icon (a fanned hand), not the bag's single tile back."""

from __future__ import annotations

import os
import re

os.environ.setdefault("SDL_VIDEODRIVER", "dummy")
os.environ.setdefault("SDL_AUDIODRIVER", "dummy")

import pygame  # noqa: E402

from game.i18n import en  # noqa: E402
from game.ui.table.piece_art import PieceArt  # noqa: E402
from game.ui.table.table_panels import draw_hand_icon  # noqa: E402
from tests.wiring import make_app  # noqa: E402


def strings(value):
    if isinstance(value, dict):
        for v in value.values():
            yield from strings(v)
    else:
        yield value


def test_no_english_string_calls_the_computer_ai() -> None:
    catalogue = en.MESSAGES
    ai = [k for k, v in catalogue.items() if any(re.search(r"\bAI\b", s) for s in strings(v))]
    assert not ai, ai
    assert catalogue["new_game.computer"].lower().startswith("computer")


def test_the_hand_icon_is_not_the_bag_icon(tmp_path, monkeypatch) -> None:
    monkeypatch.setenv("TWO_RIVERS_DATA", str(tmp_path))
    app = make_app((1920, 1080))
    art = PieceArt(app)
    rect = pygame.Rect(0, 0, 32, 32)
    hand, bag = pygame.Surface(rect.size), pygame.Surface(rect.size)
    hand.fill((233, 213, 170))
    bag.fill((233, 213, 170))
    draw_hand_icon(art, hand, rect)
    art.blit(bag, "tile_back", rect)
    differ = sum(1 for x in range(32) for y in range(32)
                 if max(abs(a - b) for a, b in zip(hand.get_at((x, y))[:3], bag.get_at((x, y))[:3], strict=True)) > 40)
    assert differ > 0.2 * 32 * 32, differ
    pygame.display.quit()
