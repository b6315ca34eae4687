"""Read-only lookups behind the players' and clubs' pages across concours.

Only persons shown (`Person.objects.shown()`: agreed through the organizer
who owns their record, an organizer the site trusts) and only public
concours (`Tournament.published`) are ever returned to a public page, and of
a person's concours only those that count as theirs (`counted_players`: the
record's organizer's, or another trusted organizer's where they ticked the
box too). Nothing here writes or computes a cote (services/persons.py stores
them).
"""

from __future__ import annotations

from collections import Counter
from collections.abc import Iterable
from dataclasses import dataclass, replace

from django.db.models import F, Q, QuerySet

from tournaments.domain import rating, search
from tournaments.models import Cote, Person, Player, Team, Tournament, trusted
from tournaments.models.persons import counted_players
from tournaments.queries.brackets import final_order
from tournaments.queries.standings import tournament_standings


@dataclass(frozen=True)
class Played:
    """One concours of a person: the concours and, in fixed pairs, their
    team; once the concours is finished, their final place among `ranked`
    and their points (the team's, or in a mêlée their own)."""

    tournament: Tournament
    team: Team | None
    place: int | None = None
    ranked: int = 0
    points: int | None = None
    partner: Player | None = None
    partner_page: int | None = None  # the partner's person, when their page is shown


def shown_person(pk: int) -> Person | None:
    """The person of a public page, or None (unknown, or not shown)."""
    return Person.objects.shown().select_related("cote").filter(pk=pk).first()


def person_concours(person: Person) -> list[Played]:
    """The person's public concours, the latest first."""
    players = list(
        Player.objects.filter(person=person, tournament__published=True)
        .filter(counted_players())
        .select_related("tournament")
        .order_by("-tournament__date", "-tournament__pk")
    )
    ids = [p.pk for p in players]
    teams, partners = {}, {}
    for team in (
        Team.objects.filter(round__isnull=True)
        .filter(Q(player1_id__in=ids) | Q(player2_id__in=ids))
        .select_related("player1", "player2")
    ):
        teams[team.player1_id] = teams[team.player2_id] = team
        partners[team.player1_id], partners[team.player2_id] = team.player2, team.player1
    # A partner is linked only where their own page is shown (the trust rules).
    pages = shown_players(p for p in partners.values() if p is not None)
    played = []
    for p in players:
        partner = partners.get(p.pk)
        page = pages.get(partner.pk) if partner is not None else None
        place = _with_place(p.tournament, p, teams.get(p.pk))
        played.append(replace(place, partner=partner, partner_page=page))
    return played


def _with_place(tournament: Tournament, player: Player, team: Team | None) -> Played:
    """The concours with the person's final place, when it is finished."""
    if tournament.status != Tournament.Status.FINISHED:
        return Played(tournament, team)
    entrant = (
        player.pk if tournament.format == Tournament.Format.MELEE else getattr(team, "pk", None)
    )
    order = final_order(tournament, tournament_standings(tournament))
    for standing in order:
        if getattr(standing.entrant, "pk", None) == entrant:
            return Played(tournament, team, standing.row.rank, len(order), standing.row.points_for)
    return Played(tournament, team)


def shown_players(players: Iterable[Player]) -> dict[int, int]:
    """Of these players, those whose person is shown and whose concours
    counts as theirs: player id → person id (the links from a concours's
    pages to the players' pages)."""
    players = list(players)
    linked = [p.pk for p in players if p.person_id is not None]
    counted = set(
        Player.objects.filter(pk__in=linked, person__in=Person.objects.shown())
        .filter(counted_players())
        .values_list("pk", flat=True)
    )
    return {p.pk: p.person_id for p in players if p.pk in counted}


@dataclass(frozen=True)
class Club:
    key: str
    name: str
    persons: list[Person]
    concours: list[Tournament]


def club(key: str) -> Club | None:
    """A club's page: its shown players and its public concours, or None."""
    key = search.fold(key)
    if not key:
        return None
    members = Person.objects.filter(club_key=key)
    concours = list(
        Tournament.objects.published()
        .filter(trusted("owner"), players__person__club_key=key)
        .distinct()
        .order_by("-date", "name")
    )
    persons = sorted(
        members.shown().select_related("cote"),
        key=lambda p: search.name_order(p.last_name, p.first_name),
    )
    if not persons and not concours:
        return None
    spellings = Counter(members.values_list("club", flat=True))
    name = max(sorted(spellings), key=lambda s: spellings[s]) if spellings else key
    return Club(key=key, name=name, persons=persons, concours=concours)


def persons_managed(user) -> QuerySet[Person]:
    """The persons of the concours an organizer runs whose rows there count
    as theirs, for their « Pages des joueurs » screen (shown or not, to
    withdraw): a person may ask any organizer of a concours on their page."""
    managed = Tournament.objects.managed_by(user)
    return (
        Person.objects.filter(
            Q(players__tournament__in=managed.values("pk"))
            & counted_players("players__", person_owner="owner")
        )
        .distinct()
        .order_by("last_name", "first_name", "pk")
    )


def shown_ids(persons: QuerySet[Person]) -> set[int]:
    """Which of these persons the public pages show."""
    shown = Person.objects.shown().filter(pk__in=persons.values("pk"))
    return set(shown.values_list("pk", flat=True))


def persons_owned(user) -> QuerySet[Person]:
    """The records of the organizer of concours the user runs, where they
    registered the person: only these are theirs to show again or merge."""
    managed = Tournament.objects.managed_by(user)
    return (
        Person.objects.filter(
            players__tournament__in=managed.values("pk"), players__tournament__owner=F("owner")
        )
        .distinct()
        .order_by("last_name", "first_name", "pk")
    )


def player_cotes(player_ids: Iterable[int]) -> dict[int, rating.Cote]:
    """The stored cotes of these players (player id → cote), for a draw by
    the cote: only shown persons have one (the cote is opt-in)."""
    rows = Cote.objects.filter(
        person__in=Person.objects.shown(), person__players__pk__in=list(player_ids)
    ).values_list("person__players__pk", "mu", "sigma", "games")
    return {pk: rating.Cote(mu=mu, sigma=sigma, games=games) for pk, mu, sigma, games in rows}


@dataclass(frozen=True)
class CotePlace:
    """Where a shown person's cote stands among the shown persons' cotes:
    on the site, and in their club when they have one (`club_of` 0: none)."""

    place: int
    of: int
    club_place: int = 0
    club_of: int = 0


def cote_place(person: Person) -> CotePlace | None:
    """The person's place by cote (1: the highest; equal cotes share a
    place) among the persons shown, and among those of their club; None
    without a cote. Only shown persons are counted."""
    cote = Cote.objects.filter(person=person).first()
    if cote is None:
        return None
    cotes = Cote.objects.filter(person__in=Person.objects.shown())
    place = CotePlace(cotes.filter(mu__gt=cote.mu).count() + 1, cotes.count())
    if not person.club_key:
        return place
    club = cotes.filter(person__club_key=person.club_key)
    return replace(place, club_place=club.filter(mu__gt=cote.mu).count() + 1, club_of=club.count())
