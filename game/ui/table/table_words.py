"""The game log in words: one short sentence for each event a seat receives.
The board frames the last move, so sentences name pieces and players, not squares.

Owns: turning engine events (the `kind`s of game/rules) into plain sentences for the log beside
the board, the top bar's status and the tray's message, in the player's language (catalogue keys
log.*, status.*, tray.*), and the names of pieces ("priest", "market"). Private details never reach the words:
the events are already filtered per seat, and drawn tiles are only counted.

Must not import: pygame, net, game.rules.
"""

from __future__ import annotations

from collections.abc import Collection
from typing import Any

from game.i18n import has, name_of, t
from game.rules.vocabulary import LEADER_WORDS, LEVELS, TILE_WORDS

ROLE = LEADER_WORDS  # English words, for the table's sentences not yet in the catalogue
TILE = TILE_WORDS
# Events that only move the game along; the board and banners already show them.
QUIET = {"turn_ended", "undone"}
REASONS = ("revolt", "war", "unsupported")  # log.reason.<why> a leader went home; anything else: log.reason.other
OFFERS = ("monument", "building", "ziggurat")  # log.offer.<what> was declined; anything else: log.offer.other


def tile_word(color: Any, n: int = 1) -> str:
    """A tile by its colour, in the number asked ("temple" / "temples"; Chinese has one form)."""
    key = f"tile.{color}" if n == 1 else f"tiles.{color}"
    return t(key) if has(key) else str(color)


def leaders_word(color: Any) -> str:
    """The leaders of a colour, plural ("priests"), as a revolt or a war is named after them."""
    key = f"leaders.{color}"
    return t(key) if has(key) else str(color)


def describe(event: dict[str, Any], names: list[str]) -> str | None:
    """Return the sentence for one event, or None when it is not worth a line."""
    kind = event["kind"]
    if kind in QUIET:
        return None

    def who(key: str = "seat") -> str:
        return _name(names, event.get(key))

    color = event.get("color", "")
    n = event.get("count", 0)
    leader = name_of("leader", color)
    words = {
        "tile_placed": lambda: t("log.tile_placed", who=who(), tile=tile_word(color)),
        "leader_placed": lambda: t("log.leader_placed", who=who(), leader=leader),
        "leader_moved": lambda: t("log.leader_moved", who=who(), leader=leader),
        "leader_withdrawn": lambda: t("log.leader_withdrawn", who=who(), leader=leader),
        "leader_returned": lambda: t("log.leader_returned", who=who(), leader=leader, reason=t(
            f"log.reason.{event.get('reason')}" if event.get("reason") in REASONS else "log.reason.other")),
        "catastrophe": lambda: t("log.catastrophe", who=who()),
        "swap": lambda: t("log.swap", who=who(), n=n),
        "points": lambda: points_sentence(event, who(), n, color),
        "revolt_started": lambda: t("log.revolt_started", leaders=leaders_word(color), attacker=who("attacker"),
                                    defender=who("defender")),
        "war_started": lambda: t("log.war_started", leaders=leaders_word(color), attacker=who("attacker"),
                                 defender=who("defender")),
        # No support is said as such: "committed no settlements", never "0 settlements".
        "support": lambda: (t("log.support", who=who(), n=n, tile=tile_word(color, n)) if n
                            else t("log.support.none", who=who(), tile=tile_word(color, 2))),
        "conflict_resolved": lambda: result_sentence(event, names),
        "tiles_removed": lambda: t("log.tiles_removed", n=len(event["squares"]),
                                   tile=tile_word(color, len(event["squares"]))),
        "unification_placed": lambda: t("log.unification_placed", who=who()),
        "unification_returned": lambda: None,
        "monument_built": lambda: t("log.monument_built", who=who(),
                                    colors="/".join(name_of("color", c) for c in event["colors"])),
        "building_built": lambda: t("log.building_built", who=who(), color=name_of("color", color),
                                    building=name_of("building", color)),
        "building_returned": lambda: t("log.building_returned", color=name_of("color", color),
                                       building=name_of("building", color)),
        "ziggurat_built": lambda: t("log.ziggurat_built", who=who()),
        "treasure_taken": lambda: t("log.treasure_taken", who=who()),
        "tiles_drawn": lambda: None,
        "passed": lambda: t("log.passed", who=who()),
        "turn_started": lambda: t("log.turn_started", who=who()),
        "war_chosen": lambda: t("log.war_chosen", who=who(), leaders=leaders_word(color)),
        "declined": lambda: t("log.declined", who=who(), offer=t(
            f"log.offer.{event.get('offer')}" if event.get("offer") in OFFERS else "log.offer.other")),
        "game_over": lambda: t("log.game_over"),
    }
    make = words.get(kind)
    return make() if make is not None else None


def points_sentence(event: dict[str, Any], who: str, n: int, color: str) -> str:
    """Points scored, and why when a monument gave them (its colours, and the leader in its kingdom)."""
    monument = event.get("monument")
    if event.get("reason") == "monument" and isinstance(monument, list):
        return t("log.points.monument", who=who, n=n, color=name_of("color", color),
                 monument="/".join(name_of("color", c) for c in monument), leader=name_of("leader", color))
    return t("log.points", who=who, n=n, color=name_of("color", color), tile=tile_word(color))


def result_sentence(event: dict[str, Any], names: list[str]) -> str:
    """A conflict's outcome with the winner first and the winner's strength first: "Gilgamesh wins, 2 to 0"."""
    winner, loser = winner_and_loser(event)
    kind = "revolt" if event.get("conflict") == "revolt" else "war"
    # RULES.md section 10: a tie goes to the defender; "2 to 2" alone reads like a mistake.
    key = "log.conflict_tie" if winner[1] == loser[1] else "log.conflict_won"
    return t(key, winner=_name(names, winner[0]), conflict=t(f"word.{kind}"), a=winner[1], b=loser[1])


def winner_and_loser(event: dict[str, Any]) -> tuple[tuple[int, int], tuple[int, int]]:
    """(seat, strength) of the winner and of the loser of a conflict_resolved event."""
    a, d = event["attacker_strength"], event["defender_strength"]
    attacker_won = a > d  # Sections 10 and 11: the attacker wins only with a strictly greater strength
    win, lose = (a, d) if attacker_won else (d, a)
    return (event["winner"], win), (event.get("loser", -1), lose)


def _name(names: list[str], seat: Any) -> str:
    return names[seat] if isinstance(seat, int) and 0 <= seat < len(names) else t("log.nobody")


def status_line(view: dict[str, Any], can_undo: bool = True) -> str:
    """The top bar: the turn, whose turn it is, and what is being decided (can_undo: a held turn's Undo is
    still possible; after a swap or another player's answer it offers End turn alone)."""
    if view["game_over"]:
        why = view["end_reason"]
        return t("status.over_because", why=t(f"status.end.{why}")) if has(f"status.end.{why}") else t("status.over")
    names = view["names"]
    decision = view["decision"] or {}
    kind = decision.get("kind")
    seat = view["to_move"]
    who = names[seat] if seat is not None else ""
    if kind == "action":
        doing = t("status.actions_left", n=view["actions_left"])
    elif kind == "support":
        doing = t("status.committing") if seat == view["active"] else t("status.commits", who=who)
    elif kind == "end_turn" and not can_undo:
        doing = t("status.end_turn_only", who=who)
    else:
        doing = t(f"status.{kind}", who=who) if kind and has(f"status.{kind}") else ""
    return t("status.line", turn=view["turn"], active=names[view["active"]], doing=doing)


def tray_message(view: dict[str, Any], curtain: bool, humans: Collection[int]) -> str:
    """What the tray says when no hand is shown in it."""
    seat = view["to_move"]
    if view["game_over"] or seat is None:
        return t("status.over")
    name = view["names"][seat]
    if curtain:
        return t("tray.hidden", name=name)
    return waiting_for(view, seat)


def waiting_for(view: dict[str, Any], seat: int) -> str:
    """Who decides now, as a watcher sees it: a computer thinks, a person decides."""
    name = view["names"][seat]
    kinds = view.get("kinds") or []
    computer = seat < len(kinds) and kinds[seat] in LEVELS
    return t("tray.thinking", name=name) if computer else t("tray.decides", name=name)
