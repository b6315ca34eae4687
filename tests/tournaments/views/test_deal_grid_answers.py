"""What a save answers, on the phone and at the desk: a deal added at the
end of a grid that goes on being typed is answered with its row only (the
row, the next row to type, and out of band what moved: the totals, the
entry state, the form's version, the desk's delete button), the same row
as the whole grid shows, whatever the table's length. Anything else (the
first deal, a correction, the last deal, a refusal, a browser without
JavaScript) gets the whole grid or page, as before."""

from __future__ import annotations

import re

import pytest
from django.urls import reverse

from tests.factories import add_teams, draw_random_round, first_table
from tournaments.infra import links
from tournaments.models import Table
from tournaments.services import scores

pytestmark = pytest.mark.django_db

MADE = {"taker": "NS", "trump": "♥", "bid": "90", "coinche": "", "points": "97"}
HTMX = {"HX-Request": "true"}


def phone(table: Table, name: str = "table_side") -> str:
    return reverse(f"tournaments:{name}", args=[links.entry_token(table)])


def desk_url(name: str, table: Table) -> str:
    rnd = table.round
    return reverse(f"tournaments:{name}", args=[rnd.tournament.slug, rnd.number, table.number])


def row(html: str, number: int) -> str:
    """The `<tr>` of deal `number` in a page or an answer."""
    start = html.index(f'<tr id="deal-{number}"')
    return html[start : html.index("</tr>", start) + len("</tr>")]


def save(client, url: str, table: Table, values=MADE, **extra):
    table.refresh_from_db()
    return client.post(url, {**values, "version": table.version, **extra}, headers=HTMX)


@pytest.fixture
def desk(client, organizer):
    client.force_login(organizer)
    return client


@pytest.fixture
def claimed(client, table):
    """The phone of the team on side A, its code given."""
    client.post(phone(table, "table_side_claim"), {"code": table.code_a})
    return client


def test_a_deal_added_on_the_phone_is_answered_with_its_row_only(claimed, table):
    first = save(claimed, phone(table, "table_side_deal"), table)
    assert "HX-Retarget" not in first.headers and 'id="table-live"' in first.text
    answer = save(claimed, phone(table, "table_side_deal"), table)
    table.refresh_from_db()
    assert answer.status_code == 200 and answer.headers["HX-Trigger"] == "dealSaved"
    assert answer.headers["HX-Retarget"] == "#deal-entry"
    assert answer.headers["HX-Reswap"] == "outerHTML"
    assert 'id="deal-1"' not in answer.text and 'id="table-live"' not in answer.text
    assert re.search(r'<tr id="deal-entry"[^>]*data-number="3"', answer.text)
    assert '<strong id="total-a">380</strong>' in answer.text
    assert f'name="version" value="{table.version}"' in answer.text
    # totals, entry state and the form are swapped out of band, from a
    # <template> of their own (after table rows, a browser's parser would
    # take the form's fields out of the form)
    out_of_band = answer.text.split("<template>")[1].split("</template>")[0]
    assert out_of_band.count('hx-swap-oob="true"') == answer.text.count("hx-swap-oob") == 3
    assert 'name="version"' in out_of_band.split('<form id="deal-form"')[1].split("</form>")[0]
    page = claimed.get(phone(table)).text
    assert row(answer.text, 2) == row(page, 2)


def test_the_answer_does_not_grow_with_the_table(claimed, table):
    sizes = []
    for _ in range(8):
        sizes.append(len(save(claimed, phone(table, "table_side_deal"), table).content))
    assert max(sizes[1:]) - min(sizes[1:]) < 10, sizes


def test_the_row_answered_at_the_desk_is_the_grids_own_even_when_it_wins_the_pot(
    desk, make_tournament
):
    tournament = make_tournament(preset="ffb-belote")
    add_teams(tournament, 2)
    table = first_table(draw_random_round(tournament))
    scores.record_deal(table=table, values={"taker": "B", "trump": "S", "points_a": 81})
    answer = save(
        desk, desk_url("deal_save", table), table, {"taker": "NS", "trump": "♥"}, points=100
    )
    table.refresh_from_db()
    assert answer.headers["HX-Retarget"] == "#deal-entry"
    assert "Nord-Sud gagne aussi le litige en attente : + 81, soit 181." in answer.text
    delete = answer.text.split('<form id="deal-delete"')[1].split("</form>")[0]
    assert 'hx-swap-oob="true"' in delete and f'value="{table.version}"' in delete
    page = desk.get(desk_url("table", table)).text
    assert row(answer.text, 2) == row(page, 2)


def test_a_correction_the_last_deal_and_a_refusal_get_the_whole_grid(claimed, table):
    for _ in range(2):
        save(claimed, phone(table, "table_side_deal"), table)
    corrected = save(claimed, phone(table, "table_side_deal"), table, number=1)
    assert "HX-Retarget" not in corrected.headers and 'id="deal-2"' in corrected.text
    refused = save(claimed, phone(table, "table_side_deal"), table, {**MADE, "points": "161"})
    assert "HX-Retarget" not in refused.headers and "errorlist" in refused.text
    for _ in range(9):
        save(claimed, phone(table, "table_side_deal"), table)
    last = save(claimed, phone(table, "table_side_deal"), table)
    table.refresh_from_db()
    assert table.status == Table.Status.COMPLETE
    assert "HX-Retarget" not in last.headers and 'id="confirm"' in last.text


def test_without_javascript_a_save_answers_the_whole_page(claimed, desk, table):
    for _ in range(2):
        table.refresh_from_db()
        page = claimed.post(phone(table, "table_side_deal"), {**MADE, "version": table.version})
    assert "<html" in page.text and 'id="deal-1"' in page.text and 'id="deal-2"' in page.text
    table.refresh_from_db()
    saved = desk.post(desk_url("deal_save", table), {**MADE, "version": table.version})
    assert saved.status_code == 302
