"""The hall's Wi-Fi drops (issue 23): a table's phone keeps what it typed,
sends it in order by itself when the network is back, and a conflict with
the desk is shown in words.

The hall as a phone sees it: Chromium resolves a host name of the hall to a
loopback address (--host-resolver-rules), so the page is a plain-HTTP,
insecure context as on a real phone — no service worker there, whatever a
test on 127.0.0.1 (a secure context) would let pass. The phone is a
persistent browser profile: closing the browser and opening it again keeps
what a real phone keeps. The hosted service (a secure context) also gets a
service worker: a reload while offline opens the page from it."""

from __future__ import annotations

import contextlib
from urllib.parse import urlsplit

import pytest
from playwright.sync_api import Error as PlaywrightError
from playwright.sync_api import Page, expect

import scoring
from tests.browser.conftest import CHROMIUM, CHROMIUM_ARGS, _settled_navigation, until, watch
from tests.browser.grid import tap_deal
from tests.browser.shots import PHONE
from tournaments.infra import links
from tournaments.models import Change, Table, Tournament
from tournaments.services import scores

pytestmark = pytest.mark.django_db(transaction=True)

HALL = "salle.belote.lan"
SHOTS = "/tmp/hall-wifi"


@pytest.fixture
def hall_url(live_server, settings):
    """The live server under the hall's host name (an insecure context)."""
    settings.ALLOWED_HOSTS = ["*"]
    return f"http://{HALL}:{urlsplit(live_server.url).port}"


@pytest.fixture
def phone(playwright, tmp_path, faults):
    """`phone()` opens the phone's browser on its own profile folder (kept
    between two openings: closing it is closing the browser)."""
    opened = []

    def open_(name: str = "phone"):
        context = playwright.chromium.launch_persistent_context(
            str(tmp_path / f"{name}-profile"),
            executable_path=CHROMIUM,
            args=[*CHROMIUM_ARGS, f"--host-resolver-rules=MAP {HALL} 127.0.0.1"],
            locale="fr-FR",
            viewport=PHONE,
        )
        opened.append(context)
        page = context.pages[0] if context.pages else context.new_page()
        watch(page, faults)
        _settled_navigation(page)
        return context, page

    yield open_
    for context in opened:
        with contextlib.suppress(Exception):
            context.close()


def deals_of(table: Table) -> list[tuple[int, int | None]]:
    return list(table.deals.order_by("number").values_list("number", "taker", "points_a"))


def test_a_table_types_offline_closes_the_browser_and_its_deals_arrive_once_in_order(
    hall_url, phone, round1, faults
):
    """Browser: 390 px layout, scripts, offline outbox, service worker."""
    Tournament.objects.filter(pk=round1.tournament_id).update(end_mode="deals", end_deals=3)
    table = round1.tables.filter(team_b__isnull=False).order_by("number").first()
    context, page = phone()
    page.goto(hall_url + links.entry_path(table))
    # A phone on the hall's Wi-Fi: an insecure context, no service worker.
    assert page.evaluate("window.isSecureContext") is False
    assert page.evaluate("'serviceWorker' in navigator") is False
    page.locator("#id_code").fill(table.code_a)
    page.locator("#id_code").press("Enter")
    expect(page.locator("#deal-entry")).to_be_visible()

    faults.network_down = True
    context.set_offline(True)
    for points in ("97", "102", "110"):
        tap_deal(page, taker="NS", trump="♥", bid="90", points=points)
    expect(page.locator("#outbox .outbox-status")).to_contain_text("Hors ligne : réseau perdu à")
    expect(page.locator("#outbox .outbox-status")).to_contain_text("en attente d'envoi (3)")
    expect(page.locator("tr.outbox-row")).to_have_count(3)
    expect(page.locator(".outbox-drop")).to_be_hidden()  # nothing was refused
    # Each waiting deal shows the marque the phone counted, labelled provisional.
    rules = round1.tournament.rule_profile
    first = scoring.score_deal({"taker": "A", "trump": "H", "bid": 90, "points": {"A": 97}}, rules)
    expect(page.locator("tr.outbox-row").first).to_contain_text(
        f"marque provisoire {first.a} – {first.b}"
    )
    # The second one was wrong: corrected before it leaves, in its place.
    page.locator("tr.outbox-row").nth(1).get_by_role("button", name="Corriger").click()
    expect(page.locator("#deal-entry input[name=points]")).to_have_value("102")
    page.locator("#deal-entry input[name=points]").fill("120")
    # The row being typed offline: its marque counted on the phone, as it is typed.
    second = scoring.score_deal(
        {"taker": "A", "trump": "H", "bid": 90, "points": {"A": 120}}, rules
    )
    expect(page.locator("#deal-preview")).to_contain_text(
        f"marque provisoire {second.a} – {second.b} — calculée sur ce téléphone"
    )
    page.locator("#deal-entry input[name=points]").press("Enter")
    expect(page.locator("tr.outbox-row")).to_have_count(3)
    expect(page.locator("tr.outbox-row").nth(1)).to_contain_text("120")
    # A partie of three deals: the three wait, no fourth is offered.
    expect(page.locator("#deal-entry")).to_be_hidden()
    page.screenshot(path=f"{SHOTS}/phone-offline-waiting.png", full_page=True)
    assert table.deals.count() == 0

    # The browser is closed while offline, once the phone holds the three
    # (a row shows at once, data-stored once written); opened again online.
    expect(page.locator("tr.outbox-row[data-stored]")).to_have_count(3)
    context.close()
    context, page = phone()
    page.goto(hall_url + links.entry_path(table))
    faults.network_down = False
    expect(page.locator("#outbox")).to_be_hidden(timeout=45_000)
    expect(page.locator("#deal-3")).to_be_visible()
    assert deals_of(table) == [(1, "A", 97), (2, "A", 120), (3, "A", 110)]
    assert Change.objects.filter(table=table, action="deal_added").count() == 3

    # The other team confirms what arrived.
    _, other = phone("other-team")
    other.goto(hall_url + links.entry_path(table))
    table.refresh_from_db()
    other.locator("#confirm input[name=code]").fill(table.code_b)
    other.get_by_role("button", name="Nous confirmons ces totaux").click()
    expect(other.locator(".message.success")).to_contain_text("confirmés")
    table.refresh_from_db()
    assert table.entry_state == Table.EntryState.CONFIRMED


def test_the_desk_changed_the_table_meanwhile_the_phone_says_so_and_overwrites_nothing(
    hall_url, phone, round1, faults
):
    """Browser: 390 px layout, scripts, offline outbox."""
    table = round1.tables.filter(team_b__isnull=False).order_by("number").first()
    context, page = phone()
    page.goto(hall_url + links.entry_path(table))
    page.locator("#id_code").fill(table.code_a)
    page.locator("#id_code").press("Enter")
    tap_deal(page, taker="NS", trump="♥", bid="90", points="97")
    expect(page.locator("#deal-1")).to_be_visible()

    faults.network_down = True
    context.set_offline(True)
    tap_deal(page, taker="NS", trump="♥", bid="90", points="130")
    tap_deal(page, taker="EO", trump="♠", bid="80", points="100")
    expect(page.locator("tr.outbox-row")).to_have_count(2)
    # Meanwhile the desk enters deal 2 from the paper sheet.
    table.refresh_from_db()
    scores.record_deal(
        table=table,
        values={"taker": "A", "trump": "H", "bid": 90, "points_a": 82},
        expected_version=table.version,
    )

    context.set_offline(False)
    faults.network_down = False
    status = page.locator("#outbox .outbox-status")
    expect(status).to_contain_text("n'a pas été enregistrée", timeout=20_000)
    expect(page.locator("#table-live")).to_contain_text("modifiée par quelqu'un d'autre")
    # The refused deal keeps the number it will take, 3 (the row being typed
    # holds it), and the one behind it follows: 4.
    expect(page.locator("#outbox .outbox-list")).to_contain_text("Donne 3 · Preneur NS")
    expect(page.locator("tr.outbox-row")).to_contain_text("Donne 4 · Preneur EO")
    expect(page.locator("#deal-entry td.num").first).to_have_text("3")
    # ...in its place: deal 4, waiting behind it, is shown after it.
    assert page.locator("tr.outbox-row").evaluate(
        "r => !!(document.getElementById('deal-entry').compareDocumentPosition(r) & 4)"
    )
    page.screenshot(path=f"{SHOTS}/phone-conflict.png", full_page=True)
    # Nothing was overwritten: the desk's deal 2 stands, the phone's waits.
    assert deals_of(table) == [(1, "A", 97), (2, "A", 82)]
    # The player reads it and sends their deal again as a third deal...
    expect(page.locator("#deal-entry input[name=points]")).to_have_value("130")
    page.locator("#deal-entry input[name=points]").press("Enter")
    # ...and the one held back follows it.
    expect(page.locator("#outbox")).to_be_hidden(timeout=45_000)
    page.screenshot(path=f"{SHOTS}/phone-conflict-after.png", full_page=True)
    assert deals_of(table) == [(1, "A", 97), (2, "A", 82), (3, "A", 130), (4, "B", None)]


def test_a_reload_while_deals_wait_is_asked_first_and_the_address_shows_them_once_back(
    hall_url, phone, round1, faults
):
    """Issue 54, item 9: on the hall's plain HTTP no service worker keeps
    the page, and a reload while offline can only show the browser's « no
    internet » page. While deals wait, the page asks first (the browser's
    own « quitter la page ? »): the player who stays keeps the page; one who
    reloads anyway opens the table's address again once the Wi-Fi is back
    and finds what was kept, sent once.

    Browser: 390 px layout, scripts, offline outbox, service worker.
    """
    table = round1.tables.filter(team_b__isnull=False).order_by("number").first()
    context, page = phone()
    page.goto(hall_url + links.entry_path(table))
    page.locator("#id_code").fill(table.code_a)
    page.locator("#id_code").press("Enter")
    tap_deal(page, taker="NS", trump="♥", bid="90", points="97")
    expect(page.locator("#deal-1")).to_be_visible()
    asked: list[str] = []

    def answer(dialog) -> None:  # the player stays the first time, leaves the second
        asked.append(dialog.type)
        (dialog.dismiss if len(asked) == 1 else dialog.accept)()

    page.on("dialog", answer)
    page.reload()  # nothing waits: no question
    expect(page.locator("#deal-entry")).to_be_visible()
    assert asked == []

    faults.network_down = True
    context.set_offline(True)
    tap_deal(page, taker="EO", trump="♠", bid="80", points="100")
    expect(page.locator("tr.outbox-row[data-stored]")).to_have_count(1)
    with contextlib.suppress(PlaywrightError):  # the reload the player cancelled
        page.reload(timeout=3_000)
    # The question, however late a loaded machine puts it (it may come after
    # the cancelled reload's 3 s).
    until(page, lambda: asked == ["beforeunload"], f"the page asked {asked} before a reload")
    expect(page.locator("tr.outbox-row")).to_have_count(1)
    page.screenshot(path=f"{SHOTS}/phone-reload-cancelled.png")
    with pytest.raises(PlaywrightError, match="ERR_INTERNET_DISCONNECTED"):
        page.reload()  # reloaded anyway: the browser's own page
    assert asked == ["beforeunload", "beforeunload"]

    context.set_offline(False)
    page.goto(hall_url + links.entry_path(table))
    faults.network_down = False
    expect(page.locator("#deal-2")).to_be_visible()
    expect(page.locator("#outbox")).to_be_hidden(timeout=45_000)
    page.screenshot(path=f"{SHOTS}/phone-reopened-online.png")
    assert deals_of(table) == [(1, "A", 97), (2, "B", None)]


def test_on_the_hosted_service_a_reload_offline_opens_the_page_from_its_service_worker(
    live_server, page: Page, round1, faults
):
    """127.0.0.1 is a secure context, as the hosted service over HTTPS.

    Browser: 390 px layout, scripts, offline outbox, service worker, axe.
    """
    table = round1.tables.filter(team_b__isnull=False).order_by("number").first()
    page.set_viewport_size(PHONE)
    url = live_server.url.replace("localhost", "127.0.0.1") + links.entry_path(table)
    page.goto(url)
    page.locator("#id_code").fill(table.code_a)
    page.locator("#id_code").press("Enter")
    expect(page.locator("#deal-entry")).to_be_visible()
    # A function, not an expression: an expression polled is eval()ed in the
    # page, which its Content Security Policy refuses (it failed when the
    # worker was not in control at the first look).
    # The worker active first, then a reload, which it always controls: a page
    # whose navigation was under way while the worker activated is never
    # claimed (clients.claim() ran before it existed), and waiting for its
    # controller failed 2 runs in 3 beside two CPU burners.
    active = page.evaluate(
        "() => Promise.race([navigator.serviceWorker.ready.then(() => true),"
        " new Promise((done) => setTimeout(() => done(false), 15000))])"
    )
    assert active, "the service worker was not active within 15 s"
    page.reload()  # the page now kept by the worker
    page.wait_for_function("() => navigator.serviceWorker.controller !== null", timeout=15_000)

    faults.network_down = True
    page.context.set_offline(True)
    tap_deal(page, taker="NS", trump="♥", bid="90", points="97")
    tap_deal(page, taker="EO", trump="♠", bid="80", points="100")
    expect(page.locator("tr.outbox-row[data-stored]")).to_have_count(2)
    # Offline: the page asks first (Playwright accepts the browser's
    # question), then comes from the service worker, the outbox kept.
    page.reload()
    expect(page.locator("tr.outbox-row")).to_have_count(2)
    expect(page.locator("#outbox .outbox-status")).to_contain_text("en attente d'envoi (2)")
    page.screenshot(path=f"{SHOTS}/hosted-reloaded-offline.png", full_page=True)

    page.context.set_offline(False)
    faults.network_down = False
    expect(page.locator("#outbox")).to_be_hidden(timeout=45_000)
    assert deals_of(table) == [(1, "A", 97), (2, "B", None)]
