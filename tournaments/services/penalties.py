"""Penalties (or bonuses) at a table: 162 points to the opponents of a
renonce, a lateness. The table is rescored (services/scores.py) and the
change is logged; the same post sent again adds nothing."""

from __future__ import annotations

from django.db import transaction
from django.utils.translation import gettext as _

from tournaments.models import Change, Penalty, Round, Table, Team, Tournament
from tournaments.services.audit import Actor, log_change
from tournaments.services.errors import TournamentError
from tournaments.services.scores import rescore_table, save_table
from tournaments.services.table_versions import AlreadyDone, lock_table_at, request_key


@transaction.atomic(durable=True)
def add_penalty(
    *,
    table: Table,
    team: Team,
    points: int,
    reason: str,
    expected_version: int | None = None,
    by: Actor | None = None,
) -> Penalty:
    """A penalty (or bonus) at a table, e.g. 162 points to the opponents of a
    team that revoked. The same post sent again adds nothing."""
    asked = {"team": team.pk, "points": points, "reason": reason.strip()}
    key = request_key("penalty", expected_version, asked)
    try:
        table = lock_table_at(table, expected_version, key)
    except AlreadyDone:
        return table.penalties.filter(team=team, points=points).last() or Penalty(
            table=table, team=team, points=points, reason=reason.strip()
        )
    if team.pk not in (table.team_a_id, table.team_b_id):
        raise TournamentError(_("Cette équipe ne joue pas à cette table."), field="team")
    if not reason.strip():
        raise TournamentError(_("Indiquez le motif de la pénalité."), field="reason")
    if points == 0:
        raise TournamentError(_("Une pénalité de 0 point ne change rien."), field="points")
    penalty = Penalty.objects.create(
        table=table,
        team=team,
        points=points,
        reason=reason.strip(),
        created_by=by if by is not None and by.is_authenticated else None,
    )
    corrected = table.round.status == Round.Status.CLOSED
    if table.round.tournament.score_entry == Tournament.ScoreEntry.DEALS and not table.totals_only:
        rescore_table(table)
    elif team.pk == table.team_a_id:
        table.total_a += points
    else:
        table.total_b += points
    save_table(table, corrected=corrected)
    log_change(
        table.round.tournament_id,
        Change.Action.PENALTY,
        by=by,
        table=table,
        reason=reason,
        after={"team": team.number, "points": points},
        request_key=key,
    )
    return penalty
