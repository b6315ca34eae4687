"""The file of the pre-registrations carries no formula (issue 35, item 4):
what strangers typed is quoted as in every export (`exports.inert`), and
the hall laptop's import takes the quote off, so that every name comes
back exactly as typed."""

from __future__ import annotations

import csv
import io

import pytest
from hypothesis import given
from hypothesis import strategies as st

from tests.tournaments.features.calendar.builders import announce, pair
from tournaments.features.calendar import queries as queries
from tournaments.queries.exports import inert, uninert
from tournaments.services import imports, team_file
from tournaments.services.registration import PlayerData

pytestmark = pytest.mark.django_db

#: (typed, as the file writes it)
CELLS = [
    ('=HYPERLINK("http://x.example","clic")', '\'=HYPERLINK("http://x.example","clic")'),
    ("@SUM(A1:A9)", "'@SUM(A1:A9)"),
    ("+33 1", "'+33 1"),
    ("-2+3", "'-2+3"),
    ("\uff1d1+1", "'\uff1d1+1"),
    ("\uff0b1", "'\uff0b1"),
    ("\uff0d1", "'\uff0d1"),
    ("\uff20SUM(A1)", "'\uff20SUM(A1)"),
    ("-Dupont", "'-Dupont"),
    ("=Martin", "'=Martin"),
    ("'Quote", "''Quote"),
    ("'=Martin", "''=Martin"),
    ("Dupont", "Dupont"),
    ("Jean-Luc", "Jean-Luc"),
    ("D'Artagnan", "D'Artagnan"),
]


@pytest.mark.parametrize(("typed", "written"), CELLS)
def test_a_cell_is_quoted_and_its_quote_undone(typed, written):
    assert inert(typed) == written
    assert uninert(written) == typed


@pytest.mark.parametrize(
    ("cell", "read"),
    [("'Dupont", "'Dupont"), ("'", "'"), ("Dupont'", "Dupont'"), ("''", "'"), ("' =1", " =1")],
)
def test_only_the_quote_an_export_adds_is_taken_off(cell, read):
    """« 'Dupont » was not written by `inert` (it would be « ''Dupont »):
    a quote typed in a spreadsheet before a word stays."""
    assert uninert(cell) == read


@given(st.text(max_size=40))
def test_any_text_comes_back_from_its_quoted_cell(text):
    assert uninert(inert(text)) == text
    assert not inert(text).lstrip().startswith(("=", "+", "-", "@", "\uff1d", "\uff0b"))


@pytest.mark.parametrize(("typed", "written"), CELLS)
def test_the_file_quotes_every_name_and_the_laptop_reads_it_back(organizer, typed, written):
    tournament = announce(organizer)
    pair(
        tournament,
        1,
        player1=PlayerData(typed, typed),
        player2=PlayerData("Paul", "Partenaire"),
        club=typed,
    )
    data = queries.preregistrations_csv(tournament)
    _header, line = list(csv.reader(io.StringIO(data.decode("utf-8-sig")), delimiter=";"))
    assert line[:5] == [written, written, "Partenaire", "Paul", written]
    (row,) = team_file.parse_teams(data).rows
    assert (row.last_name1, row.first_name1, row.club) == (typed, typed, typed)


def test_the_hall_laptop_imports_the_hostile_names_exactly(organizer, make_tournament):
    tournament = announce(organizer)
    for index, (typed, _written) in enumerate(CELLS[:12]):
        # A first name of its own: « =Martin » and « '=Martin » fold to one
        # player, whom the import would find in two teams.
        pair(tournament, index, player1=PlayerData(f"Jean{index}", typed))
    laptop = make_tournament(name="Sur l'ordinateur de la salle")
    plan = imports.import_teams(tournament=laptop, data=queries.preregistrations_csv(tournament))
    assert sorted(t.player1.last_name for t in plan.imported) == sorted(t for t, _ in CELLS[:12])
