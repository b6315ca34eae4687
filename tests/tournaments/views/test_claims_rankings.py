"""Issue 27.5 on the rankings that are not the standings page: the hall's
screen and the printed ranking say « provisoire » while the last claims
are open (the PDF said « Classement final » as soon as the last partie was
closed), then « définitif »."""

from __future__ import annotations

import html
import time
from datetime import UTC, datetime, timedelta

import pytest
from django.urls import reverse

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
def test_a_poll_after_the_claims_end_on_their_timer_gets_the_final_ranking(client, finished, clock):
    """A window ends with no write (no new revision): the pages' ETag still
    moves, or phones polling the ranking kept « provisoire » for ever.

    The app's clock is the test's: before the window's end however long
    the first polls take, then past it. The end is a few seconds from the
    real time all the same: with Redis, the 304 remembered for the first
    polls lasts until then (`freshness.remember`), in Redis's own clock,
    which the test waits out."""
    first, last = finished.rounds.order_by("number")
    clock.now = datetime.now(UTC)  # after the fixture closed the parties
    claims.close_claims(round=first)
    end = time.time() + 3
    closed = datetime.fromtimestamp(end, UTC) - timedelta(minutes=finished.claims_minutes_last)
    Round.objects.filter(pk=last.pk).update(closed_at=closed)
    poll, etags = {"HX-Request": "true"}, {}
    for name in ("standings", "projector"):
        answer = client.get(url(name, finished), headers=poll)
        assert "provisoire" in html.unescape(answer.text)
        etag = etags[name] = answer.headers["ETag"]
        assert (
            client.get(url(name, finished), headers={**poll, "If-None-Match": etag}).status_code
            == 304
        )
    clock.now = datetime.fromtimestamp(end, UTC) + timedelta(seconds=1)
    time.sleep(max(0.0, end - time.time()) + 0.1)  # Redis's copy of the 304 has expired
    for name, said in (("standings", "Classement définitif."), ("projector", "(définitif)")):
        answer = client.get(url(name, finished), headers={**poll, "If-None-Match": etags[name]})
        assert answer.status_code == 200 and said in html.unescape(answer.text)
