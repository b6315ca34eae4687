"""What is due, written as messages in the queue: the results of a concours
once final (after its claims window), a table when a partie's draw is
announced, the organizer's message, a waiting team's offer of a place.

Queuing is idempotent: a message is one `(consent, kind, ref)`, and a
second queuing of the same writes nothing (the unique constraint, with
`ignore_conflicts`), so that the moments may be announced twice, or
looked for again by `queue_due` (run by every sending), without a
message twice. A message's text is written now, in its reader's
language. The caller wakes the sender (tasks.wake_sender).

Must not: send (sending.py, from the task).
"""

from __future__ import annotations

import datetime
import secrets
from collections.abc import Iterable
from typing import Any

from django.conf import settings
from django.db import transaction
from django.db.models import QuerySet
from django.urls import reverse
from django.utils import timezone, translation

from tournaments.display import labels
from tournaments.display.hall import day_and_time
from tournaments.features.messages import display
from tournaments.features.messages.models import Consent, Message
from tournaments.features.messages.services.sending import mailbox_confirmed, mailbox_for
from tournaments.infra import address
from tournaments.models import Round, Team, Tournament, hung
from tournaments.queries import awards
from tournaments.queries import persons as person_queries
from tournaments.queries.claims import ranking_claims
from tournaments.queries.standings import tournament_standings

#: A concours older than this no longer keeps the sender looking for its results.
AWAITED_DAYS = datetime.timedelta(days=7)


def _message_id() -> str:
    domain = settings.DEFAULT_FROM_EMAIL.rpartition("@")[2] or "localhost"
    return f"<{secrets.token_hex(12)}@{domain}>"


def listening(tournament: Tournament, wants: str) -> Iterable[Consent]:
    """The consents of `tournament` that asked for `wants` and stopped nothing."""
    return (
        Consent.objects.filter(tournament=tournament, stopped_at=None, mailbox__stopped_at=None)
        .filter(**{wants: True})
        .select_related("mailbox", "team__player1", "team__player2")
    )


def carry_preregistrations(tournament: Tournament) -> int:
    """The agreements given at pre-registration follow it once it is a
    team of the concours (taken in on the day); one the team gave again
    at the door or the desk for the same address stays the one kept."""
    moved = 0
    waiting = Consent.objects.filter(tournament=tournament, team=None)
    teams = _taken_in(waiting)
    for consent in waiting.filter(preregistration_id__in=list(teams)):
        team_id = teams[consent.preregistration_id]
        if Consent.objects.filter(team_id=team_id, mailbox=consent.mailbox_id).exists():
            continue
        moved += Consent.objects.filter(pk=consent.pk, team=None).update(team_id=team_id)
    return moved


def _taken_in(consents: QuerySet[Consent]) -> dict[int, int]:
    """The teams the pre-registrations of `consents` became on the day, by
    the pre-registration's id (the calendar's `Team.preregistration`, read
    by name; none without the calendar)."""
    if not hung(Team, "preregistration"):
        return {}
    ids = consents.filter(preregistration_id__isnull=False).values("preregistration_id")
    found = Team.objects.filter(preregistration__in=ids)
    return dict(found.values_list("preregistration", "pk"))


def _links(consent: Consent) -> dict[str, str]:
    links = {"stop": display.stop_link(consent.token, consent.mailbox.token)}
    if not mailbox_confirmed(consent.mailbox):
        links["confirm"] = display.confirm_link(consent.mailbox.token)
    return links


def write(consent: Consent, kind: str, ref: str, context: dict) -> Message:
    text = display.render(kind, {**context, **_links(consent)}, consent.language)
    return Message(
        consent=consent,
        tournament_id=consent.tournament_id,
        kind=kind,
        ref=ref,
        to=consent.email,
        mailbox=consent.mailbox,
        language=consent.language,
        subject=text.subject,
        body=text.body,
        message_id=_message_id(),
    )


def queue_written(messages: list[Message]) -> int:
    """Keep the new ones (the same message queued before is left alone);
    the caller wakes the sender (tasks.wake_sender)."""
    if not messages:
        return 0
    with transaction.atomic():
        before = Message.objects.count()
        Message.objects.bulk_create(messages, ignore_conflicts=True, batch_size=500)
        return Message.objects.count() - before


def _result_context(tournament: Tournament, consent: Consent, placing, ranked: int) -> dict:
    team = consent.team
    row = placing.row
    players = [team.player1, team.player2]
    pages = person_queries.shown_players(players) if tournament.published else {}
    return {
        "tournament": tournament,
        "team": team.players_label,
        "place": labels.final_place(row.rank, ranked, None),
        "points": labels.number(row.points_for),
        "won": f"{row.won} / {row.played}",
        "lot": getattr(placing, "lot_name", ""),
        "team_link": address.absolute(
            reverse("tournaments:team", args=[tournament.slug, team.number])
        ),
        "player_links": [
            (str(p), address.absolute(reverse("tournaments:person", args=[pages[p.pk]])))
            for p in players
            if p.pk in pages
        ],
    }


def queue_results(tournament: Tournament) -> int:
    """The result of each team that asked for it, once the ranking is
    final: its place, points, parties won, lot and links."""
    if tournament.format != Tournament.Format.PAIRS or not ranking_claims(tournament).final:
        return 0
    carry_preregistrations(tournament)
    consents = [c for c in listening(tournament, "wants_result") if c.team_id is not None]
    if not consents:
        return 0
    standings = tournament_standings(tournament)
    board = awards.public_board(tournament, standings)
    placings = {s.row.entrant: (board.placing(s.row.entrant) if board else s) for s in standings}
    messages = []
    for consent in consents:
        placing = placings.get(consent.team_id)
        if placing is None:
            continue
        with translation.override(consent.language):
            context = _result_context(tournament, consent, placing, len(standings))
        messages.append(write(consent, Message.Kind.RESULT, "", context))
    return queue_written(messages)


def queue_tables(tournament: Tournament) -> int:
    """Each team that asked for its table: its table in every partie
    announced and not closed yet (a partie over needs no message)."""
    carry_preregistrations(tournament)
    consents = [c for c in listening(tournament, "wants_table") if c.team_id is not None]
    if not consents:
        return 0
    messages = []
    for rnd in tournament.rounds.announced().exclude(status=Round.Status.CLOSED):
        tables = rnd.tables.select_related("team_a", "team_b")
        seat = {}
        for table in tables:
            for team, other in ((table.team_a, table.team_b), (table.team_b, table.team_a)):
                if team is not None:
                    seat[team.pk] = (table.number, str(other) if other else "")
        for consent in consents:
            if consent.team_id in seat:
                number, opponent = seat[consent.team_id]
                context = {"round_number": rnd.number, "table_number": number, "opponent": opponent}
                messages.append(write(consent, Message.Kind.TABLE, str(rnd.number), context))
    return queue_written(messages)


def _result_consents():
    return Consent.objects.filter(
        wants_result=True, stopped_at=None, mailbox__stopped_at=None, team__isnull=False
    ).exclude(messages__kind=Message.Kind.RESULT)


def results_awaited() -> bool:
    """Whether a team that asked for its result waits for it in a concours
    not over yet (or over, its claims window still open)."""
    recent = timezone.localdate() - AWAITED_DAYS
    tables = Consent.objects.filter(
        wants_table=True, stopped_at=None, tournament__status=Tournament.Status.RUNNING
    )
    if tables.filter(tournament__date__gte=recent).exists():
        return True
    return (
        _result_consents().filter(tournament__date__gte=recent, tournament__archived=False).exists()
    )


def queue_due() -> int:
    """The results of every finished concours whose teams asked for them
    and have none queued yet (the moment looked for again: a hall's
    concours closed by hand, a claims window that ended while nobody
    looked)."""
    waiting = Consent.objects.filter(team=None)
    taken_in = waiting.filter(preregistration_id__in=list(_taken_in(waiting)))
    for tournament in Tournament.objects.filter(pk__in=taken_in.values("tournament")):
        carry_preregistrations(tournament)
    finished = (
        _result_consents()
        .filter(tournament__status=Tournament.Status.FINISHED)
        .values_list("tournament", flat=True)
        .distinct()
    )
    results = sum(queue_results(t) for t in Tournament.objects.filter(pk__in=list(finished)))
    playing = Consent.objects.filter(
        wants_table=True, stopped_at=None, tournament__status=Tournament.Status.RUNNING
    ).values_list("tournament", flat=True)
    tables = sum(queue_tables(t) for t in Tournament.objects.filter(pk__in=list(playing)))
    return results + tables


def _offer_consent(preregistration: Any) -> Consent | None:
    """The agreement an offer's mail goes under: the pre-registration's own,
    « une place libérée » (`wants_waiting`) on, made for it if the team
    ticked nothing (an offer about the team's own request is no newsletter;
    the desk's count of e-mails given counts the ticks only), unless its
    reader stopped this concours or the site."""
    mailbox = mailbox_for(preregistration.email)
    if mailbox.stopped_at is not None:
        return None
    consent, _created = Consent.objects.get_or_create(
        tournament_id=preregistration.tournament_id,
        preregistration_id=preregistration.pk,
        mailbox=mailbox,
        defaults={
            "email": preregistration.email,
            "language": preregistration.language or "fr",
            "source": Consent.Source.PREREGISTRATION,
            "wants_waiting": True,
        },
    )
    if consent.stopped_at is not None:
        return None
    if not consent.wants_waiting:
        Consent.objects.filter(pk=consent.pk).update(wants_waiting=True)
    return consent


def queue_offer(preregistration: Any, until, confirm_link: str, decline_link: str) -> int:
    """A waiting team's offer of a place, to its pre-registration's address
    once confirmed (an address not confirmed got its confirmation's mail
    only: the desk phones it). One message an offer."""
    if preregistration.confirmed_at is None:
        return 0
    consent = _offer_consent(preregistration)
    if consent is None:
        return 0
    with translation.override(consent.language):
        context = {
            "tournament": preregistration.tournament,
            "until": day_and_time(until),
            "confirm": confirm_link,
            "decline": decline_link,
        }
    message = write(consent, Message.Kind.WAITING, str(preregistration.pk), context)
    return queue_written([message])
