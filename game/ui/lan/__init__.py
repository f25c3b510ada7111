"""The LAN screens: hosting a game, finding and joining one, and the table of a LAN game.

Owns: the host's lobby, the join screen (finding a game, choosing a seat, a name and a dynasty),
the LAN table around TableScene, and lan_screens, the entry game.ui.flow opens by name.
"""
