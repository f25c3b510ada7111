"""Legal actions on the wire, packed: the list the seat to move is sent with its view, made small.

Owns: `pack_legal` and `unpack_legal`. A turn often has hundreds of legal actions that differ only in
their square ("place a red tile at ..."), so actions are grouped by everything but their one square key,
and each group carries its squares. Unpacking gives back every action exactly (group by group, in the
order each group first appeared).

Imports the standard library only. Never pygame.
"""

from __future__ import annotations

from typing import Any

SQUARE_KEYS = ("to", "at")


def pack_legal(actions: list[dict[str, Any]]) -> list[dict[str, Any]]:
    """Return actions as groups: {"each": action without its square, "key": "to", "squares": [...]}."""
    groups: dict[Any, dict[str, Any]] = {}
    for action in actions:
        key = "to" if "to" in action else "at" if "at" in action else None
        if key is None or ("to" in action and "at" in action):
            groups[len(groups)] = {"each": action}  # an int key: never equal to a group's tuple
            continue
        rest = action.copy()
        square = rest.pop(key)
        ident: Any = (key, *rest.items())
        try:
            group = groups.get(ident)
        except TypeError:  # a list in the action (a monument's colours) cannot be hashed; its text can
            ident = (key, repr(rest))
            group = groups.get(ident)
        if group is None:
            group = groups[ident] = {"each": rest, "key": key, "squares": []}
        group["squares"].append(square)
    return list(groups.values())


def unpack_legal(packed: Any) -> list[dict[str, Any]]:
    """Return the actions in packed groups; anything malformed is skipped (a screen must not crash)."""
    actions: list[dict[str, Any]] = []
    if not isinstance(packed, list):
        return actions
    for group in packed:
        if not isinstance(group, dict) or not isinstance(group.get("each"), dict):
            continue
        key, squares = group.get("key"), group.get("squares")
        if key is None:
            actions.append(dict(group["each"]))
        elif isinstance(key, str) and isinstance(squares, list):
            actions.extend({**group["each"], key: square} for square in squares)
    return actions
