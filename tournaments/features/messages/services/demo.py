"""The demo's players who agreed to receive messages: in the finished,
published concours of `manage.py demo`, six teams gave an address (one of
them reads English) and ticked their result, their addresses confirmed;
`manage.py send_messages` then sends six real mails through the mail
settings. Its claims, a week old, are closed. Must not: build a concours.
"""

from __future__ import annotations

from django.utils import timezone

from tournaments.features.messages.models import Consent, Mailbox
from tournaments.features.messages.services import consent as consents
from tournaments.models import Round, Tournament
from tournaments.queries.claims import round_claims
from tournaments.services import claims

#: The concours of the demo whose teams agreed (demo_concours.PUBLISHED_SLUG).
DEMO_SLUG = "concours-de-la-sainte-catherine-demo"
TEAMS = 6
#: The demo's addresses (`demo_address`): example.org is no one's.
DEMO_MAILBOXES = Mailbox.objects.filter(key__endswith="@example.org")


def demo_address(number: int) -> str:
    return f"equipe{number}@example.org"


def add_demo_consents() -> int:
    """The agreements of the demo's published concours (none if it is not there),
    each use-case committing on its own as the demo's others do."""
    tournament = Tournament.objects.filter(slug=DEMO_SLUG).first()
    if tournament is None:
        return 0
    for rnd in tournament.rounds.filter(status=Round.Status.CLOSED):
        if not round_claims(rnd).final:
            claims.close_claims(round=rnd)
    made = 0
    for team in tournament.teams.filter(round__isnull=True).order_by("number")[:TEAMS]:
        consent = consents.give_consent(
            tournament=tournament,
            team=team,
            email=demo_address(team.number),
            wants=consents.Wants(result=True),
            source=Consent.Source.DESK,
            language="en" if team.number == 2 else "fr",
        )
        if consent is not None:
            made += 1
    DEMO_MAILBOXES.filter(confirmed_at=None).update(confirmed_at=timezone.now())
    return made


def remove_demo_mailboxes() -> None:
    """The demo's addresses that no agreement holds any more."""
    DEMO_MAILBOXES.filter(consents__isnull=True).delete()
