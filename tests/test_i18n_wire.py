"""LAN words as keys and parameters: one message, shown by each client in its own language."""

from __future__ import annotations

from collections.abc import Iterator

import pytest

from game import i18n
from game.i18n.wire import english, message, shown


@pytest.fixture(autouse=True)
def english_after() -> Iterator[None]:
    yield
    i18n.set_language("en")


def test_one_message_reads_in_each_clients_language() -> None:
    sent = message("lan.host.seat.lan", name="Ann", dynasty="lion")
    assert sent == {"key": "lan.host.seat.lan", "params": {"name": "Ann", "dynasty": "lion"}}
    assert english(sent) == "Ann · Lion"
    i18n.set_language("zh-TW")
    assert shown(sent) == "Ann · 獅子"
    i18n.set_language("en")
    assert shown(sent) == "Ann · Lion"


def test_the_host_cannot_send_what_the_catalogue_lacks_or_what_is_not_plain_data() -> None:
    with pytest.raises(ValueError, match="no message"):
        message("lan.no_such_thing")
    with pytest.raises(ValueError, match="plain values"):
        message("lan.seat.sit", n=[1, 2])


@pytest.mark.parametrize("payload", [
    None, "text", 3, [], {"key": 5}, {"key": "lan.unknown"}, {"key": "lan.seat.sit", "params": [1]},
    {"key": "lan.seat.sit", "params": {"n": {"deep": 1}}}, {"key": "lan.seat.sit", "params": {1: 2}},
    {"key": "lan.seat.sit", "params": {f"p{i}": i for i in range(20)}},
])
def test_anything_malformed_or_unknown_shows_the_english_sent_beside_it(payload: object) -> None:
    i18n.set_language("zh-TW")
    assert shown(payload, "The host said so.") == "The host said so."


def test_a_missing_parameter_or_a_long_text_never_breaks_the_line() -> None:
    i18n.set_language("zh-TW")
    assert shown({"key": "lan.seat.sit", "params": {}}) == "坐到座位 {n}"
    long = shown({"key": "lan.table.waiting_for", "params": {"name": "x" * 5000}})
    assert long.startswith("等待\u2009x") and len(long) < 300
