"""What the desk shows of the messages: how many wait and why, when the
last ones left; what each team's printed result card says. Must not: write."""

from __future__ import annotations

from dataclasses import dataclass

from django.db.models import Count, Max, Q
from django.urls import reverse

from tournaments.display import labels
from tournaments.features.messages.display import Outbox, handed_over
from tournaments.features.messages.models import Consent, Message
from tournaments.infra import address
from tournaments.queries import awards
from tournaments.queries.standings import tournament_standings


def outbox(tournament) -> Outbox:
    """The desk's line: the messages by state, and the teams that gave their
    e-mail for their result or their table (an offer's agreement, made for a
    waiting team's mail, is not counted: services/outbox._offer_consent)."""
    messages = Message.objects.filter(tournament=tournament)
    counts = dict(messages.values_list("state").annotate(n=Count("pk")).order_by())
    waiting = counts.get(Message.State.QUEUED, 0) + counts.get(Message.State.SENDING, 0)
    first = messages.waiting().exclude(reason="").order_by("pk").first()
    return Outbox(
        waiting=waiting,
        sent=counts.get(Message.State.SENT, 0),
        refused=counts.get(Message.State.REFUSED, 0),
        consents=Consent.objects.filter(tournament=tournament, stopped_at=None)
        .filter(Q(wants_result=True) | Q(wants_table=True))
        .count(),
        reason=first.reason if first else "",
        last_sent_at=messages.aggregate(last=Max("sent_at"))["last"],
        handed=sum(
            handed_over(reason)
            for reason in messages.filter(state=Message.State.STOPPED)
            .exclude(reason="")
            .values_list("reason", flat=True)
        ),
    )


def recent(tournament, limit: int = 50) -> list[Message]:
    return list(Message.objects.filter(tournament=tournament).order_by("-pk")[:limit])


@dataclass(frozen=True)
class Card:
    """What one team's printed result card says."""

    number: int
    team: str
    place: str
    points: str
    won: str
    lot: str
    link: str


def result_cards(tournament) -> list[Card]:
    """Each ranked team's card, in the order of the ranking: its place,
    points, parties won, lot, and the address of its own results."""
    standings = tournament_standings(tournament)
    board = awards.public_board(tournament, standings)
    teams = {t.pk: t for t in tournament.teams.select_related("player1", "player2")}
    cards = []
    for standing in standings:
        team = teams.get(standing.row.entrant)
        if team is None:
            continue
        placing = board.placing(standing.row.entrant) if board else None
        row = standing.row
        cards.append(
            Card(
                number=team.number,
                team=team.players_label,
                place=labels.final_place(row.rank, len(standings), None),
                points=labels.number(row.points_for),
                won=f"{row.won} / {row.played}",
                lot=getattr(placing, "lot_name", "") if placing else "",
                link=address.absolute(
                    reverse("tournaments:team", args=[tournament.slug, team.number])
                ),
            )
        )
    return cards
