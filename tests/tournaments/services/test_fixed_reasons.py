"""Fixed tables (« reste à sa table ») with the draws' reasons: the draw
decides its pairs and why, the fixed teams then only exchange table
numbers, each reason going with its pair (or its bye) to the new number;
an exchange by hand afterwards marks the two tables at their new numbers;
the concours file of it all checks with 0 differences."""

from __future__ import annotations

import pytest
from django.db.models import Q

from checker.check import check
from tests.factories import add_teams
from tests.tournaments.queries.test_concours_file import as_file, play
from tournaments.models import Round
from tournaments.services import release, rounds
from tournaments.services.fixed_tables import set_fixed_table

pytestmark = pytest.mark.django_db


def reasons_by_pair(rnd: Round) -> dict[tuple[int, int | None], dict]:
    return {(t.team_a_id, t.team_b_id): t.reason for t in rnd.tables.all()}


def numbers_by_pair(rnd: Round) -> dict[tuple[int, int | None], int]:
    return {(t.team_a_id, t.team_b_id): t.number for t in rnd.tables.all()}


@pytest.mark.parametrize("method", ["random", "ranking", "rotation"])
def test_each_reason_follows_its_pair_to_the_number_a_fixed_team_takes(make_tournament, method):
    tournament = make_tournament(name=f"Raisons fixes {method}", parties=3, end_deals=1)
    teams = add_teams(tournament, 11)  # 5 tables and a bye
    first = rounds.draw_round(tournament=tournament, method="random", seed=5)
    play(first)
    rounds.close_round(round=first)
    second = rounds.draw_round(tournament=tournament, method=method, seed=9)
    reasons, numbers = reasons_by_pair(second), numbers_by_pair(second)
    assert len({str(r) for r in reasons.values()}) > 1  # the reasons tell tables apart
    last = max(numbers.items(), key=lambda item: item[1])[0]  # the bye's table, number 6
    moved = max(((p, n) for p, n in numbers.items() if p[1] is not None), key=lambda x: x[1])[0]
    by_id = {t.pk: t for t in teams}
    set_fixed_table(team=by_id[moved[0]], stays=True, table=1)
    set_fixed_table(team=by_id[last[0]], stays=True, table=2)  # the exempt team
    rounds.redraw_round(round=second, seed=9)
    after = numbers_by_pair(second)
    assert set(after) == set(numbers)  # the same pairs and bye
    assert after[moved] == 1 and after[last] == 2
    assert after != numbers
    assert reasons_by_pair(second) == reasons  # every reason went with its pair
    play(second)
    rounds.close_round(round=second)
    doc = as_file(tournament)
    assert check(doc) == []
    # A file whose reasons stayed at the numbers the draw gave is caught.
    rnd = doc["rounds"][1]
    by_number = {number: reasons[pair] for pair, number in numbers.items()}
    for table in rnd["tables"]:
        table["reason"] = by_number[table["number"]]
    sentences = check(doc)
    assert sentences and all("pour raison" in s for s in sentences), sentences


def test_an_exchange_by_hand_comes_after_the_fixed_tables(make_tournament, organizer):
    tournament = make_tournament(name="Échange fixe", release_draws=True, parties=2, end_deals=1)
    teams = add_teams(tournament, 8)
    set_fixed_table(team=teams[5], stays=True, table=3)
    rnd = rounds.draw_round(tournament=tournament, method="random", seed=11)
    fixed_table = rnd.tables.get(Q(team_a=teams[5]) | Q(team_b=teams[5]))
    assert fixed_table.number == 3
    other = rnd.tables.exclude(pk=fixed_table.pk).order_by("number").first()
    untouched = {t.number: t.reason for t in rnd.tables.exclude(pk__in=[fixed_table.pk, other.pk])}
    rounds.swap_teams(round=rnd, first=teams[5], second=other.team_a, by=organizer)
    fixed_table.refresh_from_db()
    other.refresh_from_db()
    assert fixed_table.number == 3 and fixed_table.reason["kind"] == "swap"
    assert other.team_a_id == teams[5].pk and other.reason["kind"] == "swap"
    assert {
        t.number: t.reason for t in rnd.tables.exclude(pk__in=[fixed_table.pk, other.pk])
    } == untouched
    release.release_round(round=rnd, by=organizer)
    play(rnd)
    rounds.close_round(round=rnd)
    doc = as_file(tournament)
    assert doc["rounds"][0]["draw"]["fixed"] == [[teams[5].pk, 3]]
    assert doc["rounds"][0]["draw"]["swaps"]
    assert check(doc) == []
