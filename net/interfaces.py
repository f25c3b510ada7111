"""This machine's IPv4 network interfaces: where discovery announces, and which addresses players can type.

Owns: listing the interfaces that are up (name, address, netmask, broadcast address) with the standard
library only, the broadcast addresses an announcement in `broadcast` mode goes to (every interface's own,
never loopback), and the addresses the host and join screens show: every one other machines may reach,
the likely LAN one first (the default route's interface, a network card's name, private before link-local),
bridges to containers and virtual machines (docker0, br-*, virbr*, lxcbr*, veth*) last.

A LAN party on a switch has no router, so no default route: sending to 255.255.255.255 fails there with
"network unreachable". Each interface's own broadcast address (10.77.0.255 on 10.77.0.1/24) always has a
route, so announcements go there instead.

On Linux the interfaces come from ioctl (SIOCGIFFLAGS, SIOCGIFADDR, SIOCGIFNETMASK, SIOCGIFBRDADDR), one
primary address per interface. Elsewhere (or if that fails) `interfaces()` returns None, announcements
fall back to 255.255.255.255 and the screens to the addresses the host name resolves to.

Imports the standard library only. Never pygame.
"""

from __future__ import annotations

import ipaddress
import os
import socket
import struct
import sys
from collections.abc import Collection
from dataclasses import dataclass

if sys.platform != "win32":  # Windows has no ioctl: interfaces() lists nothing there and the fallbacks take over
    import fcntl

LOOPBACK = "127.0.0.1"
BROADCAST = "255.255.255.255"
ROUTES = "/proc/net/route"  # Linux's routing table: the default route's interface faces the room's router

# Interface names of bridges and links to containers and virtual machines on this machine (Docker, libvirt,
# LXC/LXD, Podman, Kubernetes' CNI, VirtualBox, VMware): other machines cannot reach their addresses.
VIRTUAL_PREFIXES = ("docker", "br-", "virbr", "lxcbr", "lxdbr", "veth", "cni", "flannel", "podman", "vboxnet",
                    "vmnet", "tun", "tap", "wg", "tailscale", "zt")
# Names of network cards (the classic and the predictable kernel names, Ethernet and Wi-Fi).
PHYSICAL_PREFIXES = ("eth", "en", "wl")

# Linux ioctl requests and interface flags (linux/sockios.h, linux/if.h).
SIOCGIFFLAGS = 0x8913
SIOCGIFADDR = 0x8915
SIOCGIFBRDADDR = 0x8919
SIOCGIFNETMASK = 0x891B
IFF_UP = 0x1
IFF_BROADCAST = 0x2
IFF_LOOPBACK = 0x8


@dataclass(frozen=True)
class Interface:
    """One IPv4 interface that is up."""

    name: str
    address: str
    netmask: str
    broadcast: str | None  # None: the interface cannot broadcast (point-to-point, a VPN tunnel)
    loopback: bool = False


def interfaces() -> list[Interface] | None:
    """Return the IPv4 interfaces that are up, or None where this system cannot list them."""
    if not sys.platform.startswith("linux"):  # the ioctl requests below are Linux's
        return None
    try:
        names = [name for _, name in socket.if_nameindex()]
        with socket.socket(socket.AF_INET, socket.SOCK_DGRAM) as probe:
            return [found for name in names if (found := _interface(probe, name)) is not None]
    except OSError:
        return None


def _interface(probe: socket.socket, name: str) -> Interface | None:
    request = struct.pack("256s", name.encode()[:15])
    try:
        flags = struct.unpack("H", fcntl.ioctl(probe.fileno(), SIOCGIFFLAGS, request)[16:18])[0]
        if not flags & IFF_UP:
            return None
        address = _ioctl_address(probe, SIOCGIFADDR, request)
        netmask = _ioctl_address(probe, SIOCGIFNETMASK, request)
        broadcast = _ioctl_address(probe, SIOCGIFBRDADDR, request) if flags & IFF_BROADCAST else None
    except OSError:
        return None  # no IPv4 address on this interface (EADDRNOTAVAIL), or it went away meanwhile
    return Interface(name, address, netmask, broadcast or None, loopback=bool(flags & IFF_LOOPBACK))


def _ioctl_address(probe: socket.socket, request_code: int, request: bytes) -> str:
    # struct ifreq: 16 bytes of name, then a sockaddr_in whose address is at bytes 4..8.
    return socket.inet_ntoa(fcntl.ioctl(probe.fileno(), request_code, request)[20:24])


def subnet_broadcast(interface: Interface) -> str | None:
    """Return where a broadcast on this interface goes, or None if it has no subnet to broadcast on."""
    if interface.loopback or interface.broadcast is None:
        return None
    try:
        network = ipaddress.IPv4Network(f"{interface.address}/{interface.netmask}", strict=False)
    except ValueError:
        return None
    if network.prefixlen >= 31:
        return None  # a single machine or a point-to-point pair: nobody else to hear it
    told = interface.broadcast
    if told in (None, "0.0.0.0") or ipaddress.IPv4Address(told) not in network:
        return str(network.broadcast_address)  # the kernel was told no (or a wrong) broadcast address
    return told


def broadcast_targets(found: list[Interface] | None) -> list[str]:
    """Return every interface's own broadcast address, each once; 255.255.255.255 if none can be listed."""
    if found is None:
        return [BROADCAST]
    targets: list[str] = []
    for interface in found:
        address = subnet_broadcast(interface)
        if address is not None and address not in targets:
            targets.append(address)
    return targets


def usable_addresses(found: list[Interface] | None = None, routed: Collection[str] | None = None) -> list[str]:
    """Return every IPv4 address other machines can reach this one at (not loopback), the likely LAN one first.

    routed: the interfaces that hold a default route (None: this machine's, from /proc/net/route).
    """
    if found is None:
        found = interfaces()
    if found is None:
        return _resolved_addresses()
    if routed is None:
        routed = default_route_interfaces()
    usable = [i for i in found if not i.loopback and not ipaddress.IPv4Address(i.address).is_loopback]
    best: dict[str, tuple[int, int, int, int, tuple[int, ...]]] = {}
    for interface in usable:
        rank = _interface_rank(interface, routed)
        best[interface.address] = min(rank, best.get(interface.address, rank))
    return sorted(best, key=lambda address: best[address])


def _interface_rank(interface: Interface, routed: Collection[str]) -> tuple[int, int, int, int, tuple[int, ...]]:
    """Sort key: what a player should type first. A machine running containers or virtual machines has
    bridges (docker0 172.17.0.1, virbr0 192.168.122.1) that no other machine can reach: last, whatever their
    address. Then the interface that holds the default route (the one facing the room's router), private
    addresses before public ones and link-local ones (a switch with no DHCP) after them, and a physical-looking
    name (eth0, enp3s0, wlan0, wlp2s0) before any other."""
    address = _address_rank(interface.address)[0]
    virtual = interface.name.startswith(VIRTUAL_PREFIXES)
    physical = interface.name.startswith(PHYSICAL_PREFIXES)
    return (int(virtual), int(interface.name not in routed), address, int(not physical),
            tuple(int(part) for part in interface.address.split(".")))


def default_route_interfaces() -> set[str]:
    """Return the interfaces that hold a default route (Linux: /proc/net/route); empty where unknown."""
    try:
        with open(ROUTES, encoding="ascii", errors="replace") as table:
            rows = [line.split() for line in table.readlines()[1:]]
    except OSError:
        return set()
    return {row[0] for row in rows if len(row) > 7 and row[1] == "00000000" and row[7] == "00000000"}


def _address_rank(address: str) -> tuple[int, str]:
    ip = ipaddress.IPv4Address(address)
    rank = 2 if ip.is_link_local else 0 if ip.is_private else 1
    return (rank, address)


def _resolved_addresses() -> list[str]:
    """Return this machine's addresses by its name, where the interfaces cannot be listed (not Linux).

    Never on a development machine (TWO_RIVERS_LAN=loopback, or a value net.discovery does not understand,
    which it reads as loopback): the name may be looked up in DNS, and nothing there may leave the machine.
    """
    if not _lan_reaches_out():
        return []
    try:
        infos = socket.getaddrinfo(socket.gethostname(), None, socket.AF_INET)
    except OSError:
        return []
    addresses = [str(info[4][0]) for info in infos]
    return sorted({a for a in addresses if not ipaddress.IPv4Address(a).is_loopback}, key=_address_rank)


def _lan_reaches_out() -> bool:
    """Whether TWO_RIVERS_LAN lets this machine speak to the network, read as net.discovery.lan_mode reads it
    (unset, empty or `broadcast`, or an IPv4 address that names a machine; never `loopback` or a typo)."""
    value = os.environ.get("TWO_RIVERS_LAN", "").strip().lower()
    if value in ("", "broadcast"):
        return True
    try:
        return not ipaddress.IPv4Address(value).is_unspecified and not ipaddress.IPv4Address(value).is_loopback
    except ValueError:
        return False
