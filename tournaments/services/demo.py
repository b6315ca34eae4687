"""The demo's own use-case: remove it (`manage.py demo`, which builds it
with the organizer's use-cases, each committing on its own)."""

from __future__ import annotations

from django.contrib.auth.models import User
from django.db import transaction

from tournaments import hooks
from tournaments.models import Person, Tournament, demo_filter
from tournaments.services.audit import home_changed

#: The demo's main concours (its address).
DEMO_SLUG = "concours-de-coinche-de-saint-eloi-demo"


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
