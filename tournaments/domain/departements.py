"""A French département's code as typed in a filter or an address (« 71 »,
« 2a », « 974 »): the results' archive filters by it (views/published.py),
and the calendar's coming concours too (tournaments/features/calendar).

Pure: no Django import, no database.
"""

from __future__ import annotations

import re


def clean_departement(text: str) -> str:
    """A département typed in a filter or an address (« 71 », « 2a »,
    « 974 »), or "" when it cannot be one."""
    code = text.strip().upper()
    if re.fullmatch(r"[0-9]{2}|2[AB]|9[78][0-9]", code) and code not in {"00", "20"}:
        return code
    return ""
