"""The concours file with teams that stay at their table (« reste à sa
table »): the mark is exported with the teams, each draw says which teams
it kept at which table, and the checker replays every kind of draw with
them to 0 differences; a file that forgets them is caught."""

from __future__ import annotations

import pytest

from checker.check import check
from tests import factories
from tests.checker import schema
from tests.tournaments.queries.test_concours_file import as_file, play
from tournaments.models import Round
from tournaments.services import brackets, rounds
from tournaments.services import pools as pool_services
from tournaments.services.fixed_tables import set_fixed_table

pytestmark = pytest.mark.django_db


def test_every_swiss_draw_with_fixed_teams_passes_the_checker(make_tournament):
    tournament = make_tournament(parties=5, end_deals=1)
    teams = factories.add_teams(tournament, 11)
    set_fixed_table(team=teams[2], stays=True, table=5)
    set_fixed_table(team=teams[7], stays=True)  # its table of partie 1
    set_fixed_table(team=teams[9], stays=True, table=40)  # beyond the tables: said
    methods = (
        Round.DrawMethod.RANDOM,
        Round.DrawMethod.RANKING,
        Round.DrawMethod.ROTATION,
        Round.DrawMethod.RANDOM,
        Round.DrawMethod.RANKING,
    )
    for method in methods:
        rnd = rounds.draw_round(tournament=tournament, method=method, seed=13)
        play(rnd)
        rounds.close_round(round=rnd)
    doc = as_file(tournament)
    assert schema.validate(doc) == []
    assert check(doc) == []
    fixed = next(t for t in doc["teams"] if t["id"] == teams[2].pk)
    assert (fixed["stays_at_table"], fixed["kept_table"]) == (True, 5)
    assert doc["rounds"][0]["draw"]["fixed"] == [[teams[2].pk, 5], [teams[9].pk, 40]]
    assert [teams[7].pk, doc["rounds"][1]["draw"]["fixed"][1][1]] in doc["rounds"][1]["draw"][
        "fixed"
    ]
    for rnd in doc["rounds"]:
        where = {t["a"]: t["number"] for t in rnd["tables"]} | {
            t["b"]: t["number"] for t in rnd["tables"]
        }
        if teams[2].pk in where:
            assert where[teams[2].pk] == 5
    # A file that forgets the fixed teams gives another numbering.
    for rnd in doc["rounds"]:
        rnd["draw"]["fixed"] = []
    assert any("numérote cette table" in s or "y place" in s for s in check(doc))


def test_pools_and_brackets_with_a_fixed_team_pass_the_checker(make_tournament):
    tournament = make_tournament(parties=4, score_entry="totals")
    teams = factories.add_teams(tournament, 11)
    set_fixed_table(team=teams[4], stays=True, table=3)
    # Pools of three and brackets of 4 + 3, as the other pools test: with
    # pools of four the brackets' crossed seeds are not replayed by the
    # checker yet, fixed teams or not.
    pool_services.form_pools(tournament=tournament, size=3)
    for _ in range(3):
        rnd = rounds.draw_pool_round(tournament=tournament)
        play(rnd, totals=True)
        rounds.close_round(round=rnd)
    brackets.create_brackets(tournament=tournament, main=4, consolante=3)
    rnd = brackets.draw_bracket_round(tournament=tournament)
    play(rnd, totals=True)
    rounds.close_round(round=rnd)
    doc = as_file(tournament)
    assert schema.validate(doc) == []
    assert check(doc) == []
    assert all(r["draw"]["fixed"] == [[teams[4].pk, 3]] for r in doc["rounds"])
