"""Fixed tables over the database: a team marked « reste à sa table » keeps
its number in every kind of draw (random, by ranking, rotation, pools,
brackets), the pairs being those of the same draw without it; the plan says
so (screen and PDF); what cannot be kept is said in words, never a 500."""

from __future__ import annotations

import itertools
import json

import pytest
from django.urls import reverse

from checker.check import check
from tests.documents import pdf_text
from tests.factories import add_teams, qualified_tournament
from tournaments.models import Round, Team
from tournaments.pdf.plan import table_plan
from tournaments.queries.concours_file import concours_file
from tournaments.services import brackets, errors, rounds
from tournaments.services import scores as scores_services
from tournaments.services.backup import export_tournament, import_tournament
from tournaments.services.fixed_tables import set_fixed_table
from tournaments.services.pools import form_pools

pytestmark = pytest.mark.django_db


def seating(rnd: Round) -> tuple[set[tuple[int, int | None]], dict[int, int], list[int]]:
    """The round's pairs (and byes, B None), where each team sits, and the numbers."""
    rows = list(rnd.tables.order_by("number").values_list("number", "team_a_id", "team_b_id"))
    where = {a: n for n, a, _b in rows} | {b: n for n, _a, b in rows if b is not None}
    return {(a, b) for _n, a, b in rows}, where, [n for n, *_ in rows]


def close_with_totals(rnd: Round) -> None:
    scores = itertools.cycle([(1200, 800), (700, 1100), (950, 940)])
    for table in rnd.tables.filter(team_b__isnull=False).order_by("number"):
        scores_services.record_totals(table=table, total_a=next(scores)[0], total_b=next(scores)[1])
    rounds.close_round(round=rnd)


@pytest.mark.parametrize("method", ["random", "ranking", "rotation"])
def test_a_fixed_team_keeps_its_table_and_the_pairs_stay_those_of_the_draw(make_tournament, method):
    tournament = make_tournament(name=f"Fixe {method}", score_entry="totals")
    teams = add_teams(tournament, 11)
    close_with_totals(rounds.draw_round(tournament=tournament, method="random", seed=5))
    second = rounds.draw_round(tournament=tournament, method=method, seed=9)
    plain, where, numbers = seating(second)
    # The team at the last table of partie 2 asks for table 1.
    mover = next(t for t in teams if where[t.pk] == 5)
    set_fixed_table(team=mover, stays=True, table=1)
    rounds.redraw_round(round=second, seed=9)
    pairs, where, after = seating(second)
    assert pairs == plain  # who meets whom, the sides and the bye: unchanged
    assert where[mover.pk] == 1
    assert after == numbers == list(range(1, 7))  # five tables and the bye, no hole


def test_by_default_a_fixed_team_keeps_its_table_of_partie_1(make_tournament):
    tournament = make_tournament(name="Partie 1", score_entry="totals")
    teams = add_teams(tournament, 8)
    first = rounds.draw_round(tournament=tournament, method="random", seed=3)
    _pairs, where, _ = seating(first)
    team = teams[4]
    set_fixed_table(team=team, stays=True)
    close_with_totals(first)
    for _ in range(2):
        rnd = rounds.draw_round(tournament=tournament, method="ranking")
        assert seating(rnd)[1][team.pk] == where[team.pk]
        close_with_totals(rnd)


def test_pools_and_brackets_keep_the_fixed_team(organizer, make_tournament):
    tournament = make_tournament(name="Poules fixes", score_entry="totals", parties=5)
    teams = add_teams(tournament, 11)
    set_fixed_table(team=teams[6], stays=True, table=2)
    form_pools(tournament=tournament, size=4)
    for _ in range(3):
        rnd = rounds.draw_pool_round(tournament=tournament)
        _pairs, where, numbers = seating(rnd)
        assert where[teams[6].pk] == 2
        assert numbers == list(range(1, len(numbers) + 1))
        close_with_totals(rnd)
    bracketed = qualified_tournament(owner=organizer, name="Tableau fixe", teams=10)
    fixed = bracketed.teams.order_by("number")[3]
    set_fixed_table(team=fixed, stays=True, table=3)
    brackets.create_brackets(tournament=bracketed, main=8, consolante=2)
    rnd = brackets.draw_bracket_round(tournament=bracketed)
    _pairs, where, numbers = seating(rnd)
    assert where[fixed.pk] == 3
    assert numbers == list(range(1, len(numbers) + 1))
    # The bracket's matches point at their tables, moved or not.
    for table in rnd.tables.select_related("bracket_match"):
        match = table.bracket_match
        assert (match.team_a_id, match.team_b_id) == (table.team_a_id, table.team_b_id)


def test_an_exempt_fixed_team_keeps_its_empty_table_and_the_plan_says_so(
    make_tournament, client, organizer, tmp_path
):
    tournament = make_tournament(name="Exempte fixe")
    teams = add_teams(tournament, 7)
    rnd = rounds.draw_round(tournament=tournament, method="random", seed=2)
    bye = rnd.tables.get(team_b__isnull=True).team_a
    set_fixed_table(team=bye, stays=True, table=2)
    rounds.redraw_round(round=rnd, seed=2)
    table = rnd.tables.get(team_b__isnull=True)
    assert (table.team_a_id, table.number) == (bye.pk, 2)
    client.force_login(organizer)
    page = client.get(reverse("tournaments:round", args=[tournament.slug, 1])).content.decode()
    assert "reste à sa table n° 2 mais est exempte" in page
    assert len(teams) == 7
    rnd.refresh_from_db()
    text = pdf_text(table_plan(rnd), tmp_path)
    assert "reste à sa table (table 2" in " ".join(text.split())


def test_two_fixed_teams_that_meet_or_want_one_table_are_told_not_refused(
    make_tournament, client, organizer
):
    tournament = make_tournament(name="Conflits")
    teams = add_teams(tournament, 8)
    rnd = rounds.draw_round(tournament=tournament, method="random", seed=4)
    first = rnd.tables.get(number=1)
    set_fixed_table(team=Team.objects.get(pk=first.team_a_id), stays=True, table=3)
    set_fixed_table(team=Team.objects.get(pk=first.team_b_id), stays=True, table=4)
    rounds.redraw_round(round=rnd, seed=4)
    rnd.refresh_from_db()
    assert [c["code"] for c in rnd.fixed_tables["conflicts"]] == ["fixed_teams_meet"]
    client.force_login(organizer)
    page = client.get(reverse("tournaments:round", args=[tournament.slug, 1]))
    assert page.status_code == 200
    assert "se rencontrent" in page.content.decode()
    # Two teams cannot be given one table by hand: said next to the field.
    url = reverse("tournaments:team_fixed_table", args=[tournament.slug, teams[5].pk])
    answer = client.post(url, {"stays": "on", "table": "3"})
    assert answer.status_code == 422
    assert "La table n° 3 est déjà gardée par" in answer.content.decode()
    teams[5].refresh_from_db()
    assert not teams[5].stays_at_table


@pytest.mark.parametrize(
    ("data", "error"),
    [
        ({"stays": "on", "table": "0"}, "supérieure ou égale à 1"),
        ({"table": "4"}, "Cochez « Reste à sa table »"),
        ({"stays": "on", "table": "douze"}, "Saisissez un nombre entier"),
    ],
)
def test_a_wrong_fixed_table_is_refused_next_to_its_field(
    make_tournament, client, organizer, data, error
):
    tournament = make_tournament(name="Saisie")
    team = add_teams(tournament, 2)[0]
    client.force_login(organizer)
    url = reverse("tournaments:team_fixed_table", args=[tournament.slug, team.pk])
    answer = client.post(url, data)
    assert answer.status_code == 422
    assert error in answer.content.decode()
    team.refresh_from_db()
    assert (team.stays_at_table, team.kept_table) == (False, None)
    assert client.post(url, {"stays": "on", "table": "6"}).status_code == 302
    team.refresh_from_db()
    assert (team.stays_at_table, team.kept_table) == (True, 6)


def test_a_backup_keeps_the_fixed_teams_and_an_older_file_reads_them_as_free(make_tournament):
    tournament = make_tournament(name="Sauvegarde fixe")
    teams = add_teams(tournament, 7)
    set_fixed_table(team=teams[1], stays=True, table=3)
    rounds.draw_round(tournament=tournament, method="random", seed=8)
    document = export_tournament(tournament)
    older = {**document, "teams": [dict(row) for row in document["teams"]]}
    older["rounds"] = [dict(row) for row in document["rounds"]]
    for row in older["teams"]:
        row.pop("stays_at_table")
        row.pop("kept_table")
    for row in older["rounds"]:
        row.pop("fixed_tables")
    owner = tournament.owner
    tournament.delete()
    restored = import_tournament(document, owner=owner)
    kept = restored.teams.get(number=teams[1].number)
    assert (kept.stays_at_table, kept.kept_table) == (True, 3)
    # The partie's record names the restored team: the checker still agrees.
    assert restored.rounds.get().fixed_tables["asked"] == [[kept.pk, 3]]
    third = restored.rounds.get().tables.get(number=3)
    assert kept.pk in (third.team_a_id, third.team_b_id)
    assert check(json.loads(json.dumps(concours_file(restored)))) == []
    restored.delete()
    again = import_tournament(older, owner=owner)
    assert not again.teams.filter(stays_at_table=True).exists()


def test_a_backup_with_unreadable_kept_tables_is_refused_in_words(make_tournament):
    tournament = make_tournament(name="Sauvegarde abîmée")
    teams = add_teams(tournament, 4)
    set_fixed_table(team=teams[0], stays=True, table=1)
    rounds.draw_round(tournament=tournament, method="random", seed=1)
    document = export_tournament(tournament)
    document["rounds"][0]["fixed_tables"] = {"asked": [[999_999, 1]], "conflicts": []}
    owner = tournament.owner
    tournament.delete()
    with pytest.raises(errors.TournamentError, match="tables gardées sont illisibles"):
        import_tournament(document, owner=owner)


def test_a_fixed_team_moved_by_hand_is_said_on_the_plan(make_tournament, client, organizer):
    tournament = make_tournament(name="Échange", release_draws=True)  # a draft
    teams = add_teams(tournament, 6)
    set_fixed_table(team=teams[0], stays=True, table=1)
    rnd = rounds.draw_round(tournament=tournament, method="random", seed=6)
    other = rnd.tables.get(number=2).team_a
    rounds.swap_teams(round=rnd, first=teams[0], second=other)
    client.force_login(organizer)
    page = client.get(reverse("tournaments:round", args=[tournament.slug, 1])).content.decode()
    assert "reste à sa table n° 1 mais joue à la table n° 2 après un échange à la main" in page
