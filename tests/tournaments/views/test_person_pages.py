"""The players' and clubs' pages across concours, and the organizer's
« Pages des joueurs » screen: a page only with the player's agreement (404
otherwise), the cote said as unofficial, French and English, bad input
answered next to the field, never a 500."""

from __future__ import annotations

import pytest
from django.urls import reverse
from django.utils import translation

from tests import factories
from tests.tournaments.services.test_persons import finished_concours
from tournaments.forms.teams import TeamForm
from tournaments.models import Person, Player

pytestmark = pytest.mark.django_db


@pytest.fixture
def concours(organizer):
    return finished_concours(organizer, name="Concours d'automne", shown={"Lefèvre0", "Lefèvre1"})


def _person(last_name: str) -> Person:
    return Player.objects.get(last_name=last_name).person


@pytest.mark.parametrize(
    ("language", "words"),
    [
        (
            "fr",
            [
                "Cote (non officielle)",
                "Elle vaut probablement entre",
                "Concours joués",
                "Pour ne plus figurer ici, demandez-le à l'organisateur d'un de ces concours",
                "ne reviennent que si vous le redemandez à l'organisateur qui vous a inscrit",
                "les concours d'organisateurs approuvés par le site",
                "chez des organisateurs approuvés par le site",
            ],
        ),
        (
            "en",
            [
                "Cote (unofficial rating)",
                "It is probably between",
                "Concours played",
                "To be taken off, ask the organizer of one of these concours",
                "come back only if you ask again the organizer who registered you",
                "Only concours of organizers the site approved count here",
                "run by organizers the site approved",
            ],
        ),
    ],
)
def test_the_page_of_a_player_who_agreed_lists_their_concours_and_cote(
    client, concours, language, words
):
    client.cookies["django_language"] = language
    response = client.get(_person("Lefèvre0").get_absolute_url())
    assert response.status_code == 200
    for word in [*words, "Concours d'automne", "Amélie Lefèvre0"]:
        assert word in response.text.replace("&#x27;", "'")


def test_a_player_who_did_not_agree_has_no_page_and_no_link(client, concours):
    hidden = _person("Bérard0")
    assert client.get(hidden.get_absolute_url()).status_code == 404
    assert client.get(reverse("tournaments:person", args=[999_999])).status_code == 404
    team = concours.teams.get(player1__last_name="Lefèvre0")
    page = client.get(reverse("tournaments:team", args=[concours.slug, team.number])).text
    assert _person("Lefèvre0").get_absolute_url() in page
    assert hidden.get_absolute_url() not in page


def test_a_withdrawn_player_leaves_their_page_the_club_and_the_team_page(
    client, organizer, concours
):
    person = _person("Lefèvre0")
    client.force_login(organizer)
    response = client.post(reverse("tournaments:person_withdraw", args=[person.pk]))
    assert response.status_code == 302
    client.logout()
    assert client.get(person.get_absolute_url()).status_code == 404
    club = client.get(reverse("tournaments:club", args=[person.club_key])).text
    assert "Lefèvre0" not in club and "Lefèvre1" in club
    team = concours.teams.get(player1__last_name="Lefèvre0")
    page = client.get(reverse("tournaments:team", args=[concours.slug, team.number])).text
    assert person.get_absolute_url() not in page


@pytest.mark.parametrize("language", ["fr", "en"])
def test_a_clubs_page_lists_its_shown_players_and_its_concours(client, concours, language):
    client.cookies["django_language"] = language
    key = _person("Lefèvre0").club_key
    response = client.get(reverse("tournaments:club", args=[key]))
    assert response.status_code == 200
    assert "Belote Club de Mâcon" in response.text
    assert "Lefèvre0" in response.text and "Bérard0" not in response.text
    assert "Concours d&#x27;automne" in response.text
    assert client.get(reverse("tournaments:club", args=["inconnu"])).status_code == 404


def test_the_organizer_merges_two_records_and_is_told_when_it_cannot(
    client, organizer, django_user_model, concours
):
    kept, merged = _person("Lefèvre0"), _person("Lefèvre1")
    other = django_user_model.objects.create_user("autre", password=factories.PASSWORD)
    theirs = finished_concours(other, name="Ailleurs", people={"Lefèvre5": ("", "Cluny")})
    stranger = theirs.players.get(last_name="Lefèvre5").person
    client.force_login(organizer)
    url = reverse("tournaments:persons_merge")
    page = client.get(reverse("tournaments:persons_manage"))
    assert page.status_code == 200 and "Lefèvre0" in page.text and "Cluny" not in page.text
    assert "Fusionner deux fiches" in page.text  # this screen, not « Mes joueurs »
    same = client.post(url, {"kept": kept.pk, "merged": kept.pk})
    assert same.status_code == 422 and "Choisissez deux fiches différentes." in same.text
    foreign = client.post(url, {"kept": kept.pk, "merged": stranger.pk})
    assert foreign.status_code == 422 and Person.objects.filter(pk=stranger.pk).exists()
    junk = client.post(url, {"kept": "abc", "merged": "99999999999999999999"})
    assert junk.status_code == 422
    done = client.post(url, {"kept": kept.pk, "merged": merged.pk})
    assert done.status_code == 302
    assert not Person.objects.filter(pk=merged.pk).exists()


def test_a_visitor_cannot_reach_the_organizers_screen(client, concours):
    response = client.get(reverse("tournaments:persons_manage"))
    assert response.status_code == 302
    person = _person("Lefèvre0")
    assert client.post(reverse("tournaments:person_withdraw", args=[person.pk])).status_code == 302
    person.refresh_from_db()
    assert person.shown


def test_the_registration_box_is_off_by_default_and_ticked_shows_the_player(
    client, organizer, tournament
):
    client.force_login(organizer)
    url = reverse("tournaments:team_add", args=[tournament.slug])
    form = client.get(url).text
    assert 'name="shown1"' in form and "checked" not in form.split('name="shown1"')[1][:40]
    fields = {
        "first_name1": "Amélie",
        "last_name1": "Lefèvre",
        "first_name2": "Jérôme",
        "last_name2": "Bérard",
        "shown1": "on",
    }
    assert client.post(url, fields).status_code == 302
    assert Player.objects.get(last_name="Lefèvre").shown
    assert not Player.objects.get(last_name="Bérard").shown
    with translation.override("en"):
        assert "agrees to be shown" in str(TeamForm()["shown1"].label)


@pytest.mark.parametrize(
    ("language", "said"), [("fr", "{place} sur 16 · {points} points"), ("en", "{place} of 16")]
)
def test_a_players_page_gives_their_place_and_points_in_a_finished_concours(
    client, concours, language, said
):
    """The place is the one of the concours's ranking, its points the team's
    points of cards; a concours not yet finished shows none."""
    from tournaments.display.labels import number, ordinal
    from tournaments.queries.standings import tournament_standings

    team = concours.teams.get(player1__last_name="Lefèvre0")
    row = next(s.row for s in tournament_standings(concours) if s.entrant == team)
    side = "a" if row.won else "b"  # side A wins every table
    table = concours.rounds.get().tables.get(**{f"team_{side}": team})
    assert row.points_for == sum(getattr(d, f"marque_{side}") for d in table.deals.all()) > 0
    assert 1 <= row.rank <= 16
    client.cookies["django_language"] = language
    with translation.override(language):
        expected = said.format(place=ordinal(row.rank), points=number(row.points_for))
    page = client.get(_person("Lefèvre0").get_absolute_url()).text
    assert expected in page.replace("\u202f", " ").replace("&nbsp;", " ")
    # The same concours still being played: no place yet.
    concours.status = concours.Status.RUNNING
    concours.save(update_fields=["status"])
    page = client.get(_person("Lefèvre0").get_absolute_url()).text
    assert "final-place" not in page


@pytest.mark.parametrize(
    ("language", "words"),
    [
        ("fr", ["accord retiré le", "Lefèvre0 l'a demandé : afficher de nouveau"]),
        ("en", ["agreement withdrawn on", "Lefèvre0 asked for it: show again"]),
    ],
)
def test_the_organizer_who_registered_a_withdrawn_player_shows_them_again_on_request(
    client, organizer, concours, language, words
):
    person = _person("Lefèvre0")
    client.force_login(organizer)
    client.post(reverse("tournaments:person_withdraw", args=[person.pk]))
    client.cookies["django_language"] = language
    page = client.get(reverse("tournaments:persons_manage")).text.replace("&#x27;", "'")
    assert all(word in page for word in words), words
    again = reverse("tournaments:person_show_again", args=[person.pk])
    assert client.post(again).status_code == 302
    client.logout()
    assert client.get(person.get_absolute_url()).status_code == 200


def test_another_organizer_cannot_show_again_a_player_they_did_not_register(
    client, django_user_model, organizer, concours
):
    person = _person("Lefèvre0")
    client.force_login(organizer)
    client.post(reverse("tournaments:person_withdraw", args=[person.pk]))
    other = django_user_model.objects.create_user("autre", password=factories.PASSWORD)
    client.force_login(other)
    again = reverse("tournaments:person_show_again", args=[person.pk])
    assert client.post(again).status_code == 404
    assert client.post(reverse("tournaments:person_show_again", args=[999_999])).status_code == 404
    assert client.get(again).status_code == 405
    client.logout()
    assert client.get(person.get_absolute_url()).status_code == 404


def test_ticking_a_withdrawn_players_box_is_refused_next_to_it(client, organizer, concours):
    person = _person("Lefèvre0")
    client.force_login(organizer)
    client.post(reverse("tournaments:person_withdraw", args=[person.pk]))
    team = concours.teams.get(player1__last_name="Lefèvre0")
    url = reverse("tournaments:team_edit", args=[concours.slug, team.pk])
    fields = {
        "first_name1": "Amélie",
        "last_name1": "Lefèvre0",
        "first_name2": "Jérôme",
        "last_name2": "Bérard0",
        "club": "Belote Club de Mâcon",
        "shown1": "on",
    }
    response = client.post(url, fields)
    assert response.status_code == 200
    box = response.text.split('id="field-shown1"')[1].split("</div>")[0]
    assert "has-error" not in box and "a retiré son accord" in box.replace("&#x27;", "'")
    assert 'class="field has-error" id="field-shown1"' in response.text
    assert not Player.objects.get(last_name="Lefèvre0").shown


def test_an_unapproved_organizer_is_told_why_their_players_have_no_page(client, django_user_model):
    other = django_user_model.objects.create_user("nouveau", password=factories.PASSWORD)
    finished_concours(other, name="Premier concours", shown={"Lefèvre0"}, approved=False)
    client.force_login(other)
    page = client.get(reverse("tournaments:persons_manage")).text.replace("&#x27;", "'")
    assert "Votre compte n'est pas encore approuvé" in page
    assert "accord donné, en attente de l'approbation du compte" in page
    assert client.get(_person("Lefèvre0").get_absolute_url()).status_code == 404


def test_the_administrator_approves_an_organizer_from_the_users_list(client, django_user_model):
    other = django_user_model.objects.create_user("nouveau", password=factories.PASSWORD)
    finished_concours(other, name="Premier concours", shown={"Lefèvre0"}, approved=False)
    boss = django_user_model.objects.create_superuser("boss", "boss@club.fr", "x")
    client.force_login(boss)
    users = reverse("admin:auth_user_changelist")
    assert "Approuver : leurs concours publics" in client.get(users).text
    action = {"action": "approve_organizers", "_selected_action": [other.pk]}
    assert client.post(users, action).status_code == 302
    assert client.get(_person("Lefèvre0").get_absolute_url()).status_code == 200
    action["action"] = "withdraw_approvals"
    assert client.post(users, action).status_code == 302
    assert client.get(_person("Lefèvre0").get_absolute_url()).status_code == 404


def test_a_players_page_links_a_partner_only_where_the_partners_page_is_shown(client, organizer):
    """Issue 38, item 11: « Avec Jérôme Bérard0 » links Bérard0's page when
    he agreed; Bérard1, who did not, is named (as on the concours's team
    page) and never linked."""
    concours = finished_concours(organizer, shown={"Lefèvre0", "Bérard0", "Lefèvre1"})
    linked, named = _person("Bérard0"), Player.objects.get(last_name="Bérard1")
    page = client.get(_person("Lefèvre0").get_absolute_url()).text
    assert f'Avec <a href="{linked.get_absolute_url()}">Jérôme Bérard0</a>' in page
    page = client.get(_person("Lefèvre1").get_absolute_url()).text
    assert "Avec Jérôme Bérard1" in page
    assert named.person.get_absolute_url() not in page
    assert client.get(named.person.get_absolute_url()).status_code == 404
    assert concours.slug in page


@pytest.mark.parametrize(
    ("language", "words"),
    [
        (
            "fr",
            [
                "joueur coté du club sur 3",
                "sur les 3 joueurs cotés du site",
                "Chaque joueur part de 25",
            ],
        ),
        (
            "en",
            [
                "of the club's 3 rated players",
                "of the site's 3 rated players",
                "Every player starts at 25",
            ],
        ),
    ],
)
def test_the_cote_is_said_as_a_place_among_the_shown_players(client, organizer, language, words):
    """Only the shown players are counted (here 3 of the 32: Lefèvre0,
    Lefèvre1 and Bérard5), and the page says where the cote stands."""
    finished_concours(organizer, shown={"Lefèvre0", "Lefèvre1", "Bérard5"})
    client.cookies["django_language"] = language
    page = client.get(_person("Lefèvre0").get_absolute_url()).text.replace("&#x27;", "'")
    for word in words:
        assert word in page
