"""Players of every age (issue 25): every page a player reaches, on a phone
(390 px), on a phone zoomed to 200 %, with the phone's large text and in
« Grands caractères », and on a desk's screen (1366 px), passes the
journeys' accessibility check (axe-core, 44 px touch targets:
accessibility.py) and never scrolls sideways (guard.js); « Grands
caractères » is one tap, remembered by the phone without a cookie; the
hall screen's type is sized for the back of the hall. No table of theirs
scrolls sideways in its own box either (`reads_whole`): a reader zoomed or
at the largest text reads the whole first row of a ranking, its points
and its difference, without swiping.

Set BROWSER_SCREENSHOTS to a folder to keep a full-page screenshot of each
page there (to look at them, not to compare)."""

from __future__ import annotations

import datetime
import os
from pathlib import Path
from urllib.parse import quote

import pytest
from django.utils import timezone
from playwright.sync_api import Page, expect

from tests.browser.conftest import checked
from tests.browser.session import log_in
from tests.browser.shots import DESK, PHONE
from tests.browser.test_public_pages_on_a_phone import long_named_tournament
from tournaments.features.door import services as door
from tournaments.infra import links, uptime
from tournaments.models import Tournament

pytestmark = pytest.mark.django_db(transaction=True)

ZOOMED = {"viewport": {"width": 195, "height": 422}, "device_scale_factor": 2}
# Zoomed to 200 %, a 390 px phone lays a page out in 195 CSS pixels.
MODES = {
    "phone": ({"viewport": PHONE}, False),
    "phone-zoom-200": (ZOOMED, False),
    "phone-large-print": ({"viewport": PHONE}, True),
    "desk": ({"viewport": DESK}, False),
    "desk-large-print": ({"viewport": DESK}, True),
}
LARGE = "() => document.documentElement.classList.contains('large-print')"

# guard.js lets a wide table scroll sideways inside its own box
# (.table-container); on a players' page no box may: every box's content
# fits its width, and every cell of each table's first row (a ranking's
# rank, name, points and difference) is inside the screen.
SIDEWAYS = """() => {
  const width = Math.min(window.innerWidth, document.documentElement.clientWidth);
  const name = (el) => el.tagName.toLowerCase() + [...el.classList].map((c) => "." + c).join("");
  const faults = [];
  for (const box of document.body.querySelectorAll("*")) {
    const overflow = getComputedStyle(box).overflowX;
    if ((overflow === "auto" || overflow === "scroll") && box.scrollWidth > box.clientWidth + 1) {
      faults.push(`${name(box)} scrolls sideways: ${box.scrollWidth} px in ${box.clientWidth}`);
    }
  }
  for (const row of document.querySelectorAll("main table > tbody > tr:first-child")) {
    for (const cell of row.cells) {
      const box = cell.getBoundingClientRect();
      if (box.width === 0 && box.height === 0) continue;
      if (box.left < -1 || box.right > width + 1) {
        const text = cell.innerText.trim().replace(/\\s+/g, " ").slice(0, 30);
        const at = `${Math.round(box.left)}..${Math.round(box.right)} of ${width} px`;
        faults.push(`${name(row.closest("table"))}: « ${text} » at ${at}`);
      }
    }
  }
  return faults;
}"""


def reads_whole(page: Page) -> None:
    """Nothing of `page` is read by swiping sideways (SIDEWAYS)."""
    assert page.evaluate(SIDEWAYS) == [], page.url


def _shots() -> Path | None:
    folder = os.environ.get("BROWSER_SCREENSHOTS")
    if not folder:
        return None
    Path(folder).mkdir(parents=True, exist_ok=True)
    return Path(folder)


def _visit(page: Page, url: str, name: str) -> None:
    page.goto(url)
    checked(page)  # guard.js has checked it
    if shots := _shots():
        page.screenshot(path=str(shots / f"{name}.png"), full_page=True)


@pytest.mark.parametrize("mode", MODES)
def test_every_players_page_is_accessible_at_every_size(live_server, open_page, organizer, mode):
    """Browser: 390 px layout, scripts, axe."""
    options, large = MODES[mode]
    tournament = long_named_tournament(organizer)
    team = tournament.teams.get(number=5)
    playing = tournament.rounds.get(number=3).tables.filter(total_a=0).first()
    player = open_page(**options)
    base = f"{live_server.url}/t/{tournament.slug}/"
    player.goto(live_server.url + "/")
    if large:
        player.get_by_role("button", name="Grands caractères").click()
        assert player.evaluate(LARGE)
    pages = {
        "home": live_server.url + "/",
        "detail": base,
        "standings": base + "classement/",
        "where": base + "ou-je-joue/?q=therese+delacroix",
        "team": base + f"equipes/{team.number}/",
        "results": base + "parties/2/",
        "table-side": live_server.url + links.entry_path(playing),
    }
    for name, url in pages.items():
        _visit(player, url, f"{mode}-{name}")
        assert player.evaluate(LARGE) is large
        reads_whole(player)
    player.locator("#id_code").fill(playing.code_a)
    player.get_by_role("button", name="Saisir les donnes").click()
    expect(player.locator("#id_code")).to_have_count(0)
    checked(player)  # guard.js has checked it
    if shots := _shots():
        player.screenshot(path=str(shots / f"{mode}-table-side-entry.png"), full_page=True)


# The phone's large text (Android's « Taille de la police », a browser's
# font size setting): the browser's default text size doubled, 16 → 32 px,
# as Chromium's own setting does it (the DevTools protocol's
# Page.setFontSizes). Zoom (above) enlarges everything; this enlarges the
# text alone, and only on a page whose sizes follow the reader's default.
PHONE_TEXT = 32
TEXT_SIZES = """() => {
  const probe = document.createElement("span");
  probe.style.fontSize = "medium";
  document.body.append(probe);
  const medium = parseFloat(getComputedStyle(probe).fontSize);
  probe.remove();
  return {medium, root: parseFloat(getComputedStyle(document.documentElement).fontSize)};
}"""


def large_text(phone: Page) -> None:
    """The reader of `phone` chooses the largest text (for as long as the
    DevTools session lives: until the page is closed)."""
    cdp = phone.context.new_cdp_session(phone)
    cdp.send("Page.setFontSizes", {"fontSizes": {"standard": PHONE_TEXT, "fixed": PHONE_TEXT}})


def _shot(page: Page, name: str) -> None:
    """The screen as the phone shows it: not a full-page screenshot, which
    lays the page out again at the browser's usual text size."""
    if shots := _shots():
        page.screenshot(path=str(shots / f"{name}.png"))


@pytest.mark.parametrize("large", [False, True], ids=["phone-text", "phone-text-large-print"])
def test_every_players_page_follows_the_phones_large_text(live_server, open_page, organizer, large):
    """The page's text doubles with the phone's, and nothing scrolls
    sideways nor gets under 44 px (the fixtures check every page).
    « Grands caractères » on top of it keeps that size (137.5 % of 32 px
    would be wider than the pages are laid out for: app.css) and gives the
    high contrast.

    Browser: 390 px layout, scripts, computed style, axe.
    """
    tournament = long_named_tournament(organizer)
    # The door opens on the concours' day: today.
    Tournament.objects.filter(pk=tournament.pk).update(features=["door"], date=timezone.localdate())
    team = tournament.teams.get(number=5)
    playing = tournament.rounds.get(number=3).tables.filter(total_a=0).first()
    name = "phone-text" + ("-large-print" if large else "")
    player = open_page(viewport=PHONE)
    large_text(player)
    base = f"{live_server.url}/t/{tournament.slug}/"
    player.goto(live_server.url + "/")
    if large:
        player.get_by_role("button", name="Grands caractères").click()
    root = PHONE_TEXT  # not 44: at most 8.2vw (31.98 px), never under the phone's
    entrance = f"{live_server.url}/pointage/{door.door_key(tournament)}/"
    pages = {
        "home": live_server.url + "/",
        "detail": base,
        "standings": base + "classement/",
        "where": base + "ou-je-joue/?q=therese+delacroix",
        "team": base + f"equipes/{team.number}/",
        "results": base + "parties/2/",
        "door": entrance + "?q=" + quote(team.player1.last_name),
        "door-confirm": entrance + f"{team.number}/?q=" + quote(team.player1.last_name),
        "table-side": live_server.url + links.entry_path(playing),
    }
    for page_name, url in pages.items():
        player.goto(url)
        checked(player)  # guard.js has checked it
        sizes = player.evaluate(TEXT_SIZES)
        assert sizes == {"medium": PHONE_TEXT, "root": root}, (page_name, sizes)
        assert player.evaluate(LARGE) is large
        reads_whole(player)
        _shot(player, f"{name}-{page_name}")
    player.locator("#id_code").fill(playing.code_a)
    player.get_by_role("button", name="Saisir les donnes").click()
    expect(player.locator("#id_code")).to_have_count(0)
    checked(player)  # guard.js has checked it
    assert player.evaluate(TEXT_SIZES)["root"] == root
    _shot(player, f"{name}-table-side-entry")


# The width a unit's words take on the screen (1 px while the table's
# header says them: app.css).
WORDS_WIDTH = "(row) => row.querySelector('.unit').getBoundingClientRect().width"


@pytest.mark.parametrize("mode", ["phone", "phone-zoom-200", "desk"])
def test_a_ranking_of_five_figures_reads_as_lines_on_a_phone(
    live_server, open_page, organizer, mode
):
    """Match points and the opponents' points decide the ranking: a phone
    shows five figures a row, 26 em wide, more than a 390 px phone holds
    (the table scrolled sideways in its box): its rows read as lines there
    already, each figure with its words. A desk keeps the table.

    Browser: 390 px layout, axe.
    """
    tournament = long_named_tournament(organizer)
    Tournament.objects.filter(pk=tournament.pk).update(
        ranking_criteria=["match_points", "buchholz", "points"]
    )
    options, _large = MODES[mode]
    player = open_page(**options)
    player.goto(f"{live_server.url}/t/{tournament.slug}/classement/")
    first = player.locator("table.standings.many tbody tr").first
    expect(first).to_contain_text("points de match")
    reads_whole(player)
    assert (first.evaluate(WORDS_WIDTH) > 1) is (mode != "desk")


def test_grands_caracteres_is_one_tap_remembered_by_the_phone_without_a_cookie(
    live_server, open_page, tournament
):
    """Browser: 390 px layout, scripts, computed style, axe."""
    phone = open_page(viewport=PHONE)
    phone.goto(f"{live_server.url}/t/{tournament.slug}/")
    cookies = phone.context.cookies()
    toggle = phone.get_by_role("button", name="Grands caractères")
    expect(toggle).to_have_attribute("aria-pressed", "false")
    size = phone.evaluate("() => getComputedStyle(document.body).fontSize")
    toggle.click()
    expect(toggle).to_have_attribute("aria-pressed", "true")
    assert phone.evaluate(LARGE)
    assert phone.evaluate("() => getComputedStyle(document.body).fontSize") == "22px" != size
    assert phone.context.cookies() == cookies  # nothing sent to the server

    # Remembered on every page this phone opens next, from its first paint.
    phone.goto(f"{live_server.url}/t/{tournament.slug}/classement/")
    assert phone.evaluate(LARGE)
    expect(phone.get_by_role("button", name="Grands caractères")).to_have_attribute(
        "aria-pressed", "true"
    )
    # Another phone is not changed; one more tap and this one is back.
    other = open_page(viewport=PHONE)
    other.goto(f"{live_server.url}/t/{tournament.slug}/")
    assert not other.evaluate(LARGE)
    phone.get_by_role("button", name="Grands caractères").click()
    phone.reload()
    assert not phone.evaluate(LARGE)


# The height of a line's text on the hall screen, over the screen's height.
SHARE = """(selector) => {
  const el = document.querySelector(selector);
  return parseFloat(getComputedStyle(el).fontSize) / window.innerHeight;
}"""


SCREENS = [{"width": 1280, "height": 720}, {"width": 1920, "height": 1080}]


@pytest.mark.parametrize("screen", SCREENS)
def test_the_hall_screen_is_read_from_the_back_of_the_hall(live_server, open_page, round1, screen):
    """On a 2.5 m picture read from 20 m (an x-height of 1/200 of the
    distance, about 0.53 em): the lists' lines are 5 % of the screen's
    height, the clock 18 %. Whatever the screen's resolution.

    Browser: screen layout, computed style, axe.
    """
    hall = open_page(viewport=screen)
    hall.goto(f"{live_server.url}/t/{round1.tournament.slug}/ecran/")
    expect(hall.locator("#projector .scrolling li").first).to_be_visible()
    assert hall.evaluate(SHARE, "#projector .scrolling li") >= 0.049
    assert hall.evaluate(SHARE, "#projector .playing li") >= 0.049
    assert hall.evaluate(SHARE, "#projector h1") >= 0.064
    if shots := _shots():
        hall.screenshot(path=str(shots / f"hall-screen-{screen['width']}.png"))


def test_the_hall_screen_opened_by_the_organizer_after_a_restart_shows_no_banner(
    live_server, open_page, round1, settings, tmp_path
):
    """The hall screen is often opened from the organizer's laptop, signed
    in: after the hall server restarted, the organizer's notice (« Le
    serveur a redémarré… ») is for the desk's pages, not for the hall's
    screen (issue 38 item 10: it showed there, over the ranking).

    Browser: axe.
    """
    settings.HALL, settings.DATA_DIR = True, tmp_path
    now = datetime.datetime.now(datetime.UTC)
    uptime.record_start(tmp_path, now - datetime.timedelta(minutes=3))
    uptime.record_start(tmp_path, now - datetime.timedelta(minutes=1))
    hall = open_page(viewport=SCREENS[0])
    log_in(hall, live_server.url)
    hall.goto(f"{live_server.url}/organisation/")
    expect(hall.locator(".server-restart")).to_contain_text("Le serveur a redémarré à")
    hall.goto(f"{live_server.url}/t/{round1.tournament.slug}/ecran/")
    expect(hall.locator("#projector")).to_be_visible()
    expect(hall.locator(".server-restart")).to_have_count(0)
    # The fixtures run axe-core (colour contrast) on the page before it closes.
