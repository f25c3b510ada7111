"""Where the menus hand over to a game: the hooks.

Owns: `Hooks`, the functions the menus call. Two kinds:
- the wiring, which puts a game together: `new_game` (a local game from a New-game config),
  `saved_game` (a saved local game where it stopped), `host_game` (a started LAN host for the host's
  lobby) and `connect` (a link to a LAN host, to play or watch). `main.py` is the only place that
  builds games (DESIGN.md): it hands its functions in, `App(hooks=main.hooks())`, and tests build
  their App with the same hooks. An App given no wiring says so when a screen asks for a game.
- the hand-overs, replaceable too (`app.hooks.start_game = my_function`): start a game from a
  New-game config, continue a saved game (the last one, or one chosen in the Saved-games list:
  `resume_game`), open the LAN host/join/watch screens, play again after the results. They open the
  scenes and give them what the wiring returns: a Link (and the computer seats to drive).

Imports the table and LAN scenes inside the hooks, not at module level: the title must open fast.
"""

from __future__ import annotations

import logging
from collections.abc import Callable
from dataclasses import dataclass
from pathlib import Path
from typing import TYPE_CHECKING, Any, Protocol

from game.i18n import t as tr

if TYPE_CHECKING:
    from game.journal import Journal
    from game.session import Link
    from game.ui.app import App
    from game.ui.table.table_scene import Computers
    from net.client import NetLink
    from net.host import Host, HostConfig

log = logging.getLogger(__name__)

class WiredGame(Protocol):
    """A local game as the wiring hands it over: the link the table scene holds, who plays the computers
    (None when every seat is a person), and where it is saved (None when it is not)."""

    @property
    def link(self) -> Link: ...
    @property
    def computers(self) -> Computers | None: ...
    @property
    def journal_path(self) -> Path | None: ...


class Connect(Protocol):
    """How a screen reaches a LAN host: `connect(address, port, name, role=..., seat=..., ...)`."""

    def __call__(self, address: str, port: int, name: str, **options: Any) -> NetLink: ...


class Unwired(RuntimeError):
    """A screen asked for a game from an App that was given no wiring (main.py gives it)."""


def unwired(what: str) -> Callable[..., Any]:
    """Return a stand-in for a wiring hook nobody gave: it refuses, saying where the wiring comes from."""
    def refuse(*_args: Any, **_kwargs: Any) -> Any:
        raise Unwired(f"this App was given no way to {what}: main.py wires games, App(hooks=main.hooks())")
    return refuse


def open_table(app: App, config: dict[str, Any], game: WiredGame) -> None:
    """Replace the top scene with the table of a wired local game."""
    from game.ui.table.table_scene import TableScene

    app.replace(TableScene(app, config, game.link, game.computers, journal_path=game.journal_path))


def default_start_game(app: App, config: dict[str, Any]) -> None:
    """Seat a new hot-seat table from the config (journalled by the wiring), and open the table scene."""
    open_table(app, config, app.hooks.new_game(config))


def has_saved_game() -> bool:
    """Whether an unfinished local game waits in the data folder."""
    from game.journal import last_unfinished
    from game.ui.menus.settings import data_dir

    try:
        return last_unfinished(data_dir()) is not None
    except OSError:
        return False


def default_continue_game(app: App) -> None:
    """Resume the last unfinished local game exactly where it stopped, curtain up."""
    from game.journal import last_unfinished
    from game.ui.kit.dialog import alert
    from game.ui.menus.settings import data_dir

    saved = last_unfinished(data_dir())
    if saved is None:
        alert(app, tr("flow.nothing.title"), tr("flow.nothing.text"))
        return
    resume_game(app, saved.path)


def resume_game(app: App, path: Path) -> None:
    """Resume one saved local game (the Saved-games list's Continue) where it stopped, curtain up."""
    from game.journal import JournalError
    from game.ui.kit.dialog import alert, said

    try:
        game, config, journal = app.hooks.saved_game(path)
    except (JournalError, OSError) as err:
        alert(app, tr("lan.host.cannot_continue"), said(err))
        return
    open_table(app, config, game)
    if journal.recovered_from is not None:
        alert(app, tr("lan.host.repaired.title"), tr("lan.host.repaired", n=len(journal.actions)))


def host_lan(app: App) -> None:
    """Open the screen that hosts a LAN game."""
    from game.ui.lan.lan_screens import HostScene

    app.push(HostScene(app))


def join_lan(app: App) -> None:
    """Open the screen that joins a LAN game."""
    from game.ui.lan.lan_screens import JoinScene

    app.push(JoinScene(app))


def watch_lan(app: App) -> None:
    """Open the screen that watches a LAN game from the TV (a spectator, DESIGN.md)."""
    from game.ui.lan.lan_screens import WatchScene

    app.push(WatchScene(app))


def default_play_again(app: App, config: dict[str, Any] | None) -> None:
    """After the results: the same table again with a new seed, or the New-game screen."""
    if config is None:
        from game.ui.menus.new_game import NewGameScene

        app.replace(NewGameScene(app))
        return
    from game.session import new_seed

    again = dict(config, seed=new_seed())
    app.hooks.start_game(app, again)


@dataclass
class Hooks:
    """Functions the menus call: the wiring (from main.py) and the hand-overs (replaceable)."""

    # The wiring: main.hooks() gives all four; without them a screen that asks for a game is refused.
    new_game: Callable[[dict[str, Any]], WiredGame] = unwired("start a game")
    saved_game: Callable[[Path], tuple[WiredGame, dict[str, Any], Journal]] = unwired("continue a saved game")
    host_game: Callable[[HostConfig, Callable[[str], None]], Host] = unwired("host a LAN game")
    connect: Connect = unwired("reach a LAN game")
    # The hand-overs.
    start_game: Callable[[App, dict[str, Any]], None] = default_start_game
    # None means "no saving in this mode"; has_saved_game says whether there is one to continue.
    continue_game: Callable[[App], None] | None = default_continue_game
    has_saved_game: Callable[[], bool] = has_saved_game
    # None hides a LAN button (a mode without LAN play).
    host_lan: Callable[[App], None] | None = host_lan
    join_lan: Callable[[App], None] | None = join_lan
    watch_lan: Callable[[App], None] | None = watch_lan
    play_again: Callable[[App, dict[str, Any] | None], None] = default_play_again
