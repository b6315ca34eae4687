"""Players across concours: who is the same person, who is shown, and
their cote.

- `identify_players`: each player of a public concours linked to a `Person`:
  a record of the concours's organizer found by licence, else by folded
  names and club (a player with neither a licence nor a club is never taken
  for somebody else: a person of their own); a record of another trusted
  organizer found so waits for them to accept it (features/contributions);
  else a new record of the concours's organizer. A player who ticked the
  box shows their person only if the record is their organizer's: another
  organizer's tick never shows, un-withdraws or rates a person whose
  record it does not own.
- `set_player_shown`: the box changed on a registration's form; unticked,
  the person is withdrawn (`withdraw_person`); ticked for a person who
  withdrew, refused.
- `withdraw_person`: the person leaves every public page: not shown, every
  box of theirs unticked, their cote deleted, the moment kept. No box
  ticked afterwards shows them again, whatever its concours's date.
- `show_again`: the person asked again, to the organizer who registered
  them, who records it on « Pages des joueurs »: the only way back.
- `merge_persons`: two records of one organizer that are the same person.
- `recompute_cotes`: the cotes of the shown persons, from the public
  finished concours of the organizers the site trusts
  (tournaments/domain/rating.py), stored.

Each write logs a line in the concours concerned, which moves their
revision: their live public pages are sent again (services/audit.py).
Must not: decide a rule of the cote (domain/rating.py does).
"""

from __future__ import annotations

from collections import defaultdict
from datetime import date, timedelta
from typing import Any

from django.conf import settings
from django.db import transaction
from django.db.models import Q, QuerySet
from django.utils import timezone
from django.utils.translation import gettext as _

from tournaments.domain import rating, search
from tournaments.models import (
    Change,
    Cote,
    Person,
    Player,
    Round,
    Table,
    Team,
    Tournament,
    is_trusted,
    trusted,
)
from tournaments.models.accounts import trusted_ids
from tournaments.queries.persons import persons_owned
from tournaments.queries.publication import teams_counts
from tournaments.services.audit import Actor, log_change
from tournaments.services.errors import TournamentError


def _match(records: QuerySet[Person], player: Player, *, own: bool) -> Person | None:
    """The record of `records` that is `player`: by licence, else by names
    and club (a record with another licence is someone else). A licence
    learnt is kept only in the organizer's `own` records."""
    licence = player.licence.strip()
    if licence:
        found = records.filter(licence=licence).order_by("pk").first()
        if found is not None:
            return found
    club_key = search.fold(player.club)
    if not club_key:
        return None
    name_key = search.search_key(player.first_name, player.last_name)
    found = (
        records.filter(name_key=name_key, club_key=club_key)
        .filter(Q(licence="") | Q(licence=licence) if licence else Q())
        .order_by("pk")
        .first()
    )
    if found is not None and own and licence and not found.licence:
        found.licence = licence
        found.save(update_fields=["licence"])
    return found


def person_for(player: Player, owner_id: int | None) -> Person:
    """The organizer's own record of the player; else another trusted
    organizer's (never linked here: theirs to accept, the feature
    contributions); else a new record of the organizer's."""
    found = _match(Person.objects.filter(owner_id=owner_id), player, own=True)
    if found is None:
        others = Person.objects.exclude(owner_id=owner_id).filter(trusted("owner"))
        found = _match(others, player, own=False)
    if found is not None:
        return found
    return Person.objects.create(
        owner_id=owner_id,
        first_name=player.first_name,
        last_name=player.last_name,
        licence=player.licence.strip(),
        club=player.club,
    )


@transaction.atomic
def identify_players(tournament: Tournament) -> int:
    """Link every player of a public concours to their person; the players
    who ticked the box show theirs. Returns how many players were linked."""
    if not tournament.published:
        return 0
    return link_players(tournament)


def link_players(tournament: Tournament) -> int:
    """Every player of the concours linked to their person, public or not
    (a draw by the cote reads their cotes; a concours's pages show nobody
    until it is public). A step of a use-case, in its transaction."""
    linked = 0
    for player in tournament.players.filter(person__isnull=True).order_by("pk"):
        person = person_for(player, tournament.owner_id)
        if person.owner_id == tournament.owner_id:  # another's waits for them to accept
            linked += Player.objects.filter(pk=player.pk).update(person=person)
    _read_the_boxes(tournament)
    return linked


def _read_the_boxes(tournament: Tournament) -> None:
    """The boxes ticked in the concours: a withdrawn person's are unticked
    (a withdrawal holds whatever the concours's date: this concours
    published late, again, or dated later); the others show the persons
    whose records belong to the concours's organizer, and only those."""
    ticked = tournament.players.filter(shown=True, person__isnull=False)
    ticked.filter(person__withdrawn_at__isnull=False).update(shown=False)
    newly = sorted(
        set(
            Person.objects.filter(
                owner_id=tournament.owner_id,
                shown=False,
                withdrawn_at__isnull=True,
                players__in=ticked.values("pk"),
            ).values_list("pk", flat=True)
        )
    )
    if newly:
        Person.objects.filter(pk__in=newly).update(shown=True)
        # Their other concours's pages now link to them: sent again.
        _log_in_concours(newly, Change.Action.PLAYERS_SHOWN, None, {"shown": True})


def _log_in_concours(
    person_ids: list[int], action: str, by: Actor | None, after: dict[str, Any]
) -> None:
    tournaments = (
        Player.objects.filter(person_id__in=person_ids)
        .values_list("tournament_id", flat=True)
        .distinct()
        .order_by("tournament_id")
    )
    for tournament_id in tournaments:
        log_change(tournament_id, action, by=by, after=after)


@transaction.atomic
def withdraw_person(*, person: Person, by: Actor | None = None) -> Person:
    """The person withdraws their agreement: gone from every public page."""
    person = Person.objects.select_for_update().get(pk=person.pk)
    person.shown = False
    person.withdrawn_at = timezone.now()
    person.save(update_fields=["shown", "withdrawn_at"])
    person.players.update(shown=False)
    Cote.objects.filter(person=person).delete()
    _log_in_concours([person.pk], Change.Action.PLAYERS_SHOWN, by, {"shown": False})
    return person


def withdrawn_refusal(person: Person) -> TournamentError:
    return TournamentError(
        _(
            "%(name)s a retiré son accord : cette personne n'est de nouveau affichée que "
            "si elle le demande à l'organisateur qui l'a inscrite (« Pages des joueurs »)."
        )
        % {"name": person},
        field="shown",
    )


@transaction.atomic
def set_player_shown(*, player: Player, shown: bool, by: Actor | None = None) -> Player:
    """The box of a registration changed. Ticked: the person is shown if
    the record is the concours's organizer's (another organizer's tick lets
    this concours count on a shown person's page); refused for a person who
    withdrew. Unticked: the person withdraws, if this concours was one of
    their page's."""
    person = player.person
    if player.shown == shown:
        return player
    if shown and person is not None and person.withdrawn_at is not None:
        raise withdrawn_refusal(person)
    player.shown = shown
    player.save(update_fields=["shown"])
    owners = player.tournament.owner_id
    if person is None or (person.owner_id != owners and not is_trusted(player.tournament.owner)):
        log_change(player.tournament_id, Change.Action.PLAYERS_SHOWN, by=by)
        return player
    if not shown:
        withdraw_person(person=person, by=by)
        return player
    if person.owner_id == owners:
        Person.objects.filter(pk=person.pk).update(shown=True)
        _log_in_concours([person.pk], Change.Action.PLAYERS_SHOWN, by, {"shown": True})
    else:
        log_change(player.tournament_id, Change.Action.PLAYERS_SHOWN, by=by)
    recompute_cotes()
    return player


@transaction.atomic(durable=True)
def show_again(*, person: Person, by: Actor | None) -> Person:
    """The person who withdrew asked again, to the organizer who registered
    them (the owner of the record), who says so on « Pages des joueurs »:
    shown again, their boxes in that organizer's concours ticked again.
    Another organizer's concours count again once ticked there again."""
    if not persons_owned(by).filter(pk=person.pk).exists():
        raise TournamentError(
            _("Seul l'organisateur qui a inscrit ce joueur peut l'afficher de nouveau.")
        )
    person = Person.objects.select_for_update().get(pk=person.pk)
    if person.withdrawn_at is None:
        return person
    person.shown, person.withdrawn_at = True, None
    person.save(update_fields=["shown", "withdrawn_at"])
    person.players.filter(tournament__owner_id=person.owner_id).update(shown=True)
    _log_in_concours(
        [person.pk], Change.Action.PLAYERS_SHOWN, by, {"shown": True, "asked_again": True}
    )
    recompute_cotes()
    return person


@transaction.atomic(durable=True)
def merge_persons(*, kept: Person, merged: Person, by: Actor | None) -> Person:
    """`merged` is the same person as `kept`: its concours go to `kept`, and
    it is deleted. Allowed to the organizer who owns both records (another
    organizer's players are not theirs to merge). Shown only if both were:
    a withdrawal is never undone by a merge."""
    if kept.pk == merged.pk:
        raise TournamentError(_("Choisissez deux fiches différentes."), field="merged")
    mine = persons_owned(by)
    if (
        not mine.filter(pk=kept.pk).exists()
        or not mine.filter(pk=merged.pk).exists()
        or kept.owner_id != merged.owner_id
    ):
        raise TournamentError(
            _("Vous ne pouvez fusionner que des joueurs de vos propres concours."),
            field="merged",
        )
    kept = Person.objects.select_for_update().get(pk=kept.pk)
    merged = Person.objects.select_for_update().get(pk=merged.pk)
    _log_in_concours(
        [kept.pk, merged.pk],
        Change.Action.PERSONS_MERGED,
        by,
        {"kept": str(kept), "merged": str(merged)},
    )
    Player.objects.filter(person=merged).update(person=kept)
    kept.shown = kept.shown and merged.shown
    kept.withdrawn_at = max(
        (w for w in (kept.withdrawn_at, merged.withdrawn_at) if w is not None), default=None
    )
    kept.licence = kept.licence or merged.licence
    kept.club = kept.club or merged.club
    kept.save(update_fields=["shown", "withdrawn_at", "licence", "club"])
    merged.delete()
    if not kept.shown:
        kept.players.update(shown=False)
    recompute_cotes()
    return kept


def rated_concours(*, today: date, window_days: int) -> list[rating.RatedConcours]:
    """The public finished concours of the window whose organizer the site
    trusts, as the cote reads them: their tables played, each side's two
    persons and totals.

    No query joins more than two tables; the sides' persons are put together
    here. One query joining the tables to their teams and players (eight
    tables) let PostgreSQL pick, on stale statistics, a plan still running
    after five minutes on the demo's few hundred rows."""
    start = today - timedelta(days=window_days)
    concours = list(
        Tournament.objects.filter(
            published=True, status=Tournament.Status.FINISHED, date__gt=start, date__lte=today
        )
        .order_by("pk")
        .only("pk", "format", "date", "owner_id")
    )
    trusted_owners = trusted_ids({t.owner_id for t in concours})
    concours = [t for t in concours if t.owner_id in trusted_owners]
    teams = teams_counts(concours)
    rated = {t.pk: t.owner_id for t in concours if teams[t.pk] >= rating.MIN_TEAMS}
    person_of = _rated_identities(rated)
    persons_of = {
        pk: (person_of[first], person_of[second])
        for pk, first, second in Team.objects.filter(tournament_id__in=list(rated)).values_list(
            "pk", "player1_id", "player2_id"
        )
        if first in person_of and second in person_of
    }
    games: dict[int, list[rating.TableGame]] = defaultdict(list)
    rows = (
        Table.objects.filter(
            round__tournament_id__in=list(rated),
            round__status=Round.Status.CLOSED,
            team_b__isnull=False,
        )
        .order_by("round__tournament_id", "round__number", "number")
        .values_list("round__tournament_id", "team_a_id", "team_b_id", "total_a", "total_b")
    )
    for tournament_id, team_a, team_b, total_a, total_b in rows:
        side_a, side_b = persons_of.get(team_a), persons_of.get(team_b)
        if side_a is not None and side_b is not None:
            games[tournament_id].append(rating.TableGame(side_a, side_b, total_a, total_b))
    return [
        rating.RatedConcours(key=t.pk, day=t.date, teams=teams[t.pk], games=tuple(games[t.pk]))
        for t in concours
    ]


def _rated_identities(owners: dict[int, int | None]) -> dict[int, int]:
    """Who each player of these concours (id → organizer) is for the cote:
    their person where the row counts as theirs (the organizer owns the
    record, or the player ticked the box there), else someone met once
    (minus the player's id), rated with the table but kept nowhere: another
    organizer's results never rate a person who did not agree there."""
    players = list(
        Player.objects.filter(tournament_id__in=list(owners)).values_list(
            "pk", "tournament_id", "person_id", "shown"
        )
    )
    record_owner = dict(
        Person.objects.filter(pk__in={p[2] for p in players if p[2]}).values_list("pk", "owner_id")
    )
    return {
        pk: person
        if person is not None and (shown or record_owner.get(person) == owners[tournament])
        else -pk
        for pk, tournament, person, shown in players
    }


@transaction.atomic
def recompute_cotes(*, today: date | None = None) -> int:
    """Every shown person's cote computed again and stored (the others
    count in their opponents' and partners' cotes, and are kept nowhere).
    Returns how many cotes were stored."""
    today = today or timezone.localdate()
    window = settings.RATING_WINDOW_DAYS
    cotes = rating.rate(
        rated_concours(today=today, window_days=window), today=today, window_days=window
    )
    shown = set(Person.objects.shown().filter(pk__in=list(cotes)).values_list("pk", flat=True))
    now = timezone.now()
    Cote.objects.all().delete()
    Cote.objects.bulk_create(
        Cote(person_id=pk, mu=c.mu, sigma=c.sigma, games=c.games, computed_at=now)
        for pk, c in cotes.items()
        if pk in shown
    )
    return len(shown)


def publish_players(tournament: Tournament, by: Actor | None = None) -> None:
    """A concours became public or finished: its players identified, the
    cotes computed again. The handler of `hooks.RESULTS_PUBLISHED`
    (tournaments/apps.py): a step of `set_published`, of a hall's file
    published and of the last close."""
    if tournament.published:
        identify_players(tournament)
        recompute_cotes()
