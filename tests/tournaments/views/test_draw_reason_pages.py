"""The draw's reasons on the organizer's partie page, the public partie page
and the printed plan (with the random draw's number), in French and in
English; exchanges by hand through the page, on a draft only, never a 500."""

from __future__ import annotations

import html

import pytest
from django.test import Client
from django.urls import reverse

from tests.documents import pdf_text
from tests.factories import add_teams, draw_random_round
from tournaments.models import Change, Round, Tournament
from tournaments.services import release, rounds

pytestmark = pytest.mark.django_db


@pytest.fixture
def hidden(make_tournament) -> Tournament:
    tournament = make_tournament(release_draws=True, published=True)
    add_teams(tournament, 5)  # 2 tables and a bye
    return tournament


@pytest.fixture
def drawn(hidden) -> Round:
    return draw_random_round(hidden, seed=4242)


@pytest.fixture
def desk(client, organizer):
    client.force_login(organizer)
    return client


def text(response) -> str:
    return html.unescape(response.content.decode())


def url(name: str, tournament: Tournament, *args) -> str:
    return reverse(f"tournaments:{name}", args=[tournament.slug, *args])


@pytest.mark.parametrize(
    ("language", "words"),
    [
        ("fr", ("Raison du tirage", "tirage au sort", "exempt : dernier du tirage au sort")),
        ("en", ("Reason of the draw", "random draw", "bye: last of the random draw")),
    ],
)
def test_the_organizers_partie_page_gives_each_tables_reason_and_the_seed(
    desk, drawn, language, words
):
    desk.cookies["django_language"] = language
    response = desk.get(url("round", drawn.tournament, 1))
    assert response.status_code == 200
    page = text(response)
    for word in words:
        assert word in page
    assert "4242" in page


def test_the_public_partie_page_gives_the_reasons_once_published_only(desk, hidden, drawn):
    public = Client()
    page = text(public.get(url("results", hidden, 1)))
    assert "tirage au sort" not in page
    assert str(drawn.tables.order_by("number").first().team_a) not in page
    desk.post(url("release", hidden, 1))
    response = public.get(url("results", hidden, 1))
    assert response.status_code == 200
    page = text(response)
    assert "tirage au sort" in page and "4242" in page


def teams_at(rnd: Round) -> list:
    tables = list(rnd.tables.filter(team_b__isnull=False).order_by("number"))
    return [tables[0].team_a, tables[1].team_b]


def test_an_exchange_through_the_page_is_made_on_a_draft_and_shown_as_by_hand(desk, drawn):
    first, second = teams_at(drawn)
    response = desk.post(
        url("swap", drawn.tournament, 1), {"first": first.pk, "second": second.pk}, follow=True
    )
    assert response.status_code == 200
    page = text(response)
    assert "Équipes échangées." in page
    assert f"modifié à la main : l'équipe n° {second.number} a pris la place" in page
    assert drawn.tournament.changes.filter(action=Change.Action.SWAP).count() == 1


@pytest.mark.parametrize("language", ["fr", "en"])
def test_a_published_draw_refuses_the_exchange_next_to_the_field(desk, drawn, language):
    release.release_round(round=drawn)
    first, second = teams_at(drawn)
    desk.cookies["django_language"] = language
    response = desk.post(url("swap", drawn.tournament, 1), {"first": first.pk, "second": second.pk})
    assert response.status_code == 422
    expected = {"fr": "Ce tirage est publié", "en": "This draw is published"}[language]
    assert expected in text(response)
    assert not drawn.tournament.changes.filter(action=Change.Action.SWAP).exists()


@pytest.mark.parametrize(
    "data",
    [{}, {"first": "x", "second": ""}, {"first": "999999", "second": "1"}, {"first": "-1"}],
)
def test_a_wrong_exchange_is_refused_with_a_sentence_never_a_500(desk, drawn, data):
    response = desk.post(url("swap", drawn.tournament, 1), data)
    assert response.status_code == 422


def test_the_printed_plan_shows_the_seed_the_reasons_and_the_change_by_hand(desk, drawn, tmp_path):
    first, second = teams_at(drawn)
    rounds.swap_teams(round=drawn, first=first, second=second)
    response = desk.get(url("plan_pdf", drawn.tournament, 1))
    assert response.status_code == 200
    words = " ".join(pdf_text(response.content, tmp_path).split())
    assert "numéro de tirage 4242" in words
    assert "Raison de chaque table" in words
    assert "modifié à la main" in words
    # The reason column wraps: the bye's sentence is read on two lines.
    assert "exempt : dernier du tirage au" in words and "sort sans exemption" in words


def test_the_desk_cannot_enter_scores_on_a_draft_and_says_why(desk, hidden, drawn):
    table = drawn.tables.filter(team_b__isnull=False).order_by("number").first()
    page = desk.get(url("table", hidden, 1, table.number))
    assert page.status_code == 200
    response = desk.post(
        url("totals", hidden, 1, table.number),
        {"total_a": 1000, "total_b": 600, "version": table.version},
    )
    assert response.status_code < 500
    assert "encore un brouillon" in text(response)
    table.refresh_from_db()
    assert (table.total_a, table.total_b) == (0, 0) and table.status == "not_started"


def test_every_page_of_the_printed_plan_names_the_random_draws_number(
    desk, make_tournament, tmp_path
):
    """The number was at the end of the lead line, which the page cuts
    (« … E-O = Est-Ouest… »): it is in every page's running head now, with
    or without the reasons' table (a partie restored from an old backup)."""
    tournament = make_tournament(release_draws=True)
    add_teams(tournament, 48)  # more names than one page holds
    rnd = draw_random_round(tournament, seed=4242)
    rnd.tables.update(reason={})
    response = desk.get(url("plan_pdf", tournament, 1))
    pages = [p for p in pdf_text(response.content, tmp_path).split("\f") if p.strip()]
    assert len(pages) >= 2
    for page in pages:
        assert "numéro de tirage 4242" in " ".join(page.split())
