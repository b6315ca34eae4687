"""Every marque explained where it is typed and read: the grid's rows (desk
and phone), the preview of the row being typed, and the arbiter's PDF."""

from __future__ import annotations

import shutil
import subprocess

import pytest
from django.db import connection
from django.test.utils import CaptureQueriesContext
from django.urls import reverse
from django.utils import translation

from tournaments.services import scores

pytestmark = pytest.mark.django_db

DEAL = {"taker": "A", "trump": "H", "bid": 90, "points_a": 97}
WHY_90 = (
    "Nord-Sud joue 90 ♥ et réussit : 97 ≥ 90 et 97 &gt; 65. Nord-Sud : 97 + 90 (contrat) = 187, "
    "arrondi à 190 ; Est-Ouest : 65, arrondi à 70."
)


@pytest.fixture
def desk(client, organizer):
    client.force_login(organizer)
    return client


def table_url(name: str, tournament, table) -> str:
    return reverse(f"tournaments:{name}", args=[tournament.slug, 1, table.number])


def test_each_row_of_the_grid_says_why_under_it_the_grids_whole_width(desk, tournament, table):
    """« Pourquoi ? » in the row's actions opens a row of its own under it,
    across every column (it opened squeezed into the last column)."""
    scores.record_deal(table=table, values=DEAL)
    page = desk.get(table_url("table", tournament, table)).text
    row = page.split('id="deal-1"')[1].split("</tr>")[0]
    assert '<summary aria-controls="why-1">Pourquoi ?</summary>' in row
    assert WHY_90 not in row
    why = page.split('<tr id="why-1" class="why-row">')[1].split("</tr>")[0]
    assert why.startswith('<td colspan="15">')  # ffb-coinche with announcements: 15 columns
    assert WHY_90 in why


def test_a_row_that_wins_the_pot_says_so(desk, make_tournament):
    from tests.factories import add_teams, draw_random_round, first_table

    tournament = make_tournament(preset="ffb-belote")
    add_teams(tournament, 2)
    table = first_table(draw_random_round(tournament))
    scores.record_deal(table=table, values={"taker": "B", "trump": "S", "points_a": 81})
    scores.record_deal(table=table, values={"taker": "A", "trump": "H", "points_a": 100})
    page = desk.get(table_url("table", tournament, table)).text
    row = page.split('id="deal-2"')[1].split('<tr id="deal-3"')[0]
    assert "Nord-Sud gagne aussi le litige en attente : + 81, soit 181." in row
    assert '<td class="num marque-a" data-label="Marque N-S">181</td>' in row


def test_the_explanations_cost_no_query(desk, tournament, table):
    """The table page asks as many queries with one deal as with six: the
    explanations read the deals already loaded."""

    def queries() -> int:
        with CaptureQueriesContext(connection) as captured:
            assert desk.get(table_url("table", tournament, table)).status_code == 200
        return len(captured)

    scores.record_deal(table=table, values=DEAL)
    one = queries()
    for _ in range(5):
        scores.record_deal(table=table, values=DEAL)
    assert queries() == one


def test_the_preview_says_why_before_the_row_is_saved(desk, tournament, table):
    typed = {"taker": "n", "trump": "c", "bid": 90, "points": 97}
    response = desk.post(table_url("deal_preview", tournament, table), typed)
    assert '<span class="why-line">' in response.text
    assert WHY_90 in response.text


def test_the_preview_of_a_refused_row_has_no_why(desk, tournament, table):
    typed = {"taker": "n", "trump": "c", "bid": 90, "points": 170}
    response = desk.post(table_url("deal_preview", tournament, table), typed)
    assert "why-line" not in response.text


def test_the_phone_grid_says_why_too(client, tournament, table):
    from tournaments.infra import links

    scores.record_deal(table=table, values=DEAL)
    page = client.get(links.entry_path(table)).text
    assert WHY_90 in page


# -- the arbiter's PDF -----------------------------------------------------------------


def pdf_text(data: bytes, tmp_path) -> str:
    if shutil.which("pdftotext") is None:
        pytest.skip("poppler-utils is needed to read the PDF back")
    path = tmp_path / "explanations.pdf"
    path.write_bytes(data)
    out = subprocess.run(
        ["pdftotext", "-enc", "UTF-8", str(path), "-"], check=True, capture_output=True, text=True
    ).stdout
    return " ".join(out.replace("\u202f", " ").split())


def test_the_arbiter_prints_every_marque_explained(desk, tournament, table, tmp_path):
    scores.record_deal(table=table, values=DEAL)
    scores.record_deal(table=table, values={**DEAL, "bid": 100, "coinche": 1})
    link = table_url("table_explanations_pdf", tournament, table)
    assert link in desk.get(table_url("table", tournament, table)).text
    response = desk.get(link)
    assert response["Content-Type"] == "application/pdf"
    text = pdf_text(response.content, tmp_path)
    assert "Explication des marques" in text
    assert "Nord-Sud joue 90 ♥ et réussit : 97 ≥ 90 et 97 > 65." in text
    assert "Nord-Sud joue 100 ♥ coinché et chute : 97 < 100." in text
    assert "Est-Ouest : 2 × [160 (chute) + 100 (contrat)] = 520." in text


def test_the_arbiters_pdf_is_printed_in_english_too(tournament, table, tmp_path):
    from tournaments.pdf.explanations import table_explanations

    scores.record_deal(table=table, values=DEAL)
    table.refresh_from_db()
    with translation.override("en"):
        text = pdf_text(table_explanations(table), tmp_path)
    assert "How each score was made" in text
    assert "North-South plays 90 ♥ and makes it: 97 ≥ 90 and 97 > 65." in text
    assert "Totals: North-South 190, East-West 70 (penalties included)." in text


def test_only_the_organizers_print_it(client, tournament, table):
    response = client.get(table_url("table_explanations_pdf", tournament, table))
    assert response.status_code == 302
