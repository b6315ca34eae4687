"""The phone's rule profiles for tests/js/marque_generale.json: what
display/provisional.py gives static/js/marque.js (``P``), in French, for each
rules of the table, written to tests/js/marque_profiles.json so that
tests/js/marque_generale.test.js runs in Node without Django.

``python -m tests.js.marque_table`` writes them again; the table's own test
(tests/tournaments/display/test_provisional_marque.py) fails while they are
stale. Must not: hold expected marques (the table does, from the sources).
"""

from __future__ import annotations

import json
from pathlib import Path
from typing import Any

FOLDER = Path(__file__).resolve().parent
TABLE = FOLDER / "marque_generale.json"
PROFILES = FOLDER / "marque_profiles.json"


def table() -> dict[str, Any]:
    return json.loads(TABLE.read_text(encoding="utf-8"))


def rules_of(spec: dict[str, Any]) -> Any:
    import scoring

    options = {k: v for k, v in spec.items() if k != "preset"}
    return scoring.Rules.from_preset(spec["preset"], **options)


def profiles() -> dict[str, Any]:
    """name → the phone's profile of that rules, as the French pages give it."""
    from django.utils import translation

    from tournaments.display.provisional import phone_profile

    with translation.override("fr"):
        return {name: phone_profile(rules_of(spec)) for name, spec in table()["rules"].items()}


def text(found: dict[str, Any]) -> str:
    """One profile a line."""
    lines = [
        f"{json.dumps(k, ensure_ascii=False)}: {json.dumps(v, ensure_ascii=False, sort_keys=True)}"
        for k, v in found.items()
    ]
    return "{\n" + ",\n".join(lines) + "\n}\n"


if __name__ == "__main__":
    import os

    import django

    os.environ.setdefault("DJANGO_SETTINGS_MODULE", "config.settings")
    django.setup()
    PROFILES.write_text(text(profiles()), encoding="utf-8")
