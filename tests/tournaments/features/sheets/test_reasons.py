"""Why a deal is asked about, as the review says it (issue 59, item 4): a
sentence a reason, about the cells it frames, saying what the photo reads
and never what the pen wrote. Reproduced on the app's own sheet: a hand
whose digits the reader takes for others, or for no digit at all, writes
the marques; the review no longer says « pas de marque écrite » over a
marque written, nor « écrit sur la feuille 30 – 309 » for 40 – 200."""

from __future__ import annotations

import numpy as np
import pytest
from PIL import Image, ImageDraw

from bench import sheet_photos
from tests.tournaments.features.sheets import builders
from tests.tournaments.features.sheets.test_desk_pile import _review_url, _upload
from tournaments.features.sheets import display
from tournaments.features.sheets.models import SheetPhoto
from tournaments.pdf import sheets

# engine_free: reading a photo of a sheet (its QR code, its corners, its
# digits, the reasons said) is the same code on any database; what it asks
# the database (the table of a QR code, the photo's row, a deal recorded)
# test_desk_pile.py and test_generale_sheet.py ask in CI's PostgreSQL + Redis
# tier, so that tier would run these a second time alike.
pytestmark = [pytest.mark.django_db, pytest.mark.engine_free]


def _hand(digit_for: dict[int, int] | None = None, junk: frozenset[int] = frozenset()):
    """The tests' hand, but writing each digit d as `digit_for[d]`'s shape,
    and the digits in `junk` as a scribble the reader takes for no digit."""
    images, labels = builders.templates()
    digit_for = digit_for or {}
    shapes = np.array([digit_for.get(int(c), int(c)) for c in labels])
    shown = np.stack([images[np.flatnonzero(labels == s)[i % 5]] for i, s in enumerate(shapes)])
    for i, c in enumerate(labels):
        if int(c) in junk:
            scribble = Image.new("L", (28, 28), 0)
            draw = ImageDraw.Draw(scribble)
            draw.line((4, 20, 24, 8), fill=255, width=3)
            draw.line((4, 8, 24, 20), fill=255, width=3)
            shown[i] = np.asarray(scribble, np.float32) / 255
    return sheet_photos.Writer.of(shown, labels, 1)


def _photo(table, rows: list[dict], marque_hand) -> bytes:
    """`rows` written by the tests' hand, their marques by `marque_hand`."""
    layout = sheets.table_layout(table)
    builders.fixed_entry_key(table)
    page = sheet_photos.render(builders.sheet_pdf(table), 150)
    others = {i: {k: v for k, v in r.items() if not k.startswith("marque_")} for i, r in
              enumerate(rows, start=1)}  # fmt: skip
    marques = {i: {k: v for k, v in r.items() if k.startswith("marque_")} for i, r in
               enumerate(rows, start=1)}  # fmt: skip
    page = sheet_photos.fill(page, layout, others, builders.writer(1))
    page = sheet_photos.fill(page, layout, marques, marque_hand)
    return sheet_photos.photograph(page, builders.SHOT, 1)


def _rows(table, count=3, seed=4) -> list[dict]:
    return [dict(values) for _deal, values in builders.played(table, count, seed)]


def _reasons_on_the_page(desk, table, data) -> str:
    _upload(desk, table.round, "IMG_0001.jpg", data)
    photo = SheetPhoto.objects.get()
    return desk.get(_review_url(photo)).content.decode()


def test_a_marque_written_but_not_read_is_not_said_blank(desk, table):
    rows = _rows(table)
    rows[0]["marque_a"], rows[0]["marque_b"] = "30", "280"
    page = _reasons_on_the_page(desk, table, _photo(table, rows, _hand(junk=frozenset({0}))))
    assert "pas de marque écrite" not in page
    assert "illisible sur la photo : rien ne vérifie les points" in page


def test_marques_read_wrong_are_said_as_read_beside_the_rules(desk, table):
    rows = _rows(table)
    shifted = {d: (d + 1) % 10 for d in range(10)}  # each digit read as the next
    page = _reasons_on_the_page(desk, table, _photo(table, rows, _hand(shifted)))
    assert "écrit sur la feuille" not in page
    photo = SheetPhoto.objects.get()
    for deal, marques in zip(photo.reading["deals"], photo.reading["marques"], strict=False):
        if "marque" in deal["reasons"]:
            read = " – ".join(str(deal["fields"][f"marque_{s}"]["value"] or "?") for s in "ab")
            rules = " – ".join(str(m) for m in marques)
            assert f"marques lues sur la photo {read}, les règles donnent {rules}" in page
            break
    else:
        pytest.fail("no marque read wrong: the hand wrote them right")


NUMBER = {"value": 173, "sure": False, "probabilities": [0.99, 0.4, 0.98], "seconds": [1, 1, 8]}


@pytest.mark.parametrize(
    ("codes", "asked", "fields", "marques", "said"),
    [
        (["unsure"], ["points"], {"points": NUMBER}, [],
         "points des preneurs : le 7 pourrait être un 1"),
        (["unsure"], ["points"], {"points": {"value": 73, "sure": False}}, [],
         "points des preneurs : un chiffre lu sans certitude"),
        (["unsure"], ["marque_b"], {"marque_b": {"value": None, "sure": False}}, [],
         "marque E-O : un chiffre illisible sur la photo"),
        (["unsure"], ["taker"], {"taker": {"value": None, "sure": False}}, [],
         "preneur : une croix pas nette, ou deux cases cochées"),
        (["could_be_other"], ["points"], {"points": NUMBER}, [80, 0],
         "points des preneurs : le 7 pourrait être un 1, et la marque serait la même"),
        (["marque"], ["points"], {"marque_a": {"value": 30, "sure": True},
                                  "marque_b": {"value": 309, "sure": True}}, [40, 200],
         "marques lues sur la photo 30 – 309, les règles donnent 40 – 200 pour cette ligne : "
         "regardez la ligne"),
        (["marque_missing"], ["points"], {"marque_a": {"value": None, "sure": True},
                                          "marque_b": {"value": None, "sure": True}}, [80, 0],
         "pas de marque écrite : rien ne vérifie les points"),
        (["marque_missing"], ["points"], {"marque_a": {"value": None, "sure": False},
                                          "marque_b": {"value": 280, "sure": True}}, [30, 280],
         "marque N-S illisible sur la photo : rien ne vérifie les points"),
        (["total"], ["total_b"], {}, [80, 0],
         "total E-O lu ne suit pas le total d'avant plus la marque"),
        (["engine_points"], ["points"], {"points": {"value": 172, "sure": True}}, [],
         "les points des preneurs lus, 172, ne vont pas (de 0 à 162)"),
        (["rounding_hides_digit"], ["points"], {"points": {"value": 97, "sure": True}}, [100, 60],
         "points des preneurs : la marque arrondie à la dizaine ne vérifie pas leur dernier "
         "chiffre, lu 7"),
        (["engine_belote"], ["belote"], {}, [], "une belote qui ne va pas avec cet atout"),
        (["many_readings"], ["points"], {}, [],
         "trop de lectures possibles de la ligne : les règles ne vérifient pas ce nombre"),
        (["washed"], ["announce_a"], {}, [],
         "ces cases ne se voient pas sur la photo (un reflet, un pli) : ce qui y est écrit a pu "
         "disparaître"),
    ],
)  # fmt: skip
def test_each_reason_is_said_in_plain_words(codes, asked, fields, marques, said):
    assert display.reasons_said(codes, asked, fields, marques) == [said]


def test_a_washed_cell_is_said_washed_alone_beside_a_digit_in_doubt():
    """A row with a cross washed out and another number read unsure: the
    cross is said washed, not also « une croix pas nette »."""
    fields = {"trump": {"value": None, "sure": False, "washed": True}, "points": NUMBER}
    said = display.reasons_said(["washed", "unsure"], ["trump", "points"], fields, [])
    assert said == [
        "ces cases ne se voient pas sur la photo (un reflet, un pli) : ce qui y est écrit a pu "
        "disparaître",
        "points des preneurs : le 7 pourrait être un 1",
    ]


def test_every_reason_the_reader_gives_has_its_words():
    from tournaments.features.sheets.domain import checks

    for code in ("unsure", "marque", "marque_missing", "total", "rounding_hides_digit",
                 "coinche_without_bid", "blank_row", "could_be_other", "many_readings",
                 "washed", *(f"engine_{c}" for c in checks.AT_FAULT)):  # fmt: skip
        assert display.reason(code) != code


def test_the_reasons_are_said_in_english_too(desk, table):
    from django.utils import translation

    with translation.override("en"):
        said = display.reasons_said(["marque_missing"], ["points"], {}, [80, 0])
    assert said == ["no score written: nothing checks the points"]
    with translation.override("en"):
        said = display.reasons_said(["washed"], ["announce_a"], {}, [])
    assert said == ["these boxes do not show on the photo (glare, a fold): what is written there "
                    "may be lost"]  # fmt: skip


def test_the_reading_keeps_each_number_s_digits_for_the_review_to_name(desk, table):
    rows = _rows(table)
    _upload(desk, table.round, "IMG_0001.jpg", _photo(table, rows, builders.writer(1)))
    photo = SheetPhoto.objects.get()
    numbers = [
        (name, read)
        for deal in photo.reading["deals"]
        for name, read in deal["fields"].items()
        if isinstance(read["value"], int)
    ]
    assert numbers
    for name, read in numbers:
        assert len(read["probabilities"]) == len(str(read["value"])), name
        assert len(read.get("seconds", read["probabilities"])) == len(str(read["value"]))
    # A doubtful digit with its second choice kept is named on the page.
    deal = photo.reading["deals"][0]
    deal["reasons"], deal["asked"] = ["unsure"], ["points"]
    deal["fields"]["points"] = {
        "value": 71, "sure": False, "probabilities": [0.97, 0.41], "seconds": [1, 7],
    }  # fmt: skip
    photo.save(update_fields=["reading"])
    page = desk.get(_review_url(photo)).content.decode()
    assert "points des preneurs : le 1 pourrait être un 7" in page
