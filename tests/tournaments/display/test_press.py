"""The press text (issue 26): under 1,000 characters whatever the names,
the podium and the top ten with their points, French or English."""

from __future__ import annotations

import datetime

import pytest
from django.utils import translation
from hypothesis import given, settings
from hypothesis import strategies as st

from tests import factories
from tournaments.display import press
from tournaments.queries import publication as queries

names = st.text(min_size=1, max_size=80)
entries = st.lists(
    st.builds(
        press.PressEntry,
        rank=st.integers(1, 20_000),
        names=st.text(min_size=1, max_size=300),
        short=names,
        club=st.text(max_size=120),
        points=st.integers(0, 10**7),
    ),
    max_size=press.TOP,
)


@settings(max_examples=300, deadline=None)
@given(
    name=st.text(min_size=1, max_size=120),
    venue=st.text(max_size=160),
    teams=st.integers(0, 20_000),
    entries=entries,
    language=st.sampled_from(["fr", "en"]),
)
def test_the_press_text_never_passes_1000_characters(name, venue, teams, entries, language):
    with translation.override(language):
        text = press.press_text(
            name=name, day=datetime.date(2026, 12, 5), venue=venue, teams=teams, entries=entries
        )
    assert len(text) <= press.MAX_CHARS


def entry(rank: int, points: int) -> press.PressEntry:
    return press.PressEntry(
        rank=rank,
        names=f"Jeanne Martin{rank} et Paul Roux{rank}",
        short=f"Martin{rank} et Roux{rank}",
        club="Amicale de Saint-Éloi",
        points=points,
    )


def test_a_usual_concours_reads_as_a_local_paper_writes():
    top = [entry(rank, 5000 - 100 * rank) for rank in range(1, 11)]
    text = press.press_text(
        name="Concours de la Saint-Éloi",
        day=datetime.date(2026, 12, 5),
        venue="Salle des fêtes",
        teams=24,
        entries=top,
    )
    assert text.startswith("Concours de la Saint-Éloi, 5 décembre 2026, Salle des fêtes")
    assert "24 équipes en lice" in text
    assert "Victoire de Jeanne Martin1 et Paul Roux1 (Amicale de Saint-Éloi) avec 4 900 points" in (
        text.replace("\u202f", " ").replace("\xa0", " ")
    )
    # The top ten's points grouped as the podium's, not « 4000 » after « 4 900 ».
    assert "10. Martin10 et Roux10, 4 000." in text.replace("\u202f", " ").replace("\xa0", " ")


@pytest.mark.django_db
@pytest.mark.parametrize("seed", range(3))
def test_a_played_concours_names_its_winner_in_english_too(organizer, seed):
    tournament = factories.qualified_tournament(
        owner=organizer, teams=5 + 4 * seed, parties=2, name="Concours d'hiver"
    )
    standings = queries.final_standings(tournament)
    with translation.override("en"):
        text = press.press_text(
            name=tournament.name,
            day=tournament.date,
            venue=tournament.venue,
            teams=queries.teams_count(tournament),
            entries=press.press_entries(standings),
        )
    assert "Won by" in text and len(text) <= press.MAX_CHARS
    assert standings[0].entrant.player1.last_name in text
