"""The catalogue's English words for the LAN host's refusals, errors, notices, closing reasons and console lines.

Owns those messages only; game/i18n/catalogue.py merges them with the rest. Keys are dotted
("rules.illegal.*", "lan.*"); parameters in braces. Standard library only.
"""

from __future__ import annotations

MESSAGES: dict[str, str | dict[str, str]] = {
}
