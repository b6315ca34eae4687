"""The pools' pages through the test client: the organizer forms the pools
from the tournament's page, draws their parties; bad input is refused next
to its field (never a 500), in French and English; players read the public
pools page and the PDF; another organizer reaches nothing."""

from __future__ import annotations

import itertools

import pytest
from django.urls import reverse

from tests.documents import pdf_text
from tests.factories import add_teams
from tournaments.models import Pool
from tournaments.queries import pools as pool_queries
from tournaments.services import pools as pool_services
from tournaments.services import rounds
from tournaments.services import scores as scores_services

pytestmark = pytest.mark.django_db


@pytest.fixture
def concours(make_tournament):
    tournament = make_tournament(name="Mondial de Borgu", score_entry="totals", parties=4)
    add_teams(tournament, 16)
    return tournament


def played(tournament, parties: int = 3) -> None:
    scores = itertools.cycle([(300, 120), (150, 260), (210, 200)])
    for _ in range(parties):
        rnd = rounds.draw_pool_round(tournament=tournament)
        for table in rnd.tables.filter(team_b__isnull=False).order_by("number"):
            a, b = next(scores)
            scores_services.record_totals(table=table, total_a=a, total_b=b)
        rounds.close_round(round=rnd)


def test_the_organizer_forms_the_pools_and_draws_their_first_partie(client, organizer, concours):
    client.force_login(organizer)
    manage = client.get(reverse("tournaments:manage", args=[concours.slug])).content.decode()
    url = reverse("tournaments:pools", args=[concours.slug])
    assert url in manage
    page = client.get(url)
    assert page.status_code == 200
    assert "Former les poules" in page.content.decode()
    response = client.post(url, {"size": "4", "order": "registration"})
    assert response.status_code == 302
    assert Pool.objects.filter(tournament=concours).count() == 4
    page = client.get(url).content.decode()
    assert "Poule D" in page and "Tirer la partie 1 des poules" in page
    response = client.post(reverse("tournaments:pools_draw", args=[concours.slug]))
    assert response.status_code == 302
    assert response.url == reverse("tournaments:round", args=[concours.slug, 1])
    rnd = concours.rounds.get()
    assert rnd.get_draw_method_display() == "Poules"
    assert rnd.tables.count() == 8
    page = client.get(url).content.decode()
    assert "Refaire les poules" not in page  # a partie is drawn: pools fixed


@pytest.mark.parametrize(
    ("data", "field", "french", "english"),
    [
        (
            {"size": "5", "order": "registration"},
            "size",
            "Sélectionnez un choix valide",
            "Select a valid choice",
        ),
        ({"size": "4", "order": "alphabet"}, "order", "Sélectionnez", "Select a valid choice"),
        (
            {"size": "4", "order": "random", "seed": "-3"},
            "seed",
            "supérieure ou égale à 0",
            "greater than or equal to 0",
        ),
        ({"size": "4", "order": "random", "seed": "1" * 40}, "seed", "inférieure", "less than"),
        ({}, "size", "Ce champ est obligatoire", "This field is required"),
    ],
)
def test_bad_input_is_refused_next_to_its_field(
    client, organizer, concours, data, field, french, english
):
    client.force_login(organizer)
    url = reverse("tournaments:pools", args=[concours.slug])
    for language, words in (("fr", french), ("en", english)):
        client.get(reverse("tournaments:language", args=[language]))
        response = client.post(url, data)
        assert response.status_code == 422
        page = response.content.decode()
        block = page.split(f'id="field-{field}"')[1].split('<div class="field')[0]
        assert words in block
    assert not Pool.objects.exists()


def test_too_few_teams_are_refused_next_to_the_size_in_both_languages(
    client, organizer, make_tournament
):
    small = make_tournament(name="Petit concours", parties=3)
    add_teams(small, 5)
    client.force_login(organizer)
    url = reverse("tournaments:pools", args=[small.slug])
    response = client.post(url, {"size": "4", "order": "registration"})
    assert response.status_code == 422
    block = response.content.decode().split('id="field-size"')[1]
    assert "5 équipes ne se répartissent pas en poules de 3 ou 4" in block
    client.get(reverse("tournaments:language", args=["en"]))
    response = client.post(url, {"size": "3", "order": "registration"})
    block = response.content.decode().split('id="field-size"')[1]
    assert "5 teams cannot be split into pools of 3 or 4" in block


def test_undoing_pools_and_drawing_again_once_drawn_are_refused_with_a_message(
    client, organizer, concours
):
    client.force_login(organizer)
    pool_services.form_pools(tournament=concours)
    response = client.post(reverse("tournaments:pools_clear", args=[concours.slug]), follow=True)
    assert "Poules défaites" in response.content.decode()
    response = client.post(reverse("tournaments:pools_draw", args=[concours.slug]), follow=True)
    assert "Formez d&#x27;abord les poules" in response.content.decode()
    pool_services.form_pools(tournament=concours)
    played(concours)
    response = client.post(reverse("tournaments:pools_draw", args=[concours.slug]), follow=True)
    assert response.status_code == 200
    assert "Les 3 parties de poules sont déjà tirées" in response.content.decode()


def test_the_public_pools_page_and_its_pdf(client, concours, tmp_path):
    detail = reverse("tournaments:detail", args=[concours.slug])
    url = reverse("tournaments:pools_page", args=[concours.slug])
    assert url not in client.get(detail).content.decode()
    assert client.get(url).status_code == 404
    pool_services.form_pools(tournament=concours)
    played(concours)
    assert url in client.get(detail).content.decode()
    page = client.get(url).content.decode()
    for letter in "ABCD":
        assert f"Poule {letter}" in page
    assert "Partie 3" in page and "300 – 120" in page
    client.get(reverse("tournaments:language", args=["en"]))
    english = client.get(url).content.decode()
    assert "Pool A" in english and "Round 3" in english
    response = client.get(reverse("tournaments:pools_pdf", args=[concours.slug]))
    assert response["Content-Type"] == "application/pdf"
    text = pdf_text(response.content, tmp_path)
    assert "Pool A" in text and "Pool D" in text and "Won" in text
    client.get(reverse("tournaments:language", args=["fr"]))
    text = pdf_text(
        client.get(reverse("tournaments:pools_pdf", args=[concours.slug])).content, tmp_path
    )
    assert "Poule A" in text and "Gagnées" in text and "Partie 1 :" in text
    first = pool_queries.pool_standings(concours)[0].lines[0].team
    assert str(first) in text


def test_another_organizer_reaches_no_pools_screen(client, django_user_model, concours):
    other = django_user_model.objects.create_user("autre", password="Mot-de-passe-de-test-42")
    client.force_login(other)
    for name in ("pools", "pools_clear", "pools_draw"):
        url = reverse(f"tournaments:{name}", args=[concours.slug])
        response = client.post(url, {"size": "4", "order": "registration"})
        assert response.status_code == 404
    assert not Pool.objects.exists()


def test_an_unpublished_tournament_hides_its_pools(client, make_tournament):
    hidden = make_tournament(name="Caché", published=False, parties=3)
    add_teams(hidden, 8)
    pool_services.form_pools(tournament=hidden)
    assert client.get(reverse("tournaments:pools_page", args=[hidden.slug])).status_code == 404
    assert client.get(reverse("tournaments:pools_pdf", args=[hidden.slug])).status_code == 404
