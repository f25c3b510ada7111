"""Every piece as a surface at a size: the sprite when it exists, a drawn fallback otherwise.

Owns: `PieceArt`, which the board, the trays, the panels and the overlays share, so that a piece is
scaled once per size (cached) and looks the same everywhere.

Must not import: net, game.rules.
"""

from __future__ import annotations

from typing import TYPE_CHECKING

import pygame

from game.ui.kit import theme as th
from game.ui.table import pieces

if TYPE_CHECKING:
    from game.ui.app import App


class PieceArt:
    """Pieces as surfaces at a size; sprites when present, drawn shapes when not."""

    def __init__(self, app: App) -> None:
        self.app = app
        self._cache: dict[tuple[str, int], pygame.Surface] = {}

    def get(self, name: str, size: int) -> pygame.Surface:
        key = (name, max(2, int(size)))
        surf = self._cache.get(key)
        if surf is None:
            surf = self._make(name, key[1])
            self._cache[key] = surf
        return surf

    def warm(self, names: list[str], size: int) -> None:
        """Scale the pieces a game will show now, so no frame later pauses to do it."""
        for name in names:
            self.get(name, size)

    def blit(self, surface: pygame.Surface, name: str, rect: pygame.Rect, alpha: int = 255) -> None:
        """Draw a piece centred in rect (square sprites keep their aspect)."""
        img = self.get(name, min(rect.width, rect.height))
        if alpha < 255:
            img.set_alpha(max(0, alpha))
            surface.blit(img, img.get_rect(center=rect.center))
            img.set_alpha(255)
        else:
            surface.blit(img, img.get_rect(center=rect.center))

    def _make(self, name: str, size: int) -> pygame.Surface:
        image = self.app.sprite(name, (size, size))
        if image is not None:
            return image
        surf = pygame.Surface((size, size), pygame.SRCALPHA)
        rect = surf.get_rect()
        parts = name.split("_")
        if parts[0] == "tile" and parts[1] in th.TILE_COLORS:
            pieces.draw_tile(self.app, surf, rect, parts[1])
        elif parts[0] == "leader":
            pieces.draw_leader(self.app, surf, rect, parts[1], parts[2])
        elif parts[0] == "dynasty":
            pieces.draw_emblem(self.app, surf, rect, parts[1])
        elif parts[0] == "treasure":
            pieces.draw_treasure(self.app, surf, rect, priority=name.endswith("priority"))
        elif name == "catastrophe":
            pieces.draw_catastrophe(self.app, surf, rect)
        else:
            self._fallback(surf, parts)
        return surf

    @staticmethod
    def _fallback(surf: pygame.Surface, parts: list[str]) -> None:
        rect = surf.get_rect()
        rad = max(2, rect.width // 8)
        fill = {"tile": th.SAND_DARK, "unification": th.LAPIS_LIGHT, "ziggurat": th.CLAY,
                "building": th.TILE_COLORS.get(parts[-1], th.CLAY), "monument": th.SAND_LIGHT}.get(parts[0], th.CLAY)
        pygame.draw.rect(surf, fill, rect.inflate(-rect.width // 10, -rect.height // 10), border_radius=rad)
        if parts[0] == "monument":
            inner = rect.inflate(-rect.width // 2, -rect.height // 2)
            pygame.draw.rect(surf, th.TILE_COLORS.get(parts[1], th.CLAY), inner, border_radius=rad)
            pygame.draw.rect(surf, th.TILE_COLORS.get(parts[2], th.CLAY), inner.inflate(-inner.w // 2, -inner.h // 2))
        pygame.draw.rect(surf, th.GOLD_DARK, rect.inflate(-rect.width // 10, -rect.height // 10),
                         width=max(1, rect.width // 20), border_radius=rad)
