"""Ticking several teams in the team list and putting them into a special
ranking in one action (or taking them out): one service, atomic, one line
in the history; a club ranking, a foreign team or nothing ticked refused."""

from __future__ import annotations

import pytest
from django.urls import reverse

from tests import factories
from tournaments.models import Category, Change
from tournaments.services import errors, prizes

pytestmark = pytest.mark.django_db


@pytest.fixture
def concours(make_tournament):
    tournament = make_tournament(categories_enabled=True)
    factories.add_teams(tournament, 6)
    return tournament


@pytest.fixture
def women(concours):
    return prizes.add_category(tournament=concours, name="Féminine", kind=Category.Kind.WOMEN)


def tag(client, tournament, category, teams, action="add"):
    return client.post(
        reverse("tournaments:teams_tag", args=[tournament.slug]),
        {"category": category.pk, "teams": [t.pk for t in teams], "action": action},
    )


def test_the_team_list_ticks_teams_into_a_special_ranking_in_one_action(
    client, organizer, concours, women
):
    client.force_login(organizer)
    page = client.get(reverse("tournaments:manage", args=[concours.slug])).text
    assert 'form="teams-tag"' in page and 'id="teams-tag"' in page and "Féminine" in page
    teams = list(concours.teams.order_by("number"))
    answer = tag(client, concours, women, teams[:3])
    assert answer.status_code == 302 and answer.url.endswith("#teams-tag")
    assert set(women.teams.all()) == set(teams[:3])
    line = concours.changes.get(action=Change.Action.CATEGORY_TEAMS)
    assert line.after == {"category": "Féminine", "added": [1, 2, 3]} and line.by == organizer
    followed = client.get(answer.url).text
    assert "3 équipes ajoutées au classement « Féminine »." in followed
    # teams already in are left alone; the others are added
    tag(client, concours, women, teams[2:4])
    assert women.teams.count() == 4
    assert concours.changes.filter(action=Change.Action.CATEGORY_TEAMS).first().after == {
        "category": "Féminine",
        "added": [4],
    }
    tag(client, concours, women, teams[:2], action="remove")
    assert set(women.teams.all()) == set(teams[2:4])


def test_nothing_ticked_a_club_ranking_or_another_tournaments_team_is_refused(
    client, organizer, concours, women, make_tournament
):
    client.force_login(organizer)
    clubs = prizes.add_category(tournament=concours, name="Clubs", kind=Category.Kind.CLUB)
    teams = list(concours.teams.order_by("number"))
    refused = tag(client, concours, women, [])
    assert "Cochez au moins une équipe." in client.get(refused.url).text
    tag(client, concours, clubs, teams[:2])
    assert clubs.teams.count() == 0
    other = make_tournament(categories_enabled=True)
    (foreign,) = factories.add_teams(other, 1)
    with pytest.raises(errors.TournamentError):
        prizes.tag_teams(tournament=concours, category=women, team_ids=[teams[0].pk, foreign.pk])
    assert women.teams.count() == 0  # all or nothing
    assert not concours.changes.filter(action=Change.Action.CATEGORY_TEAMS).exists()


def test_in_english(client, organizer, concours, women):
    client.force_login(organizer)
    client.cookies["django_language"] = "en"
    page = client.get(reverse("tournaments:manage", args=[concours.slug])).text
    assert "Add to the ranking" in page and "Tick team 1" in page
    answer = tag(client, concours, women, list(concours.teams.all()[:1]))
    assert "1 team added to the ranking “Féminine”." in client.get(answer.url).text


def test_the_history_says_which_teams_went_in_or_out(concours, women):
    from tournaments.display.history import change_summary

    teams = list(concours.teams.order_by("number"))
    prizes.tag_teams(tournament=concours, category=women, team_ids=[t.pk for t in teams[:2]])
    prizes.tag_teams(tournament=concours, category=women, team_ids=[teams[0].pk], add=False)
    removed, added = concours.changes.filter(action=Change.Action.CATEGORY_TEAMS)
    assert change_summary(added.action, added.before, added.after) == (
        "« Féminine » : équipes n° 1, 2 ajoutées"
    )
    assert change_summary(removed.action, removed.before, removed.after) == (
        "« Féminine » : équipes n° 1 retirées"
    )
