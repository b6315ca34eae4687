"""The address phones use to reach this server: printed in every QR code and
link on paper, shown on the organizer's dashboard and by the hall server.

In a village hall the laptop serves the players' phones on the local Wi-Fi:
a link to 127.0.0.1 (what the organizer typed on the laptop) would open
nothing on a phone. So the address is, in order: `PUBLIC_URL` when set; the
address the request came in on when a phone could use it; else the laptop's
own address on the local network with the request's port. A loopback
address is never chosen when another one exists; when none exists the
address is marked unreachable and the dashboard warns before printing.

A link made without a request (a mail queued at the end of the concours or
by the worker) starts with the address the hall server announced when it
started (`SERVED_AT`: its port and, when told to listen on one address,
that address); on a hosted site, with its host name (`ALLOWED_HOSTS`'s
first, over HTTPS). It once took port 8000 whatever the hall's port, so a
result mail's links opened nothing (issue 54, item 2).

Must not: send anything on the network (the local address is read from the
machine's own names and routes, no packet leaves), nor depend on a platform
(Windows, macOS and Linux alike).
"""

from __future__ import annotations

import ipaddress
import socket
from collections.abc import Iterable
from dataclasses import dataclass
from urllib.parse import urlsplit

from django.conf import settings
from django.http import HttpRequest

DEFAULT_PORT = 8000
#: Where the hall server answers, once it started (manage.py hall).
SERVED_AT: PublicAddress | None = None


@dataclass(frozen=True)
class PublicAddress:
    url: str  # scheme://host[:port], no trailing slash
    reachable: bool  # False when only a loopback address could be found
    source: str  # "setting", "request", "network" or "loopback"


def is_loopback(host: str) -> bool:
    host = host.strip("[]")
    if host in ("localhost", ""):
        return True
    try:
        return ipaddress.ip_address(host).is_loopback
    except ValueError:
        return host.endswith(".localhost")


def pick_lan_address(candidates: Iterable[str]) -> str | None:
    """The best address for phones among the machine's IPv4 addresses: a
    private one (192.168…, 10…, 172.16–31…) first, never loopback or
    link-local."""
    usable = []
    for text in candidates:
        try:
            address = ipaddress.ip_address(text)
        except ValueError:
            continue
        if address.version != 4 or address.is_loopback or address.is_link_local:
            continue
        if address.is_unspecified or address.is_multicast:
            continue
        usable.append(address)
    usable.sort(key=lambda a: (not a.is_private, str(a)))
    return str(usable[0]) if usable else None


def machine_addresses() -> list[str]:
    """The machine's IPv4 addresses, from its own host name and from the
    route the system would take (a UDP socket that is connected but never
    sends: no packet leaves the machine)."""
    found: list[str] = []
    try:
        for info in socket.getaddrinfo(socket.gethostname(), None, socket.AF_INET):
            found.append(str(info[4][0]))
    except OSError:
        pass
    probe = socket.socket(socket.AF_INET, socket.SOCK_DGRAM)
    try:
        probe.connect(("192.0.2.1", 9))  # TEST-NET-1: routed, never answered
        found.append(probe.getsockname()[0])
    except OSError:
        pass
    finally:
        probe.close()
    return found


def _request_base(request: HttpRequest) -> tuple[str, str, int]:
    scheme = request.scheme
    host = request.get_host()
    parts = urlsplit(f"{scheme}://{host}")
    port = parts.port or (443 if scheme == "https" else 80)
    return scheme, parts.hostname or "", port


def public_address_for_port(
    port: int, scheme: str = "http", host: str = "", *, listen: str = ""
) -> PublicAddress:
    """Where phones reach a server listening on `port` of this machine (on
    the one address `listen`, when it is told one)."""
    configured = getattr(settings, "PUBLIC_URL", "")
    if configured:
        return PublicAddress(configured.rstrip("/"), True, "setting")
    suffix = "" if port == (443 if scheme == "https" else 80) else f":{port}"
    if listen and listen not in ("0.0.0.0", "::"):
        reachable = not is_loopback(listen)
        return PublicAddress(f"{scheme}://{listen}{suffix}", reachable, "listen")
    lan = pick_lan_address(machine_addresses())
    if lan:
        return PublicAddress(f"{scheme}://{lan}{suffix}", True, "network")
    return PublicAddress(f"{scheme}://{host or '127.0.0.1'}{suffix}", False, "loopback")


def serve_at(public: PublicAddress) -> None:
    """The hall server's own address, once it listens (manage.py hall)."""
    global SERVED_AT
    SERVED_AT = public


def _hosted_site() -> str:
    """The hosted site's address, from its first domain name (never a
    wildcard, a bare address or a one-word name: those are a laptop's)."""
    for host in getattr(settings, "ALLOWED_HOSTS", []):
        if host.startswith((".", "*")) or "." not in host or host.replace(".", "").isdigit():
            continue
        return f"{'http' if settings.DEBUG else 'https'}://{host}"
    return ""


def public_address(request: HttpRequest | None = None) -> PublicAddress:
    """Where phones reach this server (see the module's docstring)."""
    if getattr(settings, "PUBLIC_URL", ""):
        return public_address_for_port(DEFAULT_PORT)
    if request is not None:
        scheme, host, port = _request_base(request)
        if host and not is_loopback(host):
            return PublicAddress(request.build_absolute_uri("/").rstrip("/"), True, "request")
    if SERVED_AT is not None:
        return SERVED_AT
    if request is None:
        site = "" if settings.HALL else _hosted_site()
        return PublicAddress(site, True, "site") if site else public_address_for_port(DEFAULT_PORT)
    return public_address_for_port(port, scheme, host)


def absolute(path: str, request: HttpRequest | None = None) -> str:
    """`path` on the public address: what a QR code or a printed link holds."""
    return public_address(request).url + path


def site_url(request: HttpRequest) -> str:
    """The base of the links mailed to an organizer (confirmation, password
    reset, invitation): `PUBLIC_URL` when set, else the address the request
    came in on — on the hosted service its host name, which ALLOWED_HOSTS
    checks (as Django's own reset mails do). Unlike `public_address`, never
    the laptop's network address: a mail is read wherever its reader is."""
    configured = getattr(settings, "PUBLIC_URL", "")
    if configured:
        return configured.rstrip("/")
    return request.build_absolute_uri("/").rstrip("/")
