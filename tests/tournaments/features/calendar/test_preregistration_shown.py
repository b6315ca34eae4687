"""Each player's box « accepte d'être affiché » ticked online (issue 26:
off by default) goes with the team: kept with the pre-registration, in the
list's file as « oui », read back by the laptop's import, and given to the
player on the day (hosted take-in or the file's import)."""

from __future__ import annotations

import pytest
from django.urls import reverse

from tests.tournaments.features.calendar.builders import announce, pair, team
from tournaments.features.calendar import queries as queries
from tournaments.features.calendar.services import announcements as calendar
from tournaments.services import imports, team_file
from tournaments.services.registration import PlayerData

pytestmark = pytest.mark.django_db


def test_the_boxes_ticked_online_are_kept_with_the_pre_registration(client, announced):
    tournament = announced
    url = reverse("tournaments:concours", args=[tournament.slug])
    client.post(url, team(1, shown1="on"))
    (registration,) = tournament.preregistrations.all()
    assert (registration.shown1, registration.shown2) == (True, False)


def test_the_boxes_are_off_unless_ticked(client, announced):
    tournament = announced
    page = client.get(
        reverse("tournaments:concours", args=[tournament.slug]), follow=True
    ).content.decode()
    assert 'name="shown1"' in page and 'name="shown2"' in page and "checked" not in page


def test_the_hosted_take_in_gives_each_player_their_box(announced):
    tournament = announced
    pair(tournament, 1, player1=PlayerData("Amélie", "Lefèvre1", shown=True))
    (created,) = calendar.take_in_preregistrations(tournament=tournament)
    assert (created.player1.shown, created.player2.shown) == (True, False)


def test_the_file_carries_the_boxes_and_the_laptop_reads_them(organizer, make_tournament):
    tournament = announce(organizer)
    pair(tournament, 1, player2=PlayerData("Jérôme", "Bérard1", shown=True))
    data = queries.preregistrations_csv(tournament)
    header, line = data.decode("utf-8-sig").splitlines()
    assert header.split(";")[7:9] == ["affiche1", "affiche2"]
    assert line.split(";")[7:9] == ["", "oui"]
    (row,) = team_file.parse_teams(data).rows
    assert (row.shown1, row.shown2) == (False, True)

    laptop = make_tournament(name="Le même concours, sur l'ordinateur de la salle")
    plan = imports.import_teams(tournament=laptop, data=data)
    (imported,) = plan.imported
    assert (imported.player1.shown, imported.player2.shown) == (False, True)


@pytest.mark.parametrize(
    ("cell", "ticked"), [("oui", True), ("X", True), ("non", False), ("", False)]
)
def test_a_hand_made_file_ticks_with_oui_or_x(cell, ticked):
    data = f"nom1;prenom1;nom2;prenom2;affiché 1\nLefèvre;Amélie;Bérard;Jérôme;{cell}\n".encode()
    (row,) = team_file.parse_teams(data).rows
    assert row.shown1 is ticked and row.shown2 is False
