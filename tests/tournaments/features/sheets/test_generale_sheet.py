"""La générale on the printed sheet and on its photo (issue 62): where the
concours plays it, the sheet has a box « Générale » beside the capot's (one
player of the side crossed at « Capot » took the eight tricks alone), a
générale bid is written 500 and the small print says so, in French and in
English; a photo of the sheet is read into the générale the table played,
and the sheet confirmed at the desk records it with its marques."""

from __future__ import annotations

import subprocess

import pytest
from django.core.files.uploadedfile import SimpleUploadedFile
from django.urls import reverse
from django.utils import translation

import scoring
from tests import factories
from tests.tournaments.features.sheets import builders
from tournaments.domain.deal_shapes import DEAL_FIELDS, engine_to_fields
from tournaments.domain.sheet_layout import sheet_values
from tournaments.features.sheets.forms import SheetReview
from tournaments.features.sheets.models import SheetPhoto
from tournaments.forms.entry import DealForm
from tournaments.models import Deal

pytestmark = pytest.mark.django_db

#: A partie of six deals under la générale « contract » (SPEC §6 as
#: docs/engine.md writes it), and their marques.
DEALS = [
    ({"taker": "A", "trump": "H", "bid": "generale", "generale": "A"}, (500, 0)),
    ({"taker": "B", "trump": "S", "bid": "generale", "points": {"B": 100}}, (660, 0)),
    ({"taker": "A", "trump": "C", "bid": 90, "points": {"A": 97}}, (190, 70)),
    ({"taker": "B", "trump": "D", "bid": "generale", "coinche": 1, "generale": "B"}, (0, 1160)),
    ({"taker": "A", "trump": "S", "bid": "generale", "capot": "A"}, (0, 660)),
    ({"taker": "B", "trump": "H", "bid": 100, "generale": "B"}, (0, 350)),
]


@pytest.fixture
def generale_table(make_tournament):
    tournament = make_tournament(
        sheets_enabled=True, preset="ffb-coinche", overrides={"generale": "contract"}
    )
    factories.add_teams(tournament, 4)
    return factories.first_table(factories.draw_random_round(tournament))


def _rows(rules: scoring.Rules) -> dict[int, dict]:
    """The partie's rows as a player writes them (its marques and totals)."""
    game = scoring.score_game([deal for deal, _marques in DEALS], rules)
    rows = {}
    for number, ((deal, marques), entry) in enumerate(zip(DEALS, game.deals, strict=True), 1):
        assert (entry.a, entry.b) == marques, number
        rows[number] = sheet_values(engine_to_fields(deal), marques, entry.totals)
    return rows


def _text(pdf: bytes) -> tuple[str, int]:
    """The PDF's words (pdftotext), and its number of pages."""
    done = subprocess.run(
        ["pdftotext", "-layout", "-", "-"], input=pdf, capture_output=True, check=True
    )
    return " ".join(done.stdout.decode().split()), done.stdout.count(b"\f")


@pytest.mark.parametrize(
    ("language", "heading", "alone", "note"),
    [
        ("fr", "Générale", "seul", "La générale s'écrit 500 au contrat"),
        ("en", "Generale", "alone", "A generale is written 500 as the bid"),
    ],
)
def test_the_sheet_has_la_generales_box_and_says_how_to_write_it(
    generale_table, tournament, language, heading, alone, note
):
    with translation.override(language):
        text, pages = _text(builders.sheet_pdf(generale_table))
        plain, _pages = _text(builders.sheet_pdf(factories.first_table(_plain_round(tournament))))
    assert heading in text and alone in text and note in text
    assert heading not in plain and note not in plain
    assert pages == 1  # one A4 page still


def _plain_round(tournament):
    tournament.sheets_enabled = True
    tournament.save(update_fields=["features"])
    factories.add_teams(tournament, 4)
    return factories.draw_random_round(tournament)


def test_a_photographed_generale_is_read_and_recorded_as_played(desk, generale_table):
    table, rules = generale_table, generale_table.round.tournament.rule_profile
    data = builders.photo_of(table, _rows(rules), seed=4)
    url = reverse("tournaments:sheets_upload", args=[table.round.tournament.slug, 1])
    desk.post(url, {"photos": SimpleUploadedFile("IMG_0062.jpg", data, "image/jpeg")})
    photo = SheetPhoto.objects.get()
    read = photo.reading["deals"]
    assert len(read) == len(DEALS)
    for deal, (played, _marques) in zip(read, DEALS, strict=True):
        fields = {name: f["value"] for name, f in deal["fields"].items()}
        # The boxes crossed need no digit model: read right on every row.
        assert fields["generale"] == ("alone" if played.get("generale") else None)
        assert fields["capot"] == (played.get("generale") or played.get("capot"))
    # The review shows each deal as read; a volunteer ticks « Juste » on each,
    # having typed a deal asked about as the sheet has it (the digits' model
    # may doubt a digit: not what this test is about).
    review = SheetReview(photo, rules=rules)
    posted = {"version": str(table.version)}
    for row in review.rows:
        played = engine_to_fields(DEALS[row.number - 1][0])
        truth = DealForm.initial_for(Deal(number=row.number, **played), rules)
        for name, field in row.form.fields.items():
            if name != "number":
                shown = truth.get(name) if row.asked else row.form.initial.get(name, field.initial)
                posted[f"d{row.number}-{name}"] = "" if shown is None else str(shown)
        posted[f"d{row.number}-ok"] = "1"
    generales = [n for n, (deal, _m) in enumerate(DEALS, 1) if deal["bid"] == "generale"]
    assert [row for row in review.rows if row.number in generales and not row.asked]
    review_url = reverse(
        "tournaments:sheet_review", args=[table.round.tournament.slug, 1, photo.pk]
    )
    assert desk.post(review_url, posted).status_code == 302
    stored = list(table.deals.order_by("number"))
    assert [(d.marque_a, d.marque_b) for d in stored] == [m for _deal, m in DEALS]
    for deal, (played, _marques) in zip(stored, DEALS, strict=True):
        fields = {name: getattr(deal, name) for name in DEAL_FIELDS}
        assert fields["bid_generale"] == (played["bid"] == "generale")
        assert fields["generale"] == played.get("generale", "")


@pytest.mark.parametrize(
    ("preset", "overrides", "to_target"),
    [
        ("ffb-coinche", {"generale": "contract"}, False),
        ("ffb-coinche", {"generale": "contract"}, True),
        ("ffb-coinche", {}, True),
        ("ffb-belote", {}, False),
        ("ffb-belote", {}, True),
    ],
)
def test_every_box_of_a_sheet_is_framed_in_the_review_or_only_checks_the_deal(
    preset, overrides, to_target
):
    """A field the reader asks about is framed at its cell of the review's
    grid, or it is only written to check the deal (a marque, a total, the
    defence's points). The générale's box is framed at « Capot », where the
    grid types it (« GN »)."""
    from tournaments.domain.sheet_layout import field_kinds
    from tournaments.features.sheets.domain.checks import EVIDENCE
    from tournaments.features.sheets.forms import CELL_OF_FIELD

    rules = scoring.Rules.from_preset(preset, **overrides)
    names = {name for name, _kind, _boxes in field_kinds(rules, 12, to_target)}
    assert names - set(EVIDENCE) <= set(CELL_OF_FIELD)
    assert CELL_OF_FIELD["generale"] == "capot"


def test_the_capot_cell_is_cropped_with_la_generales_box_beside_it(desk, generale_table):
    """The review's crop at « Capot » shows la générale's box too: the grid
    types both in that cell, and a générale asked is framed there."""
    import io

    from PIL import Image

    table, rules = generale_table, generale_table.round.tournament.rule_profile
    data = builders.photo_of(table, _rows(rules), seed=4)
    url = reverse("tournaments:sheets_upload", args=[table.round.tournament.slug, 1])
    desk.post(url, {"photos": SimpleUploadedFile("IMG_0062.jpg", data, "image/jpeg")})
    photo = SheetPhoto.objects.get()
    row = reverse("tournaments:sheet_row", args=[table.round.tournament.slug, 1, photo.pk, 1])
    capot = Image.open(io.BytesIO(desk.get(row + "?case=capot").content))
    taker = Image.open(io.BytesIO(desk.get(row + "?case=taker").content))
    # The taker's two boxes, the capot's two and la générale's one.
    assert capot.width > 1.3 * taker.width


def test_a_generale_box_in_doubt_frames_the_capot_cell():
    from types import SimpleNamespace

    rules = scoring.Rules.from_preset("ffb-coinche", generale="contract")
    deal = {"deal": 1, "asked": ["generale"], "reasons": ["washed"], "fields": {}}
    review = SheetReview(
        SimpleNamespace(reading={"deals": [deal], "marques": [[0, 0]]}), rules=rules
    )
    assert review.rows[0].asked_cells == ["capot"]
