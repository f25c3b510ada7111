"""The UI's kit: what every screen is built from.

Owns: the theme (colours, sizes, fonts and the contrast they keep), text that fits its box, the
widgets (buttons, cyclers, toggles, panels), the Scene base class and the modal dialog, easing
curves, the animated backdrop the menus share, and the sprite and sound loader.

Knows nothing of the table, the menus or the LAN: it imports no other part of game.ui
(game.ui.app for type hints only; tests/test_ui_parts.py checks it).
"""
