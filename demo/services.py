"""The demo's own use-cases (`manage.py demo` builds it with the
organizer's use-cases, each committing on its own): mark it whole, its last
step, and remove it. A build killed without an exception (SIGKILL, a power
cut) leaves no mark, so the next start knows it unfinished and builds it
again."""

from __future__ import annotations

from django.contrib.auth.models import User
from django.db import transaction

from tournaments import hooks
from tournaments.models import DEMO_SLUG, Change, Person, Tournament, demo_filter
from tournaments.services.audit import home_changed, log_change

__all__ = ["DEMO_SLUG", "is_whole", "mark_whole", "remove_demo"]


def is_whole() -> bool:
    """Whether the demo's last step ran: its main concours bears the mark."""
    return Change.objects.filter(
        tournament__slug=DEMO_SLUG, action=Change.Action.DEMO_BUILT
    ).exists()


@transaction.atomic(durable=True)
def mark_whole(user: User) -> None:
    """The build's last step, once every concours and every feature's demo
    data are committed: the mark `is_whole` reads, and the home told once."""
    log_change(Tournament.objects.get(slug=DEMO_SLUG), Change.Action.DEMO_BUILT, by=user)
    home_changed()


@transaction.atomic(durable=True)
def remove_demo(user: User, *, with_account: bool = False) -> None:
    """Everything the demo made goes (`--reset`, a build that failed
    halfway): its concours, the records its players held that no concours
    holds any more (their cote), the features' own demo data (`DEMO_REMOVED`:
    the season challenge, the messages' addresses), and its organizer's
    account `with_account` (made by the build that failed: its password was
    never said). A concours of the same organizer that is not the demo's
    (tournaments/models/tournament.py `demo_filter`) stays, and so does the
    organizer's directory."""
    demo = Tournament.objects.filter(demo_filter())
    # Only the records its own players held: the organizer's other records
    # stay, a person's withdrawal with them, even once no concours holds them.
    held = set(Person.objects.filter(players__tournament__in=demo).values_list("pk", flat=True))
    demo.delete()
    Person.objects.filter(pk__in=held, players__isnull=True).delete()
    hooks.announce(hooks.DEMO_REMOVED, owner=user)
    if with_account:
        user.delete()
    home_changed()
