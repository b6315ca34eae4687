"""The leagues' pages through the test client: an organizer creates a
league and its stages (a wrong rule answered next to its field, nothing
created), sends a stage's qualified teams and finds them marked in the
desk's list; the public page in French and English; another organizer,
and the public for an unpublished league, reach nothing."""

from __future__ import annotations

import pytest
from django.urls import reverse
from django.utils import timezone

from tests.factories import PASSWORD, add_teams
from tests.tournaments.features.leagues.builders import three_stage_league
from tournaments.features.door import services as door
from tournaments.features.leagues import services as leagues
from tournaments.features.leagues.models import League, Qualification, Stage
from tournaments.models import Tournament

pytestmark = pytest.mark.django_db


def manage_url(league) -> str:
    return reverse("tournaments:league_manage", kwargs={"slug": league.slug})


def test_an_organizer_creates_a_league_and_a_stage(client, organizer):
    client.force_login(organizer)
    answer = client.post(
        reverse("tournaments:league_list"),
        {"name": "Championnat du Bocage", "season": "2026-2027", "best_k": "2"},
    )
    league = League.objects.get()
    assert answer.status_code == 302 and answer["Location"] == manage_url(league)
    answer = client.post(
        reverse("tournaments:league_stage_add", kwargs={"slug": league.slug}),
        {"stage-name": "Qualifications", "stage-rule": "percent", "stage-value": "25"},
    )
    assert answer.status_code == 302
    page = client.get(manage_url(league)).content.decode()
    assert "Dernière étape de la ligue" in page
    client.post(
        reverse("tournaments:league_stage_add", kwargs={"slug": league.slug}),
        {"stage-name": "Finale", "stage-rule": "first", "stage-value": "1"},
    )
    page = client.get(manage_url(league)).content.decode()
    assert "Étape 1 : Qualifications" in page and "Étape 2 : Finale" in page
    assert "Les 25 % premiers de chaque concours vont à l&#x27;étape suivante" in page
    assert "leurs 2 meilleures équipes" in page


def test_a_percentage_over_100_is_answered_next_to_its_field(client, organizer):
    client.force_login(organizer)
    league = League.objects.create(owner=organizer, name="Ligue", slug="ligue")
    answer = client.post(
        reverse("tournaments:league_stage_add", kwargs={"slug": league.slug}),
        {"stage-name": "Qualifications", "stage-rule": "percent", "stage-value": "150"},
    )
    assert answer.status_code == 200
    page = answer.content.decode()
    field = page[page.index('id="field-stage-value"') :]
    assert "Un pourcentage va de 1 à 100." in field[: field.index("</div>")]
    assert Stage.objects.count() == 0


def test_an_empty_league_name_is_refused_next_to_the_field(client, organizer):
    client.force_login(organizer)
    answer = client.post(reverse("tournaments:league_list"), {"name": "  ", "best_k": "0"})
    assert answer.status_code == 200
    assert 'id="field-name"' in answer.content.decode()
    assert League.objects.count() == 0


def test_sent_teams_are_marked_in_the_desks_list(client, organizer, league):
    client.force_login(organizer)
    qualifiers = league.stages.get(position=1)
    answer = client.post(
        reverse("tournaments:league_send", kwargs={"slug": league.slug, "pk": qualifiers.pk}),
        follow=True,
    )
    assert "4 équipes inscrites" in answer.content.decode()
    final = league.stages.get(position=2).tournaments.get()
    desk = client.get(reverse("tournaments:manage", kwargs={"slug": final.slug}))
    page = desk.content.decode()
    assert page.count("qualifiée : 1re du concours « Qualification de") == 2
    assert page.count("qualifiée : 2e du concours « Qualification de") == 2
    assert Qualification.objects.count() == 4


def test_sending_before_the_claims_close_says_why(client, organizer):
    league = three_stage_league(organizer, final=False)
    client.force_login(organizer)
    qualifiers = league.stages.get(position=1)
    answer = client.post(
        reverse("tournaments:league_send", kwargs={"slug": league.slug, "pk": qualifiers.pk}),
        follow=True,
    )
    assert "n&#x27;est pas définitif" in answer.content.decode()
    assert Qualification.objects.count() == 0


def test_the_public_page_in_french_and_english(client, league):
    url = reverse("tournaments:league", kwargs={"slug": league.slug})
    page = client.get(url).content.decode()
    assert "Finale départementale" in page and "Classement des clubs de la ligue" in page
    assert "4 équipes sans club n&#x27;entrent pas dans le classement des clubs." in page
    assert "Amicale du Bourg" in page
    home = client.get(reverse("tournaments:home")).content.decode()
    assert url in home
    client.cookies["django_language"] = "en"
    english = client.get(url, HTTP_ACCEPT_LANGUAGE="en").content.decode()
    assert "League clubs ranking" in english
    assert "4 teams without a club are not in the clubs ranking." in english


def test_the_page_says_who_qualifies_in_the_place_of_a_forfait(client, organizer, league):
    """Lisieux's first team declared forfait: marked in the ranking, and a
    sentence says the next one goes on in its place, in French and English."""
    import html

    from tournaments.features.leagues.queries import stage_ranking
    from tournaments.services import registration

    lisieux = league.stages.get(position=1).tournaments.order_by("date", "pk").first()
    first, _second, third = stage_ranking(lisieux)[:3]
    registration.withdraw_team(team=lisieux.teams.get(pk=first.team_id), by=organizer)
    url = reverse("tournaments:league", kwargs={"slug": league.slug})
    page = html.unescape(client.get(url).content.decode())
    said = f"{first.team_name} a déclaré forfait : {third.team_name} se qualifie à sa place."
    assert said in page
    assert '<span class="forfait-mark">Forfait</span>' in page
    client.cookies["django_language"] = "en"
    english = html.unescape(client.get(url, HTTP_ACCEPT_LANGUAGE="en").content.decode())
    assert f"{first.team_name} withdrew: {third.team_name} qualifies in its place." in english


def test_an_unpublished_league_is_its_organizers_only(client, organizer, django_user_model):
    league = three_stage_league(organizer)
    url = reverse("tournaments:league", kwargs={"slug": league.slug})
    assert client.get(url).status_code == 404
    assert url not in client.get(reverse("tournaments:home")).content.decode()
    client.force_login(organizer)
    assert client.get(url).status_code == 200


def test_another_organizer_reaches_nothing(client, league, django_user_model):
    other = django_user_model.objects.create_user("autre", password=PASSWORD)
    client.force_login(other)
    qualifiers = league.stages.get(position=1)
    assert client.get(manage_url(league)).status_code == 404
    send = reverse("tournaments:league_send", kwargs={"slug": league.slug, "pk": qualifiers.pk})
    assert client.post(send).status_code == 404
    assert Qualification.objects.count() == 0


def test_a_provisional_ranking_says_so_and_a_concours_not_begun_shows_no_ranking(client, organizer):
    league = three_stage_league(organizer, final=False)
    league.published = True
    league.save()
    qualifiers = league.stages.get(position=1)
    final = league.stages.get(position=2).tournaments.get()
    add_teams(final, 2)
    page = client.get(reverse("tournaments:league", kwargs={"slug": league.slug})).content
    page = page.decode()
    stage1 = page[page.index('id="stage-1"') : page.index('id="stage-2"')]
    stage2 = page[page.index('id="stage-2"') : page.index('id="stage-3"')]
    assert stage1.count("en place qualificative") == 4 and "qualifiée<" not in stage1
    assert "Pas encore de résultat." in stage2 and "Lefèvre0" not in stage2
    stage3 = page[page.index('id="stage-3"') :]
    assert "Classement provisoire jusqu&#x27;à la fin des concours" in stage3
    assert "les qualifiés partiront" not in stage3  # the last stage sends no one
    assert qualifiers.qualified_at is None


def test_a_qualified_team_sees_its_place_when_it_checks_in_at_the_door(
    client, organizer, league, clock
):
    """On the test's clock, pinned once the league is built: the door's day
    all along, even at midnight."""
    leagues.send_qualified(stage=league.stages.get(position=1), by=organizer)
    final = league.stages.get(position=2).tournaments.get()
    # On the day: the door opens then, and shows a team to who typed its name.
    Tournament.objects.filter(pk=final.pk).update(features=["door"], date=timezone.localdate())
    qualification = Qualification.objects.get(team__number=1, team__tournament=final)
    assert (qualification.rank, qualification.source.name) == (1, "Qualification de Lisieux")
    name = qualification.team.player1.last_name
    page = client.get(f"/pointage/{door.door_key(final)}/1/?q={name}").content.decode()
    assert "qualifiée : 1re du concours « Qualification de Lisieux »" in page


def test_a_concours_put_in_the_wrong_stage_is_taken_out_until_teams_went_on(
    client, organizer, league
):
    client.force_login(organizer)
    qualifiers = league.stages.get(position=1)
    lisieux = qualifiers.tournaments.order_by("date", "pk").first()
    regional = league.stages.get(position=3)
    wrong = regional.tournaments.get()

    def remove(stage, tournament):
        kwargs = {"slug": league.slug, "pk": stage.pk, "tournament_id": tournament.pk}
        url = reverse("tournaments:league_concours_remove", kwargs=kwargs)
        return client.post(url, follow=True).content.decode()

    page = remove(regional, wrong)
    assert "« Finale régionale de Normandie » retiré de l&#x27;étape « Finale régionale »." in page
    assert not regional.tournaments.exists()
    leagues.send_qualified(stage=qualifiers, by=organizer)
    page = remove(qualifiers, lisieux)
    assert "a déjà des qualifiés inscrits" in page
    assert qualifiers.tournaments.filter(pk=lisieux.pk).exists()


def test_a_stages_rule_is_changed_and_sent_again_updates_the_final(client, organizer, league):
    client.force_login(organizer)
    qualifiers = league.stages.get(position=1)
    final = league.stages.get(position=2).tournaments.get()
    leagues.send_qualified(stage=qualifiers, by=organizer)
    url = reverse(
        "tournaments:league_stage_edit", kwargs={"slug": league.slug, "pk": qualifiers.pk}
    )
    prefix = f"edit{qualifiers.pk}"

    refused = client.post(
        url, {f"{prefix}-name": "Qualifs", f"{prefix}-rule": "percent", f"{prefix}-value": "150"}
    )
    page = refused.content.decode()
    field = page[page.index(f'id="field-{prefix}-value"') :]
    assert "Un pourcentage va de 1 à 100." in field[: field.index("</div>")]
    assert '<details class="league-stage-edit" open>' in page
    qualifiers.refresh_from_db()
    assert (qualifiers.name, qualifiers.rule, qualifiers.value) == (
        "Qualifications interclubs",
        "first",
        2,
    )

    client.post(
        url,
        {f"{prefix}-name": "Qualifications", f"{prefix}-rule": "first", f"{prefix}-value": "1"},
    )
    qualifiers.refresh_from_db()
    assert (qualifiers.name, qualifiers.value) == ("Qualifications", 1)
    assert final.teams.count() == 4  # unchanged until sent again
    leagues.send_qualified(stage=qualifiers, by=organizer)
    assert final.teams.count() == 2
    assert sorted(final.teams.values_list("qualification__rank", flat=True)) == [1, 1]


def test_the_finals_desk_page_brings_the_teams_once_the_claims_timer_ended(client, organizer):
    """The claims of the qualifiers end by their timer (nobody closes them):
    the final's desk page, opened after, already lists the qualified teams;
    a team deleted there by hand does not come back at the next opening."""
    from datetime import timedelta

    from django.utils import timezone

    league = three_stage_league(organizer, final=False)
    client.force_login(organizer)
    final = league.stages.get(position=2).tournaments.get()
    desk = reverse("tournaments:manage", kwargs={"slug": final.slug})
    assert "qualifiée : 1re" not in client.get(desk).content.decode()
    for source in league.stages.get(position=1).tournaments.all():
        source.rounds.update(closed_at=timezone.now() - timedelta(hours=2))

    page = client.get(desk).content.decode()
    assert page.count("qualifiée : 1re du concours « Qualification de") == 2
    team = final.teams.order_by("number").first()
    answer = client.post(
        reverse("tournaments:team_delete", kwargs={"slug": final.slug, "team_id": team.pk}),
        {"confirm": "1"},
        follow=True,
    )
    assert answer.status_code == 200
    client.get(desk)
    client.get(manage_url(league))
    assert final.teams.count() == 3
    league_page = client.get(manage_url(league)).content.decode()
    assert "retirée à la main du concours suivant" in league_page
