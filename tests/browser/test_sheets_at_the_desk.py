"""The sheets photographed, at the desk (issue 55, items 2, 5, 6), in real
Chromium:

- a pile of 16 sheet photos of partie 2, sent in a shuffled order, each
  finding its table by its QR code; every sheet then confirmed from the
  keyboard alone (Enter on a sure deal, the truth typed in a doubtful
  cell), recorded exactly as written; the keys counted against typing
  each sheet whole at the grid (run with -s to read them);
- a phone at 390 px photographing a sheet (the camera's input);
- each bad photo of item 6 with its sentence next to it, nothing recorded,
  the rest of the pile kept;
- a player's correction written above a row, read on a phone at 390 px:
  the blank row under it asked with what the photo shows (issue 59).

The photos are the app's own printed sheets filled with handwritten
digits held out of the model's training, taken as a phone would
(bench/sheet_photos.py, as the benchmark makes them), about 4 megapixels;
each is made once a process. Set BROWSER_SCREENSHOTS to a folder to keep
the screens (to look at, never compared)."""

from __future__ import annotations

import io
import random
import re
from dataclasses import replace
from pathlib import Path

import pytest
from django.urls import reverse
from PIL import Image, ImageDraw, ImageFilter
from playwright.sync_api import Page, expect

import scoring
from bench import keys as counted_keys
from tests import factories
from tests.browser.session import log_in
from tests.browser.shots import DESK, PHONE, shot
from tests.tournaments.features.sheets import builders
from tournaments.domain.deal_shapes import engine_to_fields
from tournaments.features.sheets.forms import SheetReview
from tournaments.features.sheets.models import SheetPhoto
from tournaments.models import Deal, Round, Table
from tournaments.services import rounds

pytestmark = pytest.mark.django_db(transaction=True)

#: Reading a photo takes a second or two; a pile of 16 on a loaded machine, more.
READ_WAIT = 240_000


def _concours(owner, teams: int, *, parties: int = 2):
    """A coinche concours whose partie 1 is played and closed (deals entered
    from the tables' phones) and partie 2 drawn and announced."""
    tournament = factories.build_tournament(owner=owner, parties=parties, sheets_enabled=True)
    factories.add_teams(tournament, teams)
    first = factories.draw_random_round(tournament)
    for table in first.tables.all():
        factories.enter_from_the_table(table, count=12)
    rounds.close_round(round=first)
    return tournament, factories.draw_random_round(tournament, seed=2)


def _pile_url(live_server, rnd: Round) -> str:
    return live_server.url + reverse(
        "tournaments:sheets_pile", args=[rnd.tournament.slug, rnd.number]
    )


def _files(folder: Path, photos: list[tuple[str, bytes]]) -> list[Path]:
    """The photos written in `folder`, as a phone's files are picked: by path.
    Buffers would go base64 through Playwright's pipe (a pile of 16, or the
    40 MB file, took over 30 s there on a loaded machine, ci of 9fc84a3)."""
    folder.mkdir(exist_ok=True)
    paths = []
    for name, data in photos:
        (path := folder / name).write_bytes(data)
        paths.append(path)
    return paths


def _review_sheet(page: Page, truth: list[dict], rules: scoring.Rules) -> tuple[int, int]:
    """The sheet under review confirmed from the keyboard: Enter where the
    cell shows the truth, the truth typed where it does not. Returns the
    keys pressed and the cells the page asked about."""
    keys = 0
    expect(page.locator("#sheet-review")).to_be_visible()
    asked = page.locator(".sheet-cell.asked").count()
    photo = SheetPhoto.objects.get(pk=int(re.search(r"/(\d+)/$", page.url).group(1)))
    # The benchmark's count of the same review (bench/keys.py): pressed below.
    expected = counted_keys.review_keys(SheetReview(photo, rules=rules), truth, rules)
    for _ in range(400):
        focused = page.evaluate(
            "() => { const e = document.activeElement; return [e.id, e.name || '', e.value || ''] }"
        )
        element_id, name, value = focused
        if element_id == "sheet-save":
            # Waited for: the next sheet's page has the same address's shape.
            with page.expect_navigation():
                page.keyboard.press("Enter")
            assert keys + 1 == expected, (photo.table, keys + 1, expected)
            return keys + 1, asked
        found = re.fullmatch(r"d(\d+)-(\w+)", name)
        assert found, f"the keyboard left the sheet's cells: {focused}"
        number, cell = int(found.group(1)), found.group(2)
        deal = truth[number - 1]
        if cell != "ok" and value != counted_keys.shown(deal, number, rules).get(cell, ""):
            typed = counted_keys.typed(deal, cell)
            if typed:
                page.keyboard.type(typed)
            else:
                page.keyboard.press("Backspace")
            keys += max(len(typed), 1)
        page.keyboard.press("Enter")
        keys += 1
    raise AssertionError("the review never reached « Enregistrer la feuille »")


def _recorded_as_written(table: Table, truth: list[dict]) -> None:
    rules = table.round.tournament.rule_profile
    game = scoring.score_game(truth, rules)
    stored = list(table.deals.order_by("number"))
    marques = [(d.marque_a, d.marque_b) for d in stored]
    assert marques == [(d.a, d.b) for d in game.deals], table
    for deal, written in zip(stored, truth, strict=True):
        fields = engine_to_fields(written)
        for name in (
            "taker",
            "trump",
            "bid",
            "bid_capot",
            "coinche",
            "capot",
            "belote_a",
            "belote_b",
        ):
            assert getattr(deal, name) == fields[name], (table, deal.number, name)


def test_a_pile_of_16_sheets_entered_and_confirmed_at_the_desk_by_keyboard(
    page: Page, live_server, django_user_model, tmp_path
):
    """Browser: keys and focus, camera input, axe."""
    owner = django_user_model.objects.create_user("orga", password=factories.PASSWORD)
    tournament, rnd = _concours(owner, 32)
    rules = tournament.rule_profile
    tables = list(rnd.tables.order_by("number"))
    assert len(tables) == 16
    made = {t.number: builders.sheet_photo(t, seed=100 + t.number) for t in tables}
    order = [t.number for t in tables]
    random.Random(55).shuffle(order)  # the pile comes in any order
    page.set_viewport_size(DESK)
    log_in(page, live_server.url)
    page.goto(live_server.url + reverse("tournaments:round", args=[tournament.slug, 2]))
    page.get_by_role("link", name="Lire des feuilles").click()
    page.locator("#sheets-files").set_input_files(
        _files(
            tmp_path / "pile", [(f"IMG_{20 + i:04d}.jpg", made[n][0]) for i, n in enumerate(order)]
        )
    )
    expect(page.locator(".sheet-photo.read")).to_have_count(16, timeout=READ_WAIT)
    expect(page.locator(".sending")).to_have_count(0)
    assert not Deal.objects.filter(table__round=rnd).exists()  # nothing until confirmed
    shot(page, "sheets-pile-16")

    page.locator(".sheet-photo.read a").first.focus()
    page.keyboard.press("Enter")
    counted = []
    for sheet in range(16):
        page.wait_for_url(re.compile(r".*/feuilles-lues/\d+/$"))
        number = int(re.search(r"table (\d+)", page.locator("h1").inner_text()).group(1))
        if sheet == 0:
            shot(page, "sheet-review-desk")
        keys, asked = _review_sheet(page, made[number][1], rules)
        grid = sum(counted_keys.grid_keys(d) for d in made[number][1])
        counted.append((number, keys, asked, grid))
    page.wait_for_url(_pile_url(live_server, rnd))
    expect(page.locator(".sheet-photo.recorded")).to_have_count(16)
    for table in tables:
        _recorded_as_written(table, made[table.number][1])
    review = sum(k for _n, k, _a, _g in counted)
    grid = sum(g for _n, _k, _a, g in counted)
    print("\nkeys per sheet at the review (asked cells) against the grid:")
    for number, keys, asked, whole in sorted(counted):
        print(f"  table {number:2d}: {keys:3d} keys ({asked} asked) / {whole} at the grid")
    print(f"  all 16 sheets: {review} keys at the review, {grid} at the grid ({review / grid:.2f})")


def test_a_phone_at_390_px_photographs_a_sheet(
    page: Page, live_server, django_user_model, tmp_path
):
    """Browser: 390 px layout, scripts, camera input, axe."""
    owner = django_user_model.objects.create_user("orga", password=factories.PASSWORD)
    tournament = factories.build_tournament(owner=owner, sheets_enabled=True)
    factories.add_teams(tournament, 4)
    rnd = factories.draw_random_round(tournament)
    table = factories.first_table(rnd)
    # A marque added up wrong on the third row: asked whatever the reader's
    # confidence (each cell it is computed from, with its crop).
    rows = {n: values for n, (_deal, values) in enumerate(builders.played(table, 12, 7), 1)}
    rows[3] = {**rows[3], "marque_a": int(rows[3]["marque_a"]) + 10}
    photo = builders.photo_of(table, rows, seed=7)
    page.set_viewport_size(PHONE)
    log_in(page, live_server.url)
    page.goto(_pile_url(live_server, rnd))
    camera = page.locator("#sheets-camera")
    assert camera.get_attribute("capture") == "environment"
    assert camera.get_attribute("accept") == "image/*"
    camera.set_input_files(_files(tmp_path, [("photo.jpg", photo)]))
    item = page.locator(".sheet-photo.read")
    expect(item).to_have_count(1, timeout=READ_WAIT)
    expect(item).to_contain_text(f"Table {table.number}")
    shot(page, "sheets-phone-390")
    item.get_by_role("link", name="Vérifier la feuille").click()
    expect(page.locator("#sheet-review")).to_be_visible()
    # Each cell asked about shows its own crop on the phone, loaded.
    crops = page.locator(".sheet-cell.asked .sheet-cell-photo")
    assert crops.count() >= 1
    for index in range(crops.count()):
        crop = crops.nth(index)
        crop.scroll_into_view_if_needed()
        expect(crop).to_be_visible()
        page.wait_for_function(
            "img => img.complete && img.naturalWidth > 0", arg=crop.element_handle()
        )
    page.evaluate("window.scrollTo(0, 0)")
    shot(page, "sheet-review-phone-390")
    assert not table.deals.exists()


def test_each_bad_photo_gets_its_sentence_next_to_it_and_nothing_is_recorded(
    page: Page, live_server, django_user_model, tmp_path
):
    """Browser: camera input."""
    owner = django_user_model.objects.create_user("orga", password=factories.PASSWORD)
    tournament = factories.build_tournament(owner=owner, parties=2, sheets_enabled=True)
    factories.add_teams(tournament, 6)
    first = factories.draw_random_round(tournament)
    one, two, three = list(first.tables.order_by("number"))
    closed_sheet, _t = builders.sheet_photo(one, seed=11)
    for table in (one, two, three):
        factories.enter_from_the_table(table, count=12)
    rounds.close_round(round=first)
    rnd = factories.draw_random_round(tournament, seed=2)
    a, b, c = list(rnd.tables.order_by("number"))
    entered_sheet, _t = builders.sheet_photo(a, seed=12)
    factories.enter_from_the_table(a, count=2)
    upside_down, _t = builders.sheet_photo(b, seed=13, shot=replace(builders.SHOT, turn=180.0))
    dark = builders.jpeg(builders.written_page(c, [], 14).point(lambda v: v // 12))
    photo_c, _t = builders.sheet_photo(c, seed=15)
    with Image.open(io.BytesIO(photo_c)) as taken:  # the phone moved: no edge left sharp
        blurred = builders.jpeg(taken.filter(ImageFilter.GaussianBlur(9)))
    other = factories.build_tournament(owner=owner, name="Coinche du Téléthon")
    factories.add_teams(other, 2)
    other_sheet, _t = builders.sheet_photo(
        factories.first_table(factories.draw_random_round(other)), seed=16
    )
    page_b = builders.written_page(b, [v for _d, v in builders.played(b, 12, 17)], 17)
    page_c = builders.written_page(c, [v for _d, v in builders.played(c, 12, 18)], 18)
    hidden = page_c.copy()  # the QR code under a glass's shadow: the corner whited out
    ImageDraw.Draw(hidden).rectangle(
        (page_c.width * 0.6, 0, page_c.width, page_c.height * 0.2), fill="white"
    )
    both = Image.new("RGB", (page_b.width * 2 + 60, page_b.height), "white")
    both.paste(page_b, (0, 0))
    both.paste(page_c, (page_b.width + 60, 0))
    huge = b"\xff\xd8\xff" + bytes(40 * 1024 * 1024)
    page.set_viewport_size(DESK)
    log_in(page, live_server.url)
    page.goto(_pile_url(live_server, rnd))
    page.locator("#sheets-files").set_input_files(
        _files(
            tmp_path / "bad",
            [
                ("sombre.jpg", dark),
                ("floue.jpg", blurred),
                ("autre-concours.jpg", other_sheet),
                ("partie-1.jpg", closed_sheet),
                ("deja-saisie.jpg", entered_sheet),
                ("a-l-envers.jpg", upside_down),
                ("sans-qr.jpg", builders.jpeg(hidden)),
                ("deux-feuilles.jpg", builders.jpeg(both)),
                ("notes.jpg", b"Table 3 : 162 a 0, pas une photo"),
                ("enorme.jpg", huge),
            ],
        )
    )
    expected = {
        "sombre.jpg": "La photo est trop sombre",
        "floue.jpg": "La photo est floue",
        "autre-concours.jpg": "Cette feuille est celle d'un autre concours",
        "partie-1.jpg": "Cette feuille est celle de la partie 1, pas de la partie 2",
        "deja-saisie.jpg": (
            f"La table {a.number} est déjà saisie (2 donnes) : rien n'est enregistré. "
            "Ce qui diffère"
        ),
        "sans-qr.jpg": "Le code QR de la feuille n'est pas lisible",
        "deux-feuilles.jpg": "Il y a deux feuilles sur cette photo",
        "notes.jpg": "Ce fichier n'est pas une photo",
    }
    for name, sentence in expected.items():
        item = page.locator(".sheet-photo", has_text=name)
        expect(item.locator(".sheet-refusal")).to_contain_text(sentence, timeout=READ_WAIT)
    turned = page.locator(".sheet-photo.read", has_text="a-l-envers.jpg")
    expect(turned).to_contain_text("Photo prise à l'envers : lue dans le bon sens.")
    huge_line = page.locator(".sending.refused", has_text="enorme.jpg")
    expect(huge_line).to_contain_text("Cette photo pèse 40 Mo, plus que les 25 Mo lus")
    shot(page, "sheets-bad-photos")
    # The closed partie's own pile says so too.
    page.goto(_pile_url(live_server, first))
    page.locator("#sheets-files").set_input_files(
        _files(tmp_path / "closed", [("partie-1.jpg", closed_sheet)])
    )
    expect(page.locator(".sheet-refusal")).to_contain_text(
        "La partie 1 est close", timeout=READ_WAIT
    )
    assert a.deals.count() == 2 and not b.deals.exists() and not c.deals.exists()
    assert Table.objects.get(pk=one.pk).deals.count() == 12


def test_a_corrections_ink_in_a_blank_row_is_asked_with_its_reason_on_a_phone(
    page: Page, live_server, django_user_model, tmp_path
):
    """Browser: 390 px layout, screen layout, axe.

    Deal 2's defence left blank, deal 3's written again small above its
    boxes (a player's correction): the review asks deal 2's defence's
    points with what the photo shows, ink at the edge of the boxes read as
    no digit (issue 59), the sentence on screen beside its framed crop."""
    from bench import sheet_photos
    from tournaments.pdf import sheets

    owner = django_user_model.objects.create_user("orga", password=factories.PASSWORD)
    tournament = factories.build_tournament(owner=owner, sheets_enabled=True)
    factories.add_teams(tournament, 4)
    rnd = factories.draw_random_round(tournament)
    table = factories.first_table(rnd)
    rows = {n: dict(values) for n, (_deal, values) in enumerate(builders.played(table, 4, 7), 1)}
    rows[2].pop("points_defence")
    written = builders._written(table, rows, 7, None)
    builders.written_small_above(
        sheets.table_layout(table), written, 3, "points_defence", "64", seed=8
    )
    photo = sheet_photos.photograph(written, builders.SHOT, 7)
    page.set_viewport_size(PHONE)
    log_in(page, live_server.url)
    page.goto(_pile_url(live_server, rnd))
    page.locator("#sheets-camera").set_input_files(_files(tmp_path, [("photo.jpg", photo)]))
    item = page.locator(".sheet-photo.read")
    expect(item).to_have_count(1, timeout=READ_WAIT)
    item.get_by_role("link", name="Vérifier la feuille").click()
    expect(page.locator("#sheet-review")).to_be_visible()
    said = page.get_by_text("de l'encre au bord de ces cases, rien au milieu")
    expect(said).to_be_visible()
    crop = page.locator(".sheet-cell.asked .sheet-cell-photo").first
    crop.scroll_into_view_if_needed()
    page.wait_for_function("img => img.complete && img.naturalWidth > 0", arg=crop.element_handle())
    said.scroll_into_view_if_needed()
    shot(page, "sheet-review-stray-390", full_page=False)
    assert not table.deals.exists()
