"""A journal's line, and a statement's parameters in it, as JSON and back.

A line is one JSON object whose last key « h » chains it to the line
before: the HMAC-SHA-256, with the hall's key (made from the organizer's
code, never on the stick: `sealing`), of the previous line's « h » and of
this line without it (`seal`, `unseal`). A line changed, dropped, moved or
added no longer matches, and whoever holds the stick without the code
cannot seal it again. The previous release chained with a plain SHA-256
(journal format 2, `key=None`): read only when the organizer says so, as
damage is all it finds.

A statement's parameters are stored exactly as SQLite receives them.

Plain values (text, integers, floats, None) stay as they are; bytes are
tagged and base64-encoded; anything else (a Decimal, a datetime) is first
turned into what SQLite would store by the adapter registered for its type
(Django registers them), so that a replay stores the same bytes. A type no
adapter knows would have failed in SQLite too: it raises here.

Must not: use pickle (a journal read back from a USB stick is data, never
code to run).
"""

from __future__ import annotations

import base64
import hashlib
import hmac
import json
import re
import sqlite3
from collections.abc import Mapping
from pathlib import Path
from typing import Any

PLAIN = (str, int, float, type(None))
SEALED = re.compile(r'(\{.*),"h":"([0-9a-f]{64})"\}')


def chained(key: bytes | None, prev: str, body: str) -> str:
    """A line's « h »: sealed with `key`; None only for the previous
    release's lines (a plain SHA-256)."""
    if key is None:
        return hashlib.sha256((prev + body).encode()).hexdigest()
    if not key:
        raise ValueError("no key, no seal")
    return hmac.new(key, (prev + body).encode(), hashlib.sha256).hexdigest()


def seal(prev: str, record: dict, key: bytes) -> tuple[str, str]:
    """`record` as its line (without the newline), chained on `prev` and
    sealed with `key`; and the line's own « h », the next line's `prev`."""
    body = json.dumps(record, ensure_ascii=False, separators=(",", ":"))
    said = chained(key, prev, body)
    return f'{body[:-1]},"h":"{said}"}}', said


def last_seal(segment: Path) -> str:
    """The « h » of the last whole line of a segment ("" if none)."""
    try:
        text = segment.read_bytes()
    except OSError:
        return ""
    whole = text[: max(0, text.rfind(b"\n"))].rsplit(b"\n", 1)[-1]
    found = SEALED.fullmatch(whole.decode("utf-8", "replace"))
    return found.group(2) if found else ""


def unseal(prev: str | None, line: str, key: bytes | None) -> tuple[dict, str]:
    """The record of a line and its « h », chained on `prev` (None: the
    line says its own `prev`, a segment's header) and sealed with `key`;
    ValueError when the line is not one, does not follow `prev`, or is not
    sealed by `key`."""
    found = SEALED.fullmatch(line)
    if found is None:
        raise ValueError("not a sealed line")
    body, said = found.group(1) + "}", found.group(2)
    record = json.loads(body)
    if not isinstance(record, dict):
        raise ValueError("not a record")
    if prev is None:
        prev = record.get("prev")
        if not isinstance(prev, str):
            raise ValueError("a header without its prev")
    if not hmac.compare_digest(chained(key, prev, body), said):
        raise ValueError("the chain is broken")
    return record, said


def encode_value(value: Any) -> Any:
    if isinstance(value, PLAIN):
        return value
    if isinstance(value, bytes | bytearray | memoryview):
        return {"b": base64.b64encode(bytes(value)).decode("ascii")}
    adapter = sqlite3.adapters.get((type(value), sqlite3.PrepareProtocol))
    if adapter is None:
        raise TypeError(f"no SQLite adapter for a parameter of type {type(value).__name__}")
    return encode_value(adapter(value))


def decode_value(value: Any) -> Any:
    if isinstance(value, PLAIN):
        return value
    if isinstance(value, dict) and set(value) == {"b"} and isinstance(value["b"], str):
        return base64.b64decode(value["b"], validate=True)
    raise ValueError(f"unreadable parameter in the journal: {value!r}")


def encode_params(params: Any) -> Any:
    """One statement's parameters (a sequence, a mapping or None)."""
    if params is None:
        return None
    if isinstance(params, Mapping):
        return {"k": {str(key): encode_value(value) for key, value in params.items()}}
    return [encode_value(value) for value in params]


def decode_params(params: Any) -> Any:
    if params is None:
        return None
    if isinstance(params, list):
        return [decode_value(value) for value in params]
    if isinstance(params, dict) and set(params) == {"k"} and isinstance(params["k"], dict):
        return {key: decode_value(value) for key, value in params["k"].items()}
    raise ValueError(f"unreadable parameters in the journal: {params!r}")


def encode_statement(sql: str, params: Any, many: bool) -> list:
    if many:
        return [sql, [encode_params(p) for p in params], True]
    return [sql, encode_params(params), False]


def decode_statement(entry: Any) -> tuple[str, Any, bool]:
    if not (isinstance(entry, list) and len(entry) == 3 and isinstance(entry[0], str)):
        raise ValueError("unreadable statement in the journal")
    sql, params, many = entry
    if many is True:
        if not isinstance(params, list):
            raise ValueError("unreadable statement in the journal")
        return sql, [decode_params(p) for p in params], True
    return sql, decode_params(params), False
