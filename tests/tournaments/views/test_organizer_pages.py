"""The organizer's pages: what cannot be undone asks first (and works
without JavaScript), a forfait is undone from the list, a team registered by
mistake is deleted, the tournament is edited, published, archived, deleted;
the partie's page refreshes its tables and reprints one table's sheet."""

from __future__ import annotations

import html
import re

import pytest
from django.urls import reverse
from django.utils import timezone

from tests import factories
from tournaments.models import Round, Table, Team, Tournament
from tournaments.models.options import asked
from tournaments.services import registration, rounds

pytestmark = pytest.mark.django_db


@pytest.fixture
def desk(client, organizer):
    client.force_login(organizer)
    return client


def text(response) -> str:
    return html.unescape(response.content.decode())


def manage_url(tournament) -> str:
    return reverse("tournaments:manage", args=[tournament.slug])


def finish_round(rnd: Round) -> None:
    for table in rnd.tables.filter(team_b__isnull=False):
        for _ in range(rnd.tournament.end_deals):
            factories.add_deal(table)


# --- the way in ---------------------------------------------------------------


def test_a_signed_in_organizer_sees_the_way_to_the_organizer_area(client, organizer, tournament):
    dashboard = reverse("tournaments:dashboard")
    assert f'href="{dashboard}"' not in client.get("/").content.decode()
    client.force_login(organizer)
    assert f'href="{dashboard}"' in client.get("/").content.decode()
    assert f'href="{dashboard}"' in client.get(tournament.get_absolute_url()).content.decode()


# --- forfait: asked first, undone until the next draw -------------------------


def test_a_team_forfait_asks_first_and_changes_nothing_until_confirmed(desk, tournament, teams):
    url = reverse("tournaments:team_withdraw", args=[tournament.slug, teams[1].pk])
    assert url in desk.get(manage_url(tournament)).content.decode()
    for answer in (desk.get(url), desk.post(url)):
        assert answer.status_code == 200
        assert "Déclarer le forfait" in text(answer)
        assert "jusqu'au prochain tirage" in text(answer)
    assert Team.objects.get(pk=teams[1].pk).status == Team.Status.ACTIVE
    done = desk.post(url, {"confirm": "1"}, follow=True)
    assert "déclare forfait" in text(done)
    assert Team.objects.get(pk=teams[1].pk).status == Team.Status.WITHDRAWN


def test_a_forfait_is_undone_from_the_list_until_the_next_draw(desk, tournament, teams):
    registration.withdraw_team(team=teams[1])
    undo = reverse("tournaments:team_reinstate", args=[tournament.slug, teams[1].pk])
    assert undo in desk.get(manage_url(tournament)).content.decode()
    done = desk.post(undo, follow=True)
    assert "Forfait de" in text(done) and "annulé" in text(done)
    teams[1].refresh_from_db()
    assert teams[1].status == Team.Status.ACTIVE
    registration.withdraw_team(team=teams[1])
    factories.draw_random_round(tournament)
    assert undo not in desk.get(manage_url(tournament)).content.decode()
    refused = desk.post(undo, follow=True)
    assert "ne peut plus être annulé" in text(refused)


def test_a_melee_players_forfait_asks_first_and_is_undone(desk, make_tournament):
    melee = make_tournament(name="Mêlée du jeudi", format=Tournament.Format.MELEE)
    player = registration.register_player(
        tournament=melee, player=registration.PlayerData("Zoé", "Dupré")
    )
    url = reverse("tournaments:player_withdraw", args=[melee.slug, player.pk])
    assert "Déclarer le forfait" in text(desk.get(url))
    desk.post(url, {"confirm": "1"})
    player.refresh_from_db()
    assert player.status == "withdrawn"
    undo = reverse("tournaments:player_reinstate", args=[melee.slug, player.pk])
    assert undo in desk.get(manage_url(melee)).content.decode()
    desk.post(undo)
    player.refresh_from_db()
    assert player.status == "active"


# --- deleting a team registered by mistake --------------------------------------


def test_a_team_registered_by_mistake_is_deleted_after_a_confirmation(desk, tournament, teams):
    edit = reverse("tournaments:team_edit", args=[tournament.slug, teams[2].pk])
    delete = reverse("tournaments:team_delete", args=[tournament.slug, teams[2].pk])
    assert delete in desk.get(edit).content.decode()
    assert "Supprimer l'équipe" in text(desk.get(delete))
    assert Team.objects.filter(pk=teams[2].pk).exists()
    done = desk.post(delete, {"confirm": "1"}, follow=True)
    assert "Équipe n° 3 supprimée" in text(done)
    assert not Team.objects.filter(pk=teams[2].pk).exists()


def test_a_team_that_played_offers_no_deletion(desk, tournament, teams, round1):
    edit = reverse("tournaments:team_edit", args=[tournament.slug, teams[0].pk])
    delete = reverse("tournaments:team_delete", args=[tournament.slug, teams[0].pk])
    assert delete not in desk.get(edit).content.decode()
    page = text(desk.get(delete))
    assert "déjà été placée à une table" in page and 'name="confirm"' not in page
    refused = desk.post(delete, {"confirm": "1"}, follow=True)
    assert "forfait" in text(refused)
    assert Team.objects.filter(pk=teams[0].pk).exists()


# --- closing a partie, revoking a link ---------------------------------------


def test_closing_a_partie_asks_first_and_names_what_is_missing(desk, tournament, round1):
    url = reverse("tournaments:close", args=[tournament.slug, 1])
    page = text(desk.get(url))
    assert "Tables pas encore terminées" in page and 'name="confirm"' not in page
    finish_round(round1)
    page = text(desk.get(url))
    assert "ne se rouvre pas" in page and 'name="confirm"' in page
    desk.post(url)  # a POST without the confirmation changes nothing
    assert Round.objects.get(pk=round1.pk).status != Round.Status.CLOSED
    done = desk.post(url, {"confirm": "1"}, follow=True)
    assert "Partie 1 close" in text(done)
    assert Round.objects.get(pk=round1.pk).status == Round.Status.CLOSED


def test_revoking_a_tables_link_asks_first(desk, tournament, table):
    url = reverse("tournaments:table_revoke", args=[tournament.slug, 1, table.number])
    key = table.entry_key
    answer = desk.post(url)
    assert "Révoquer le lien" in text(answer) and "ne marchera plus" in text(answer)
    assert Table.objects.get(pk=table.pk).entry_key == key
    desk.post(url, {"confirm": "1"})
    assert Table.objects.get(pk=table.pk).entry_key != key


# --- the partie's page ---------------------------------------------------------


def test_the_partie_page_refreshes_its_tables_by_itself(desk, tournament, round1):
    page = desk.get(reverse("tournaments:round", args=[tournament.slug, 1])).content.decode()
    fragment_url = reverse("tournaments:round_tables", args=[tournament.slug, 1])
    assert f'hx-get="{fragment_url}"' in page and 'hx-trigger="every 10s"' in page
    finish_round(round1)
    fragment = desk.get(fragment_url, headers={"HX-Request": "true"})
    assert "<html" not in fragment.content.decode()
    assert "Tables terminées : 2 sur 2" in text(fragment)
    rounds.close_round(round=round1)
    closed = desk.get(fragment_url).content.decode()
    assert "hx-trigger" not in closed  # a closed partie no longer changes


def test_one_tables_sheet_is_reprinted_alone(desk, tournament, round1):
    page = desk.get(reverse("tournaments:round", args=[tournament.slug, 1])).content.decode()
    url = reverse("tournaments:table_sheet_pdf", args=[tournament.slug, 1, 2])
    assert url in page
    response = desk.get(url)
    assert response["Content-Type"] == "application/pdf"
    # its sheet and its coupons; the whole partie: two sheets and their coupons
    assert len(re.findall(rb"/Type /Page\b(?!s)", response.content)) == 2
    whole = desk.get(reverse("tournaments:sheets_pdf", args=[tournament.slug, 1]))
    assert len(re.findall(rb"/Type /Page\b(?!s)", whole.content)) == 3


def test_the_draw_speaks_of_a_draw_number_not_a_seed(desk, tournament, round1):
    for url in (manage_url(tournament), reverse("tournaments:round", args=[tournament.slug, 1])):
        page = text(desk.get(url))
        assert "graine" not in page.lower() and "Retirer la partie" not in page
        assert "numéro de tirage" in page.lower()
    page = text(desk.get(reverse("tournaments:round", args=[tournament.slug, 1])))
    assert "Refaire le tirage" in page and "refaire à l'identique" in page
    done = desk.post(
        reverse("tournaments:redraw", args=[tournament.slug, 1]), {"method": "random"}, follow=True
    )
    assert "Tirage refait" in text(done)


# --- editing, publishing, archiving, deleting the tournament -------------------


def form_data(tournament: Tournament, **changes) -> dict:
    data = {
        "name": tournament.name,
        "date": tournament.date.isoformat(),
        "venue": tournament.venue,
        "preset": tournament.rule_profile.preset,
        "format": tournament.format,
        "parties": tournament.parties,
        "end_mode": tournament.end_mode,
        "end_deals": tournament.end_deals,
        "score_entry": tournament.score_entry,
        "criterion_1": "points",
        "bye_policy": tournament.bye_policy,
        "bye_points": tournament.bye_points,
        "published": "on" if tournament.published else "",
    }
    data.update(changes)
    return data


def test_the_tournament_is_edited_with_its_criteria_in_the_chosen_order(desk, tournament):
    url = reverse("tournaments:edit", args=[tournament.slug])
    form = desk.get(url).content.decode()
    assert 'value="2026-12-05"' in form  # the date input shows the date
    assert url in desk.get(manage_url(tournament)).content.decode()
    data = form_data(
        tournament,
        name="Coinche du Téléthon",
        venue="Salle Jean-Moulin",
        parties=5,
        criterion_1="wins",
        criterion_2="difference",
        criterion_3="points",
    )
    response = desk.post(url, data, follow=True)
    assert "Tournoi modifié" in text(response)
    tournament.refresh_from_db()
    assert tournament.name == "Coinche du Téléthon" and tournament.parties == 5
    assert tournament.criteria == ["wins", "difference", "points"]
    form = desk.get(url).content.decode()
    assert re.search(r'name="criterion_2"[^>]*>.*?<option value="difference" selected', form, re.S)


def test_a_criterion_chosen_twice_is_shown_at_its_place(desk, tournament):
    url = reverse("tournaments:edit", args=[tournament.slug])
    response = desk.post(url, form_data(tournament, criterion_1="wins", criterion_2="wins"))
    assert response.status_code == 200
    assert response.context["form"].errors["criterion_2"]


def test_a_new_tournament_keeps_the_order_of_its_criteria(desk):
    data = {
        "name": "Belote du lundi",
        "date": "2026-12-07",
        "preset": "ffb-belote",
        "format": "pairs",
        "parties": 4,
        "end_mode": "deals",
        "end_deals": 12,
        "score_entry": "deals",
        "criterion_1": "match_points",
        "criterion_3": "points",  # a gap is closed up
        "bye_policy": "fixed",
        "bye_points": 0,
    }
    desk.post(reverse("tournaments:create"), data)
    assert Tournament.objects.get(name="Belote du lundi").criteria == ["match_points", "points"]


def test_a_new_tournament_has_the_options_on_by_default(desk):
    """An organizer who fills only the first screen gets the options on by
    default (the claims window was unticked, so a tournament made through
    the form had none although the option is on by default), and each draw
    is a draft until announced; its settings page shows their boxes ticked."""
    page = desk.get(reverse("tournaments:create"))
    assert 'name="claims_window"' not in text(page)  # on the settings page only
    desk.post(
        reverse("tournaments:create"),
        {
            "name": "Belote d'hiver",
            "date": "2026-12-05",
            "preset": "ffb-belote",
            "parties": 4,
            "end_deals": 12,
        },
    )
    tournament = Tournament.objects.get(name="Belote d'hiver")
    assert tournament.claims_window and tournament.release_draws
    response = desk.get(reverse("tournaments:edit", args=[tournament.slug]))
    form = response.context["form"]
    ticked = {o.field_name for o in asked() if form[o.field_name].value() is True}
    assert ticked == {"claims_window", "release_draws"}
    for name in ticked:
        assert re.search(rf'<input type="checkbox" name="{name}"[^>]* checked', text(response))


def test_the_scoring_rules_are_shown_locked_once_a_score_is_in(desk, tournament, deal):
    url = reverse("tournaments:edit", args=[tournament.slug])
    page = desk.get(url)
    assert "ne peuvent plus changer" in text(page)
    assert page.context["form"].fields["preset"].disabled
    desk.post(url, form_data(tournament, preset="ffb-belote", name="Nouveau nom"))
    tournament.refresh_from_db()
    assert tournament.name == "Nouveau nom"
    assert tournament.rule_profile.preset == "ffb-coinche"


def test_a_tournament_is_hidden_from_the_home_by_unpublishing_it(desk, client, tournament):
    desk.post(reverse("tournaments:publish", args=[tournament.slug]), {"published": "0"})
    desk.logout()
    assert tournament.name not in text(client.get("/"))


def test_an_archived_tournament_leaves_the_lists_but_stays_reachable(desk, tournament, clock):
    # Both played today: the home's first list shows them (on the test's
    # clock, pinned: today all along, even at midnight).
    today = timezone.localdate()
    Tournament.objects.filter(pk=tournament.pk).update(date=today)
    other = factories.build_tournament(
        owner=tournament.owner, name="Concours de printemps", date=today
    )
    response = desk.post(
        reverse("tournaments:archive", args=[tournament.slug]), {"archived": "1"}, follow=True
    )
    assert "archivé" in text(response)
    dashboard = response.context
    assert list(dashboard["tournaments"]) == [other]
    assert list(dashboard["archived"]) == [tournament]
    assert tournament.name not in text(desk.get("/"))
    assert "Concours de printemps" in text(desk.get("/"))
    assert desk.get(manage_url(tournament)).status_code == 200
    assert desk.get(tournament.get_absolute_url()).status_code == 200
    desk.post(reverse("tournaments:archive", args=[tournament.slug]), {"archived": "0"})
    assert tournament.name in text(desk.get("/"))


def test_a_tournament_is_deleted_after_a_confirmation(desk, tournament, deal):
    url = reverse("tournaments:delete", args=[tournament.slug])
    page = text(desk.get(url))
    assert "Supprimer définitivement" in page and "4 équipes" in page and "1 donnes" in page
    assert Tournament.objects.filter(pk=tournament.pk).exists()
    response = desk.post(url, {"confirm": "1"}, follow=True)
    assert "supprimé" in text(response)
    assert not Tournament.objects.filter(pk=tournament.pk).exists()
