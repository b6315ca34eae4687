"""The partie clock on the partie's page and on the projector, its options
in the tournament form, and the day's schedule on the organizer's page."""

from __future__ import annotations

import datetime
import html
import re

import pytest
from django.urls import reverse

from tests.factories import add_teams, draw_random_round
from tests.tournaments.views.test_organizer_pages import form_data
from tournaments.features.clock import services as clock
from tournaments.models import Change, Round, Tournament
from tournaments.services import release

pytestmark = pytest.mark.django_db


@pytest.fixture
def desk(client, organizer):
    client.force_login(organizer)
    return client


@pytest.fixture
def timed(make_tournament) -> Tournament:
    tournament = make_tournament(clock_enabled=True, last_deal_minutes=50)
    add_teams(tournament, 4)
    return tournament


@pytest.fixture
def rnd(timed) -> Round:
    return draw_random_round(timed)


def text(response) -> str:
    return html.unescape(response.content.decode())


def url(name: str, tournament: Tournament, *args) -> str:
    return reverse(f"tournaments:{name}", args=[tournament.slug, *args])


def press(desk, rnd: Round, action: str):
    target = url("round_clock", rnd.tournament, rnd.number)
    return desk.post(target, {"action": action}, follow=True)


def test_the_partie_page_runs_the_clock_button_by_button(desk, timed, rnd):
    page = text(desk.get(url("round", timed, 1)))
    assert "Chrono de la partie" in page and "Lancer le chrono" in page
    assert "js/clock.js" in page
    page = text(press(desk, rnd, "start"))
    assert "Chrono lancé." in page
    assert 'value="pause"' in page and 'value="start"' not in page
    page = text(press(desk, rnd, "pause"))
    assert "Chrono en pause." in page and 'value="resume"' in page
    page = text(press(desk, rnd, "resume"))
    assert "Chrono relancé." in page
    page = text(press(desk, rnd, "reset"))
    assert "Chrono remis à zéro." in page and 'value="start"' in page


def test_a_button_out_of_turn_or_unknown_is_a_message_not_an_error(desk, timed, rnd):
    page = text(press(desk, rnd, "pause"))
    assert "Le chrono ne tourne pas" in page
    page = text(press(desk, rnd, "explode"))
    assert "Action du chrono inconnue." in page
    assert timed.changes.filter(action__startswith="clock").count() == 0


def test_without_the_option_there_is_no_clock(desk, tournament, round1):
    page = text(desk.get(url("round", tournament, 1)))
    assert "Chrono de la partie" not in page and "js/clock.js" not in page
    assert "Horaires prévus" not in text(desk.get(url("manage", tournament)))
    assert "partie-clock" not in text(desk.get(url("projector", tournament)))
    page = text(press(desk, round1, "start"))
    assert "pas activé" in page


def test_the_projector_shows_the_clock_once_started_with_its_call(client, timed, rnd):
    projector = url("projector", timed)
    assert "partie-clock" not in text(client.get(projector))
    clock.start_clock(round=rnd)
    page = text(client.get(projector))
    face = re.search(r'<div class="partie-clock running"[^>]*>', page).group(0)
    started = Round.objects.get(pk=rnd.pk).clock_started_at
    assert f'data-started="{int(started.timestamp() * 1000)}"' in face
    assert 'data-call="3000"' in face  # 50 minutes
    assert "« Dernière donne » à 50:00" in page
    assert "js/clock.js" in page
    clock.pause_clock(round=rnd)
    assert "En pause" in text(client.get(projector))


def test_a_call_at_0_minutes_is_shown_as_soon_as_the_clock_starts(client, timed, rnd):
    clock.set_last_deal_call(round=rnd, minutes=0)
    clock.start_clock(round=rnd)
    page = text(client.get(url("projector", timed)))
    call = re.search(r'<p class="last-deal-call"[^>]*>', page).group(0)
    assert "hidden" not in call and "Dernière donne !" in page


@pytest.mark.shared_cache
def test_the_projector_poll_moves_with_the_clock(client, timed, rnd):
    projector = url("projector", timed)
    poll = {"HX-Request": "true"}
    etag = client.get(projector, headers=poll).headers["ETag"]
    assert client.get(projector, headers={**poll, "If-None-Match": etag}).status_code == 304
    clock.start_clock(round=rnd)
    answer = client.get(projector, headers={**poll, "If-None-Match": etag})
    assert answer.status_code == 200 and "partie-clock" in text(answer)


def test_this_parties_call_is_set_on_its_page_and_a_bad_value_is_shown_at_its_field(
    desk, timed, rnd
):
    target = url("last_deal_call", timed, 1)
    page = text(desk.post(target, {"minutes": "45"}, follow=True))
    assert "Appel « dernière donne » enregistré." in page
    assert Round.objects.get(pk=rnd.pk).last_deal_minutes == 45
    response = desk.post(target, {"minutes": "-3"})
    assert response.status_code == 422
    assert response.context["call_form"].errors["minutes"]
    assert 'id="field-minutes"' in text(response)
    response = desk.post(target, {"minutes": "abc"})
    assert response.status_code == 422
    desk.post(target, {"minutes": ""})
    assert Round.objects.get(pk=rnd.pk).last_deal_minutes is None


def test_the_options_are_set_in_the_tournament_form(desk, tournament):
    edit = url("edit", tournament)
    form = text(desk.get(edit))
    assert "<legend>Options</legend>" in form
    assert "Tirage caché jusqu'à l'annonce" in form and "Chrono et horaires" in form
    data = form_data(
        tournament,
        release_draws="on",
        clock_enabled="on",
        start_time="14:30",
        minutes_per_deal="6",
        break_minutes="0",
        last_deal_minutes="55",
    )
    response = desk.post(edit, data, follow=True)
    assert "Tournoi modifié" in text(response)
    tournament.refresh_from_db()
    assert tournament.release_draws and tournament.clock_enabled
    assert tournament.start_time == datetime.time(14, 30)
    assert (tournament.minutes_per_deal, tournament.break_minutes) == (6, 0)
    assert tournament.last_deal_minutes == 55
    line = tournament.changes.filter(action=Change.Action.TOURNAMENT_CHANGED).latest("pk")
    assert line.after["start_time"] == "14:30:00"
    assert "Horaires prévus" in text(desk.get(edit))


def test_a_form_sent_without_the_options_keeps_the_defaults(desk, tournament):
    desk.post(url("edit", tournament), form_data(tournament))
    tournament.refresh_from_db()
    assert not tournament.release_draws and not tournament.clock_enabled
    assert (tournament.minutes_per_deal, tournament.break_minutes) == (5, 10)


@pytest.mark.parametrize(
    ("field", "value"),
    [("minutes_per_deal", "0"), ("break_minutes", "500"), ("start_time", "25:99")],
)
def test_a_bad_option_is_shown_next_to_its_field(desk, tournament, field, value):
    response = desk.post(url("edit", tournament), form_data(tournament, **{field: value}))
    assert response.status_code == 200
    assert response.context["form"].errors[field]
    assert f'id="field-{field}"' in text(response)


def test_the_organizers_page_shows_the_days_schedule(desk, timed):
    page = text(desk.get(url("manage", timed)))
    assert "Horaires prévus" in page and "Indiquez l'heure de début" in page
    Tournament.objects.filter(pk=timed.pk).update(
        start_time=datetime.time(14, 0), date=datetime.date(2099, 6, 1)
    )
    page = text(desk.get(url("manage", timed)))
    # 4 teams, 2 tables: (12 + 1) donnes × 5 min, 10 min between parties.
    assert (
        "Estimation : 12 donnes de 5 min par partie, 10 min entre deux parties, 2 tables." in page
    )
    assert "vers 15 h 05" in page and "Remise des prix vers 19 h 00" in page


def test_the_options_pages_show_no_french_word_in_english(desk, make_tournament):
    from django.utils import translation

    from tests.test_translations import FRENCH, _visible_text

    tournament = make_tournament(
        release_draws=True,
        clock_enabled=True,
        last_deal_minutes=1,
        start_time=datetime.time(14, 0),
    )
    add_teams(tournament, 4)
    first = draw_random_round(tournament)
    clock.start_clock(round=first)
    pages = {
        "round hidden": url("round", tournament, 1),
        "where hidden": url("where", tournament) + "?q=1",
        "results hidden": url("results", tournament, 1),
        "projector hidden": url("projector", tournament),
        "manage": url("manage", tournament),
        "edit": url("edit", tournament),
    }
    names = {tournament.name, tournament.venue}
    for team in tournament.teams.select_related("player1", "player2"):
        names |= {str(team), team.players_label, str(team.player1), str(team.player2)}
    desk.cookies["django_language"] = "en"
    found = {}
    with translation.override("en"):
        for when in ("hidden", "announced"):
            if when == "announced":
                release.release_round(round=first)
                pages = {
                    "round": url("round", tournament, 1),
                    "projector": url("projector", tournament),
                }
            for page, address in pages.items():
                text = _visible_text(desk.get(address).content.decode())
                for name in sorted(names, key=len, reverse=True):
                    text = text.replace(name, " ")
                words = [text[max(0, m.start() - 30) : m.end() + 30] for m in FRENCH.finditer(text)]
                if words:
                    found[page] = words
    assert not found, found
