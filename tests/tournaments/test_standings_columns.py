"""Every criterion that decides the ranking is visible wherever it is shown."""

from __future__ import annotations

import re

import pytest
from django.urls import reverse
from django.utils import translation

from tournaments.display import standings as columns

pytestmark = pytest.mark.django_db


@pytest.mark.parametrize(
    ("criteria", "shown", "hidden"),
    [
        (["points"], [], ["match_points", "buchholz"]),
        (["match_points", "points"], ["match_points"], ["buchholz"]),
        (["wins", "buchholz"], ["buchholz"], ["match_points"]),
    ],
)
def test_the_columns_follow_the_criteria(criteria, shown, hidden) -> None:
    keys = [c.key for c in columns.standings_columns(criteria)]
    assert all(k in keys for k in shown)
    assert not any(k in keys for k in hidden)
    assert keys[-3:] == ["points_for", "points_against", "difference"]


def test_the_first_criterion_is_the_emphasised_column() -> None:
    assert columns.emphasised_key(["wins", "points"]) == "won"
    assert columns.emphasised_key(["head_to_head"]) is None


def test_the_legend_speaks_the_active_language() -> None:
    shown = columns.standings_columns(["match_points"])
    with translation.override("fr"):
        assert "Pts m. : points de match" in columns.legend(shown)
    with translation.override("en"):
        assert "MP: match points" in columns.legend(shown)


def headers(body: str) -> list[str]:
    return [h.strip() for h in re.findall(r"<th [^>]*scope=\"col\">\s*(?:<a[^>]*>)?([^<]+)", body)]


@pytest.mark.parametrize(
    ("criteria", "shown", "hidden"),
    [
        (["match_points", "points"], "Points de match", "Points des adversaires"),
        (["points", "buchholz"], "Points des adversaires", "Points de match"),
    ],
)
def test_the_web_standings_show_the_deciding_columns(
    client, make_tournament, criteria, shown, hidden
):
    tournament = make_tournament(ranking_criteria=criteria)
    response = client.get(reverse("tournaments:standings", args=[tournament.slug]))
    assert response.status_code == 200
    assert shown in headers(response.text)
    assert hidden not in headers(response.text)
