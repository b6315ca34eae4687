"""The hall's screen (issue 38, item 10): it never shows the organizer's
banners (a message of the desk, the journal's trouble, a restart), even when
the laptop that projects it is the organizer's, signed in; the message waits
for the desk's next page. The leader's line stands apart from the rows that
scroll, under the ranking's heading (the browser test measures it)."""

from __future__ import annotations

import pytest
from django.urls import reverse

from tests import factories
from tournaments.models import Round

pytestmark = pytest.mark.django_db


@pytest.fixture
def signed_in(client, organizer, tournament, teams):
    client.force_login(organizer)
    return client


def draw_with_its_message(client, tournament) -> None:
    response = client.post(
        reverse("tournaments:draw", args=[tournament.slug]),
        {"method": Round.DrawMethod.RANDOM, "seed": 4},
    )
    assert response.status_code == 302


@pytest.mark.parametrize("screen", ["projector", "brackets_projector"])
def test_the_hall_screen_shows_no_organizer_message_and_leaves_it_for_the_desk(
    signed_in, tournament, screen
):
    draw_with_its_message(signed_in, tournament)
    page = signed_in.get(reverse(f"tournaments:{screen}", args=[tournament.slug]))
    assert page.status_code == 200
    assert "tirée" not in page.text and 'class="messages"' not in page.text
    desk = signed_in.get(reverse("tournaments:dashboard"))
    assert "Partie 1 tirée." in desk.text


def test_the_desk_still_shows_its_messages(signed_in, tournament):
    draw_with_its_message(signed_in, tournament)
    page = signed_in.get(reverse("tournaments:round", args=[tournament.slug, 1]))
    assert 'class="messages"' in page.text and "Partie 1 tirée." in page.text


def test_the_hall_screen_shows_no_restart_or_journal_banner(signed_in, tournament, settings):
    page = signed_in.get(reverse("tournaments:projector", args=[tournament.slug]))
    assert "server-restart" not in page.text and "journal-trouble" not in page.text


def test_the_leaders_line_is_apart_from_the_scrolling_rows(client, tournament, teams):
    rnd = factories.draw_random_round(tournament, seed=1)
    for table in rnd.tables.filter(team_b__isnull=False):
        factories.add_deal(table)
    page = client.get(reverse("tournaments:projector", args=[tournament.slug])).text
    leader = page.split('class="leader-line"')[1].split("</ol>")[0]
    rest = page.split('class="scrolling" start="2"')[1].split("</ol>")[0]
    assert leader.count("<li>") == 1 and rest.count("<li>") == len(teams) - 1
