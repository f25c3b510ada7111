"""The host's own seats: its computers are the one driver every table uses (a LAN host's computers make
exactly the decisions a hot-seat table's make for the same game seed and AI seed; a missing player's stand-in
plays through the same driver), and the host's screen holds a whole Link over the hosted table."""

from __future__ import annotations

from game.ai.seats import ComputerSeats
from game.session import LocalLink, Seat, Table
from net.host import Host, HostConfig
from tests.lan_kit import wait_for

SEED, AI_SEED = 31, 2**100 + 7


def hosted_game(level: str) -> list[tuple[int, dict]]:
    """Return the records of a hosted game between two computers, played to its end."""
    host = Host(HostConfig(players=2, bind="127.0.0.1", port=0, announce=False, seed=SEED, ai_seed=AI_SEED,
                           computer_delay=0.0), say=lambda line: None)
    host.set_plan(0, "computer", level)
    host.set_plan(1, "computer", level)
    host.start()
    try:
        host.start_game()
        wait_for(lambda: host.phase == "over", 120, "the computers to finish the game")
        assert host.table is not None and host.table.ai_seed == AI_SEED
        with host.lock:
            return [(r.seat, r.action) for r in host.table.records]
    finally:
        host.stop()


def hot_seat_game(level: str) -> list[tuple[int, dict]]:
    """Return the records of the same game played on one screen by the same driver."""
    table = Table([Seat("Computer 1", "bull", level), Seat("Computer 2", "lion", level)], SEED, ai_seed=AI_SEED)
    link = LocalLink(table, frozenset({0, 1}))
    seats = ComputerSeats(link, lambda seat: level, AI_SEED, min_think=0.0, workers="inline")
    while table.to_move() is not None:
        assert len(table.records) < 2000
        seats.tick()
    return [(r.seat, r.action) for r in table.records]


def test_the_hosts_computers_decide_as_a_hot_seat_tables_do() -> None:
    hosted = hosted_game("easy")
    assert len(hosted) > 50
    assert hosted == hot_seat_game("easy")


def test_the_hosts_own_screen_holds_a_whole_link_that_is_lost_once_the_host_closes() -> None:
    from game.session import Link, LinkStatus

    host = Host(HostConfig(players=2, bind="127.0.0.1", port=0, announce=False, seed=SEED, computer_delay=60.0),
                say=lambda line: None)
    host.set_plan(0, "local")
    host.set_plan(1, "computer")
    host.start()
    host.start_game()
    link = host.local_link()
    assert isinstance(link, Link) and link.status is LinkStatus.PLAYING and link.notice == ""
    assert link.view(0) is not None and link.view(1) is None and link.local_seats == frozenset({0})
    link.close()
    assert link.status is LinkStatus.LOST and link.notice == "The host has left the game."
