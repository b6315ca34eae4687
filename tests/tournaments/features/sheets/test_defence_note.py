"""The printed sheet says how to write the defence's card points where it
asks them (issue 59): each side its own, 162 together, none on a capot;
a sheet with no room for them (la générale and sans/tout atout), which
does not ask them, says nothing of it."""

from __future__ import annotations

import subprocess

import pytest
from django.utils import translation

from tests import factories
from tests.tournaments.features.sheets import builders

# engine_free: the sheet as printed (its layout, its PDF) is the same code
# on any database, reading the concours's rows as the pages do; the
# sheets' database side test_desk_pile.py and test_generale_sheet.py ask
# in CI's PostgreSQL + Redis tier, so that tier would run these a second
# time alike.
pytestmark = [pytest.mark.django_db, pytest.mark.engine_free]

NOTES = {
    "fr": "Chaque équipe écrit ses points : preneurs et défense font 162 à eux deux",
    "en": "Each side writes its card points: the takers' and the defence's make 162",
}


def _text(pdf: bytes) -> str:
    done = subprocess.run(
        ["pdftotext", "-layout", "-", "-"], input=pdf, capture_output=True, check=True
    )
    return " ".join(done.stdout.decode().split())


#: Coinche with la générale and sans/tout atout: 4.07 mm boxes with the
#: defence's points, under MIN_SUMMED: printed without them.
NO_ROOM = {"generale": "contract", "sa_ta": True}


def _table(make_tournament, preset: str):
    name, _, crowded = preset.partition(" ")
    tournament = make_tournament(
        sheets_enabled=True, preset=name, overrides=NO_ROOM if crowded else None
    )
    factories.add_teams(tournament, 4)
    return factories.first_table(factories.draw_random_round(tournament))


@pytest.mark.parametrize("language", ["fr", "en"])
@pytest.mark.parametrize(
    ("preset", "said"),
    [("ffb-coinche", True), ("ffb-belote", True), ("ffb-coinche générale", False)],
)
def test_the_sheet_says_how_to_write_the_defences_points(make_tournament, language, preset, said):
    table = _table(make_tournament, preset)
    with translation.override(language):
        text = _text(builders.sheet_pdf(table))
    assert (NOTES[language] in text) is said
