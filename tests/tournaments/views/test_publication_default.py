"""Published or not (issue 38 item 3): on the hall's server a new concours
is published (the hall's network is the public); a hosted account's starts
unpublished, as before. An announced draw of an unpublished concours says
that players see nothing, with the button that publishes it."""

from __future__ import annotations

import pytest
from django.urls import reverse

from tournaments.models import Tournament

pytestmark = pytest.mark.django_db

FIRST_SCREEN = {
    "name": "Belote du lundi",
    "date": "2026-12-07",
    "preset": "ffb-belote",
    "format": "pairs",
    "parties": 4,
    "end_mode": "deals",
    "end_deals": 12,
    "score_entry": "deals",
}


@pytest.mark.parametrize(("hall", "published"), [(True, True), (False, False)])
def test_a_new_concours_is_published_on_the_hall_server_only(
    client, organizer, settings, hall, published
):
    settings.HALL = hall
    client.force_login(organizer)
    client.post(reverse("tournaments:create"), FIRST_SCREEN)
    assert Tournament.objects.get(name="Belote du lundi").published is published


def test_an_announced_draw_of_an_unpublished_concours_says_players_see_nothing(
    client, organizer, make_tournament
):
    from tests.factories import add_teams, draw_random_round

    tournament = make_tournament(published=False, release_draws=True)
    add_teams(tournament, 4)
    draw_random_round(tournament)
    client.force_login(organizer)
    base = f"/organisation/t/{tournament.slug}/parties/1/"
    page = client.post(
        reverse("tournaments:release", args=[tournament.slug, 1]), follow=True
    ).content.decode()
    assert "les joueurs voient leur table" not in page
    assert "les joueurs ne voient ni leur table ni le classement" in page
    assert "Publier le concours" in page
    answer = client.post(
        reverse("tournaments:publish", args=[tournament.slug]), {"published": "1", "partie": "1"}
    )
    assert answer.status_code == 302 and answer["Location"] == base
    tournament.refresh_from_db()
    assert tournament.published
    assert client.get(f"/t/{tournament.slug}/").status_code == 200
    page = client.get(base).content.decode()
    assert "Publier le concours" not in page


def test_an_announced_draw_of_a_published_concours_says_players_see_their_table(
    client, organizer, make_tournament
):
    from tests.factories import add_teams, draw_random_round

    tournament = make_tournament(published=True, release_draws=True)
    add_teams(tournament, 4)
    draw_random_round(tournament)
    client.force_login(organizer)
    page = client.post(
        reverse("tournaments:release", args=[tournament.slug, 1]), follow=True
    ).content.decode()
    assert "les joueurs voient leur table" in page and "Publier le concours" not in page
