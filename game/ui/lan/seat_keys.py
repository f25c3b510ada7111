"""A joiner's seats at LAN tables, kept on disk, so that a player whose window closed (or whose game crashed)
can still take their seat back.

Owns: the file `lan_seats.json` in the data folder, its reading (a missing, corrupt or odd file, or an odd entry
in it, is no seat, with a warning: never an error) and its writing (atomic, readable by its owner only: the
tokens are the seats' secrets), and the app's copy of it (`saved_seats`), keyed by the host's (address, port).
At most MOST tables are kept, the most recent; a seat the host no longer knows is forgotten (`forget`).
"""

from __future__ import annotations

import json
import logging
from pathlib import Path
from typing import Any

from game.ui.menus.settings import data_dir
from net.protocol import MAX_SEATS, MAX_TOKEN

log = logging.getLogger(__name__)

FILE_NAME = "lan_seats.json"
TOKENS_KEY = "lan_tokens"   # app.shared: (address, port) -> (seat, token)
MOST = 16                   # tables remembered; an old party's seats make way for new ones
MAX_ADDRESS = 255
MAX_BYTES = 64 * 1024       # MOST seats take a few kilobytes: a longer file is not ours

Key = tuple[str, int]
Seats = dict[Key, tuple[int, str]]


def load(path: Path | None = None) -> Seats:
    """Return the seats kept in the file, oldest first."""
    try:
        path = path or data_dir() / FILE_NAME
        with path.open("rb") as f:
            raw = f.read(MAX_BYTES + 1)
        if len(raw) > MAX_BYTES:
            raise ValueError(f"longer than {MAX_BYTES} bytes")
        data = json.loads(raw.decode("utf-8"))
    except FileNotFoundError:
        return {}
    except (OSError, ValueError, RecursionError) as err:  # RecursionError: brackets nested past any measure
        log.warning("LAN seats file not readable (%s); no seat to take back", err)
        return {}
    entries = data.get("seats") if isinstance(data, dict) else None
    if not isinstance(entries, list):
        log.warning("LAN seats file %s holds no list of seats; no seat to take back", path)
        return {}
    out: Seats = {}
    for entry in entries:
        found = _entry(entry)
        if found is None:
            log.warning("LAN seats file %s: an entry that is not a seat was left out", path)
            continue
        key, seat = found
        out.pop(key, None)
        out[key] = seat
    return dict(list(out.items())[-MOST:])


def _entry(entry: Any) -> tuple[Key, tuple[int, str]] | None:
    if not isinstance(entry, dict):
        return None
    address, port, seat, token = (entry.get(k) for k in ("address", "port", "seat", "token"))
    if not isinstance(address, str) or not 0 < len(address) <= MAX_ADDRESS:
        return None
    if type(port) is not int or not 0 < port < 65536 or type(seat) is not int or not 0 <= seat < MAX_SEATS:
        return None
    if not isinstance(token, str) or not 0 < len(token) <= MAX_TOKEN or not token.isascii():
        return None
    return (address, port), (seat, token)


def save(seats: Seats, path: Path | None = None) -> bool:
    """Write the seats (the newest MOST); return False (and warn) when the file cannot be written."""
    from game.journal import write_atomically  # its temporary file is the owner's alone, and so is the result

    kept = list(seats.items())[-MOST:]
    text = json.dumps({"seats": [{"address": a, "port": p, "seat": s, "token": t} for (a, p), (s, t) in kept]})
    try:
        write_atomically(path or data_dir() / FILE_NAME, text)
    except OSError as err:
        log.warning("LAN seats not saved (%s)", err)
        return False
    return True


def saved_seats(app: Any) -> Seats:
    """Return the app's copy of the kept seats, read from the file the first time it is asked for."""
    seats = app.shared.get(TOKENS_KEY)
    if seats is None:
        seats = app.shared[TOKENS_KEY] = load()
    return seats


def remember(app: Any, address: str, port: int, seat: int, token: str) -> None:
    """Keep the seat this window sits at (written only when it changed: the join screen asks every frame)."""
    seats = saved_seats(app)
    key = (address, port)
    if seats.get(key) == (seat, token) and list(seats)[-1] == key:
        return
    seats = _fresh(app)   # another window of the game may have kept a seat since we read the file
    seats.pop(key, None)
    seats[key] = (seat, token)
    while len(seats) > MOST:
        seats.pop(next(iter(seats)))
    save(seats)


def forget(app: Any, address: str, port: int) -> None:
    """Drop the seat kept for this host: it refused its token (a new game there, or the seat reopened)."""
    if (address, port) not in saved_seats(app):
        return
    seats = _fresh(app)
    if seats.pop((address, port), None) is not None:
        save(seats)


def _fresh(app: Any) -> Seats:
    """Read the file again into the app's copy before changing it, and return that copy."""
    seats = app.shared[TOKENS_KEY] = load()
    return seats
