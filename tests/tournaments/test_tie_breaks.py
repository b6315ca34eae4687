"""The ranking's tie-breaks organizers use (issue 52, item 3; issue 54,
item 5): the best partie, the fewest points conceded, a drawing of lots
made once and printed with its seed, a fixed bye counted against too, and
the list frozen once partie 1 is drawn — a change then asks for a reason,
says whose place it moves and is kept in the history.

Each tie-break decides a concours built to need it (the hand-computed
tables of tests/tournaments/domain/test_standings.py, played here through
the services), the explanation says it in French and English, the
concours file holds it and the checker recomputes it."""

from __future__ import annotations

import datetime
import re

import pytest
from django.urls import reverse
from django.utils import translation

from checker.check import check
from tests.factories import PASSWORD, add_teams, build_tournament
from tests.tournaments.domain.test_standings import BEST_GAME_NEEDED, POINTS_AGAINST_NEEDED, by_hand
from tests.tournaments.pdf.test_pdf import Pdf, _poppler  # noqa: F401 — skips without poppler
from tournaments import pdf
from tournaments.display.standings import ranking_explanation, split_sentence
from tournaments.models import Change, Round, Team, Tournament
from tournaments.queries.concours_file import concours_file
from tournaments.queries.standings import tournament_standings
from tournaments.services import errors, release, rounds, scores, tournaments

pytestmark = pytest.mark.django_db


def seat(rnd: Round, pairs: list[tuple[Team, Team]]) -> None:
    """Table n of the draft draw gets the n-th pair (exchanges by hand),
    then the draw is announced."""
    for number, wanted in enumerate(pairs, start=1):
        for team in wanted:
            table = rnd.tables.get(number=number)
            here = [table.team_a, table.team_b]
            if team not in here:
                out = next(t for t in here if t not in wanted)
                rounds.swap_teams(round=rnd, first=team, second=out)
    release.release_round(round=rnd)


def play(tournament: Tournament, teams: list[Team], results) -> None:
    """The domain tests' results (teams 1 to 4 are `teams`), partie by
    partie: each drawn, seated as they say, its totals typed, closed."""
    for number in sorted({r.round for r in results}):
        played = [r for r in results if r.round == number]
        rnd = rounds.draw_round(tournament=tournament, method=Round.DrawMethod.RANDOM, seed=number)
        pairs = [(teams[r.side_a[0] - 1], teams[r.side_b[0] - 1]) for r in played]
        seat(rnd, pairs)
        for r, (a, _b) in zip(played, pairs, strict=True):
            table = rnd.tables.get(team_a=a) if rnd.tables.filter(team_a=a) else None
            if table is None:  # the pair sits the other way round
                table = rnd.tables.get(team_b=a)
                scores.record_totals(table=table, total_a=r.points_b, total_b=r.points_a)
            else:
                scores.record_totals(table=table, total_a=r.points_a, total_b=r.points_b)
        rounds.close_round(round=rnd)


@pytest.fixture
def four(organizer) -> tuple[Tournament, list[Team]]:
    tournament = build_tournament(
        owner=organizer,
        preset="ffb-belote",
        score_entry=Tournament.ScoreEntry.TOTALS,
        parties=3,
        release_draws=True,
        ranking_criteria=["points"],
    )
    return tournament, add_teams(tournament, 4)


def ranked(tournament: Tournament, teams: list[Team]) -> list[tuple[int, int]]:
    """(rank, team 1 to 4) in the app's ranking order."""
    place = {team.pk: i for i, team in enumerate(teams, start=1)}
    return [(s.row.rank, place[s.entrant.pk]) for s in tournament_standings(tournament)]


@pytest.mark.parametrize(
    ("results", "criteria", "expected", "said"),
    [
        (
            BEST_GAME_NEEDED,
            ["points", "wins", "best_game"],
            [(1, 3), (2, 1), (3, 2), (4, 4)],
            "départagés par le nombre de parties gagnées, puis la meilleure partie",
        ),
        (
            POINTS_AGAINST_NEEDED,
            ["wins", "points_against"],
            [(1, 4), (2, 2), (3, 3), (4, 1)],
            "à égalité, départagés par le moins de points contre",
        ),
    ],
)
def test_each_tie_break_decides_a_concours_built_to_need_it(
    four, results, criteria, expected, said
):
    tournament, teams = four
    play(tournament, teams, results)
    tournaments.change_tie_breaks(
        tournament=tournament, criteria=criteria, reason="Règlement du club", by=None
    )
    tournament.refresh_from_db()
    assert ranked(tournament, teams) == expected
    assert said in ranking_explanation(tournament)
    doc = concours_file(tournament)
    assert doc["version"] == 3 and doc["ranking"]["criteria"] == criteria
    assert check(doc) == []
    # The file's last ranking moved by hand is caught.
    lines = doc["rounds"][-1]["standings"]
    lines[0], lines[1] = lines[1], lines[0]
    assert any("classement" in sentence for sentence in check(doc))


def level_partie(organizer) -> tuple[Tournament, list[Team]]:
    """Four teams, one partie: both tables 1000–1000, all level."""
    tournament = build_tournament(
        owner=organizer,
        preset="ffb-belote",
        score_entry=Tournament.ScoreEntry.TOTALS,
        parties=3,
        ranking_criteria=["points"],
    )
    teams = add_teams(tournament, 4)
    rnd = rounds.draw_round(tournament=tournament, method=Round.DrawMethod.RANDOM, seed=5)
    for table in rnd.tables.all():
        scores.record_totals(table=table, total_a=1000, total_b=1000)
    return tournament, teams


def test_a_drawing_of_lots_is_made_once_printed_with_its_seed_and_checked(organizer):
    tournament, teams = level_partie(organizer)
    assert {s.row.rank for s in tournament_standings(tournament)} == {1}
    moved = tournaments.change_tie_breaks(
        tournament=tournament, criteria=["points", "chance"], reason="Pas d'ex aequo", by=None
    )
    tournament.refresh_from_db()
    seed = tournament.chance_seed
    assert seed is not None
    drawn = sorted(teams, key=lambda team: by_hand(seed, team.number))
    standings = tournament_standings(tournament)
    assert [s.entrant.pk for s in standings] == [team.pk for team in drawn]
    assert [s.row.rank for s in standings] == [1, 2, 3, 4]
    assert len(moved) == 3  # all shared the first place; three leave it
    with translation.override("fr"):
        assert f"un tirage au sort fait une fois (numéro {seed})" in ranking_explanation(tournament)
        assert "le rang est partagé" not in ranking_explanation(tournament)
    with translation.override("en"):
        assert f"a drawing of lots made once (number {seed})" in ranking_explanation(tournament)
    doc = concours_file(tournament)
    assert doc["ranking"]["chance_seed"] == seed and check(doc) == []
    # Another number that draws another order (one number in 24 draws the same
    # order of four teams, and the checker rightly finds nothing to say then).
    other = next(
        n
        for n in range(seed + 1, seed + 100)
        if sorted(teams, key=lambda team: by_hand(n, team.number)) != drawn
    )
    doc["ranking"]["chance_seed"] = other
    assert any("classement" in sentence for sentence in check(doc))
    # Made once: taken out and put back, the lots are the same.
    for criteria in (["points"], ["points", "wins", "chance"]):
        tournaments.change_tie_breaks(
            tournament=tournament, criteria=criteria, reason="Essai", by=None
        )
    tournament.refresh_from_db()
    assert tournament.chance_seed == seed
    drawings = Change.objects.filter(tournament=tournament, action=Change.Action.CHANCE_DRAWN)
    assert [c.after for c in drawings] == [{"chance_seed": seed}]


def test_nothing_may_follow_the_drawing_of_lots(tournament):
    with pytest.raises(errors.TournamentError) as refused:
        tournaments.change_tie_breaks(
            tournament=tournament, criteria=["chance", "points"], reason="", by=None
        )
    assert "il vient en dernier" in refused.value.message


def test_once_partie_1_is_drawn_a_change_asks_a_reason_and_keeps_who_moved(organizer):
    tournament, _teams = level_partie(organizer)
    with pytest.raises(errors.TournamentError) as refused:
        tournaments.change_tie_breaks(
            tournament=tournament, criteria=["points", "chance"], reason=" ", by=organizer
        )
    assert refused.value.field == "reason"
    tournament.refresh_from_db()
    assert tournament.criteria == ["points"]
    tournaments.change_tie_breaks(
        tournament=tournament,
        criteria=["points", "chance"],
        reason="Un seul premier prix",
        by=organizer,
    )
    line = Change.objects.get(tournament=tournament, action=Change.Action.TIE_BREAKS_CHANGED)
    assert line.reason == "Un seul premier prix" and line.by == organizer
    assert line.before == {"ranking_criteria": ["points"]}
    assert line.after["ranking_criteria"] == ["points", "chance"]
    tournament.refresh_from_db()
    ranks = {s.entrant.number: s.row.rank for s in tournament_standings(tournament)}
    assert sorted(line.after["moved"]) == sorted(
        [number, 1, rank] for number, rank in ranks.items() if rank != 1
    )


def test_before_partie_1_the_list_changes_without_a_reason(tournament, teams):
    tournaments.change_tie_breaks(
        tournament=tournament, criteria=["points", "best_game"], reason="", by=None
    )
    tournament.refresh_from_db()
    assert tournament.criteria == ["points", "best_game"]


def test_a_new_concours_offers_the_parties_won_and_an_existing_one_keeps_its_own(client, organizer):
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
    assert Tournament.objects.get(name="Belote d'hiver").criteria == ["points", "wins"]
    # A concours stored before (no list, or its own) keeps what it had.
    old = build_tournament(owner=organizer, name="Ancien", date=datetime.date(2025, 5, 1))
    Tournament.objects.filter(pk=old.pk).update(ranking_criteria=[])
    old.refresh_from_db()
    assert old.criteria == ["points"]


@pytest.fixture
def desk(client, organizer):
    client.force_login(organizer)
    return client


def test_the_page_shows_who_moves_before_the_change_is_confirmed(desk, organizer):
    tournament, _teams = level_partie(organizer)
    url = reverse("tournaments:tie_breaks", args=[tournament.slug])
    page = desk.get(url).text
    assert "l'ordre de départage est figé" in page
    data = {"criterion_1": "points", "criterion_2": "chance"}
    refused = desk.post(url, data)
    assert "Ce champ est obligatoire." in refused.text  # the reason
    preview = desk.post(url, {**data, "reason": "Un seul premier prix"}).text
    assert "Changent de place au classement actuel : n° " in preview
    assert re.search(r"1er → [234]e", preview)
    assert "Confirmer le changement" in preview
    tournament.refresh_from_db()
    assert tournament.criteria == ["points"]  # nothing changed yet
    seed = tournament.chance_seed  # drawn for the preview, once
    assert seed is not None and f"numéro {seed}" in preview
    done = desk.post(url, {**data, "reason": "Un seul premier prix", "confirm": "1"}, follow=True)
    assert "Ordre de départage changé. Changent de place" in done.text
    tournament.refresh_from_db()
    assert tournament.criteria == ["points", "chance"] and tournament.chance_seed == seed
    # The settings page shows the list greyed out, with the way to change it.
    edit = desk.get(reverse("tournaments:edit", args=[tournament.slug])).text
    assert re.search(r'<select name="criterion_1"[^>]*disabled', edit)
    assert url in edit


def test_the_page_speaks_english(desk, organizer):
    tournament, _teams = level_partie(organizer)
    with translation.override("en"):
        url = reverse("tournaments:tie_breaks", args=[tournament.slug])
        page = desk.get(url, HTTP_ACCEPT_LANGUAGE="en").text
    assert "Ranking tie-breaks" in page or "tie-break order is frozen" in page


def test_the_printed_ranking_says_the_tie_breaks_and_the_bye(organizer, tmp_path):
    tournament, _teams = level_partie(organizer)
    Tournament.objects.filter(pk=tournament.pk).update(bye_policy="fixed_both", bye_points=800)
    tournaments.change_tie_breaks(
        tournament=tournament, criteria=["points", "best_game"], reason="Club", by=None
    )
    tournament.refresh_from_db()
    text = " ".join(Pdf(pdf.ranking(tournament), tmp_path).text(layout=False).split())
    assert "à égalité de points, départagés par la meilleure partie" in text
    assert "avec 800 points, pour et contre" in text


def test_a_line_split_by_the_lots_says_so_beside_it(client, organizer):
    """Issue 60, item 4: 4th and 5th on identical lines, one general sentence
    with the lottery's number; now each line the lots put below the one
    above says « départagé par le tirage au sort »."""
    tournament, _teams = level_partie(organizer)
    tournaments.change_tie_breaks(
        tournament=tournament, criteria=["points", "chance"], reason="Pas d'ex aequo", by=None
    )
    page = client.get(reverse("tournaments:standings", args=[tournament.slug])).text
    assert page.count("départagé par le tirage au sort") == 3
    with translation.override("en"):
        assert split_sentence("chance") == "split by the drawing of lots"
