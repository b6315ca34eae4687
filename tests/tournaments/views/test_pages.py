"""Public pages speak French by default and English on request."""

from __future__ import annotations

import pytest
from django.urls import reverse
from django.utils import timezone

from scoring import summary_fr
from tournaments.models import Tournament

pytestmark = pytest.mark.django_db


def test_home_lists_published_tournaments_in_french(client, tournament, clock):
    # Played today: the home lists it first (a concours never closed leaves it a month on).
    # On the test's clock (pinned): today all along, even at midnight.
    Tournament.objects.filter(pk=tournament.pk).update(date=timezone.localdate())
    response = client.get(reverse("tournaments:home"))
    assert response.status_code == 200
    assert "Concours de la Saint-Éloi" in response.text
    assert "Tournois" in response.text


def test_an_unpublished_tournament_is_hidden_from_the_public(client, tournament):
    Tournament.objects.filter(pk=tournament.pk).update(published=False)
    assert "Saint-Éloi" not in client.get(reverse("tournaments:home")).text
    assert client.get(tournament.get_absolute_url()).status_code == 404


def test_its_organizer_still_sees_an_unpublished_tournament(client, tournament, organizer):
    Tournament.objects.filter(pk=tournament.pk).update(published=False)
    client.force_login(organizer)
    assert client.get(tournament.get_absolute_url()).status_code == 200


def test_switching_the_language_shows_english(client, tournament):
    response = client.get(reverse("tournaments:language", args=["en"]), {"next": "/"}, follow=True)
    assert response.status_code == 200
    assert "Tournaments" in response.text
    assert client.cookies["django_language"].value == "en"


def test_the_language_switch_never_redirects_off_site(client):
    response = client.get(
        reverse("tournaments:language", args=["en"]), {"next": "https://evil.example/"}
    )
    assert response["Location"] == "/"


def test_the_tournament_page_prints_the_rule_profile(client, tournament):
    response = client.get(tournament.get_absolute_url())
    assert summary_fr(tournament.rule_profile) in response.text


def test_pages_send_a_same_origin_content_security_policy(client, tournament):
    response = client.get(reverse("tournaments:home"))
    assert "default-src 'self'" in response.headers["Content-Security-Policy"]


@pytest.mark.parametrize("name", ["sheets_pdf", "plan_pdf", "results_pdf"])
def test_the_organizer_prints_the_documents_of_a_partie(client, organizer, round1, name):
    client.force_login(organizer)
    response = client.get(reverse(f"tournaments:{name}", args=[round1.tournament.slug, 1]))
    assert response.status_code == 200
    assert response["Content-Type"] == "application/pdf"
    assert response.content.startswith(b"%PDF")


def test_the_public_ranking_prints_as_a_pdf(client, tournament):
    response = client.get(reverse("tournaments:standings_pdf", args=[tournament.slug]))
    assert response.status_code == 200 and response.content.startswith(b"%PDF")


def test_a_partie_s_documents_are_refused_to_anonymous_visitors(client, round1):
    response = client.get(reverse("tournaments:sheets_pdf", args=[round1.tournament.slug, 1]))
    assert response.status_code == 302 and "/compte/connexion/" in response["Location"]


def test_the_deal_preview_answers_with_the_marques(client, organizer, table):
    client.force_login(organizer)
    url = reverse("tournaments:deal_preview", args=[table.round.tournament.slug, 1, table.number])
    response = client.post(url, {"taker": "NS", "trump": "♥", "bid": "90", "points": "97"})
    assert response.status_code == 200
    assert "190" in response.text and "70" in response.text
    refused = client.post(url, {"taker": "NS", "trump": "♥", "bid": "85", "points": "97"})
    assert "10" in refused.text and "preview-error" in refused.text


@pytest.mark.parametrize(
    "data",
    [
        {"taker": "Z", "trump": "♥", "bid": "90", "points": "97"},
        {"taker": "NS", "trump": "XX", "bid": "90", "points": "97"},
        {"taker": "NS", "trump": "♥", "bid": "abc", "points": "97"},
        {"taker": "NS", "trump": "♥", "bid": "90", "points": "-5"},
        {"taker": "NS", "trump": "♥", "bid": "95", "points": "97"},
        {"taker": "NS", "trump": "♥", "bid": "90", "points": "300"},
        {"taker": "NS", "trump": "SA", "bid": "90", "points": "97"},
        {"taker": "NS", "trump": "♥", "bid": "90", "points": "97", "belote": "nnn"},
    ],
)
def test_an_impossible_deal_posted_directly_is_refused_in_french_and_changes_nothing(
    client, organizer, table, data
):
    client.force_login(organizer)
    url = reverse("tournaments:deal_save", args=[table.round.tournament.slug, 1, table.number])
    response = client.post(url, {**data, "version": table.version})
    assert response.status_code == 422
    assert 'class="errorlist' in response.text
    table.refresh_from_db()
    assert not table.deals.exists() and table.version == 1


def test_the_favicon_is_found(client):
    from django.contrib.staticfiles import finders

    response = client.get("/favicon.ico")
    assert response.status_code == 301
    assert response["Location"] == "/static/img/favicon.svg"
    assert finders.find("img/favicon.svg")
