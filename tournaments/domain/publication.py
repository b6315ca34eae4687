"""The publication key and the signature of an upload (issue 26), as
plain values: no Django, no database.

A key is random text shown once to its organizer; the server keeps only
its SHA-256 (`digest`). The laptop signs every upload with the key over the
moment it was sent, a nonce never used before and the SHA-256 of the body
(`signature`): a body changed on the way, or an upload sent again, does
not pass (`services/publication.py` checks and records the nonce).
"""

from __future__ import annotations

import hashlib
import hmac
import secrets

#: What a key starts with, so that a pasted key is recognised as one.
KEY_PREFIX = "bp_"
#: How many seconds an upload's moment may differ from the server's clock.
CLOCK_SLACK = 600


def new_key() -> str:
    return KEY_PREFIX + secrets.token_urlsafe(30)


def digest(key: str) -> str:
    return hashlib.sha256(key.strip().encode()).hexdigest()


def shown_prefix(key: str) -> str:
    """The beginning of a key, enough to tell two keys apart on a page."""
    return key[: len(KEY_PREFIX) + 6]


def new_nonce() -> str:
    return secrets.token_hex(16)


def signature(key: str, moment: int, nonce: str, body: bytes) -> str:
    message = f"{moment}\n{nonce}\n{hashlib.sha256(body).hexdigest()}".encode()
    return hmac.new(key.strip().encode(), message, hashlib.sha256).hexdigest()


def signature_matches(key: str, moment: int, nonce: str, body: bytes, given: str) -> bool:
    return hmac.compare_digest(signature(key, moment, nonce, body), given or "")


def on_time(moment: int, now: int) -> bool:
    return abs(now - moment) <= CLOCK_SLACK
