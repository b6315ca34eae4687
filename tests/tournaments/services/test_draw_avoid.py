"""Prohibited pairings at the desk (issue 38, item 12b): with the option on,
a partie's draw keeps the teams of one club and the families and couples the
organizer lists apart; the partie keeps the pairs it was given, so the
concours file replays it (the referee's checker finds nothing) and a backup
restores it; each group is checked where it is typed, in French, on the
teams' page (« Ne pas faire jouer ensemble », issue 54 item 4)."""

from __future__ import annotations

import json

import pytest
from django.utils import translation

from checker.check import check
from tests.factories import add_teams
from tournaments.forms.teams import ApartForm
from tournaments.models import Change, Round, Tournament
from tournaments.queries.concours_file import concours_file
from tournaments.services import rounds
from tournaments.services.avoid import keep_apart
from tournaments.services.backup import export_tournament, import_tournament

pytestmark = pytest.mark.django_db


def concours(make_tournament, *, clubs, groups="", absolute=False) -> Tournament:
    tournament = make_tournament(
        avoid_enabled=True, avoid_same_club=True, avoid_absolute=absolute, avoid_groups=groups
    )
    for team, club in zip(add_teams(tournament, len(clubs)), clubs, strict=True):
        team.club = club
        team.save(update_fields=["club"])
    return tournament


def tables_by_number(rnd: Round) -> list[tuple[int, int]]:
    return [
        (t.team_a.number, t.team_b.number)
        for t in rnd.tables.filter(team_b__isnull=False).select_related("team_a", "team_b")
    ]


@pytest.mark.parametrize("seed", range(8))
def test_a_random_draw_keeps_one_clubs_teams_apart(make_tournament, seed):
    tournament = concours(make_tournament, clubs=["Ploërmel", "ploermel ", "Vannes", "Auray"])
    rnd = rounds.draw_round(tournament=tournament, method=Round.DrawMethod.RANDOM, seed=seed)
    assert {1, 2} not in [set(pair) for pair in tables_by_number(rnd)]
    assert len(rnd.draw_avoid) == 1


def test_a_family_listed_is_kept_apart_and_the_reason_says_so(make_tournament):
    # Seed 0 would seat 1 with 2 (checked below without the list).
    plain = concours(make_tournament, clubs=["", "", "", ""])
    plain.avoid_enabled = False
    plain.save()
    drawn = rounds.draw_round(tournament=plain, method=Round.DrawMethod.RANDOM, seed=0)
    first = set(tables_by_number(drawn)[0])
    tournament = concours(
        make_tournament,
        clubs=["", "", "", ""],
        groups=f"Famille Martin : {' et '.join(map(str, sorted(first)))}",
    )
    rnd = rounds.draw_round(tournament=tournament, method=Round.DrawMethod.RANDOM, seed=0)
    assert first not in [set(pair) for pair in tables_by_number(rnd)]
    assert {t.reason["kind"] for t in rnd.tables.all()} == {"random_avoided"}


def test_the_concours_file_replays_the_draw_and_a_backup_keeps_its_pairs(make_tournament):
    tournament = concours(make_tournament, clubs=["A", "A", "B", "B", "C", "C"], absolute=True)
    rounds.draw_round(tournament=tournament, method=Round.DrawMethod.RANDOM, seed=5)
    doc = json.loads(json.dumps(concours_file(tournament), default=str))
    assert doc["rounds"][0]["draw"]["avoid_absolute"] is True
    assert len(doc["rounds"][0]["draw"]["avoid"]) == 3
    assert check(doc) == []
    # Without the pairs the file says, the replay differs: they are used.
    kept = doc["rounds"][0]["draw"].copy()
    del doc["rounds"][0]["draw"]["avoid"]
    del doc["rounds"][0]["draw"]["apart"]
    assert check(doc) != []
    # The public file names none (issue 51): the draw they changed is told
    # apart from a difference, and checked on the organizer's file.
    public = json.loads(json.dumps(concours_file(tournament, public=True), default=str))
    del kept["avoid"], kept["apart"]["salt"]
    # This draw is one the pairs changed: the public file gives no seed, whose
    # replay without the pairs would depart from the tables where they were
    # kept apart (issue 61; tests/tournaments/queries/test_concours_file.py).
    kept["seed"] = None
    assert public["rounds"][0]["draw"] == kept
    notes: list[str] = []
    assert check(public, notes=notes) == []
    assert notes == [
        "Partie 1 : ce tirage a tenu 3 paire(s) d'équipes à l'écart, que le fichier public ne "
        "nomme pas : il se vérifie sur le fichier de l'organisateur (empreinte "
        f"{public['rounds'][0]['draw']['apart']['digest'][:12]})."
    ]

    numbers = lambda t: sorted(  # noqa: E731
        sorted((a.number, b.number)) for a, b in _pairs(t)
    )
    before = numbers(tournament)
    document = json.loads(json.dumps(export_tournament(tournament), default=str))
    tournament.delete()
    restored = import_tournament(document, owner=None)
    after = restored.rounds.get(number=1)
    ids = {t.pk: t.number for t in restored.teams.all()}
    assert sorted(sorted(ids[i] for i in pair) for pair in after.draw_avoid) == [
        [1, 2],
        [3, 4],
        [5, 6],
    ]
    assert numbers(restored) == before


def _pairs(tournament):
    rnd = tournament.rounds.get(number=1)
    return [(t.team_a, t.team_b) for t in rnd.tables.filter(team_b__isnull=False)]


@pytest.mark.parametrize(
    ("new", "error"),
    [
        ("Famille Martin : 1, 2", None),
        ("1 2 3", None),
        ("", None),
        ("Famille Martin : 1", "Donnez au moins deux numéros d'équipes."),
        ("Couple : 3, 99", "Aucune équipe n'a le numéro 99."),
    ],
)
def test_each_group_is_checked_where_it_is_typed(make_tournament, new, error):
    tournament = concours(make_tournament, clubs=["", "", "", ""])
    with translation.override("fr"):
        form = ApartForm({"new": new}, tournament=tournament)
        form.is_valid()
        said = form.errors.get("new")
    assert (said[0] if said else None) == error


def test_the_groups_are_kept_from_the_teams_page_and_one_emptied_goes(make_tournament, organizer):
    """Issue 54, item 4: set from « Ne pas faire jouer ensemble » (it was
    buried in « Modifier le tournoi »); on as soon as a group is given."""
    tournament = make_tournament()
    add_teams(tournament, 6)
    form = ApartForm({"new": "Famille Martin : 1, 2"}, tournament=tournament)
    assert form.is_valid()
    kept = keep_apart(
        tournament=tournament,
        groups=form.groups_text(),
        same_club=False,
        absolute=False,
        by=organizer,
    )
    assert (kept.avoid_enabled, kept.avoid_groups) == (True, "Famille Martin : 1, 2")
    form = ApartForm({"group_0": "Famille Martin : 1, 2", "new": "Couple : 3, 4"}, tournament=kept)
    assert form.is_valid()
    kept = keep_apart(
        tournament=kept, groups=form.groups_text(), same_club=False, absolute=True, by=organizer
    )
    assert kept.avoid_groups == "Famille Martin : 1, 2\nCouple : 3, 4" and kept.avoid_absolute
    form = ApartForm({"group_0": "", "group_1": "Couple : 3, 4", "new": ""}, tournament=kept)
    assert form.is_valid()
    kept = keep_apart(
        tournament=kept, groups=form.groups_text(), same_club=False, absolute=True, by=organizer
    )
    assert kept.avoid_groups == "Couple : 3, 4" and kept.avoid_enabled
    kept = keep_apart(tournament=kept, groups="", same_club=False, absolute=True, by=organizer)
    assert not kept.avoid_enabled
    said = Change.objects.filter(tournament=kept, action=Change.Action.TOURNAMENT_CHANGED)
    assert said.count() == 4
