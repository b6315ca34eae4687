"""Counts the password hashing a process does, for
tests/attacks/test_sign_up_timing.py: put on PYTHONPATH of a real server
(Python imports `sitecustomize` at start-up), it wraps
`hashlib.pbkdf2_hmac` — the whole cost of Django's default password hasher
— so that each call still derives its key and also appends its iteration
count, one line, to the file named by HASH_COUNT_FILE. The work a request
does is then read as a number, which the machine's load cannot change, as
it changes a duration or even a CPU time.

It must not change what the function returns, nor do anything when
HASH_COUNT_FILE is unset."""

from __future__ import annotations

import hashlib
import os

_FILE = os.environ.get("HASH_COUNT_FILE")

if _FILE:
    _pbkdf2_hmac = hashlib.pbkdf2_hmac

    def _counted(hash_name, password, salt, iterations, dklen=None):  # type: ignore[no-untyped-def]
        key = _pbkdf2_hmac(hash_name, password, salt, iterations, dklen)
        # O_APPEND: one short line written whole, whatever the worker.
        fd = os.open(_FILE, os.O_WRONLY | os.O_APPEND | os.O_CREAT, 0o600)
        try:
            os.write(fd, f"{iterations}\n".encode())
        finally:
            os.close(fd)
        return key

    hashlib.pbkdf2_hmac = _counted
