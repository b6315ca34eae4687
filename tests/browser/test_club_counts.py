"""How a club counts a coinche, and which version of its rules a concours
plays, seen where the day sees them (issue 37): at the desk (1280 px) the
volunteer types a coinched chute at 90 and a capot by the defence in a
contrée whose club multiplies the contract alone, and « Pourquoi ? » spells
out 160 + 2 × 90 = 340 and 250 + 80 = 330; on a phone (390 px) a concours
of the previous release (version 1 of its preset) still says version 1 on
its public page, its ranking PDF and its table's page, where the defence
capot is still a chute of 160.

Set JOURNEY_SHOTS to a folder to keep screenshots (to look at, never
compared)."""

from __future__ import annotations

import os
import subprocess
import tempfile
from pathlib import Path

import pytest
from django.urls import reverse
from playwright.sync_api import Page, expect

import scoring
from tests import factories
from tests.browser.grid import deal_keys, type_deal
from tests.browser.session import log_in
from tests.browser.shots import PHONE
from tournaments.infra import links
from tournaments.services import scores

pytestmark = pytest.mark.django_db(transaction=True)


def shots() -> Path | None:
    folder = os.environ.get("JOURNEY_SHOTS")
    if not folder:
        return None
    path = Path(folder)
    path.mkdir(parents=True, exist_ok=True)
    return path


def shoot(page: Page, name: str) -> None:
    folder = shots()
    if folder:
        page.screenshot(path=str(folder / f"{name}.png"), full_page=True)


def test_the_desk_explains_a_club_count_of_the_coinche(live_server, page: Page, make_tournament):
    """Browser: keys and focus, axe."""
    tournament = make_tournament(
        preset="contree-faits-annonces",
        overrides={"coinche_count": "contract_only"},
        end_deals=2,
    )
    factories.add_teams(tournament, 2)
    table = factories.first_table(factories.draw_random_round(tournament))
    page.set_viewport_size({"width": 1280, "height": 900})
    log_in(page, live_server.url)
    page.goto(
        live_server.url + reverse("tournaments:table", args=[tournament.slug, 1, table.number])
    )
    rules = page.locator("p.rules")
    expect(rules).to_contain_text("Contrée, points faits + annoncés, version 2")
    expect(rules).to_contain_text("coinche : 160 + contrat × 2")
    # A coinched 90 chuted with 70: the club's 160 + 2 × 90, not 2 × (160 + 90).
    type_deal(page, deal_keys(taker="A", trump="H", bid="90", points="70", coinche=1))
    expect(page.locator("#deal-1 .marque-b")).to_have_text("340")
    # Nord-Sud took no trick: since version 2, a capot not bid for Est-Ouest.
    type_deal(page, deal_keys(taker="A", trump="C", bid="80", capot="B"))
    expect(page.locator("#deal-2 .marque-b")).to_have_text("330")
    for number in (1, 2):
        page.locator(f"#deal-{number} details.why summary").click()
    expect(page.locator("#why-1")).to_contain_text(
        "Est-Ouest : 160 (chute) + 2 × 90 (contrat) = 340"
    )
    expect(page.locator("#why-2")).to_contain_text(
        "Est-Ouest : 250 (chute capot) + 80 (contrat) = 330"
    )
    shoot(page, "club-count-desk-1280")


def previous_release_concours(owner):
    """A contrée in points faits as the previous release stored it: version
    1 of the preset; its table played a capot by the defence (160)."""
    tournament = factories.build_tournament(
        owner=owner, name="Contrée de la Saint-Vincent", preset="contree-faits", end_deals=2
    )
    tournament.rules = scoring.Rules.from_preset("contree-faits", 1).to_json()
    tournament.save(update_fields=["rules"])
    factories.add_teams(tournament, 2)
    rnd = factories.draw_random_round(tournament)
    table = factories.first_table(rnd)
    scores.record_deal(table=table, values={"taker": "A", "trump": "H", "bid": 80, "capot": "B"})
    scores.record_deal(table=table, values={"taker": "B", "trump": "S", "bid": 100, "points_a": 40})
    return tournament, table


def test_a_previous_release_concours_still_says_version_1_on_a_phone(
    live_server, page: Page, organizer
):
    """Browser: 390 px layout, axe."""
    tournament, table = previous_release_concours(organizer)
    page.set_viewport_size(PHONE)
    page.goto(live_server.url + reverse("tournaments:detail", args=[tournament.slug]))
    expect(page.locator("p.rules")).to_have_text(
        "Contrée, points faits, version 1 — belote seule, arrondi à la dizaine, "
        "coinche : 160 × 2, surcoinche ×4"
    )
    shoot(page, "version-1-public-390")

    # The ranking PDF prints the same profile.
    answer = page.request.get(
        live_server.url + reverse("tournaments:standings_pdf", args=[tournament.slug])
    )
    assert answer.status == 200
    with tempfile.NamedTemporaryFile(suffix=".pdf") as pdf:
        pdf.write(answer.body())
        pdf.flush()
        text = subprocess.run(
            ["pdftotext", "-layout", pdf.name, "-"], capture_output=True, text=True, check=True
        ).stdout
    assert "Contrée, points faits, version 1" in " ".join(text.split())

    # The table's phone (the deals typed at the desk, the other team to
    # confirm): the defence capot is still a chute of 160, and says so.
    page.goto(live_server.url + links.entry_path(table))
    expect(page.locator("p.meta")).to_contain_text("Contrée, points faits, version 1")
    page.locator("#deal-1 summary").click()
    expect(page.locator("#why-1")).to_contain_text("Est-Ouest : 160 (chute)")
    shoot(page, "version-1-table-390")
