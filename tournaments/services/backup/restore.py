"""A tournament recreated from a checked backup, in one transaction with
new ids, its deals rescored by the engine.

`import_tournament` checks the whole document first (checks.py), then
writes: the tournament owned by the importer, its players, parties, teams,
tables and their seats (rebuilt from the tables), deals, penalties and the
audit trail with its original times. Every table played deal by deal is
rescored by the engine, so its marques and totals are the engine's; an
impossible deal refuses the whole file. Must not: read an owner or a
co-organizer from the file, or keep anything of a refused file.
"""

from __future__ import annotations

from typing import Any

from django.contrib.auth import get_user_model
from django.contrib.auth.models import User
from django.db import DatabaseError, transaction
from django.db.models import Model
from django.utils.translation import gettext as _

from tournaments import hooks
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
from tournaments.services.backup.checks import CheckedBackup, check_backup
from tournaments.services.backup.document import refusal
from tournaments.services.backup.parts import PARTS
from tournaments.services.backup.phases import restore_phases
from tournaments.services.backup.prizes import restore_prizes
from tournaments.services.backup.waiting import restore_waiting
from tournaments.services.errors import TournamentError
from tournaments.services.scores import rescore_table


@transaction.atomic
def import_tournament(
    data: Any, *, owner: User, earlier: dict[str, Any] | None = None
) -> Tournament:
    """Recreate a tournament from `export_tournament`'s document, owned by
    `owner` (the importer). Refused whole, in one sentence, if the file is
    not such a document, breaks a rule of the app, or its tournament (or one
    of its table links) already exists here. The features then take their
    sections (`hooks.CONCOURS_IMPORTED`), with `earlier`'s: the sections of
    the copy a publication replaced."""
    checked = check_backup(data)
    try:
        return _restore(checked, owner, earlier or {})
    except TournamentError:
        raise
    except (DatabaseError, OverflowError) as exc:
        # The checks keep every value within its column: this is a last net.
        raise refusal(_("la base de données refuse une valeur (%(e)s)") % {"e": exc}) from exc


def _restore(checked: CheckedBackup, owner: User, earlier: dict[str, Any]) -> Tournament:
    tournament = Tournament.objects.create(owner=owner, **checked.tournament)
    table_ids, team_ids, player_ids = _restore_rows(tournament, checked)
    restore_prizes(tournament, checked.prizes, team_ids=team_ids, player_ids=player_ids)
    for name, checked_part in checked.parts.items():
        PARTS[name].restore(tournament, checked_part, team_ids=team_ids, player_ids=player_ids)
    restore_waiting(tournament, checked.waiting)
    _restore_changes(tournament, checked.changes, table_ids)
    log_change(
        tournament,
        Change.Action.RESTORED,
        by=owner,
        reason=_("ancienne sauvegarde : liens et codes des tables renouvelés")
        if checked.version == 1
        else "",
    )
    hooks.announce(
        hooks.CONCOURS_IMPORTED,
        tournament=tournament,
        sections=checked.features,
        earlier=earlier,
        team_ids=team_ids,
        by=owner,
    )
    return tournament


def _restore_rows(
    tournament: Tournament, checked: CheckedBackup
) -> tuple[dict[int, int], dict[int, int], dict[int, int]]:
    """Players, parties, teams, tables (and their seats), deals and
    penalties, in the order their references need; the tables with deals
    rescored. Returns the old→new ids of the tables, teams and players."""
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
    for row in checked.rounds:  # its fixed tables name the teams just renamed
        if row.get("fixed_tables"):
            Round.objects.filter(pk=round_ids[row["id"]]).update(
                fixed_tables=_renamed_fixed_tables(row["fixed_tables"], team_ids)
            )
        if row.get("draw_avoid"):  # so do the pairs its draw kept apart
            Round.objects.filter(pk=round_ids[row["id"]]).update(
                draw_avoid=[[team_ids[a], team_ids[b]] for a, b in row["draw_avoid"]]
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
    # Before the rescoring: a bracket table's length depends on its match.
    restore_phases(tournament, checked.phases, team_ids=team_ids, table_ids=table_ids)
    _rescore(checked, table_ids)
    return table_ids, team_ids, player_ids


def _renamed_fixed_tables(value: dict[str, Any], team_ids: dict[int, int]) -> dict[str, Any]:
    """A partie's record of its fixed tables with the restored teams' ids."""
    return {
        "asked": [[team_ids[team], number] for team, number in value.get("asked", [])],
        "conflicts": [
            {
                **c,
                "team": team_ids[c["team"]],
                "other": team_ids[c["other"]] if c.get("other") is not None else None,
            }
            for c in value.get("conflicts", [])
        ],
    }


def _create(
    model: type[Model],
    rows: list[dict[str, Any]],
    *,
    extra: dict[str, Any] | None = None,
    **renames: dict[int, int],
) -> dict[int, int]:
    """Create `model` rows from checked `rows`, following the old→new id
    maps in `renames`; returns the old→new ids of the rows created."""
    new_ids = {}
    for row in rows:
        values = {
            name: renames[name][value] if name in renames and value is not None else value
            for name, value in row.items()
            if name != "id"
        }
        new_ids[row["id"]] = model._default_manager.create(**values, **(extra or {})).pk
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
