"""Issue 27.5 on the rankings that are not the standings page: the hall's
screen and the printed ranking say « provisoire » while the last claims
are open (the PDF said « Classement final » as soon as the last partie was
closed), then « définitif »."""

from __future__ import annotations

import html

import pytest
from django.urls import reverse

from tests import factories
from tests.documents import pdf_text
from tournaments import services
from tournaments.models import Tournament

pytestmark = pytest.mark.django_db


@pytest.fixture
def finished(organizer) -> Tournament:
    """Both parties closed a moment ago: the last one's claims are open."""
    tournament = factories.qualified_tournament(owner=organizer, teams=6, parties=2)
    assert tournament.status == Tournament.Status.FINISHED
    return tournament


def url(name: str, tournament: Tournament) -> str:
    return reverse(f"tournaments:{name}", args=[tournament.slug])


def test_the_printed_ranking_is_provisional_until_the_last_claims_end(client, finished, tmp_path):
    words = " ".join(pdf_text(client.get(url("standings_pdf", finished)).content, tmp_path).split())
    assert "Classement provisoire : réclamations jusqu'à" in words
    for rnd in finished.rounds.all():
        services.close_claims(round=rnd)
    words = " ".join(pdf_text(client.get(url("standings_pdf", finished)).content, tmp_path).split())
    assert "Classement final" in words and "Classement définitif." in words
    assert "provisoire" not in words


def test_the_hall_screen_says_the_ranking_is_provisional_then_final(client, finished):
    page = html.unescape(client.get(url("projector", finished)).content.decode())
    ranking = page.split('class="ranking-window"')[1]
    assert '<small class="claims">(provisoire, réclamations jusqu\'à' in ranking
    for rnd in finished.rounds.all():
        services.close_claims(round=rnd)
    page = html.unescape(client.get(url("projector", finished)).content.decode())
    assert '<small class="claims">(définitif)</small>' in page.split('class="ranking-window"')[1]
