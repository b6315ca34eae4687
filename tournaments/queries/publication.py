"""Reads behind the published results (issue 26): the home's « Résultats
des concours », the archive of every result (searched by name or town,
filtered by département), a concours's complete results page, the widgets'
lists and the press text's standings. Writes nothing."""

from __future__ import annotations

from collections.abc import Iterable

from django.db.models import Count, Q, QuerySet

from tournaments.domain import search
from tournaments.models import Player, Round, Team, Tournament, hung
from tournaments.queries import awards
from tournaments.queries.brackets import final_order
from tournaments.queries.public import round_tables
from tournaments.queries.standings import hidden_from, public_standings

#: How many finished concours the home lists.
HOME_RESULTS = 12


def _finished() -> QuerySet[Tournament]:
    return Tournament.objects.published().active().filter(status=Tournament.Status.FINISHED)


def _announced() -> bool:
    """Whether the calendar is installed: a concours's town and département
    are its announcement's."""
    return bool(hung(Tournament, "announcement"))


def _placed(found: QuerySet[Tournament]) -> QuerySet[Tournament]:
    """`found`, each with its announcement when it has one (display/venue.py)."""
    return found.select_related("announcement") if _announced() else found


def published_results(limit: int = HOME_RESULTS) -> QuerySet[Tournament]:
    """The finished, published concours, the latest first, each with its
    announcement when it has one (its town and département)."""
    return _placed(_finished().without_demo_once_real()).order_by("-date", "name")[:limit]


#: The longest query the archive reads (a longer one is cut there).
MAX_QUERY = 80


def results_archive(query: str = "", departement: str = "") -> QuerySet[Tournament]:
    """Every finished, published concours, the latest first, each with its
    announcement when it has one (its town and département): those whose
    name, venue or town hold every word of `query` (accents, case and
    punctuation aside, as « Où je joue ? » compares names), of `departement`
    if one is given (known for an announced concours only)."""
    found, announced = _placed(_finished()), _announced()
    for word in search.query_words(query[:MAX_QUERY]):
        town = Q(announcement__search_key__contains=word) if announced else Q(pk__in=[])
        found = found.filter(Q(search_key__contains=word) | town)
    if departement:
        found = found.filter(announcement__departement=departement) if announced else found.none()
    return found.order_by("-date", "name", "pk")


def archive_departements() -> list[str]:
    """The départements of the finished, published concours that have one."""
    if not _announced():
        return []
    codes = (
        _finished()
        .filter(announcement__isnull=False)
        .values_list("announcement__departement", flat=True)
    )
    return list(codes.order_by("announcement__departement").distinct())


def final_ranking(tournament: Tournament) -> tuple[list, bool]:
    """The ranking in its final order, with the lots once players see them:
    (the rows, whether any of them carries a lot)."""
    standings = final_order(tournament, public_standings(tournament))
    board = awards.public_board(tournament, standings)
    if board is None:
        return standings, False
    return board.placings, board.has_lots


def final_standings(tournament: Tournament) -> list:
    """The ranking in its final order, with the lots once players see them."""
    return final_ranking(tournament)[0]


def teams_count(tournament: Tournament) -> int:
    """How many teams the concours has (see `teams_counts`)."""
    return teams_counts([tournament])[tournament.pk]


def teams_counts(tournaments: Iterable[Tournament]) -> dict[int, int]:
    """How many teams each concours has, by id: its registered pairs, or
    for a mêlée the pairs its players form at each partie (half of them,
    rounded down). One grouped count a kind of concours, whatever their
    number: the public page, the results page, the press text and the
    cote's 16-team rule all say it this way."""
    by_kind: dict[bool, list[int]] = {True: [], False: []}
    for tournament in tournaments:
        by_kind[tournament.format == Tournament.Format.MELEE].append(tournament.pk)
    counts = dict.fromkeys(by_kind[True] + by_kind[False], 0)
    if by_kind[False]:
        pairs = Team.objects.filter(tournament_id__in=by_kind[False], round__isnull=True)
        counts.update(_count_by_concours(pairs))
    if by_kind[True]:
        players = _count_by_concours(Player.objects.filter(tournament_id__in=by_kind[True]))
        counts.update({pk: n // 2 for pk, n in players.items()})
    return counts


def _count_by_concours(rows: QuerySet) -> dict[int, int]:
    return dict(
        rows.order_by()
        .values("tournament_id")
        .annotate(n=Count("pk"))
        .values_list("tournament_id", "n")
    )


def rounds_with_tables(tournament: Tournament) -> list[tuple[Round, list]]:
    """Every announced partie with its tables (one query per partie), but
    those of the hidden ranking (issue 38, item 12a)."""
    rounds = tournament.rounds.announced().order_by("number")
    if (cutoff := hidden_from(tournament)) is not None:
        rounds = rounds.filter(number__lt=cutoff)
    return [(rnd, list(round_tables(rnd))) for rnd in rounds]
