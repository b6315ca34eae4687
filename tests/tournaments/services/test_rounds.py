"""Draw services over the database: each method, and properties over random
tournaments (Hypothesis) on top of the pure ones of test_draw.py."""

from __future__ import annotations

import itertools
from collections import Counter

import pytest
from hypothesis import HealthCheck, given, settings
from hypothesis import strategies as st

from tests.factories import add_teams
from tournaments.models import Round, Table
from tournaments.services import registration, rounds
from tournaments.services import scores as scores_services

pytestmark = pytest.mark.django_db

names = (f"Concours {n}" for n in itertools.count())


def close_with_totals(rnd: Round, scores) -> None:
    for table in rnd.tables.filter(team_b__isnull=False).order_by("number"):
        a, b = next(scores)
        scores_services.record_totals(table=table, total_a=a, total_b=b)
    rounds.close_round(round=rnd)


def test_rotation_keeps_north_south_and_moves_east_west_one_table(make_tournament):
    tournament = make_tournament(name="Rotation", score_entry="totals")
    add_teams(tournament, 8)
    first = rounds.draw_round(tournament=tournament, method="random", seed=11)
    close_with_totals(first, itertools.repeat((1000, 900)))
    second = rounds.draw_round(tournament=tournament, method="rotation")
    before = list(first.tables.order_by("number").values_list("team_a_id", "team_b_id"))
    after = list(second.tables.order_by("number").values_list("team_a_id", "team_b_id"))
    assert [a for a, _ in after] == [a for a, _ in before]
    assert [b for _, b in after] == [before[-1][1]] + [b for _, b in before[:-1]]


def test_the_same_seed_redraws_the_same_tables(make_tournament):
    tournament = make_tournament(name="Graine")
    add_teams(tournament, 9)
    rnd = rounds.draw_round(tournament=tournament, method="random", seed=77)
    tables = list(rnd.tables.order_by("number").values_list("team_a_id", "team_b_id"))
    rounds.redraw_round(round=rnd, seed=78)
    rounds.redraw_round(round=rnd, seed=77)
    assert list(rnd.tables.order_by("number").values_list("team_a_id", "team_b_id")) == tables


@settings(
    max_examples=12,
    deadline=None,
    suppress_health_check=[HealthCheck.function_scoped_fixture, HealthCheck.too_slow],
)
@given(
    teams=st.integers(min_value=2, max_value=11),
    methods=st.lists(st.sampled_from(["random", "ranking", "rotation"]), min_size=3, max_size=4),
    absent=st.lists(st.integers(min_value=0, max_value=10), max_size=2),
    data=st.data(),
)
def test_every_present_team_is_seated_once_and_byes_are_fair(
    make_tournament, teams, methods, absent, data
):
    tournament = make_tournament(name=next(names), score_entry="totals", parties=len(methods))
    registered = add_teams(tournament, teams)
    scores = iter(
        data.draw(
            st.lists(
                # whole tens: every marque of a coinche is rounded to ten
                st.tuples(st.integers(0, 300), st.integers(0, 300)).map(
                    lambda ab: (10 * ab[0], 10 * ab[1])
                ),
                min_size=30,
                max_size=30,
            )
        )
    )
    for index, method in enumerate(methods):
        present = [t for i, t in enumerate(registered) if not (index == 1 and i in absent)]
        for team in registered:
            registration.set_presence(team=team, present=team in present)
        if len(present) < 2:
            return
        rnd = rounds.draw_round(tournament=tournament, method=method, seed=index)
        seated = Counter(rnd.seats.values_list("team_id", flat=True))
        assert sorted(seated) == sorted(t.pk for t in present)
        assert set(seated.values()) == {1}
        assert rnd.tables.filter(team_b__isnull=True).count() == len(present) % 2
        close_with_totals(rnd, scores)
    always = [t.pk for i, t in enumerate(registered) if i not in absent]
    byes = Counter(
        Table.objects.filter(round__tournament=tournament, team_b__isnull=True).values_list(
            "team_a_id", flat=True
        )
    )
    if always:
        counts = [byes[t] for t in always]
        assert max(counts) - min(counts) <= 1
