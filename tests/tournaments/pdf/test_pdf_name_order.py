"""Names in French order on the printed documents: « Œuvray » with the O's,
« Émile » with the E's, whatever the case (issue 21: « Œuvray » came
after « Roux » on the table plan)."""

from __future__ import annotations

import pytest

from tests.tournaments.pdf.test_pdf import Pdf, _poppler  # noqa: F401 — skips without poppler
from tournaments import pdf
from tournaments.services import registration, rounds

pytestmark = pytest.mark.django_db

NAMES = ["Roux", "Œuvray", "émile", "Zoé", "Ouvrard", "Dupont"]
FRENCH_ORDER = ["Dupont", "émile", "Œuvray", "Ouvrard", "Roux", "Zoé"]


def test_the_table_plan_lists_the_teams_in_french_order(make_tournament, tmp_path):
    tournament = make_tournament()
    for i, name in enumerate(NAMES):
        registration.register_team(
            tournament=tournament,
            player1=registration.PlayerData("Anne", f"Martin{i}"),
            player2=registration.PlayerData("Paul", f"Petit{i}"),
            name=name,
        )
    rnd = rounds.draw_round(tournament=tournament, seed=1)
    text = Pdf(pdf.table_plan(rnd), tmp_path).text()
    assert sorted(NAMES, key=text.index) == FRENCH_ORDER


def test_the_melee_plan_lists_the_players_in_french_order(make_tournament, tmp_path):
    tournament = make_tournament(format="melee")
    for name in [*NAMES, "Abel", "Lenoir"]:
        registration.register_player(
            tournament=tournament, player=registration.PlayerData("Jo", name)
        )
    rnd = rounds.draw_round(tournament=tournament, seed=1)
    text = Pdf(pdf.table_plan(rnd), tmp_path).text()
    assert sorted(NAMES, key=lambda n: text.index(f"{n} Jo")) == FRENCH_ORDER
