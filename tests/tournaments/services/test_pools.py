"""Pools through the services: forming them (and refusing to), drawing
their parties through the ordinary draw, each pool's ranking and the order
the pools qualify in."""

from __future__ import annotations

import itertools
from collections import Counter

import pytest
from django.urls import reverse

from tests.factories import add_teams
from tournaments.domain import brackets
from tournaments.models import Change, Pool, PoolTeam, Round, Table
from tournaments.queries import brackets as bracket_queries
from tournaments.queries import pools as pool_queries
from tournaments.services import brackets as brackets_services
from tournaments.services import errors, registration, rounds
from tournaments.services import pools as pool_services
from tournaments.services import scores as scores_services

pytestmark = pytest.mark.django_db


@pytest.fixture
def concours(make_tournament):
    return make_tournament(name="Mondial de Borgu", score_entry="totals", parties=5)


def members(tournament) -> list[list[int]]:
    """Each pool's team numbers, seed 1 first."""
    out: dict[int, list[int]] = {}
    for pool, team in (
        PoolTeam.objects.filter(pool__tournament=tournament)
        .order_by("pool__number", "position")
        .values_list("pool__number", "team__number")
    ):
        out.setdefault(pool, []).append(team)
    return list(out.values())


def play(rnd: Round, scores) -> None:
    """Every table's totals (`scores` gives (a, b) in table order), then close."""
    for table in rnd.tables.filter(team_b__isnull=False).order_by("number"):
        a, b = next(scores)
        scores_services.record_totals(table=table, total_a=a, total_b=b)
    rounds.close_round(round=rnd)


def test_sixteen_teams_form_four_pools_of_four_by_snake_seeding(concours):
    add_teams(concours, 16)
    pool_services.form_pools(tournament=concours, size=4)
    assert members(concours) == [
        [1, 8, 9, 16],
        [2, 7, 10, 15],
        [3, 6, 11, 14],
        [4, 5, 12, 13],
    ]
    assert [str(p) for p in Pool.objects.filter(tournament=concours)] == [
        "Poule A",
        "Poule B",
        "Poule C",
        "Poule D",
    ]
    change = Change.objects.filter(tournament=concours).first()
    assert change.action == Change.Action.POOLS_FORMED
    assert change.after["pools"] == members(concours)


def test_pools_of_three_and_a_random_order_from_its_seed(concours, make_tournament):
    add_teams(concours, 10)
    pool_services.form_pools(tournament=concours, size=3, order="random", seed=42)
    first = members(concours)
    assert sorted(len(p) for p in first) == [3, 3, 4]
    pool_services.form_pools(tournament=concours, size=3, order="random", seed=42)
    assert members(concours) == first
    assert Change.objects.filter(tournament=concours).first().after["seed"] == 42


def test_absent_and_withdrawn_teams_are_left_out(concours):
    teams = add_teams(concours, 9)
    registration.set_presence(team=teams[0], present=False)
    registration.withdraw_team(team=teams[1])
    pool_services.form_pools(tournament=concours)
    assert sorted(n for p in members(concours) for n in p) == list(range(3, 10))


@pytest.mark.parametrize(
    ("count", "message"),
    [
        (2, "Il faut au moins trois équipes présentes pour former des poules (2 pour"),
        (5, "5 équipes ne se répartissent pas en poules de 3 ou 4"),
    ],
)
def test_too_few_teams_are_refused_clearly(concours, count, message):
    add_teams(concours, count)
    with pytest.raises(errors.TournamentError) as caught:
        pool_services.form_pools(tournament=concours)
    assert message in caught.value.message
    assert caught.value.field == "size"
    assert not Pool.objects.exists()


def test_a_wrong_size_a_melee_and_too_few_parties_are_refused(concours, make_tournament):
    add_teams(concours, 8)
    with pytest.raises(errors.TournamentError, match="3 ou de 4"):
        pool_services.form_pools(tournament=concours, size=5)
    short = make_tournament(name="Court", parties=2)
    add_teams(short, 8)
    with pytest.raises(errors.TournamentError, match="n'en prévoit que 2"):
        pool_services.form_pools(tournament=short)
    melee = make_tournament(name="Mêlée", format="melee")
    with pytest.raises(errors.TournamentError, match="mêlée"):
        pool_services.form_pools(tournament=melee)


def test_pools_are_redone_or_undone_only_while_no_partie_is_drawn(concours):
    add_teams(concours, 8)
    pool_services.form_pools(tournament=concours)
    pool_services.form_pools(tournament=concours, size=4, order="random", seed=3)
    assert Pool.objects.filter(tournament=concours).count() == 2
    pool_services.clear_pools(tournament=concours)
    assert not Pool.objects.filter(tournament=concours).exists()
    assert Change.objects.filter(tournament=concours).first().action == (
        Change.Action.POOLS_CLEARED
    )
    with pytest.raises(errors.TournamentError, match="pas de poules"):
        pool_services.clear_pools(tournament=concours)
    pool_services.form_pools(tournament=concours)
    rounds.draw_pool_round(tournament=concours)
    for attempt in (
        lambda: pool_services.form_pools(tournament=concours),
        lambda: pool_services.clear_pools(tournament=concours),
    ):
        with pytest.raises(errors.TournamentError, match="déjà tirée"):
            attempt()
    assert Pool.objects.filter(tournament=concours).count() == 2


def test_the_pool_parties_follow_the_schedule_then_the_swiss_draw_resumes(concours):
    add_teams(concours, 11)  # pools of 4, 4 and 3
    pool_services.form_pools(tournament=concours)
    pools = members(concours)
    in_pool = {n: i for i, pool in enumerate(pools) for n in pool}
    met: Counter = Counter()
    byes: Counter = Counter()
    scores = itertools.cycle([(300, 100), (120, 250), (200, 180)])
    for number in (1, 2, 3):
        # The dashboard's ordinary draw follows the pools too.
        rnd = (
            rounds.draw_pool_round(tournament=concours)
            if number != 2
            else rounds.draw_round(tournament=concours, method=Round.DrawMethod.RANKING)
        )
        assert rnd.draw_method == Round.DrawMethod.POOLS
        assert rnd.number == number
        for table in rnd.tables.select_related("team_a", "team_b"):
            if table.is_bye:
                byes[table.team_a.number] += 1
                assert table.status == Table.Status.COMPLETE
            else:
                a, b = table.team_a.number, table.team_b.number
                assert in_pool[a] == in_pool[b]
                met[frozenset((a, b))] += 1
        assert rnd.seats.count() == 11
        play(rnd, scores)
    expected = {frozenset(p) for pool in pools for p in itertools.combinations(pool, 2)}
    assert set(met) == expected
    assert set(met.values()) == {1}
    (three,) = [pool for pool in pools if len(pool) == 3]
    assert byes == Counter(three)  # the pool of three: each exempt once
    with pytest.raises(errors.TournamentError, match="déjà tirées"):
        rounds.draw_pool_round(tournament=concours)
    fourth = rounds.draw_round(tournament=concours, method=Round.DrawMethod.RANKING)
    assert fourth.draw_method == Round.DrawMethod.RANKING


def test_a_pool_partie_without_pools_is_refused(concours):
    add_teams(concours, 8)
    with pytest.raises(errors.TournamentError, match="Formez d'abord les poules"):
        rounds.draw_pool_round(tournament=concours)
    with pytest.raises(errors.TournamentError, match="Formez d'abord les poules"):
        rounds.draw_round(tournament=concours, method=Round.DrawMethod.POOLS)
    assert not concours.rounds.exists()


def test_a_team_absent_after_the_pools_leaves_its_opponent_exempt(concours):
    teams = add_teams(concours, 8)
    pool_services.form_pools(tournament=concours)
    registration.set_presence(team=teams[0], present=False)  # seed 1 of pool A
    rnd = rounds.draw_pool_round(tournament=concours)
    byes = [t.team_a.number for t in rnd.tables.all() if t.is_bye]
    assert byes == [8]  # pool A's seed 4 met seed 1 in partie 1
    assert rnd.seats.count() == 7


def test_each_pool_ranks_by_wins_then_the_tournament_criteria(concours):
    add_teams(concours, 8)  # pools [1, 4, 5, 8] and [2, 3, 6, 7]
    pool_services.form_pools(tournament=concours)
    # Pool A plays 1-8 4-5, then 1-5 8-4, then 1-4 5-8 (pool B alike): side A
    # wins each table, the second table of a partie by more.
    scores = itertools.cycle([(300, 100), (400, 100)])
    for _ in range(3):
        play(rounds.draw_pool_round(tournament=concours), scores)
    standings = pool_queries.pool_standings(concours)
    assert [s.pool.letter for s in standings] == ["A", "B"]
    # 4, 5 and 8 won once each; then the points: 4 (400+100+100), 8
    # (100+400+100) and 5 (100+100+400) are level, sharing second place.
    assert [(line.team.number, line.row.won) for line in standings[0].lines] == [
        (1, 3),
        (4, 1),
        (5, 1),
        (8, 1),
    ]
    assert [line.row.rank for line in standings[0].lines] == [1, 2, 2, 2]
    assert len(standings[0].matches) == 6
    # Winners 1 and 2 (ordered by the overall standings), then the seconds…
    order = [t.number for t in pool_queries.pool_qualifying_order(concours)]
    assert order[:2] in ([1, 2], [2, 1])
    assert sorted(order[:2]) == [1, 2]
    assert sorted(order[2:4]) == [3, 4]  # the seconds as listed (4 of the three level)
    assert len(order) == 8


def test_without_pools_there_is_no_pool_order(concours):
    add_teams(concours, 8)
    assert pool_queries.pool_qualifying_order(concours) is None
    assert pool_queries.pool_standings(concours) == []


def test_an_unannounced_pool_draw_stays_off_the_public_rankings(make_tournament):
    tournament = make_tournament(name="Caché", release_draws=True, parties=3)
    add_teams(tournament, 8)
    pool_services.form_pools(tournament=tournament)
    rounds.draw_pool_round(tournament=tournament)
    public = pool_queries.pool_standings(tournament, announced_only=True)
    assert all(s.matches == [] for s in public)
    assert all(s.matches for s in pool_queries.pool_standings(tournament))


def test_after_pools_the_brackets_are_seeded_pool_winners_first(concours):
    """Pools then knockout: the main bracket takes each pool's first two,
    winners first (ordered among themselves by the standings), then the
    seconds; the consolante the thirds and fourths."""
    add_teams(concours, 16)
    pool_services.form_pools(tournament=concours, size=4)
    scores = itertools.cycle([(1500, 700), (1200, 1000), (900, 1100), (1300, 600)])
    for _ in range(3):
        play(rounds.draw_pool_round(tournament=concours), scores)
    by_pool = pool_queries.pool_standings(concours)
    firsts = {s.lines[0].team.pk for s in by_pool}
    seconds = {s.lines[1].team.pk for s in by_pool}
    main, consolante = brackets_services.create_brackets(tournament=concours, main=8, consolante=8)
    assert set(main.seeds[:4]) == firsts and set(main.seeds[4:]) == seconds
    assert set(consolante.seeds) == {line.team.pk for s in by_pool for line in s.lines[2:]}
    # The seeds follow the qualifying order but for teams of one place in
    # their pools trading seeds (crossed: issue 21).
    order = [t.pk for t in bracket_queries.qualifying_order(concours)[:8]]
    assert set(main.seeds[:4]) == set(order[:4]) and set(main.seeds[4:]) == set(order[4:])


def test_after_two_pools_no_first_round_match_is_a_pool_rematch(concours, client):
    """Issue 21: with 2 pools every first-round match of the main bracket
    and of the consolante was a rematch of a pool game (A1–A2, B1–B2)."""
    add_teams(concours, 8)  # pools [1, 4, 5, 8] and [2, 3, 6, 7]
    pool_services.form_pools(tournament=concours)
    # Side A wins every table, the first table of a partie by more: the
    # seeds of each pool keep their order, and the overall ranking lists
    # pool A's team before pool B's at every place.
    scores = itertools.cycle([(500, 100), (300, 200)])
    for _ in range(3):
        play(rounds.draw_pool_round(tournament=concours), scores)
    places = pool_queries.pool_places(concours)
    pool_of = {pk: pool for pk, (pool, _place) in places.items()}
    order = [t.pk for t in bracket_queries.qualifying_order(concours)]
    assert brackets.rematches(order[:4], pool_of) == 2  # the old seeding
    main, consolante = brackets_services.create_brackets(tournament=concours, main=4, consolante=4)
    for bracket in (main, consolante):
        for match in bracket.matches.filter(level=0):
            assert pool_of[match.team_a_id] != pool_of[match.team_b_id]
            assert places[match.team_a_id][1] + 1 == places[match.team_b_id][1]
    page = client.get(reverse("tournaments:brackets", args=[concours.slug])).text
    assert "Têtes de série croisées après les poules" in page


def test_a_team_registered_after_the_pools_is_not_left_out_silently(concours):
    add_teams(concours, 12)
    pool_services.form_pools(tournament=concours, size=4)
    late = registration.register_team(
        tournament=concours,
        player1=registration.PlayerData("Odile", "Tardif"),
        player2=registration.PlayerData("Marc", "Tardif"),
    )
    with pytest.raises(errors.TournamentError) as refused:
        rounds.draw_pool_round(tournament=concours)
    assert f"n° {late.number} dans aucune poule" in refused.value.message
    assert not concours.rounds.exists()
    pool_services.form_pools(tournament=concours, size=4)  # formed again: 13 teams
    rnd = rounds.draw_pool_round(tournament=concours)
    assert rnd.seats.filter(team=late).exists()
