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
    """The ranking's column headers, in their long form."""
    found = []
    for th in re.findall(r'<th [^>]*scope="col">(.*?)</th>', body, re.S):
        long = re.search(r'class="label-long">([^<]+)<', th)
        found.append(long.group(1) if long else re.sub(r"<[^>]+>", "", th).strip())
    return found


def figure(text: str) -> int:
    """A number cell read back: « +1 440 » (thin space, true minus) → 1440."""
    return int(text.replace("\u202f", "").replace("\xa0", "").replace("−", "-"))


def standings_rows(body: str) -> list[dict[str, str]]:
    """Each row of the ranking as {long header: cell text}, the words a row
    says when it reads as lines left aside (display.lines)."""
    names = headers(body)
    rows = []
    for tr in re.findall(r"<tr>(.*?)</tr>", body.split("<tbody")[1], re.S):
        cells = [
            re.sub(r"<[^>]+>", "", re.sub(r'<span class="unit">[^<]*</span>', "", c)).strip()
            for c in re.findall(r"<td[^>]*>(.*?)</td>", tr, re.S)
        ]
        rows.append(dict(zip(names, cells, strict=True)))
    return rows


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


def test_a_phone_keeps_the_deciding_columns_and_no_table_changes_another():
    from tournaments.display.tables import StandingsTable

    def classes(table) -> dict[str, str]:
        return {column.key: css for column, css, _words in table.figures}

    plain = StandingsTable([], slug="s", criteria=["points"])
    decided = StandingsTable([], slug="s", criteria=["match_points", "buchholz"])
    again = StandingsTable([], slug="s", criteria=["points"])
    assert classes(plain) == classes(again)
    assert "wide-only" in classes(plain)["played"] and "wide-only" not in classes(plain)["won"]
    assert classes(decided)["match_points"] == "num lead"
    assert "wide-only" not in classes(decided)["buchholz"]
    # Five figures on a phone are too wide for it: its lines come sooner (app.css).
    assert plain.attrs["class"] == "grid standings lines"
    assert decided.attrs["class"] == "grid standings lines many"

    def th(table, key: str) -> set[str]:
        return set(table.columns[key].attrs["th"]["class"].split())

    assert {"num", "wide-only"} <= th(plain, "played") and "wide-only" not in th(plain, "won")
    assert {"num", "lead"} <= th(decided, "match_points") and "lead" not in th(again, "played")
