"""Actions and results in words, for the host's console (`python main.py --host`), in the host's language.

Owns: one sentence per action a seat takes, and the final ranking as lines, each through the catalogue
(game.i18n: "lan.said.*", "lan.console.rank*"), so the console follows the host's --lang. Squares are
shown as "row 3, column 7" counted from 1, as a player reads the board.

Imports the standard library and `game.i18n` only. Never pygame.
"""

from __future__ import annotations

from collections.abc import Callable
from typing import Any

from game.i18n import name_of, t


def where(square: Any) -> str:
    """Return a square [row, col] in words."""
    try:
        row, col = square
        return t("lan.said.where", row=int(row) + 1, col=int(col) + 1)
    except (TypeError, ValueError):
        return t("lan.said.somewhere")


def _count(value: Any) -> int:
    return value if isinstance(value, int) and not isinstance(value, bool) else 0


def _phrases(a: dict[str, Any]) -> dict[str, Callable[[], str]]:
    """Return each kind of action's phrase, made only when asked for (an action carries only its own fields)."""
    return {
        "place_leader": lambda: t("lan.said.place_leader", leader=name_of("leader", a.get("leader")),
                                  where=where(a.get("to"))),
        "move_leader": lambda: t("lan.said.move_leader", leader=name_of("leader", a.get("leader")),
                                 where=where(a.get("to"))),
        "withdraw_leader": lambda: t("lan.said.withdraw_leader", leader=name_of("leader", a.get("leader"))),
        "place_tile": lambda: t("lan.said.place_tile", tile=name_of("tile", a.get("color")), where=where(a.get("to"))),
        "catastrophe": lambda: t("lan.said.catastrophe", where=where(a.get("to"))),
        "swap": lambda: t("lan.said.swap", n=len(a.get("tiles") or [])),
        "pass": lambda: t("lan.said.pass"),
        "commit": lambda: t("lan.said.commit", n=_count(a.get("count"))),
        "choose_war": lambda: t("lan.said.choose_war", color=name_of("color", a.get("color"))),
        "build_monument": lambda: t("lan.said.build_monument", where=where(a.get("at")),
                                    colors="-".join(name_of("color", c) for c in a.get("monument") or [])),
        "build_building": lambda: t("lan.said.build_building", color=name_of("color", a.get("color")),
                                    where=where(a.get("at"))),
        "build_ziggurat": lambda: t("lan.said.build_ziggurat", where=where(a.get("at"))),
        "take_treasure": lambda: t("lan.said.take_treasure", where=where(a.get("at"))),
        "decline": lambda: t("lan.said.decline"),
    }


def describe_action(name: str, action: dict[str, Any]) -> str:
    """Return what a player did, in one sentence."""
    kind = action.get("kind")
    phrase = _phrases(action).get(str(kind), lambda: t("lan.said.other", kind=kind))()
    return t("lan.said.action", name=name, phrase=phrase)


def describe_ranking(ranking: list[dict[str, Any]], names: list[str]) -> list[str]:
    """Return the final ranking as lines, best first."""
    lines = []
    for row in ranking:
        seat = row.get("seat")
        name = names[seat] if isinstance(seat, int) and 0 <= seat < len(names) else t("lan.console.seat_n", n=seat)
        colors = " ".join(t("lan.console.rank_color", color=name_of("color", c), n=v)
                          for c, v in (row.get("colors") or {}).items())
        lines.append(t("lan.console.rank", place=row.get("place"), name=name, n=_count(row.get("score")),
                       colors=colors))
    return lines
