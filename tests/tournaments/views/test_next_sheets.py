"""« Imprimer les feuilles de la partie suivante » (issue 38, item 12d): as
soon as a partie's draw is announced, and until its first score, the desk's
pages (the concours's and every partie's) hold one button to its sheets PDF;
a draft draw (players do not see it yet) and a partie begun have none."""

from __future__ import annotations

import pytest
from django.urls import reverse

from tests import factories
from tournaments.models import Round
from tournaments.services import release, rounds

pytestmark = pytest.mark.django_db


@pytest.fixture
def desk(client, organizer):
    client.force_login(organizer)
    return client


def button(page: str) -> str:
    if 'class="notice next-sheets' not in page:
        return ""
    return page.split('class="notice next-sheets')[1].split("</p>")[0]


def pages(desk, tournament) -> list[str]:
    urls = [reverse("tournaments:manage", args=[tournament.slug])]
    urls += [
        reverse("tournaments:round", args=[tournament.slug, r.number])
        for r in tournament.rounds.all()
    ]
    return [desk.get(url).text for url in urls]


@pytest.mark.parametrize(
    ("announce", "score", "expected"),
    [
        (False, False, None),  # a draft: not yet for the tables
        (True, False, 1),  # announced, nothing played: print now
        (True, True, None),  # begun: the sheets are on the tables
    ],
)
def test_the_button_follows_the_partie_announced_and_not_begun(
    desk, organizer, make_tournament, announce, score, expected
):
    tournament = make_tournament(release_draws=True)
    factories.add_teams(tournament, 4)
    rnd = rounds.draw_round(tournament=tournament, method=Round.DrawMethod.RANDOM, seed=2)
    if announce:
        release.release_round(round=rnd, by=organizer)
    if score:
        factories.add_deal(rnd.tables.filter(team_b__isnull=False).first())
    sheets = reverse("tournaments:sheets_pdf", args=[tournament.slug, 1])
    for page in pages(desk, tournament):
        found = button(page)
        if expected is None:
            assert not found
        else:
            assert sheets in found and "Imprimer les feuilles de la partie 1" in found


def test_one_click_gives_the_sheets_pdf(desk, organizer, make_tournament):
    tournament = make_tournament()
    factories.add_teams(tournament, 4)
    rounds.draw_round(tournament=tournament, method=Round.DrawMethod.RANDOM, seed=2)
    page = desk.get(reverse("tournaments:manage", args=[tournament.slug])).text
    href = button(page).split('href="')[1].split('"')[0]
    response = desk.get(href)
    assert response.status_code == 200 and response["Content-Type"] == "application/pdf"
