"""What the attacks on the players' mailboxes (test_shared_mailboxes.py)
build inside the attacked server's own database, through `Server.python`:
an organizer's finished concours whose teams asked for their result by
e-mail, the concours file an intruder crafts on a laptop of their own
(built in a transaction rolled back: nothing of it stays on the server),
and the facts a test reads back about one address.

Nothing here sends a request: the tests send the files and open the links."""

from __future__ import annotations

import datetime
import json

from django.contrib.auth import get_user_model
from django.core.serializers.json import DjangoJSONEncoder
from django.db import transaction
from django.utils import timezone


def concours_with_results(username: str, *, name: str, emails: list[str]) -> str:
    """A finished concours of `username` (4 teams, yesterday, no claims
    window: its results are final) whose first teams asked for their result
    at `emails`, as the desk's form takes them. Returns its slug; the task
    worker sends the results."""
    from tests.factories import qualified_tournament
    from tournaments.features.messages.models import Consent
    from tournaments.features.messages.services import consent

    owner = get_user_model().objects.get(username=username)
    tournament = qualified_tournament(
        owner=owner,
        name=name,
        teams=4,
        parties=1,
        claims_window=False,
        date=timezone.localdate() - datetime.timedelta(days=1),
    )
    for number, email in enumerate(emails, start=1):
        consent.give_consent(
            tournament=tournament,
            team=tournament.teams.get(number=number),
            email=email,
            wants=consent.Wants(result=True),
            source=Consent.Source.DESK,
        )
    return tournament.slug


def intruders_file(username: str, *, stopped: str, marked_sent: str) -> str:
    """A finished concours file of `username` whose messages section, handed
    to the site, says the player at `stopped` stopped every message of the
    site, and that a result was already sent to `marked_sent`: built and
    exported, then rolled back (a file made elsewhere). JSON text."""
    from tests.factories import owned_transaction, qualified_tournament
    from tournaments.features.messages.models import Consent
    from tournaments.features.messages.services import consent
    from tournaments.services.backup import export_tournament

    owner = get_user_model().objects.get(username=username)
    with owned_transaction():
        tournament = qualified_tournament(
            owner=owner,
            name="Concours des boîtes",
            teams=4,
            parties=1,
            claims_window=False,
            date=timezone.localdate() - datetime.timedelta(days=1),
        )
        for number, email in ((1, stopped), (2, marked_sent)):
            consent.give_consent(
                tournament=tournament,
                team=tournament.teams.get(number=number),
                email=email,
                wants=consent.Wants(result=True),
                source=Consent.Source.DESK,
            )
        document = export_tournament(tournament)
        transaction.set_rollback(True)
    section = document["features"]["messages"]
    section["hands_over"] = True
    now = timezone.now().isoformat()
    by_email = {row["email"]: row for row in section["consents"]}
    by_email[stopped]["mailbox_stopped_at"] = now
    sent = {"kind": "result", "ref": "", "state": "sent", "sent_at": now}
    section["done"] = [{"consent": by_email[marked_sent]["id"], **sent}]
    return json.dumps(document, cls=DjangoJSONEncoder)


def mailbox_facts(email: str) -> dict:
    """The address's mailbox (stopped, confirmed) and its messages' states."""
    from tournaments.features.messages.models import Mailbox, Message
    from tournaments.features.messages.services.sending import mailbox_confirmed
    from tournaments.models import email_key

    mailbox = Mailbox.objects.filter(key=email_key(email)).first()
    states = sorted(Message.objects.filter(to=email).values_list("state", flat=True))
    return {
        "stopped": mailbox is not None and mailbox.stopped_at is not None,
        # here or by a pre-registration's: as the sender reads it
        "confirmed": mailbox is not None and mailbox_confirmed(mailbox),
        "states": states,
    }


def held(email: str) -> int:
    """How many messages to `email` the sender holds for the address's
    confirmation (queued, their reason written when it tried them)."""
    from tournaments.features.messages.models import Message

    waiting = Message.objects.filter(to=email, state=Message.State.QUEUED)
    return waiting.exclude(reason="").count()


def worker_idle() -> bool:
    """Whether the task worker has nothing due nor under way."""
    from django_tasks_db.models import DBTaskResult

    return not (DBTaskResult.objects.ready().exists() or DBTaskResult.objects.running().exists())


def offered_to(username: str, email: str) -> dict:
    """A concours `username` announces for one team: a first team takes the
    place, a second one waits, pre-registered with `email` (its confirmation
    asked, never given), then the first cancels: the place is offered to
    the second. Its slug and the waiting registration's id."""
    from tournaments.features.calendar.services import announcements, preregistration
    from tournaments.features.messages.services.sending import mailbox_for
    from tournaments.services.registration import PlayerData

    tournament = announcements.announce_concours(
        owner=get_user_model().objects.get(username=username),
        name="Concours complet",
        date=timezone.localdate() + datetime.timedelta(days=20),
        start_time=datetime.time(14),
        hall="Salle des fêtes",
        address="1 place de la Mairie",
        postcode="71000",
        town="Mâcon",
        contact="M. Quéré",
        max_teams=1,
    )
    first, second = (
        preregistration.preregister(
            tournament=tournament,
            player1=PlayerData("Anne", f"Roux{n}"),
            player2=PlayerData("Paul", f"Vidal{n}"),
            club="",
            email=address,
        ).registration
        for n, address in enumerate(("moi@example.org", email))
    )
    preregistration.confirm_preregistration(registration=first)
    mailbox_for(email)  # as a message's agreement would make it
    preregistration.cancel_preregistration(registration=first)
    return {"slug": tournament.slug, "pk": second.pk}


def notices(slug: str, count: int) -> int:
    """The organizer's `count` messages to the concours's players, queued
    (as « Envoyer à N joueurs » does)."""
    from tournaments.features.messages.services import notices as service
    from tournaments.models import Tournament

    tournament = Tournament.objects.get(slug=slug)
    for n in range(count):
        service.send_notice(tournament=tournament, text=f"Message n° {n + 1} de l'organisateur")
    return count
