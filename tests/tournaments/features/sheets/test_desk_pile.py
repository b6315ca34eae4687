"""The desk's pile of photographed sheets (issue 55, items 2, 5, 6): a photo
read is kept and records nothing; the sheet is recorded once every deal is
ticked « juste », through the desk grid's service (the audit trail says
« lu sur photo, confirmé par … »), once however often it is posted; a
refusal anywhere records nothing; a bad file, a closed partie, a table
already entered, another organizer's concours each get their sentence."""

from __future__ import annotations

import io
import zlib
from dataclasses import replace

import pytest
from django.urls import reverse
from PIL import Image, ImageDraw, ImageFilter

from tests import factories
from tests.tournaments.features.sheets import builders, hostile
from tournaments.domain.deal_shapes import DEAL_FIELDS, engine_to_fields
from tournaments.features.sheets.models import SheetPhoto
from tournaments.forms.entry import DealForm
from tournaments.models import Change, Deal, Round
from tournaments.services import rounds, scores

pytestmark = pytest.mark.django_db


def _upload(client, rnd, name: str, data: bytes, content_type: str = "image/jpeg"):
    from django.core.files.uploadedfile import SimpleUploadedFile

    url = reverse("tournaments:sheets_upload", args=[rnd.tournament.slug, rnd.number])
    return client.post(url, {"photos": SimpleUploadedFile(name, data, content_type)})


def _photo(table, **kwargs) -> tuple[bytes, list[dict]]:
    return builders.sheet_photo(table, **kwargs)


def _confirm_data(photo: SheetPhoto, truth: list[dict], *, tick=True) -> dict:
    """The review's post: every deal as it truly was, each ticked « juste »."""
    rules = photo.round.tournament.rule_profile
    data = {"version": str(photo.table.version)}
    for number, deal in enumerate(truth, start=1):
        shown = DealForm.initial_for(Deal(number=number, **engine_to_fields(deal)), rules)
        for name, value in shown.items():
            if name != "number":
                data[f"d{number}-{name}"] = "" if value is None else str(value)
        if tick:
            data[f"d{number}-ok"] = "1"
    return data


def _review_url(photo: SheetPhoto) -> str:
    rnd = photo.round
    return reverse("tournaments:sheet_review", args=[rnd.tournament.slug, rnd.number, photo.pk])


def test_a_photo_read_waits_for_its_review_and_records_nothing(desk, table):
    data, _truth = _photo(table)
    before = Change.objects.count()
    response = _upload(desk, table.round, "IMG_0001.jpg", data)
    assert response.status_code == 302
    photo = SheetPhoto.objects.get()
    assert (photo.state, photo.table, photo.name) == ("read", table, "IMG_0001.jpg")
    assert len(photo.reading["deals"]) == 12
    assert table.deals.count() == 0 and Change.objects.count() == before
    page = desk.get(_review_url(photo)).content.decode()
    assert "Enregistrer la feuille (12 donnes)" in page
    row = desk.get(
        reverse(
            "tournaments:sheet_row",
            args=[table.round.tournament.slug, table.round.number, photo.pk, 1],
        )
    )
    assert row["Content-Type"] == "image/jpeg"
    whole = Image.open(io.BytesIO(row.content))
    assert whole.width > 300
    # A cell under review: that field's boxes alone, as tall as the row.
    cell = desk.get(row.wsgi_request.path + "?case=points")
    points = Image.open(io.BytesIO(cell.content))
    assert points.width < whole.width / 4 and points.height == whole.height
    assert desk.get(row.wsgi_request.path + "?case=nothing").status_code == 404


def test_the_sheet_confirmed_is_recorded_through_the_grid_s_service_once(desk, table, organizer):
    data, truth = _photo(table)
    _upload(desk, table.round, "IMG_0001.jpg", data)
    photo = SheetPhoto.objects.get()
    posted = _confirm_data(photo, truth)
    response = desk.post(_review_url(photo), posted)
    assert response.status_code == 302
    table.refresh_from_db()
    assert table.deals.count() == 12 and table.status == "complete"
    lines = Change.objects.filter(table=table, action=Change.Action.DEAL_ADDED)
    assert lines.count() == 12
    assert {line.reason for line in lines} == {"lu sur photo, confirmé par orga"}
    assert {line.by for line in lines} == {organizer}
    assert Change.objects.filter(action="sheet_confirmed", table=table).count() == 1
    photo.refresh_from_db()
    assert photo.state == "recorded" and photo.confirmed_by == organizer
    # The same post again (a double click, a retry): nothing more.
    again = desk.post(_review_url(photo), posted)
    assert again.status_code == 302
    assert table.deals.count() == 12
    assert Change.objects.filter(table=table).count() == 13


def test_nothing_is_recorded_until_every_deal_is_ticked(desk, table):
    data, truth = _photo(table)
    _upload(desk, table.round, "IMG_0001.jpg", data)
    photo = SheetPhoto.objects.get()
    posted = _confirm_data(photo, truth)
    del posted["d7-ok"]
    response = desk.post(_review_url(photo), posted)
    assert response.status_code == 422
    assert "Vérifiez cette donne, puis cochez « Juste »." in response.content.decode()
    assert table.deals.count() == 0
    assert SheetPhoto.objects.get().state == "read"


def test_a_deal_the_rules_refuse_records_nothing_of_the_sheet(desk, table):
    data, truth = _photo(table)
    _upload(desk, table.round, "IMG_0001.jpg", data)
    photo = SheetPhoto.objects.get()
    posted = _confirm_data(photo, truth)
    posted["d12-taker"], posted["d12-trump"], posted["d12-bid"] = "n", "c", "80"
    posted["d12-points"], posted["d12-capot"] = "200", ""
    response = desk.post(_review_url(photo), posted)
    assert response.status_code == 422
    assert table.deals.count() == 0
    assert not Change.objects.filter(table=table).exists()


def test_a_table_entered_meanwhile_is_not_overwritten(desk, table):
    data, truth = _photo(table)
    _upload(desk, table.round, "IMG_0001.jpg", data)
    photo = SheetPhoto.objects.get()
    factories.add_deal(table)  # a phone typed deal 1 meanwhile
    response = desk.post(_review_url(photo), _confirm_data(photo, truth))
    assert response.status_code == 422
    assert "est déjà saisie (1 donne)" in response.content.decode()
    assert table.deals.count() == 1


def test_a_sheet_already_entered_says_what_differs(desk, table):
    data, truth = _photo(table)
    factories.add_deal(table, **engine_to_fields(truth[0]))
    wrong = engine_to_fields(truth[1])
    factories.add_deal(table, **{**wrong, "taker": "B" if wrong["taker"] == "A" else "A"})
    _upload(desk, table.round, "IMG_0001.jpg", data)
    photo = SheetPhoto.objects.get()
    assert (photo.state, photo.refusal) == ("refused", "entered")
    pile = desk.get(reverse("tournaments:sheets_pile", args=[table.round.tournament.slug, 1]))
    text = pile.content.decode()
    assert "La table 1 est déjà saisie (2 donnes) : rien n&#x27;est enregistré." in text
    assert "donne 2, preneur" in text
    assert table.deals.count() == 2


def test_a_closed_partie_records_no_sheet(desk, table):
    data, _truth = _photo(table)
    for other in table.round.tables.all():
        factories.enter_from_the_table(other, count=12)
    rounds.close_round(round=table.round)
    assert Round.objects.get().status == "closed"
    _upload(desk, table.round, "IMG_0001.jpg", data)
    photo = SheetPhoto.objects.get()
    assert (photo.state, photo.refusal) == ("refused", "partie_closed")


def test_the_same_file_sent_twice_is_one_photo(desk, table):
    data, _truth = _photo(table)
    _upload(desk, table.round, "IMG_0001.jpg", data)
    _upload(desk, table.round, "IMG_0001 (1).jpg", data)
    assert SheetPhoto.objects.count() == 1


@pytest.mark.parametrize(
    ("name", "data", "code"),
    [
        ("notes.txt", b"Table 3 : 162 - 0", "not_an_image"),
        ("feuille.pdf", b"%PDF-1.4\nnothing of a PDF here\n%%EOF", "pdf_broken"),
        ("petite.png", builders.jpeg(Image.new("L", (120, 90), 255)), "too_small"),
        ("noire.jpg", builders.jpeg(Image.new("L", (1600, 1200), 8)), "too_dark"),
    ],
)
def test_a_bad_file_gets_its_sentence_and_records_nothing(desk, rnd, name, data, code):
    response = _upload(desk, rnd, name, data)
    assert response.status_code == 302
    photo = SheetPhoto.objects.get()
    assert (photo.state, photo.refusal) == ("refused", code)
    assert not Deal.objects.exists()


def test_a_photo_blurred_without_its_qr_code_or_of_two_sheets_is_refused(desk, table):
    data, _truth = _photo(table)
    with Image.open(io.BytesIO(data)) as photo:
        blurred = builders.jpeg(photo.filter(ImageFilter.GaussianBlur(9)))
    page = builders.written_page(table, [v for _d, v in builders.played(table, 12, 1)], 1)
    hidden = page.copy()
    ImageDraw.Draw(hidden).rectangle((1000, 50, hidden.width, 400), fill="white")
    other = table.round.tables.exclude(pk=table.pk).first()
    second = builders.written_page(other, [v for _d, v in builders.played(other, 12, 2)], 2)
    twice = Image.new("RGB", (page.width * 2 + 60, page.height), "white")
    twice.paste(page, (0, 0))
    twice.paste(second, (page.width + 60, 0))
    for name, picture, code in (
        ("floue.jpg", blurred, "blurred"),
        ("sans-qr.jpg", builders.jpeg(hidden), "no_qr"),
        ("deux.jpg", builders.jpeg(twice), "two_sheets"),
    ):
        _upload(desk, table.round, name, picture)
        assert SheetPhoto.objects.get(name=name).refusal == code, name
    assert not Deal.objects.exists()


def test_a_sheet_photographed_upside_down_is_read_the_right_way_up(desk, table):
    data, _truth = _photo(table, shot=replace(builders.SHOT, turn=180.0))
    _upload(desk, table.round, "IMG_0002.jpg", data)
    photo = SheetPhoto.objects.get()
    assert photo.state == "read", (photo.refusal, photo.params)
    assert photo.reading["turned"] >= 170
    pile = desk.get(reverse("tournaments:sheets_pile", args=[table.round.tournament.slug, 1]))
    assert "Photo prise à l&#x27;envers : lue dans le bon sens." in pile.content.decode()


def _bomb_pdf(side: int) -> bytes:
    """A PDF whose one page draws an image of side × side grey pixels, all
    zeros, compressed to a few hundred kilobytes."""
    packer = zlib.compressobj(9)
    image = b"".join(packer.compress(b"\0" * side) for _ in range(side)) + packer.flush()
    objects = [
        b"<< /Type /Catalog /Pages 2 0 R >>",
        b"<< /Type /Pages /Kids [3 0 R] /Count 1 >>",
        b"<< /Type /Page /Parent 2 0 R /MediaBox [0 0 595 842] "
        b"/Resources << /XObject << /Im0 4 0 R >> >> /Contents 5 0 R >>",
        b"<< /Type /XObject /Subtype /Image /Width %d /Height %d /ColorSpace /DeviceGray "
        b"/BitsPerComponent 8 /Filter /FlateDecode /Length %d >>\nstream\n"
        % (side, side, len(image))
        + image
        + b"\nendstream",
        b"<< /Length 31 >>\nstream\nq 595 0 0 842 0 0 cm /Im0 Do Q\nendstream",
    ]
    return hostile.pdf(objects)


def test_a_pdf_bomb_is_refused_before_it_is_drawn(desk, rnd):
    data = _bomb_pdf(20_000)  # 400 MB of pixels in 390 KB
    assert len(data) < 500_000
    _upload(desk, rnd, "scan.pdf", data, "application/pdf")
    photo = SheetPhoto.objects.get()
    assert (photo.state, photo.refusal) == ("refused", "too_many_pixels")


def test_a_scanner_s_pdf_gives_a_photo_a_page_each_finding_its_table(desk, rnd):
    tables = list(rnd.tables.order_by("number"))
    pages = [
        builders.written_page(table, [v for _d, v in builders.played(table, 12, seed)], seed)
        for seed, table in zip((5, 6), reversed(tables), strict=True)
    ]
    out = io.BytesIO()
    pages[0].convert("L").save(
        out, "PDF", resolution=150, save_all=True, append_images=[pages[1].convert("L")]
    )
    _upload(desk, rnd, "scan.pdf", out.getvalue(), "application/pdf")
    photos = list(SheetPhoto.objects.order_by("page"))
    assert [(p.page, p.state) for p in photos] == [(1, "read"), (2, "read")]
    assert [p.table.number for p in photos] == [t.number for t in reversed(tables)]


def test_another_organizer_reaches_nothing_of_the_pile(client, desk, table, django_user_model):
    data, _truth = _photo(table)
    _upload(desk, table.round, "IMG_0001.jpg", data)
    photo = SheetPhoto.objects.get()
    stranger = django_user_model.objects.create_user("autre", password=factories.PASSWORD)
    client.force_login(stranger)
    slug = table.round.tournament.slug
    for url in (
        reverse("tournaments:sheets_pile", args=[slug, 1]),
        _review_url(photo),
        reverse("tournaments:sheet_row", args=[slug, 1, photo.pk, 1]),
    ):
        assert client.get(url).status_code == 404
    assert _upload(client, table.round, "x.jpg", data).status_code == 404
    assert client.post(_review_url(photo), {"version": "0"}).status_code == 404
    assert SheetPhoto.objects.count() == 1 and table.deals.count() == 0


def test_a_concours_whose_switch_is_off_has_no_pile(desk, rnd):
    slug = rnd.tournament.slug
    partie = reverse("tournaments:round", args=[slug, rnd.number])
    assert "Lire des feuilles" in desk.get(partie).content.decode()
    rnd.tournament.sheets_enabled = False
    rnd.tournament.save(update_fields=["features"])
    assert "Lire des feuilles" not in desk.get(partie).content.decode()
    assert desk.get(reverse("tournaments:sheets_pile", args=[slug, rnd.number])).status_code == 404
    data = builders.jpeg(Image.new("L", (800, 1000), 230))
    assert _upload(desk, rnd, "IMG_0001.jpg", data).status_code == 404
    assert not SheetPhoto.objects.exists()


def test_the_partie_page_says_a_table_was_read_on_a_photo_and_who_confirmed_it(
    desk, table, organizer
):
    organizer.first_name, organizer.last_name = "Marie", "Durand"
    organizer.save()
    data, truth = _photo(table)
    _upload(desk, table.round, "IMG_0001.jpg", data)
    photo = SheetPhoto.objects.get()
    desk.post(_review_url(photo), _confirm_data(photo, truth))
    page_url = reverse("tournaments:round", args=[table.round.tournament.slug, 1])
    tables_url = reverse("tournaments:round_tables", args=[table.round.tournament.slug, 1])
    for url in (page_url, tables_url):  # the page, and its list refreshed by itself
        page = desk.get(url).content.decode()
        assert "Lue sur photo, confirmée par Marie Durand" in page
        assert page.count("Saisie à la table d&#x27;organisation") == 0
    # A deal changed at the grid since: the sheet no longer says it all.
    table.refresh_from_db()
    deal = next(d for d in table.deals.order_by("number") if d.taker and d.trump in "SHDC")
    scores.record_deal(
        table=table,
        values={**{n: getattr(deal, n) for n in DEAL_FIELDS}, "belote_a": 1 - deal.belote_a},
        number=deal.number,
        expected_version=table.version,
        reason="corrigé",
        by=organizer,
    )
    page = desk.get(tables_url).content.decode()
    assert "Lue sur photo" not in page
    assert "Saisie à la table d&#x27;organisation" in page


def test_the_takers_points_are_cropped_with_the_defences_beside_them(desk, make_tournament):
    """On a contract sheet the review's crop of the takers' points shows the
    defence's beside them (display.SHOWN_BESIDE): their sum checks them."""
    tournament = make_tournament(sheets_enabled=True, preset="ffb-coinche")
    factories.add_teams(tournament, 4)
    table = factories.first_table(factories.draw_random_round(tournament))
    data, _truth = _photo(table)
    _upload(desk, table.round, "IMG_0001.jpg", data)
    photo = SheetPhoto.objects.get()
    url = reverse("tournaments:sheet_row", args=[tournament.slug, 1, photo.pk, 1])
    points = Image.open(io.BytesIO(desk.get(url + "?case=points").content))
    bid = Image.open(io.BytesIO(desk.get(url + "?case=bid").content))
    # Three boxes each: the takers' and the defence's points, twice the bid's.
    assert points.width > 1.8 * bid.width
