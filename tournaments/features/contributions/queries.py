"""What waits for a record's owner: other organizers' results for their
persons (`contributions_to_decide`), and the first of them as their page
lists them (`proposals`). Reads only."""

from __future__ import annotations

from dataclasses import dataclass

from django.db.models import Count, Max, QuerySet

from tournaments.features.contributions.models import Contribution
from tournaments.models import Tournament, trusted
from tournaments.queries.persons import persons_owned

#: How many contributions, and proposing organizers, the owner's page lists
#: at once (the rest wait: a flood leaves the page its size).
PROPOSALS_SHOWN = 25
PROPOSERS_SHOWN = 10


def contributions_to_decide(user) -> QuerySet[Contribution]:
    """What other organizers' public concours add to the persons whose
    records `user`'s organizer owns, waiting for them: only those that
    would count once accepted (the player ticked the box, the person is
    shown, the other organizer is trusted), never one of a concours `user`
    runs (an organizer does not accept their own results)."""
    return (
        Contribution.objects.filter(
            status=Contribution.Status.PENDING,
            player__shown=True,
            player__tournament__published=True,
            person__in=persons_owned(user).filter(shown=True).order_by().values("pk"),
        )
        .filter(trusted("player__tournament__owner"))
        .exclude(player__tournament__in=Tournament.objects.managed_by(user).values("pk"))
    )


@dataclass(frozen=True)
class Proposer:
    """Another organizer whose concours wait for the owner: named by one of
    their concours (their account's name is theirs), with how many wait."""

    pk: int
    concours: str
    count: int


@dataclass(frozen=True)
class Proposals:
    """The owner's first contributions to decide (oldest first), how many
    wait in all, and the organizers who proposed them (most first)."""

    shown: list[Contribution]
    count: int
    proposers: list[Proposer]


def proposals(user) -> Proposals:
    waiting = contributions_to_decide(user)
    shown = list(
        waiting.select_related("person", "player__tournament").order_by("created_at", "pk")[
            :PROPOSALS_SHOWN
        ]
    )
    if not shown:
        return Proposals([], 0, [])
    by_owner = (
        waiting.values("player__tournament__owner_id")
        .annotate(count=Count("pk"), concours=Max("player__tournament__name"))
        .order_by("-count", "player__tournament__owner_id")[:PROPOSERS_SHOWN]
    )
    proposers = [
        Proposer(row["player__tournament__owner_id"], row["concours"], row["count"])
        for row in by_owner
    ]
    return Proposals(shown, waiting.count(), proposers)
