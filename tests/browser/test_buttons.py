"""One look for every action (issue 21): no button keeps the browser's own
grey beside the styled ones (« Refaire le tirage », « Échanger »,
« Encaisser »…); what throws something away is red. guard.js reports a grey
button on every page of every journey; here the pages that had them."""

from __future__ import annotations

import pytest
from django.urls import reverse
from playwright.sync_api import Page

from tests.browser.session import log_in
from tournaments.models import Round, Tournament

pytestmark = pytest.mark.django_db(transaction=True)

LOOK = """(b) => {
  const s = getComputedStyle(b);
  return [s.backgroundColor, s.borderTopStyle, s.borderTopLeftRadius];
}"""
RED = "rgb(179, 38, 30)"  # --red
CARD = "rgb(255, 255, 255)"  # --card


@pytest.mark.parametrize("width", [1366, 390])
def test_every_button_has_the_sites_look(live_server, page: Page, tournament, round1, width):
    """Browser: 390 px layout, computed style, axe."""
    Tournament.objects.filter(pk=tournament.pk).update(
        features=["cash"], entry_fee_cents=1000, release_draws=True
    )
    Round.objects.filter(pk=round1.pk).update(released_at=None)  # a draft: « Échanger » is on
    page.set_viewport_size({"width": width, "height": 900})
    log_in(page, live_server.url)
    page.goto(live_server.url + reverse("tournaments:round", args=[tournament.slug, 1]))
    redraw = page.get_by_role("button", name="Refaire le tirage")
    swap = page.get_by_role("button", name="Échanger")
    assert redraw.evaluate(LOOK) == [RED, "solid", "5.6px"]
    assert swap.evaluate(LOOK) == [CARD, "solid", "5.6px"]
    page.goto(live_server.url + reverse("tournaments:manage", args=[tournament.slug]))
    pay = page.get_by_role("button", name="Encaisser").first
    assert pay.evaluate(LOOK)[0] != "rgb(239, 239, 239)"
    # Every page is watched: guard.js fails the test on any grey button.
