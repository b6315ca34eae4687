"""A concours file held to its documented format, docs/concours-file.schema.json,
before anything recomputes it: the first fault found (fastjsonschema
validates the file with code it compiles from the schema, once a process),
with the JSON path where it is (« rounds[0].tables[1].totals.B ») and what
the format wants there, in a sentence of the caller's language.

Pure apart from reading the schema file: a plain dict in, a `Fault` or None
out, worded by `sentence`. Must not import Django: the checker reads a file
alone.
"""

from __future__ import annotations

import functools
import json
from collections.abc import Callable, Mapping
from dataclasses import dataclass
from pathlib import Path
from typing import Any

import fastjsonschema

from checker.words import Translate, gettext_noop

SCHEMA_PATH = Path(__file__).resolve().parents[1] / "docs" / "concours-file.schema.json"

#: The schema's types, said (« un nombre entier est attendu »).
TYPE_WORDS = {
    "integer": gettext_noop("un nombre entier"),
    "number": gettext_noop("un nombre"),
    "string": gettext_noop("un texte"),
    "boolean": gettext_noop("vrai ou faux (true, false)"),
    "object": gettext_noop("un objet { … }"),
    "array": gettext_noop("une liste [ … ]"),
    "null": gettext_noop("rien (null)"),
}


@dataclass(frozen=True)
class Fault:
    """Where the file leaves its format (a JSON path, "" for the whole file),
    the schema's rule it breaks (`type`, `required`, `enum`…), the rule's
    value in the schema, the part of the schema that holds it, and the
    value found."""

    where: str
    rule: str
    expected: Any
    schema: Mapping[str, Any]
    value: Any


@functools.cache
def validator() -> Callable[[Any], Any]:
    """The schema compiled (about half a second: once a process)."""
    schema = json.loads(SCHEMA_PATH.read_text(encoding="utf-8"))
    compiled: Callable[[Any], Any] = fastjsonschema.compile(schema)
    return compiled


def fault(doc: Any) -> Fault | None:
    """The first place where `doc` leaves the format, or None when it fits."""
    try:
        validator()(doc)
    except fastjsonschema.JsonSchemaValueException as error:
        where = (error.name or "data").removeprefix("data").removeprefix(".")
        definition = error.definition if isinstance(error.definition, Mapping) else {}
        return Fault(where, error.rule or "", error.rule_definition, definition, error.value)
    return None


def _show(value: Any, translate: Translate) -> str:
    """A value of the file as it reads there, cut short; a list or an object named."""
    if isinstance(value, list | dict):
        return translate(TYPE_WORDS["array" if isinstance(value, list) else "object"])
    text = json.dumps(value, ensure_ascii=False)
    return text if len(text) <= 40 else text[:39] + "…"


def why(found: Fault, translate: Translate) -> str:
    """What the format wants at `found.where`, in one clause."""
    _ = translate
    value, expected = found.value, found.expected
    if found.rule == "type":
        kinds = expected if isinstance(expected, list) else [expected]
        wanted = _(" ou ").join(_(TYPE_WORDS.get(str(kind), str(kind))) for kind in kinds)
        return _("le format attend %(wanted)s, le fichier a %(value)s") % {
            "wanted": wanted,
            "value": _show(value, _),
        }
    if found.rule == "required" and isinstance(value, Mapping):
        missing = [name for name in expected if name not in value]
        return _("le champ « %(field)s » manque") % {"field": missing[0] if missing else "?"}
    if found.rule == "additionalProperties" and isinstance(value, Mapping):
        known = found.schema.get("properties", {})
        extra = sorted(str(name) for name in value if name not in known)
        return _("le champ « %(field)s » n'est pas du format") % {
            "field": extra[0] if extra else "?"
        }
    if found.rule in ("enum", "const"):
        allowed = expected if found.rule == "enum" else [expected]
        return _("%(value)s n'est pas permis (%(allowed)s)") % {
            "value": _show(value, _),
            "allowed": ", ".join(_show(a, _) for a in allowed),
        }
    if found.rule == "minimum":
        return _("%(value)s est sous le minimum, %(minimum)s") % {
            "value": _show(value, _),
            "minimum": expected,
        }
    if found.rule == "maximum":
        return _("%(value)s est au-dessus du maximum, %(maximum)s") % {
            "value": _show(value, _),
            "maximum": expected,
        }
    if found.rule in ("minItems", "maxItems") and isinstance(value, list):
        return _("la liste a %(count)s élément(s), le format en veut %(limit)s %(side)s") % {
            "count": len(value),
            "limit": expected,
            "side": _("au moins") if found.rule == "minItems" else _("au plus"),
        }
    if found.rule in ("oneOf", "anyOf"):
        return _("%(value)s n'a aucune des formes que le format permet ici") % {
            "value": _show(value, _)
        }
    return _("la règle « %(rule)s » du format n'est pas suivie") % {"rule": found.rule}


def sentence(found: Fault, translate: Translate) -> str:
    """The file refused in one sentence, with where and why."""
    _ = translate
    where = found.where or _("la racine du fichier")
    return _(
        "Le fichier de concours est mal formé (à « %(where)s » : %(why)s ; son format est "
        "docs/concours-file.schema.json)."
    ) % {"where": where, "why": why(found, translate)}
