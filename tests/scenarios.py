"""Helpers for the rules scenario tests: build scenarios from small ascii sketches, play actions.

A sketch is a few rows of text, separated by "/", laid onto the chosen board at a given top-left
square, e.g. ("r.r/K.P", (3, 5)). Each character is a scenario board character (`.` `~` `r` `b`
`g` `k` `x` `#` `z`), a space (keep what the base board has there), or a leader letter from the
legend (the leader stands on that square, which is otherwise empty land). By default the base board is the
standard board with its ten starting temples and treasures, so that the end check of section 12
does not end a game set up for a test; `temples=False` starts from bare terrain.
"""

from __future__ import annotations

import json
from typing import Any

from game.rules import IllegalAction, apply, load_scenario, view_for
from game.rules.boards import ADVANCED, STANDARD
from game.rules.state import State

# Leader letters: seat 0 uses the colour's initial, seat 1 the leader's name (priest, farmer,
# trader, sovereign), seat 2 and 3 are given per test through `legend`.
LEGEND: dict[str, tuple[int, str]] = {
    "R": (0, "red"), "B": (0, "blue"), "G": (0, "green"), "K": (0, "black"),
    "P": (1, "red"), "F": (1, "blue"), "T": (1, "green"), "S": (1, "black"),
}


# Three temples with treasures in far corners, for `temples=False` scenarios that must not end at
# the end check of section 12 (2 or fewer treasures left).
SPARE = (("r", (0, 0)), ("r", (9, 0)), ("r", (10, 15)))
SPARE_TREASURES = [[0, 0], [9, 0], [10, 15]]


def base_rows(board: str = "standard", temples: bool = True) -> list[list[str]]:
    """Return the rows of a board as scenario characters, with or without its starting temples."""
    rows = (ADVANCED if board == "advanced" else STANDARD).rows
    out = []
    for line in rows:
        out.append([("r" if temples else ".") if ch == "T" else ch for ch in line])
    return out


def scenario(
    *pieces: tuple[str, tuple[int, int]],
    legend: dict[str, tuple[int, str]] | None = None,
    temples: bool = True,
    players: int = 2,
    **keys: Any,
) -> dict[str, Any]:
    """Return a scenario dict: each (sketch, top-left) piece laid on the board, and `keys` as given."""
    board_name = "advanced" if "advanced_board" in keys.get("variants", ()) else "standard"
    rows = base_rows(board_name, temples)
    names = dict(LEGEND, **(legend or {}))
    leaders = list(keys.pop("leaders", []))
    for sketch, (top, left) in pieces:
        lines = sketch.split("/")
        for dr, line in enumerate(lines):
            for dc, ch in enumerate(line):
                if ch == " ":
                    continue
                r, c = top + dr, left + dc
                assert 0 <= r < 11 and 0 <= c < 16, f"sketch runs off the board at {(r, c)}"
                leaders = [e for e in leaders if e["at"] != [r, c]]  # a later piece overrides
                if ch in names:
                    seat, color = names[ch]
                    leaders.append({"seat": seat, "color": color, "at": [r, c]})
                    ch = "."
                rows[r][c] = ch
    data: dict[str, Any] = {"players": players, "board": ["".join(r) for r in rows], "leaders": leaders}
    data.update(keys)
    return data


def load(*pieces: tuple[str, tuple[int, int]], **kw: Any) -> State:
    """Return the state of scenario(*pieces, **kw)."""
    return load_scenario(scenario(*pieces, **kw))


def play(state: State, *actions: dict[str, Any]) -> tuple[State, list[dict[str, Any]]]:
    """Apply the actions in turn, each by the seat to move; return the last state and all events."""
    events: list[dict[str, Any]] = []
    for action in actions:
        state, new = apply(state, action)
        events.extend(new)
    return state, events


def refused(state: State, action: Any, seat: int | None = None) -> str:
    """Assert that action is refused and leaves state unchanged; return the message."""
    before = snapshot(state)
    try:
        apply(state, action, seat=seat)
    except IllegalAction as exc:
        message = str(exc)
    else:
        raise AssertionError(f"accepted: {action!r}")
    assert message, "a refusal needs a message"
    assert snapshot(state) == before, "a refused action changed the state"
    return message


def snapshot(state: State) -> str:
    """Return a text that changes whenever anything in the state a player could see changes."""
    views = [view_for(state, seat) for seat in range(state.players)]
    raw = {
        "views": views, "steps": state.steps, "ctx": sorted(map(str, state.ctx.items())),
        "bag": list(state.bag), "bag_pos": state.bag_pos, "discarded": state.discarded,
    }
    return json.dumps(raw, sort_keys=True, default=str)



def of_kind(events: list[dict[str, Any]], kind: str) -> list[dict[str, Any]]:
    """Return the events of one kind, in order."""
    return [e for e in events if e["kind"] == kind]


def kinds(events: list[dict[str, Any]]) -> list[str]:
    """Return the kinds of the events, in order."""
    return [e["kind"] for e in events]


def points(events: list[dict[str, Any]]) -> list[tuple[int, str, int, str]]:
    """Return every point scored as (seat, colour, count, reason), in order."""
    return [(e["seat"], e["color"], e["count"], e["reason"]) for e in events if e["kind"] == "points"]


def scores(state: State, seat: int) -> dict[str, int]:
    """Return a seat's running totals by colour."""
    return dict(zip(("red", "blue", "green", "black"), state.scores[seat], strict=True))


def leader_at(state: State, seat: int, color: str) -> list[int] | None:
    """Return where a leader stands, or None when it is in its owner's supply."""
    for entry in view_for(state, None)["leaders"]:
        if entry["seat"] == seat and entry["color"] == color:
            return entry["at"]
    return None


def board(state: State) -> list[str]:
    """Return the board as scenario rows."""
    return view_for(state, None)["board"]


def cell(state: State, r: int, c: int) -> str:
    """Return the scenario character on square (r, c)."""
    return board(state)[r][c]


def decision(state: State) -> dict[str, Any] | None:
    """Return the public decision under way."""
    return view_for(state, None)["decision"]
