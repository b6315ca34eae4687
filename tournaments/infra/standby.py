"""This hall's name and its standby laptop, as the tables' phones learn them
(issue 39: the first laptop dead for good).

A table's page carries this hall's name (the journal's, made once per data
folder) and the standby laptop's address, typed by the organizer on the
first laptop (`hall --secours http://192.168.1.21:8000`). A phone whose
hall has not answered for a while asks the standby's ping (`ping`, a
cross-origin GET) and goes there only once the standby says it took over
this very hall (`hall --reprendre`). Without a standby named, the player
types the address the second laptop's desk shows, and the phone goes there
only once that address proves, with the page's own key, that it took this
very hall over (`proof`). The name of the hall taken over is kept in the
second laptop's data folder: restarted, it still says so.

The proof rests on each hall's takeover key (`OWN_KEY`, made one way from
the stick's key, itself made from the organizer's code: neither is ever on
the stick, so a copy of the stick proves nothing): a table's page holds a
key made from it and the page's own number; the laptop that took the hall
over made the replaced hall's takeover key from the code typed at the
takeover (`REPLACED_KEY`) and answers with it. The key proves that and
opens nothing else. No code (no journal: PostgreSQL), no key: the pages
then hold none, as no laptop could take the hall over.

Must not: take a standby address from the network (an address registered
by anyone on the Wi-Fi would send the phones, and their deals, elsewhere:
only the organizer's command line gives it), say a takeover it did not make,
or hold anything secret in the ping (it is read by any origin).
"""

from __future__ import annotations

import hashlib
import hmac
import re
import secrets
from pathlib import Path
from urllib.parse import urlsplit

REPLACES_FILE = "remplace"
#: The takeover key of the hall taken over, made from the code typed.
REPLACED_KEY_FILE = "cle-de-reprise-remplacee"

#: This hall's name ("" off the hall server), the hall it took over ("" if
#: none), the standby laptop's address ("" if none was given), the
#: takeover key of the hall it took over ("" if none), its own takeover key
#: ("" without a journal's code).
IDENTITY = ""
REPLACES = ""
STANDBY = ""
REPLACED_KEY = ""
OWN_KEY = ""
#: This hall's own address, as phones reach it (`hall` prints it): what its
#: proof of a takeover names.
HERE = ""
#: A table page's number, as the ping is asked with it.
NONCE = re.compile(r"[0-9a-f]{32}")


def address(text: str) -> str | None:
    """« http://192.168.1.21:8000 » → its origin; None when it is not a
    plain http(s) address of a host (a path, a user or a password in it)."""
    try:
        parts = urlsplit(text.strip())
        parts.port  # noqa: B018 (a port that is not a number raises)
    except ValueError:
        return None
    if parts.scheme not in ("http", "https") or not parts.hostname:
        return None
    if parts.username or parts.password or parts.path not in ("", "/") or parts.query:
        return None
    return f"{parts.scheme}://{parts.netloc}"


def start(
    data_dir: Path, *, identity: str, standby: str = "", here: str = "", key: str = ""
) -> None:
    """This hall's name, standby, address and takeover `key`, and the hall
    it took over if it did."""
    global IDENTITY, REPLACES, STANDBY, HERE, REPLACED_KEY, OWN_KEY
    IDENTITY, STANDBY, HERE, OWN_KEY = identity, standby, origin(here), key
    REPLACES = _read(data_dir / REPLACES_FILE)
    REPLACED_KEY = _read(data_dir / REPLACED_KEY_FILE) if REPLACES else ""


def _read(path: Path) -> str:
    try:
        return path.read_text(encoding="ascii").strip()
    except (OSError, UnicodeDecodeError):
        return ""


def took_over(data_dir: Path, replaced: str, key: str = "") -> None:
    """This hall now serves the concours of `replaced` (its takeover `key`,
    "" if none is known: the phones then cannot check the proof):
    said by the ping and the desk's QR code."""
    global REPLACES, REPLACED_KEY
    REPLACED_KEY = key
    (data_dir / REPLACED_KEY_FILE).write_text(key, encoding="ascii")
    (data_dir / REPLACED_KEY_FILE).chmod(0o600)
    (data_dir / REPLACES_FILE).write_text(replaced, encoding="ascii")
    REPLACES = replaced


def csp_with(policy: dict, *sources: str) -> dict:
    """The Content Security Policy with other laptops' pings allowed: the
    standby's (all pages), or any address (a table's page, whose player
    types the one the desk shows: static/js/outbox.js)."""
    connect = policy.get("connect-src") or policy.get("default-src") or []
    return {**policy, "connect-src": [*connect, *sources]}


def origin(url: str) -> str:
    """An address as a browser names its origin (host in lowercase, no
    default port); "" when it is not one."""
    checked = address(url or "")
    if checked is None:
        return ""
    parts = urlsplit(checked)
    default = {"http": 80, "https": 443}[parts.scheme]
    port = f":{parts.port}" if parts.port and parts.port != default else ""
    host = parts.hostname.lower()
    return f"{parts.scheme}://{'[' + host + ']' if ':' in host else host}{port}"


def page_key(nonce: str, key: str) -> str:
    """The key a table's page holds (static/js/hall-proof.js): made from a
    hall's takeover key and the page's own number."""
    if not key:
        raise ValueError("no takeover key, no page key")
    return hmac.new(key.encode(), nonce.encode(), hashlib.sha256).hexdigest()


def proof(nonce: str) -> str:
    """That this hall, at its own address, took the hall over: what a
    table's page asks before it carries anything to an address its player
    typed ("" when this hall took nothing over, has not its takeover key,
    or the number is not one)."""
    if not (REPLACES and REPLACED_KEY and HERE and NONCE.fullmatch(nonce or "")):
        return ""
    key = page_key(nonce, REPLACED_KEY)
    return hmac.new(key.encode(), HERE.encode(), hashlib.sha256).hexdigest()


def ping(nonce: str = "") -> dict[str, str]:
    answer = {"hall": IDENTITY, "replaces": REPLACES}
    if said := proof(nonce):
        answer["proof"] = said
    return answer


def page() -> dict[str, str]:
    """What a table's page and its regular call carry."""
    return {"hall": IDENTITY, "standby": STANDBY}


def page_proof() -> dict[str, str]:
    """A table's page's own number and key, on the hall with a takeover
    key: what it checks an address its player typed with (`proof`,
    static/js/hall-proof.js)."""
    if not (IDENTITY and OWN_KEY):
        return {}
    nonce = secrets.token_hex(16)
    return {"nonce": nonce, "key": page_key(nonce, OWN_KEY)}
