"""Who agrees, and who stops: the use-cases of a player's consent.

A team gives an address and ticks what it wants (its result, its table at
each partie, a place freed on the waiting list); nothing ticked, nothing
kept. A new tick from the same team and address replaces the old ones. The
stop link stops one concours (`stop`) or the whole site for that address
(`stop_everywhere`), without an account; a stopped message is never sent.
The confirm link confirms the mailbox (its second message may leave).

Must not: queue or send a message (outbox.py, sending.py).
"""

from __future__ import annotations

import secrets
from dataclasses import dataclass
from typing import Any

from django.conf import settings
from django.db import transaction
from django.utils import timezone, translation

from tournaments.features.messages.models import Consent, Mailbox, Message
from tournaments.features.messages.services import tasks
from tournaments.features.messages.services.sending import mailbox_for
from tournaments.models import Team, Tournament


@dataclass(frozen=True)
class Wants:
    result: bool = False
    table: bool = False
    waiting: bool = False

    @property
    def anything(self) -> bool:
        return self.result or self.table or self.waiting


@transaction.atomic
def give_consent(
    *,
    tournament: Tournament,
    email: str,
    wants: Wants,
    source: str,
    language: str = "fr",
    team: Team | None = None,
    preregistration: Any = None,
) -> Consent | None:
    """The team's (or pre-registration's) agreement kept; None when nothing
    was ticked (and an earlier agreement of the same address withdrawn)."""
    email = email.strip()
    mailbox = mailbox_for(email)
    owner = {"team": team} if team is not None else {"preregistration_id": preregistration.pk}
    consent = Consent.objects.filter(tournament=tournament, mailbox=mailbox, **owner).first()
    if not wants.anything:
        if consent is not None:
            Consent.objects.filter(pk=consent.pk).update(stopped_at=timezone.now())
        return None
    fields = {
        "email": email,
        "language": language,
        "wants_result": wants.result,
        "wants_table": wants.table,
        "wants_waiting": wants.waiting,
        "stopped_at": None,
    }
    if consent is None:
        consent = Consent(tournament=tournament, mailbox=mailbox, source=source, **owner)
    for name, value in fields.items():
        setattr(consent, name, value)
    consent.save()
    tasks.wake_sender()  # its result may be due already (a late agreement)
    return consent


def forget_preregistration(sender: Any, *, instance: Any, **signal: Any) -> None:
    """A pre-registration deleted (the calendar's) takes its agreements with
    it, as the foreign key's cascade did before 0003."""
    Consent.objects.filter(preregistration_id=instance.pk).delete()


SOURCES = {
    "desk": Consent.Source.DESK,
    "file": Consent.Source.FILE,
    "prereg": Consent.Source.PREREGISTRATION,
}


def page_language() -> str:
    """The language of the page the agreement is given on, when the
    messages are written in it; French otherwise (a command, a worker)."""
    language = (translation.get_language() or "").split("-")[0]
    return language if language in dict(settings.LANGUAGES) else "fr"


def on_extras_given(*, tournament, team, preregistration, values, source) -> None:
    """`REGISTRATION_EXTRAS_GIVEN`: the ticks of the desk's form, of a
    registration file's line or of a pre-registration kept as an agreement
    (`give_consent`, as the door's). A pre-registration's address is its
    own (confirmed by its own mail), in the language its player read the
    page in. At the desk and in the organizer's file the player's language
    is not asked: the desk's (French, unless the desk is in English)."""
    wants = Wants(
        result=bool(values.get("messages_result")),
        table=bool(values.get("messages_table")),
        waiting=bool(values.get("messages_waiting")),
    )
    if preregistration is not None:
        email, language = preregistration.email, preregistration.language or page_language()
    else:
        email, language = values.get("messages_email") or "", page_language()
    if not wants.anything or not email or source not in SOURCES:
        return
    give_consent(
        tournament=tournament,
        email=email,
        wants=wants,
        source=SOURCES[source],
        language=language,
        team=team,
        preregistration=preregistration,
    )


def consent_for_token(token: str) -> Consent | None:
    return (
        Consent.objects.select_related("tournament", "mailbox").filter(token=token[:40]).first()
        if token
        else None
    )


def _stop_queued(**where) -> None:
    Message.objects.filter(state=Message.State.QUEUED, **where).update(state=Message.State.STOPPED)


@transaction.atomic
def stop(*, consent: Consent) -> None:
    """No more messages about this concours to this address (every
    agreement of the mailbox for the concours, and what waits)."""
    now = timezone.now()
    Consent.objects.filter(
        tournament=consent.tournament_id, mailbox=consent.mailbox_id, stopped_at=None
    ).update(stopped_at=now)
    _stop_queued(tournament=consent.tournament_id, mailbox=consent.mailbox_id)


def owns_mailbox(consent: Consent, proof: str) -> bool:
    """Whether `proof` is the mailbox's own token, which only this site's
    mails to the address carry (their stop and confirm links): an agreement's
    token is also in its organizer's backup, and a file's in its author's
    hands, so it proves nothing about the address."""
    return bool(proof) and secrets.compare_digest(proof[:40], consent.mailbox.token)


@transaction.atomic(durable=True)
def stop_everywhere(*, consent: Consent, proof: str) -> bool:
    """No more messages from this site to this address, ever, when `proof`
    shows the link was mailed to it (`owns_mailbox`); else this concours's
    only. Returns whether the whole site's stopped."""
    stop(consent=consent)
    if not owns_mailbox(consent, proof):
        return False
    Mailbox.objects.filter(pk=consent.mailbox_id, stopped_at=None).update(stopped_at=timezone.now())
    _stop_queued(mailbox=consent.mailbox_id)
    return True


def mailbox_for_token(token: str) -> Mailbox | None:
    return Mailbox.objects.filter(token=token[:40]).first() if token else None


def confirm_mailbox(*, mailbox: Mailbox) -> None:
    """The address confirmed by its owner, from the page of the link mailed
    to it (a POST: a mail scanner's visit confirms nothing); the messages
    held for it leave."""
    if Mailbox.objects.filter(pk=mailbox.pk, confirmed_at=None).update(confirmed_at=timezone.now()):
        tasks.wake_sender()
    mailbox.refresh_from_db()
