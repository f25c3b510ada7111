"""Two Rivers: the one entry point. Parses options and starts the chosen mode.

Modes: the client (default), --selfplay (a game in the terminal), --host (a LAN game without a
window). Each mode is one function; this is the only place where the engine, the table, the LAN
and the client are put together.
"""

from __future__ import annotations

import argparse
import sys


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
    p.add_argument("--bind", default="0.0.0.0", help="with --host: address to listen on (127.0.0.1: this machine only)")
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


def run_selfplay(args: argparse.Namespace) -> int:
    """Play a game to the end between the chosen levels (random by default) and print the result."""
    from game.selfplay import parse_levels, play, report
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


def run_client(args: argparse.Namespace) -> int:
    """Open the game window on the title screen."""
    # Imported here: the other modes must not pay for pygame, and the first frame must come fast.
    from game.i18n import resolve_language, set_language
    from game.ui.app import App
    from game.ui.settings import Settings
    from game.ui.title import TitleScene

    settings = Settings.load()
    set_language(resolve_language(args.lang, settings.language))
    if args.fullscreen or args.windowed:
        settings.fullscreen = bool(args.fullscreen)
        settings.save()
    app = App(settings, size=args.size)
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
