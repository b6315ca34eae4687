"""Issue 27.5 on the rankings that are not the standings page: the hall's
screen and the printed ranking say « provisoire » while the last claims
are open (the PDF said « Classement final » as soon as the last partie was
closed), then « définitif »."""

from __future__ import annotations

import html
import time
from datetime import timedelta

import pytest
from django.urls import reverse
from django.utils import timezone

from tests import factories
from tests.documents import pdf_text
from tournaments.models import Round, Tournament
from tournaments.services import claims

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
    """One word on the page, the true one (issue 54, item 5: the title said
    « Classement final » above « provisoire : réclamations jusqu'à … »)."""
    words = " ".join(pdf_text(client.get(url("standings_pdf", finished)).content, tmp_path).split())
    assert "Classement provisoire après 2 parties" in words
    assert "Classement provisoire : réclamations jusqu'à" in words
    assert "final" not in words.replace("phase finale", "") and "définitif" not in words
    for rnd in finished.rounds.all():
        claims.close_claims(round=rnd)
    words = " ".join(pdf_text(client.get(url("standings_pdf", finished)).content, tmp_path).split())
    assert "Classement final" in words
    assert "provisoire" not in words and "réclamations" not in words


def test_the_hall_screen_says_the_ranking_is_provisional_then_final(client, finished):
    page = html.unescape(client.get(url("projector", finished)).content.decode())
    ranking = page.split('class="ranking-window"')[1]
    assert '<small class="claims">(provisoire, réclamations jusqu\'à' in ranking
    for rnd in finished.rounds.all():
        claims.close_claims(round=rnd)
    page = html.unescape(client.get(url("projector", finished)).content.decode())
    assert '<small class="claims">(définitif)</small>' in page.split('class="ranking-window"')[1]


@pytest.mark.shared_cache
def test_a_poll_after_the_claims_end_on_their_timer_gets_the_final_ranking(client, finished):
    """A window ends with no write (no new revision): the pages' ETag still
    moves, or phones polling the ranking kept « provisoire » for ever."""
    first, last = finished.rounds.order_by("number")
    claims.close_claims(round=first)
    soon = timezone.now() - timedelta(minutes=finished.claims_minutes_last, seconds=-2)
    Round.objects.filter(pk=last.pk).update(closed_at=soon)
    poll, etags = {"HX-Request": "true"}, {}
    for name in ("standings", "projector"):
        answer = client.get(url(name, finished), headers=poll)
        assert "provisoire" in html.unescape(answer.text)
        etag = etags[name] = answer.headers["ETag"]
        assert (
            client.get(url(name, finished), headers={**poll, "If-None-Match": etag}).status_code
            == 304
        )
    time.sleep(2.5)
    for name, said in (("standings", "Classement définitif."), ("projector", "(définitif)")):
        answer = client.get(url(name, finished), headers={**poll, "If-None-Match": etags[name]})
        assert answer.status_code == 200 and said in html.unescape(answer.text)
