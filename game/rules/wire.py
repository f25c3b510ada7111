"""Reading the wire form of actions (DESIGN.md "Actions") into checked Python values.

Owns: the type checks of action fields and their player-facing messages.
"""

from __future__ import annotations

from typing import Any

from .boards import COLS, ROWS, index
from .state import COLOR_INDEX, IllegalAction

ACTION_KINDS = (
    "place_leader", "move_leader", "withdraw_leader", "place_tile", "catastrophe", "swap", "pass",
    "commit", "choose_war", "build_monument", "build_building", "build_ziggurat", "take_treasure",
    "decline",
)


# The fields each kind of action carries (DESIGN.md "Actions"); anything else is ignored.
FIELDS = {
    "place_leader": ("leader", "to"), "move_leader": ("leader", "to"), "withdraw_leader": ("leader",),
    "place_tile": ("color", "to"), "catastrophe": ("to",), "swap": ("tiles",), "pass": (),
    "commit": ("count", "color"), "choose_war": ("color",), "build_monument": ("at", "monument"),
    "build_building": ("color", "at"), "build_ziggurat": ("at",), "take_treasure": ("at",), "decline": (),
}


def canonical(action: Any) -> dict[str, Any]:
    """Return the action reduced to its own fields, lists for sequences, so it can be stored as JSON."""
    kind = kind_of(action)
    out: dict[str, Any] = {"kind": kind}
    for key in FIELDS[kind]:
        if key in action:
            value = action[key]
            out[key] = list(value) if isinstance(value, (list, tuple)) else value
    return out


def kind_of(action: Any) -> str:
    """Return the action's kind, refusing anything that is not an action."""
    if not isinstance(action, dict):
        raise IllegalAction("An action must be a dict with a 'kind'.", "rules.illegal.not_an_action")
    kind = action.get("kind")
    if not isinstance(kind, str) or kind not in ACTION_KINDS:
        raise IllegalAction(f"Unknown action kind {kind!r}.", "rules.illegal.unknown_kind", kind=repr(kind)[:40])
    return kind


def square_field(action: dict[str, Any], key: str) -> int:
    """Return the square in action[key], given as [row, col] on the board."""
    value = action.get(key)
    if (
        not isinstance(value, (list, tuple)) or len(value) != 2
        or not all(isinstance(v, int) and not isinstance(v, bool) for v in value)
    ):
        raise IllegalAction(f"'{key}' must be a square [row, col].", "rules.illegal.not_a_square", field=key)
    row, col = value
    if not (0 <= row < ROWS and 0 <= col < COLS):
        raise IllegalAction(f"Square [{row}, {col}] is off the board.", "rules.illegal.off_board", row=row, col=col)
    return index(row, col)


def color_field(action: dict[str, Any], key: str) -> int:
    """Return the colour index in action[key]."""
    value = action.get(key)
    if not isinstance(value, str) or value not in COLOR_INDEX:
        raise IllegalAction(f"'{key}' must be one of red, blue, green, black.", "rules.illegal.not_a_color",
                            field=key)
    return COLOR_INDEX[value]


def count_field(action: dict[str, Any], key: str) -> int:
    """Return the non-negative whole number in action[key]."""
    value = action.get(key)
    if not isinstance(value, int) or isinstance(value, bool) or value < 0:
        raise IllegalAction(f"'{key}' must be a whole number, 0 or more.", "rules.illegal.not_a_count", field=key)
    return value


def color_list_field(action: dict[str, Any], key: str) -> list[int]:
    """Return the colour indices listed in action[key]."""
    value = action.get(key)
    if not isinstance(value, (list, tuple)):
        raise IllegalAction(f"'{key}' must be a list of colours.", "rules.illegal.not_a_color_list", field=key)
    out = []
    for item in value:
        if not isinstance(item, str) or item not in COLOR_INDEX:
            raise IllegalAction(f"'{key}' must list only red, blue, green or black.",
                                "rules.illegal.not_only_colors", field=key)
        out.append(COLOR_INDEX[item])
    return out
