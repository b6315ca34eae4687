"""The organizer's directory of players: filled by every registration in
any of the organizer's tournaments, read by the desk's suggestions.

A player is remembered under the folded first and last names
(tournaments/domain/search.py): « Amélie LEFÈVRE » typed once and « amelie
lefevre » the next week are the same person, whose latest spelling, licence
and club are kept (a blank licence or club never erases a known one).

This module is a step of the registration use-cases (`registration` and
`imports` call `remember_players` inside their transaction) and a read for
the desk: it writes no audit line of its own (the registration that
remembers writes it) and imports no other service module but `errors`.
"""

from __future__ import annotations

from collections.abc import Iterable
from datetime import date as Date
from typing import Protocol

from django.contrib.auth.models import User
from django.db import IntegrityError, transaction

from tournaments.domain import search
from tournaments.models import KnownPlayer, Player, Tournament

#: How many letters must be typed before anything is proposed.
MIN_LETTERS = 3
SUGGESTIONS = 8


class PersonLike(Protocol):  # read-only: a frozen PlayerData qualifies
    @property
    def first_name(self) -> str: ...
    @property
    def last_name(self) -> str: ...
    @property
    def licence(self) -> str: ...
    @property
    def club(self) -> str: ...


def remember_players(tournament: Tournament, people: Iterable[PersonLike]) -> None:
    """Each person in the directory of the tournament's owner, as last seen
    at this tournament. A step of a registration: runs in its transaction."""
    if tournament.owner_id is None:
        return
    for person in people:
        _remember(tournament.owner_id, person, tournament.date)


def _remember(owner_id: int, person: PersonLike, seen: Date) -> None:
    key = search.search_key(person.first_name, person.last_name)
    if not key:
        return
    known = KnownPlayer.objects.filter(owner_id=owner_id, search_key=key).first()
    if known is None:
        try:
            with transaction.atomic():
                KnownPlayer.objects.create(
                    owner_id=owner_id,
                    first_name=person.first_name,
                    last_name=person.last_name,
                    licence=person.licence,
                    club=person.club,
                    last_seen=seen,
                )
            return
        except IntegrityError:
            # Remembered at this instant by a registration in another of
            # the organizer's tournaments: update that one.
            known = KnownPlayer.objects.get(owner_id=owner_id, search_key=key)
    if seen >= known.last_seen:
        known.first_name, known.last_name = person.first_name, person.last_name
        known.licence = person.licence or known.licence
        known.club = person.club or known.club
        known.last_seen = seen
    else:  # an older concours entered late: only fill what was unknown
        known.licence = known.licence or person.licence
        known.club = known.club or person.club
    known.save()


def suggestions(*, owner_id: int | None, query: str, limit: int = SUGGESTIONS) -> list[KnownPlayer]:
    """The organizer's known players whose names hold every word of `query`
    (accents and case aside), most recently seen first; nothing before
    three letters are typed."""
    words = search.query_words(query)
    if owner_id is None or sum(len(word) for word in words) < MIN_LETTERS:
        return []
    found = KnownPlayer.objects.filter(owner_id=owner_id)
    for word in words:
        found = found.filter(search_key__contains=word)
    return list(found.order_by("-last_seen", "last_name", "first_name")[:limit])


@transaction.atomic(durable=True)
def forget_player(*, known: KnownPlayer) -> None:
    """Take a player out of the organizer's directory (they asked to be
    forgotten, or the entry is a typo). Their registrations stay."""
    known.delete()


def suggestions_for(
    *, user: User, tournament: Tournament, query: str, limit: int = SUGGESTIONS
) -> list[KnownPlayer] | list[Player]:
    """What the registration desk of `tournament` proposes to `user`: its
    owner's whole directory to the owner; to a co-organizer, only the
    players of the owner's tournaments they co-organize (a co-organizer of
    one concours does not see the licences and clubs of every player the
    owner ever registered)."""
    if user.pk == tournament.owner_id:
        return suggestions(owner_id=tournament.owner_id, query=query, limit=limit)
    words = search.query_words(query)
    if sum(len(word) for word in words) < MIN_LETTERS:
        return []
    shared = Tournament.objects.filter(owner_id=tournament.owner_id, co_organizers=user)
    found = Player.objects.filter(tournament__in=shared)
    for word in words:
        found = found.filter(search_key__contains=word)
    seen: set[tuple[str, str, str, str]] = set()
    players: list[Player] = []
    for player in found.order_by("-tournament__date", "last_name", "first_name")[: limit * 4]:
        key = (player.first_name, player.last_name, player.licence, player.club)
        if key not in seen:
            seen.add(key)
            players.append(player)
    return players[:limit]
