"""The LAN in two languages at once: the host speaks in catalogue keys and parameters, each client in its own.

Against the host's core alone (no sockets): every refusal, error, closing reason and notice it can send carries
a key that both languages have, with every parameter the message needs, beside the same reason in English;
an engine refusal's own key and parameters are forwarded. Then over real sockets on 127.0.0.1: a host, an
English player and a Chinese one (the language is the process's, so the English side renders what it received
with `wire.shown_in("en", ...)` while the Chinese NetLink shows it as the screens do). A hostile host's
malformed words fall back to its English text; a client cannot make the host send a key of its choosing; the
host's console speaks the host's language. Every wait has a deadline; no test sleeps.
"""

from __future__ import annotations

import ast
import socket
import threading
from collections.abc import Iterator
from pathlib import Path
from typing import Any

import pytest

from game import i18n
from game.i18n import catalogue, wire
from game.rules import IllegalAction
from game.session import Table
from net import protocol as p
from net.client import NetLink
from net.framing import FrameDecoder, encode_frame
from net.headless import run as run_headless
from net.peers import Close
from net.wireclient import WireClient
from net.words import describe_action, describe_ranking
from tests.lan_kit import make_host, wait_for
from tests.test_lan_core import Wire

ROOT = Path(__file__).resolve().parent.parent
EN, ZH = catalogue.TABLES["en"], catalogue.TABLES["zh-TW"]
WORDED = ("refused", "error", "host_closing", "notice")  # the host messages that carry words


@pytest.fixture(autouse=True)
def english_after() -> Iterator[None]:
    yield
    i18n.set_language("en")


def has_cjk(text: str) -> bool:
    return any("\u4e00" <= c <= "\u9fff" for c in text)


def english_of(message: dict[str, Any]) -> str:
    return str(message["text"] if message["type"] == "notice" else message["reason"])


def assert_worded(message: dict[str, Any]) -> dict[str, Any]:
    """Check a host message's words: a key both languages have, every parameter it needs, its English beside."""
    words = message.get("message")
    assert isinstance(words, dict), f"no words to translate in {message}"
    key, params = words["key"], words["params"]
    assert key in EN and key in ZH, key
    assert catalogue.parameters(EN[key]) <= set(params), (key, params)
    assert catalogue.parameters(ZH[key]) <= set(params), (key, params)
    assert all(isinstance(v, str | int | float | bool | type(None)) for v in params.values()), params
    assert wire.shown_in("en", words) == english_of(message), "the English beside the key says the same"
    chinese = wire.shown_in("zh-TW", words)
    assert "{" not in chinese and chinese != english_of(message) or key == "rules.illegal.other", (key, chinese)
    return words


# -- every word the code can send: read from the source ----------------------------------------------

SENDERS = {"_refuse": 1, "_error": 1, "Refusal": 0, "message": 0, "t": 0}  # call name -> index of the key


def keyed_calls() -> list[tuple[str, str, set[str], bool]]:
    """Return (file:line, key, keyword names, takes **params) of every call in net/ that names a message."""
    found = []
    for path in sorted(ROOT.joinpath("net").glob("*.py")):
        for node in ast.walk(ast.parse(path.read_text(encoding="utf-8"))):
            if not isinstance(node, ast.Call):
                continue
            name = node.func.id if isinstance(node.func, ast.Name) else \
                node.func.attr if isinstance(node.func, ast.Attribute) else ""
            index = SENDERS.get(name)
            if index is None or len(node.args) <= index or not isinstance(node.args[index], ast.Constant):
                continue
            key = node.args[index].value
            if not isinstance(key, str) or not key.startswith(("lan.", "rules.")):
                continue
            names = {kw.arg for kw in node.keywords if kw.arg is not None} - {"retry"}
            found.append((f"{path.name}:{node.lineno}", key, names, any(kw.arg is None for kw in node.keywords)))
    return found


def test_every_message_net_names_is_in_both_languages_with_the_parameters_it_needs() -> None:
    calls = keyed_calls()
    assert len(calls) > 80, "net/ words its refusals, errors and console lines through the catalogue"
    for where, key, names, spread in calls:
        assert key in EN and key in ZH, (where, key)
        if not spread:  # **params: forwarded from an exception that was worded where it was raised
            assert catalogue.parameters(EN[key]) <= names, (where, key, names)
            assert catalogue.parameters(ZH[key]) <= names, (where, key, names)


def test_net_sends_and_prints_no_english_sentence_of_its_own() -> None:
    """The reasons a client reads and the console's lines are catalogue keys: no English literal is sent."""
    for path in sorted(ROOT.joinpath("net").glob("*.py")):
        for node in ast.walk(ast.parse(path.read_text(encoding="utf-8"))):
            if isinstance(node, ast.Call):
                name = node.func.id if isinstance(node.func, ast.Name) else \
                    node.func.attr if isinstance(node.func, ast.Attribute) else ""
                if name in ("say", "_refuse", "_error", "Refusal", "refused", "error", "notice", "JournalError"):
                    for arg in node.args:
                        literal = arg.value if isinstance(arg, ast.Constant) else None
                        if isinstance(arg, ast.JoinedStr) or (isinstance(literal, str) and " " in literal):
                            pytest.fail(f"{path.name}:{node.lineno}: {name}() is given an English sentence")


# -- against the core: what it sends, in both languages -----------------------------------------------


class Recorder(Wire):
    """The core's test wire, keeping everything ever sent (Wire keeps only each connection's last answer)."""

    def __init__(self, **config: Any) -> None:
        self.sent: list[Any] = []
        super().__init__(**config)

    def deliver(self, outgoing: list[tuple[int, Any]]) -> None:
        self.sent.extend(message for _, message in outgoing)
        super().deliver(outgoing)


def worded_messages(wire_: Recorder) -> list[dict[str, Any]]:
    wire_.deliver(wire_.core.take())
    return [m for m in wire_.sent if isinstance(m, dict) and m["type"] in WORDED]


def test_every_refusal_and_error_the_core_sends_reads_in_both_languages() -> None:
    w = Recorder(players=2, max_spectators=1)
    for message in ({**p.hello("Ann"), "game": "9.9"}, {**p.hello("Ann"), "protocol": 99}, p.hello("   "),
                    p.ping(), {"type": "shout"}):
        w.send(w.connect(), message)
    ann, _ = w.player("Ann")
    w.send(ann, p.hello("Ann"))  # a second hello
    ann, _ = w.player("Ann")
    w.send(ann, p.action(0, {"kind": "pass"}))  # the game is not under way
    w.send(w.connect(), p.hello("Eve", seat=0))  # a taken seat
    bob, welcome = w.player("Bob")
    w.send(w.connect(), p.hello("Cat"))  # every seat is taken
    tv, _ = w.player("TV", role="spectator")
    w.send(w.connect(), p.hello("TV2", role="spectator"))  # too many watchers
    w.send(tv, p.undo(0))
    w.send(tv, p.prefs(True))
    table = w.start()
    w.send(w.connect(), p.hello("Eve", token="not-a-token"))  # someone else's seat
    w.send(w.connect(), p.hello("Bob", seat=0, token=welcome["token"]))  # a token for another seat
    mover = [ann, bob][table.to_move()]
    w.send(mover, p.action(table.view_id + 5, {"kind": "pass"}))  # a stale move
    w.send(mover, p.undo(table.view_id + 5))  # a stale undo
    w.send(mover, p.action(table.view_id, {"kind": "commit", "count": 1}))  # the engine's refusal
    w.send(tv, p.action(table.view_id, {"kind": "pass"}))  # a watcher plays
    w.send(w.connect(), p.hello("Dan"))  # the game started, every seat is taken
    w.core.notice = wire.message("lan.notice.damaged", n=12)
    w.send(tv, p.bye())  # a place for the next watcher
    w.player("Late", role="spectator")  # told the host's news as it arrives
    w.deliver(w.core.close_all(wire.english(wire.message("lan.closing.closed")), wire.message("lan.closing.closed")))
    sent = worded_messages(w)
    keys = {assert_worded(message)["key"] for message in sent}
    assert keys >= {"lan.refused.other_game_version", "lan.refused.other_protocol", "lan.refused.bad_message",
                    "lan.refused.hello_first", "lan.refused.hello_again", "lan.error.not_under_way",
                    "lan.refused.seat_not_free", "lan.refused.seat_not_yours", "lan.refused.table_full",
                    "lan.refused.token_for_other_seat", "lan.refused.too_many_watchers",
                    "lan.error.nothing_to_undo", "lan.error.spectator_confirms", "lan.error.stale_move",
                    "lan.error.stale_undo", "rules.illegal.waiting_action", "lan.error.spectator_plays",
                    "lan.refused.no_free_seat_in_game", "lan.notice.damaged", "lan.closing.closed"}, keys
    taken = next(m for m in sent if m.get("message", {}).get("key") == "lan.refused.seat_not_free")
    assert taken["reason"] == "Seat 1 is not free; choose another."
    assert wire.shown_in("zh-TW", taken["message"]) == "座位 1 已經有人坐了；請另選一個座位。"


def test_the_hosts_own_moves_on_the_lobby_and_the_clock_refuse_in_both_languages() -> None:
    w = Recorder(players=3, hello_timeout=1.0, stall_timeout=1.0, rate=2.0, burst=2.0)
    ann, _ = w.player("Ann")
    bob, _ = w.player("Bob")
    cat, _ = w.player("Cat")
    w.core.set_plan(0, "computer")  # Ann's seat given away
    w.core.set_players(2)  # Cat's seat removed
    quiet = w.connect()
    stalled, _ = w.player("Dan", role="spectator")
    w.deliver(w.core.receive_bytes(stalled, encode_frame(p.ping())[:3], w.now))
    w.tick(1.5)  # no hello from quiet; Dan's frame stopped halfway
    noisy, _ = w.player("Eve", role="spectator")
    for _ in range(4):
        w.send(noisy, p.ping())  # too many messages
    garbled = w.connect()
    w.deliver(w.core.receive_bytes(garbled, b"\xff\xff\xff\xff" + b"x" * 8, w.now))  # unreadable
    keys = {assert_worded(message)["key"] for message in worded_messages(w)}
    assert keys >= {"lan.refused.seat_given_away", "lan.refused.seat_removed", "lan.refused.no_hello",
                    "lan.refused.stalled", "lan.refused.flood", "lan.refused.unreadable"}, keys
    assert quiet in w.inbox and any(isinstance(m, Close) for m in w.inbox[quiet])


def test_a_resumed_tables_reopened_seat_refuses_and_the_host_screen_reads_its_refusals() -> None:
    w = Wire(players=2)
    ann, _ = w.player("Ann")
    w.player("Bob")
    w.start()
    with pytest.raises(Exception) as caught:  # noqa: PT011 - the Refusal's text is checked below
        w.core.reopen_seats([5])
    refusal = caught.value
    assert str(refusal) == "This table has 2 seats; there is no seat 6."
    assert wire.shown_in("zh-TW", refusal.message) == "這張牌桌只有 2 個座位，沒有座位 6。"  # type: ignore[attr-defined]
    w.core.reopen_seats([0])  # Ann's connection is told her seat was reopened
    w.deliver(w.core.take())
    assert assert_worded(w.last(ann, "refused"))["key"] == "lan.refused.seat_reopened"
    w.send(w.connect(), p.hello("Eve", seat=1))
    assert assert_worded(w.last(w.next_conn - 1, "refused"))["key"] == "lan.refused.not_reopened"


def test_an_engine_refusal_is_forwarded_with_its_own_key_and_parameters(monkeypatch: pytest.MonkeyPatch) -> None:
    # A keyed refusal as the rules raise them (their keys land in errors_*.py): a colour as its wire name.
    monkeypatch.setitem(EN, "rules.illegal.test_leader", "Your {color} leader is not on the board.")
    monkeypatch.setitem(ZH, "rules.illegal.test_leader", "你的{color}色領袖不在版圖上。")

    def refuse(self: Table, seat: int, action: dict[str, Any]) -> None:
        raise IllegalAction("Your red leader is not on the board.", "rules.illegal.test_leader", color="red")

    w = Wire(players=2)
    ann, _ = w.player("Ann")
    bob, _ = w.player("Bob")
    table = w.start()
    monkeypatch.setattr(Table, "submit", refuse)
    error = w.send([ann, bob][table.to_move()], p.action(table.view_id, {"kind": "withdraw_leader"}))[0]
    assert error["message"] == {"key": "rules.illegal.test_leader", "params": {"color": "red"}}
    assert error["reason"] == wire.shown_in("en", error["message"]) == "Your red leader is not on the board."
    assert wire.shown_in("zh-TW", error["message"]) == "你的紅色領袖不在版圖上。"

    def unknown(self: Table, seat: int, action: dict[str, Any]) -> None:
        raise IllegalAction("A rule this host's catalogue lacks.", "rules.illegal.not_in_this_catalogue")

    monkeypatch.setattr(Table, "submit", unknown)
    error = w.send([ann, bob][table.to_move()], p.action(table.view_id, {"kind": "pass"}))[0]
    assert error["reason"] == "A rule this host's catalogue lacks." and "message" not in error


def test_a_client_cannot_make_the_host_send_a_key_it_chose() -> None:
    w = Wire(players=2)
    conn = w.connect()
    answer = w.send(conn, {**p.hello("Ann"), "message": {"key": "lan.closing.crashed", "params": {}}})
    words = assert_worded(answer[0])
    assert words["key"] == "lan.refused.bad_message" and "lan.closing.crashed" not in str(words["key"])
    ann, _ = w.player("Ann")
    bob, _ = w.player("Bob")
    table = w.start()
    # An action named after a key: the engine refuses it in its own words; the client's text is a parameter.
    mover = [ann, bob][table.to_move()]
    error = w.send(mover, p.action(table.view_id, {"kind": "lan.closing.crashed", "text": "{seat}"}))[0]
    assert error["type"] == "error" and error["message"]["key"] == "rules.illegal.unknown_kind"
    assert error["message"]["params"] == {"kind": "'lan.closing.crashed'"}
    assert wire.shown_in("en", error["message"]) == error["reason"] == "Unknown action kind 'lan.closing.crashed'."


# -- what a client accepts from a host -------------------------------------------------------------


MALFORMED = [
    "lan.closing.closed",  # not a map
    {"key": 7, "params": {}},
    {"key": "no.such.key", "params": {}},
    {"key": "lan.refused.seat_not_free", "params": {}},  # a parameter missing
    {"key": "lan.refused.seat_not_free", "params": {"seat": {"deep": 1}}},
    {"key": "lan.refused.seat_not_free", "params": [1]},
    {"key": "lan.refused.no_such_seat", "params": {"n": "two", "seat": 5}},  # a plural counted by a word
    {"key": "lan.refused.seat_not_free", "params": {f"p{i}": i for i in range(40)}},
    {"key": "lan.refused.seat_not_free", "params": {"seat": 1}, "extra": "field"},
]


@pytest.mark.parametrize("words", MALFORMED)
def test_malformed_words_from_a_host_fall_back_to_its_english(words: Any) -> None:
    i18n.set_language("zh-TW")
    message = p.check_host_message({"type": "refused", "reason": "Go away.", "message": words})
    from net.client import shown
    assert shown(message) == "Go away."


class HostileHost:
    """A stranger on the port: it answers every hello with a refusal whose words are malformed."""

    def __init__(self, words: Any) -> None:
        self.listener = socket.create_server(("127.0.0.1", 0))
        self.port = self.listener.getsockname()[1]
        self.words = words
        self.thread = threading.Thread(target=self._serve, daemon=True)
        self.thread.start()

    def _serve(self) -> None:
        conn, _ = self.listener.accept()
        with conn:
            conn.settimeout(5.0)
            decoder = FrameDecoder()
            while not decoder.feed(conn.recv(4096)):
                pass
            conn.sendall(encode_frame({"type": "refused", "reason": "Go away.", "message": self.words}))
            conn.recv(4096)  # until the client hangs up

    def close(self) -> None:
        self.listener.close()
        self.thread.join(timeout=5.0)


@pytest.mark.parametrize("words", [MALFORMED[0], MALFORMED[3], MALFORMED[6]])
def test_a_netlink_shows_a_hostile_hosts_english_when_its_words_are_malformed(words: Any) -> None:
    i18n.set_language("zh-TW")
    host = HostileHost(words)
    link = NetLink("127.0.0.1", host.port, "Ann", reconnect_for=1.0)
    try:
        wait_for(lambda: link.state == "refused", 5.0, "the hostile host's refusal")
        assert link.reason == "Go away."
    finally:
        link.close()
        host.close()


# -- over real sockets: one English player, one Chinese -------------------------------------------


def test_an_english_and_a_chinese_player_each_read_the_host_in_their_own_language() -> None:
    i18n.set_language("zh-TW")  # the NetLinks of this process show Chinese; the English side renders by hand
    host = make_host(players=3)
    ann = WireClient("127.0.0.1", host.port)
    ann.hello("Ann")
    bob = NetLink("127.0.0.1", host.port, "Bob", reconnect_for=1.0)
    others: list[Any] = []
    try:
        wait_for(lambda: bob.state == "lobby" and bob.seat == 1, 5.0, "Bob sits")
        # A refusal: a third player asks for Ann's seat, once in each language.
        eve = WireClient("127.0.0.1", host.port)
        others.append(eve)
        eve.send(p.hello("Eve", seat=0))
        refused = wait_for(lambda: _first(eve, "refused"), 5.0, "Eve's refusal")
        assert wire.shown_in("en", refused["message"], refused["reason"]) == "Seat 1 is not free; choose another."
        cat = NetLink("127.0.0.1", host.port, "Cat", seat=0, reconnect_for=1.0)
        others.append(cat)
        wait_for(lambda: cat.state == "refused", 5.0, "Cat's refusal")
        assert cat.reason == "座位 1 已經有人坐了；請另選一個座位。"
        # An illegal action from each of them (the engine's refusal: out of turn, or not a move now). The
        # third seat is played on the host's screen, so nothing moves while they try.
        host.set_plan(2, "local")
        host.start_game()
        wait_for(lambda: bob.view_id is not None and _first(ann, "update"), 5.0, "both see the table")
        commit = {"kind": "commit", "count": 1}
        engine = {}
        with host.lock:
            view_id = host.table.view_id
            for seat in (0, 1):
                with pytest.raises(IllegalAction) as caught:
                    host.table.submit(seat, commit)
                engine[seat] = {"key": caught.value.key, "params": caught.value.params}
        ann.send(p.action(view_id, commit))
        error = wait_for(lambda: _first(ann, "error"), 5.0, "Ann's error")
        assert error["message"] == engine[0] and wire.shown_in("en", error["message"]) == error["reason"]
        bob.send(1, commit, view_id)
        update = wait_for(lambda: next((u for u in bob.poll() if u.error), None), 5.0, "Bob's error")
        assert update.error == i18n.t_in("zh-TW", engine[1]["key"], **engine[1]["params"])
        # A notice: the host's news to whoever arrives (a resumed game gone back to an earlier position).
        with host.lock:
            host.core.notice = wire.message("lan.notice.damaged", n=3)
        tv_en = WireClient("127.0.0.1", host.port)
        others.append(tv_en)
        tv_en.hello("TV", role="spectator")
        notice = wait_for(lambda: _first(tv_en, "notice"), 5.0, "the English watcher's notice")
        assert wire.shown_in("en", notice["message"], notice["text"]).startswith(
            "The host's saved game was damaged: play goes on from an earlier position, after action 3.")
        tv_zh = NetLink("127.0.0.1", host.port, "電視", role="spectator", reconnect_for=1.0)
        others.append(tv_zh)
        wait_for(lambda: tv_zh.host_notice, 5.0, "the Chinese watcher's notice")
        assert tv_zh.host_notice.startswith("主機的存檔有損壞：遊戲從較早的局面繼續，也就是第 3 個行動之後。")
        # The closing reason.
        host.stop(key="lan.closing.left")
        closing = wait_for(lambda: _first(ann, "host_closing"), 5.0, "Ann told the host left")
        assert wire.shown_in("en", closing["message"], closing["reason"]) == "The host has left the game."
        wait_for(lambda: bob.state == "closed", 5.0, "Bob told the host left")
        assert bob.reason == "主機已離開遊戲。" and bob.notice == "主機已離開遊戲。"
    finally:
        host.stop()
        bob.close()
        ann.close()
        for other in others:
            other.close()


def _first(client: WireClient, kind: str) -> dict[str, Any] | None:
    """Return the first message of kind the client has received so far (reading what has arrived)."""
    try:
        client.drain(0.01)
    except ConnectionError:
        pass
    return next((m for m in client.log if m.get("type") == kind), None)


def test_the_announcement_carries_the_host_players_name_and_each_client_words_the_table() -> None:
    from net.announcement import HostedGame, decode_announcement, encode_announcement
    game = decode_announcement(encode_announcement(HostedGame("Ann's table", 47475, "g1", 4, 3, host_player="Ann")))
    assert game.host_player == "Ann" and game.host_name == "Ann's table"
    older = decode_announcement(encode_announcement(HostedGame("Two Rivers (headless)", 47475, "g2", 4, 3)))
    assert older.host_player == ""
    assert i18n.t_in("zh-TW", "lan.host.table_name", name=game.host_player) == "Ann\u2009的牌桌"
    w = Wire(players=2, host_name="Ann's table", host_player="Ann")
    ann, welcome = w.player("Bob")
    assert welcome["lobby"]["options"]["host_player"] == "Ann"
    w.core.set_host_name("Zed's table", "Zed")
    w.deliver(w.core.take())
    assert w.last(ann, "lobby")["options"]["host_player"] == "Zed"


# -- the host's console in the host's language ------------------------------------------------------


def test_the_hosts_console_speaks_chinese_when_the_host_does() -> None:
    i18n.set_language("zh-TW")
    w = Wire(players=2)
    w.player("Ann")
    w.player("Bob")
    tv, _ = w.player("TV", role="spectator")
    w.send(w.connect(), p.hello("Eve"))  # let go: every seat is taken
    w.start()
    w.send(tv, p.bye())
    lines = list(w.lines)
    assert len(lines) >= 5, lines
    assert all(has_cjk(line) for line in lines), [line for line in lines if not has_cjk(line)]
    # The TV came while the table filled: it looks at the seats (it watches once the game is under way).
    assert any("正在看座位" in line for line in lines) and any("坐上座位" in line for line in lines)
    assert describe_action("Ann", {"kind": "place_tile", "color": "red", "to": [2, 6]}) == \
        "Ann\u2009把一個神殿放在第 3 列第 7 行。"
    assert describe_ranking([{"seat": 0, "place": 1, "score": 7, "colors": {"red": 7}}], ["Ann"]) == \
        ["第 1 名：Ann，7 分  [紅 7]"]
    said: list[str] = []
    assert run_headless(players=2, computer=9, say=said.append) == 2
    assert said == ["--computer 必須介於 0 和 2 之間。"]


def test_the_hosts_console_stays_english_in_english() -> None:
    assert describe_action("Ann", {"kind": "place_tile", "color": "red", "to": [2, 6]}) == \
        "Ann places a temple at row 3, column 7."
    assert describe_action("Ann", {"kind": "swap", "tiles": ["red"]}) == "Ann swaps 1 tile."
    assert describe_ranking([{"seat": 0, "place": 1, "score": 1, "colors": {"red": 1}}], ["Ann"]) == \
        ["1. Ann: 1 point  [red 1]"]
