"""The features a backup's concours turned on, checked: its `features` (a
list of labels), or, in a file of the release before that list, each
feature's box of its own (`cash_enabled`: true…, models/options.SWITCHES).

Responsible for: refusing a wrong value at its field. Must not: write.
"""

from __future__ import annotations

import re
from typing import Any

from django.utils.translation import gettext as _

from tournaments.models import Tournament
from tournaments.models.options import COLUMNS, SWITCHES
from tournaments.services.backup.document import refusal_at
from tournaments.services.backup.rows import field_label

#: A feature's label: short, lower case (models/options.SWITCHES, the apps' `switch`).
FEATURE_LABEL = re.compile(r"[a-z][a-z0-9_]{0,39}")


def switches(meta: Any, where: str) -> dict[str, bool]:
    """The features' boxes of a file of the earlier release (`cash_enabled`:
    true…), as {label: on}."""
    if not isinstance(meta, dict):
        return {}
    found = {}
    for name, label in SWITCHES.items():
        if name in meta:
            if type(meta[name]) is not bool:
                raise refusal_at(
                    f"{where}, {COLUMNS[name].verbose_name}", _("vrai ou faux est attendu")
                )
            found[label] = meta[name]
    return found


def feature_labels(value: Any, where: str) -> set[str]:
    """The file's `features`: a list of labels, each at most once."""
    if (
        not isinstance(value, list)
        or len(value) > 50
        or not all(isinstance(label, str) and FEATURE_LABEL.fullmatch(label) for label in value)
    ):
        raise refusal_at(
            f"{where}, {field_label(Tournament, 'features')}",
            _("une liste de noms de fonctions est attendue"),
        )
    return set(value)
