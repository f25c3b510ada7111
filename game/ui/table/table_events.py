"""From engine events to animations: what each event looks and sounds like on the table.

Owns: `animate()`, which queues on an Animator the motion for a batch of events (in order, so a
war reads as: banner, support, result, the loser's tiles leaving, points flying to the winner),
and `touched_squares()`, the squares of the last move that the board keeps framed.

Must not import: pygame, net, game.rules.
"""

from __future__ import annotations

from typing import Any

from game.i18n import name_of
from game.i18n import t as tr
from game.ui.kit import theme as th
from game.ui.table.table_anim import Animator
from game.ui.table.table_words import leaders_word, winner_and_loser

Square = tuple[int, int]
RESULT_SECONDS = 3.0  # how long a revolt's or war's result stays up unless clicked away
MOVES = ("tile_placed", "leader_placed", "leader_moved", "catastrophe", "monument_built", "building_built",
         "ziggurat_built", "unification_placed", "treasure_taken")


def _sq(at: Any) -> Square:
    return (int(at[0]), int(at[1]))


def touched_squares(events: list[dict[str, Any]]) -> list[Square]:
    """The squares a batch of events placed something on (the last move, to keep framed)."""
    out: list[Square] = []
    for e in events:
        if e["kind"] in MOVES:
            at = e.get("to") if e["kind"] == "leader_moved" else e.get("at")
            if at is not None:
                out.append(_sq(at))
    return out


class EventAnimator:
    """Queues the animation of each event; remembers where the action is for flying points."""

    def __init__(self, animator: Animator) -> None:
        self.anim = animator
        self.focus: tuple = ("board",)

    def animate(self, events: list[dict[str, Any]], names: list[str], dynasties: list[str]) -> None:
        for e in events:
            handler = getattr(self, "_" + e["kind"], None)
            if handler is not None:
                handler(e, names, dynasties)

    # -- pieces arriving -----------------------------------------------------------------------------
    def _tile_placed(self, e: dict, names: list[str], dyn: list[str]) -> None:
        at = _sq(e["at"])
        self.focus = ("sq", at)
        self.anim.add("drop", 0.32, {"name": f"tile_{e['color']}", "to": ("sq", at)},
                      hides={("tile", at)}, sound="place_tile")

    def _leader_placed(self, e: dict, names: list[str], dyn: list[str]) -> None:
        at = _sq(e["at"])
        self.focus = ("sq", at)
        self.anim.add("slide", 0.42, {"name": f"leader_{dyn[e['seat']]}_{e['color']}", "from": ("seat", e["seat"]),
                                      "to": ("sq", at)}, hides={("leader", at)}, sound="place_leader")

    def _leader_moved(self, e: dict, names: list[str], dyn: list[str]) -> None:
        at = _sq(e["to"])
        self.focus = ("sq", at)
        self.anim.add("slide", 0.4, {"name": f"leader_{dyn[e['seat']]}_{e['color']}", "from": ("sq", _sq(e["from"])),
                                     "to": ("sq", at)}, hides={("leader", at)}, sound="place_leader")

    def _catastrophe(self, e: dict, names: list[str], dyn: list[str]) -> None:
        at = _sq(e["at"])
        self.focus = ("sq", at)
        self.anim.add("drop", 0.34, {"name": "catastrophe", "to": ("sq", at)}, hides={("cat", at)}, sound="catastrophe")
        if e.get("removed"):
            self.anim.add("leave", 0.5, {"name": f"tile_{e['removed']}", "from": ("sq", at), "to": None},
                          with_last=True)

    def _unification_placed(self, e: dict, names: list[str], dyn: list[str]) -> None:
        at = _sq(e["at"])
        self.anim.add("drop", 0.3, {"name": "unification", "to": ("sq", at), "scale": 0.8}, hides={("union", at)},
                      with_last=True, advance=0.5)

    def _monument_built(self, e: dict, names: list[str], dyn: list[str]) -> None:
        at = _sq(e["at"])
        self.focus = ("sq", at)
        self.anim.add("rise", 0.75, {"colors": e["colors"], "at": at}, hides={("monument", at)}, sound="monument")

    def _building_built(self, e: dict, names: list[str], dyn: list[str]) -> None:
        at = _sq(e["at"])
        self.focus = ("sq", at)
        self.anim.add("drop", 0.4, {"name": f"building_{e['color']}", "to": ("sq", at), "scale": 0.8},
                      hides={("building", at)}, sound="monument")

    def _ziggurat_built(self, e: dict, names: list[str], dyn: list[str]) -> None:
        at = _sq(e["at"])
        self.focus = ("sq", at)
        self.anim.add("rise", 0.8, {"name": "ziggurat", "at": at}, hides={("zig", at)}, sound="monument")

    # -- pieces leaving ------------------------------------------------------------------------------
    def _leader_withdrawn(self, e: dict, names: list[str], dyn: list[str]) -> None:
        self.anim.add("leave", 0.5, {"name": f"leader_{dyn[e['seat']]}_{e['color']}", "from": ("sq", _sq(e["from"])),
                                     "to": ("seat", e["seat"])}, ghost=True, sound="place_leader")

    def _leader_returned(self, e: dict, names: list[str], dyn: list[str]) -> None:
        self.anim.add("leave", 0.7, {"name": f"leader_{dyn[e['seat']]}_{e['color']}", "from": ("sq", _sq(e["from"])),
                                     "to": ("seat", e["seat"])}, ghost=True, advance=0.6)

    def _tiles_removed(self, e: dict, names: list[str], dyn: list[str]) -> None:
        first = True
        for at in e["squares"]:
            self.anim.add("leave", 0.65, {"name": f"tile_{e['color']}", "from": ("sq", _sq(at)), "to": None,
                                          "scale": 0.94}, ghost=True, with_last=not first)
            first = False

    def _treasure_taken(self, e: dict, names: list[str], dyn: list[str]) -> None:
        self.anim.add("leave", 0.7, {"name": "treasure", "from": ("sq", _sq(e["at"])), "to": ("seat", e["seat"]),
                                     "scale": 0.6}, ghost=True, sound="treasure")

    def _building_returned(self, e: dict, names: list[str], dyn: list[str]) -> None:
        self.anim.add("leave", 0.5, {"name": f"building_{e['color']}", "from": ("sq", _sq(e["from"])), "to": None},
                      ghost=True, with_last=True)

    # -- points and moments --------------------------------------------------------------------------
    def _points(self, e: dict, names: list[str], dyn: list[str]) -> None:
        self.anim.add("points", 0.6, {"color": e["color"], "count": e["count"], "from": self.focus,
                                      "to": ("seat", e["seat"])}, sound="score", advance=0.4)

    def _revolt_started(self, e: dict, names: list[str], dyn: list[str]) -> None:
        self.focus = ("sq", _sq(e["attacker_at"]))
        self._banner(tr("banner.revolt"), tr("banner.sides", leaders=leaders_word(e["color"]),
                                             attacker=names[e["attacker"]], defender=names[e["defender"]]),
                     th.TERRACOTTA, "conflict_start")

    def _war_started(self, e: dict, names: list[str], dyn: list[str]) -> None:
        self.focus = ("sq", _sq(e["union"]))
        self._banner(tr("banner.war"), tr("banner.sides", leaders=leaders_word(e["color"]),
                                          attacker=names[e["attacker"]], defender=names[e["defender"]]),
                     th.TERRACOTTA, "conflict_start")

    def _conflict_resolved(self, e: dict, names: list[str], dyn: list[str]) -> None:
        (seat, won), (_, lost) = winner_and_loser(e)
        kind = "revolt" if e.get("conflict") == "revolt" else "war"
        # The result holds RESULT_SECONDS (a click takes it away): read from the sofa, a second was too short.
        # What follows (the loser's pieces leaving) starts as before, beneath the ribbon.
        self._banner(tr("banner.wins_tie" if won == lost else "banner.wins", name=names[seat], a=won, b=lost),
                     tr(f"banner.{kind}_of", leaders=leaders_word(e["color"])), th.LAPIS, "conflict_end",
                     RESULT_SECONDS, advance=0.6 / RESULT_SECONDS)

    def _turn_started(self, e: dict, names: list[str], dyn: list[str]) -> None:
        self.focus = ("board",)
        self._banner(tr("log.turn_started", who=names[e["seat"]]),
                     tr("banner.dynasty", dynasty=name_of("dynasty", dyn[e["seat"]])), th.LAPIS, "turn_chime", 1.0)

    def _game_over(self, e: dict, names: list[str], dyn: list[str]) -> None:
        self._banner(tr("status.over"), "", th.GOLD_DARK, "game_over", 1.6)

    def _banner(self, text: str, sub: str, fill: Any, sound: str, duration: float = 1.1, advance: float = 0.55) -> None:
        self.anim.add("banner", duration, {"text": text, "sub": sub, "fill": fill}, sound=sound, advance=advance)
