"""A visitor finds the demo tournament on the home in French, then reads
the site in English through the header's « EN »: what the server answers
at each click (left the browser journey of tests/browser/test_home.py:
the home's documents, in French and in English, are met there and by
other journeys, with axe)."""

from __future__ import annotations

import pytest

from tests.pages import link, parse, text, texts

pytestmark = pytest.mark.django_db

DEMO = "Concours de coinche de Saint-Éloi (démo)"


def headings(page) -> list[str]:
    return [h for level in range(1, 7) for h in texts(page, f"h{level}")]


def named(page, name: str) -> bool:
    """A heading named `name`, as Playwright's get_by_role finds it (a part
    of its name, case aside)."""
    return any(name.lower() in heading.lower() for heading in headings(page))


def test_home_lists_the_demo_in_french_and_switches_to_english(client, demo_of_the_module):
    home = client.get("/")
    assert parse(home).select("html")[0].attributes["lang"] == "fr"
    assert named(home, "Tournois")
    assert text(home, ".home-now h2") == "Concours en cours et du jour"
    now = link(home, DEMO, within=".home-now")  # fails unless it is there, once
    assert now
    english = client.get(link(home, "EN"), follow=True)
    assert named(english, "Tournaments")
    assert parse(english).select("html")[0].attributes["lang"] == "en"
    found = [a.attributes["href"] for a in parse(english).select("a") if DEMO in a.name]
    assert len(found) == 1 and found[0] == now, found
    ranking = client.get(found[0], follow=True)
    assert named(ranking, "Ranking"), headings(ranking)
