"""Builders of the photographed sheets' tests: a concours's sheet printed
by the app, filled in and photographed (bench/sheet_photos.py, the hand
of builders.py), small enough to read in a fraction of a second; a
concours of 4 teams, its first partie drawn and announced, the organizer
signed in at the desk."""

from __future__ import annotations

import pytest

from bench import sheet_photos
from tests import factories
from tests.factories import add_teams, draw_random_round, first_table
from tests.tournaments.features.sheets.builders import writer
from tournaments.pdf import base, sheets

DPI = 150
URL = "http://192.0.2.1:8000/saisie/cle/"


def printed(table) -> bytes:
    """`table`'s sheet, as the app prints it."""
    story = sheets.sheets_story(table.round, entry_url=lambda t: URL, only=table.number)
    return base.build(story, title="feuille", tournament=table.round.tournament)


@pytest.fixture
def sheet_table(tournament):
    add_teams(tournament, 4)
    return first_table(draw_random_round(tournament))


_PHOTOS: dict[tuple, bytes] = {}


def photo_of(table, rows: dict, *, shot: sheet_photos.Shot | None = None, seed: int = 1) -> bytes:
    """A photo of `table`'s sheet with `rows` written in (made once per run:
    the same concours, table, rows and shot print and photograph the same)."""
    key = (table.round.tournament.slug, table.number, repr(sorted(rows.items())), shot, seed)
    if key not in _PHOTOS:
        _PHOTOS[key] = _photo(table, rows, shot, seed)
    return _PHOTOS[key]


def _photo(table, rows: dict, shot: sheet_photos.Shot | None, seed: int) -> bytes:
    layout = sheets.table_layout(table)
    page = sheet_photos.render(printed(table), DPI)
    filled = sheet_photos.fill(page, layout, rows, writer(seed))
    shot = shot or sheet_photos.Shot(tilt=10, megapixels=3, blur=0.6)
    return sheet_photos.photograph(filled, shot, seed)


@pytest.fixture
def rnd(tournament):
    tournament.sheets_enabled = True  # the desk reads this concours's sheets from photos
    tournament.save(update_fields=["sheets_enabled"])
    factories.add_teams(tournament, 4)
    return factories.draw_random_round(tournament)


@pytest.fixture
def table(rnd):
    return factories.first_table(rnd)


@pytest.fixture
def desk(client, organizer):
    client.force_login(organizer)
    return client
