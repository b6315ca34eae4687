"""The phone's table page reads like the paper sheet (issue 25, item 6): one
line a donne with its marks in words, its detail in a <details> opened by a
tap (without JavaScript), the next donne's form in the desk's key order; the
desk's grid keeps its columns."""

from __future__ import annotations

import re

import pytest
from django.urls import reverse

from tests import factories
from tests.ten_deals import enter_ten_deals
from tests.tournaments.views.test_page_weight import LIMIT, first_load
from tournaments.infra import links

pytestmark = pytest.mark.django_db

# The cells of the row being typed, in the order the desk's keys fill them.
KEY_ORDER = ["taker", "trump", "bid", "points", "coinche", "belote", "capot"]
KEY_ORDER += ["announce_a", "announce_b"]


def line(html: str, number: int) -> str:
    start = html.index(f'<tr id="deal-{number}"')
    return html[start : html.index("</tr>", start)]


def summary(html: str, number: int) -> str:
    text = line(html, number).split("<summary>")[1].split("</summary>")[0]
    return " ".join(re.sub(r"<[^>]+>", " ", text).split())


@pytest.fixture
def phone(client, table):
    """The phone of the team on side A, its code given, ten deals entered."""
    enter_ten_deals(table)
    client.post(
        reverse("tournaments:table_side_claim", args=[links.entry_token(table)]),
        {"code": table.code_a},
    )
    return client


def test_a_donne_is_one_line_of_the_sheet_its_labels_said_once(phone, table):
    page = phone.get(links.entry_path(table)).text
    assert (
        summary(page, 1) == "Donne 1 Preneur NS Contrat 90 ♥ Points 97 Marque N-S 190 Marque E-O 70"
    )
    # The column names are said once, in the line of headings, not on each donne.
    assert 'class="line-head"' in page
    assert "data-label" not in line(page, 1) and page.count('data-label="Atout"') == 1


@pytest.mark.parametrize(
    ("number", "marks"),
    [
        (2, "belote E-O belote Est-Ouest"),
        (3, "100 ♦ ×2 (coinché)"),
        (5, "tierce R♥ N-S annonces tierce R♥ Nord-Sud"),
        (6, "capot N-S capot Nord-Sud"),
        (7, "110 ♥ ×4 (surcoinché)"),
    ],
)
def test_coinche_and_announcements_are_small_marks_in_words_on_the_line(
    phone, table, number, marks
):
    assert marks in summary(phone.get(links.entry_path(table)).text, number)


def test_the_detail_opens_on_the_line_with_the_totals_why_and_corriger(phone, table):
    detail = line(phone.get(links.entry_path(table)).text, 3).split("</summary>")[1]
    assert '<details class="line">' in line(phone.get(links.entry_path(table)).text, 3)
    assert '<strong class="run">770</strong>' in detail
    assert "Pourquoi ?" in detail and "Nord-Sud joue 100 ♦ coinché" in detail
    assert 'href="?donne=3#deal-grid"' in detail and "Corriger" in detail


def test_the_other_teams_tick_is_in_the_detail_and_its_mark_on_the_line(client, table):
    factories.enter_from_the_table(table, side="A", count=2)
    token = links.entry_token(table)
    client.post(reverse("tournaments:table_side_claim", args=[token]), {"code": table.code_b})
    page = client.get(links.entry_path(table)).text
    detail = line(page, 1).split("</summary>")[1]
    assert f'action="{reverse("tournaments:table_side_tick", args=[token, 1])}"' in detail
    assert "Corriger" not in detail
    client.post(reverse("tournaments:table_side_tick", args=[token, 1]))
    page = client.get(links.entry_path(table)).text
    assert "✓ confirmée" in summary(page, 1)
    assert "/confirmer/" not in line(page, 1) and "/donne/2/confirmer/" in line(page, 2)


# The phone's pad: the deal as it is told, the rarer marks, then the points
# beside « Enregistrer », last, so that the numeric keypad, once up, hides
# nothing still to tap (issue 54); the announcements folded after them.
PAD_ORDER = ["taker", "trump", "bid", "coinche", "belote", "capot", "points"]
PAD_ORDER += ["announce_a", "announce_b"]


def test_the_next_donne_is_typed_in_the_desks_key_order(phone, client, organizer, table):
    found = re.findall(
        r'<input type="(?:text|radio)" name="(\w+)"', phone.get(links.entry_path(table)).text
    )
    assert list(dict.fromkeys(found))[: len(PAD_ORDER)] == PAD_ORDER
    client.force_login(organizer)
    rnd = table.round
    desk = client.get(
        reverse("tournaments:table", args=[rnd.tournament.slug, rnd.number, table.number])
    ).text
    assert re.findall(r'<input type="text" name="(\w+)"', desk)[: len(KEY_ORDER)] == KEY_ORDER


def test_the_desks_grid_keeps_its_columns(client, organizer, table):
    factories.enter_from_the_table(table, side="A", count=1)
    client.force_login(organizer)
    rnd = table.round
    desk = client.get(
        reverse("tournaments:table", args=[rnd.tournament.slug, rnd.number, table.number])
    ).text
    assert '<tr id="deal-1" class="deal-row' in desk and 'details class="line"' not in desk


def test_the_page_of_ten_deals_weighs_at_most_33_kb(phone, table, monkeypatch):
    """Ten lines, each with its detail, stay within the hall's Wi-Fi budget,
    as the hall server sends them (its name known: the page then also
    carries the takeover's proof, hall-proof.js, and the address form of
    issue 50)."""
    from tournaments.infra import standby

    monkeypatch.setattr(standby, "IDENTITY", "a1b2c3d4")
    monkeypatch.setattr(standby, "OWN_KEY", "k" * 64)
    weight, _files = first_load(phone, links.entry_path(table))
    assert "hall-proof" in phone.get(links.entry_path(table)).content.decode()
    print(f"the table's page of ten deals: {weight} bytes compressed")
    assert weight <= LIMIT
