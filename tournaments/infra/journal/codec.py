"""A statement's parameters as JSON, and back, exactly as SQLite receives them.

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
import sqlite3
from collections.abc import Mapping
from typing import Any

PLAIN = (str, int, float, type(None))


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
