"""The LAN wire protocol: message constructors, validators and a rate limiter, as pure functions.

This module owns what the messages between a client and the host look like: their types, their fields,
the version handshake and the limits on what a client may send. It does not own game rules: an action is
checked here only for shape (a map with a string "kind", of bounded size); the engine judges it later.
Sans-I/O: no sockets, no clocks (the rate limiter is told the time).

Client to host: hello, action, undo, prefs, ping, bye.
Host to client: welcome, refused, lobby, history, update, error, host_closing, pong, seat_status, notice.
A refusal, an error, a closing reason and a notice carry their words twice: English text (`reason`/`text`,
what older clients read) and `message`, a catalogue key with parameters (game.i18n.wire) that each client
shows in its own language; a client drops a malformed `message` and shows the English.

A connection that arrives at a game under way (a join, a reconnect, an app restarted with its token) is sent
the game so far before its first view: `history` messages, each one part of the seat's events grouped by
action (what that seat saw, undone actions removed), cut so that no frame nears the frame limit.

Over 400 lines (about 500): each message's constructor and its validator stay in one module, side by side,
so that what is sent and what is accepted cannot drift apart.

Imports the standard library, msgpack and `net.framing` only. Never pygame.
"""

from __future__ import annotations

import secrets
from collections.abc import Mapping, Sequence
from typing import Any

import msgpack

from net.framing import FrameError, check_plain_data

PROTOCOL_VERSION = 1
GAME_VERSION = "0.1"

MAX_SEATS = 4  # Tigris & Euphrates is for two to four players
MAX_NAME = 24
MAX_TOKEN = 64
MAX_DYNASTY = 24
MAX_KIND = 32
MAX_REASON = 200
MAX_MESSAGE_PARAMS = 12  # a reason's words: a key and at most this many parameters
MAX_ACTION_BYTES = 1024  # the largest real action (a swap of six tiles) packs to well under 100 bytes
MAX_ACTION_DEPTH = 4  # message > action > list > square is as deep as an action gets
MAX_VIEW_ID = 2**53 - 1  # stays exact if a view id ever passes through a JSON number
ROLES = ("player", "spectator")

CLIENT_TYPES = ("hello", "action", "undo", "prefs", "ping", "bye")
HOST_TYPES = ("welcome", "refused", "lobby", "history", "update", "error", "host_closing", "pong", "seat_status",
              "notice")
HISTORY_PART_BYTES = 64 * 1024  # a long four-player game's whole history packs to about 30 KiB: one part
MAX_HISTORY_PARTS = 4096


class ProtocolError(ValueError):
    """A message that breaks the protocol; the message says what is wrong with it (in English).

    `key` and `params` are the refusal the host sends for it, as a catalogue key (game.i18n): always one
    the host chose, the client's words only ever a parameter.
    """

    key = "lan.refused.bad_message"

    @property
    def params(self) -> dict[str, Any]:
        """Return the refusal's parameters: the English reason."""
        return {"text": str(self)}


class VersionMismatch(ProtocolError):
    """A hello from a different version of the game; the message is a refusal a player can read."""

    def __init__(self, text: str, key: str, **params: Any) -> None:
        super().__init__(text)
        self.key = key
        self._params = params

    @property
    def params(self) -> dict[str, Any]:
        """Return the refusal's parameters: both versions."""
        return dict(self._params)


# ---------------------------------------------------------------------------------------------------
# Client to host


def hello(
    name: str,
    role: str = "player",
    seat: int | None = None,
    token: str | None = None,
    dynasty: str | None = None,
    confirm_turn: bool = False,
) -> dict[str, Any]:
    """Return the first message a client sends: who it is and which seat it wants.

    confirm_turn: the player wants each of their turns held after its last action until they end it (or
    undo), as in hot-seat; sent only when on, so that the hello stays as it was for everyone else.
    """
    message: dict[str, Any] = {
        "type": "hello",
        "protocol": PROTOCOL_VERSION,
        "game": GAME_VERSION,
        "name": name,
        "role": role,
        "seat": seat,
        "token": token,
        "dynasty": dynasty,
    }
    if confirm_turn:
        message["confirm_turn"] = True
    return message


def action(view_id: int, payload: Mapping[str, Any]) -> dict[str, Any]:
    """Return a request to play payload, decided while looking at view view_id."""
    return {"type": "action", "view_id": view_id, "action": dict(payload)}


def undo(view_id: int) -> dict[str, Any]:
    """Return a request to take back the last action, made while looking at view view_id."""
    return {"type": "undo", "view_id": view_id}


def prefs(confirm_turn: bool) -> dict[str, Any]:
    """Return a player's changed wish, in the game: hold each of my turns until I end it (or not)."""
    return {"type": "prefs", "confirm_turn": confirm_turn}


def ping(nonce: int | None = None) -> dict[str, Any]:
    """Return a keep-alive; the host answers with a pong carrying the same nonce."""
    return {"type": "ping", "nonce": nonce}


def bye() -> dict[str, Any]:
    """Return the message a client sends when it leaves on purpose."""
    return {"type": "bye"}


# ---------------------------------------------------------------------------------------------------
# Host to client


def welcome(
    seat: int | None, token: str | None, role: str, lobby_message: Mapping[str, Any]
) -> dict[str, Any]:
    """Return the host's acceptance of a hello: the seat taken, its secret token, and the lobby."""
    return {
        "type": "welcome",
        "protocol": PROTOCOL_VERSION,
        "game": GAME_VERSION,
        "seat": seat,
        "token": token,
        "role": role,
        "lobby": dict(lobby_message),
    }


def refused(reason: str, retry: bool = False, message: Mapping[str, Any] | None = None) -> dict[str, Any]:
    """Return the host's refusal of a hello, with a reason a player can read (English) and message, the
    same reason as a catalogue key and parameters (game.i18n.wire) that a client shows in its language.

    retry: the refusal is for now only (the host is crowded, the hello came late); a client that holds a
    seat (a token) tries again after a pause instead of giving up.
    """
    out: dict[str, Any] = _worded({"type": "refused", "reason": reason}, message)
    if retry:
        out["retry"] = True
    return out


def _worded(out: dict[str, Any], message: Mapping[str, Any] | None) -> dict[str, Any]:
    """Add the wire form of the message's words ({"key", "params"}) beside its English text."""
    if message is not None:
        out["message"] = {"key": message["key"], "params": dict(message["params"])}
    return out


def lobby(seats: Sequence[Mapping[str, Any]], options: Mapping[str, Any] | None = None) -> dict[str, Any]:
    """Return the state of the lobby: one entry per seat (as the table describes it) and the options."""
    return {"type": "lobby", "seats": [dict(seat) for seat in seats], "options": dict(options or {})}


def history(part: int, parts: int, actions: list[list[Any]]) -> dict[str, Any]:
    """Return one part of the game so far as a seat saw it: a list of each action's events."""
    return {"type": "history", "part": part, "parts": parts, "actions": [list(a) for a in actions]}


def history_parts(actions: list[list[Any]], limit: int | None = None) -> list[dict[str, Any]]:
    """Return the history messages that carry actions (one per action's events), each under limit bytes
    (None: HISTORY_PART_BYTES).

    Always at least one message, so that an empty history still says "nothing happened yet". An action
    is never split: one action's events are a few hundred bytes at most.
    """
    limit = HISTORY_PART_BYTES if limit is None else limit
    chunks: list[list[list[Any]]] = [[]]
    size = 0
    for events in actions:
        cost = len(msgpack.packb(events, use_bin_type=True))
        if chunks[-1] and size + cost > limit:
            chunks.append([])
            size = 0
        chunks[-1].append(events)
        size += cost
    return [history(i, len(chunks), chunk) for i, chunk in enumerate(chunks)]


def update(view_id: int, view: Mapping[str, Any], events: list[Any]) -> dict[str, Any]:
    """Return a new view for one seat, and the events that led to it."""
    return {"type": "update", "view_id": view_id, "view": dict(view), "events": list(events)}


def error(reason: str, view_id: int | None = None, message: Mapping[str, Any] | None = None) -> dict[str, Any]:
    """Return a refusal of one action or undo, sent to its sender only; the game goes on (message: as refused)."""
    return _worded({"type": "error", "reason": reason, "view_id": view_id}, message)


def host_closing(reason: str = "The host has closed the game.", message: Mapping[str, Any] | None = None
                 ) -> dict[str, Any]:
    """Return the host's last message before it closes every connection (message: as refused)."""
    return _worded({"type": "host_closing", "reason": reason}, message)


def pong(nonce: int | None = None) -> dict[str, Any]:
    """Return the answer to a ping."""
    return {"type": "pong", "nonce": nonce}


def seat_status(
    missing: list[int], computer: list[int] | None = None, stand_in: list[list[float]] | None = None
) -> dict[str, Any]:
    """Return which seats have lost their player (the game waits for them, or for the host).

    computer lists the missing seats the host has handed to a computer player until their player returns;
    stand_in, when the host hands seats over, lists [seat, seconds until a computer takes it] for the others.
    """
    message: dict[str, Any] = {"type": "seat_status", "missing": sorted(missing), "computer": sorted(computer or [])}
    if stand_in is not None:
        message["stand_in"] = [list(pair) for pair in sorted(stand_in)]
    return message


def notice(text: str, message: Mapping[str, Any] | None = None) -> dict[str, Any]:
    """Return news from the host every player should read (e.g. the game resumed at an earlier position)."""
    return _worded({"type": "notice", "text": text}, message)


def new_token() -> str:
    """Return a fresh secret with which a player can reclaim their seat after a drop."""
    return secrets.token_urlsafe(24)  # 32 characters, well under MAX_TOKEN


def version_refusal(client_protocol: Any, client_game: Any) -> str | None:
    """Return why a client of these versions cannot join this host, or None if it can."""
    mismatch = version_mismatch(client_protocol, client_game)
    return None if mismatch is None else str(mismatch)


def version_mismatch(client_protocol: Any, client_game: Any) -> VersionMismatch | None:
    """Return the refusal of a client of these versions (English, key and parameters), or None if it may join."""
    if client_game != GAME_VERSION:
        client = _show(client_game, quote=False)
        return VersionMismatch(f"This host runs Two Rivers {GAME_VERSION}; you have {client}.",
                               "lan.refused.other_game_version", host=GAME_VERSION, client=client)
    if client_protocol != PROTOCOL_VERSION:
        client = _show(client_protocol, quote=False)
        return VersionMismatch(f"This host speaks LAN protocol {PROTOCOL_VERSION}; your game speaks {client}.",
                               "lan.refused.other_protocol", host=PROTOCOL_VERSION, client=client)
    return None


# ---------------------------------------------------------------------------------------------------
# Validation of what a client sends


def check_client_message(msg: Any) -> dict[str, Any]:
    """Return msg if it is a well-formed client message; otherwise raise ProtocolError saying why.

    A hello from another version raises VersionMismatch, whose message is the refusal to send back.
    """
    if not isinstance(msg, dict):
        raise ProtocolError(f"a message must be a map, not a {type(msg).__name__}")
    kind = msg.get("type")
    if not isinstance(kind, str):
        raise ProtocolError("a message must have a string 'type'")
    checker = _CLIENT_CHECKS.get(kind)
    if checker is None:
        raise ProtocolError(f"unknown message type {_show(kind)}")
    checker(msg)
    return msg


def _check_hello(msg: dict[Any, Any]) -> None:
    # Versions first, and before the strict field check: a newer client may send fields we do not know,
    # and it deserves "you have 0.2", not "unexpected field".
    if not isinstance(msg.get("game"), str):
        raise ProtocolError("hello: 'game' must be a string naming the version of Two Rivers")
    if isinstance(msg.get("protocol"), bool) or not isinstance(msg.get("protocol"), int):
        raise ProtocolError("hello: 'protocol' must be an integer")
    mismatch = version_mismatch(msg["protocol"], msg["game"])
    if mismatch is not None:
        raise mismatch
    _fields(msg, required=("protocol", "game", "name", "role"), optional=("seat", "token", "dynasty", "confirm_turn"))
    _text(msg, "name", MAX_NAME)
    if msg["name"].strip() == "":
        raise ProtocolError("hello: 'name' must not be blank")
    if msg["role"] not in ROLES:
        raise ProtocolError(f"hello: 'role' must be 'player' or 'spectator', not {_show(msg['role'])}")
    seat = msg.get("seat")
    if seat is not None:
        _int_field(msg, "seat", 0, MAX_SEATS - 1)
        if msg["role"] == "spectator":
            raise ProtocolError("hello: a spectator takes no seat")
    if msg.get("token") is not None:
        _text(msg, "token", MAX_TOKEN)
        if not msg["token"].isascii():
            raise ProtocolError("hello: 'token' must be plain ASCII")
    if msg.get("dynasty") is not None:
        _text(msg, "dynasty", MAX_DYNASTY)
    if "confirm_turn" in msg and not isinstance(msg["confirm_turn"], bool):
        raise ProtocolError(f"hello: 'confirm_turn' must be true or false, not {_show(msg['confirm_turn'])}")


def _check_action(msg: dict[Any, Any]) -> None:
    _fields(msg, required=("view_id", "action"))
    _int_field(msg, "view_id", 0, MAX_VIEW_ID)
    payload = msg["action"]
    if not isinstance(payload, dict):
        raise ProtocolError(f"action: 'action' must be a map, not a {type(payload).__name__}")
    kind = payload.get("kind")
    if not isinstance(kind, str) or not 1 <= len(kind) <= MAX_KIND:
        raise ProtocolError(f"action: the action needs a string 'kind' of 1 to {MAX_KIND} characters")
    try:
        check_plain_data(payload, MAX_ACTION_DEPTH, what="the action")
        size = len(msgpack.packb(payload, use_bin_type=True))
    except FrameError as exc:
        raise ProtocolError(f"action: {exc}") from exc
    if size > MAX_ACTION_BYTES:
        raise ProtocolError(f"action: the action is {size} bytes, over the limit of {MAX_ACTION_BYTES}")


def _check_undo(msg: dict[Any, Any]) -> None:
    _fields(msg, required=("view_id",))
    _int_field(msg, "view_id", 0, MAX_VIEW_ID)


def _check_prefs(msg: dict[Any, Any]) -> None:
    _fields(msg, required=("confirm_turn",))
    if not isinstance(msg["confirm_turn"], bool):
        raise ProtocolError(f"prefs: 'confirm_turn' must be true or false, not {_show(msg['confirm_turn'])}")


def _check_ping(msg: dict[Any, Any]) -> None:
    _fields(msg, required=(), optional=("nonce",))
    if msg.get("nonce") is not None:
        _int_field(msg, "nonce", 0, MAX_VIEW_ID)


def _check_bye(msg: dict[Any, Any]) -> None:
    _fields(msg, required=())


_CLIENT_CHECKS = {
    "hello": _check_hello,
    "action": _check_action,
    "undo": _check_undo,
    "prefs": _check_prefs,
    "ping": _check_ping,
    "bye": _check_bye,
}


# ---------------------------------------------------------------------------------------------------
# Validation of what the host sends (lighter: the host is trusted to follow the protocol, but a client
# must still not crash on a stranger that answers on the port)

_HOST_FIELDS: dict[str, dict[str, type | tuple[type, ...]]] = {
    "welcome": {"seat": (int, type(None)), "token": (str, type(None)), "role": str, "lobby": dict},
    "refused": {"reason": str},
    "lobby": {"seats": list, "options": dict},
    "history": {"part": int, "parts": int, "actions": list},
    "update": {"view_id": int, "view": dict, "events": list},
    "error": {"reason": str, "view_id": (int, type(None))},
    "host_closing": {"reason": str},
    "pong": {"nonce": (int, type(None))},
    "seat_status": {"missing": list},
    "notice": {"text": str},
}


def check_host_message(msg: Any) -> dict[str, Any]:
    """Return msg if it is a host message with the fields its type needs; otherwise raise ProtocolError.

    Extra fields are allowed, so that a host may add to the lobby or the welcome without breaking clients.
    """
    if not isinstance(msg, dict):
        raise ProtocolError(f"a message must be a map, not a {type(msg).__name__}")
    kind = msg.get("type")
    if not isinstance(kind, str) or kind not in _HOST_FIELDS:
        raise ProtocolError(f"unknown message type {_show(kind)}")
    for name, expected in _HOST_FIELDS[kind].items():
        if name not in msg:
            raise ProtocolError(f"{kind}: missing field '{name}'")
        value = msg[name]
        if isinstance(value, bool) or not isinstance(value, expected):
            raise ProtocolError(f"{kind}: field '{name}' has the wrong type ({type(value).__name__})")
    if kind == "history":
        _check_history(msg)
    if "message" in msg and not _is_wire_message(msg["message"]):
        del msg["message"]  # a malformed translation is dropped: the English text beside it is shown instead
    return msg


def _is_wire_message(value: Any) -> bool:
    """Whether value has the shape of a message's words ({"key": str, "params": {str: plain value}}, small);
    whether this client knows the key is game.i18n.wire.shown's to judge (unknown: the English is shown)."""
    if not isinstance(value, dict) or set(value) - {"key", "params"}:
        return False
    key, params = value.get("key"), value.get("params", {})
    if not isinstance(key, str) or not 1 <= len(key) <= MAX_KIND * 2 or not isinstance(params, dict):
        return False
    return len(params) <= MAX_MESSAGE_PARAMS and all(
        isinstance(name, str) and len(name) <= MAX_KIND
        and (param is None or isinstance(param, str | int | float | bool))
        and (not isinstance(param, str) or (len(param) <= MAX_REASON and param.isprintable()))
        for name, param in params.items())


def _check_history(msg: dict[str, Any]) -> None:
    """A history part must say which part it is, and hold a list of events (maps) for each action."""
    if not 1 <= msg["parts"] <= MAX_HISTORY_PARTS or not 0 <= msg["part"] < msg["parts"]:
        raise ProtocolError(f"history: part {_show(msg['part'])} of {_show(msg['parts'])} makes no sense")
    for events in msg["actions"]:
        if not isinstance(events, list) or not all(isinstance(e, dict) and isinstance(e.get("kind"), str)
                                                   for e in events):
            raise ProtocolError("history: each action must be a list of events")


# ---------------------------------------------------------------------------------------------------
# Field helpers


def _show(value: Any, quote: bool = True, limit: int = 40) -> str:
    """Return value for an error message, cut short: a hostile peer's huge string is not echoed back, and
    text with control characters is always quoted (escaped), so it can neither garble a console line nor
    reach a screen that cannot draw it."""
    text = str(value)
    if quote or not text.isprintable():
        text = repr(value)
    return text if len(text) <= limit else text[: limit - 3] + "..."


def _fields(msg: dict[Any, Any], required: tuple[str, ...], optional: tuple[str, ...] = ()) -> None:
    kind = msg["type"]
    for name in required:
        if name not in msg:
            raise ProtocolError(f"{kind}: missing field '{name}'")
    allowed = {"type", *required, *optional}
    for name in msg:
        if name not in allowed:
            raise ProtocolError(f"{kind}: unexpected field {_show(name)}")


def _int_field(msg: dict[Any, Any], name: str, low: int, high: int) -> None:
    value = msg[name]
    # bool is an int to Python, but True is not a seat.
    if isinstance(value, bool) or not isinstance(value, int):
        raise ProtocolError(f"{msg['type']}: '{name}' must be an integer, not {type(value).__name__}")
    if not low <= value <= high:
        raise ProtocolError(f"{msg['type']}: '{name}' must be between {low} and {high}, not {_show(value)}")


def _text(msg: dict[Any, Any], name: str, limit: int) -> None:
    value = msg[name]
    if not isinstance(value, str):
        raise ProtocolError(f"{msg['type']}: '{name}' must be a string, not {type(value).__name__}")
    if not 1 <= len(value) <= limit:
        raise ProtocolError(f"{msg['type']}: '{name}' must be 1 to {limit} characters, not {len(value)}")
    # Control characters in a name would garble the lobby and the score table on every screen.
    if not value.isprintable():
        raise ProtocolError(f"{msg['type']}: '{name}' holds characters that cannot be shown")


# ---------------------------------------------------------------------------------------------------
# Rate limiting


class RateLimiter:
    """A token bucket: `rate` messages a second sustained, bursts of up to `burst`. Told the time."""

    def __init__(self, rate: float = 20.0, burst: float = 40.0) -> None:
        if rate <= 0 or burst < 1:
            raise ValueError("a rate limiter needs a positive rate and a burst of at least 1")
        self.rate = float(rate)
        self.burst = float(burst)
        self._tokens = self.burst
        self._last: float | None = None

    def allow(self, now: float, cost: float = 1.0) -> bool:
        """Spend cost tokens at time now (seconds, any monotonic origin) if there are enough."""
        self._refill(now)
        # The epsilon forgives float rounding: 0.04 s then 0.01 s at 20/s must earn one whole message.
        if self._tokens + 1e-9 >= cost:
            self._tokens = max(0.0, self._tokens - cost)
            return True
        return False

    def tokens(self, now: float) -> float:
        """Return how many messages could be sent at time now."""
        self._refill(now)
        return self._tokens

    def _refill(self, now: float) -> None:
        if self._last is not None and now > self._last:
            self._tokens = min(self.burst, self._tokens + (now - self._last) * self.rate)
        # A clock that steps back refills nothing (rather than draining or crashing).
        if self._last is None or now > self._last:
            self._last = now
