"""Season challenges through the services: create one, add and remove its
evenings (only the organizer's own or co-organized tournaments), and the
ranking computed on read, which follows a correction in any evening."""

from __future__ import annotations

import datetime

import pytest

from tests import factories
from tournaments.features.challenge import services as challenges
from tournaments.features.challenge.queries import board
from tournaments.models import Table
from tournaments.queries import brackets as bracket_queries
from tournaments.queries.standings import tournament_standings
from tournaments.services import (
    brackets,
    errors,
    registration,
    rounds,
    scores,
    tournaments,
)

pytestmark = pytest.mark.django_db

ANNE, BRUNO, CLAIRE, DAVID = (
    ("Anne", "Lefèvre"),
    ("Bruno", "Bérard"),
    ("Claire", "Dupré"),
    (
        "David",
        "Évrard",
    ),
)
ERIC, FANNY, GILLES, HELENE = (
    ("Éric", "Noël"),
    ("Fanny", "Quéré"),
    ("Gilles", "Roux"),
    (
        "Hélène",
        "Sénéchal",
    ),
)
FIRST = [(ANNE, BRUNO), (CLAIRE, DAVID), (ERIC, FANNY), (GILLES, HELENE)]
# The second evening: partners change, and Anne is typed without accent.
SECOND = [(("anne", "LEFEVRE"), CLAIRE), (BRUNO, DAVID), (ERIC, GILLES), (FANNY, HELENE)]


def evening(owner, name, pairs, day=1, **fields):
    return factories.played_tournament(
        owner=owner, name=name, day=datetime.date(2026, 1, day), pairs=pairs, **fields
    )


def points_by_player(challenge) -> dict[str, list[int]]:
    result = board(challenge)
    return {
        f"{line.person.first_name} {line.person.last_name}".lower(): [s.points for s in line.scores]
        for line in result.lines
    }


def expected(tournament) -> dict[str, int]:
    """Each player's points from the evening's tables: 4 won, 2 lost."""
    out = {}
    for table in Table.objects.filter(round__tournament=tournament).select_related(
        "team_a__player1", "team_a__player2", "team_b__player1", "team_b__player2"
    ):
        for team, own, other in (
            (table.team_a, table.total_a, table.total_b),
            (table.team_b, table.total_b, table.total_a),
        ):
            for p in (team.player1, team.player2):
                out[f"{p.first_name} {p.last_name}".lower()] = 4 if own > other else 2
    return out


def test_a_player_collects_the_points_of_each_team_they_played_in(organizer):
    one = evening(organizer, "Soirée 1", FIRST, day=1)
    two = evening(organizer, "Soirée 2", SECOND, day=8)
    challenge = challenges.create_challenge(owner=organizer, name="Challenge d'hiver")
    challenges.add_tournament(challenge=challenge, tournament=two, by=organizer)
    challenges.add_tournament(challenge=challenge, tournament=one, by=organizer)

    result = board(challenge)
    assert [t.pk for t in result.evenings] == [one.pk, two.pk]  # by date
    players = points_by_player(challenge)
    first, second = expected(one), expected(two)
    # Anne, under two spellings, is one player with both evenings.
    assert players["anne lefevre"] == [first["anne lefèvre"], second["anne lefevre"]]
    assert players["claire dupré"] == [first["claire dupré"], second["claire dupré"]]
    assert len(result.lines) == 8
    assert all(line.played == 2 for line in result.lines)
    totals = [line.total for line in result.lines]
    assert totals == sorted(totals, reverse=True)


def test_a_correction_in_an_evening_changes_the_challenge(organizer):
    one = evening(organizer, "Soirée 1", FIRST)
    challenge = challenges.create_challenge(owner=organizer, name="Challenge")
    challenges.add_tournament(challenge=challenge, tournament=one, by=organizer)
    before = points_by_player(challenge)
    table = Table.objects.filter(round__tournament=one, team_b__isnull=False).first()
    winners = [
        f"{p.first_name} {p.last_name}".lower()
        for p in (table.team_a.player1, table.team_a.player2)
    ]
    assert all(before[name] == [4] for name in winners)

    # The taker of side A is now down: the other team wins that table.
    scores.record_deal(table=table, number=1, values=factories.coinche_values(points_a=40))

    after = points_by_player(challenge)
    assert all(after[name] == [2] for name in winners)
    assert after != before


@pytest.mark.shared_cache
def test_adding_and_removing_an_evening_moves_the_ranking(organizer):
    one = evening(organizer, "Soirée 1", FIRST, day=1)
    two = evening(organizer, "Soirée 2", SECOND, day=8)
    challenge = challenges.create_challenge(owner=organizer, name="Challenge", min_events=2)
    challenges.add_tournament(challenge=challenge, tournament=one, by=organizer)
    assert not any(line.qualified for line in board(challenge).lines)
    challenges.add_tournament(challenge=challenge, tournament=two, by=organizer)
    assert all(line.qualified for line in board(challenge).lines)
    challenges.remove_tournament(challenge=challenge, tournament=two, by=organizer)
    lines = board(challenge).lines
    assert [line.played for line in lines] == [1] * 8 and not any(ln.qualified for ln in lines)


def test_only_the_organizers_own_or_co_organized_tournaments(organizer, django_user_model):
    other = django_user_model.objects.create_user("autre", password=factories.PASSWORD)
    theirs = evening(other, "Leur soirée", FIRST)
    challenge = challenges.create_challenge(owner=organizer, name="Challenge")
    with pytest.raises(errors.TournamentError) as refused:
        challenges.add_tournament(challenge=challenge, tournament=theirs, by=organizer)
    assert refused.value.field == "tournament"
    assert not challenge.tournaments.exists()

    tournaments.add_co_organizer(tournament=theirs, username="orga", by=other)
    challenges.add_tournament(challenge=challenge, tournament=theirs, by=organizer)
    assert list(challenge.tournaments.all()) == [theirs]
    with pytest.raises(errors.TournamentError):
        challenges.add_tournament(challenge=challenge, tournament=theirs, by=organizer)


def test_points_by_rank_from_a_typed_table(organizer):
    one = evening(organizer, "Soirée 1", FIRST)
    challenge = challenges.create_challenge(
        owner=organizer, name="Challenge", kind="rank", rank_table="1er : 20 ; 2e : 17 ; 3e : 15"
    )
    challenges.add_tournament(challenge=challenge, tournament=one, by=organizer)
    # Two tables, the same marques: two teams share the 1st place, two the 3rd.
    assert sorted(line.total for line in board(challenge).lines) == [15] * 4 + [20] * 4


def test_a_table_that_is_not_a_table_is_refused_on_its_field(organizer):
    with pytest.raises(errors.TournamentError) as refused:
        challenges.create_challenge(owner=organizer, name="Challenge", rank_table="1er : vingt")
    assert refused.value.field == "rank_table"
    with pytest.raises(errors.TournamentError) as refused:
        challenges.create_challenge(owner=organizer, name="  ")
    assert refused.value.field == "name"


def test_a_melee_counts_per_player(organizer):
    melee = factories.build_tournament(
        owner=organizer, name="Mêlée", format="melee", parties=1, end_deals=1
    )
    for first, last in [ANNE, BRUNO, CLAIRE, DAVID, ERIC, FANNY, GILLES, HELENE]:
        registration.register_player(tournament=melee, player=registration.PlayerData(first, last))
    rnd = factories.draw_random_round(melee)
    for table in rnd.tables.filter(team_b__isnull=False):
        factories.add_deal(table)
    challenge = challenges.create_challenge(owner=organizer, name="Challenge")
    challenges.add_tournament(challenge=challenge, tournament=melee, by=organizer)
    lines = board(challenge).lines
    assert len(lines) == 8
    assert sorted(line.total for line in lines) == [2] * 4 + [4] * 4


def test_an_evening_with_a_final_phase_counts_its_final_places(organizer):
    """Issue 21: an evening played in a qualifying phase then brackets was
    ranked by its qualifying order: the bracket winner got 7 points, the
    beaten finalist 8. The final places count."""
    tournament = factories.qualified_tournament(owner=organizer, teams=8)
    brackets.create_brackets(tournament=tournament, main=4)
    for _ in range(2):
        rnd = brackets.draw_bracket_round(tournament=tournament)
        factories.play_bracket_round(rnd, winner="B")  # the lower seed wins
        rounds.close_round(round=rnd)
    challenge = challenges.create_challenge(owner=organizer, name="Challenge", kind="rank")
    challenges.add_tournament(challenge=challenge, tournament=tournament, by=organizer)
    final = [row.team for row in bracket_queries.final_ranking(tournament)]
    assert final[0] != tournament_standings(tournament)[0].entrant
    points = {line.person.last_name: line.total for line in board(challenge).lines}
    # « N + 1 − rank » with N = 8: the champion's players 8, the finalist's 7.
    for place, team in enumerate(final[:2], start=1):
        assert points[team.player1.last_name] == 9 - place
        assert points[team.player2.last_name] == 9 - place


@pytest.mark.parametrize(("hidden", "points"), [(True, [2, 4]), (False, [4, 6, 8])])
def test_a_hidden_partie_counts_in_the_challenge_once_revealed(organizer, hidden, points):
    """Issue 51: the challenge told who won the partie whose ranking is
    hidden until the end; it reads the public ranking, as the concours's
    pages do, and counts that partie once the concours is over."""
    from tests.attacks.hidden_concours import concours
    from tournaments.models import Tournament

    made = concours(organizer.username, name="Concours du jeudi", hidden=hidden)
    tournament = Tournament.objects.get(slug=made["slug"])
    challenge = challenges.create_challenge(owner=organizer, name="Hiver", win=4, loss=2)
    challenges.add_tournament(challenge=challenge, tournament=tournament, by=organizer)

    def shown() -> list[int]:
        return sorted({line.total for line in board(challenge).lines})

    assert shown() == points
    rounds.close_round(round=tournament.rounds.get(number=2))  # the last: revealed
    assert shown() == [4, 6, 8]
