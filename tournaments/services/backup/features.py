"""The features' own sections of a backup (`features`, absent from older
files and from a core without features): an object of one object a
feature. Each feature checks its own when it takes it on import
(`hooks.CONCOURS_IMPORTED`); a feature not installed here is left aside.
Must not: read a feature's section (the core knows no feature).
"""

from __future__ import annotations

from typing import Any

from django.utils.translation import gettext as _

from tournaments.services.backup.document import refusal


def check_features(value: Any) -> dict[str, Any]:
    if not isinstance(value, dict) or not all(isinstance(v, dict) for v in value.values()):
        raise refusal(_("« features » doit être un objet d'objets"))
    return value
