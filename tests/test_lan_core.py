"""The LAN protocol against the host's core alone: no socket, no thread, no sleep; time is a number we pass.

Every rule a connection meets: the hello and its refusals, seats and tokens, the caps on newcomers and
watchers (a seat's owner always gets back in), rate limits, stalled frames and silence, stale views,
reconnects, stand-ins, the lobby, resuming without the seats file, and what each seat is sent.
"""

from __future__ import annotations

import random
from pathlib import Path
from typing import Any

import pytest

from game.journal import JournalWriter
from game.rules import view_for
from game.session import Table
from net import protocol as p
from net.core import HostCore
from net.framing import encode_frame
from net.lobby import Refusal
from net.peers import TO_HOST, Close, HostConfig, SaveSecrets
from net.resume import resume_game
from net.saving import seats_path
from tests.lan_kit import normal


class Wire:
    """A core and the messages it sent to each connection, with a clock that moves only when told."""

    def __init__(self, **config: Any) -> None:
        settings: dict[str, Any] = dict(players=2, rate=1000.0, burst=1000.0, replace_after=None)
        settings.update(config)
        self.lines: list[str] = []
        self.core = HostCore(HostConfig(**settings), say=self.lines.append)
        self.now = 100.0
        self.inbox: dict[int, list[Any]] = {}
        self.next_conn = 0

    def deliver(self, outgoing: list[tuple[int, Any]]) -> None:
        for conn, message in outgoing:
            self.inbox.setdefault(conn, []).append(message)

    def connect(self) -> int:
        conn, self.next_conn = self.next_conn, self.next_conn + 1
        self.deliver(self.core.connect(conn, ("127.0.0.1", 40000 + conn), self.now))
        return conn

    def send(self, conn: int, message: dict[str, Any]) -> list[Any]:
        """Send one message as bytes; return what conn was sent back."""
        self.inbox[conn] = []
        self.deliver(self.core.receive_bytes(conn, encode_frame(message), self.now))
        self.deliver(self.core.take())
        return self.inbox.get(conn, [])

    def tick(self, seconds: float) -> None:
        self.now += seconds
        self.deliver(self.core.tick(self.now))

    def last(self, conn: int, kind: str) -> dict[str, Any]:
        found = [m for m in self.inbox.get(conn, []) if isinstance(m, dict) and m["type"] == kind]
        assert found, (kind, self.inbox.get(conn))
        return found[-1]

    def closed(self, conn: int) -> bool:
        return any(isinstance(m, Close) for m in self.inbox.get(conn, []))

    def player(self, name: str, **hello: Any) -> tuple[int, dict[str, Any]]:
        conn = self.connect()
        answer = self.send(conn, p.hello(name, **hello))
        return conn, answer[0]

    def start(self, seed: int = 3) -> Table:
        table = self.core.start_game(seed)
        self.deliver(self.core.take())
        return table


def refusal(answer: list[Any]) -> str:
    """Return the reason of a refusal, checking the connection is also let go."""
    assert answer[0]["type"] == "refused", answer
    assert any(isinstance(m, Close) for m in answer), "a refused connection is let go"
    assert answer.index(next(m for m in answer if isinstance(m, Close))) > 0, "after its refusal"
    return str(answer[0]["reason"])


# --- the hello -------------------------------------------------------------------------------------


def test_a_player_is_welcomed_to_the_first_free_seat_with_a_secret_token() -> None:
    wire = Wire()
    conn, welcome = wire.player("Ann")
    assert welcome["type"] == "welcome" and welcome["seat"] == 0 and len(welcome["token"]) >= 32
    assert welcome["lobby"]["seats"][0]["name"] == "Ann" and "token" not in welcome["lobby"]["seats"][0]
    other, welcome = wire.player("Bob", seat=1, dynasty="urn")
    assert welcome["seat"] == 1 and wire.core.lobby.slots[1].dynasty == "urn"
    assert wire.last(conn, "lobby")["seats"][1]["name"] == "Bob"  # everyone sees who sat down


@pytest.mark.parametrize(
    ("message", "reason"),
    [
        ({**p.hello("Ann"), "game": "9.9"}, "This host runs Two Rivers"),
        ({**p.hello("Ann"), "protocol": 99}, "protocol"),
        (p.hello("   "), "blank"),
        (p.hello("Ann", role="judge"), "'player' or 'spectator'"),
        (p.ping(), "Say hello first"),
        (p.action(0, {"kind": "pass"}), "Say hello first"),
        ({"type": "shout"}, "unknown message type"),
    ],
)
def test_a_bad_first_message_is_refused_with_its_reason(message: dict[str, Any], reason: str) -> None:
    wire = Wire()
    conn = wire.connect()
    assert reason in refusal(wire.send(conn, message))
    assert wire.core.lobby.free_seats() == [0, 1]


def test_a_second_hello_and_a_taken_seat_are_refused() -> None:
    wire = Wire()
    conn, _ = wire.player("Ann")
    assert "already said hello" in refusal(wire.send(conn, p.hello("Ann")))
    assert wire.core.lobby.free_seats() == [0, 1]  # let go in the lobby: the seat is free again
    wire.player("Bob", seat=1)
    assert "Seat 2 is not free" in refusal(wire.send(wire.connect(), p.hello("Cy", seat=1)))
    wire.player("Cy")
    assert "Every seat" in refusal(wire.send(wire.connect(), p.hello("Di")))


@pytest.mark.parametrize(("seated", "alike"), [
    ("Ann", "ＡＮＮ"),                  # full width
    ("Zoé", "Zoe\u0301"),               # an accent as one character or two
    ("Eﬀie", "EFFIE"),                  # a ligature
    ("Straße", "STRASSE"),              # case folding beyond lower()
    ("Ann", "An\u3164n\u2800"),         # characters that draw nothing
])
def test_a_name_that_reads_as_a_seated_players_is_refused(seated: str, alike: str) -> None:
    wire = Wire(players=3)
    wire.player(seated)
    answer = wire.send(wire.connect(), p.hello(alike))
    assert answer[0]["type"] == "refused" and answer[0]["message"]["key"] == "lan.refused.name_taken", answer
    assert wire.core.lobby.free_seats() == [1, 2]


@pytest.mark.parametrize("blank", ["\u3164", "\u2800 \uffa0", "\u115f\u1160"])
def test_a_name_that_shows_nothing_is_refused(blank: str) -> None:
    wire = Wire()
    answer = wire.send(wire.connect(), p.hello(blank))
    assert answer[0]["type"] == "refused" and answer[0]["message"]["key"] == "lan.refused.no_name", answer
    assert wire.core.lobby.free_seats() == [0, 1]


def test_a_spectator_is_welcomed_without_a_seat_and_cannot_act() -> None:
    wire = Wire()
    tv = wire.connect()
    (welcome,) = wire.send(tv, p.hello("TV", role="spectator"))
    assert welcome["role"] == "spectator" and welcome["seat"] is None and welcome["token"] is None
    wire.player("Ann")
    wire.player("Bob")
    wire.start()
    update = wire.last(tv, "update")
    assert update["view"]["seat"] is None and all(s["hand"] is None for s in update["view"]["seats"])
    assert "legal" not in update
    (error,) = wire.send(tv, p.action(update["view_id"], {"kind": "pass"}))
    assert error["type"] == "error" and "Spectators watch" in error["reason"]


# --- places kept for seated players ----------------------------------------------------------------


def test_watchers_have_a_cap_of_their_own_and_a_seat_owner_always_gets_back_in() -> None:
    wire = Wire(max_spectators=3)
    ann, welcome = wire.player("Ann")
    wire.player("Bob")
    table = wire.start()
    watchers = [wire.connect() for _ in range(5)]
    answers = [wire.send(conn, p.hello(f"TV {i}", role="spectator")) for i, conn in enumerate(watchers)]
    assert [a[0]["type"] for a in answers] == ["welcome"] * 3 + ["refused"] * 2
    assert "watchers" in answers[3][0]["reason"]
    wire.deliver(wire.core.disconnect(ann, "closed the connection", wire.now))
    assert wire.core.missing == {0: wire.now}
    back, again = wire.player("Ann", seat=0, token=welcome["token"])
    assert again["type"] == "welcome" and again["seat"] == 0 and not wire.core.missing
    assert wire.last(back, "update")["view"]["seats"][0]["hand"] == view_for(table.state, 0)["seats"][0]["hand"]


def test_silent_newcomers_make_way_for_new_connections_and_must_say_hello_soon() -> None:
    wire = Wire(max_pending=2, hello_timeout=3.0)
    silent = [wire.connect() for _ in range(2)]
    wire.tick(1.0)
    newcomer = wire.connect()  # the oldest silent one makes way: cut without a refusal, so a client retries
    assert wire.inbox[silent[0]] == [Close(now=True)]
    assert not wire.closed(silent[1]) and not wire.closed(newcomer)
    wire.tick(2.5)  # silent[1] has waited 3.5 s, the newcomer 2.5 s
    late = wire.last(silent[1], "refused")
    assert "hello in time" in late["reason"] and late["retry"] is True  # for now only: try again
    assert not wire.closed(newcomer)
    assert wire.send(newcomer, p.hello("Ann"))[0]["type"] == "welcome"


def test_a_flood_of_silent_connections_never_keeps_a_seated_player_out() -> None:
    wire = Wire(max_pending=8, max_spectators=4)
    ann, welcome = wire.player("Ann")
    wire.player("Bob")
    wire.start()
    for _ in range(200):
        wire.connect()
        # Newcomers beyond the cap make way at once: the sockets held never pass seats + watchers + newcomers.
        assert len(wire.core.peers) <= 2 + 8
    assert len(wire.core.peers) + 2 * 4 <= wire.core.config.max_connections
    back, again = wire.player("Ann", seat=0, token=welcome["token"])  # its old link not yet known dead
    assert again["type"] == "welcome" and again["seat"] == 0
    assert "another connection" in wire.last(ann, "refused")["reason"] and wire.closed(ann)


def test_silent_connections_from_one_machine_never_push_out_a_player_from_another() -> None:
    wire = Wire(max_pending=8)
    ann, welcome = wire.player("Ann")
    wire.player("Bob")
    wire.start()
    wire.deliver(wire.core.disconnect(ann, "closed the connection", wire.now))
    assert wire.core.missing == {0: wire.now}
    # Ann's machine connects again; before its hello arrives, a crowd of silent sockets from elsewhere.
    back = wire.next_conn
    wire.next_conn += 1
    wire.deliver(wire.core.connect(back, ("10.0.0.5", 50000), wire.now))
    crowd = []
    for _ in range(40):
        wire.now += 0.001
        crowd.append(wire.connect())  # from 127.0.0.1, each its own port
    assert not wire.closed(back) and len(wire.core.peers) == 1 + 8  # Bob, Ann's newcomer, 7 of the crowd
    assert wire.send(back, p.hello("Ann", seat=0, token=welcome["token"]))[0]["type"] == "welcome"
    assert not wire.core.missing
    assert all(wire.inbox[c] == [Close(now=True)] for c in crowd[:33])  # cut without a word: no refusal


def test_a_displaced_connection_is_refused_for_good_so_two_windows_never_swap_a_seat_forever() -> None:
    wire = Wire()
    first, welcome = wire.player("Ann")
    second, again = wire.player("Ann", seat=0, token=welcome["token"])
    assert again["seat"] == 0
    refused = wire.last(first, "refused")
    assert "another connection" in refused["reason"] and "retry" not in refused  # final: it must not come back
    assert wire.core._peer_of(0) is not None and wire.core._peer_of(0).conn == second
    wire.tick(2.0)
    assert first not in wire.core.peers and wire.core.lobby.slots[0].connected


def test_refusals_for_now_say_so_and_final_ones_do_not() -> None:
    wire = Wire(max_spectators=1)
    wire.player("TV", role="spectator")
    second = wire.connect()
    crowded = wire.send(second, p.hello("TV 2", role="spectator"))[0]
    assert "watchers" in crowded["reason"] and crowded["retry"] is True
    wire.player("Ann")
    wire.player("Bob")
    wire.start()
    stranger = wire.connect()
    taken = wire.send(stranger, p.hello("Cy"))[0]
    assert "every seat is taken" in taken["reason"] and "retry" not in taken


def test_the_hosts_choices_let_players_go_with_their_reasons() -> None:
    wire = Wire(players=3)
    ann, welcome = wire.player("Ann")
    wire.player("Bob")
    cy, _ = wire.player("Cy")
    wire.core.set_players(2)
    wire.deliver(wire.core.take())
    assert "removed your seat" in wire.last(cy, "refused")["reason"] and wire.core.lobby.free_seats() == []
    wire.start()
    wrong = wire.connect()
    assert "Your token is for seat 1, not seat 2" in refusal(wire.send(wrong, p.hello("Ann", seat=1,
                                                                                       token=welcome["token"])))
    wire.core.reopen_seats([0])
    wire.deliver(wire.core.take())
    assert "reopened your seat" in wire.last(ann, "refused")["reason"]
    with pytest.raises(Refusal, match="no seat 5"):
        wire.core.reopen_seats([4])


# --- limits ----------------------------------------------------------------------------------------


def test_a_flood_of_messages_is_cut_at_the_rate_limit() -> None:
    wire = Wire(rate=1.0, burst=3.0)
    conn, _ = wire.player("Ann")  # the hello is the first message of the burst
    assert wire.send(conn, p.ping(1))[0] == p.pong(1)
    assert wire.send(conn, p.ping(2))[0] == p.pong(2)
    assert "too many messages" in refusal(wire.send(conn, p.ping(3)))
    assert wire.core.lobby.free_seats() == [0, 1]  # a player let go in the lobby frees the seat


def test_the_budget_refills_with_time() -> None:
    wire = Wire(rate=1.0, burst=2.0)
    conn, _ = wire.player("Ann")
    assert wire.send(conn, p.ping(1))[0]["type"] == "pong"
    wire.now += 1.0
    assert wire.send(conn, p.ping(2))[0]["type"] == "pong"


def test_frames_split_at_every_byte_are_read_and_a_bad_frame_is_refused() -> None:
    wire = Wire()
    conn = wire.connect()
    data = encode_frame(p.hello("Ann"))
    for i in range(len(data)):
        wire.deliver(wire.core.receive_bytes(conn, data[i:i + 1], wire.now))
    assert wire.last(conn, "welcome")["seat"] == 0
    bad = wire.connect()
    wire.deliver(wire.core.receive_bytes(bad, b"\xff\xff\xff\xff", wire.now))
    assert "could not read" in wire.last(bad, "refused")["reason"] and wire.closed(bad)


def test_a_stalled_frame_and_a_silent_player_are_let_go() -> None:
    wire = Wire(stall_timeout=2.0, idle_timeout=10.0)
    stalled, _ = wire.player("Slow")
    quiet, _ = wire.player("Quiet")
    wire.deliver(wire.core.receive_bytes(stalled, encode_frame(p.ping())[:3], wire.now))
    wire.tick(2.5)
    assert "stopped halfway" in wire.last(stalled, "refused")["reason"]
    wire.tick(8.0)
    assert wire.inbox[quiet][-1] == Close(now=True)
    assert "went silent" in "\n".join(wire.lines)


def test_a_refused_player_is_cut_after_its_grace_or_once_its_refusal_is_sent() -> None:
    wire = Wire()
    a, _ = wire.player("Ann")
    b, _ = wire.player("Bob")
    wire.send(a, p.hello("Ann"))
    wire.send(b, p.hello("Bob"))
    assert wire.inbox[a][-1] == Close() and wire.inbox[b][-1] == Close()
    wire.deliver(wire.core.sent(a))  # the shell sent a's refusal: a goes now
    assert wire.inbox[a][-1] == Close(now=True)
    wire.tick(1.5)  # b never read its refusal: cut after the grace
    assert wire.inbox[b][-1] == Close(now=True)
    assert not wire.core.peers


def test_a_newcomer_refused_is_cut_at_once_after_its_refusal() -> None:
    wire = Wire()
    conn = wire.connect()
    answer = wire.send(conn, p.ping())
    assert answer[0]["type"] == "refused" and answer[-1] == Close(now=True) and not wire.core.peers


# --- the game --------------------------------------------------------------------------------------


def test_each_seat_is_sent_its_own_view_and_the_seat_to_move_its_legal_actions() -> None:
    wire = Wire(players=3)
    conns = [wire.player(f"P{i}")[0] for i in range(3)]
    table = wire.start()
    for seat, conn in enumerate(conns):
        update = wire.last(conn, "update")
        expected = table.view(seat)
        assert update["view"] == expected and update["view_id"] == 0
        assert ("legal" in update) == (seat == table.to_move())


def test_a_stale_an_illegal_and_an_out_of_turn_action_are_refused_and_change_nothing() -> None:
    wire = Wire()
    ann, _ = wire.player("Ann")
    bob, _ = wire.player("Bob")
    table = wire.start()
    mover = table.to_move()
    assert mover is not None
    now, other = (ann, bob) if mover == 0 else (bob, ann)
    before = table.view(None)
    (error,) = wire.send(other, p.action(0, {"kind": "pass"}))
    assert error["type"] == "error" and "not your decision" in error["reason"]
    (error,) = wire.send(now, p.action(0, {"kind": "commit", "count": 1}))
    assert error["type"] == "error" and error["view_id"] == 0
    assert table.view(None) == before
    legal = random.Random(1).choice(table.legal_actions(mover))
    answer = wire.send(now, p.action(0, legal))
    assert wire.last(now, "update")["view_id"] == 1 and answer
    (error,) = wire.send(now, p.action(0, legal))
    assert "table changed" in error["reason"] and error["view_id"] == 1


def test_a_dropped_player_is_missing_and_comes_back_only_with_its_token() -> None:
    wire = Wire()
    ann, welcome = wire.player("Ann")
    bob, _ = wire.player("Bob")
    wire.start()
    wire.deliver(wire.core.disconnect(ann, "closed the connection", wire.now))
    assert wire.last(bob, "seat_status") == p.seat_status([0], [])
    stranger = wire.connect()
    assert "every seat is taken" in refusal(wire.send(stranger, p.hello("Eve")))
    thief = wire.connect()
    assert "belongs to someone else" in refusal(wire.send(thief, p.hello("Eve", token="x" * 32)))
    _, again = wire.player("Ann", token=welcome["token"])
    assert again["seat"] == 0 and wire.last(bob, "seat_status") == p.seat_status([], [])


def test_a_new_connection_of_the_same_player_replaces_the_half_dead_one() -> None:
    wire = Wire()
    ann, welcome = wire.player("Ann")
    wire.player("Bob")
    wire.start()
    new, again = wire.player("Ann", seat=0, token=welcome["token"])
    assert again["seat"] == 0 and wire.inbox[ann][-1] == Close()  # cut once its refusal is out
    assert "another connection" in wire.last(ann, "refused")["reason"]
    assert wire.core._peer_of(0) is wire.core.peers[new]


def test_a_missing_player_gets_a_stand_in_after_the_delay_and_the_seat_back_on_return() -> None:
    wire = Wire(replace_after=5.0)
    ann, welcome = wire.player("Ann")
    bob, _ = wire.player("Bob")
    table = wire.start()
    wire.deliver(wire.core.disconnect(ann, "closed the connection", wire.now))
    assert wire.last(bob, "seat_status") == p.seat_status([0], [], [[0, 5.0]])  # screens count down from it
    wire.tick(4.0)
    assert not wire.core.lobby.slots[0].replaced and not wire.core.is_computer(0)
    wire.tick(1.5)
    assert wire.core.is_computer(0) and table.seats[0].kind == "normal"
    assert wire.last(bob, "seat_status") == p.seat_status([0], [0], [])
    _, again = wire.player("Ann", token=welcome["token"])
    assert again["seat"] == 0 and not wire.core.is_computer(0) and table.seats[0].kind == "remote"


def test_undo_is_refused_for_spectators_and_stale_views() -> None:
    wire = Wire()
    ann, _ = wire.player("Ann")
    wire.player("Bob")
    wire.start()
    (error,) = wire.send(ann, p.undo(5))
    assert "changed before your undo" in error["reason"]
    (error,) = wire.send(ann, p.undo(0))
    assert "Nothing to undo" in error["reason"]


def test_what_cannot_be_done_now_is_refused_to_its_sender_only() -> None:
    wire = Wire()
    ann, _ = wire.player("Ann")
    (error,) = wire.send(ann, p.action(0, {"kind": "pass"}))
    assert error["type"] == "error" and "not under way" in error["reason"]
    assert "there is no seat 4" in refusal(wire.send(wire.connect(), p.hello("Bob", seat=3)))
    tv = wire.connect()
    wire.send(tv, p.hello("TV", role="spectator"))
    (error,) = wire.send(tv, p.undo(0))
    assert error["type"] == "error" and "nothing for you to undo" in error["reason"]
    wire.player("Bob")
    table = wire.start()
    mover = wire.core._peer_of(table.to_move() or 0)
    assert mover is not None
    (error,) = wire.send(mover.conn, p.action(0, {"kind": "place_tile", "color": "red", "to": "here"}))
    assert error["type"] == "error" and error["view_id"] == 0 and table.view_id == 0


def test_players_in_the_lobby_are_let_go_when_the_host_resumes_a_saved_game(tmp_path: Path) -> None:
    path = saved_game(tmp_path)
    wire = Wire()
    ann, _ = wire.player("Ann")
    resume_game(wire.core, path)
    wire.deliver(wire.core.take())
    assert "continues a saved game" in wire.last(ann, "refused")["reason"]


# --- the lobby -------------------------------------------------------------------------------------


def test_the_lobby_plan_moves_players_and_the_game_starts_only_when_filled() -> None:
    wire = Wire(players=3)
    ann, _ = wire.player("Ann")
    with pytest.raises(Refusal):
        wire.core.start_game(1)
    wire.core.set_plan(0, "computer", "hard")
    wire.deliver(wire.core.take())
    assert "given your seat" in wire.last(ann, "refused")["reason"]
    wire.core.set_players(2)
    wire.core.set_plan(1, "local")
    assert wire.core.can_start()
    wire.core.set_variant("buildings", True)
    table = wire.start()
    assert table.variants == ("buildings",) and [s.kind for s in table.seats] == ["hard", "human"]
    with pytest.raises(Refusal):
        wire.core.set_plan(0, "open")


def test_the_seed_never_reaches_a_connection() -> None:
    wire = Wire()
    ann, _ = wire.player("Ann")
    wire.player("Bob")
    seed = 2**127 + 12345
    wire.start(seed)
    blob = b"".join(encode_frame(normal(m)) for m in wire.inbox[ann] if isinstance(m, dict))
    assert str(seed).encode() not in blob and seed.to_bytes(16, "big")[:8] not in blob


# --- resuming ----------------------------------------------------------------------------------------


def saved_game(tmp_path: Path, actions: int = 6, host_plays: bool = False) -> Path:
    """Write the journal of a LAN game a few actions in (no seats file), and return its path."""
    wire = Wire()
    if host_plays:
        wire.core.set_plan(0, "local", name="Ann")
    else:
        wire.player("Ann")
    wire.player("Bob")
    table = wire.start(seed=11)
    path = tmp_path / "game.journal"
    JournalWriter(table, path, lan=True)
    rng = random.Random(5)
    for _ in range(actions):
        seat = table.to_move()
        assert seat is not None
        table.submit(seat, rng.choice(table.legal_actions(seat)))
    return path


def test_a_game_resumed_without_its_seats_file_keeps_every_seat_closed_until_reopened(tmp_path: Path) -> None:
    path = saved_game(tmp_path)
    assert not seats_path(path).exists()
    wire = Wire()
    resume_game(wire.core, path)
    said = "\n".join(wire.lines)
    assert "seats file" in said and "missing" in said and "--reopen-seats 1,2" in said
    stranger = wire.connect()
    assert "every seat is taken" in refusal(wire.send(stranger, p.hello("Eve")))
    wire.core.reopen_seats([1])
    assert "every seat is taken" not in (reason := refusal(wire.send(wire.connect(), p.hello("Eve", seat=0))))
    assert "reopen" in reason
    # Bob's client comes back with the token the host lost, asking for its seat: the reopened seat is its.
    conn, welcome = wire.player("Bob", seat=1, token="t" * 32)
    assert welcome["type"] == "welcome" and welcome["seat"] == 1 and welcome["token"] != "t" * 32
    assert wire.last(conn, "update")["view"]["seats"][1]["hand"] is not None
    assert wire.core.lobby.slots[1].name == "Bob"  # the seat keeps the game's name
    again = wire.connect()
    assert "every seat is taken" in refusal(wire.send(again, p.hello("Eve")))
    assert "belongs to someone else" in refusal(wire.send(wire.connect(), p.hello("Eve", seat=3, token="u" * 32)))


def test_without_its_seats_file_the_hosts_own_seat_stays_on_the_hosts_screen(tmp_path: Path) -> None:
    path = saved_game(tmp_path, host_plays=True)
    wire = Wire()
    resume_game(wire.core, path, local=True)
    assert [slot.plan for slot in wire.core.lobby.slots] == ["local", "open"]
    assert sorted(wire.core.missing) == [1] and "Seats 2 stay closed" in "\n".join(wire.lines)
    headless = Wire()  # a host with no screen: the seat played on the old screen is closed like the others
    resume_game(headless.core, saved_game(tmp_path / "again", host_plays=True))
    assert [slot.plan for slot in headless.core.lobby.slots] == ["open", "open"]
    assert "Seats 1,2 stay closed" in "\n".join(headless.lines)


def test_a_damaged_seats_file_is_kept_aside_before_a_new_one_is_written(tmp_path: Path) -> None:
    path = saved_game(tmp_path)
    damaged = b'{"format": "two-rivers-seats", "seats": [{"token": "abc\xff'
    seats_path(path).write_bytes(damaged)
    wire = Wire()
    _, writer = resume_game(wire.core, path)
    aside = seats_path(path).with_name(seats_path(path).name + ".damaged")
    assert aside.read_bytes() == damaged and aside.stat().st_mode & 0o777 == 0o600  # tokens: its owner only
    assert '"format": "two-rivers-seats"' in seats_path(path).read_text() and writer.error is None
    # Nobody knows how many undos there were: view ids jump past any a client may have been shown.
    assert wire.core.table is not None and wire.core.table.view_id >= 6 + 2 * 1_000_000
    writer.close()


def test_a_seats_file_that_cannot_be_read_is_never_written_over(tmp_path: Path) -> None:
    path = saved_game(tmp_path)
    unreadable = seats_path(path)
    unreadable.mkdir()  # reading it fails (as a file without permission would for its non-root owner)
    (unreadable / "kept").write_text("whatever was there")
    wire = Wire()
    _, writer = resume_game(wire.core, path)
    said = "\n".join(wire.lines)
    assert "cannot be read" in said and "left as it is" in said
    wire.core.reopen_seats([0])  # the tokens change: still nothing is written where the file was
    assert (unreadable / "kept").read_text() == "whatever was there" and writer.error is None
    assert not unreadable.with_name(unreadable.name + ".damaged").exists()
    writer.close()


def test_the_core_asks_the_host_to_save_the_seats_and_never_writes_a_file_itself(tmp_path: Path) -> None:
    path = saved_game(tmp_path)
    wire = Wire()
    _, writer = resume_game(wire.core, path)
    seats_file, journal = seats_path(path), path.read_text()
    on_disk = seats_file.read_text()
    wire.core.reopen_seats([0])
    asked = [(conn, m) for conn, m in wire.core.take() if isinstance(m, SaveSecrets)]
    assert asked and asked[-1][0] == TO_HOST and asked[-1][1].secrets.seats[0]["token"] is None
    conn = wire.connect()
    out = wire.core.receive_bytes(conn, encode_frame(p.hello("Ann", seat=0)), wire.now)
    kinds = [m["type"] if isinstance(m, dict) else type(m).__name__ for _, m in out]
    assert kinds.index("SaveSecrets") < kinds.index("welcome")  # the token is on disk before its player has it
    save = next(m for _, m in out if isinstance(m, SaveSecrets))
    welcome = next(m for _, m in out if isinstance(m, dict) and m["type"] == "welcome")
    assert save.secrets.seats[0]["token"] == welcome["token"]
    table = wire.core.table
    assert table is not None
    undos = wire.core.undos
    seat = table.to_move()
    assert seat is not None
    table.submit(seat, table.legal_actions(seat)[0])
    assert table.can_undo(seat)  # this position's first legal action can be taken back
    lines = path.read_text()
    table.undo(seat)
    saves = [m for _, m in wire.core.take() if isinstance(m, SaveSecrets)]
    assert saves and saves[-1].secrets.undos == undos + 1 and wire.core.undos == undos + 1
    # Nothing was written inside the table's change: the file still holds the action taken back ...
    assert seats_file.read_text() == on_disk and path.read_text() == lines != journal
    writer.write_pending()  # ... until the host writes it, before it sends anything
    assert path.read_text().splitlines()[1:] == journal.splitlines()[1:]  # the same actions again
    writer.close()


def test_the_host_screen_cannot_take_a_name_a_lan_player_just_claimed() -> None:
    """The host screen checks its own player's name against its last copy of the seats; a LAN player who
    claims the same name in between is seen by the core, which refuses the screen's seat, sends nobody away
    and leaves the LAN player's seat as it was."""
    wire = Wire(players=3)
    wire.core.set_plan(0, "local", name="Host")
    conn, welcome = wire.player("Ann")             # claimed after the screen's copy said "Ann" was free
    seat = welcome["seat"]
    with pytest.raises(Refusal) as refused:
        wire.core.set_plan(0, "local", name="ＡＮＮ")
    assert refused.value.message["key"] == "lan.refused.name_taken"
    names = [slot.name for slot in wire.core.lobby.slots]
    assert names[0] == "Host" and names[seat] == "Ann"
    assert not wire.closed(conn)
    # Taking over the LAN player's own seat is not a clash of names: that player is sent away instead.
    wire.core.set_plan(seat, "local", name="Ann")
    assert wire.core.lobby.slots[seat].plan == "local"
    # A computer's name is as much taken as a LAN player's.
    wire.core.set_plan(2, "computer", "easy")
    with pytest.raises(Refusal):
        wire.core.set_plan(0, "local", name=wire.core.lobby.slots[2].name)


def test_a_player_who_says_goodbye_is_told_as_leaving_once() -> None:
    wire = Wire()
    conn, _ = wire.player("Ann")
    del wire.lines[:]
    answer = wire.send(conn, p.bye())
    assert any(isinstance(m, Close) for m in answer)
    wire.tick(1.0)  # its output is out: the host lets the connection go
    wire.deliver(wire.core.disconnect(conn, "closed the connection", wire.now))  # and the socket closes
    assert wire.lines == ["Ann (127.0.0.1:40000) leaves."]
    assert not wire.core.lobby.slots[0].taken
