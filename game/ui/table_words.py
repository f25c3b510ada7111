"""The game log in words: one short sentence for each event a seat receives.
The board frames the last move, so sentences name pieces and players, not squares.

Owns: turning engine events (the `kind`s of game/rules) into plain sentences for the log beside
the board, and the names of pieces ("priest", "market"). Private details never reach the words:
the events are already filtered per seat, and drawn tiles are only counted.

Must not import: pygame, net, game.rules.
"""

from __future__ import annotations

from collections.abc import Collection
from typing import Any

from game.rules.vocabulary import LEADER_WORDS, TILE_WORDS

ROLE = LEADER_WORDS
TILE = TILE_WORDS
REASON = {"revolt": "lost a revolt", "war": "fell in war", "unsupported": "lost its temple"}
OFFER = {"monument": "a monument", "building": "a building", "ziggurat": "the ziggurat"}
# Events that only move the game along; the board and banners already show them.
QUIET = {"turn_ended", "undone"}


def describe(event: dict[str, Any], names: list[str]) -> str | None:
    """Return the sentence for one event, or None when it is not worth a line."""
    kind = event["kind"]
    if kind in QUIET:
        return None

    def who(key: str = "seat") -> str:
        seat = event.get(key)
        return names[seat] if isinstance(seat, int) and 0 <= seat < len(names) else "Nobody"

    color = event.get("color", "")
    count = event.get("count", 0)
    words = {
        "tile_placed": lambda: f"{who()} placed a {TILE.get(color, color)}.",
        "leader_placed": lambda: f"{who()} placed the {ROLE.get(color)}.",
        "leader_moved": lambda: f"{who()} moved the {ROLE.get(color)}.",
        "leader_withdrawn": lambda: f"{who()} withdrew the {ROLE.get(color)}.",
        "leader_returned": lambda: f"{who()}'s {ROLE.get(color)} {REASON.get(event.get('reason'), 'went home')} "
        "and went home.",
        "catastrophe": lambda: f"{who()} struck with a catastrophe.",
        "swap": lambda: f"{who()} swapped {count} tile{'s' * (count != 1)}.",
        "points": lambda: f"{who()} scored {count} {TILE.get(color, color)} point{'s' * (count != 1)}.",
        "revolt_started": lambda: f"Revolt of the {ROLE.get(color)}s: {who('attacker')} attacks, "
        f"{who('defender')} defends.",
        "war_started": lambda: f"War of the {ROLE.get(color)}s: {who('attacker')} attacks, {who('defender')} defends.",
        "support": lambda: f"{who()} committed {count} {TILE.get(color, color)}{'s' * (count != 1)}.",
        "conflict_resolved": lambda: result_sentence(event, names),
        "tiles_removed": lambda: f"{len(event['squares'])} {TILE.get(color, color)}"
        f"{'s were' if len(event['squares']) != 1 else ' was'} lost.",
        "unification_placed": lambda: f"{who()} united two kingdoms.",
        "unification_returned": lambda: None,
        "monument_built": lambda: f"{who()} built the {'/'.join(event['colors'])} monument.",
        "building_built": lambda: f"{who()} built the {color} building.",
        "building_returned": lambda: f"The {color} building returned.",
        "ziggurat_built": lambda: f"{who()} raised the ziggurat.",
        "treasure_taken": lambda: f"{who()} took a treasure.",
        "tiles_drawn": lambda: None,
        "passed": lambda: f"{who()} passed.",
        "turn_started": lambda: f"{who()}'s turn",
        "war_chosen": lambda: f"{who()} chose the {ROLE.get(color)}s' war first.",
        "declined": lambda: f"{who()} declined {OFFER.get(event.get('offer'), 'the offer')}.",
        "game_over": lambda: "The game is over.",
    }
    make = words.get(kind)
    return make() if make is not None else None


def result_sentence(event: dict[str, Any], names: list[str]) -> str:
    """A conflict's outcome with the winner first and the winner's strength first: "Gilgamesh wins, 2 to 0"."""
    winner, loser = winner_and_loser(event)
    kind = "revolt" if event.get("conflict") == "revolt" else "war"
    return f"{_name(names, winner[0])} wins the {kind}, {winner[1]} to {loser[1]}."


def winner_and_loser(event: dict[str, Any]) -> tuple[tuple[int, int], tuple[int, int]]:
    """(seat, strength) of the winner and of the loser of a conflict_resolved event."""
    a, d = event["attacker_strength"], event["defender_strength"]
    attacker_won = a > d  # Sections 10 and 11: the attacker wins only with a strictly greater strength
    win, lose = (a, d) if attacker_won else (d, a)
    return (event["winner"], win), (event.get("loser", -1), lose)


def _name(names: list[str], seat: Any) -> str:
    return names[seat] if isinstance(seat, int) and 0 <= seat < len(names) else "Nobody"


def status_line(view: dict[str, Any]) -> str:
    """The top bar: the turn, whose turn it is, and what is being decided."""
    if view["game_over"]:
        why = {"bag": "the bag ran out", "treasures": "only two treasures were left"}.get(view["end_reason"])
        return f"The game is over: {why}" if why else "The game is over"
    names = view["names"]
    decision = view["decision"] or {}
    kind = decision.get("kind")
    seat = view["to_move"]
    who = names[seat] if seat is not None else ""
    if kind == "action":
        left = view["actions_left"]
        doing = f"{left} action{'s' * (left != 1)} left"
    elif kind == "support":
        doing = "committing support" if seat == view["active"] else f"{who} commits support"
    else:
        doing = {"choose_war": "choosing the first war", "monument": "offered a monument",
                 "building": "offered a building", "ziggurat": "offered the ziggurat",
                 "treasure": f"{who} takes treasure", "end_turn": f"{who} ends the turn or undoes"}.get(kind or "", "")
    return f"Turn {view['turn']} · {names[view['active']]}'s turn · {doing}"


def tray_message(view: dict[str, Any], curtain: bool, humans: Collection[int]) -> str:
    """What the tray says when no hand is shown in it."""
    seat = view["to_move"]
    if view["game_over"] or seat is None:
        return "The game is over"
    name = view["names"][seat]
    if curtain:
        return f"{name}'s tiles stay hidden until {name} takes the mouse"
    return waiting_for(view, seat)


def waiting_for(view: dict[str, Any], seat: int) -> str:
    """Who decides now, as a watcher sees it: a computer thinks, a person decides."""
    name = view["names"][seat]
    kinds = view.get("kinds") or []
    computer = seat < len(kinds) and kinds[seat] in ("easy", "normal", "hard")
    return f"{name} is thinking…" if computer else f"{name} decides"
