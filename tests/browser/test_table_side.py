"""A table enters its own deals on a phone from the QR link of its sheet."""

from __future__ import annotations

import os
from pathlib import Path

import pytest
from playwright.sync_api import Page, expect

from tests.browser.grid import deal_keys, tap_deal, type_deal
from tests.browser.shots import shot
from tests.browser.test_players_of_every_age import DESK, PHONE, ZOOMED, large_text
from tests.factories import PASSWORD
from tests.ten_deals import enter_ten_deals
from tournaments.infra import links

pytestmark = pytest.mark.django_db(transaction=True)

SCREENS = {"phone-zoom-200": ZOOMED, "desk": {"viewport": DESK}}

# The words of a line of the sheet (and of its headings) that run into
# each other: the text each cell shows, measured as drawn (a word wider
# than its cell spills over the next one, inside the page, which guard.js
# does not see). The words said to a screen reader alone are not drawn.
OVERLAPS = """() => {
  const drawn = (cell) => {
    const boxes = [];
    const walk = document.createTreeWalker(cell, NodeFilter.SHOW_TEXT);
    for (let text = walk.nextNode(); text; text = walk.nextNode()) {
      if (text.parentElement.closest(".visually-hidden") || !text.data.trim()) continue;
      const range = document.createRange();
      range.selectNodeContents(text);
      boxes.push(...[...range.getClientRects()].filter((b) => b.width > 0));
    }
    return boxes;
  };
  const meet = (a, b) => a.left < b.right - 0.5 && b.left < a.right - 0.5 &&
    a.top < b.bottom - 0.5 && b.top < a.bottom - 0.5;
  const found = [];
  for (const line of document.querySelectorAll("th.line-head, details.line > summary")) {
    const cells = [...line.children].filter((c) => /^l-/.test(c.className));
    cells.forEach((a, i) => cells.slice(i + 1).forEach((b) => {
      if (drawn(a).some((x) => drawn(b).some((y) => meet(x, y)))) {
        const where = line.closest("tr").id || "headings";
        found.push(`${where}: « ${a.innerText.trim()} » × « ${b.innerText.trim()} »`);
      }
    }));
  }
  return found;
}"""


def test_a_table_enters_its_deals_on_a_phone(live_server, page: Page, round1):
    """Browser: 390 px layout, scripts."""
    table = round1.tables.order_by("number").first()
    page.set_viewport_size({"width": 390, "height": 844})
    page.goto(live_server.url + links.entry_path(table))
    page.locator("#id_code").fill(table.code_a)
    page.get_by_role("button", name="Saisir les donnes").click()
    # The phone's pad: taker, trump and bid buttons, the points on the keypad.
    assert tap_deal(page, taker="NS", trump="♥", bid="90", points="97") == 6
    expect(page.locator("#deal-1 .marque-a")).to_have_text("190")
    expect(page.locator("#deal-1 .marque-b")).to_have_text("70")
    # An impossible deal is refused next to its field, in French.
    tap_deal(page, taker="NS", trump="♥", bid="90", points="161")
    expect(page.locator("#field-points .errorlist")).to_contain_text("Points des preneurs :")
    points = page.locator("#deal-entry input[name=points]")
    expect(points).to_have_attribute("aria-describedby", "id_points_error")
    expect(page.locator("#deal-2")).to_have_count(0)
    # Nothing overflows the phone's width.
    assert page.evaluate("document.documentElement.scrollWidth") <= 400
    table.refresh_from_db()
    assert (table.total_a, table.total_b, table.entered_by) == (190, 70, "A")


def test_deals_typed_one_after_another_each_add_their_row(live_server, page: Page, round1):
    """After each save only the new row comes back (with the totals and the
    next row): the rows, the totals and the form's version stay right deal
    after deal, on the phone and at the desk, whose delete button then
    deletes the last deal.

    Browser: keys and focus, 390 px layout, scripts, axe.
    """
    table = round1.tables.order_by("number").first()
    page.goto(live_server.url + links.entry_path(table))
    page.locator("#id_code").fill(table.code_a)
    page.get_by_role("button", name="Saisir les donnes").click()
    for number in (1, 2, 3):
        tap_deal(page, taker="NS", trump="♥", bid="90", points="97")
        expect(page.locator(f"#deal-{number} .run").first).to_have_text(str(190 * number))
        expect(page.locator("#total-a")).to_have_text(str(190 * number))
        expect(page.locator("#deal-entry .num").first).to_contain_text(str(number + 1))
    expect(page.locator("template")).to_have_count(0)

    page.goto(live_server.url + "/compte/connexion/")
    page.locator("#id_username").fill("orga")
    page.locator("#id_password").fill(PASSWORD)
    page.locator("#id_password").press("Enter")
    page.wait_for_url(live_server.url + "/organisation/")
    slug = round1.tournament.slug
    page.goto(live_server.url + f"/organisation/t/{slug}/parties/1/tables/{table.number}/")
    for number in (4, 5):
        type_deal(page, deal_keys(taker="B", trump="S", bid="80", points="100"))
        expect(page.locator(f"#deal-{number}")).to_be_visible()
    expect(page.locator("#total-b")).to_have_text(str(70 * 3 + 180 * 2))
    page.get_by_role("button", name="Supprimer la dernière donne").click()
    expect(page.locator("#deal-5")).to_have_count(0)
    expect(page.locator("#deal-4")).to_be_visible()
    assert table.deals.count() == 4


def test_the_other_team_ticks_deal_by_deal_even_offline(live_server, page: Page, round1, faults):
    """One tick a row when the other team wants it (issue 21), without
    opening the row (issue 38); a tick made while the Wi-Fi is down waits on
    the phone and is sent by itself; « Tout confirmer » ticks the rest.

    Browser: 390 px layout, htmx swaps, scripts, offline outbox, axe.
    """
    from tests import factories

    table = round1.tables.order_by("number").first()
    factories.enter_from_the_table(table, side="A", count=3)
    page.set_viewport_size({"width": 390, "height": 844})
    page.goto(live_server.url + links.entry_path(table))
    page.locator("#id_code").fill(table.code_b)
    page.locator("#id_code").press("Enter")
    # The code accepted as the team that confirms: no code asked again, no
    # « Saisir les donnes » (issue 54, item 8).
    expect(page.locator(".messages")).to_contain_text("Code reconnu : l'autre équipe saisit.")
    shot(page, "table-side-confirming-team", full_page=False)
    expect(page.get_by_text("Code de votre équipe")).to_have_count(0)
    expect(page.get_by_role("button", name="Saisir les donnes")).to_have_count(0)
    # « D'accord » under each line: no line to open first.
    page.locator("#deal-1").get_by_role("button", name="D'accord").click()
    expect(page.locator("#deal-1 .ticked")).to_contain_text("confirmée")
    faults.network_down = True
    page.context.set_offline(True)
    page.locator("#deal-2").get_by_role("button", name="D'accord").click()
    expect(page.locator("#outbox .outbox-status")).to_contain_text("en attente d'envoi (1)")
    expect(page.locator("#outbox .outbox-status")).to_contain_text("Ne rechargez pas la page")
    page.context.set_offline(False)
    expect(page.locator("#deal-2 .ticked")).to_contain_text("confirmée", timeout=20_000)
    faults.network_down = False
    page.get_by_role("button", name="Tout confirmer (donnes 1 à 3)").click()
    expect(page.locator("#deal-3 .ticked")).to_contain_text("confirmée")
    expect(page.get_by_role("button", name="D'accord")).to_have_count(0)
    confirmed = table.deals.order_by("number").values_list("confirmed", flat=True)
    assert list(confirmed) == [True, True, True]


@pytest.mark.parametrize(
    "mode", ["phone", "phone-zoom-200", "phone-text", "phone-large-print", "desk"]
)
def test_ten_deals_read_like_the_paper_sheet_on_a_phone(live_server, open_page, round1, mode):
    """Ten donnes on a 390 px phone: one line a donne, its marks in words,
    its detail (the totals after it, « Pourquoi ? », « Corriger ») on a tap;
    the whole grid (the totals, the ten lines, the next donne's form) under
    1,100 px tall (2,812 px when each donne was a card of nine label–value
    pairs). Zoomed to 200 %, with the phone's largest text, in « Grands
    caractères » and on a 1366 px screen nothing scrolls sideways
    (guard.js), no word of a line runs into the next one, and axe finds
    nothing (the fixtures).

    Browser: keys and focus, 390 px layout, screen layout, scripts, axe.
    """
    table = round1.tables.order_by("number").first()
    enter_ten_deals(table)
    page = open_page(**SCREENS.get(mode, {"viewport": PHONE}))
    if mode == "phone-text":
        large_text(page)
    page.goto(live_server.url + links.entry_path(table))
    if mode == "phone-large-print":
        page.get_by_role("button", name="Grands caractères").click()
    page.locator("#id_code").fill(table.code_a)
    page.locator("#id_code").press("Enter")
    expect(page.locator("#deal-10")).to_be_visible()
    assert page.evaluate(OVERLAPS) == []
    # The marks say what they stand for, in words.
    expect(page.locator("#deal-3 summary")).to_contain_text("×2 (coinché)")
    expect(page.locator("#deal-2 summary")).to_contain_text("belote Est-Ouest")
    expect(page.locator("#deal-5 summary")).to_contain_text("annonces tierce R♥ Nord-Sud")
    expect(page.locator("#deal-6 summary")).to_contain_text("capot Nord-Sud")
    # The detail opens on a tap of the line, and closes again.
    line = page.locator("#deal-3")
    expect(line.locator(".why-text")).to_be_hidden()
    line.locator("summary").click()
    expect(line.locator(".why-text")).to_contain_text("Pourquoi ?")
    expect(line.locator(".run").first).to_have_text("770")
    expect(line.get_by_role("link", name="Corriger")).to_be_visible()
    line.locator("summary").click()
    expect(line.locator(".why-text")).to_be_hidden()
    if folder := os.environ.get("BROWSER_SCREENSHOTS"):
        Path(folder).mkdir(parents=True, exist_ok=True)
        # A full-page screenshot would lay the page out at the usual text size.
        shot = Path(folder) / f"table-side-10-deals-{mode}.png"
        page.screenshot(path=str(shot), full_page=mode != "phone-text")
    if mode == "phone":
        # Two lines of 16 px type a donne without marks (issue 38: no text
        # under 16 px; at 16 px « Preneur » and « Contrat » share no line
        # with the points and marques), hardly more than a finger's 44 px.
        assert page.locator("#deal-1 summary").evaluate("s => s.offsetHeight") <= 56
        height = page.locator("#deal-grid").evaluate("g => g.getBoundingClientRect().height")
        # The next donne's pad of big buttons (issue 38) is measured apart.
        pad = page.locator("#deal-entry").evaluate("r => r.getBoundingClientRect().height")
        print(f"deal grid of 10 deals at 390 px: {height - pad:.0f} px, and its pad {pad:.0f} px")
        assert height - pad < 1100
        # « Corriger » in the detail brings the donne back into the row typed,
        # in place; Enter saves it and its line comes back corrected.
        line.locator("summary").click()
        line.get_by_role("link", name="Corriger").click()
        points = page.locator("#deal-entry input[name=points]")
        expect(points).to_have_value("120")
        expect(page.locator("#deal-entry")).to_have_attribute("data-number", "3")
        points.focus()
        page.keyboard.type("90")  # 90 < 100: the contract falls
        page.keyboard.press("Enter")
        expect(page.locator("#deal-3 .marque-a")).to_have_text("0")
        expect(page.locator("#deal-3 .marque-b")).to_have_text("520")
        expect(page.locator("#deal-entry")).to_have_attribute("data-number", "11")
