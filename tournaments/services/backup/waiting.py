"""The players waiting for a partner, in a backup (absent from older
files): exported, checked like every other section, restored.
Must not: trust a reference the file makes.
"""

from __future__ import annotations

from typing import Any

from tournaments.models import Tournament, WaitingPlayer
from tournaments.services.backup.document import WAITING_FIELDS, Rows
from tournaments.services.backup.rows import check_rows, section


def export_waiting(tournament: Tournament, rows: Rows) -> dict[str, Any]:
    return {"waiting": rows(tournament.waiting_players.order_by("pk"), WAITING_FIELDS)}


def check_waiting(data: dict[str, Any]) -> list[dict[str, Any]]:
    return check_rows(
        section(data.get("waiting", []), "waiting"), "waiting", WaitingPlayer, WAITING_FIELDS
    )


def restore_waiting(tournament: Tournament, checked: list[dict[str, Any]]) -> None:
    WaitingPlayer.objects.bulk_create(
        WaitingPlayer(tournament=tournament, **row) for row in checked
    )
