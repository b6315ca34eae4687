"""Backups keep issue 14's options — the draw hidden until announced, the
partie clock and the day's planner — and a file written before them is
read with the options off and every partie announced."""

from __future__ import annotations

import datetime
import json

import pytest

from tests.factories import add_teams, draw_random_round
from tournaments.features.clock import services as clock
from tournaments.models import Round, Tournament
from tournaments.services import release, tournaments
from tournaments.services.backup import export_tournament, import_tournament
from tournaments.services.errors import TournamentError

pytestmark = pytest.mark.django_db


def as_file(document: dict) -> dict:
    """The document as written to a file and read back."""
    return json.loads(json.dumps(document, default=str))


def test_a_restore_keeps_the_options_a_hidden_draw_and_a_paused_clock(make_tournament):
    tournament = make_tournament(
        release_draws=True,
        clock_enabled=True,
        start_time=datetime.time(13, 45),
        minutes_per_deal=6,
        break_minutes=12,
        last_deal_minutes=50,
    )
    add_teams(tournament, 4)
    first = release.release_round(round=draw_random_round(tournament))
    clock.start_clock(round=first)
    clock.pause_clock(round=first)
    clock.set_last_deal_call(round=first, minutes=45)
    kept = Round.objects.get(pk=first.pk)
    document = as_file(export_tournament(tournament))
    tournament.delete()

    restored = import_tournament(document, owner=None)

    assert (restored.release_draws, restored.clock_enabled) == (True, True)
    assert restored.start_time == datetime.time(13, 45)
    assert (restored.minutes_per_deal, restored.break_minutes) == (6, 12)
    assert restored.last_deal_minutes == 50
    again = restored.rounds.get(number=1)
    assert again.released_at == kept.released_at and again.announced
    assert (again.clock_started_at, again.clock_paused_at) == (
        kept.clock_started_at,
        kept.clock_paused_at,
    )
    assert again.last_deal_minutes == 45


def test_a_hidden_draw_stays_hidden_after_a_restore(make_tournament):
    tournament = make_tournament(release_draws=True)
    add_teams(tournament, 4)
    draw_random_round(tournament)
    document = as_file(export_tournament(tournament))
    tournament.delete()
    restored = import_tournament(document, owner=None)
    assert not restored.rounds.get().announced


def test_a_file_from_before_the_options_is_read_with_every_partie_announced(tournament, round1):
    document = as_file(export_tournament(tournament))
    for name in ("release_draws", "features", "start_time", "minutes_per_deal"):
        document["tournament"].pop(name)
    for row in document["rounds"]:
        for name in ("released_at", "clock_started_at", "clock_paused_at"):
            row.pop(name)
    tournament.delete()
    restored = import_tournament(document, owner=None)
    assert not restored.release_draws and restored.minutes_per_deal == 5
    restored.release_draws = True  # switched on later: the old partie stays shown
    assert restored.rounds.get().released_at is not None


def test_a_file_of_the_release_before_features_keeps_its_switches_on(make_tournament):
    """Before `Tournament.features`, each feature's switch was a box of its
    own in the file (`cash_enabled`…): read into the list of labels."""
    tournament = make_tournament(cash_enabled=True, check_in_enabled=True)
    assert tournament.features == ["cash", "door"]
    document = as_file(export_tournament(tournament))
    document["tournament"].pop("features")
    document["tournament"].update(
        cash_enabled=True, clock_enabled=False, check_in_enabled=True, sheets_enabled=True
    )
    tournament.delete()
    restored = import_tournament(document, owner=None)
    assert restored.features == ["cash", "door", "sheets"]
    assert restored.cash_enabled and restored.sheets_enabled and not restored.clock_enabled


@pytest.mark.parametrize(
    ("values", "said"),
    [
        ({"cash_enabled": "yes"}, "caisse : vrai ou faux est attendu"),
        ({"features": "cash"}, "une liste de noms de fonctions est attendue"),
        ({"features": ["cash", 3]}, "une liste de noms de fonctions est attendue"),
        ({"features": ["<b>"]}, "une liste de noms de fonctions est attendue"),
    ],
)
def test_a_file_s_features_are_checked(make_tournament, values, said):
    tournament = make_tournament()
    document = as_file(export_tournament(tournament))
    document["tournament"].update(values)
    tournament.delete()
    with pytest.raises(TournamentError, match=said):
        import_tournament(document, owner=None)
    assert not Tournament.objects.exists()


def test_a_file_without_the_option_draws_its_next_partie_public_at_once(make_tournament):
    """A new tournament keeps its draws drafts; one restored from a file that
    does not say (written before the option, or by a hall laptop of an older
    release) works as the version that wrote it did: draws shown at once."""
    tournament = make_tournament(parties=2)
    add_teams(tournament, 4)
    document = as_file(export_tournament(tournament))
    document["tournament"].pop("release_draws")
    tournament.delete()
    restored = import_tournament(document, owner=None)
    assert restored.release_draws is False
    assert draw_random_round(restored).announced


def test_a_new_tournament_restored_keeps_its_draws_drafts(organizer):
    tournament = tournaments.create_tournament(
        owner=organizer, name="Concours du printemps", date=datetime.date(2027, 4, 3)
    )
    document = as_file(export_tournament(tournament))
    tournament.delete()
    assert import_tournament(document, owner=None).release_draws is True


@pytest.mark.parametrize(
    ("section", "field", "value", "words"),
    [
        ("tournament", "start_time", "25:99", "heure de début"),
        ("tournament", "minutes_per_deal", 0, "minutes par donne"),
        ("tournament", "release_draws", "oui", "tirage caché"),
        ("rounds", "released_at", 12, "tirage annoncé le"),
        ("rounds", "clock_paused_seconds", -5, "élément 1"),
    ],
)
def test_a_bad_option_in_a_file_is_refused_whole(tournament, round1, section, field, value, words):
    document = as_file(export_tournament(tournament))
    row = document[section] if section == "tournament" else document[section][0]
    row[field] = value
    document["tournament"]["slug"] = "autre-adresse"
    with pytest.raises(TournamentError) as error:
        import_tournament(document, owner=None)
    assert "Sauvegarde refusée" in error.value.message
    assert words in error.value.message
