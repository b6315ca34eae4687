"""Another organizer's results for a person: the record's owner asked,
and deciding.

- `ask_owners`: a concours's results published, each of its players whose
  record another organizer owns gets a pending `Contribution` (the handler
  of `hooks.RESULTS_PUBLISHED`, in its transaction, after the core's).
- `decide_contribution`: the owner accepts (the player linked to the
  record, the cotes computed again, the concours's pages sent again) or
  refuses one (the player stays apart).
- `refuse_contributions`: everything one other organizer proposes to the
  owner, refused at once (a flood answered in one go).

Must not: let anyone but the record's owner decide (queries.py
`contributions_to_decide` says what waits for whom).
"""

from __future__ import annotations

from django.db import transaction
from django.utils import timezone
from django.utils.translation import gettext as _

from tournaments.features.contributions.models import Contribution
from tournaments.features.contributions.queries import contributions_to_decide
from tournaments.models import Change, Player, Tournament
from tournaments.services import persons
from tournaments.services.audit import Actor, log_change
from tournaments.services.errors import TournamentError


def ask_owners(*, tournament: Tournament, by: Actor | None) -> None:
    """Each player of the public concours left apart because their record
    is another organizer's (services/persons.py `link_players`, which runs
    first), asked of that organizer (pending), once."""
    if not tournament.published:
        return
    apart = tournament.players.filter(person__isnull=True, contribution__isnull=True)
    asked = []
    for player in apart.order_by("pk"):
        person = persons.person_for(player, tournament.owner_id)
        if person.owner_id != tournament.owner_id:
            asked.append(Contribution(player=player, person=person))
    Contribution.objects.bulk_create(asked, ignore_conflicts=True)


@transaction.atomic(durable=True)
def decide_contribution(*, contribution: Contribution, accept: bool, by: Actor) -> Contribution:
    """The record's owner accepts (it then counts on the person's page and
    in their cote) or refuses what another organizer's concours adds to
    one of their persons. Only a contribution still to decide by `by`."""
    found = (
        contributions_to_decide(by)
        .select_for_update(of=("self",))
        .filter(pk=contribution.pk)
        .first()
    )
    if found is None:
        raise TournamentError(
            _(
                "Ce résultat ne vous attend plus : il a déjà été accepté ou refusé, ou ce joueur "
                "n'est pas inscrit par vous."
            )
        )
    found.status = Contribution.Status.ACCEPTED if accept else Contribution.Status.REFUSED
    found.decided_at = timezone.now()
    found.save(update_fields=["status", "decided_at"])
    if accept:  # the player is the person: the core's rules count them from now on
        Player.objects.filter(pk=found.player_id).update(person=found.person_id)
    log_change(
        found.player.tournament_id,
        Change.Action.PLAYERS_SHOWN,
        by=by,
        after={"contribution": found.status, "player": str(found.player)},
    )
    if accept:
        persons.recompute_cotes()
    return found


@transaction.atomic(durable=True)
def refuse_contributions(*, organizer_id: int, by: Actor) -> int:
    """Everything one other organizer's concours add to `by`'s persons
    and wait for them, refused at once (a flood answered in one go).
    Returns how many; nothing had counted, so no page changes."""
    waiting = contributions_to_decide(by).filter(player__tournament__owner_id=organizer_id)
    concours = sorted(set(waiting.values_list("player__tournament_id", flat=True)))
    refused = Contribution.objects.filter(pk__in=waiting.values("pk")).update(
        status=Contribution.Status.REFUSED, decided_at=timezone.now()
    )
    for tournament_id in concours:
        log_change(
            tournament_id, Change.Action.PLAYERS_SHOWN, by=by, after={"contribution": "refused"}
        )
    return refused
