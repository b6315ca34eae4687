"""SPEC §7.2's club counts chosen by example on « Nouveau tournoi », at the
keyboard (issue 52 item 2), then played at the desk (1280 px): a volunteer
never reads an option's name, only marques and how they are made.

* Contrée points annoncés: « l'équipe qui chute donne le contrat » (80, not
  160); an 80 chuted gives the defence 80.
* Coinche: the takers' marque multiplied, then the defence's too (2 × 70 =
  140); a coinched 90 made with 92 against 70 is 360–140; or the defence
  marks nothing (« la défense ne marque rien »): 360–0.
* Coinche au point près with a chute of 162: a coinche made 2 × (162 + 90)
  = 504 and a capot bid made 500 flat; the desk marks 504, 500 and 252.

Set BROWSER_SCREENSHOTS to a folder to keep screenshots (to look at, never
compared)."""

from __future__ import annotations

import re

import pytest
from django.urls import reverse
from playwright.sync_api import Locator, Page, expect

from tests import factories
from tests.browser.grid import deal_keys, type_deal
from tests.browser.session import log_in
from tests.browser.shots import DESK as SCREEN
from tests.browser.shots import shot
from tournaments.models import Tournament
from tournaments.services import release

pytestmark = pytest.mark.django_db(transaction=True)

DESK = {"width": 1280, "height": 900}


def pick(block: Locator, question: str, example: str) -> None:
    """The choice whose example reads ``example``, taken at the keyboard:
    the radio focused (Tab reaches it; arrows move within its group) and
    Space pressed."""
    group = block.get_by_role("group", name=question, exact=False)
    choice = group.locator("label.count-choice").filter(has_text=example)
    expect(choice).to_be_visible()
    radio = choice.locator("input")
    radio.focus()
    radio.press("Space")
    expect(radio).to_be_checked()


def new_concours(page: Page, url: str, name: str, preset: str) -> Locator:
    """« Nouveau tournoi » filled at the keyboard up to the club's count."""
    page.set_viewport_size(SCREEN)
    page.goto(url + reverse("tournaments:create"))
    page.get_by_label("Nom du tournoi").click()
    page.keyboard.type(name)
    page.get_by_label("Date").fill("2026-12-05")
    page.get_by_label("Règles").focus()
    page.get_by_label("Règles").select_option(preset)
    block = page.locator(f"[data-count-for='{preset}']")
    expect(block).to_be_visible()
    return block


def create(page: Page, name: str) -> Tournament:
    page.get_by_label("Donnes par partie").fill("4")
    page.get_by_role("button", name="Créer le tournoi").focus()
    page.keyboard.press("Enter")
    expect(page.get_by_role("heading", name=name)).to_be_visible()
    return Tournament.objects.get(name=name)


def desk(page: Page, url: str, tournament: Tournament) -> None:
    """Two teams, partie 1 drawn and announced (a new concours keeps its
    draw a draft until then), its table's page at the desk."""
    factories.add_teams(tournament, 2)
    rnd = release.release_round(round=factories.draw_random_round(tournament), by=None)
    table = factories.first_table(rnd)
    page.set_viewport_size(DESK)
    page.goto(url + reverse("tournaments:table", args=[tournament.slug, 1, table.number]))


def marked(page: Page, keys: list[str], a: str | re.Pattern, b: str, why: str | None) -> None:
    """Deal 1 typed at the desk's grid (`keys`, tests/browser/grid.py), its
    marques read `a` – `b`, and its « Pourquoi ? » opened says `why`."""
    type_deal(page, keys)
    expect(page.locator("#deal-1 .marque-a")).to_have_text(a)
    expect(page.locator("#deal-1 .marque-b")).to_have_text(b)
    if why:
        page.locator("#deal-1 details.why summary").click()
        expect(page.locator("#why-1")).to_contain_text(why)


def test_points_annonces_the_team_that_chutes_gives_its_contract(
    live_server, page: Page, organizer
):
    """Browser: keys and focus, screen layout, scripts, axe."""
    url = live_server.url
    log_in(page, url)
    block = new_concours(page, url, "Contrée du club", "contree-annonces")
    question = "Une contrée à 80 chutée, sans contre : combien pour la défense ?"
    pick(block, question, "l'équipe qui chute donne le contrat")
    expect(block.locator("output")).to_have_text(
        "Contrée — points annoncés, compte du club : chute : le contrat à la défense"
    )
    shot(page, "by-example-annonces-1366")
    tournament = create(page, "Contrée du club")
    assert tournament.rule_profile.annonces_chute == "bid"

    desk(page, url, tournament)
    expect(page.locator("p.rules")).to_contain_text("chute : le contrat à la défense")
    keys = deal_keys(taker="A", trump="H", bid="80", points="70")
    marked(page, keys, "0", "80", "Est-Ouest : 80 (contrat)")
    shot(page, "by-example-annonces-desk-1280")


@pytest.mark.parametrize(
    ("example", "said", "defence", "marque_b", "why"),
    [
        (
            "2 × 70 (marque sans coinche) = 140",
            "sa marque × 2",
            "multiplied",
            "140",
            "Est-Ouest : 2 × 70 (marque sans coinche) = 140",
        ),
        ("la défense ne marque rien", "0", "zero", "0", None),
    ],
    ids=["multiplied", "zero"],
)
def test_the_defence_of_a_coinche_made_is_marked_as_the_club_counts(
    live_server, page: Page, organizer, example, said, defence, marque_b, why
):
    """Browser: keys and focus, screen layout, scripts, axe."""
    url = live_server.url
    log_in(page, url)
    block = new_concours(page, url, "Coinche des Amis", "ffb-coinche")
    question = "Une coinche réussie à 90, avec 92 points faits contre 70"
    expect(block.get_by_role("group", name=question, exact=False)).to_be_hidden()
    pick(block, "Une coinche réussie à 90, avec 100 points faits", "2 × 190")
    # The takers' marque multiplied: then what the defence marks.
    pick(block, question, example)
    expect(block.locator("output")).to_have_text(
        "Coinche FFB, compte du club : marque des preneurs multipliée, "
        f"défense d'une coinche réussie : {said}"
    )
    shot(page, f"by-example-defence-{defence}-1366")
    tournament = create(page, "Coinche des Amis")
    rules = tournament.rule_profile
    assert (rules.coinche_count, rules.coinche_defence) == ("points_multiplied", defence)

    desk(page, url, tournament)
    # 92 + 90 = 182, 180 uncoinched, × 2; the defence's 70 × 2, or nothing.
    marked(
        page,
        deal_keys(taker="A", trump="H", bid="90", points="92", coinche=1),
        "360",
        marque_b,
        why,
    )
    shot(page, f"by-example-defence-{defence}-desk-1280")


def test_to_the_point_a_chute_of_162_counts_the_coinche_made_and_a_capot_bid_is_500(
    live_server, page: Page, organizer
):
    """Browser: keys and focus, screen layout, scripts, axe."""
    url = live_server.url
    log_in(page, url)
    block = new_concours(page, url, "Coinche au point", "ffb-coinche")
    more = block.locator("details.count-more summary")
    more.focus()
    page.keyboard.press("Enter")
    rounding = "Une donne réussie à 80, avec 97 points faits contre 65"
    pick(block, rounding, "au point près")
    pick(block, "Une donne chutée à 90, sans coinche", "162 (chute) + 90 (contrat) = 252")
    # The coinche made on 162 as the chute: 2 × (162 + 90), and the
    # surcoinche follows (4 × 252), the capot bid 500 flat.
    pick(block, "Une coinche réussie à 90, avec 100 points faits", "2 × [162 (base)")
    surcoinche = block.get_by_role("group", name="Une coinche surcoinchée", exact=False)
    expect(surcoinche.locator("input:checked")).to_have_value("1008")
    pick(block, "Un capot demandé et réussi, sans belote", "500 (capot demandé)")
    expect(block.locator("output")).to_have_text(
        "Coinche FFB, compte du club : au point près, chute à 162, "
        "coinche réussie sur 162, capot demandé réussi : 500"
    )
    shot(page, "by-example-to-the-point-1366")
    tournament = create(page, "Coinche au point")
    rules = tournament.rule_profile
    assert (rules.rounding, rules.chute_base, rules.coinche_base, rules.capot_bid_marque) == (
        "none",
        162,
        "chute_base",
        "flat",
    )

    desk(page, url, tournament)
    type_deal(page, deal_keys(taker="A", trump="H", bid="90", points="100", coinche=1))
    expect(page.locator("#deal-1 .marque-a")).to_have_text("504")
    type_deal(page, deal_keys(taker="B", trump="S", bid="c", capot="B"))
    expect(page.locator("#deal-2 .marque-b")).to_have_text("500")
    type_deal(page, deal_keys(taker="A", trump="C", bid="90", points="70"))
    expect(page.locator("#deal-3 .marque-b")).to_have_text("252")
    for number in (1, 2):
        page.locator(f"#deal-{number} details.why summary").click()
    expect(page.locator("#why-1")).to_contain_text(
        "Nord-Sud : 2 × [162 (base) + 90 (contrat)] = 504"
    )
    expect(page.locator("#why-2")).to_contain_text("Est-Ouest : 500 (capot demandé)")
    shot(page, "by-example-to-the-point-desk-1280")
