"""Two Rivers: the one entry point. Parses options, wires games and starts the chosen mode.

Modes: the client (default), --selfplay (a game in the terminal), --host (a LAN game without a
window). Each mode is one function; this is the only place where the engine, the table, the LAN
and the client are put together (DESIGN.md): a self-play game is wired by `play` (the AI benchmark
plays its games through it too), and the client's screens never build a game: the wiring functions
below (`local_game` from a New-game config, `saved_game` for a saved one, `start_host` for hosting
a LAN game, `connect` for joining or watching one) are handed to the App as its hooks (`hooks()`);
the screens call them and hold the Link they give. Tests build their App with the same hooks.

Everything is imported inside the functions: --selfplay and --host must not pay for pygame, and the
client's first frame must come fast.
"""

from __future__ import annotations

import argparse
import sys
from collections.abc import Callable
from dataclasses import dataclass
from pathlib import Path
from typing import TYPE_CHECKING, Any

if TYPE_CHECKING:
    from game.ai.seats import ComputerSeats
    from game.journal import Journal, JournalWriter
    from game.selfplay import Played
    from game.session import LocalLink, Table
    from game.ui.app import App
    from game.ui.flow import Hooks
    from net.client import NetLink
    from net.host import Host, HostConfig


def parse_args(argv: list[str] | None = None) -> argparse.Namespace:
    """Return the command-line options."""
    p = argparse.ArgumentParser(prog="main.py", description="Two Rivers, a game of Tigris & Euphrates.")
    p.add_argument("--selfplay", action="store_true", help="play a whole game in the terminal")
    p.add_argument("--players", type=int, default=4, choices=[2, 3, 4])
    p.add_argument("--seed", type=int, default=None)
    p.add_argument("--variants", default="", type=parse_variants,
                   help="comma-separated: advanced_board,buildings,ziggurat,open_scores")
    p.add_argument("--verbose", action="store_true", help="print every event (with --selfplay)")
    p.add_argument("--levels", default="random",
                   help="with --selfplay: a player per seat, comma-separated: easy,normal,hard,random")
    p.add_argument("--host", action="store_true", help="host a LAN game without a window, told in the terminal")
    p.add_argument("--port", type=int, default=None, help="TCP port of the hosted game (default 47475)")
    p.add_argument("--computer", type=int, default=0, help="with --host: how many seats the computer plays")
    p.add_argument("--bind", default=None,
                   help="with --host: address to listen on (default: 0.0.0.0, every interface, so the LAN can "
                        "join; 127.0.0.1 when TWO_RIVERS_LAN=loopback)")
    p.add_argument("--resume", default=None, metavar="FILE",
                   help="with --host: continue a saved LAN game (a .journal file, or 'last' for the newest unfinished)")
    p.add_argument("--reopen-seats", default="", metavar="1,2",
                   help="with --host --resume: seats whose tokens were lost, for the next players to take")
    p.add_argument("--ai-seed", type=int, default=None,
                   help="with --selfplay or --host: the computer players' seed, to replay a game (default: fresh)")
    p.add_argument("--lang", default=None, type=parse_language, metavar="en|zh-TW",
                   help="the language of this run (default: the one chosen in Settings, else the system's)")
    screen = p.add_mutually_exclusive_group()
    screen.add_argument("--fullscreen", action="store_true", default=None, help="fill the screen (kept in settings)")
    screen.add_argument("--windowed", action="store_true", default=None, help="play in a window (kept in settings)")
    p.add_argument(
        "--size",
        type=parse_size,
        default=None,
        metavar="WxH",
        help="window size, 1280x720 up to 3840x2160 (default 1600x900)",
    )
    return p.parse_args(argv)


def parse_variants(text: str) -> tuple[str, ...]:
    """'buildings,ziggurat' -> ('buildings', 'ziggurat'), refusing names the game does not know."""
    from game.rules.vocabulary import VARIANTS as KNOWN_VARIANTS

    names = tuple(v.strip() for v in text.split(",") if v.strip())
    for name in names:
        if name not in KNOWN_VARIANTS:
            raise argparse.ArgumentTypeError(f"unknown variant {name!r} (choose from {', '.join(KNOWN_VARIANTS)})")
    return names


def parse_language(text: str) -> str:
    """'zh-TW' (or zh_TW) -> 'zh-TW', for --lang, refusing languages the game does not speak."""
    from game.i18n import LANGUAGES
    from game.i18n.choose import normalize

    language = normalize(text)
    if language is None:
        raise argparse.ArgumentTypeError(f"unknown language {text!r} (choose from {', '.join(LANGUAGES)})")
    return language


def parse_size(text: str) -> tuple[int, int]:
    """'1920x1080' -> (1920, 1080), for --size."""
    try:
        w, h = (int(part) for part in text.lower().split("x"))
    except ValueError:
        raise argparse.ArgumentTypeError(f"size must look like 1920x1080, not {text!r}") from None
    if not (1280 <= w <= 3840 and 720 <= h <= 2160):
        raise argparse.ArgumentTypeError("size must be between 1280x720 and 3840x2160")
    return w, h


def play(levels: list[str], seed: int, variants: tuple[str, ...] = (), ai_seed: int | None = None,
         budget_s: float | None = None, log: Callable[[str], None] | None = None,
         max_turns: int | None = None) -> Played:
    """Wire a self-play game (--selfplay, the AI benchmark) and play it to the end, or to max_turns
    (game.selfplay.MAX_TURNS unless given); random seats draw from the game's own rng.

    The random players' choices come from a generator seeded by ai_seed, the computers' from the
    driver's decision_seed(ai_seed, ...): with the same seed and ai_seed a game replays exactly.
    """
    import random
    import time

    from game.ai.seats import ComputerSeats
    from game.selfplay import MAX_TURNS, PLAYERS, Played, describe
    from game.session import LocalLink, Seat, Table, new_seed

    max_turns = MAX_TURNS if max_turns is None else max_turns
    ai_seed = new_seed() if ai_seed is None else ai_seed
    table = Table([Seat(f"seat {i}", "bull", level if level in PLAYERS[1:] else "human")
                   for i, level in enumerate(levels)], seed, variants, ai_seed=ai_seed)
    link = LocalLink(table, frozenset(range(len(levels))))
    if log is not None:
        def tell(events: list[dict[str, Any]]) -> None:
            for e in events:
                log(describe(e))
        table.subscribe(tell)
    rng = random.Random(ai_seed)
    played = Played(table, capped=False)
    driver = ComputerSeats(link, lambda seat: levels[seat] if levels[seat] != "random" else None, ai_seed,
                           budget_s=budget_s, min_think=0.0, workers="inline")
    with driver:
        while (seat := table.to_move()) is not None:
            if table.state.turn > max_turns:
                played.capped = True
                break
            if levels[seat] == "random":
                link.send(seat, rng.choice(link.legal_actions(seat)))
                continue
            start = time.perf_counter()
            driver.tick()           # inline: decides for the seat to move
            played.thinking.setdefault(levels[seat], []).append(time.perf_counter() - start)
            if driver.tick() != seat:
                raise RuntimeError(f"the {levels[seat]} computer at seat {seat} did not act: {driver.errors}")
    return played


def run_selfplay(args: argparse.Namespace) -> int:
    """Play a game to the end between the chosen levels (random by default) and print the result."""
    from game.selfplay import parse_levels, report
    from game.session import new_seed

    seed = args.seed if args.seed is not None else new_seed()
    # Drawn apart from the game's seed (which fixes the bag) and printed, so any game can be replayed.
    ai_seed = args.ai_seed if args.ai_seed is not None else new_seed()
    variants = args.variants
    try:
        levels = parse_levels(args.levels, args.players)
    except ValueError as exc:
        print(f"main.py: {exc}", file=sys.stderr)
        return 2
    print(f"Self-play: {args.players} players, seed {seed}, AI seed {ai_seed}, variants {list(variants) or 'none'}, "
          f"levels {','.join(levels)}")
    print(f"Replay it with: --selfplay --players {args.players} --seed {seed} --ai-seed {ai_seed} "
          f"--levels {','.join(levels)}" + (f" --variants {','.join(variants)}" if variants else ""))
    log = (lambda line: print(line)) if args.verbose else None
    played = play(levels, seed, variants, ai_seed=ai_seed, log=log)
    report(played.state, sys.stdout)
    return 1 if played.capped else 0


def run_host(args: argparse.Namespace) -> int:
    """Host a LAN game with no window until it ends."""
    from game.i18n import resolve_language, set_language
    from net.headless import run

    set_language(resolve_language(args.lang, None))  # the console follows the host's language
    variants = args.variants
    return run(args.players, args.port, args.computer, args.seed, variants, args.bind, resume=args.resume,
               reopen=args.reopen_seats, ai_seed=args.ai_seed)


# ---------------------------------------------------------------------------------------------------
# The wiring of the client's games: what the App's hooks call


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
    from game.ui.menus.settings import data_dir
    from game.ui.table.table_scene import seats_from_config

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


def config_from_journal(journal: Journal) -> dict[str, Any]:
    """Return the New-game config that seats a saved game's players as they were."""
    from game.rules.vocabulary import LEVELS

    seats = []
    for s in journal.seats:
        kind = s["kind"]
        entry = {"name": s["name"], "dynasty": s["dynasty"], "kind": "human"}
        if kind in LEVELS:
            entry.update(kind="computer", level=kind)
        seats.append(entry)
    return {"players": len(seats), "seats": seats, "variants": list(journal.variants), "seed": journal.seed}


def saved_game(path: Path) -> tuple[LocalGame, dict[str, Any], Journal]:
    """Wire a saved local game where it stopped: the game, its New-game config, and the journal read.

    Raises game.journal.JournalError (or OSError) when the file cannot be continued; nothing is changed then.
    """
    from game.journal import resume

    table, writer, journal = resume(path)
    config = config_from_journal(journal)
    return local_game(config, table=table, journal=writer), config, journal


def start_host(config: HostConfig, say: Callable[[str], None]) -> Host:
    """Host a LAN game from the host's lobby screen: a started net.host.Host (OSError if it cannot listen)."""
    from net.host import Host

    return Host(config, say=say).start()


def connect(address: str, port: int, name: str, **options: Any) -> NetLink:
    """Join or watch a LAN game: a net.client.NetLink to the host (options: role, seat, dynasty, token, ...)."""
    from net.client import NetLink

    return NetLink(address, port, name, **options)


def hooks() -> Hooks:
    """The client's hooks with this module's wiring: how every game the screens open is put together."""
    from game.ui.flow import Hooks

    return Hooks(new_game=local_game, saved_game=saved_game, host_game=start_host, connect=connect)


def client_app(args: argparse.Namespace) -> App:
    """The game window's App for these options: the language of this run (--lang, else Settings, else the
    system's; Settings shows which chose it), the window mode, this module's wiring as its hooks."""
    # Imported here: the other modes must not pay for pygame, and the first frame must come fast.
    from game.i18n import choose_language, t
    from game.ui.app import App
    from game.ui.menus.settings import Settings

    settings = Settings.load()
    choose_language(args.lang, settings.language)
    if args.fullscreen or args.windowed:
        settings.fullscreen = bool(args.fullscreen)
        settings.save()
    return App(settings, size=args.size, caption=t("game.title"), hooks=hooks())


def run_client(args: argparse.Namespace) -> int:
    """Open the game window on the title screen, with this module's wiring as the App's hooks."""
    from game.ui.menus.title import TitleScene

    app = client_app(args)
    app.run(TitleScene(app))
    return 0


def main(argv: list[str] | None = None) -> int:
    """Start the mode the options ask for."""
    args = parse_args(argv)
    if args.selfplay:
        return run_selfplay(args)
    if args.host:
        return run_host(args)
    return run_client(args)


if __name__ == "__main__":
    sys.exit(main())
