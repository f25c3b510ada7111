"""Tests of the LAN's sans-I/O layer: framing, protocol validation, the rate limiter. No sockets."""

from __future__ import annotations

import struct
from typing import Any

import msgpack
import pytest
from hypothesis import given, settings
from hypothesis import strategies as st

from net import protocol
from net.framing import MAX_DEPTH, MAX_FRAME, FrameDecoder, FrameError, decode_body, encode_frame
from net.protocol import ProtocolError, RateLimiter, VersionMismatch, check_client_message, check_host_message

# ---------------------------------------------------------------------------------------------------
# Helpers


def frame_of(body: bytes) -> bytes:
    """Return body behind a length header, whatever body holds (for hand-made bad frames)."""
    return struct.pack(">I", len(body)) + body


def feed_in_chunks(decoder: FrameDecoder, data: bytes, cuts: list[int]) -> list[dict[Any, Any]]:
    """Feed data split at the given offsets and return every message decoded."""
    messages: list[dict[Any, Any]] = []
    start = 0
    for cut in sorted(set(cuts)) + [len(data)]:
        messages += decoder.feed(data[start:cut])
        start = cut
    return messages


SAMPLES: list[dict[Any, Any]] = [
    {"type": "ping"},
    {"type": "action", "view_id": 7, "action": {"kind": "place_tile", "color": "blue", "to": [3, 4]}},
    {"type": "update", "view": {"board": ["." * 16] * 11, "scores": [1.5, None, True]}, "events": []},
    {"bytes": b"\x00\xff", 5: -(2**63), "big": 2**64 - 1, "nested": {"a": [[], {}]}},
]


# ---------------------------------------------------------------------------------------------------
# Framing: good streams


def test_frame_is_a_big_endian_length_then_a_msgpack_map() -> None:
    data = encode_frame({"type": "ping"})
    body = msgpack.packb({"type": "ping"}, use_bin_type=True)
    assert data == len(body).to_bytes(4, "big") + body


def test_one_byte_at_a_time() -> None:
    frames = [encode_frame(m) for m in SAMPLES]
    ends = [sum(map(len, frames[: i + 1])) for i in range(len(frames))]
    data = b"".join(frames)
    decoder = FrameDecoder()
    messages: list[dict[Any, Any]] = []
    for i in range(len(data)):
        messages += decoder.feed(data[i : i + 1])
        # A message appears exactly when the last byte of its frame arrives, and no sooner.
        done = [end for end in ends if end <= i + 1]
        assert len(messages) == len(done)
        assert decoder.pending_bytes == i + 1 - (done[-1] if done else 0)
    assert messages == SAMPLES
    assert decoder.pending_bytes == 0


def test_several_frames_in_one_read() -> None:
    decoder = FrameDecoder()
    assert decoder.feed(b"".join(encode_frame(m) for m in SAMPLES)) == SAMPLES
    assert decoder.pending_bytes == 0


def test_every_split_point_of_a_few_frames() -> None:
    data = b"".join(encode_frame(m) for m in SAMPLES[:3])
    for cut in range(len(data) + 1):
        decoder = FrameDecoder()
        assert decoder.feed(data[:cut]) + decoder.feed(data[cut:]) == SAMPLES[:3]
    # And every pair of split points of the first two frames.
    data = b"".join(encode_frame(m) for m in SAMPLES[:2])
    for first in range(len(data) + 1):
        for second in range(first, len(data) + 1):
            assert feed_in_chunks(FrameDecoder(), data, [first, second]) == SAMPLES[:2]


def test_pending_bytes_show_a_stall_mid_frame() -> None:
    decoder = FrameDecoder()
    data = encode_frame({"type": "ping"})
    assert decoder.feed(data[:-1]) == []
    assert decoder.pending_bytes == len(data) - 1
    assert decoder.feed(data[-1:]) == [{"type": "ping"}]
    assert decoder.pending_bytes == 0


def test_empty_feed_is_harmless() -> None:
    decoder = FrameDecoder()
    assert decoder.feed(b"") == []
    assert not decoder.broken


def test_lists_stay_lists_and_types_survive() -> None:
    message = {"a": [1, [2, 3]], "f": 0.25, "t": True, "n": None, "s": "Ur", "b": b"x"}
    (decoded,) = FrameDecoder().feed(encode_frame(message))
    assert decoded == message
    assert type(decoded["a"]) is list and type(decoded["t"]) is bool and type(decoded["b"]) is bytes


def test_frame_of_exactly_the_limit_is_accepted() -> None:
    message = {"s": ""}
    overhead = len(msgpack.packb(message, use_bin_type=True))
    message = {"s": "x" * (200 - overhead - 1)}  # str8 header is one byte longer than fixstr
    size = len(msgpack.packb(message, use_bin_type=True))
    assert FrameDecoder(max_frame=size).feed(encode_frame(message, max_frame=size)) == [message]


# ---------------------------------------------------------------------------------------------------
# Framing: bad streams


@pytest.mark.parametrize(
    ("data", "words"),
    [
        (b"\x00\x00\x00\x00", "zero"),
        (b"\xff\xff\xff\xff", "over the limit"),
        ((MAX_FRAME + 1).to_bytes(4, "big"), "over the limit"),
        (frame_of(b"\xc1"), "not valid msgpack"),
        (frame_of(b"\x91"), "not valid msgpack"),  # an array that promises more than the frame holds
        (frame_of(b"\x92\x01\x02"), "not a map"),
        (frame_of(b"\xa3abc"), "not a map"),
        (frame_of(b"\x80\x80"), "trailing"),
        (frame_of(b"\x81\xa1a\x01junk"), "trailing"),
        (frame_of(b"\x81\xa2\xff\xfe\x01"), "UTF-8"),
        (frame_of(b"\x81\x91\x01\x02"), "map key"),  # a list as a map key
        (frame_of(b"\x81\xa1t\xd6\xff\x00\x00\x00\x00"), "Timestamp"),  # ext types are not plain data
        (frame_of(b"\x81\xa1e\xd4\x05\x00"), "ExtType"),
        (frame_of(b"\x81\xa1d" + b"\x91" * 100 + b"\xc0"), "nested more than"),
        (frame_of(b"\x81\xa1d" + b"\x91" * 100_000 + b"\xc0"), "nested too deeply"),
        (frame_of(b"\x81\xa1s\xdb\x7f\xff\xff\xff"), "msgpack"),  # a 2 GiB string in a 10-byte frame
        (frame_of(b"\x81\xa1l\xdd\x7f\xff\xff\xff"), "msgpack"),  # a 2-billion-item list, likewise
    ],
)
def test_bad_frames_raise_frame_error_with_a_reason(data: bytes, words: str) -> None:
    decoder = FrameDecoder()
    with pytest.raises(FrameError, match=words):
        decoder.feed(data)
    assert decoder.broken
    assert decoder.pending_bytes == 0


def test_oversize_length_is_refused_from_the_header_alone() -> None:
    decoder = FrameDecoder(max_frame=1000)
    # Only the header has arrived: the decoder does not wait for (and buffer) a megabyte first.
    with pytest.raises(FrameError, match="1000000 bytes, over the limit of 1000"):
        decoder.feed((1_000_000).to_bytes(4, "big"))


def test_decoder_stays_broken_after_an_error() -> None:
    decoder = FrameDecoder()
    with pytest.raises(FrameError):
        decoder.feed(b"\x00\x00\x00\x00")
    with pytest.raises(FrameError, match="broken"):
        decoder.feed(encode_frame({"type": "ping"}))
    assert decoder.broken


def test_frame_error_is_a_value_error() -> None:
    assert issubclass(FrameError, ValueError)


@pytest.mark.parametrize(
    ("message", "words"),
    [
        ([1, 2], "not a list"),
        ("ping", "not a str"),
        ({"x": {1, 2}}, "set"),
        ({"x": object()}, "object"),
        ({"x": 2**64}, "cannot be packed"),
        ({"x": "y" * MAX_FRAME}, "over the limit"),
    ],
)
def test_encode_refuses_what_cannot_be_a_frame(message: Any, words: str) -> None:
    with pytest.raises(FrameError, match=words):
        encode_frame(message)


def test_encode_refuses_nesting_the_decoder_would_refuse() -> None:
    message: dict[str, Any] = {"leaf": None}
    for _ in range(MAX_DEPTH):
        message = {"next": message}
    with pytest.raises(FrameError, match="nested"):
        encode_frame(message)


def test_decode_body_refuses_a_list() -> None:
    with pytest.raises(FrameError, match="not a map"):
        decode_body(msgpack.packb([1]))


def test_bad_max_frame_is_refused() -> None:
    with pytest.raises(ValueError):
        FrameDecoder(max_frame=0)
    with pytest.raises(ValueError):
        FrameDecoder(max_frame=2**32)


# ---------------------------------------------------------------------------------------------------
# Framing: properties

scalars = (
    st.none()
    | st.booleans()
    | st.integers(min_value=-(2**63), max_value=2**64 - 1)
    | st.floats(allow_nan=False)
    | st.text(max_size=20)
    | st.binary(max_size=20)
)
keys = st.text(max_size=10) | st.integers(min_value=-1000, max_value=1000)
plain = st.recursive(
    scalars,
    lambda children: st.lists(children, max_size=5) | st.dictionaries(keys, children, max_size=5),
    max_leaves=20,
)
messages = st.dictionaries(keys, plain, max_size=6)


@settings(max_examples=200, deadline=None)
@given(st.lists(messages, max_size=6), st.data())
def test_random_messages_round_trip_through_any_chunking(
    batch: list[dict[Any, Any]], data: st.DataObject
) -> None:
    stream = b"".join(encode_frame(m) for m in batch)
    cuts = data.draw(st.lists(st.integers(min_value=0, max_value=len(stream)), max_size=10))
    decoder = FrameDecoder()
    assert feed_in_chunks(decoder, stream, cuts) == batch
    assert decoder.pending_bytes == 0


@settings(max_examples=300, deadline=None)
@given(st.binary(max_size=300), st.data())
def test_random_bytes_raise_nothing_but_frame_error(noise: bytes, data: st.DataObject) -> None:
    cuts = data.draw(st.lists(st.integers(min_value=0, max_value=len(noise)), max_size=5))
    try:
        messages = feed_in_chunks(FrameDecoder(max_frame=1024), noise, cuts)
    except FrameError as exc:
        assert str(exc)  # a reason a person can read
        return
    assert all(isinstance(m, dict) for m in messages)


@settings(max_examples=300, deadline=None)
@given(st.binary(min_size=1, max_size=200))
def test_random_bodies_in_well_formed_frames_raise_nothing_but_frame_error(body: bytes) -> None:
    # Random bytes behind a correct length reach the msgpack layer far more often than pure noise does.
    try:
        messages = FrameDecoder().feed(frame_of(body))
    except FrameError:
        return
    assert len(messages) == 1 and isinstance(messages[0], dict)


# ---------------------------------------------------------------------------------------------------
# Protocol: what a client may send

GOOD_CLIENT_MESSAGES = [
    protocol.hello("Ann"),
    protocol.hello("Bob the Builder of Ur", seat=3, token="a" * 64, dynasty="lion"),
    protocol.hello("Tv", role="spectator"),
    protocol.hello("Cy", seat=0, token=protocol.new_token()),
    protocol.action(0, {"kind": "pass"}),
    protocol.action(12, {"kind": "swap", "tiles": ["red", "blue", "blue"]}),
    protocol.action(12, {"kind": "build_monument", "at": [3, 4], "monument": ["red", "blue"]}),
    protocol.undo(5),
    protocol.ping(),
    protocol.ping(17),
    {"type": "ping"},
    protocol.bye(),
]


@pytest.mark.parametrize("message", GOOD_CLIENT_MESSAGES, ids=lambda m: m["type"])
def test_good_client_messages_pass(message: dict[str, Any]) -> None:
    assert check_client_message(message) is message
    # And they survive the wire.
    assert check_client_message(FrameDecoder().feed(encode_frame(message))[0]) == message


def _with(base: dict[str, Any], **changes: Any) -> dict[str, Any]:
    return {**base, **changes}


def _without(base: dict[str, Any], key: str) -> dict[str, Any]:
    return {k: v for k, v in base.items() if k != key}


HELLO = protocol.hello("Ann")
ACTION = protocol.action(3, {"kind": "pass"})

BAD_CLIENT_MESSAGES = [
    ([1, 2], "must be a map"),
    ({}, "string 'type'"),
    ({"type": 7}, "string 'type'"),
    ({"type": "welcome"}, "unknown message type 'welcome'"),
    ({"type": "x" * 10_000}, r"unknown message type 'x+\.\.\.$"),  # not echoed in full
    (_without(HELLO, "name"), "missing field 'name'"),
    (_without(HELLO, "game"), "'game' must be a string"),
    (_with(HELLO, protocol="1"), "'protocol' must be an integer"),
    (_with(HELLO, extra=1), "unexpected field 'extra'"),
    (_with(HELLO, name=""), "1 to 24 characters"),
    (_with(HELLO, name="   "), "blank"),
    (_with(HELLO, name="x" * 25), "1 to 24 characters, not 25"),
    (_with(HELLO, name="x" * 1_000_000), "1 to 24 characters"),
    (_with(HELLO, name=["Ann"]), "'name' must be a string"),
    (_with(HELLO, name="Ann\x1b[2J"), "cannot be shown"),
    (_with(HELLO, role="admin"), "'role' must be 'player' or 'spectator'"),
    (_with(HELLO, seat="0"), "'seat' must be an integer"),
    (_with(HELLO, seat=True), "'seat' must be an integer, not bool"),
    (_with(HELLO, seat=4), "'seat' must be between 0 and 3"),
    (_with(HELLO, seat=-1), "'seat' must be between 0 and 3"),
    (_with(HELLO, role="spectator", seat=1), "spectator takes no seat"),
    (_with(HELLO, token="t" * 65), "'token' must be 1 to 64 characters"),
    (_with(HELLO, token=""), "'token' must be 1 to 64 characters"),
    (_with(HELLO, token=b"secret"), "'token' must be a string"),
    (_with(HELLO, token="sécret"), "ASCII"),
    (_with(HELLO, dynasty=3), "'dynasty' must be a string"),
    (_without(ACTION, "action"), "missing field 'action'"),
    (_without(ACTION, "view_id"), "missing field 'view_id'"),
    (_with(ACTION, view_id=-1), "'view_id' must be between"),
    (_with(ACTION, view_id=1.0), "'view_id' must be an integer"),
    (_with(ACTION, action=["pass"]), "'action' must be a map"),
    (_with(ACTION, action={}), "string 'kind'"),
    (_with(ACTION, action={"kind": 1}), "string 'kind'"),
    (_with(ACTION, action={"kind": "k" * 33}), "string 'kind'"),
    (_with(ACTION, action={"kind": "swap", "tiles": ["red"] * 2000}), "over the limit of 1024"),
    (_with(ACTION, action={"kind": "pass", "x": [[[[1]]]]}), "nested more than"),
    (_with(ACTION, action={"kind": "pass", "x": {1, 2}}), "set"),
    (_with(ACTION, cheat=True), "unexpected field 'cheat'"),
    ({"type": "undo"}, "missing field 'view_id'"),
    ({"type": "undo", "view_id": None}, "'view_id' must be an integer"),
    ({"type": "ping", "nonce": "x"}, "'nonce' must be an integer"),
    ({"type": "bye", "why": "tired"}, "unexpected field 'why'"),
]


@pytest.mark.parametrize(("message", "words"), BAD_CLIENT_MESSAGES)
def test_bad_client_messages_are_refused_with_a_reason(message: Any, words: str) -> None:
    with pytest.raises(ProtocolError, match=words):
        check_client_message(message)


def test_another_game_version_gets_a_readable_refusal() -> None:
    with pytest.raises(VersionMismatch) as caught:
        check_client_message(_with(HELLO, game="0.2"))
    assert str(caught.value) == f"This host runs Two Rivers {protocol.GAME_VERSION}; you have 0.2."
    assert protocol.refused(str(caught.value)) == {"type": "refused", "reason": str(caught.value)}


def test_version_is_judged_before_unknown_fields() -> None:
    # A newer client may send fields this host does not know; it still deserves the version refusal.
    with pytest.raises(VersionMismatch, match="you have 9.9"):
        check_client_message(_with(HELLO, game="9.9", protocol=7, avatar="lion.png"))


def test_another_protocol_version_is_refused() -> None:
    with pytest.raises(VersionMismatch, match="LAN protocol 1; your game speaks 2"):
        check_client_message(_with(HELLO, protocol=2))


def test_errors_are_value_errors() -> None:
    assert issubclass(ProtocolError, ValueError) and issubclass(VersionMismatch, ProtocolError)


# ---------------------------------------------------------------------------------------------------
# Protocol: what the host sends

GOOD_HOST_MESSAGES = [
    protocol.welcome(1, "tok", "player", protocol.lobby([{"seat": 0, "kind": "human"}], {"players": 3})),
    protocol.welcome(None, None, "spectator", protocol.lobby([])),
    protocol.refused("This host runs Two Rivers 0.2; you have 0.1."),
    protocol.lobby([{"seat": 0}, {"seat": 1}], {"variants": ["buildings"]}),
    protocol.update(4, {"board": []}, [{"kind": "tile_placed"}]),
    protocol.error("It is not your turn.", 4),
    protocol.error("Nothing to undo."),
    protocol.host_closing(),
    protocol.pong(3),
    protocol.seat_status([2, 0]),
]


@pytest.mark.parametrize("message", GOOD_HOST_MESSAGES, ids=lambda m: m["type"])
def test_host_messages_are_well_formed(message: dict[str, Any]) -> None:
    assert check_host_message(FrameDecoder().feed(encode_frame(message))[0]) == message


def test_seat_status_lists_missing_seats_in_order() -> None:
    assert protocol.seat_status([2, 0])["missing"] == [0, 2]


@pytest.mark.parametrize(
    ("message", "words"),
    [
        ("hi", "must be a map"),
        ({"type": "hello"}, "unknown message type"),
        ({"type": "update", "view_id": 1, "view": {}}, "missing field 'events'"),
        ({"type": "update", "view_id": True, "view": {}, "events": []}, "'view_id' has the wrong type"),
        ({"type": "refused", "reason": None}, "'reason' has the wrong type"),
    ],
)
def test_bad_host_messages_are_refused(message: Any, words: str) -> None:
    with pytest.raises(ProtocolError, match=words):
        check_host_message(message)


# ---------------------------------------------------------------------------------------------------
# Rate limiter


def test_rate_limiter_allows_a_burst_then_refuses() -> None:
    limiter = RateLimiter(rate=20, burst=40)
    assert all(limiter.allow(0.0) for _ in range(40))
    assert not limiter.allow(0.0)


def test_rate_limiter_refills_at_the_sustained_rate() -> None:
    limiter = RateLimiter(rate=20, burst=40)
    for _ in range(40):
        limiter.allow(0.0)
    assert not limiter.allow(0.04)  # 0.8 of a message earned
    assert limiter.allow(0.05)
    assert not limiter.allow(0.05)
    # Over ten seconds of steady flooding, about rate * 10 messages get through.
    allowed = sum(limiter.allow(0.05 + i / 1000) for i in range(10_000))
    assert 195 <= allowed <= 201


def test_rate_limiter_never_holds_more_than_the_burst() -> None:
    limiter = RateLimiter(rate=20, burst=40)
    limiter.allow(0.0)
    assert limiter.tokens(1_000_000.0) == 40


def test_rate_limiter_survives_a_clock_stepping_back() -> None:
    limiter = RateLimiter(rate=20, burst=40)
    for _ in range(40):
        limiter.allow(100.0)
    assert not limiter.allow(50.0)  # no refill from going back in time
    assert not limiter.allow(100.04)
    assert limiter.allow(100.05)


def test_rate_limiter_refuses_nonsense_settings() -> None:
    with pytest.raises(ValueError):
        RateLimiter(rate=0)
    with pytest.raises(ValueError):
        RateLimiter(burst=0)
