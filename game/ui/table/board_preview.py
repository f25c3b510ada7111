"""What a move would do, in words: the hover preview of the table, answered by the engine itself.

Owns: the short sentences shown near the cursor before a piece is placed ("+1 market point for
Ana", "Unites two kingdoms: war of kings!", "Revolt against Bo's priest!"). The engine plays the
action on a position rebuilt from the view (`state_from_view` with a plain guess of the hidden
tiles, which the immediate effects of a placement never depend on) and the events it returns are
put into words, so the preview can never disagree with the rules. It reads only the view a seat
receives, so it works the same for a LAN client; it never changes the game.

Must not import: pygame, net.
"""

from __future__ import annotations

from typing import Any

from game.i18n import name_of
from game.i18n import t as tr
from game.rules import IllegalAction, ScenarioError, apply, state_from_view
from game.rules.boards import COLS, bit, flood, index, neighbours
from game.rules.conflicts import board_strength, pending_wars
from game.rules.state import COLOR_INDEX, COLORS, TILE_COUNTS, State, connected, leaders_in
from game.rules.vocabulary import LEADER_WORDS, TILE_WORDS

Square = tuple[int, int]
ROLE = LEADER_WORDS
POINT = TILE_WORDS
PREVIEWED = ("place_tile", "place_leader", "move_leader", "catastrophe")

_last: tuple[Any, Any, State | None] = (None, None, None)   # (view, action colour, rebuilt state)


def plain_guess(view: dict[str, Any], wanted: str | None = None) -> dict[str, Any]:
    """Return a guess of the hidden tiles that fits the view, giving the active seat `wanted` if hidden."""
    pool = list(TILE_COUNTS)
    for row in view["board"]:
        for ch in row:
            if ch in "rbgk":
                pool["rbgk".index(ch)] -= 1
    for sv in view["seats"]:
        for name in sv["hand"] or []:
            pool[COLOR_INDEX[name]] -= 1
    built = []
    for m in view["monuments"]:
        # Which colour a monument was built from is not shown: the one with more tiles unplaced.
        color = max(m["colors"], key=lambda name: pool[COLOR_INDEX[name]])
        pool[COLOR_INDEX[color]] -= 4
        built.append(color)
    tiles = [COLORS[c] for c in range(4) for _ in range(max(0, pool[c]))]
    if wanted in tiles:
        tiles.remove(wanted)
        tiles.insert(0, wanted)
    order = sorted(range(view["players"]), key=lambda i: i != view["active"])
    dealt: dict[int, list[str]] = {}
    for i in order:
        if view["seats"][i]["hand"] is None:
            n = view["seats"][i]["hand_count"]
            dealt[i], tiles = tiles[:n], tiles[n:]
    hands = [dealt.get(i) for i in range(view["players"])]
    return {"hands": hands, "bag": tiles[:view["bag"]], "monuments": built}


def position(view: dict[str, Any]) -> State | None:
    """Return the view's position as the engine's state (hidden tiles guessed), or None if it cannot be."""
    return _rebuilt(view, None)


def _rebuilt(view: dict[str, Any], wanted: str | None) -> State | None:
    """Return the view's position (remembered for the last view: the preview asks every frame)."""
    global _last
    if _last[0] is view and _last[1] == wanted:
        return _last[2]
    try:
        s: State | None = state_from_view(view, plain_guess(view, wanted))
    except (ScenarioError, KeyError, IndexError, TypeError):
        s = None
    _last = (view, wanted, s)
    return s


def preview(view: dict[str, Any], action: dict[str, Any]) -> list[str]:
    """Return one to three short lines saying what `action` would do on this view's board."""
    kind = action.get("kind")
    if kind not in PREVIEWED or view.get("decision") is None or view["decision"].get("kind") != "action":
        return []
    before = _rebuilt(view, action.get("color"))
    if before is None:
        return []
    try:
        after, events = apply(before, action)
    except IllegalAction:
        return []
    names: list[str] = view.get("names") or [tr("lan.host.player_n", n=i + 1) for i in range(view["players"])]
    words = Words(names, after)
    if kind == "place_tile":
        return words.tile(action["color"], index(*action["to"]), events)
    if kind == "catastrophe":
        return words.catastrophe(events)
    return words.leader(action["leader"], index(*action["to"]), events)


class Words:
    """The events of one previewed action, and the position they leave, in a player's words."""

    def __init__(self, names: list[str], after: State) -> None:
        self.names = names
        self.after = after

    def name(self, seat: int) -> str:
        return self.names[seat] if 0 <= seat < len(self.names) else tr("lan.host.player_n", n=seat + 1)

    def _group(self, sq: int) -> int:
        return flood(bit(sq), connected(self.after))

    def tile(self, color: str, sq: int, events: list[dict[str, Any]]) -> list[str]:
        points = [e for e in events if e["kind"] == "points" and e["reason"] == "tile"]
        if points:
            seat = points[0]["seat"]
            own = self.after.leaders.get((seat, COLOR_INDEX[color]))
            if own is not None and (self._group(sq) >> own) & 1:
                return [tr("preview.point", color=name_of("color", color), name=self.name(seat))]
            return [tr("preview.point_king", color=name_of("color", color), name=self.name(seat))]
        if any(e["kind"] == "unification_placed" for e in events):
            return self._union()
        group = self._group(sq)
        if leaders_in(self.after, group):
            return [tr("preview.no_leader", leader=name_of("leader", color)), tr("preview.nobody_scores")]
        return [tr("preview.joins_region") if group != bit(sq) else tr("preview.new_region")]

    def _union(self) -> list[str]:
        # The engine holds the wars the new tile starts; before any is fought they are all pending.
        wars = [COLORS[c] for c in pending_wars(self.after)] if self.after.union is not None else []
        if not wars:
            return [tr("preview.unites"), tr("preview.no_war")]
        leaders = tr("word.list_separator").join(tr(f"leaders.{c}") for c in wars)
        return [tr("preview.unites_war"), tr("preview.war_of", leaders=leaders)]

    def leader(self, color: str, sq: int, events: list[dict[str, Any]]) -> list[str]:
        revolt = next((e for e in events if e["kind"] == "revolt_started"), None)
        if revolt is not None:
            mine, theirs = board_strength(self.after, "attacker"), board_strength(self.after, "defender")
            return [tr("preview.revolt", name=self.name(revolt["defender"]), leader=name_of("leader", color)),
                    tr("preview.temples", mine=mine, theirs=theirs)]
        strength = (neighbours(bit(sq)) & self.after.tiles[0]).bit_count()
        beside = tr("preview.beside", n=strength)
        group = self._group(sq)
        if len(leaders_in(self.after, group)) > 1:
            return [tr("preview.joins_kingdom"), beside]
        return [tr("preview.founds") if group != bit(sq) else tr("preview.alone"), beside]

    def catastrophe(self, events: list[dict[str, Any]]) -> list[str]:
        hit = next(e for e in events if e["kind"] == "catastrophe")
        removed = hit["removed"]
        lines = [tr("preview.destroys", tile=name_of("tile", removed)) if removed else tr("preview.blocks")]
        for e in events:
            if e["kind"] == "leader_returned" and e["reason"] == "unsupported":
                lines.append(tr("preview.goes_home", name=self.name(e["seat"]), leader=name_of("leader", e["color"])))
        return lines[:3]


def war_rivals(view: dict[str, Any], color: str) -> list[Square]:
    """Return the squares of the leaders of `color` on either side of the unification tile."""
    s = _rebuilt(view, None)
    if s is None or s.union is None:
        return []
    keys = pending_wars(s).get(COLOR_INDEX[color], [])
    return [(s.leaders[k] // COLS, s.leaders[k] % COLS) for k in keys]
