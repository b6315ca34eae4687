"""How big a concours file may be before anything recomputes it (issue 35:
a 600-partie file held a hosted worker until it was killed).

Counted on the parsed file, in one pass that reads lengths only (no
marque, no ranking), so a file past a limit is refused in a few
milliseconds instead of being checked for minutes. Each limit is far above
a real concours, which docs/hosting.md says with the figures:

- the file, decompressed: 8 MB (a concours of 128 teams over 8 parties of
  12 deals writes about 1.3 MB);
- teams: 400 (800 players: more than any hall seats);
- parties: 36 in all (the app draws 20 qualifying parties at most, and a
  final phase of 16 levels), 20 of them qualifying;
- tables: 8,000 in all (400 teams over 36 parties need 7,200);
- deals: 60 at a table (a table to 1,000 points ends in about 15) and
  50,000 in all.

Pure: a plain dict in, the first limit passed out (`Excess`), worded by
the caller. Must not import Django.
"""

from __future__ import annotations

from collections.abc import Mapping
from dataclasses import dataclass
from typing import Any

MAX_FILE_BYTES = 8 * 1024 * 1024
MAX_TEAMS = 400
#: As tournaments.models.tournament.MAX_PLANNED_ROUNDS and MAX_ROUNDS (a
#: test holds them equal; the checker imports no model).
MAX_QUALIFYING = 20
MAX_PARTIES = 36
MAX_TABLES = 8_000
MAX_DEALS_AT_A_TABLE = 60
MAX_DEALS = 50_000


@dataclass(frozen=True)
class Excess:
    """A limit passed: what (a key of `WHAT`), how many, the most allowed."""

    what: str
    count: int
    limit: int


def _list(value: Any) -> list[Any]:
    return value if isinstance(value, list) else []


def excess(doc: Mapping[str, Any]) -> Excess | None:
    """The first limit `doc` passes, or None. A part of the wrong type
    counts as empty here: the checker says what is wrong with it."""
    teams = len(_list(doc.get("teams")))
    if teams > MAX_TEAMS:
        return Excess("teams", teams, MAX_TEAMS)
    rounds = _list(doc.get("rounds"))
    if len(rounds) > MAX_PARTIES:
        return Excess("parties", len(rounds), MAX_PARTIES)
    qualifying = sum(
        1 for r in rounds if isinstance(r, dict) and r.get("stage", "qualifying") == "qualifying"
    )
    if qualifying > MAX_QUALIFYING:
        return Excess("qualifying", qualifying, MAX_QUALIFYING)
    tables = [t for r in rounds if isinstance(r, dict) for t in _list(r.get("tables"))]
    if len(tables) > MAX_TABLES:
        return Excess("tables", len(tables), MAX_TABLES)
    deals = 0
    for table in tables:
        at_table = len(_list(table.get("deals"))) if isinstance(table, dict) else 0
        if at_table > MAX_DEALS_AT_A_TABLE:
            return Excess("deals_at_a_table", at_table, MAX_DEALS_AT_A_TABLE)
        deals += at_table
    if deals > MAX_DEALS:
        return Excess("deals", deals, MAX_DEALS)
    return None
