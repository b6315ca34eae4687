"""The projector's ranking, in Chromium on a hall's screen (1280 × 720): a
ranking longer than its window scrolls round without ever leaving the window
empty (it used to move its whole height up and show a blank window until it
started again), a row at a time, never resting half-hidden under the
leader's pinned line nor cut by the window's foot (issue 54, item 11), and
a ranking that fits stands still."""

from __future__ import annotations

import os
from pathlib import Path

import pytest
from playwright.sync_api import Page

from tests import factories
from tournaments.models import Round, Tournament
from tournaments.services import rounds, scores

pytestmark = pytest.mark.django_db(transaction=True)

SCREEN = {"width": 1280, "height": 720}

# The rows of the window's list (either copy) whose box is inside the window.
ROWS_SHOWN = """() => {
  const frame = document.querySelector('#projector .ranking-window').getBoundingClientRect();
  return [...document.querySelectorAll('#projector .ranking-window li')].filter((li) => {
    const box = li.getBoundingClientRect();
    return box.bottom > frame.top + 40 && box.top < frame.bottom;
  }).length;
}"""


def concours(owner, teams: int) -> Tournament:
    tournament = factories.build_tournament(
        owner=owner,
        parties=2,
        score_entry=Tournament.ScoreEntry.TOTALS,
        overrides={"rounding": "none"},  # totals to the point: 805, 810…
    )
    factories.add_teams(tournament, teams)
    rnd = rounds.draw_round(tournament=tournament, method=Round.DrawMethod.RANDOM, seed=3)
    for i, table in enumerate(rnd.tables.filter(team_b__isnull=False).order_by("number")):
        scores.record_totals(table=table, total_a=1200 + 10 * i, total_b=800 + 5 * i)
    return tournament


def seek(page: Page, fraction: float) -> None:
    """Holds the loop at `fraction` of its course."""
    page.evaluate(
        """(fraction) => {
          const [loop] = document.querySelector('#projector .scrolling-track').getAnimations();
          loop.pause();
          loop.currentTime = loop.effect.getTiming().duration * fraction;
        }""",
        fraction,
    )
    page.wait_for_timeout(50)


def test_a_long_ranking_loops_without_an_empty_window(page: Page, live_server, django_user_model):
    owner = django_user_model.objects.create_user("orga", password="x")
    tournament = concours(owner, 60)
    page.set_viewport_size(SCREEN)
    page.goto(f"{live_server.url}/t/{tournament.slug}/ecran/")
    page.wait_for_selector("#projector .scrolling-track.looping")
    # The second copy is for the eyes only.
    assert page.locator("#projector ol.scrolling-copy").get_attribute("aria-hidden") == "true"
    for fraction in (0.0, 0.25, 0.5, 0.75, 0.95, 0.999):
        seek(page, fraction)
        assert page.evaluate(ROWS_SHOWN) >= 8, f"window nearly empty at {fraction:.0%}"
        if folder := os.environ.get("BROWSER_SCREENSHOTS"):
            Path(folder).mkdir(parents=True, exist_ok=True)
            page.screenshot(path=str(Path(folder) / f"projector-{int(fraction * 1000)}.png"))


def test_a_short_ranking_stands_still(page: Page, live_server, django_user_model):
    owner = django_user_model.objects.create_user("orga", password="x")
    tournament = concours(owner, 6)
    page.set_viewport_size(SCREEN)
    page.goto(f"{live_server.url}/t/{tournament.slug}/ecran/")
    page.wait_for_selector("#projector .ranking-window li")
    page.wait_for_timeout(200)
    assert page.locator("#projector .scrolling-track").count() == 0
    moving = "() => document.querySelector('#projector ol.scrolling').getAnimations().length"
    assert page.evaluate(moving) == 0


# The leader's line: its box, the heading's, and what is drawn at its middle.
LEADER = """() => {
  const line = document.querySelector('#projector .leader-line li').getBoundingClientRect();
  const heading = document.querySelector('#projector .ranking-window h2').getBoundingClientRect();
  const hit = document.elementFromPoint(line.left + line.width / 2, line.top + line.height / 2);
  return {top: line.top, headingBottom: heading.bottom,
          onTop: !!hit && !!hit.closest('.leader-line')};
}"""


def test_the_leaders_line_is_never_hidden_under_the_heading(
    page: Page, live_server, django_user_model
):
    """Issue 38, item 10: the ranking slid up under its heading, leader first."""
    owner = django_user_model.objects.create_user("orga", password="x")
    tournament = concours(owner, 60)
    page.set_viewport_size(SCREEN)
    page.goto(f"{live_server.url}/t/{tournament.slug}/ecran/")
    page.wait_for_selector("#projector .scrolling-track.looping")
    for fraction in (0.0, 0.05, 0.5, 0.95):
        seek(page, fraction)
        leader = page.evaluate(LEADER)
        assert leader["top"] >= leader["headingBottom"] - 1, fraction
        assert leader["onTop"], f"the leader's line is covered at {fraction:.0%}"
    if folder := os.environ.get("BROWSER_SCREENSHOTS"):
        page.screenshot(path=str(Path(folder) / "projector-leader.png"))


# The rows of the list that a line crosses: the leader's pinned line's foot,
# or the window's foot (a row there is half-hidden).
CUT_ROWS = """() => {
  const pinned = document.querySelector('#projector .leader-line').getBoundingClientRect().bottom;
  const foot = document.querySelector('#projector .ranking-window').getBoundingClientRect().bottom;
  return [...document.querySelectorAll('#projector .scrolling-track li')].filter((li) => {
    const box = li.getBoundingClientRect();
    return [pinned, foot].some((line) => box.top < line - 1 && box.bottom > line + 1);
  }).map((li) => li.innerText.split('\\n').join(' '));
}"""


def test_at_rest_no_row_is_half_hidden_under_the_leader_or_the_window_s_foot(
    page: Page, live_server, django_user_model
):
    """Issue 54, item 11: one row sat half-hidden under the pinned first row
    (the list slid up without a stop)."""
    owner = django_user_model.objects.create_user("orga", password="x")
    tournament = concours(owner, 40)
    page.set_viewport_size(SCREEN)
    page.goto(f"{live_server.url}/t/{tournament.slug}/ecran/")
    page.wait_for_selector("#projector .scrolling-track.looping")
    rows = page.locator("#projector ol.scrolling li").count()
    for row in (0, 1, 7, rows // 2, rows - 1):
        seek(page, (row + 0.5) / rows)  # the middle of a row's time: at rest
        assert page.evaluate(CUT_ROWS) == [], f"row {row + 2} at rest"
    if folder := os.environ.get("BROWSER_SCREENSHOTS"):
        page.screenshot(path=str(Path(folder) / "projector-at-rest.png"))
