"""A whole tournament as one JSON document, and back.

`export_tournament` writes everything a tournament owns — rules, players,
teams, parties, tables, deals with their marques, penalties and the audit
trail — with the original ids only as references inside the file;
`read_backup` reads a file's bytes (20 MB at most) and `import_tournament`
(restore.py) recreates the tournament, so the standings read the same.

A file is trusted for nothing: it is checked whole before anything is
written (checks.py, rows.py; the limits are in document.py), its deals are
rescored by the engine, and the importer owns the restored tournament: the
file's owner and co-organizers are written for the reader, never read.
Any refusal is one sentence (`document.refusal`) and nothing is imported.
"""

from __future__ import annotations

import os
from typing import IO, Any

from django.db.models import Model, QuerySet

from tournaments import hooks
from tournaments.models import Deal, Penalty, Seat, Table, Tournament
from tournaments.services.backup.document import (
    CHANGE_FIELDS,
    DEAL_FIELDS,
    FORMAT,
    MAX_BYTES,
    MAX_ROWS,
    OPTIONAL_TOURNAMENT_FIELDS,
    PENALTY_FIELDS,
    PLAYER_FIELDS,
    PLAYER_OPTION_FIELDS,
    ROUND_FIELDS,
    ROUND_OPTION_FIELDS,
    SEAT_FIELDS,
    TABLE_FIELDS,
    TABLE_OPTION_FIELDS,
    TABLE_SIDE_FIELDS,
    TEAM_FIELDS,
    TEAM_OPTION_FIELDS,
    TOURNAMENT_FIELDS,
    VERSION,
    read_document,
    refusal,
    too_big,
)
from tournaments.services.backup.parts import PARTS
from tournaments.services.backup.phases import export_phases
from tournaments.services.backup.prizes import export_prizes
from tournaments.services.backup.restore import import_tournament
from tournaments.services.backup.waiting import export_waiting

__all__ = [
    "MAX_BYTES",
    "MAX_ROWS",
    "export_tournament",
    "feature_sections",
    "import_tournament",
    "read_backup",
    "refusal",
]


def _rows(queryset: QuerySet[Model], fields: tuple[str, ...]) -> list[dict[str, Any]]:
    return [
        {k: (v.isoformat() if hasattr(v, "isoformat") else v) for k, v in row.items()}
        for row in queryset.values(*fields)
    ]


def feature_sections(tournament: Tournament) -> dict[str, Any]:
    """What the installed features keep of `tournament` (`hooks.BACKUP_SECTIONS`):
    {a feature's name: its section}, empty when none has anything."""
    sections: dict[str, Any] = {}
    for part in hooks.announce(hooks.BACKUP_SECTIONS, tournament=tournament):
        sections.update(part)
    return sections


def export_tournament(tournament: Tournament) -> dict[str, Any]:
    tables = Table.objects.filter(round__tournament=tournament)
    features = feature_sections(tournament)
    return {
        "format": FORMAT,
        "version": VERSION,
        "tournament": {
            **_rows(
                Tournament.objects.filter(pk=tournament.pk),
                (*TOURNAMENT_FIELDS, *OPTIONAL_TOURNAMENT_FIELDS),
            )[0],
            # For the reader only: an import never reads them.
            "owner": tournament.owner.get_username() if tournament.owner else None,
            "co_organizers": [u.get_username() for u in tournament.co_organizers.all()],
        },
        "players": _rows(
            tournament.players.order_by("pk"), (*PLAYER_FIELDS, *PLAYER_OPTION_FIELDS)
        ),
        "rounds": _rows(
            tournament.rounds.order_by("number"), (*ROUND_FIELDS, *ROUND_OPTION_FIELDS)
        ),
        "teams": _rows(tournament.teams.order_by("pk"), (*TEAM_FIELDS, *TEAM_OPTION_FIELDS)),
        "tables": _rows(
            tables.order_by("pk"),
            (*TABLE_FIELDS, *TABLE_SIDE_FIELDS, "totals_only", *TABLE_OPTION_FIELDS),
        ),
        "seats": _rows(Seat.objects.filter(round__tournament=tournament), SEAT_FIELDS),
        "deals": _rows(Deal.objects.filter(table__in=tables).order_by("pk"), DEAL_FIELDS),
        "penalties": _rows(Penalty.objects.filter(table__in=tables).order_by("pk"), PENALTY_FIELDS),
        "changes": [
            {**row, "by": username}
            for row, username in zip(
                _rows(tournament.changes.order_by("pk"), CHANGE_FIELDS),
                tournament.changes.order_by("pk").values_list("by__username", flat=True),
                strict=True,
            )
        ],
        **export_prizes(tournament, _rows),
        **{k: v for part in PARTS.values() for k, v in part.export(tournament, _rows).items()},
        **export_waiting(tournament, _rows),
        **export_phases(tournament, _rows),
        # The optional features' own sections (absent when none has one).
        **({"features": features} if features else {}),
    }


def read_backup(stream: IO[bytes]) -> Any:
    """The document of a backup file opened in binary mode. A file over
    MAX_BYTES is refused from its size, or after reading MAX_BYTES + 1
    bytes at most: never read whole."""
    try:
        size = os.fstat(stream.fileno()).st_size
    except (AttributeError, OSError, ValueError):
        size = None
    if size is not None and size > MAX_BYTES:
        raise too_big()
    return read_document(stream.read(MAX_BYTES + 1))
