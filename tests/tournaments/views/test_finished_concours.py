"""A finished concours offers no draw (issue 38 item 11)."""

from __future__ import annotations

import datetime

import pytest

from tests.factories import played_tournament
from tournaments.services import rounds

pytestmark = pytest.mark.django_db


def test_a_finished_concours_shows_no_draw_form(client, organizer):
    """Issue 38 item 11: « Tirer la partie suivante » under a finished
    concours offered a draw that could only be refused."""
    tournament = played_tournament(
        owner=organizer,
        name="Concours fini",
        day=datetime.date(2026, 12, 5),
        pairs=[(("A", f"Un{i}"), ("B", f"Deux{i}")) for i in range(4)],
        parties=1,
    )
    client.force_login(organizer)
    page = client.get(f"/organisation/t/{tournament.slug}/").content.decode()
    assert "Tirer la partie suivante" in page  # partie 1 still open
    rounds.close_round(round=tournament.rounds.get(number=1))
    tournament.refresh_from_db()
    assert tournament.status == "finished"
    page = client.get(f"/organisation/t/{tournament.slug}/").content.decode()
    assert "Tirer la partie suivante" not in page and "Concours terminé" in page
