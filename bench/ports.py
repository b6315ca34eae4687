"""Ports for servers a test or a benchmark starts as a separate process.

A port the kernel hands out (bind to port 0) is one of its ephemeral ports,
which it also gives, in the meantime, to the outgoing connections of the
other tests running beside (browsers, HTTP clients): a server started
seconds later on all interfaces could find it taken (« Address already in
use », seen once in CI while the built app wrote its demo for 48 s). The
ports here are below the ephemeral range, so no outgoing connection gets
one, and each is checked free on all interfaces before it is given.
"""

from __future__ import annotations

import random
import socket
from pathlib import Path

RANGE_FILE = Path("/proc/sys/net/ipv4/ip_local_port_range")


def _first_ephemeral() -> int:
    try:
        return int(RANGE_FILE.read_text().split()[0])
    except (OSError, ValueError, IndexError):
        return 32768  # Linux's default; macOS starts at 49152


def server_port(tries: int = 50) -> int:
    """A port no outgoing connection will take, free on all interfaces now."""
    top = min(_first_ephemeral(), 49152) - 1
    chooser = random.SystemRandom()
    for _ in range(tries):
        port = chooser.randint(20000, top)
        with socket.socket() as probe:
            try:
                probe.bind(("0.0.0.0", port))
            except OSError:
                continue
            return port
    raise RuntimeError(f"no free port between 20000 and {top} after {tries} tries")
