"""The standings as CSV and XLSX carry names as inert text: a name that a
spreadsheet would read as a formula comes out prefixed with a single quote
(OWASP's advice against CSV injection), and the numbers stay numbers."""

from __future__ import annotations

import csv
import io

import pytest
from django.urls import reverse
from openpyxl import load_workbook

from tournaments.models import Tournament
from tournaments.queries import exports
from tournaments.services import registration, rounds, scores

pytestmark = pytest.mark.django_db

HOSTILE = [
    '=HYPERLINK("http://x","y")',
    "+1",
    "-2",
    "@SUM(A1)",
    "  =1+1",
    "\t=1+1",
    "\r=1+1",
]
MADE_90 = {"taker": "A", "trump": "H", "bid": 90, "points_a": 97}  # 190-70


@pytest.fixture
def hostile(tournament):
    """Four teams named like formulas, one partie played: the takers make
    190 a deal, the defence 70, so half the teams have a negative difference."""
    for i, name in enumerate(HOSTILE):
        registration.register_team(
            tournament=tournament,
            player1=registration.PlayerData("Amélie", f"Lefèvre{i}"),
            player2=registration.PlayerData("Jérôme", f"Bérard{i}"),
            name=name,
        )
    # Eight teams: nobody sits out.
    registration.register_team(
        tournament=tournament,
        player1=registration.PlayerData("Zoé", "Plain"),
        player2=registration.PlayerData("Luc", "Plain"),
    )
    rnd = rounds.draw_round(tournament=tournament, method="random", seed=3)
    for table in rnd.tables.filter(team_b__isnull=False):
        for _ in range(12):
            scores.record_deal(table=table, values=MADE_90)
    return tournament


@pytest.mark.parametrize(
    "text, shown",
    [
        ('=HYPERLINK("http://x","y")', '\'=HYPERLINK("http://x","y")'),
        ("+1", "'+1"),
        ("-2", "'-2"),
        ("@SUM(A1)", "'@SUM(A1)"),
        ("  =1+1", "'  =1+1"),
        ("\t=1+1", "'\t=1+1"),
        ("\r=1+1", "'\r=1+1"),
        ("\tLes As", "'\tLes As"),
        ("＝1+1", "'＝1+1"),
        ("Les As", "Les As"),
        ("Jean-Luc", "Jean-Luc"),
        ("", ""),
    ],
)
def test_a_text_read_as_a_formula_is_prefixed_and_others_are_kept(text, shown):
    assert exports.inert(text) == shown


@pytest.mark.parametrize("number", [0, 7, -614, 2280])
def test_numbers_are_never_touched(number):
    assert exports.inert(number) == number


def test_the_csv_carries_no_formula_and_keeps_numbers_unquoted(client, hostile):
    response = client.get(reverse("tournaments:standings_csv", args=[hostile.slug]))
    text = response.content.decode("utf-8-sig")
    rows = list(csv.reader(io.StringIO(text, newline=""), delimiter=";"))
    names = [row[1] for row in rows[1:]]
    for name in HOSTILE:
        assert "'" + name in names
    for row in rows[1:]:
        assert not row[1].lstrip().startswith(("=", "+", "-", "@")), row[1]
        # Every other cell is a plain integer, negative differences included.
        assert all(cell.lstrip("-").isdigit() for cell in [row[0], *row[2:]]), row
    differences = [int(row[9]) for row in rows[1:]]
    assert min(differences) < 0
    # Negative numbers are written bare (no quote, no apostrophe).
    assert f";{min(differences)};" in text or f";{min(differences)}\r\n" in text


def test_the_xlsx_holds_text_cells_and_numeric_cells_only(client, hostile):
    Tournament.objects.filter(pk=hostile.pk).update(name="=1+1")
    response = client.get(reverse("tournaments:standings_xlsx", args=[hostile.slug]))
    sheet = load_workbook(io.BytesIO(response.content)).active
    assert sheet["A1"].value == "'=1+1" and sheet["A1"].data_type == "s"
    names = []
    for row in sheet.iter_rows(min_row=3):
        name = row[1]
        assert name.data_type == "s", name.value
        names.append(name.value)
        for cell in [row[0], *row[2:]]:
            assert cell.data_type == "n" and isinstance(cell.value, int), cell.value
    for name in HOSTILE:
        # XML reads a stored carriage return back as a line feed.
        assert "'" + name.replace("\r", "\n") in names
    differences = [row[9].value for row in sheet.iter_rows(min_row=3)]
    assert min(differences) < 0


def test_no_cell_of_the_xlsx_is_a_formula(client, hostile):
    response = client.get(reverse("tournaments:standings_xlsx", args=[hostile.slug]))
    sheet = load_workbook(io.BytesIO(response.content)).active
    assert all(cell.data_type != "f" for row in sheet.iter_rows() for cell in row)
