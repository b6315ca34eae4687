"""The club's tablets as pages: the desk's « Tablettes du club », the
one-time enrolment, a tablet kept on its table's page with no login, and
everything a forged cookie or a bad input must not do (never a 500)."""

from __future__ import annotations

import datetime

import pytest
from django.test import Client
from django.urls import reverse
from django.utils import timezone

from tests import factories
from tournaments.features.tablets import services as tablet_services
from tournaments.features.tablets.models import Tablet
from tournaments.features.tablets.views import COOKIE
from tournaments.infra import links
from tournaments.models import Round
from tournaments.services import release, rounds

pytestmark = pytest.mark.django_db


def _page(tournament) -> str:
    return reverse("tournaments:tablets", args=[tournament.slug])


def _enrol(tablet: Tablet) -> Client:
    """A new device (its own cookies) that opened the enrolment link."""
    device = Client()
    answer = device.post(reverse("tournaments:tablet_enrol", args=[tablet.enrol_key]))
    assert answer.status_code == 302
    return device


def test_the_desk_adds_a_tablet_and_sees_its_enrolment_link(desk, concours):
    answer = desk.post(_page(concours), {"name": "Tablette 1"}, follow=True)
    tablet = Tablet.objects.get()
    page = answer.content.decode()
    assert "Tablette 1" in page
    assert reverse("tournaments:tablet_enrol", args=[tablet.enrol_key]) in page
    assert "<svg" in page  # the QR code


@pytest.mark.parametrize("name", ["", " ", "x" * 41])
def test_a_bad_name_is_said_next_to_the_field(desk, concours, name):
    answer = desk.post(_page(concours), {"name": name})
    assert answer.status_code == 422
    assert 'id="field-name"' in answer.content.decode()
    assert "errorlist" in answer.content.decode()
    assert not Tablet.objects.exists()


def test_the_page_is_the_organizers_alone(client, concours, django_user_model):
    assert client.get(_page(concours)).status_code == 302  # to the login
    stranger = django_user_model.objects.create_user("autre", password=factories.PASSWORD)
    client.force_login(stranger)
    assert client.get(_page(concours)).status_code == 404
    tablet = tablet_services.add_tablet(tournament=concours, name="T")
    move = reverse("tournaments:tablet_move", args=[concours.slug, tablet.pk])
    assert (
        client.post(move, {f"t{tablet.pk}-number": "1", f"t{tablet.pk}-when": "now"}).status_code
        == 404
    )


@pytest.mark.parametrize(
    ("number", "when", "says"),
    [
        ("abc", "now", "nombre entier"),
        ("0", "now", "supérieure ou égale à 1"),
        ("9", "now", "pas de table 9"),
        ("2", "demain", "Sélectionnez un choix valide"),
        ("99999999999", "next", "inférieure ou égale à 500"),
    ],
)
def test_a_bad_move_is_said_next_to_its_field_and_changes_nothing(
    desk, concours, number, when, says
):
    tablet = tablet_services.add_tablet(tournament=concours, name="T")
    move = reverse("tournaments:tablet_move", args=[concours.slug, tablet.pk])
    answer = desk.post(move, {f"t{tablet.pk}-number": number, f"t{tablet.pk}-when": when})
    assert answer.status_code == 422
    assert says in answer.content.decode()
    tablet.refresh_from_db()
    assert tablet.table_number is None


def test_an_enrolled_tablet_opens_its_table_without_a_login(concours):
    tablet = tablet_services.add_tablet(tournament=concours, name="Tablette 1")
    device = _enrol(tablet)
    home = reverse("tournaments:tablet_home")
    waiting = device.get(home)
    assert waiting.status_code == 200 and "En attente d'une table" in waiting.content.decode()
    tablet_services.move_tablet(tablet=tablet, number=2)
    table = concours.rounds.get(number=1).tables.get(number=2)
    assert device.get(home)["Location"] == links.entry_path(table)
    page = device.get(links.entry_path(table)).content.decode()
    assert "players table-side tablet" in page and "js/tablet.js" in page
    assert device.get(reverse("tournaments:tablet_state")).json() == {
        "page": links.entry_path(table)
    }


@pytest.mark.parametrize("key", ["forged", "a%00b", "x" * 41, "é"])
def test_a_forged_enrolment_link_is_refused_in_words(client, concours, key):
    tablet_services.add_tablet(tournament=concours, name="T")
    url = f"/tablette/installer/{key}/"
    assert client.get(url).status_code == 404
    answer = client.post(url)
    assert answer.status_code == 410 and COOKIE not in answer.cookies
    assert not Tablet.objects.filter(device_key__isnull=False).exists()


def test_the_enrolment_link_opened_again_is_refused_in_words(concours):
    tablet = tablet_services.add_tablet(tournament=concours, name="Tablette 1")
    url = reverse("tournaments:tablet_enrol", args=[tablet.enrol_key])
    _enrol(tablet)
    second = Client()
    assert second.get(url).status_code == 404
    answer = second.post(url)
    assert answer.status_code == 410 and "servi ou a été remplacé" in answer.content.decode()
    assert COOKIE not in answer.cookies


@pytest.mark.parametrize("cookie", ["forged", "a:b:c", "x" * 300, "\x00"])
def test_a_forged_tablet_cookie_opens_nothing(client, concours, cookie):
    tablet = tablet_services.add_tablet(tournament=concours, name="T")
    tablet_services.enrol_tablet(enrol_key=tablet.enrol_key)
    client.cookies[COOKIE] = cookie
    answer = client.get(reverse("tournaments:tablet_home"))
    assert answer.status_code == 403
    assert "pas une tablette du club" in answer.content.decode()
    assert "ended" in client.get(reverse("tournaments:tablet_state")).json()


def test_the_device_key_unsigned_is_not_a_tablet(client, concours):
    tablet = tablet_services.add_tablet(tournament=concours, name="T")
    tablet = tablet_services.enrol_tablet(enrol_key=tablet.enrol_key)
    client.cookies[COOKIE] = tablet.device_key
    assert client.get(reverse("tournaments:tablet_home")).status_code == 403


def test_a_tablet_signed_out_by_a_new_link_is_no_longer_one(concours):
    tablet = tablet_services.add_tablet(tournament=concours, name="T")
    device = _enrol(tablet)
    tablet_services.renew_enrolment(tablet=Tablet.objects.get())
    assert device.get(reverse("tournaments:tablet_home")).status_code == 403
    # Its table's link is a phone's page again (with the site's header).
    table = concours.rounds.get(number=1).tables.get(number=1)
    page = device.get(links.entry_path(table)).content.decode()
    assert "js/tablet.js" not in page and "players table-side tablet" not in page


def test_a_tablet_enters_nothing_without_a_teams_code(concours):
    tablet = tablet_services.add_tablet(tournament=concours, name="T")
    device = _enrol(tablet)
    table = concours.rounds.get(number=1).tables.get(number=1)
    device.get(links.entry_path(table))  # sets the tablet to table 1
    answer = device.post(
        reverse("tournaments:table_side_deal", args=[links.entry_token(table)]),
        {"taker": "A", "trump": "H", "bid": "90", "points_a": "97", "version": table.version},
    )
    assert answer.status_code == 403
    assert not table.deals.exists()


def test_a_tablet_opening_a_table_link_is_set_to_it_and_follows_its_number(concours):
    tablet = tablet_services.add_tablet(tournament=concours, name="T")
    device = _enrol(tablet)
    table2 = concours.rounds.get(number=1).tables.get(number=2)
    device.get(links.entry_path(table2))
    tablet.refresh_from_db()
    assert tablet.table_number == 2
    rnd = concours.rounds.get(number=1)
    for table in rnd.tables.all():
        factories.add_deal(table)
    rounds.close_round(round=rnd)
    state = reverse("tournaments:tablet_state")
    assert device.get(state).json() == {"page": reverse("tournaments:tablet_home")}
    partie2 = rounds.draw_round(tournament=concours, method=Round.DrawMethod.RANDOM, seed=2)
    assert device.get(state).json() == {"page": links.entry_path(partie2.tables.get(number=2))}


def test_a_tablet_waits_while_the_next_partie_is_a_draft_and_follows_it_once_announced(
    concours,
):
    """A draft's table link is refused to the players (« attendez l'annonce »):
    the tablet stays on its waiting page, which keeps asking, instead of
    opening the refusal, which does not."""
    concours.release_draws = True
    concours.save(update_fields=["release_draws"])
    tablet = tablet_services.add_tablet(tournament=concours, name="T")
    device = _enrol(tablet)
    tablet_services.move_tablet(tablet=tablet, number=2)
    rnd = concours.rounds.get(number=1)
    release.release_round(round=rnd)
    for table in rnd.tables.all():
        factories.add_deal(table)
    rounds.close_round(round=rnd)
    partie2 = rounds.draw_round(tournament=concours, method=Round.DrawMethod.RANDOM, seed=2)
    assert not partie2.announced
    state = reverse("tournaments:tablet_state")
    home = reverse("tournaments:tablet_home")
    assert device.get(state).json() == {"page": home}
    waiting = device.get(home)
    assert waiting.status_code == 200 and "js/tablet.js" in waiting.content.decode()
    release.release_round(round=partie2)
    assert device.get(state).json() == {"page": links.entry_path(partie2.tables.get(number=2))}


def test_the_desk_sees_each_tablets_table_and_last_call(desk, concours):
    quiet = tablet_services.add_tablet(tournament=concours, name="Tablette A")
    tablet_services.enrol_tablet(enrol_key=quiet.enrol_key)
    tablet_services.move_tablet(tablet=quiet, number=3)
    Tablet.objects.filter(pk=quiet.pk).update(
        seen_at=timezone.now() - datetime.timedelta(minutes=7)
    )
    fresh = tablet_services.add_tablet(tournament=concours, name="Tablette B")
    tablet_services.enrol_tablet(enrol_key=fresh.enrol_key)
    tablet_services.move_tablet(tablet=fresh, number=1)
    tablet_services.move_tablet(tablet=fresh, number=2, at_next=True)
    page = desk.get(_page(concours)).content.decode()
    row_a = page[page.index(f'id="tablet-{quiet.pk}"') :]
    assert "Table 3" in row_a[:600] and "vue il y a 7 min · silencieuse" in row_a
    row_b = page[page.index(f'id="tablet-{fresh.pk}"') :]
    assert "Table 1, puis table 2 à la partie 2" in row_b[:600]
    assert "silencieuse" not in row_b[: row_b.index("</tr>")]
    # Both lines are brought up to date by the page's poll.
    for pk in (quiet.pk, fresh.pk):
        assert f"#place-{pk},#seen-{pk}" in page and f'id="seen-{pk}"' in page


def test_the_tablets_page_speaks_english(desk, concours):
    tablet = tablet_services.add_tablet(tournament=concours, name="Tablette 1")
    desk.cookies["django_language"] = "en"
    page = desk.get(_page(concours)).content.decode()
    for english in ("Club tablets", "No table", "Move", "not set up yet", "Add the tablet"):
        assert english in page, english
    device = Client()
    device.cookies["django_language"] = "en"
    enrol = reverse("tournaments:tablet_enrol", args=[tablet.enrol_key])
    assert "Set up this tablet" in device.get(enrol).content.decode()
    tablet_services.move_tablet(tablet=tablet, number=9, at_next=True)  # none in partie 1
    device.post(enrol)
    assert "Waiting for a table" in device.get("/tablette/").content.decode()
    stranger = Client()
    stranger.cookies["django_language"] = "en"
    assert "This device is not a club tablet" in stranger.get("/tablette/").content.decode()
