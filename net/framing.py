"""Message framing for the LAN: each message is one msgpack map behind a 4-byte big-endian length.

This module owns the bytes of the wire and nothing else: turning a message dict into a frame, and a
stream of bytes (split anywhere, several frames per read) back into message dicts, with limits on size
and nesting so that a hostile peer cannot make the host allocate or recurse without bound. It is
sans-I/O: no sockets, no clocks, no threads; the host and the client wrap it around their sockets.

Imports the standard library and msgpack only. Never pygame, never `game`.
"""

from __future__ import annotations

import struct
from typing import Any

import msgpack

MAX_FRAME = 256 * 1024
"""Largest body a frame may declare, in bytes (a full view is a few KiB; this leaves ample room)."""

MAX_DEPTH = 32
"""Deepest nesting of maps and lists in one message; the top-level map is depth 1."""

HEADER = struct.Struct(">I")
_LARGEST_DECLARABLE = 2**32 - 1

# The plain data a message may carry. Ext types (including msgpack timestamps) are refused: nothing in
# the protocol needs them, and they would not survive a round trip as plain Python data.
_SCALARS = (str, bytes, int, float, bool, type(None))


class FrameError(ValueError):
    """A frame that breaks the wire format; the connection that sent it cannot be trusted any more."""


def _check_max_frame(max_frame: int) -> int:
    if isinstance(max_frame, bool) or not isinstance(max_frame, int):
        raise TypeError(f"max_frame must be an int, not {type(max_frame).__name__}")
    if not 1 <= max_frame <= _LARGEST_DECLARABLE:
        raise ValueError(f"max_frame must be between 1 and {_LARGEST_DECLARABLE}, not {max_frame}")
    return max_frame


def check_plain_data(value: Any, max_depth: int = MAX_DEPTH, *, what: str = "message") -> None:
    """Raise FrameError unless value is maps, lists and scalars nested at most max_depth deep."""
    # Iterative on purpose: a recursive walk is exactly what a deeply nested message would attack.
    stack: list[tuple[Any, int]] = [(value, 1)]
    while stack:
        item, depth = stack.pop()
        if isinstance(item, msgpack.ExtType):
            # Checked first: an ExtType is a namedtuple, so it would pass for a list below.
            raise FrameError(f"{what} holds an ExtType, which the wire does not carry")
        if isinstance(item, _SCALARS):
            continue
        if not isinstance(item, dict | list | tuple):
            raise FrameError(f"{what} holds a {type(item).__name__}, which the wire does not carry")
        if depth > max_depth:
            raise FrameError(f"{what} is nested more than {max_depth} levels deep")
        if isinstance(item, dict):
            for key, child in item.items():
                if not isinstance(key, _SCALARS):
                    raise FrameError(f"{what} has a map key of type {type(key).__name__}")
                stack.append((child, depth + 1))
        else:
            stack.extend((child, depth + 1) for child in item)


def encode_frame(message: dict[Any, Any], max_frame: int = MAX_FRAME) -> bytes:
    """Return message as one frame: a 4-byte big-endian length, then the msgpack map."""
    _check_max_frame(max_frame)
    if not isinstance(message, dict):
        raise FrameError(f"a frame carries a map (dict), not a {type(message).__name__}")
    # The same rules the decoder applies, so that we never send what a peer must refuse.
    check_plain_data(message)
    try:
        body = msgpack.packb(message, use_bin_type=True)
    except (TypeError, ValueError, OverflowError) as exc:
        raise FrameError(f"message cannot be packed: {exc}") from exc
    if len(body) > max_frame:
        raise FrameError(f"message is {len(body)} bytes, over the limit of {max_frame}")
    return HEADER.pack(len(body)) + body


def _unpack_body(body: bytes, max_frame: int) -> Any:
    """Unpack the body of one frame, turning every msgpack complaint into a FrameError."""
    try:
        return msgpack.unpackb(
            body,
            raw=False,
            use_list=True,
            strict_map_key=False,
            # Explicit caps, so no declared string or container length can exceed a frame's worth.
            max_str_len=max_frame,
            max_bin_len=max_frame,
            max_array_len=max_frame,
            max_map_len=max_frame,
            max_ext_len=max_frame,
        )
    except msgpack.ExtraData as exc:
        raise FrameError("frame holds trailing bytes after its message") from exc
    except msgpack.StackError as exc:
        raise FrameError("frame is nested too deeply for msgpack to unpack") from exc
    except msgpack.FormatError as exc:
        raise FrameError("frame is not valid msgpack") from exc
    except UnicodeDecodeError as exc:
        raise FrameError("frame holds a string that is not valid UTF-8") from exc
    except TypeError as exc:
        # A list (or map) used as a map key: valid msgpack, but no Python dict can hold it.
        raise FrameError(f"frame holds a map key that cannot be used: {exc}") from exc
    except ValueError as exc:
        # msgpack says "incomplete input" when the value runs past the declared length.
        raise FrameError(f"frame is not valid msgpack ({exc})") from exc
    except Exception as exc:  # noqa: BLE001 - a peer's bytes must never crash us with anything else
        raise FrameError(f"frame could not be unpacked: {type(exc).__name__}: {exc}") from exc


def decode_body(body: bytes, max_frame: int = MAX_FRAME) -> dict[Any, Any]:
    """Return the message in one frame body (the bytes after the length), or raise FrameError."""
    message = _unpack_body(body, max_frame)
    if not isinstance(message, dict):
        raise FrameError(f"frame holds a {type(message).__name__}, not a map")
    check_plain_data(message)
    return message


class FrameDecoder:
    """Turn a byte stream into messages; feed it whatever each read returns."""

    def __init__(self, max_frame: int = MAX_FRAME) -> None:
        self.max_frame = _check_max_frame(max_frame)
        self._buffer = bytearray()
        self._error: FrameError | None = None

    @property
    def broken(self) -> bool:
        """True once a bad frame was seen; the stream is out of step and cannot be resumed."""
        return self._error is not None

    @property
    def pending_bytes(self) -> int:
        """Bytes received that do not yet make a whole frame (non-zero for long: a stalled peer)."""
        return len(self._buffer)

    def feed(self, data: bytes | bytearray | memoryview) -> list[dict[Any, Any]]:
        """Take the next bytes of the stream; return the messages they complete, oldest first.

        On a bad frame this raises FrameError and the decoder stays broken; messages completed
        earlier in the same call are dropped with it, since the connection is dropped anyway.
        """
        if self._error is not None:
            raise FrameError(f"decoder is broken by an earlier error: {self._error}")
        self._buffer += data
        try:
            return self._drain()
        except FrameError as exc:
            self._error = exc
            self._buffer = bytearray()  # free what the bad peer sent; it will never be read
            raise

    def _drain(self) -> list[dict[Any, Any]]:
        messages: list[dict[Any, Any]] = []
        view = memoryview(self._buffer)
        offset = 0
        try:
            while len(view) - offset >= HEADER.size:
                (length,) = HEADER.unpack_from(view, offset)
                # Judge the length as soon as it arrives, before waiting for (and storing) the body.
                self._check_length(length)
                end = offset + HEADER.size + length
                if end > len(view):
                    break
                messages.append(decode_body(bytes(view[offset + HEADER.size : end]), self.max_frame))
                offset = end
        finally:
            view.release()  # a bytearray cannot be resized while a view of it is alive
        del self._buffer[:offset]
        return messages

    def _check_length(self, length: int) -> None:
        if length == 0:
            raise FrameError("frame declares a length of zero; every message is a non-empty map")
        if length > self.max_frame:
            raise FrameError(f"frame declares {length} bytes, over the limit of {self.max_frame}")
