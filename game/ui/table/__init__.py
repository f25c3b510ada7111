"""The table: the game screen of a hot-seat or LAN game, the results after it, and its replay.

Owns: TableScene and everything it draws and handles (the board and its pieces, the players'
panels, the tray, the log and the recap since a seat's last turn, the hover preview, the conflict
and curtain overlays, the animations of the engine's events and the words they are told in), the
Results screen at the end of a game, and the replay of a saved game (a TableScene driven by a
ReplayLink, with a transport bar).
"""
