"""The menus: every screen before and around a game.

Owns: MenuScene (the frame the menu screens share), the title, New game, Settings (and the
settings file), the rules pages, the saved games (which open a replay: game.ui.table.replay_scene)
and the in-game menu.
"""
