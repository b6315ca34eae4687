"""The players' pages on a phone of 390 × 844 (issue 38, items 5 and 11):
the live ranking's first lines are on the first screen, at A and at A+
(« Grands caractères »: two lines of the longest names), its rules
text below them; and no text of a
players' page is under 16 px, the deal lines' headers included.

Set BROWSER_SCREENSHOTS to a folder to keep the first screen of the
ranking and each page measured (to look at them, not to compare)."""

from __future__ import annotations

import datetime

import pytest
from playwright.sync_api import Page, expect

from tests import factories
from tests.browser.grid import tap_deal
from tests.browser.shots import PHONE, shot
from tests.browser.test_public_pages_on_a_phone import long_named_tournament
from tests.tournaments.features.halls.builders import hall_file, raw
from tests.tournaments.services.test_persons import finished_concours
from tournaments.features.challenge import services as challenges
from tournaments.features.halls import services as halls
from tournaments.infra import links
from tournaments.models import Player
from tournaments.services import brackets, pools, rounds

pytestmark = pytest.mark.django_db(transaction=True)

SMALLEST = 16  # px: the players' pages' smallest text (issue 38, item 11)

# Every text node shown (a box of its own on the screen, not hidden, not a
# screen reader's only text clipped to a pixel) with its computed size.
SMALL_TEXTS = """(smallest) => {
  const faults = [];
  const walker = document.createTreeWalker(document.body, NodeFilter.SHOW_TEXT);
  const range = document.createRange();
  while (walker.nextNode()) {
    const node = walker.currentNode;
    const text = node.textContent.trim();
    if (!text) continue;
    const element = node.parentElement;
    if (!element || element.closest("script, style, template, noscript")) continue;
    const style = getComputedStyle(element);
    if (style.visibility === "hidden") continue;
    let clipped = false;  // a screen reader's only text (.visually-hidden)
    for (let e = element; e && e !== document.body && !clipped; e = e.parentElement) {
      clipped = getComputedStyle(e).clipPath !== "none";
    }
    if (clipped) continue;
    range.selectNodeContents(node);
    const box = range.getBoundingClientRect();
    if (box.width < 2 || box.height < 2) continue;
    const size = parseFloat(style.fontSize);
    if (size < smallest) {
      const path = [element.parentElement, element].filter(Boolean).map((e) =>
        e.tagName.toLowerCase() + [...e.classList].map((c) => "." + c).join("")).join(" > ");
      const said = `${size} px: ${path}`;
      if (!faults.some((f) => f.startsWith(said))) faults.push(`${said} « ${text.slice(0, 30)} »`);
    }
  }
  return faults;
}"""

# The deal lines' headings: each word inside its column, at least `apart`
# px from the next (« Preneur » must not run into « Contrat »).
CROWDED_HEADINGS = """(apart) => {
  const range = document.createRange();
  const words = [...document.querySelectorAll("th.line-head > span")].map((span) => {
    const shown = span.querySelector("[aria-hidden=true]") || span;
    range.selectNodeContents(shown);
    const text = range.getBoundingClientRect();
    return { word: shown.textContent.trim(), text, column: span.getBoundingClientRect() };
  }).filter((w) => w.word && w.text.width > 2).sort((a, b) => a.text.left - b.text.left);
  const faults = [];
  words.forEach((w, i) => {
    if (w.text.left < w.column.left - 0.5 || w.text.right > w.column.right + 0.5) {
      faults.push(`« ${w.word} » is wider than its column`);
    }
    const next = words[i + 1];
    if (next && next.text.top < w.text.bottom && next.text.left - w.text.right < apart) {
      faults.push(`« ${w.word} » runs into « ${next.word} »`);
    }
  });
  return faults;
}"""

# The first `count` rows of the ranking, as boxes of the first screen.
FIRST_ROWS = """(count) => {
  const rows = [...document.querySelectorAll("#standings tbody tr")].slice(0, count);
  return rows.map((row) => {
    const box = row.getBoundingClientRect();
    return { top: box.top, bottom: box.bottom, left: box.left, right: box.right };
  });
}"""


@pytest.mark.parametrize("large_print", [False, True], ids=["A", "A+"])
def test_the_live_rankings_first_lines_are_on_the_first_screen(
    live_server, page: Page, organizer, large_print
):
    """Browser: 390 px layout, screen layout, scripts."""
    tournament = long_named_tournament(organizer)
    page.set_viewport_size(PHONE)
    url = f"{live_server.url}/t/{tournament.slug}/classement/"
    page.goto(url)
    if large_print:
        page.get_by_role("button", name="Grands caractères").click()
        page.goto(url)  # opened already enlarged, as the phone remembers it
    expect(page.locator("#standings tbody tr").first).to_be_visible()
    assert page.evaluate("() => window.scrollY") == 0
    shot(page, "first-screen-ranking-" + ("large" if large_print else "plain"), full_page=False)
    # The longest names of long_named_tournament wrap: three lines at A,
    # two at A+ (a line is three or four lines of 22 px text there).
    count = 2 if large_print else 3
    rows = page.evaluate(FIRST_ROWS, count)
    assert len(rows) == count
    for row in rows:
        assert row["top"] >= 0 and row["bottom"] <= PHONE["height"], rows
        assert row["left"] >= 0 and row["right"] <= PHONE["width"], rows
    # The rules text goes below the ranking.
    explanation = page.locator(".explanation").bounding_box()
    assert explanation is not None and explanation["y"] > rows[-1]["bottom"]


def test_no_text_of_the_players_pages_is_under_16_px(live_server, page: Page, organizer, round1):
    """Browser: 390 px layout, scripts, axe."""
    tournament = long_named_tournament(organizer)
    team = tournament.teams.get(number=5)
    table = round1.tables.order_by("number").first()  # a concours entered deal by deal
    page.set_viewport_size(PHONE)
    base = f"{live_server.url}/t/{tournament.slug}/"
    pages = {
        "detail": base,
        "standings": base + "classement/",
        "where": base + "ou-je-joue/?q=therese+delacroix",
        "team": base + f"equipes/{team.number}/",
        "results": base + "parties/2/",
    }
    faults = {}
    for name, url in pages.items():
        page.goto(url)
        faults[name] = page.evaluate(SMALL_TEXTS, SMALLEST)
        shot(page, f"first-screen-{name}")
    # The table's page, before the code and with deals entered on the pad.
    page.goto(live_server.url + links.entry_path(table))
    faults["table-code"] = page.evaluate(SMALL_TEXTS, SMALLEST)
    page.locator("#id_code").fill(table.code_a)
    page.get_by_role("button", name="Saisir les donnes").click()
    tap_deal(page, taker="NS", trump="♥", bid="90", points="97")
    expect(page.locator("#deal-1")).to_be_visible()
    tap_deal(page, taker="EO", trump="♠", bid="100", points="110", coinche="x")
    expect(page.locator("#deal-2")).to_be_visible()
    faults["table"] = page.evaluate(SMALL_TEXTS, SMALLEST)
    faults["table"] += page.evaluate(CROWDED_HEADINGS, 6)
    shot(page, "first-screen-table")
    page.goto(f"{live_server.url}/langue/en/?next={links.entry_path(table)}")
    expect(page.locator("th.line-head")).to_contain_text("Taker")
    faults["table-en"] = page.evaluate(SMALL_TEXTS, SMALLEST)
    faults["table-en"] += page.evaluate(CROWDED_HEADINGS, 6)
    shot(page, "first-screen-table-en")
    said = [f"{name}: {fault}" for name, found in faults.items() for fault in found]
    assert not said, "\n".join(said)


def _brackets(organizer):
    """A concours of 10 teams and 2 parties, its main bracket and consolante
    of 4 created and their first round played."""
    tournament = factories.qualified_tournament(
        owner=organizer, teams=10, name="Finale du Challenge de la Vallée d'Aure"
    )
    brackets.create_brackets(tournament=tournament, main=4, consolante=4)
    rnd = brackets.draw_bracket_round(tournament=tournament)
    factories.play_bracket_round(rnd)
    rounds.close_round(round=rnd)
    return tournament


def _pools(organizer):
    """A concours of 16 teams in 4 pools of 4, their first partie played."""
    tournament = factories.build_tournament(
        owner=organizer, name="Mondial de coinche de Borgu", parties=3, end_deals=1
    )
    factories.add_teams(tournament, 16)
    pools.form_pools(tournament=tournament, size=4)
    rnd = rounds.draw_pool_round(tournament=tournament)
    for table in rnd.tables.filter(team_b__isnull=False):
        factories.add_deal(table)
    rounds.close_round(round=rnd)
    return tournament


def _challenge(organizer):
    """A published challenge of two evenings of 8 players."""
    names = [("Marie-Thérèse", "Delacroix-Chênevière"), ("Jean-Baptiste", "Lefèvre-Desbordes")]
    names += [("Anne-Sophie", f"Thébault{n}") for n in range(6)]
    challenge = challenges.create_challenge(
        owner=organizer, name="Challenge d’hiver de Saint-Éloi", best_n=2, published=True
    )
    for n in range(2):
        evening = factories.played_tournament(
            owner=organizer,
            name=f"Soirée coinche n° {n + 1}",
            day=datetime.date(2026, 1, 9 + 7 * n),
            pairs=[(names[2 * i], names[(2 * i + 1 + 2 * n) % 8]) for i in range(4)],
            seed=n + 1,
        )
        challenges.add_tournament(challenge=challenge, tournament=evening, by=organizer)
    return challenge


def _halls(organizer):
    """A concours played in two halls, its ranking hidden before its last
    partie: Vic's file in after its last partie, Lembeye's after its first."""
    tournament = factories.build_tournament(
        owner=organizer, name="Concours des deux salles", ranking_hidden=True
    )
    halls.declare_halls(
        tournament=tournament, names=["Salle des fêtes de Vic", "Foyer rural"], planned=2, by=None
    )
    vic, lembeye = tournament.hall_merge.halls.order_by("position")
    halls.receive_hall_file(hall=vic, raw=raw(hall_file(organizer, name="Vic")))
    halls.receive_hall_file(hall=lembeye, raw=raw(hall_file(organizer, name="Lembeye", played=1)))
    return tournament


def test_no_text_of_the_other_public_pages_is_under_16_px(live_server, page: Page, organizer):
    """The players' other pages at 390 px (issue 38, item 11): the pools,
    the final phase, a season's challenge, a player's and a club's pages,
    a published concours's results and the merged ranking of several halls
    (hiding its last partie, issue 38 item 12a); none wider than the
    screen (the shared guard of `page` fails on it too).

    Browser: 390 px layout, axe.
    """
    concours = finished_concours(organizer, name="Concours de la Saint-Éloi", shown={"Lefèvre0"})
    person = Player.objects.get(last_name="Lefèvre0").person
    page.set_viewport_size(PHONE)
    base = live_server.url
    pages = {
        "pools": f"{base}/t/{_pools(organizer).slug}/poules/",
        "brackets": f"{base}/t/{_brackets(organizer).slug}/phase-finale/",
        "challenge": f"{base}/challenge/{_challenge(organizer).slug}/",
        "person": f"{base}/joueurs/{person.pk}/",
        "club": f"{base}/clubs/{person.club_key}/",
        "results": f"{base}/t/{concours.slug}/resultats/",
        "halls": f"{base}/t/{_halls(organizer).slug}/salles/",
    }
    faults = {}
    for name, url in pages.items():
        page.goto(url)
        expect(page.get_by_role("heading", level=1)).to_be_visible()
        faults[name] = page.evaluate(SMALL_TEXTS, SMALLEST)
        assert page.evaluate("() => document.documentElement.scrollWidth") <= PHONE["width"], name
        shot(page, f"small-text-{name}")
    # The merged ranking hides Vic's last partie, as one hall's page would.
    expect(page.locator(".ranking-hidden")).to_contain_text("masqué jusqu'à la fin du concours")
    said = [f"{name}: {fault}" for name, found in faults.items() for fault in found]
    assert not said, "\n".join(said)
