"""The catalogue's English words for the rules' refusals (IllegalAction keys),
scenario and saved-game errors, and how a game ended.

Owns those messages only; game/i18n/catalogue.py merges them with the rest. Keys are dotted
("rules.illegal.*", "lan.*"); parameters in braces. Standard library only.
"""

from __future__ import annotations

MESSAGES: dict[str, str | dict[str, str]] = {
    "rules.illegal.other": "{text}",  # a refusal raised without a key: its English message
}
