"""The bye (« exempt »): a fair default, and a ranking whose columns add up.

By default an exempt team gets the partie's average, as most clubs (and
Gestion-Concours-Belote) do, rather than 0 points. Wherever the ranking is
shown — web page, CSV, PDF — the bye counts as a partie played, won (or lost
when the bye is worth nothing), so that on every row Jouées = Gagnées +
Nulles + Perdues, the Exempt column saying how many of them were byes."""

from __future__ import annotations

import csv
import datetime
import io
import re

import pytest
from django.urls import reverse
from django.utils import translation
from hypothesis import given, settings
from hypothesis import strategies as st

from tests.factories import PASSWORD, add_teams
from tests.tournaments.display.test_standings_columns import standings_rows
from tests.tournaments.pdf.test_pdf import Pdf, _poppler  # noqa: F401 — skips without poppler
from tournaments import pdf
from tournaments.display import labels
from tournaments.display.standings import ranking_explanation
from tournaments.domain.standings import ByeScore, Result, rank
from tournaments.models import Tournament
from tournaments.queries.standings import tournament_standings
from tournaments.services import rounds, scores
from tournaments.services import tournaments as tournaments_services

pytestmark = pytest.mark.django_db


def test_a_new_concours_gives_the_bye_the_partie_s_average(organizer):
    tournament = tournaments_services.create_tournament(
        owner=organizer, name="Concours du printemps", date=datetime.date(2027, 4, 3)
    )
    assert tournament.bye_policy == Tournament.ByePolicy.AVERAGE


def test_a_new_tournament_gives_the_bye_the_average(client, organizer):
    client.login(username=organizer.username, password=PASSWORD)
    client.post(
        reverse("tournaments:create"),
        {
            "name": "Belote d'hiver",
            "date": "2026-12-05",
            "preset": "ffb-belote",
            "parties": 4,
            "end_deals": 12,
        },
    )
    tournament = Tournament.objects.get(name="Belote d'hiver")
    assert tournament.bye_policy == Tournament.ByePolicy.AVERAGE
    body = client.get(reverse("tournaments:edit", args=[tournament.slug])).text
    select = re.search(r'<select name="bye_policy".*?</select>', body, re.S).group(0)
    options = re.findall(r'<option value="(\w+)"([^>]*)>', select)
    # What a browser shows: the option marked selected, else the first one.
    shown = next((value for value, attrs in options if "selected" in attrs), options[0][0])
    assert shown == Tournament.ByePolicy.AVERAGE, select


# --- The ranking's columns add up --------------------------------------------------


def result(round_: int, a: int, b: int | None, pa: int = 0, pb: int = 0) -> Result:
    return Result(round=round_, side_a=(a,), side_b=(b,) if b else (), points_a=pa, points_b=pb)


@pytest.mark.parametrize(
    ("bye", "record"),
    [
        # (played, won, drawn, lost, byes)
        (ByeScore(average=True), (2, 2, 0, 0, 1)),
        (ByeScore(points=500), (2, 2, 0, 0, 1)),
        (ByeScore(win=False), (2, 1, 0, 1, 1)),
    ],
)
def test_a_bye_is_a_partie_played_won_unless_it_is_worth_nothing(bye, record):
    results = [result(1, 1, 2, 1200, 800), result(1, 3, None), result(2, 3, 1, 900, 700)]
    rows = {row.entrant: row for row in rank([1, 2, 3], results, bye=bye)}
    row = rows[3]
    assert (row.played, row.won, row.drawn, row.lost, row.byes) == record


@st.composite
def tournaments(draw) -> tuple[list[int], list[Result]]:
    """Up to 9 teams and 5 parties of random results, with a bye when the
    number of teams is odd."""
    teams = list(range(1, draw(st.integers(2, 9)) + 1))
    results = []
    for number in range(1, draw(st.integers(1, 5)) + 1):
        order = draw(st.permutations(teams))
        for i in range(0, len(order) - 1, 2):
            points = st.integers(0, 2000)
            results.append(result(number, order[i], order[i + 1], draw(points), draw(points)))
        if len(order) % 2:
            results.append(result(number, order[-1], None))
    return teams, results


@settings(deadline=None)  # the machine is shared: a slow example is no failure
@given(
    tournaments(),
    st.sampled_from(
        [
            ByeScore(average=True),
            ByeScore(points=400),
            ByeScore(points=400, against=True),
            ByeScore(win=False),
        ]
    ),
)
def test_every_row_adds_up_whatever_the_results(tournament, bye):
    teams, results = tournament
    for row in rank(teams, results, bye=bye):
        assert row.played == row.won + row.drawn + row.lost
        assert row.byes <= row.played
        parties = {r.round for r in results if row.entrant in r.side_a + r.side_b}
        assert row.played == len(parties)


@pytest.fixture
def two_parties(make_tournament) -> Tournament:
    """Five teams, two parties entered as totals: each partie has a bye."""
    tournament = make_tournament(score_entry=Tournament.ScoreEntry.TOTALS)
    add_teams(tournament, 5)
    for seed in (1, 2):
        rnd = rounds.draw_round(tournament=tournament, seed=seed)
        for i, table in enumerate(rnd.tables.filter(team_b__isnull=False).order_by("number")):
            scores.record_totals(table=table, total_a=1000 + 100 * i, total_b=900 - 50 * i)
        rounds.close_round(round=rnd)
    return tournament


def adds_up(record: dict[str, str]) -> bool:
    played, won, drawn, lost, byes = (
        int(record[k]) for k in ("Jouées", "Gagnées", "Nulles", "Perdues", "Exempt")
    )
    return played == won + drawn + lost and byes <= played


def test_every_row_of_the_web_ranking_adds_up(client, two_parties):
    body = client.get(reverse("tournaments:standings", args=[two_parties.slug])).text
    rows = standings_rows(body)
    assert len(rows) == 5
    for record in rows:
        assert adds_up(record), record
        assert record["Jouées"] == "2"
    assert sum(int(record["Exempt"]) for record in rows) == 2


def test_every_row_of_the_csv_export_adds_up(client, two_parties):
    data = client.get(reverse("tournaments:standings_csv", args=[two_parties.slug])).content
    rows = list(csv.DictReader(io.StringIO(data.decode("utf-8-sig")), delimiter=";"))
    assert len(rows) == 5 and all(adds_up(row) for row in rows), rows
    assert sum(int(row["Exempt"]) for row in rows) == 2


def test_every_row_of_the_pdf_ranking_adds_up(two_parties, tmp_path):
    text = Pdf(pdf.ranking(two_parties), tmp_path).text()
    assert re.search(r"Rang\s+Équipe\s+J\s+G\s+N\s+P\s+Ex\.\s+Points", text)
    assert "Ex. : dont exempt" in text
    table = text[text.index("Diff.") :]
    for standing in tournament_standings(two_parties):
        line = next(line for line in table.splitlines() if standing.entrant.display_name in line)
        played, won, drawn, lost, byes = (
            int(n) for n in re.search(r"\s(\d+)\s+(\d+)\s+(\d+)\s+(\d+)\s+(\d+)\s", line).groups()
        )
        assert played == won + drawn + lost == 2 and byes <= played, line


@pytest.mark.parametrize(
    ("policy", "french", "english"),
    [
        (
            "average",
            "L'exempt compte comme une partie jouée et gagnée, avec la moyenne des points "
            "marqués aux tables de sa partie, pour et contre : sa différence n'en bouge pas.",
            "A bye counts as a round played and won, with the average of the points scored "
            "at the tables of its round, for and against: its difference does not move.",
        ),
        (
            "fixed",
            "L'exempt compte comme une partie jouée et gagnée, avec 1\u202f200 points.",
            "A bye counts as a round played and won, with 1,200 points.",
        ),
        (
            "fixed_both",
            "L'exempt compte comme une partie jouée et gagnée, avec 1\u202f200 points, pour et "
            "contre : sa différence n'en bouge pas.",
            "A bye counts as a round played and won, with 1,200 points, for and against: its "
            "difference does not move.",
        ),
        (
            "nothing",
            "L'exempt compte comme une partie jouée et perdue, sans points.",
            "A bye counts as a round played and lost, with no points.",
        ),
    ],
)
def test_the_ranking_explanation_says_how_the_bye_counts(make_tournament, policy, french, english):
    tournament = make_tournament(bye_policy=policy, bye_points=1200)
    with translation.override("fr"):
        assert french in ranking_explanation(tournament)
    with translation.override("en"):
        assert english in ranking_explanation(tournament)


def test_a_team_page_counts_the_bye_s_points_as_the_ranking_does(client, two_parties):
    for standing in tournament_standings(two_parties):
        team = standing.entrant
        response = client.get(reverse("tournaments:team", args=[two_parties.slug, team.number]))
        games = response.context["games"]
        assert sum(game.points_for for game in games) == standing.row.points_for
        if standing.row.byes:
            bye = next(game for game in games if game.result == "bye")
            assert bye.points_for > 0
            assert labels.number(bye.points_for) in response.text
