"""Check-in at the door, page by page (tournaments/features/door/views.py): the poster's link finds
« Dupré » from « dup » and shows nobody before three letters, the
confirmation shows the names in large type to who found them, the post
checks in and a repeated post does no harm; outside its hours the door says
when it opens and shows nothing; a wrong link is « not found », hostile
input never a 500; the desk checks in, undoes, counts, reads the door's
hours and sees its list refreshed; the poster carries the link in its QR
code. In French and in English."""

from __future__ import annotations

import datetime
import re
import subprocess
from datetime import time

import pytest
from django.utils import timezone, translation

from tests import factories
from tests.documents import pdf_text
from tests.tournaments.views.test_page_weight import LIMIT, first_load
from tournaments.features.door import services as door
from tournaments.features.door.display import Action
from tournaments.models import Change, Team, Tournament
from tournaments.services import registration

pytestmark = pytest.mark.django_db


@pytest.fixture
def hall(tournament, clock) -> Tournament:
    """The concours of today, its door open all day (no hours set), on the
    test's clock (pinned: a run across midnight stays on its day)."""
    Tournament.objects.filter(pk=tournament.pk).update(features=["door"], date=timezone.localdate())
    tournament.refresh_from_db()
    for first, last in [("Hélène", "Dupré"), ("Marcel", "Aubry"), ("Odette", "Lemaire")]:
        registration.register_team(
            tournament=tournament,
            player1=registration.PlayerData(first, last),
            player2=registration.PlayerData("Paul", f"Martin-{last}"),
        )
    return tournament


def _door(tournament) -> str:
    return f"/pointage/{door.door_key(tournament)}/"


def _confirm(tournament, team: Team) -> str:
    """A team's confirmation, as found by the first letters of its name."""
    return f"{_door(tournament)}{team.number}/?q={team.player1.last_name[:3]}"


def test_three_letters_find_the_team_accents_and_case_aside(client, hall):
    page = client.get(_door(hall), {"q": "DUP"})
    assert page.status_code == 200
    text = page.content.decode()
    assert "Hélène Dupré" in text and "Aubry" not in text
    # A light page: no htmx, at most 30 KB with its files, compressed.
    for path in (_door(hall), f"{_door(hall)}1/?q=dup"):
        weight, files = first_load(client, path)
        assert weight <= LIMIT and not any("htmx" in name for name in files), (weight, files)


def test_the_confirmation_shows_the_names_then_the_post_checks_in(client, hall):
    team = Team.objects.get(player1__last_name="Dupré")
    page = client.get(_confirm(hall, team))
    text = page.content.decode()
    assert "C&#x27;est bien vous ?" in text or "C'est bien vous ?" in text
    assert 'class="door-big">Hélène Dupré<' in text
    assert "Oui, nous sommes là" in text and "Non, revenir" in text
    answer = client.post(_confirm(hall, team))
    assert answer.status_code == 302
    assert "?pointee=" in answer["Location"]
    welcome = client.get(answer["Location"]).content.decode()
    assert "Bienvenue, Hélène Dupré &amp; Paul Martin-Dupré" in welcome
    team.refresh_from_db()
    first = team.checked_in_at
    assert first is not None
    # A double tap: the same answer, the same time, one line of history.
    assert client.post(_confirm(hall, team)).status_code == 302
    team.refresh_from_db()
    assert team.checked_in_at == first
    assert Change.objects.filter(action=Action.TEAM_CHECKED_IN).count() == 1
    again = client.get(_confirm(hall, team)).content.decode()
    assert "déjà pointée à" in again and "Oui, nous sommes là" not in again


@pytest.mark.parametrize(
    "path",
    [
        "/pointage/wrongwrongwrong1/",
        "/pointage/x/",
        "/pointage/%00%00/",
        "/pointage/" + "a" * 300 + "/",
        "/pointage/{key}/999999/",
        "/pointage/{key}/9999999999/",
        "/pointage/{key}/abc/",
    ],
)
def test_a_wrong_link_is_not_found(client, hall, path):
    path = path.format(key=door.door_key(hall))
    assert client.get(path).status_code == 404
    assert client.post(path).status_code == 404


def test_a_link_of_a_tournament_without_the_option_is_not_found(client, hall):
    path = _door(hall)
    Tournament.objects.filter(pk=hall.pk).update(features=[])
    assert client.get(path).status_code == 404


@pytest.mark.parametrize("query", ["", "zzz", "%", "'; drop", "\x00", "é" * 500, "12"])
@pytest.mark.parametrize("welcome", ["", "abc", "-1", "99999", "1" * 40])
def test_hostile_input_gets_an_answer_never_a_500(client, hall, query, welcome):
    page = client.get(_door(hall), {"q": query, "pointee": welcome})
    assert page.status_code == 200


def test_nobody_found_says_so(client, hall):
    text = client.get(_door(hall), {"q": "zzz"}).content.decode()
    assert "Aucune équipe ne porte ce nom" in text


def test_too_many_wrong_links_lock_the_client_out(client, hall):
    for i in range(door.MAX_WRONG_KEYS):
        assert client.get(f"/pointage/wrongkey{i:05d}/").status_code == 404
    refused = client.get(_door(hall))
    assert refused.status_code == 429
    assert "Trop de liens faux" in refused.content.decode()


def test_a_withdrawn_team_is_told_to_see_the_desk(client, hall):
    team = Team.objects.get(player1__last_name="Aubry")
    page = client.get(_confirm(hall, team))
    registration.withdraw_team(team=team)
    assert page.status_code == 200
    assert client.post(_confirm(hall, team)).status_code == 404


def test_the_door_speaks_english(client, hall):
    team = Team.objects.get(player1__last_name="Dupré")
    with translation.override("en"):
        client.cookies["django_language"] = "en"
        page = client.get(_confirm(hall, team), HTTP_ACCEPT_LANGUAGE="en")
        text = page.content.decode()
    assert "Is this you?" in text and "Yes, we are here" in text and "No, go back" in text


def test_the_desk_checks_in_undoes_and_counts(client, organizer, hall):
    client.force_login(organizer)
    team = Team.objects.get(player1__last_name="Aubry")
    manage = f"/organisation/t/{hall.slug}/"
    page = client.get(manage).content.decode()
    assert "<strong>0 équipes pointées sur 3</strong>" in page
    assert "0 équipes pointées seront tirées" in page
    assert f"/organisation/t/{hall.slug}/pointage/affiche.pdf" in page
    client.post(f"{manage}equipes/{team.pk}/pointage/")
    team.refresh_from_db()
    assert team.checked_in_at is not None
    listed = client.get(f"{manage}equipes/liste/").content.decode()
    assert "1 équipe pointée sur 3" in listed and "pointée à" in listed
    assert 'hx-trigger="every 10s"' in listed
    row = client.post(f"{manage}equipes/{team.pk}/pointage/", {"undo": "1"}, HTTP_HX_REQUEST="true")
    assert "pas encore pointée" in row.content.decode()
    team.refresh_from_db()
    assert team.checked_in_at is None
    assert Change.objects.get(action=Action.CHECK_IN_UNDONE).by == organizer


def test_the_draw_takes_the_teams_checked_in_at_the_door(client, organizer, hall):
    for team in Team.objects.filter(player1__last_name__in=["Dupré", "Lemaire"]):
        assert client.post(_confirm(hall, team)).status_code == 302
    rnd = factories.draw_random_round(hall)
    seated = {t for table in rnd.tables.all() for t in (table.team_a_id, table.team_b_id)}
    drawn = set(
        Team.objects.filter(player1__last_name__in=["Dupré", "Lemaire"]).values_list(
            "pk", flat=True
        )
    )
    assert seated - {None} == drawn


def test_the_poster_carries_the_link_in_its_qr_code(client, organizer, hall, tmp_path):
    client.force_login(organizer)
    answer = client.get(f"/organisation/t/{hall.slug}/pointage/affiche.pdf")
    assert answer["Content-Type"] == "application/pdf"
    text = pdf_text(answer.content, tmp_path)
    assert "Pointage à l'entrée" in text and hall.name in text
    url = "http://testserver" + _door(hall)
    assert url in "".join(text.split())
    (tmp_path / "poster.pdf").write_bytes(answer.content)
    subprocess.run(
        [
            "pdftoppm",
            "-png",
            "-r",
            "150",
            "-f",
            "1",
            "-l",
            "1",
            str(tmp_path / "poster.pdf"),
            str(tmp_path / "page"),
        ],
        check=True,
    )
    image = next(tmp_path.glob("page*.png"))
    read = subprocess.run(
        ["zbarimg", "--quiet", "--raw", str(image)], capture_output=True, text=True
    )
    assert read.stdout.strip() == url
    # Another organizer cannot print it.
    client.logout()
    assert client.get(f"/organisation/t/{hall.slug}/pointage/affiche.pdf").status_code != 200


def test_the_desk_opens_the_door_page_for_the_entrances_tablet(client, organizer, hall):
    client.force_login(organizer)
    answer = client.get(f"/organisation/t/{hall.slug}/pointage/")
    assert answer.status_code == 302
    assert answer["Location"] == _door(hall)
    client.logout()
    refused = client.get(f"/organisation/t/{hall.slug}/pointage/")
    assert refused.status_code == 302 and refused["Location"].startswith("/compte/connexion/")


def test_a_team_not_checked_in_shows_no_presence_toggle(client, organizer, hall):
    client.force_login(organizer)
    team = Team.objects.get(player1__last_name="Dupré")
    row = client.post(
        f"/organisation/t/{hall.slug}/equipes/{team.pk}/pointage/", HTTP_HX_REQUEST="true"
    ).content.decode()
    assert "pointée à" in row and "Présente" in row
    row = client.post(
        f"/organisation/t/{hall.slug}/equipes/{team.pk}/pointage/",
        {"undo": "1"},
        HTTP_HX_REQUEST="true",
    ).content.decode()
    row = row.split('id="door-count"')[0]  # the row; the counters follow out of band
    assert "pas encore pointée" in row and "Présente" not in row


@pytest.mark.parametrize(
    ("day", "opens", "closes", "start", "now", "said"),
    [
        # 18 days before, the door opening at the start of the day.
        (18, None, None, None, (13, 0), "Le pointage ouvrira le samedi 12 décembre."),
        (1, time(13), None, None, (20, 0), "Le pointage ouvrira le samedi 12 décembre à 13 h 00."),
        (0, None, None, time(15), (12, 59), "Le pointage ouvre à 13 h 00."),
        (0, time(13, 30), time(18), None, (18, 0), "Le pointage à l'entrée est fermé"),
        (-1, None, None, None, (9, 0), "Le pointage à l'entrée est fermé"),
    ],
)
def test_outside_its_hours_the_door_says_when_and_shows_nobody(
    client, hall, monkeypatch, day, opens, closes, start, now, said
):
    """`day`: days from now to the concours (the 12th of December)."""
    concours = datetime.date(2026, 12, 12)
    moment = datetime.datetime.combine(concours - datetime.timedelta(days=day), time(*now))
    monkeypatch.setattr(door, "local_now", lambda: moment)
    Tournament.objects.filter(pk=hall.pk).update(
        date=concours, check_in_opens=opens, check_in_closes=closes, start_time=start
    )
    team = Team.objects.get(player1__last_name="Dupré")
    for path in (_door(hall), f"{_door(hall)}?q=dup", _confirm(hall, team)):
        page = client.get(path)
        text = page.content.decode().replace("&#x27;", "'").replace("\xa0", " ")
        assert page.status_code == 200 and said in text
        assert "Dupré" not in text and 'name="q"' not in text
    refused = client.post(_confirm(hall, team))
    assert refused.status_code == 409 and "Dupré" not in refused.content.decode()
    team.refresh_from_db()
    assert team.checked_in_at is None


def test_on_the_day_the_door_opens_at_its_hour(client, hall, monkeypatch):
    Tournament.objects.filter(pk=hall.pk).update(check_in_opens=time(13), check_in_closes=time(18))
    today = timezone.localdate()
    team = Team.objects.get(player1__last_name="Dupré")
    monkeypatch.setattr(door, "local_now", lambda: datetime.datetime.combine(today, time(12)))
    page = client.get(_door(hall)).content.decode().replace("\xa0", " ")
    assert "Le pointage ouvre à 13 h 00." in page
    monkeypatch.setattr(door, "local_now", lambda: datetime.datetime.combine(today, time(13)))
    page = client.get(_door(hall)).content.decode().replace("&#x27;", "'").replace("\xa0", " ")
    assert "Le pointage est ouvert jusqu'à 18 h 00." in page
    assert client.post(_confirm(hall, team)).status_code == 302


@pytest.mark.parametrize(
    ("query", "shown", "said"),
    [
        ("", set(), ""),
        ("du", set(), "Tapez au moins 3 lettres de votre nom."),
        ("1", set(), "Tapez au moins 3 lettres de votre nom."),
        ("dup", {"Dupré"}, ""),
        ("HÉL", {"Dupré"}, ""),
        ("zzz", set(), "Aucune équipe ne porte ce nom"),
        ("paul", set(), "Plus de 2 équipes portent ces lettres"),  # every team's « Paul »
        ("paul aub", {"Aubry"}, ""),
    ],
)
def test_a_name_shows_to_who_typed_part_of_it_and_a_few_at_most(
    client, hall, monkeypatch, query, shown, said
):
    monkeypatch.setattr(door.rules, "MAX_SHOWN", 2)  # the domain's, which the words read too
    text = client.get(_door(hall), {"q": query}).content.decode()
    assert {name for name in ("Dupré", "Aubry", "Lemaire") if name in text} == shown
    assert said in text.replace("&#x27;", "'")


def test_a_number_alone_shows_no_name(client, hall):
    team = Team.objects.get(player1__last_name="Dupré")
    door.check_in(team=team)
    for path in (f"{_door(hall)}{team.number}/", f"{_door(hall)}{team.number}/?q=aub"):
        assert client.get(path).status_code == 404
        assert client.post(path).status_code == 404
    for welcome in (str(team.number), "x" * 300, door.welcome_token(team)[:-2] + "zz"):
        text = client.get(_door(hall), {"pointee": welcome}).content.decode()
        assert "Dupré" not in text
    # The welcome after the post: the team that checked in, by its token.
    text = client.get(_door(hall), {"pointee": door.welcome_token(team)}).content.decode()
    assert "Bienvenue, Hélène Dupré" in text


def test_the_desk_reads_the_doors_hours_and_checks_in_at_any_time(
    client, organizer, hall, monkeypatch
):
    client.force_login(organizer)
    Tournament.objects.filter(pk=hall.pk).update(
        date=datetime.date(2026, 12, 12), check_in_opens=time(13, 30)
    )
    monkeypatch.setattr(door, "local_now", lambda: datetime.datetime(2026, 11, 24, 19))
    page = client.get(f"/organisation/t/{hall.slug}/").content.decode().replace("\xa0", " ")
    assert "Le pointage ouvrira le samedi 12 décembre à 13 h 30." in page
    team = Team.objects.get(player1__last_name="Aubry")
    client.post(f"/organisation/t/{hall.slug}/equipes/{team.pk}/pointage/")
    team.refresh_from_db()
    assert team.checked_in_at is not None


def test_the_closing_must_follow_the_opening(client, organizer, hall):
    from tournaments.forms.tournament import TournamentForm, tournament_initial

    data = {**tournament_initial(hall), "check_in_opens": "15:00", "check_in_closes": "14:00"}
    data = {k: v for k, v in data.items() if v is not None and v is not False}
    form = TournamentForm(data, tournament=hall)
    assert not form.is_valid()
    assert form.errors["check_in_closes"] == ["Le pointage doit fermer après son ouverture."]


def test_the_closed_door_speaks_english(client, hall, monkeypatch):
    Tournament.objects.filter(pk=hall.pk).update(
        date=datetime.date(2026, 12, 12), check_in_opens=time(13, 30)
    )
    monkeypatch.setattr(door, "local_now", lambda: datetime.datetime(2026, 11, 24, 19))
    client.cookies["django_language"] = "en"
    text = client.get(_door(hall), HTTP_ACCEPT_LANGUAGE="en").content.decode()
    assert "Check-in will open on Saturday 12 December at 13:30." in text


def test_a_tick_at_the_desk_sends_the_counters_with_the_row(client, organizer, hall):
    """Issue 38 item 6: « 0 équipes pointées sur 3 » follows each tick, out
    of band, without waiting for the list's next call or a reload."""
    client.force_login(organizer)
    manage = f"/organisation/t/{hall.slug}/"
    for n, team in enumerate(Team.objects.filter(tournament=hall, round__isnull=True), start=1):
        answer = client.post(f"{manage}equipes/{team.pk}/pointage/", HTTP_HX_REQUEST="true")
        text = answer.content.decode()
        assert f'id="team-{team.pk}"' in text
        said = "équipe pointée" if n == 1 else "équipes pointées"
        assert re.search(
            rf'id="door-count" hx-swap-oob="true"><strong>{n} {said} sur 3</strong>', text
        )
        assert 'id="door-drawn" hx-swap-oob="true"' in text
    assert "« Présente » / « Absente »" in text
