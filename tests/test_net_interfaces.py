"""Tests of this machine's interfaces as discovery sees them: where broadcasts go, which addresses to show.

Everything here is computed from interface lists (or read from this machine with ioctl); nothing is sent.
"""

from __future__ import annotations

import pytest

from net.discovery import announce_targets
from net.interfaces import Interface, broadcast_targets, interfaces, subnet_broadcast, usable_addresses

LO = Interface("lo", "127.0.0.1", "255.0.0.0", None, loopback=True)
SWITCH = Interface("eth0", "10.77.0.1", "255.255.255.0", "10.77.0.255")
WIFI = Interface("wlan0", "192.168.1.20", "255.255.255.0", "192.168.1.255")
VPN = Interface("tun0", "10.8.0.2", "255.255.255.255", None)  # point to point: nobody to broadcast to


def test_broadcast_goes_to_every_interface_of_its_own_and_never_loopback() -> None:
    assert broadcast_targets([LO, SWITCH, WIFI, VPN]) == ["10.77.0.255", "192.168.1.255"]
    assert announce_targets("broadcast", 47474, lambda: [LO, SWITCH]) == [("10.77.0.255", 47474)]


def test_broadcast_without_interfaces_says_so_and_without_a_listing_falls_back() -> None:
    assert broadcast_targets([LO]) == []  # nothing to announce on: the Announcer tells the host
    assert broadcast_targets(None) == ["255.255.255.255"]  # a system that cannot list its interfaces


@pytest.mark.parametrize(
    ("interface", "expected"),
    [
        (Interface("eth0", "10.1.2.3", "255.255.0.0", "10.1.255.255"), "10.1.255.255"),
        (Interface("eth0", "10.1.2.3", "255.255.0.0", "0.0.0.0"), "10.1.255.255"),  # no brd given: computed
        (Interface("eth0", "10.1.2.3", "255.255.255.0", "10.9.9.255"), "10.1.2.255"),  # a wrong brd: computed
        (Interface("eth0", "10.1.2.3", "255.255.255.254", "10.1.2.3"), None),  # /31: a pair, no broadcast
        (LO, None),
        (VPN, None),
    ],
)
def test_an_interfaces_broadcast_address(interface: Interface, expected: str | None) -> None:
    assert subnet_broadcast(interface) == expected


def test_usable_addresses_leave_out_loopback_and_put_the_lan_first() -> None:
    link_local = Interface("eth1", "169.254.3.4", "255.255.0.0", "169.254.255.255")
    public = Interface("eth2", "8.8.4.4", "255.255.255.0", "8.8.4.255")
    assert usable_addresses([LO, link_local, public, WIFI, SWITCH], routed=()) == [
        "10.77.0.1", "192.168.1.20", "8.8.4.4", "169.254.3.4"]
    assert usable_addresses([LO], routed=()) == []


def test_this_machines_interfaces_are_listed_with_loopback_among_them() -> None:
    # Read only (ioctl); nothing is sent. Linux lists them; other systems say they cannot (None).
    found = interfaces()
    if found is None:
        pytest.skip("this system cannot list its interfaces")
    assert any(i.loopback and i.address == "127.0.0.1" for i in found)
    assert "127.0.0.1" not in usable_addresses(found)


def test_where_interfaces_cannot_be_listed_broadcast_and_the_host_names_addresses_stand_in(
    monkeypatch: pytest.MonkeyPatch,
) -> None:
    import socket

    from net import interfaces as module

    monkeypatch.setattr(module.sys, "platform", "darwin")  # no Linux ioctl there
    assert module.interfaces() is None
    assert announce_targets("broadcast", 47474) == [("255.255.255.255", 47474)]

    looked_up: list[str] = []

    def resolved(host: str, port: object, family: int = 0, *args: object) -> list[tuple]:
        looked_up.append(host)
        return [(family, 0, 0, "", (address, 0)) for address in ("127.0.1.1", "192.168.1.20", "10.0.0.5")]

    monkeypatch.setattr(socket, "getaddrinfo", resolved)
    monkeypatch.setenv("TWO_RIVERS_LAN", "loopback")
    assert usable_addresses() == [] and looked_up == []  # a development machine never asks DNS for its name
    monkeypatch.setenv("TWO_RIVERS_LAN", "broadcast")
    assert usable_addresses() == ["10.0.0.5", "192.168.1.20"] and looked_up
