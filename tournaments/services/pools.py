"""Pools as a qualifying phase: forming them, drawing their parties, their
rankings, and the order their teams qualify in for what follows.

The organizer forms the pools once (« Former les poules »: pools of four or
of three, seeded by snake from the registration order or from a random
order), and may form them again or undo them while no partie is drawn.
Parties 1 to 3 then follow the pools' schedule (`tournaments.domain.pools`)
instead of the Swiss draw: `rounds.draw_round` asks `round_tables_of_pools` for
them, so the tables, their codes and sheets, the clock and the release
work as for any partie. The rankings are computed on read.

This module must not write scores; it seats nothing itself (rounds does).
"""

from __future__ import annotations

import secrets

from django.db import transaction
from django.utils.translation import gettext as _

from tournaments.domain import pools
from tournaments.models import Change, Pool, PoolTeam, Round, Tournament
from tournaments.queries.pools import has_pools
from tournaments.services.audit import Actor, log_change
from tournaments.services.errors import TournamentError

REGISTRATION = "registration"
RANDOM = "random"


def _refusal(error: pools.PoolError) -> TournamentError:
    if error.code == "too_few":
        message = _(
            "Il faut au moins trois équipes présentes pour former des poules "
            "(%(count)s pour l'instant)."
        )
    else:
        message = _(
            "%(count)s équipes ne se répartissent pas en poules de 3 ou 4 : "
            "inscrivez-en une de plus ou retirez-en une."
        )
    return TournamentError(message % error.params, field="size")


def _ensure_nothing_drawn(tournament: Tournament) -> None:
    if tournament.rounds.exists():
        raise TournamentError(
            _("Une partie est déjà tirée : les poules ne peuvent plus changer."), field="size"
        )


def _snapshot(tournament: Tournament) -> list[list[int]]:
    """Each pool's team numbers, in pool order."""
    out: dict[int, list[int]] = {}
    for number, team in (
        PoolTeam.objects.filter(pool__tournament=tournament)
        .order_by("pool__number", "position")
        .values_list("pool__number", "team__number")
    ):
        out.setdefault(number, []).append(team)
    return list(out.values())


@transaction.atomic(durable=True)
def form_pools(
    *,
    tournament: Tournament,
    size: int = 4,
    order: str = REGISTRATION,
    seed: int | None = None,
    by: Actor | None = None,
) -> list[Pool]:
    """Split the present teams into pools of `size` (3 or 4), by snake
    seeding from the registration order or a random order (from `seed`, a
    new one when None). Forms them again when they exist, until a partie
    is drawn."""
    tournament = Tournament.objects.select_for_update().get(pk=tournament.pk)
    _ensure_nothing_drawn(tournament)
    if tournament.format == Tournament.Format.MELEE:
        raise TournamentError(
            _("En mêlée les équipes changent à chaque partie : pas de poules."), field="size"
        )
    if size not in pools.SIZES:
        raise TournamentError(_("Des poules de 3 ou de 4 équipes."), field="size")
    if tournament.parties < pools.POOL_ROUNDS:
        raise TournamentError(
            _(
                "Les poules se jouent en %(pool)s parties et le tournoi n'en prévoit que "
                "%(n)s : augmentez d'abord le nombre de parties."
            )
            % {"pool": pools.POOL_ROUNDS, "n": tournament.parties},
            field="size",
        )
    teams = list(
        tournament.teams.drawn(check_in=tournament.check_in_enabled)
        .order_by("number")
        .values_list("id", flat=True)
    )
    if order == RANDOM and seed is None:
        seed = secrets.randbelow(2**31)
    elif order != RANDOM:
        seed = None
    try:
        split = pools.split(pools.seeding_order(teams, seed=seed), size=size)
    except pools.PoolError as error:
        raise _refusal(error) from error
    before = _snapshot(tournament)
    Pool.objects.filter(tournament=tournament).delete()
    made = []
    for number, members in enumerate(split, start=1):
        pool = Pool.objects.create(tournament=tournament, number=number, seed=seed)
        PoolTeam.objects.bulk_create(
            PoolTeam(pool=pool, team_id=team, position=position)
            for position, team in enumerate(members, start=1)
        )
        made.append(pool)
    log_change(
        tournament,
        Change.Action.POOLS_FORMED,
        by=by,
        before={"pools": before} if before else None,
        after={"size": size, "order": order, "seed": seed, "pools": _snapshot(tournament)},
    )
    return made


@transaction.atomic(durable=True)
def clear_pools(*, tournament: Tournament, by: Actor | None = None) -> None:
    """Undo the pools (the parties go back to the Swiss draw), until a
    partie is drawn."""
    tournament = Tournament.objects.select_for_update().get(pk=tournament.pk)
    _ensure_nothing_drawn(tournament)
    before = _snapshot(tournament)
    if not before:
        raise TournamentError(_("Ce tournoi n'a pas de poules."))
    Pool.objects.filter(tournament=tournament).delete()
    log_change(tournament, Change.Action.POOLS_CLEARED, by=by, before={"pools": before})


def pool_seats(tournament: Tournament) -> list[list[int]]:
    """Each pool's places as team ids; a place whose team was deleted holds
    a negative stand-in (a team that plays nobody)."""
    out: list[list[int]] = []
    stand_in = 0
    for pool in Pool.objects.filter(tournament=tournament).prefetch_related("members"):
        places = {m.position: m.team_id for m in pool.members.all()}
        seats = []
        for position in range(1, max([3, *places]) + 1):
            if position not in places:
                stand_in -= 1
            seats.append(places.get(position, stand_in))
        out.append(seats[:4])
    return out


def round_tables_of_pools(rnd: Round) -> tuple[list[tuple[int, int]], list[int]]:
    """The tables and exempt teams of pools partie `rnd`: the schedule's,
    a team no longer present left out (its opponent is then exempt)."""
    tournament = rnd.tournament
    if not has_pools(tournament):
        raise TournamentError(_("Formez d'abord les poules."), field="method")
    if rnd.number > pools.POOL_ROUNDS:
        raise TournamentError(
            _("Les %(n)s parties de poules sont déjà tirées.") % {"n": pools.POOL_ROUNDS},
            field="method",
        )
    present = set(tournament.teams.present().values_list("id", flat=True))
    outside = (
        tournament.teams.present()
        .filter(pool_place__isnull=True)
        .order_by("number")
        .values_list("number", flat=True)
    )
    if outside:
        # A team registered after the pools were formed would sit out
        # every pools partie without anyone noticing.
        raise TournamentError(
            _(
                "Équipe(s) n° %(numbers)s dans aucune poule (inscrites après la formation "
                "des poules) : formez les poules à nouveau avant la partie 1, "
                "ou déclarez-les absentes."
            )
            % {"numbers": ", ".join(map(str, outside))},
            field="method",
        )
    tables, byes = pools.round_tables_of_pools(pool_seats(tournament), rnd.number)
    seated: list[tuple[int, int]] = []
    exempt = [t for t in byes if t in present]
    for a, b in tables:
        if a in present and b in present:
            seated.append((a, b))
        elif a in present or b in present:
            exempt.append(a if a in present else b)
    return seated, exempt
