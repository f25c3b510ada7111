"""Where the menus hand over to a game: the hooks, and the wiring of a local game.

Owns: `Hooks`, the replaceable functions the menus call — start a game from a New-game config,
continue a saved game (the last one, or one chosen in the Saved-games list: `resume_game`), open the
LAN host/join/watch screens, play again after the results — and `local_game`, which puts a local
game together: its table, journal, link and computer seats, handed to the table scene. `main.py`
(or a test) may replace any hook: `app.hooks.start_game = my_function`.

Imports the table and LAN scenes inside the hooks, not at module level: the title must open fast.
"""

from __future__ import annotations

import logging
from collections.abc import Callable
from dataclasses import dataclass
from pathlib import Path
from typing import TYPE_CHECKING, Any

if TYPE_CHECKING:
    from game.ai.seats import ComputerSeats
    from game.journal import JournalWriter
    from game.session import LocalLink, Table
    from game.ui.app import App

log = logging.getLogger(__name__)

LAN_MODULE = "game.ui.lan_screens"   # the title checks that the LAN screens import cleanly


@dataclass
class LocalGame:
    """A local game wired up: the link the scene holds, who plays the computers, where it is saved."""

    link: LocalLink
    computers: ComputerSeats | None
    journal: JournalWriter | None

    @property
    def journal_path(self) -> Path | None:
        """Return the saved game's file, or None when the game is not journalled."""
        return self.journal.path if self.journal is not None else None


def local_game(config: dict[str, Any], table: Table | None = None, journal: JournalWriter | None = None,
               save: bool = True) -> LocalGame:
    """Wire a local game from a New-game config (or around a given table, e.g. a resumed one).

    Every seat is played on this screen; the computer seats by `game.ai.seats.ComputerSeats` with the
    table's AI seed. save journals a new table from its first moment, so Continue can resume it.
    """
    from game.ai.seats import ComputerSeats
    from game.journal import JournalWriter, new_path
    from game.session import LocalLink, Table, new_seed
    from game.ui.settings import data_dir
    from game.ui.table_scene import seats_from_config

    seats, levels = seats_from_config(config)
    if table is None:
        # A config without a seed gets a fresh one: a fixed default would deal the same bag every game.
        seed = config.get("seed")
        table = Table(seats, new_seed() if seed is None else int(seed), tuple(config.get("variants", ())))
        if save:
            journal = JournalWriter(table, new_path(data_dir()))
    link = LocalLink(table, frozenset(range(table.players)), journal=journal)
    computers = ComputerSeats(link, levels.get, table.ai_seed) if levels else None
    return LocalGame(link, computers, journal)


def open_table(app: App, config: dict[str, Any], game: LocalGame) -> None:
    """Replace the top scene with the table of a wired local game."""
    from game.ui.table_scene import TableScene

    app.replace(TableScene(app, config, game.link, game.computers, journal_path=game.journal_path))


def default_start_game(app: App, config: dict[str, Any]) -> None:
    """Seat a new hot-seat table from the config, journal it, and open the table scene."""
    open_table(app, config, local_game(config))


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
    from game.ui.dialog import alert

    try:
        table, writer, journal = resume(path)
    except (JournalError, OSError) as err:
        alert(app, "This game cannot be continued", str(err))
        return
    config = config_from_journal(journal)
    open_table(app, config, local_game(config, table=table, journal=writer))
    if journal.recovered_from is not None:
        alert(app, "Saved game repaired",
              f"The saved game was damaged; it goes on from its last whole action ({len(journal.actions)}).")


def host_lan(app: App) -> None:
    """Open the screen that hosts a LAN game."""
    from game.ui.lan_screens import HostScene

    app.push(HostScene(app))


def join_lan(app: App) -> None:
    """Open the screen that joins a LAN game."""
    from game.ui.lan_screens import JoinScene

    app.push(JoinScene(app))


def watch_lan(app: App) -> None:
    """Open the screen that watches a LAN game from the TV (a spectator, DESIGN.md)."""
    from game.ui.lan_screens import WatchScene

    app.push(WatchScene(app))


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
    # None hides a LAN button (a mode without LAN play).
    host_lan: Callable[[App], None] | None = host_lan
    join_lan: Callable[[App], None] | None = join_lan
    watch_lan: Callable[[App], None] | None = watch_lan
    play_again: Callable[[App, dict[str, Any] | None], None] = default_play_again
