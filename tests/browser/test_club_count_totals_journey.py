"""A volunteer's second pass of issue 52, at the keyboard, at 1366 px and
on a phone (390 px), in French and in English: on « Nouveau tournoi » the
club's count is chosen by its example (« l'équipe qui chute donne le
contrat », an 80 chuted gives the defence 80, never an option's name);
then one table's sheet comes back with its totals only, typed 840–5: refused
next to its box in a sentence that says why (every marque of a contrée is
rounded to ten), that box given the keyboard with its figure selected,
corrected to 840–560 and recorded.

Set BROWSER_SCREENSHOTS to a folder to keep the screenshots (to look at,
never compared)."""

from __future__ import annotations

import re
from dataclasses import dataclass

import pytest
from django.urls import reverse
from playwright.sync_api import Page, expect

from tests import factories
from tests.browser.session import log_in
from tests.browser.shots import DESK, PHONE, shot
from tournaments.models import Table, Tournament
from tournaments.services import release

pytestmark = pytest.mark.django_db(transaction=True)

PRESET = "contree-annonces"


@dataclass(frozen=True)
class Words:
    locale: str
    name: str
    rules: str
    question: str
    example: str
    chosen: str
    totals_only: str
    create: str
    total_a: str
    total_b: str
    refused: str
    saved: str


FRENCH = Words(
    locale="fr-FR",
    name="Nom du tournoi",
    rules="Règles",
    question="Une contrée à 80 chutée, sans contre : combien pour la défense ?",
    example="l'équipe qui chute donne le contrat",
    chosen="chute : le contrat à la défense",
    totals_only="La feuille de cette table est revenue avec les totaux seulement",
    create="Créer le tournoi",
    total_a="Total Nord-Sud",
    total_b="Total Est-Ouest",
    refused=(
        "5 ne peut pas être un total : sous ces règles chaque marque est arrondie à la "
        "dizaine, un total finit donc par 0. Vérifiez la feuille."
    ),
    saved="Totaux enregistrés.",
)
ENGLISH = Words(
    locale="en-GB",
    name="Tournament name",
    rules="Rules",
    question="A contrée 80 that fails, not doubled: how much for the defence?",
    example="the team that fails gives its contract",
    chosen="failed contract: the contract to the defence",
    totals_only="This table's sheet came back with the totals only",
    create="Create the tournament",
    total_a="Total North-South",
    total_b="Total East-West",
    refused=(
        "5 cannot be a total: under these rules every score is rounded to the ten, "
        "so a total ends in 0. Check the sheet."
    ),
    saved="Totals saved.",
)


def whole(label: str) -> re.Pattern:
    """A field by its whole label (Django adds « : » after it)."""
    return re.compile("^" + re.escape(label) + r"\s*:?$")


def choose_by_keyboard(page: Page, label: str, value: str) -> None:
    """A select moved with the arrow keys until it holds `value`."""
    select = page.get_by_label(whole(label))
    select.focus()
    for _ in range(12):
        if select.input_value() == value:
            return
        page.keyboard.press("ArrowDown")
    assert select.input_value() == value


def type_totals(page: Page, words: Words, a: str, b: str) -> None:
    page.get_by_label(words.total_a).focus()
    page.keyboard.press("Control+a")
    page.keyboard.type(a)
    page.keyboard.press("Tab")
    page.keyboard.press("Control+a")
    page.keyboard.type(b)
    page.keyboard.press("Enter")


@pytest.mark.parametrize(
    ("words", "viewport"),
    [(FRENCH, DESK), (FRENCH, PHONE), (ENGLISH, DESK), (ENGLISH, PHONE)],
    ids=["fr-1366", "fr-390", "en-1366", "en-390"],
)
def test_the_club_count_by_its_example_then_a_sheet_refused_and_corrected(
    live_server, open_page, organizer, faults, words: Words, viewport: dict
):
    """Browser: keys and focus, 390 px layout, scripts, axe."""
    url, tag = live_server.url, f"{words.locale[:2]}-{viewport['width']}"
    page = open_page(viewport=viewport, locale=words.locale)
    log_in(page, url)

    # « Nouveau tournoi », at the keyboard: name, rules, the count by its example.
    page.goto(url + reverse("tournaments:create"))
    page.get_by_label(words.name).focus()
    page.keyboard.type("Contrée du jeudi")
    page.get_by_label("Date").fill("2026-12-03")
    choose_by_keyboard(page, words.rules, PRESET)
    block = page.locator(f"[data-count-for='{PRESET}']")
    group = block.get_by_role("group", name=words.question, exact=False)
    choice = group.locator("label.count-choice").filter(has_text=words.example)
    expect(choice).to_contain_text("80")
    choice.locator("input").focus()
    page.keyboard.press("Space")
    expect(choice.locator("input")).to_be_checked()
    expect(block.locator("output")).to_contain_text(words.chosen)
    shot(page, f"count-by-example-{tag}")
    page.get_by_role("button", name=words.create).focus()
    page.keyboard.press("Enter")
    expect(page.get_by_role("heading", name="Contrée du jeudi")).to_be_visible()
    tournament = Tournament.objects.get(name="Contrée du jeudi")
    rules = tournament.rule_profile
    assert (rules.preset, rules.annonces_chute) == (PRESET, "bid")
    assert (tournament.score_entry, tournament.end_deals) == ("deals", 12)

    # Partie 1 drawn and announced; its first table's sheet at the desk.
    factories.add_teams(tournament, 4)
    rnd = release.release_round(round=factories.draw_random_round(tournament), by=None)
    table = factories.first_table(rnd)
    page.goto(url + reverse("tournaments:table", args=[tournament.slug, 1, table.number]))
    expect(page.locator("p.rules")).to_contain_text(words.chosen)
    # The sheet came back with its totals only: its form unfolded at the keyboard.
    page.locator("details.totals-only summary").filter(has_text=words.totals_only).focus()
    page.keyboard.press("Enter")

    # 840–5: no contrée total ends in 5; refused next to its box, nothing recorded.
    type_totals(page, words, "840", "5")
    expect(page.locator("form.totals-form")).to_contain_text(words.refused)
    shot(page, f"totals-refused-{tag}")
    table.refresh_from_db()
    assert table.status != Table.Status.COMPLETE

    # The box that says why has the keyboard, its 5 selected: the sheet read
    # again, 560 typed over it, in it goes with one Enter.
    expect(page.get_by_label(whole(words.total_b))).to_be_focused()
    page.keyboard.type("560")
    page.keyboard.press("Enter")
    expect(page.locator(".messages")).to_contain_text(words.saved)
    shot(page, f"totals-saved-{tag}")
    table.refresh_from_db()
    assert (table.status, table.total_a, table.total_b) == (Table.Status.COMPLETE, 840, 560)

    # The refusal is a form answered 422, which Chromium logs: that one only.
    refused = faults.expected(422)
    assert len(refused) == 1, faults.answers
