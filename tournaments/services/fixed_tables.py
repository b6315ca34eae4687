"""A team that stays at its table (« reste à sa table », reduced
mobility): the organizer marks it, with the table it keeps or none (its
table of partie 1). The draws keep it there (services/seating.py with
domain/fixed_tables.py). Must not seat anyone itself."""

from __future__ import annotations

from django.db import transaction
from django.utils.translation import gettext as _

from tournaments.models import Change, Team
from tournaments.services.audit import Actor, log_change
from tournaments.services.errors import TournamentError


@transaction.atomic(durable=True)
def set_fixed_table(
    *, team: Team, stays: bool, table: int | None = None, by: Actor | None = None
) -> Team:
    """Mark `team` as staying at its table (`table`, or when None its table
    of partie 1), or free it. Two teams cannot keep the same table."""
    team = Team.objects.select_for_update().get(pk=team.pk)
    if team.round_id is not None:
        raise TournamentError(_("Les équipes d'une mêlée sont formées par le tirage."))
    if table is not None and not stays:
        table = None  # a number without the mark would keep nobody
    if table is not None:
        other = (
            Team.objects.filter(
                tournament_id=team.tournament_id,
                round__isnull=True,
                stays_at_table=True,
                kept_table=table,
            )
            .exclude(pk=team.pk)
            .first()
        )
        if other is not None:
            raise TournamentError(
                _("La table n° %(table)s est déjà gardée par l'équipe n° %(number)s.")
                % {"table": table, "number": other.number},
                field="table",
            )
    before = {"stays_at_table": team.stays_at_table, "kept_table": team.kept_table}
    team.stays_at_table, team.kept_table = stays, table
    team.save(update_fields=["stays_at_table", "kept_table"])
    log_change(
        team.tournament_id,
        Change.Action.TEAM_CHANGED,
        by=by,
        before={"number": team.number, **before},
        after={"number": team.number, "stays_at_table": stays, "kept_table": table},
    )
    return team
