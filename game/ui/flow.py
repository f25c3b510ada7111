"""Hand-over points between the menu screens and code other authors own.

Owns: `Hooks`, the replaceable functions the menus call — start a game from a New-game config,
continue a saved game (the last one, or one chosen in the Saved-games list: `resume_game`), open the
LAN host/join/watch screens, play again after the results. Defaults
import the other authors' modules lazily (`game.ui.table_scene.TableScene`,
`game.ui.lan_screens.HostScene / JoinScene / WatchScene`) and explain, in a dialog, when one is not there yet.
`main.py` (or a test) may replace any hook: `app.hooks.start_game = my_function`.

Must not import at module level: game.rules, net, or the table / LAN scenes.
"""

from __future__ import annotations

import importlib
import importlib.util
import logging
from collections.abc import Callable
from dataclasses import dataclass, field
from pathlib import Path
from typing import TYPE_CHECKING, Any

if TYPE_CHECKING:
    from game.ui.app import App

log = logging.getLogger(__name__)

TABLE_MODULE = "game.ui.table_scene"
LAN_MODULE = "game.ui.lan_screens"


def module_available(name: str) -> bool:
    """True if a module can be found (without importing it: the title must open fast)."""
    try:
        return importlib.util.find_spec(name) is not None
    except (ImportError, ValueError):
        return False


def default_start_game(app: App, config: dict[str, Any]) -> None:
    """Seat a new hot-seat table from the config, journal it, and open the table scene."""
    try:
        module = importlib.import_module(TABLE_MODULE)
        table_scene = module.TableScene
    except (ImportError, AttributeError) as err:
        log.info("table scene unavailable: %s", err)
        from game.ui.dialog import alert

        alert(
            app,
            "The table is not ready",
            "This build cannot seat players at the table yet. Your choices are kept: try again with a newer version.",
        )
        return
    from game.journal import JournalWriter, new_path
    from game.session import LocalLink, Table
    from game.ui.settings import data_dir

    seats, _ = module.seats_from_config(config)
    table = Table(seats, int(config.get("seed", 0)), tuple(config.get("variants", ())))
    link = LocalLink(table, frozenset(range(len(seats))))
    # Every local game is journalled from its first moment, so Continue can always resume it.
    link.journal = JournalWriter(table, new_path(data_dir()))
    app.replace(table_scene(app, config, link))


def config_from_journal(journal: Any) -> dict[str, Any]:
    """Return the New-game config that seats a saved game's players as they were."""
    seats = []
    for s in journal.seats:
        kind = s["kind"]
        entry = {"name": s["name"], "dynasty": s["dynasty"], "kind": "human"}
        if kind in ("easy", "normal", "hard"):
            entry.update(kind="computer", level=kind)
        seats.append(entry)
    return {"players": len(seats), "seats": seats, "variants": list(journal.variants), "seed": journal.seed}


def has_saved_game() -> bool:
    """Whether an unfinished local game waits in the data folder."""
    from game.journal import last_unfinished
    from game.ui.settings import data_dir

    try:
        return last_unfinished(data_dir()) is not None
    except OSError:
        return False


def default_continue_game(app: App) -> None:
    """Resume the last unfinished local game exactly where it stopped, curtain up."""
    from game.journal import last_unfinished
    from game.ui.dialog import alert
    from game.ui.settings import data_dir

    saved = last_unfinished(data_dir())
    if saved is None:
        alert(app, "Nothing to continue", "There is no unfinished game on this computer.")
        return
    resume_game(app, saved.path)


def resume_game(app: App, path: Path) -> None:
    """Resume one saved local game (the Saved-games list's Continue) where it stopped, curtain up."""
    from game.journal import JournalError, resume
    from game.session import LocalLink
    from game.ui.dialog import alert

    try:
        table, writer, journal = resume(path)
    except (JournalError, OSError) as err:
        alert(app, "This game cannot be continued", str(err))
        return
    module = importlib.import_module(TABLE_MODULE)
    link = LocalLink(table, frozenset(range(table.players)))
    link.journal = writer
    scene = module.TableScene(app, config_from_journal(journal), link)
    app.replace(scene)
    if journal.recovered_from is not None:
        alert(app, "Saved game repaired",
              f"The saved game was damaged; it goes on from its last whole action ({len(journal.actions)}).")


def open_lan_scene(app: App, class_name: str) -> None:
    """Push `game.ui.lan_screens.<class_name>(app)` (HostScene, JoinScene or WatchScene)."""
    try:
        module = importlib.import_module(LAN_MODULE)
        scene_class = getattr(module, class_name)
    except (ImportError, AttributeError) as err:
        log.warning("LAN screen %s unavailable: %s", class_name, err)
        from game.ui.dialog import alert

        alert(app, "LAN play unavailable", f"The LAN screens could not be opened ({err}).")
        return
    app.push(scene_class(app))


def default_play_again(app: App, config: dict[str, Any] | None) -> None:
    """After the results: the same table again with a new seed, or the New-game screen."""
    if config is None:
        from game.ui.new_game import NewGameScene

        app.replace(NewGameScene(app))
        return
    from game.session import new_seed

    again = dict(config, seed=new_seed())
    app.hooks.start_game(app, again)


@dataclass
class Hooks:
    """Functions the menus call; replace them to wire in a mode (e.g. a LAN client)."""

    start_game: Callable[[App, dict[str, Any]], None] = default_start_game
    # None means "no saving in this mode"; has_saved_game says whether there is one to continue.
    continue_game: Callable[[App], None] | None = default_continue_game
    has_saved_game: Callable[[], bool] = has_saved_game
    host_lan: Callable[[App], None] | None = field(default=None)
    join_lan: Callable[[App], None] | None = field(default=None)
    # A spectator's table on the TV (DESIGN.md): join a LAN game only to watch it.
    watch_lan: Callable[[App], None] | None = field(default=None)
    play_again: Callable[[App, dict[str, Any] | None], None] = default_play_again

    def __post_init__(self) -> None:
        # LAN buttons work as soon as the LAN author's module exists.
        if self.host_lan is None and module_available(LAN_MODULE):
            self.host_lan = lambda app: open_lan_scene(app, "HostScene")
        if self.join_lan is None and module_available(LAN_MODULE):
            self.join_lan = lambda app: open_lan_scene(app, "JoinScene")
        if self.watch_lan is None and module_available(LAN_MODULE):
            self.watch_lan = lambda app: open_lan_scene(app, "WatchScene")
