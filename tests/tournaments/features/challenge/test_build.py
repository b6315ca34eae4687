"""The season challenge's pages through the test client: the organizer
creates a challenge, adds and removes evenings, fixes a typo in the points
table; players read the public page and the PDF (in French and English);
another organizer reaches nothing."""

from __future__ import annotations

import datetime

import pytest
from django.urls import reverse

from tests import factories
from tests.documents import pdf_text
from tournaments.features.challenge import services as challenges
from tournaments.features.challenge.models import Challenge

pytestmark = pytest.mark.django_db

FIRST = [
    (("Anne", "Lefèvre"), ("Bruno", "Bérard")),
    (("Claire", "Dupré"), ("David", "Évrard")),
    (("Éric", "Noël"), ("Fanny", "Quéré")),
    (("Gilles", "Roux"), ("Hélène", "Sénéchal")),
]
SECOND = [
    (("Anne", "Lefevre"), ("Claire", "Dupré")),
    (("Bruno", "Bérard"), ("David", "Évrard")),
    (("Éric", "Noël"), ("Gilles", "Roux")),
    (("Fanny", "Quéré"), ("Hélène", "Sénéchal")),
]


@pytest.fixture
def evenings(organizer):
    return [
        factories.played_tournament(
            owner=organizer, name=name, day=datetime.date(2026, 1, day), pairs=pairs
        )
        for name, day, pairs in (("Soirée de janvier", 9, FIRST), ("Soirée d'hiver", 16, SECOND))
    ]


def test_the_organizer_builds_a_challenge(client, organizer, evenings):
    client.force_login(organizer)
    response = client.post(
        reverse("tournaments:challenge_list"),
        {
            "name": "Challenge d'hiver",
            "kind": "games",
            "win": 4,
            "draw": 3,
            "loss": 2,
            "bye": 3,
            "best_n": 1,
            "min_events": 2,
        },
    )
    challenge = Challenge.objects.get()
    manage = reverse("tournaments:challenge_manage", args=[challenge.slug])
    assert response["Location"] == manage
    for t in evenings:
        client.post(
            reverse("tournaments:challenge_add", args=[challenge.slug]), {"tournament": t.pk}
        )
    page = client.get(manage).content.decode()
    assert "Soirée de janvier" in page and "Soirée d&#x27;hiver" in page
    assert page.count('class="ev dropped"') == 8  # best 1 of 2: one struck per player
    assert "non qualifié" not in page

    client.post(reverse("tournaments:challenge_remove", args=[challenge.slug, evenings[1].pk]))
    page = client.get(manage).content.decode()
    assert page.count("non qualifié") == 8
    assert list(challenge.tournaments.all()) == [evenings[0]]


def test_a_typo_in_the_points_table_is_shown_next_to_the_field(client, organizer):
    client.force_login(organizer)
    response = client.post(
        reverse("tournaments:challenge_list"),
        {
            "name": "Challenge",
            "kind": "rank",
            "win": 4,
            "draw": 3,
            "loss": 2,
            "bye": 3,
            "best_n": 0,
            "min_events": 0,
            "rank_table": "1er : 20, 2e : dix-sept",
        },
    )
    assert response.status_code == 200
    assert response.context["form"].errors["rank_table"]
    assert not Challenge.objects.exists()


def test_another_organizers_tournament_cannot_be_added(client, organizer, django_user_model):
    other = django_user_model.objects.create_user("autre", password=factories.PASSWORD)
    theirs = factories.played_tournament(
        owner=other, name="Leur soirée", day=datetime.date(2026, 1, 2), pairs=FIRST
    )
    challenge = challenges.create_challenge(owner=organizer, name="Challenge")
    client.force_login(organizer)
    client.post(
        reverse("tournaments:challenge_add", args=[challenge.slug]), {"tournament": theirs.pk}
    )
    assert not challenge.tournaments.exists()
    # And the other organizer does not see this challenge's settings.
    client.force_login(other)
    manage = reverse("tournaments:challenge_manage", args=[challenge.slug])
    assert client.get(manage).status_code == 404


def test_players_read_the_public_page_and_the_pdf(client, organizer, evenings, tmp_path):
    challenge = challenges.create_challenge(owner=organizer, name="Challenge d'hiver", best_n=1)
    for t in evenings:
        challenges.add_tournament(challenge=challenge, tournament=t, by=organizer)
    url = reverse("tournaments:challenge", args=[challenge.slug])
    assert client.get(url).status_code == 404  # not published yet
    challenges.update_challenge(challenge=challenge, name=challenge.name, published=True)

    page = client.get(url).content.decode()
    assert page.count("<tr") == 9 and "Anne Lefevre" in page
    assert (
        reverse("tournaments:challenge", args=[challenge.slug])
        in client.get(reverse("tournaments:home")).content.decode()
    )
    detail = client.get(evenings[0].get_absolute_url()).content.decode()
    assert url in detail

    text = pdf_text(client.get(url[:-1] + ".pdf").content, tmp_path)
    assert "Challenge d'hiver" in text and "Anne Lefevre" in text and "Soirée par soirée" in text

    client.get(reverse("tournaments:language", args=["en"]))
    english = client.get(url).content.decode()
    assert "Evening by evening" in english
    assert "Evening by evening" in pdf_text(client.get(url[:-1] + ".pdf").content, tmp_path)
