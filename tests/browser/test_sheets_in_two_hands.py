"""A pile of sheets written in two hands, reviewed at the desk by keyboard
(issue 59, the journey), in real Chromium: four tables of a coinche
concours, two sheets in the tests' hand (clean glyphs written with a pen,
builders.writer) and two in a French hand the digits' model never trained
on (the 1 with its long up-stroke, the barred 7, the open 4, a heavy felt
pen: builders.french_writer, a writer of the held-out stroke family). Each sheet is
confirmed from the keyboard alone and recorded exactly as written; the
keys are counted against typing each sheet whole at the grid (run with -s
to read them); the reasons are read on screen, each a sentence about the
cells it frames — never « pas de marque écrite » on a sheet whose every
marque is written, never a code. Then the partie's page says who
confirmed each table. The review is looked at 1366 and 390 px wide
(BROWSER_SCREENSHOTS keeps the screens)."""

from __future__ import annotations

import re

import pytest
from django.urls import reverse
from playwright.sync_api import Page, expect

from bench import keys as counted_keys
from tests import factories
from tests.browser.session import log_in
from tests.browser.shots import DESK, PHONE, shot
from tests.browser.test_sheets_at_the_desk import (
    READ_WAIT,
    _files,
    _recorded_as_written,
    _review_sheet,
)
from tests.tournaments.features.sheets import builders

pytestmark = pytest.mark.django_db(transaction=True)

HANDS = {1: "font", 2: "french", 3: "font", 4: "french"}


def _reasons_on_screen(page: Page) -> list[str]:
    """Every reason shown on the review, each checked: a sentence, about
    a cell framed, true of a sheet whose marques are all written."""
    said = page.locator(".sheet-reasons li").all_inner_texts()
    for sentence in said:
        assert "_" not in sentence and len(sentence) > 12, sentence  # words, not a code
        assert "pas de marque écrite" not in sentence  # every marque is written
        assert "écrit sur la feuille" not in sentence  # the photo is read, not the pen
    for deal in page.locator("fieldset.sheet-deal.doubtful").all():
        described = deal.get_attribute("aria-describedby")
        assert described and page.locator(f"#{described} li").count() >= 1
    return said


def test_a_pile_in_two_hands_is_reviewed_by_keyboard_with_its_reasons_read(
    page: Page, live_server, django_user_model, tmp_path
):
    """Browser: keys and focus, 390 px layout, camera input, axe."""
    owner = django_user_model.objects.create_user(
        "orga", password=factories.PASSWORD, first_name="Marie", last_name="Durand"
    )
    tournament = factories.build_tournament(owner=owner, sheets_enabled=True)
    factories.add_teams(tournament, 8)
    rnd = factories.draw_random_round(tournament)
    rules = tournament.rule_profile
    tables = list(rnd.tables.order_by("number"))
    made = {
        t.number: builders.sheet_photo(t, seed=200 + t.number, hand=HANDS[t.number]) for t in tables
    }
    page.set_viewport_size(DESK)
    log_in(page, live_server.url)
    page.goto(live_server.url + reverse("tournaments:sheets_pile", args=[tournament.slug, 1]))
    page.locator("#sheets-files").set_input_files(
        _files(tmp_path / "pile", [(f"IMG_{n}.jpg", made[n][0]) for n in (3, 1, 4, 2)])
    )
    expect(page.locator(".sheet-photo.read")).to_have_count(4, timeout=READ_WAIT)
    page.locator(".sheet-photo.read a").first.focus()
    page.keyboard.press("Enter")
    counted, reasons = [], []
    for sheet in range(4):
        page.wait_for_url(re.compile(r".*/feuilles-lues/\d+/$"))
        number = int(re.search(r"table (\d+)", page.locator("h1").inner_text()).group(1))
        reasons += _reasons_on_screen(page)
        if sheet == 0:
            shot(page, "sheet-review-two-hands-1366")
            page.set_viewport_size(PHONE)
            assert page.evaluate("document.documentElement.scrollWidth") <= PHONE["width"]
            shot(page, "sheet-review-two-hands-390")
            page.set_viewport_size(DESK)
        keys, asked = _review_sheet(page, made[number][1], rules)
        grid = sum(counted_keys.grid_keys(d) for d in made[number][1])
        counted.append((number, HANDS[number], keys, asked, grid))
    expect(page.locator(".sheet-photo.recorded")).to_have_count(4)
    for table in tables:
        _recorded_as_written(table, made[table.number][1])
    print("\nkeys per sheet at the review (asked cells) against the grid, by hand:")
    for number, hand, keys, asked, grid in sorted(counted):
        print(f"  table {number} ({hand}): {keys:3d} keys ({asked} asked) / {grid} at the grid")
    print("reasons read on screen:\n  " + "\n  ".join(sorted(set(reasons))))
    page.goto(live_server.url + reverse("tournaments:round", args=[tournament.slug, 1]))
    expect(page.locator("#round-tables .entry-state").first).to_have_text(
        "Lue sur photo, confirmée par Marie Durand"
    )
    assert page.locator("#round-tables").inner_text().count("Lue sur photo") == 4
