"""The printed documents in the language of the request: every word the PDFs
print goes through gettext, so a club that works in English gets its score
sheets, plan, results and ranking in English, and the French ones keep their
words. Read back with pdftotext, as in :mod:`tests.tournaments.pdf.test_pdf`."""

from __future__ import annotations

from collections.abc import Callable

import pytest
from django.utils import translation

from tests.tournaments.pdf.test_pdf import (
    Pdf,
    _poppler,  # noqa: F401 — the autouse fixture that skips without poppler
    draw_french_partie,
    entry_url,
    first_table,
    hearts,
)
from tests.tournaments.pdf.test_pdf_standings import play_round
from tournaments import pdf
from tournaments.models import Round, Tournament
from tournaments.services import penalties, scores

pytestmark = pytest.mark.django_db

#: Words of the French documents that must not survive in the English ones
#: (the rules summary is still printed in French: none of these is in it).
FRENCH = (
    "Classement",
    "Donne",
    "Preneur",
    "Marque",
    "Total final",
    "Partie",
    "partie",
    "Équipe",
    "équipe",
    "exempte",
    "Nord-Sud",
    "Est-Ouest",
    "Règles",
    "Résultats",
    "Gagnant",
    "pas commencée",
    "terminée",
    "gagnée",
    "Cherchez",
    "Place",
    "FEUILLE",
    "n°",
    "samedi",
    "décembre",
)
#: And the other way round.
ENGLISH = ("Deal", "Round", "round", "Team", "Ranking", "not started", "Winner", "Seat", "bye")

SHEETS = {
    "fr": (
        "FEUILLE DE MARQUE",
        "samedi 5 décembre 2026",
        "Partie 1 · Table",
        "NORD-SUD — équipe n°",
        "Donne",
        "Preneur",
        "Contrat",
        "Atout",
        "Coinche",
        "Belote",
        "Total final",
        "partie en 12 donnes.",
        "COUPONS DES ÉQUIPES — À DÉCOUPER",
        "Coupon de l'équipe n°",
        "Pénalités et bonifications : Est-Ouest −162 (renonce)",
        "Signature Nord-Sud (équipe n°",
        "appelez l'arbitre",
        "Un chiffre par case",
        "2 280",
    ),
    "en": (
        "SCORE SHEET",
        "Saturday 5 December 2026",
        "Round 1 · Table",
        "NORTH-SOUTH — team no.",
        "Deal",
        "Taker",
        "Contract",
        "Trump",
        "Double",
        "Melds",
        "Final total",
        "game of 12 deals.",
        "TEAM COUPONS — TO CUT OUT",
        "Coupon of team no.",
        "Penalties and bonuses: East-West −162 (renonce)",
        "Signature North-South (team no.",
        "call the referee",
        "One digit a box",
        "2,280",
    ),
}
PLAN = {
    "fr": ("Plan des tables — partie 1", "Cherchez votre équipe", "N-S = Nord-Sud", "Place"),
    "en": ("Table plan — round 1", "Find your team", "N-S = North-South", "E-W", "Seat"),
}
RESULTS = {
    "fr": (
        "Résultats de la partie 1",
        "partie tirée, pas commencée — 0 table terminée sur 2.",
        "Nord-Sud",
        "Gagnant",
        "pas commencée",
        "exempte",
        "Règles : Coinche FFB",
    ),
    "en": (
        "Results of round 1",
        "round drawn, not started — 0 tables of 2 finished.",
        "North-South",
        "Winner",
        "not started",
        "bye",
        "Rules: Coinche (FFB)",
    ),
}
RANKING = {
    "fr": (
        "Classement provisoire après 1 partie",
        "1er",
        "1 partie gagnée",
        "Rang",
        "Équipe",
        "J : parties jouées",
        "Contre",
        "Classement par le nombre de parties gagnées",
    ),
    "en": (
        "Provisional ranking after 1 round",
        "1st",
        "1 game won",
        "Rank",
        "Team",
        "P: games played",
        "Against",
        "Ranked by the number of games won",
    ),
}


def _sheets(rnd: Round) -> Callable[[], bytes]:
    table = first_table(rnd)
    for _ in range(12):
        scores.record_deal(table=table, values=hearts())
    penalties.add_penalty(table=table, team=table.team_b, points=-162, reason="renonce")
    return lambda: pdf.score_sheets(rnd, entry_url=entry_url)


def _plan(rnd: Round) -> Callable[[], bytes]:
    return lambda: pdf.table_plan(rnd)


def _results(rnd: Round) -> Callable[[], bytes]:
    return lambda: pdf.round_results(rnd)


def _ranking(rnd: Round) -> Callable[[], bytes]:
    play_round(rnd)
    tournament = Tournament.objects.get(pk=rnd.tournament_id)
    return lambda: pdf.ranking(tournament)


@pytest.mark.parametrize("language", ["fr", "en"])
@pytest.mark.parametrize(
    ("prepare", "expected"),
    [(_sheets, SHEETS), (_plan, PLAN), (_results, RESULTS), (_ranking, RANKING)],
    ids=["sheets", "plan", "results", "ranking"],
)
def test_every_document_prints_in_the_language_of_the_request(
    make_tournament, prepare, expected, language, tmp_path
):
    tournament = make_tournament(
        ranking_criteria=["wins", "points", "difference"], bye_policy="average"
    )
    render = prepare(draw_french_partie(tournament))
    with translation.override(language):
        text = " ".join(Pdf(render(), tmp_path).text().split())
    missing = [words for words in expected[language] if words not in text]
    assert not missing, text
    foreign = FRENCH if language == "en" else ENGLISH
    assert not [word for word in foreign if word in text], text
