"""The ranking and the results of a partie, read back as a club would read
them (see :mod:`tests.tournaments.pdf.test_pdf` for how a PDF is read)."""

from __future__ import annotations

import re

import pytest
from django.db import connection
from django.test.utils import CaptureQueriesContext

from tests.factories import add_teams
from tests.tournaments.pdf.test_pdf import (
    SUMMARY,
    Pdf,
    _poppler,  # noqa: F401 — the autouse fixture that skips without poppler
    draw_french_partie,
    hearts,
    register,
    row_block,
)
from tournaments import pdf
from tournaments.models import Round, Tournament
from tournaments.queries.standings import tournament_standings
from tournaments.services import registration, rounds, scores

pytestmark = pytest.mark.django_db


@pytest.fixture
def partie(tournament) -> Round:
    return draw_french_partie(tournament)


# --- Ranking ---------------------------------------------------------------------


def play_round(rnd: Round, deals: int = 12) -> None:
    for table in rnd.tables.filter(team_b__isnull=False):
        for _ in range(deals):
            scores.record_deal(table=table, values=hearts())
    rounds.close_round(round=rnd)


def test_the_ranking_shows_the_podium_the_table_and_how_it_is_computed(make_tournament, tmp_path):
    tournament = make_tournament(ranking_criteria=["wins", "points", "difference"], bye_points=1000)
    register(tournament, ("Hélène", "Thébault"), ("Jérôme", "Bérard"))
    register(tournament, ("Amélie", "Lefèvre"), ("François", "Chênevière"))
    register(tournament, ("Gaëlle", "Désiré"), ("Noël", "Évrard"), name="Les Cœurs Vaillants")
    rnd = rounds.draw_round(tournament=tournament, seed=4)
    play_round(rnd)
    standings = tournament_standings(tournament)
    text = Pdf(pdf.ranking(tournament), tmp_path).text()
    assert "Classement provisoire après 1 partie" in text
    assert "samedi 5 décembre 2026 — Salle des fêtes" in text
    said = " ".join(text.split())
    assert (
        "Classement par le nombre de parties gagnées ; à égalité, départagés par le total des "
        "points, puis la différence de points ;"
    ) in said
    assert SUMMARY in text
    assert re.search(r"Rang\s+Équipe\s+J\s+G\s+N\s+P\s+Ex\.\s+Points\s+Contre\s+Diff\.", text)
    podium = text[: text.index("Classement par")]
    for place, standing in zip(("1er", "2e", "3e"), standings, strict=True):
        assert re.search(rf"{place}\s+{re.escape(standing.entrant.display_name)}", podium)
        points = f"{standing.row.points_for:,}".replace(",", " ")
        assert f"{points} points" in podium
    table = text[text.index("Diff.") :]
    for standing in standings:
        row = standing.row
        line = next(line for line in table.splitlines() if standing.entrant.display_name in line)
        assert re.search(
            rf"{row.played}\s+{row.won}\s+{row.drawn}\s+{row.lost}\s+{row.byes}\s+", line
        )
        assert f"{row.points_for:,}".replace(",", " ") in line


def test_a_long_ranking_repeats_its_header_on_every_page(make_tournament, tmp_path):
    tournament = make_tournament(score_entry=Tournament.ScoreEntry.TOTALS)
    add_teams(tournament, 80)
    rnd = rounds.draw_round(tournament=tournament, seed=6)
    for i, table in enumerate(rnd.tables.filter(team_b__isnull=False)):
        scores.record_totals(table=table, total_a=1000 + 10 * i, total_b=900 - 10 * i)
    rounds.close_round(round=rnd)
    document = Pdf(pdf.ranking(tournament), tmp_path)
    assert document.pages >= 2
    for page in range(1, document.pages + 1):
        assert re.search(r"Rang\s+Équipe\s+J\s+G", document.text(page=page))
    text = document.text()
    assert all(f"Lefèvre{i} – Bérard{i}" in text for i in range(80))


def test_the_ranking_of_a_melee_ranks_players(make_tournament, tmp_path):
    tournament = make_tournament(format=Tournament.Format.MELEE)
    for first, last in [
        ("Hélène", "Thébault"),
        ("Jérôme", "Bérard"),
        ("Amélie", "Lefèvre"),
        ("Noël", "Évrard"),
    ]:
        registration.register_player(
            tournament=tournament, player=registration.PlayerData(first, last)
        )
    play_round(rounds.draw_round(tournament=tournament, seed=2))
    text = Pdf(pdf.ranking(tournament), tmp_path).text()
    assert re.search(r"Rang\s+Joueur", text)
    for name in ("Hélène Thébault", "Jérôme Bérard", "Amélie Lefèvre", "Noël Évrard"):
        assert name in text


def test_a_very_long_tournament_name_is_cut_short_in_the_running_header(make_tournament, tmp_path):
    name = "Grand concours annuel de belote et de coinche du comité des fêtes de Saint-Jean-de-Luz"
    tournament = make_tournament(name=f"{name} et d'Hendaye réunis")  # 115 of 120 characters
    add_teams(tournament, 2)
    text = Pdf(pdf.ranking(tournament), tmp_path).text()
    header = text.splitlines()[0]
    assert "…" in header and header.rstrip().endswith("Classement provisoire")


def test_a_ranking_is_printed_in_a_fixed_number_of_queries(make_tournament):
    def queries(teams: int) -> int:
        tournament = make_tournament(name=f"Concours à {teams}", score_entry="totals")
        add_teams(tournament, teams)
        rnd = rounds.draw_round(tournament=tournament, seed=3)
        for table in rnd.tables.filter(team_b__isnull=False):
            scores.record_totals(table=table, total_a=1000, total_b=800)
        tournament = Tournament.objects.get(pk=tournament.pk)
        with CaptureQueriesContext(connection) as captured:
            pdf.ranking(tournament)
        return len(captured)

    assert queries(4) == queries(16)


# --- Results of a partie ---------------------------------------------------------


def test_the_results_show_each_table_its_totals_the_winner_and_the_bye(partie, tmp_path):
    tables = list(partie.tables.filter(team_b__isnull=False).order_by("number"))
    for _ in range(12):
        scores.record_deal(table=tables[0], values=hearts())
    scores.record_deal(table=tables[1], values=hearts())
    document = Pdf(pdf.round_results(partie), tmp_path)
    text = document.text()
    assert "Résultats de la partie 1" in text
    assert "1 table terminée sur 2" in text
    first = row_block(text, tables[0].team_a.display_name)
    assert re.search(r"\b2 280\b.*\b840\s+N-S", first, re.S), first
    second = row_block(text, tables[1].team_a.display_name)
    assert re.search(r"\b190\b.*\b70\s+en cours", second, re.S), second
    bye = partie.tables.get(team_b__isnull=True)
    assert "exempte" in row_block(text, bye.team_a.display_name)


def test_the_results_before_play_fit_their_cells_and_seat_the_bye_at_no_table(partie, tmp_path):
    document = Pdf(pdf.round_results(partie), tmp_path)
    # Nothing runs past the right margin (« pas commencée » used to).
    right = pdf.base.PAGE_WIDTH - pdf.base.MARGIN
    assert [w for w, _, x1 in document.words() if x1 > right + 0.5] == []
    text = document.text()
    for table in partie.tables.filter(team_b__isnull=False):
        words = row_block(text, table.team_a.display_name).split()
        # « pas commencée » wraps in its cell; a table not started has no totals.
        assert {"pas", "commencée"} <= set(words) and "0" not in words
    bye = partie.tables.get(team_b__isnull=True)
    block = row_block(text, bye.team_a.display_name)
    assert "exempte : ne joue pas cette partie" in block
    assert not re.search(rf"^\s{{0,4}}{bye.number}\s", block, re.M), block


@pytest.mark.parametrize("policy", ["average", "fixed"])
def test_the_bye_is_worth_on_the_results_what_the_standings_count(
    make_tournament, policy, tmp_path
):
    tournament = make_tournament(bye_policy=policy, bye_points=777)
    add_teams(tournament, 5)
    rnd = rounds.draw_round(tournament=tournament, seed=7)
    finished, unfinished = rnd.tables.filter(team_b__isnull=False).order_by("number")
    for _ in range(12):
        scores.record_deal(table=finished, values=hearts())
    # Partial totals of a table still playing must not move the bye's average.
    scores.record_deal(table=unfinished, values=hearts(coinche=1))
    bye = rnd.tables.get(team_b__isnull=True)
    counted = next(
        s.row.points_for for s in tournament_standings(tournament) if s.entrant == bye.team_a
    )
    assert counted == (1560 if policy == "average" else 777)  # (2 280 + 840) / 2
    text = Pdf(pdf.round_results(Round.objects.get(pk=rnd.pk)), tmp_path).text()
    assert re.search(
        rf"\b{counted:,}\b".replace(",", " "), row_block(text, bye.team_a.display_name)
    )


def test_a_ranking_printed_during_a_partie_says_which_one_is_in_play(make_tournament, tmp_path):
    tournament = make_tournament()
    add_teams(tournament, 4)
    play_round(rounds.draw_round(tournament=tournament, seed=4))
    rounds.draw_round(tournament=tournament, method="ranking")
    text = Pdf(pdf.ranking(tournament), tmp_path).text()
    assert "Classement provisoire, partie 2 en cours" in text
