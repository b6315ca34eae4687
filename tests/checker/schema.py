"""The part of JSON Schema that docs/concours-file.schema.json uses (type,
const, enum, required, properties, additionalProperties: false, items,
oneOf, $ref to #/$defs, minimum, maximum, pattern, minItems, maxItems), enough to hold every
concours file to its documented format without a new dependency."""

from __future__ import annotations

import json
import re
from pathlib import Path
from typing import Any

SCHEMA_PATH = Path(__file__).resolve().parents[2] / "docs" / "concours-file.schema.json"
TYPES = {
    "object": dict,
    "array": list,
    "string": str,
    "boolean": bool,
    "null": type(None),
}


def load() -> dict[str, Any]:
    return json.loads(SCHEMA_PATH.read_text(encoding="utf-8"))


def _is(value: Any, kind: str) -> bool:
    if kind == "integer":
        return type(value) is int
    return isinstance(value, TYPES[kind])


def errors(value: Any, schema: dict[str, Any], root: dict[str, Any], where: str = "$") -> list[str]:
    """Where `value` breaks `schema`, as « path: why » lines (empty: it fits)."""
    if "$ref" in schema:
        name = schema["$ref"].removeprefix("#/$defs/")
        return errors(value, root["$defs"][name], root, where)
    if "oneOf" in schema:
        fits = [s for s in schema["oneOf"] if not errors(value, s, root, where)]
        return [] if len(fits) == 1 else [f"{where}: {len(fits)} choices of oneOf fit, not 1"]
    if "const" in schema and value != schema["const"]:
        return [f"{where}: {value!r} is not {schema['const']!r}"]
    if "enum" in schema and value not in schema["enum"]:
        return [f"{where}: {value!r} not in {schema['enum']}"]
    kinds = schema.get("type")
    if kinds is not None:
        kinds = kinds if isinstance(kinds, list) else [kinds]
        if not any(_is(value, k) for k in kinds):
            return [f"{where}: {value!r} is not of type {kinds}"]
    out: list[str] = []
    if "minimum" in schema and type(value) is int and value < schema["minimum"]:
        out.append(f"{where}: {value} < {schema['minimum']}")
    if "maximum" in schema and type(value) is int and value > schema["maximum"]:
        out.append(f"{where}: {value} > {schema['maximum']}")
    if "pattern" in schema and isinstance(value, str) and not re.search(schema["pattern"], value):
        out.append(f"{where}: {value!r} does not match {schema['pattern']}")
    if isinstance(value, dict):
        out += [f"{where}: missing {k!r}" for k in schema.get("required", ()) if k not in value]
        properties = schema.get("properties", {})
        if schema.get("additionalProperties") is False:
            out += [f"{where}: unexpected {k!r}" for k in value if k not in properties]
        for key, sub in properties.items():
            if key in value:
                out += errors(value[key], sub, root, f"{where}.{key}")
    if isinstance(value, list):
        if len(value) < schema.get("minItems", 0) or len(value) > schema.get("maxItems", 10**9):
            out.append(f"{where}: {len(value)} items")
        if "items" in schema:
            for i, item in enumerate(value):
                out += errors(item, schema["items"], root, f"{where}[{i}]")
    return out


def validate(doc: Any) -> list[str]:
    root = load()
    return errors(doc, root, root)
