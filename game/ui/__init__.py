"""The pygame client, in four parts.

Owns, at the top: the App (window, scene stack, idle loop: app.py), the wiring from the menus into
a game (flow.py) and the helpers that run the client without a screen (headless.py). The parts:
kit/ (what every screen is built from), table/ (the game screen, the results, the replay), menus/
(title, new game, settings, rules, saved games, in-game menu) and lan/ (host, join, the LAN table).
"""
