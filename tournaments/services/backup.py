"""A whole tournament as one JSON document, and back.

`export_tournament` writes everything a tournament owns — rules, players,
teams, parties, tables, deals with their marques, penalties and the audit
trail — with the original ids only as references inside the file.
`import_tournament` recreates it in one transaction with new ids, so the
standings read the same; `read_backup` reads a file's bytes first.

A file is trusted for nothing: it is checked whole before anything is
written (backup_checks.py says what is checked and the limits: 20 MB, and
so many rows of each kind), and the deals are rescored by the engine, so
the marques and the totals of a table played deal by deal are the engine's,
never the file's. The importer owns the restored tournament: the file's
owner and co-organizers are not read. Users named in the audit trail are
found by user name (left blank when no such account exists here). Any
refusal is one sentence (`backup_checks.refusal`) and nothing is imported.
"""

from __future__ import annotations

import os
from typing import IO, Any

from django.contrib.auth import get_user_model
from django.db import DatabaseError, transaction
from django.utils.translation import gettext as _

from tournaments.models import (
    Change,
    Deal,
    Penalty,
    Player,
    Round,
    Seat,
    Side,
    Table,
    Team,
    Tournament,
)
from tournaments.services.audit import log_change
from tournaments.services.backup_checks import (
    CHANGE_FIELDS,
    DEAL_FIELDS,
    FORMAT,
    MAX_BYTES,
    PENALTY_FIELDS,
    PLAYER_FIELDS,
    ROUND_FIELDS,
    SEAT_FIELDS,
    TABLE_FIELDS,
    TABLE_SIDE_FIELDS,
    TEAM_FIELDS,
    TOURNAMENT_FIELDS,
    VERSION,
    CheckedBackup,
    check_backup,
    read_document,
    refusal,
    too_big,
)
from tournaments.services.errors import TournamentError
from tournaments.services.scores import rescore_table


def _rows(queryset, fields: tuple[str, ...]) -> list[dict[str, Any]]:
    return [
        {k: (v.isoformat() if hasattr(v, "isoformat") else v) for k, v in row.items()}
        for row in queryset.values(*fields)
    ]


def export_tournament(tournament: Tournament) -> dict[str, Any]:
    tables = Table.objects.filter(round__tournament=tournament)
    return {
        "format": FORMAT,
        "version": VERSION,
        "tournament": {
            **_rows(Tournament.objects.filter(pk=tournament.pk), TOURNAMENT_FIELDS)[0],
            # For the reader only: an import never reads them.
            "owner": tournament.owner.get_username() if tournament.owner else None,
            "co_organizers": [u.get_username() for u in tournament.co_organizers.all()],
        },
        "players": _rows(tournament.players.order_by("pk"), PLAYER_FIELDS),
        "rounds": _rows(tournament.rounds.order_by("number"), ROUND_FIELDS),
        "teams": _rows(tournament.teams.order_by("pk"), TEAM_FIELDS),
        "tables": _rows(tables.order_by("pk"), (*TABLE_FIELDS, *TABLE_SIDE_FIELDS, "totals_only")),
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


@transaction.atomic
def import_tournament(data: Any, *, owner) -> Tournament:
    """Recreate a tournament from `export_tournament`'s document, owned by
    `owner` (the importer). Refused whole, in one sentence, if the file is
    not such a document, breaks a rule of the app, or its tournament (or one
    of its table links) already exists here."""
    checked = check_backup(data)
    try:
        return _restore(checked, owner)
    except TournamentError:
        raise
    except (DatabaseError, OverflowError) as exc:
        # The checks keep every value within its column: this is a last net.
        raise refusal(_("la base de données refuse une valeur (%(e)s)") % {"e": exc}) from exc


def _restore(checked: CheckedBackup, owner) -> Tournament:
    tournament = Tournament.objects.create(owner=owner, **checked.tournament)
    table_ids = _restore_rows(tournament, checked)
    _restore_changes(tournament, checked.changes, table_ids)
    log_change(
        tournament,
        Change.Action.RESTORED,
        by=owner,
        reason=_("ancienne sauvegarde : liens et codes des tables renouvelés")
        if checked.version == 1
        else "",
    )
    return tournament


def _restore_rows(tournament: Tournament, checked: CheckedBackup) -> dict[int, int]:
    """Players, parties, teams, tables (and their seats), deals and
    penalties, in the order their references need; the tables with deals
    rescored. Returns the old→new ids of the tables."""
    mine = {"tournament": tournament}
    player_ids = _create(Player, checked.players, extra=mine)
    round_ids = _create(Round, checked.rounds, extra=mine)
    team_ids = _create(
        Team,
        checked.teams,
        extra=mine,
        round_id=round_ids,
        player1_id=player_ids,
        player2_id=player_ids,
    )
    tables = [{k: v for k, v in t.items() if k != "rescored"} for t in checked.tables]
    table_ids = _create(Table, tables, round_id=round_ids, team_a_id=team_ids, team_b_id=team_ids)
    Seat.objects.bulk_create(
        Seat(
            round_id=round_ids[t["round_id"]], table_id=table_ids[t["id"]], team_id=team, side=side
        )
        for t in checked.tables
        for side, team in (
            (Side.A, team_ids[t["team_a_id"]]),
            (Side.B, team_ids.get(t["team_b_id"])),
        )
        if team is not None
    )
    Deal.objects.bulk_create(
        (
            Deal(**{**d, "table_id": table_ids[d["table_id"]]}, outcome=Deal.Outcome.PASSED)
            for d in checked.deals
        ),
        batch_size=1000,
    )
    Penalty.objects.bulk_create(
        Penalty(**{**p, "table_id": table_ids[p["table_id"]], "team_id": team_ids[p["team_id"]]})
        for p in checked.penalties
    )
    _rescore(checked, table_ids)
    return table_ids


def _create(model, rows, *, extra: dict[str, Any] | None = None, **renames) -> dict[int, int]:
    """Create `model` rows from checked `rows`, following the old→new id
    maps in `renames`; returns the old→new ids of the rows created."""
    new_ids = {}
    for row in rows:
        values = {
            name: renames[name][value] if name in renames and value is not None else value
            for name, value in row.items()
            if name != "id"
        }
        new_ids[row["id"]] = model.objects.create(**values, **(extra or {})).pk
    return new_ids


def _rescore(checked: CheckedBackup, table_ids: dict[int, int]) -> None:
    """The engine scores every deal again: the marques of the file are
    never kept, and an impossible deal refuses the file."""
    for row in checked.tables:
        if not row["rescored"] or row["team_b_id"] is None:
            continue
        table = Table.objects.select_related("round__tournament").get(pk=table_ids[row["id"]])
        try:
            rescore_table(table)
        except TournamentError as exc:
            raise refusal(
                _("table %(table)s de la partie %(round)s, %(why)s")
                % {
                    "table": table.number,
                    "round": table.round.number,
                    "why": exc.message[0].lower() + exc.message[1:],
                }
            ) from exc
        table.save(update_fields=["total_a", "total_b", "lost_pot", "status"])


def _restore_changes(
    tournament: Tournament, rows: list[dict[str, Any]], table_ids: dict[int, int]
) -> None:
    """The audit trail, with its authors by user name and its original times."""
    users = get_user_model().objects
    by_name = {u.username: u for u in users.filter(username__in={c["by"] for c in rows})}
    changes = Change.objects.bulk_create(
        (
            Change(
                tournament=tournament,
                table_id=table_ids[row["table_id"]] if row["table_id"] else None,
                by=by_name.get(row["by"]),
                **{k: row[k] for k in ("action", "reason", "before", "after")},
            )
            for row in rows
        ),
        batch_size=1000,
    )
    # `at` is set on creation; keep the original times.
    for change, row in zip(changes, rows, strict=True):
        change.at = row["at"]
    Change.objects.bulk_update(changes, ["at"], batch_size=500)
