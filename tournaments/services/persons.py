"""Players across concours: who is the same person, who is shown, and
their cote.

- `identify_players`: each player of a public concours linked to a `Person`,
  found by licence, else by folded names and club (a player with neither a
  licence nor a club is never taken for somebody else: a person of their
  own). A player who ticked the box at registration makes their person shown.
- `set_player_shown`: the box changed on a registration's form; unticked,
  the person is withdrawn (`withdraw_person`).
- `withdraw_person`: the person leaves every public page: not shown, every
  box of theirs unticked, their cote deleted, the moment kept. Only a tick
  in a concours played after that day shows them again (a concours of the
  days before, published late or again from the hall laptop, where the box
  is still ticked, does not).
- `merge_persons`: two identities that are the same person, merged by an
  organizer who runs a concours of each.
- `recompute_cotes`: the cotes of the shown persons, from the public
  finished concours (tournaments/domain/rating.py), stored.

Each write logs a line in the concours concerned, which moves their
revision: their live public pages are sent again (services/audit.py).
Must not: decide a rule of the cote (domain/rating.py does).
"""

from __future__ import annotations

from collections import defaultdict
from datetime import date, timedelta

from django.conf import settings
from django.db import transaction
from django.db.models import Q
from django.utils import timezone
from django.utils.translation import gettext as _

from tournaments.domain import rating, search
from tournaments.models import Change, Cote, Person, Player, Round, Table, Team, Tournament
from tournaments.queries.persons import persons_managed
from tournaments.queries.publication import teams_counts
from tournaments.services.audit import log_change
from tournaments.services.errors import TournamentError


def _person_for(player: Player) -> Person:
    licence = player.licence.strip()
    if licence:
        found = Person.objects.filter(licence=licence).order_by("pk").first()
        if found is not None:
            return found
    club_key = search.fold(player.club)
    if club_key:
        name_key = search.search_key(player.first_name, player.last_name)
        found = (
            Person.objects.filter(name_key=name_key, club_key=club_key)
            .filter(Q(licence="") | Q(licence=licence))
            .order_by("pk")
            .first()
        )
        if found is not None:
            if licence and not found.licence:
                found.licence = licence
                found.save(update_fields=["licence"])
            return found
    return Person.objects.create(
        first_name=player.first_name,
        last_name=player.last_name,
        licence=licence,
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
        player.person = _person_for(player)
        player.save(update_fields=["person"])
        linked += 1
    agreed = Person.objects.filter(players__tournament=tournament, players__shown=True)
    # A box ticked on or before the day of a withdrawal (this concours
    # published late, or again) does not undo it: unticked here too.
    hidden = set(agreed.filter(shown=False).values_list("pk", flat=True))
    withdrawn = set(
        Person.objects.filter(pk__in=hidden, withdrawn_at__date__gte=tournament.date).values_list(
            "pk", flat=True
        )
    )
    if withdrawn:
        tournament.players.filter(person__in=withdrawn).update(shown=False)
    newly = sorted(hidden - withdrawn)
    if newly:
        Person.objects.filter(pk__in=newly).update(shown=True, withdrawn_at=None)
        # Their other concours's pages now link to them: sent again.
        _log_in_concours(newly, Change.Action.PLAYERS_SHOWN, None, {"shown": True})
    return linked


def _log_in_concours(person_ids: list[int], action: str, by, after: dict) -> None:
    tournaments = (
        Player.objects.filter(person_id__in=person_ids)
        .values_list("tournament_id", flat=True)
        .distinct()
        .order_by("tournament_id")
    )
    for tournament_id in tournaments:
        log_change(tournament_id, action, by=by, after=after)


@transaction.atomic
def withdraw_person(*, person: Person, by=None) -> Person:
    """The person withdraws their agreement: gone from every public page."""
    person = Person.objects.select_for_update().get(pk=person.pk)
    person.shown = False
    person.withdrawn_at = timezone.now()
    person.save(update_fields=["shown", "withdrawn_at"])
    person.players.update(shown=False)
    Cote.objects.filter(person=person).delete()
    _log_in_concours([person.pk], Change.Action.PLAYERS_SHOWN, by, {"shown": False})
    return person


@transaction.atomic
def set_player_shown(*, player: Player, shown: bool, by=None) -> Player:
    """The box of a registration changed: ticked, the player (and their
    person, if known) is shown; unticked, the person withdraws."""
    was = player.shown
    player.shown = shown
    player.save(update_fields=["shown"])
    if was == shown or player.person_id is None:
        if was != shown:
            log_change(player.tournament_id, Change.Action.PLAYERS_SHOWN, by=by)
        return player
    if shown:
        Person.objects.filter(pk=player.person_id).update(shown=True, withdrawn_at=None)
        _log_in_concours([player.person_id], Change.Action.PLAYERS_SHOWN, by, {"shown": True})
        recompute_cotes()
    else:
        withdraw_person(person=player.person, by=by)
    return player


@transaction.atomic
def merge_persons(*, kept: Person, merged: Person, by) -> Person:
    """`merged` is the same person as `kept`: its concours go to `kept`, and
    it is deleted. Allowed to an organizer who runs a concours of each
    (another organizer's players are not theirs to merge). Shown only if
    both were: a withdrawal is never undone by a merge."""
    if kept.pk == merged.pk:
        raise TournamentError(_("Choisissez deux fiches différentes."), field="merged")
    mine = persons_managed(by)
    if not mine.filter(pk=kept.pk).exists() or not mine.filter(pk=merged.pk).exists():
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
    """The public finished concours of the window, as the cote reads them:
    their tables played, each side's two persons and totals.

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
        .only("pk", "format", "date")
    )
    teams = teams_counts(concours)
    rated = [t.pk for t in concours if teams[t.pk] >= rating.MIN_TEAMS]
    person_of = dict(Player.objects.filter(tournament_id__in=rated).values_list("pk", "person_id"))
    persons_of = {
        pk: (person_of.get(first), person_of.get(second))
        for pk, first, second in Team.objects.filter(tournament_id__in=rated).values_list(
            "pk", "player1_id", "player2_id"
        )
    }
    games: dict[int, list[rating.TableGame]] = defaultdict(list)
    rows = (
        Table.objects.filter(
            round__tournament_id__in=rated,
            round__status=Round.Status.CLOSED,
            team_b__isnull=False,
        )
        .order_by("round__tournament_id", "round__number", "number")
        .values_list("round__tournament_id", "team_a_id", "team_b_id", "total_a", "total_b")
    )
    for tournament_id, team_a, team_b, total_a, total_b in rows:
        side_a = persons_of.get(team_a, (None, None))
        side_b = persons_of.get(team_b, (None, None))
        if None not in (*side_a, *side_b):
            games[tournament_id].append(rating.TableGame(side_a, side_b, total_a, total_b))
    return [
        rating.RatedConcours(key=t.pk, day=t.date, teams=teams[t.pk], games=tuple(games[t.pk]))
        for t in concours
    ]


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


def publish_players(tournament: Tournament) -> None:
    """A concours became public or finished: its players identified, the
    cotes computed again. A step of `set_published` and of the last close."""
    if tournament.published:
        identify_players(tournament)
        recompute_cotes()
