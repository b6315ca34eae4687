"""The final phase's pages through the test client: the organizer creates
the brackets (bad counts answered next to the field, in French and
English, never a 500), draws and closes levels; players read the public
page, the projector and the PDF; another organizer reaches nothing."""

from __future__ import annotations

import pytest
from django.urls import reverse

from tests import factories
from tests.documents import pdf_text
from tournaments.models import Bracket, Round
from tournaments.queries import brackets as bracket_queries
from tournaments.services import brackets, rounds

pytestmark = pytest.mark.django_db


@pytest.fixture
def qualified(organizer):
    return factories.qualified_tournament(owner=organizer, teams=10)


def manage_url(t) -> str:
    return reverse("tournaments:brackets_manage", args=[t.slug])


def test_the_dashboard_links_the_final_phase(client, organizer, qualified):
    client.force_login(organizer)
    page = client.get(reverse("tournaments:manage", args=[qualified.slug])).content.decode()
    assert manage_url(qualified) in page


def test_create_then_draw(client, organizer, qualified, tmp_path):
    client.force_login(organizer)
    response = client.post(
        manage_url(qualified), {"main": 6, "consolante": 4, "tie_rule": "extra_deal"}
    )
    assert response.status_code == 302
    assert Bracket.objects.filter(tournament=qualified).count() == 2
    page = client.get(manage_url(qualified)).content.decode()
    assert "Tirer le tour suivant" in page and "Quarts de finale" in page
    response = client.post(reverse("tournaments:brackets_draw", args=[qualified.slug]))
    rnd = qualified.rounds.get(stage=Round.Stage.BRACKET)
    assert response.url == reverse("tournaments:round", args=[qualified.slug, rnd.number])
    # The partie's page and its score sheets are those of any partie.
    assert client.get(response.url).status_code == 200
    sheets = client.get(reverse("tournaments:sheets_pdf", args=[qualified.slug, rnd.number]))
    assert sheets.status_code == 200 and sheets["Content-Type"] == "application/pdf"
    # Each sheet names its bracket and round, and how a tie is settled.
    text = pdf_text(sheets.content, tmp_path)
    assert "Tableau principal · Quarts de finale" in text and "Consolante · " in text
    assert "une donne de plus départage" in text and "si égalité" in text


@pytest.mark.parametrize(
    ("data", "field", "message"),
    [
        ({"main": 8, "consolante": 4}, "main", "12 équipes demandées (8 + 4) pour 10"),
        ({"main": 4, "consolante": 1}, "main", "Une consolante se joue à deux équipes"),
        ({"main": "huit", "consolante": 0}, "main", "Saisissez un nombre entier"),
        ({"main": 1, "consolante": 0}, "main", "supérieure ou égale à 2"),
        ({"main": 10**12, "consolante": 0}, "main", "inférieure ou égale à 128"),
        ({"main": 4, "consolante": -1}, "consolante", "supérieure ou égale à 0"),
        ({"main": 4, "consolante": 0, "tie_rule": "coin"}, "tie_rule", "Sélectionnez un choix"),
    ],
)
def test_bad_counts_are_answered_next_to_the_field(
    client, organizer, qualified, data, field, message
):
    client.force_login(organizer)
    data = {"tie_rule": "extra_deal", **data}
    response = client.post(manage_url(qualified), data)
    assert response.status_code == 200
    page = response.content.decode()
    block = page[page.index(f'id="field-{field}"') :]
    assert message in block[: block.index("</div>")]
    assert not Bracket.objects.exists()


def test_bad_counts_in_english(client, organizer, qualified):
    client.force_login(organizer)
    response = client.post(
        manage_url(qualified),
        {"main": 8, "consolante": 4, "tie_rule": "extra_deal"},
        HTTP_ACCEPT_LANGUAGE="en",
    )
    assert response.status_code == 200
    page = response.content.decode()
    assert "12 teams asked for (8 + 4) for 10 ranked teams." in page
    assert "Final phase" in page


def test_draw_refused_while_a_partie_is_open(client, organizer, qualified):
    brackets.create_brackets(tournament=qualified, main=4)
    brackets.draw_bracket_round(tournament=qualified)
    client.force_login(organizer)
    response = client.post(reverse("tournaments:brackets_draw", args=[qualified.slug]), follow=True)
    assert "Fermez la partie en cours" in response.content.decode()


def test_closing_a_tie_says_play_one_more_deal(client, organizer, qualified):
    brackets.create_brackets(tournament=qualified, main=4)
    rnd = brackets.draw_bracket_round(tournament=qualified)
    factories.play_bracket_round(rnd, passed=(2,))
    client.force_login(organizer)
    url = reverse("tournaments:close", args=[qualified.slug, rnd.number])
    page = client.get(url).content.decode()
    assert "Table 2 : égalité, jouez une donne de plus." in page


def test_public_page_projector_and_pdf(client, organizer, qualified, tmp_path):
    brackets.create_brackets(tournament=qualified, main=4, consolante=4)
    for _level in range(2):
        rnd = brackets.draw_bracket_round(tournament=qualified)
        factories.play_bracket_round(rnd)
        rounds.close_round(round=rnd)
    order = bracket_queries.qualifying_order(qualified)
    detail = client.get(qualified.get_absolute_url()).content.decode()
    url = reverse("tournaments:brackets", args=[qualified.slug])
    assert url in detail
    standings = client.get(reverse("tournaments:standings", args=[qualified.slug]))
    assert url in standings.content.decode()
    page = client.get(url).content.decode()
    assert "Classement final" in page and "Demi-finales" in page and "Consolante" in page
    assert f"vainqueur : {order[0].display_name}" in page
    projector = client.get(reverse("tournaments:brackets_projector", args=[qualified.slug]))
    assert projector.status_code == 200 and "Finale" in projector.content.decode()
    text = pdf_text(
        client.get(reverse("tournaments:brackets_pdf", args=[qualified.slug])).content, tmp_path
    )
    assert "Tableau principal" in text and "Consolante" in text and "Classement final" in text
    assert order[0].display_name in text
    english = client.get(
        reverse("tournaments:brackets_pdf", args=[qualified.slug]), HTTP_ACCEPT_LANGUAGE="en"
    )
    text = pdf_text(english.content, tmp_path)
    assert "Main bracket" in text and "Final ranking" in text


def test_public_page_before_any_bracket(client, qualified):
    response = client.get(reverse("tournaments:brackets", args=[qualified.slug]))
    assert response.status_code == 200
    assert "pas encore créée" in response.content.decode()


def test_another_organizer_reaches_nothing(client, django_user_model, qualified):
    other = django_user_model.objects.create_user("autre", password=factories.PASSWORD)
    client.force_login(other)
    assert client.get(manage_url(qualified)).status_code == 404
    for name in ("brackets_draw", "brackets_delete"):
        assert client.post(reverse(f"tournaments:{name}", args=[qualified.slug])).status_code == 404
    assert not Bracket.objects.exists()


def test_a_bracket_tables_pages_name_its_match(client, organizer, qualified):
    from tournaments.infra import links

    brackets.create_brackets(tournament=qualified, main=8)
    rnd = brackets.draw_bracket_round(tournament=qualified)
    table = rnd.tables.order_by("number").first()
    phone = client.get(reverse("tournaments:table_side", args=[links.entry_token(table)]))
    assert "Tableau principal · Quarts de finale" in phone.content.decode()
    client.force_login(organizer)
    desk = client.get(reverse("tournaments:table", args=[qualified.slug, rnd.number, 1]))
    assert "Tableau principal · Quarts de finale" in desk.content.decode()
    earlier = client.get(reverse("tournaments:table", args=[qualified.slug, 1, 1]))
    assert "bracket-match" not in earlier.content.decode()
