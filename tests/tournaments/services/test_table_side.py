"""Table-side entry from the QR code: one team enters, the other confirms;
links cannot be forged, reach their own table only and die with the partie."""

from __future__ import annotations

import subprocess

import pytest
from django.core import signing
from django.urls import reverse

from tournaments.infra import links
from tournaments.models import Table
from tournaments.services import rounds, scores, table_side

pytestmark = pytest.mark.django_db

MADE = {"taker": "NS", "trump": "♥", "bid": "90", "coinche": "", "points": "97"}


def url(table: Table, name: str = "table_side") -> str:
    return reverse(f"tournaments:{name}", args=[links.entry_token(table)])


def enter_partie(client, table: Table) -> None:
    client.post(url(table, "table_side_claim"), {"code": table.code_a})
    for _ in range(12):
        table.refresh_from_db()
        response = client.post(url(table, "table_side_deal"), {**MADE, "version": table.version})
        assert response.status_code == 200


def test_a_team_enters_its_table_with_its_code(client, table):
    page = client.get(url(table))
    assert page.status_code == 200 and "Code de votre équipe" in page.text
    refused = client.post(url(table, "table_side_claim"), {"code": "zzzz"})
    assert "Code incorrect" in refused.text
    client.post(url(table, "table_side_claim"), {"code": table.code_a})
    response = client.post(url(table, "table_side_deal"), {**MADE, "version": table.version})
    assert response.status_code == 200
    table.refresh_from_db()
    assert (table.total_a, table.total_b) == (190, 70)
    assert (table.entry_state, table.entered_by) == ("entered", "A")


def test_no_deal_without_a_team_code_first(client, table):
    response = client.post(url(table, "table_side_deal"), {**MADE, "version": table.version})
    assert "code de votre équipe" in response.text
    assert not table.deals.exists()


def test_the_other_team_confirms_with_its_own_code(client, table):
    enter_partie(client, table)
    table.refresh_from_db()
    same_team = client.post(
        url(table, "table_side_confirm"), {"code": table.code_a, "version": table.version}
    )
    assert "autre équipe" in same_team.text
    client.post(url(table, "table_side_confirm"), {"code": table.code_b, "version": table.version})
    table.refresh_from_db()
    assert table.entry_state == Table.EntryState.CONFIRMED


def test_different_totals_flag_the_table_as_disputed_for_the_organizer(client, organizer, table):
    enter_partie(client, table)
    table.refresh_from_db()
    client.post(
        url(table, "table_side_confirm"),
        {"code": table.code_b, "total_a": "2200", "total_b": "920", "version": table.version},
    )
    table.refresh_from_db()
    assert table.entry_state == Table.EntryState.DISPUTED
    assert table.claimed_totals == {"by": "B", "totals": [2200, 920]}
    client.force_login(organizer)
    page = client.get(
        reverse("tournaments:table", args=[table.round.tournament.slug, 1, table.number])
    )
    assert "2280 – 840" in page.text and "2200 – 920" in page.text
    client.post(
        reverse("tournaments:table_validate", args=[table.round.tournament.slug, 1, table.number])
    )
    table.refresh_from_db()
    assert table.entry_state == Table.EntryState.CONFIRMED


def test_a_link_reaches_its_own_table_only(client, round1):
    first, second = list(round1.tables.order_by("number"))[:2]
    client.post(url(first, "table_side_claim"), {"code": first.code_a})
    # the same session, the second table's link: no side chosen there
    response = client.post(url(second, "table_side_deal"), {**MADE, "version": second.version})
    assert "code de votre équipe" in response.text
    # a token naming the second table with the first table's key opens the
    # first table (the key decides), never the second
    forged = signing.dumps({"t": second.pk, "k": first.entry_key}, salt=links.SALT)
    assert links.table_for_token(forged) == first
    # a key that no table has is refused
    unknown = signing.dumps({"k": "not-a-key"}, salt=links.SALT)
    assert client.get(reverse("tournaments:table_side", args=[unknown])).status_code == 404
    assert not second.deals.exists()


def test_a_revoked_link_is_dead(client, organizer, table):
    old = url(table)
    table_side.revoke_entry_link(table=table, by=organizer)
    response = client.get(old)
    assert response.status_code == 404 and "pas valable" in response.text


def test_a_link_dies_when_its_partie_closes(client, round1):
    for table in round1.tables.filter(team_b__isnull=False):
        for _ in range(12):
            scores.record_deal(
                table=table, values={"taker": "A", "trump": "H", "bid": 90, "points_a": 97}
            )
    rounds.close_round(round=round1)
    table = round1.tables.first()
    assert client.get(url(table)).status_code == 410
    response = client.post(url(table, "table_side_claim"), {"code": table.code_a})
    assert response.status_code == 410


def test_a_new_deal_after_confirmation_needs_a_new_confirmation(client, organizer, table):
    enter_partie(client, table)
    table.refresh_from_db()
    client.post(url(table, "table_side_confirm"), {"code": table.code_b, "version": table.version})
    scores.record_deal(
        table=table,
        values={"taker": "A", "trump": "H", "bid": 90, "points_a": 60},
        number=1,
        by=organizer,
    )
    table.refresh_from_db()
    assert table.entry_state == Table.EntryState.ENTERED


def test_the_sheets_pdf_prints_the_link_on_the_sheet_and_each_code_on_its_coupon(
    client, organizer, round1, tmp_path
):
    client.force_login(organizer)
    response = client.get(reverse("tournaments:sheets_pdf", args=[round1.tournament.slug, 1]))
    path = tmp_path / "feuilles.pdf"
    path.write_bytes(response.content)

    def page_text(page: int) -> str:
        return subprocess.run(
            ["pdftotext", "-raw", "-f", str(page), "-l", str(page), str(path), "-"],
            capture_output=True,
            text=True,
            check=True,
        ).stdout.replace("\u00a0", " ")

    table = round1.tables.order_by("number").first()
    sheet, coupons = page_text(1), page_text(3)
    assert "/saisie/" in sheet.replace("\n", "")
    grouped = [f"{code[:4]} {code[4:]}" for code in (table.code_a, table.code_b)]
    assert not any(code in sheet for code in grouped)
    assert all(f"code {code}" in coupons for code in grouped)


@pytest.mark.parametrize("script", ["arabic-indic", "fullwidth", "spaced"])
def test_a_code_typed_on_any_keyboard_is_read_or_refused_politely(client, table, script):
    digits = {
        "arabic-indic": "".join(chr(0x0660 + int(d)) for d in table.code_a),
        "fullwidth": "".join(chr(0xFF10 + int(d)) for d in table.code_a),
        "spaced": " ".join(table.code_a),
    }[script]
    response = client.post(url(table, "table_side_claim"), {"code": digits})
    assert response.status_code == 302  # read as the ASCII code
    wrong = client.post(url(table, "table_side_claim"), {"code": "٩٩٩٩é"})
    assert wrong.status_code in (200, 422) and "Code incorrect" in wrong.text


def test_a_deal_posted_twice_with_the_same_form_is_recorded_once(client, table):
    """A phone that lost the answer sends the same form again: the deal is
    recorded once and the retry is answered as the first post was."""
    client.post(url(table, "table_side_claim"), {"code": table.code_a})
    form = {**MADE, "version": table.version}
    first = client.post(url(table, "table_side_deal"), form)
    again = client.post(url(table, "table_side_deal"), form)
    assert first.status_code == 200 and again.status_code == 200
    assert table.deals.count() == 1
    assert "modifiée par quelqu" not in again.text and again["HX-Trigger"] == "dealSaved"
    # another deal typed on the old version is refused, not recorded
    stale = client.post(url(table, "table_side_deal"), {**form, "points": "100"})
    assert "modifiée par quelqu" in stale.text and table.deals.count() == 1
    # a post without a version is refused too
    client.post(url(table, "table_side_deal"), MADE)
    assert table.deals.count() == 1


def test_the_tables_page_reads_its_teams_with_the_table(client, table):
    from django.db import connection
    from django.test.utils import CaptureQueriesContext

    with CaptureQueriesContext(connection) as queries:
        page = client.get(url(table))
    assert page.status_code == 200 and str(table.team_a) in page.text
    alone = [
        q["sql"]
        for q in queries
        if q["sql"].startswith(('SELECT "tournaments_team".', 'SELECT "tournaments_player".'))
    ]
    assert alone == []
