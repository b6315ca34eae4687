"""What the attacks on players' pages (test_someone_elses_players.py) build
inside the attacked server's own database, through `Server.python`: the real
organizer's concours and its players' agreements, and the concours file an
attacker crafts on a laptop of their own (built in a transaction rolled back:
nothing of it stays on the server). Also the facts a test reads back about
the persons of one licence.

Nothing here sends a request: the tests send the files over HTTP."""

from __future__ import annotations

import datetime
import json

from django.contrib.auth import get_user_model
from django.core.serializers.json import DjangoJSONEncoder
from django.db import transaction
from django.utils import timezone

#: The real organizer's players, by last name (tests/tournaments/services/
#: test_persons.py names them): a licence each, one club.
CLUB = "Belote Club de Mâcon"
NEVER_AGREED = "Lefèvre0"  # registered by the real organizer, box never ticked
WITHDRAWN = "Lefèvre1"  # agreed, then withdrew last week
AGREED = "Lefèvre2"  # agreed, and still does
LICENCES = {NEVER_AGREED: "V-0001", WITHDRAWN: "V-0002", AGREED: "V-0003"}
PEOPLE = {name: (licence, CLUB) for name, licence in LICENCES.items()}


def real_organizers_concours(username: str) -> dict:
    """The real organizer's public finished concours of 16 teams, ten days
    ago: two of the three players agreed; the second withdrew a week ago,
    through the organizer's « Pages des joueurs » (services.withdraw_person)."""
    from tests.tournaments.services.test_persons import finished_concours
    from tournaments.models import Person
    from tournaments.services import persons

    owner = get_user_model().objects.get(username=username)
    finished_concours(
        owner,
        name="Concours du club de Mâcon",
        shown={WITHDRAWN, AGREED},
        people=PEOPLE,
        day=timezone.localdate() - datetime.timedelta(days=10),
        approved=False,  # the test's administrator approves the account
    )
    withdrawn = Person.objects.get(licence=LICENCES[WITHDRAWN])
    persons.withdraw_person(person=withdrawn, by=owner)
    Person.objects.filter(pk=withdrawn.pk).update(
        withdrawn_at=timezone.now() - datetime.timedelta(days=7)
    )
    return {name: Person.objects.get(licence=licence).pk for name, licence in LICENCES.items()}


def concours_file(username: str, *, name: str, shown: set[str], days_from_today: int = 0) -> str:
    """A finished concours file of `username`, 16 teams, played
    `days_from_today` after today (1: tomorrow),
    naming the real organizer's players by licence, those of `shown` with
    « accepte d'être affiché » ticked: built and exported, then rolled back
    (a file made elsewhere). Returned as JSON text."""
    from tests.factories import owned_transaction
    from tests.tournaments.services.test_persons import finished_concours
    from tournaments.services.backup import export_tournament

    owner = get_user_model().objects.get(username=username)
    day = timezone.localdate() + datetime.timedelta(days=days_from_today)
    with owned_transaction():
        tournament = finished_concours(
            owner, name=name, shown=shown, people=PEOPLE, day=day, published=False, approved=False
        )
        document = export_tournament(tournament)
        transaction.set_rollback(True)
    return json.dumps(document, cls=DjangoJSONEncoder)


def licence_facts(licence: str) -> list[dict]:
    """Every person of `licence`: shown or not, when they withdrew, their
    cote's games (None: no cote), and the concours of their players."""
    from tournaments.models import Cote, Person

    facts = []
    for person in Person.objects.filter(licence=licence).order_by("pk"):
        cote = Cote.objects.filter(person=person).first()
        facts.append(
            {
                "pk": person.pk,
                "shown": person.shown,
                "withdrawn_at": person.withdrawn_at.isoformat() if person.withdrawn_at else None,
                "games": cote.games if cote else None,
                "concours": sorted(person.players.values_list("tournament__name", flat=True)),
            }
        )
    return facts


def flood(username: str, *, count: int, name: str = "Inondation") -> int:
    """`count` small public finished concours of `username`, two days ago,
    naming the agreeing player by licence, ticked: what as many
    publications would leave on the server."""
    from tests.tournaments.services.test_persons import finished_concours

    owner = get_user_model().objects.get(username=username)
    day = timezone.localdate() - datetime.timedelta(days=2)
    for i in range(count):
        finished_concours(
            owner,
            teams=3,
            name=f"{name} {i}",
            shown={AGREED},
            people=PEOPLE,
            day=day,
            approved=False,
        )
    return count
