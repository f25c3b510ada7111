"""The LAN screens, where the title screen finds them: host a game, join one, or watch one.

game.ui.flow (`open_lan_scene`) looks up HostScene, JoinScene and WatchScene here by name. The screens
live in their own modules: `game.ui.lan.lan_host` (the host's lobby), `game.ui.lan.lan_join` (finding a game,
choosing a seat, a name and a dynasty) and `game.ui.lan.lan_table` (the table of a LAN game, and the
notices about the link and missing players).

Imports game.ui only.
"""

from __future__ import annotations

from game.ui.lan.lan_host import HostScene
from game.ui.lan.lan_join import JoinScene, SeatScene, WatchScene
from game.ui.lan.lan_table import LanTableScene, link_status, open_table, table_config, wait_notices

__all__ = [
    "HostScene",
    "JoinScene",
    "LanTableScene",
    "SeatScene",
    "WatchScene",
    "link_status",
    "open_table",
    "table_config",
    "wait_notices",
]
