"""Draw every sprite of Two Rivers into this folder as PNG files, with pygame primitives only.

Run from the repository root: `python sprites/make_sprites.py` (works headless with
SDL_VIDEODRIVER=dummy). The drawing is deterministic (fixed seeds), so running it again gives the
same pictures; the PNGs are committed so the game never needs to run this. Pass names to redraw
only some sprites: `python sprites/make_sprites.py tile_red leader_bull_red`.
"""

from __future__ import annotations

import os
import sys
from collections.abc import Callable
from pathlib import Path

os.environ.setdefault("SDL_VIDEODRIVER", "dummy")

import pieces  # noqa: E402
import pygame  # noqa: E402  (the video driver must be chosen before pygame is imported)
import scenery  # noqa: E402

HERE = Path(__file__).resolve().parent
COLORS = ("red", "blue", "green", "black")
DYNASTIES = ("bull", "lion", "archer", "urn")
# Exactly these orders: the loader and the client name monuments this way.
MONUMENTS = (("red", "green"), ("red", "black"), ("blue", "red"), ("blue", "black"),
             ("green", "blue"), ("green", "black"))


def recipes() -> dict[str, Callable[[], pygame.Surface]]:
    """Every sprite name with the function that draws it."""
    out: dict[str, Callable[[], pygame.Surface]] = {}
    for i, color in enumerate(COLORS):
        out[f"tile_{color}"] = lambda c=color, s=i: pieces.tile(c, 100 + s)
    out["tile_down"] = lambda: pieces.tile_down(200)
    out["tile_back"] = lambda: pieces.tile_back(201)
    for dyn in DYNASTIES:
        out[f"dynasty_{dyn}"] = lambda d=dyn: pieces.dynasty(d)
        for color in COLORS:
            out[f"leader_{dyn}_{color}"] = lambda d=dyn, c=color: pieces.leader(d, c)
    out["catastrophe"] = lambda: pieces.catastrophe(300)
    out["treasure"] = lambda: pieces.treasure(priority=False)
    out["treasure_priority"] = lambda: pieces.treasure(priority=True)
    out["unification"] = pieces.unification
    for c1, c2 in MONUMENTS:
        out[f"monument_{c1}_{c2}"] = lambda a=c1, b=c2: scenery.monument(a, b)
    for color in COLORS:
        out[f"building_{color}"] = lambda c=color: scenery.building(c)
    out["ziggurat"] = scenery.ziggurat
    out["ziggurat_square"] = lambda: scenery.ziggurat_square(400)
    out["land"] = lambda: scenery.land(500)
    out["river"] = lambda: scenery.river(501)
    out["title_backdrop"] = lambda: scenery.title_backdrop(600)
    out["icon"] = scenery.icon
    return out


def main(names: list[str]) -> int:
    """Draw the named sprites (all when none are named) and save them beside this script."""
    table = recipes()
    unknown = [n for n in names if n not in table]
    if unknown:
        print("unknown sprite names:", ", ".join(unknown), file=sys.stderr)
        return 2
    for name in names or list(table):
        surf = table[name]()
        pygame.image.save(surf, str(HERE / f"{name}.png"))
        print(f"{name}.png {surf.get_width()}x{surf.get_height()}")
    return 0


if __name__ == "__main__":
    sys.exit(main(sys.argv[1:]))
