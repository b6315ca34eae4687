"""A draw hidden from the public pages until the organizer announces it:
hidden before, shown after, printing never announces it, and the pages
players keep open (their ETags, the htmx polls) change at the announcement."""

from __future__ import annotations

import html
import json

import pytest
from django.test import Client
from django.urls import reverse

from tests.factories import add_teams, draw_random_round
from tournaments.models import Round, Tournament
from tournaments.services import release as release_services

pytestmark = pytest.mark.django_db


@pytest.fixture
def hidden(make_tournament) -> Tournament:
    tournament = make_tournament(release_draws=True)
    add_teams(tournament, 5)  # 2 tables and a bye
    return tournament


@pytest.fixture
def drawn(hidden) -> Round:
    return draw_random_round(hidden)


@pytest.fixture
def desk(client, organizer):
    client.force_login(organizer)
    return client


def text(response) -> str:
    return html.unescape(response.content.decode())


def url(name: str, tournament: Tournament, *args) -> str:
    return reverse(f"tournaments:{name}", args=[tournament.slug, *args])


def seat_of(rnd: Round, number: int):
    return rnd.seats.select_related("table").get(team__number=number)


def playing(rnd: Round) -> tuple[str, str]:
    """A search that finds one team seated at a table (not the bye), and
    what « Où je joue ? » answers for it."""
    table = rnd.tables.filter(team_b__isnull=False).order_by("number").first()
    team = table.team_a
    return f"Lefèvre{team.number - 1}", f"Table {table.number}"


def release(desk, rnd: Round):
    return desk.post(url("release", rnd.tournament, rnd.number), follow=True)


def test_where_do_i_play_says_the_draw_is_not_announced_then_gives_the_table(
    client, desk, hidden, drawn
):
    page = url("where", hidden)
    query, answer = playing(drawn)
    before = text(client.get(page, {"q": query}))
    assert "Le tirage de la partie 1 n'est pas encore annoncé." in before
    assert "Table " not in before.split("where-answer")[1]
    assert 'hx-trigger="every' in before  # the page asks again by itself

    release(desk, drawn)
    client.logout()
    after = text(client.get(page, {"q": query}))
    assert answer in after
    assert "pas encore annoncé" not in after
    assert 'hx-trigger="every' not in after  # nothing more to wait for


def test_the_other_public_pages_hide_the_partie_until_it_is_announced(client, hidden, drawn):
    seat = seat_of(drawn, 1)
    opponent = seat.table.team_b if seat.side == "A" else seat.table.team_a
    pages = {
        "detail": url("detail", hidden),
        "results": url("results", hidden, 1),
        "team": url("team", hidden, 1),
        "projector": url("projector", hidden),
    }
    shown = {name: text(client.get(page)) for name, page in pages.items()}
    assert "tirage pas encore annoncé" in shown["detail"]
    assert url("results", hidden, 1) not in shown["detail"]
    assert "n'est pas encore annoncé" in shown["results"]
    assert str(opponent) not in shown["results"] and "Aucune partie jouée" in shown["team"]
    assert "Tirage bientôt annoncé" in shown["projector"]
    assert "Les tables seront affichées à l'annonce du tirage." in shown["projector"]
    assert str(opponent) not in shown["projector"].split('class="ranking-window"')[0]

    release_services.release_round(round=drawn)
    shown = {name: text(client.get(page)) for name, page in pages.items()}
    assert url("results", hidden, 1) in shown["detail"]
    assert str(opponent) in shown["results"]
    assert str(opponent) in shown["team"]
    assert str(opponent) in shown["projector"].split('class="ranking-window"')[0]
    assert "annoncé" not in shown["projector"]


def test_printing_the_sheets_and_the_plan_does_not_announce_the_draw(desk, hidden, drawn):
    for name in ("sheets_pdf", "plan_pdf", "fallback_pdf"):
        response = desk.get(url(name, hidden, 1))
        assert response.status_code == 200 and response["Content-Type"] == "application/pdf"
    response = desk.get(url("table_sheet_pdf", hidden, 1, 1))
    assert response.status_code == 200
    assert Round.objects.get(pk=drawn.pk).released_at is None
    assert "pas encore annoncé" in text(desk.get(url("where", hidden), {"q": "1"}))


@pytest.mark.shared_cache
def test_a_polling_phone_gets_304_until_the_announcement_then_the_table(desk, hidden, drawn):
    page = url("where", hidden)
    query, table = playing(drawn)
    poll = {"HX-Request": "true"}
    phone = Client()
    first = phone.get(page, {"q": query}, headers=poll)
    assert first.status_code == 200
    assert text(first).lstrip().startswith('<div id="where-answer"')
    etag = first.headers["ETag"]
    again = phone.get(page, {"q": query}, headers={**poll, "If-None-Match": etag})
    assert again.status_code == 304

    release(desk, drawn)
    answer = phone.get(page, {"q": query}, headers={**poll, "If-None-Match": etag})
    assert answer.status_code == 200 and answer.headers["ETag"] != etag
    assert table in text(answer)


@pytest.mark.shared_cache
def test_the_projector_poll_moves_at_the_announcement(client, hidden, drawn):
    page = url("projector", hidden)
    poll = {"HX-Request": "true"}
    first = client.get(page, headers=poll)
    etag = first.headers["ETag"]
    assert "Tirage bientôt annoncé" in text(first)
    assert client.get(page, headers={**poll, "If-None-Match": etag}).status_code == 304
    release_services.release_round(round=drawn)
    answer = client.get(page, headers={**poll, "If-None-Match": etag})
    assert answer.status_code == 200
    assert "Tirage bientôt annoncé" not in text(answer)


def test_the_partie_page_offers_the_announcement_until_it_is_made(desk, hidden, drawn):
    page = url("round", hidden, 1)
    assert "Annoncer le tirage" in text(desk.get(page))
    assert "tirage pas encore annoncé" in text(desk.get(url("manage", hidden)))
    response = release(desk, drawn)
    assert "Tirage de la partie 1 annoncé" in text(response)
    assert "Annoncer le tirage" not in text(response)
    assert "Tirage annoncé à" in text(response)
    assert "tirage pas encore annoncé" not in text(desk.get(url("manage", hidden)))


def test_the_partie_and_desk_pages_say_the_draft_first(desk, hidden, drawn):
    """What a volunteer reads after « Tirer la partie » and at a table of the
    desk: a draft, that the players do not see, and where to announce it."""
    said = "Brouillon : les joueurs ne voient pas encore ce tirage"
    page = text(desk.get(url("round", hidden, 1)))
    assert page.index(said) < page.index("Feuilles de marque (PDF)")
    assert '<a href="#swap-title">Échanger deux équipes</a>' in page
    assert page.index('id="swap-title"') < page.index('id="redraw-title"')
    table = text(desk.get(url("table", hidden, 1, 1)))
    assert said in table and "Aucun score ne se saisit avant son annonce" in table
    assert f'<a href="{url("round", hidden, 1)}">page de la partie</a>' in table
    release(desk, drawn)
    assert said not in text(desk.get(url("round", hidden, 1)))
    assert said not in text(desk.get(url("table", hidden, 1, 1)))


def test_a_tournament_without_the_option_shows_no_announcement_button(desk, tournament, round1):
    page = text(desk.get(url("round", tournament, 1)))
    assert "Annoncer le tirage" not in page and "Tirage annoncé à" not in page


def test_the_table_side_link_of_a_draft_waits_for_the_announcement(desk, client, hidden, drawn):
    """A draft is never seen by the players, through a table's link either:
    its page says to wait and names no team; once announced it opens."""
    from tournaments.infra import links

    table = drawn.tables.filter(team_b__isnull=False).first()
    response = Client().get(links.entry_path(table))
    assert response.status_code == 200  # a wait, not an error (the page asks again)
    assert "pas encore publié" in text(response)
    assert str(table.team_a) not in text(response)
    release(desk, drawn)
    response = Client().get(links.entry_path(table))
    assert response.status_code == 200
    assert str(table.team_a) in text(response)


def test_a_draft_link_left_open_asks_again_and_opens_the_table_once_announced(desk, hidden, drawn):
    """The players scan the sheet laid on their table before the announcement:
    the refusal keeps asking (poll.js) and opens the table itself once the
    draw is announced (they were told to open the link again)."""
    from tournaments.infra import links

    table = drawn.tables.filter(team_b__isnull=False).first()
    player = Client()
    refused = text(player.get(links.entry_path(table)))
    wait = reverse("tournaments:table_side_wait", args=[links.entry_token(table)])
    assert f'hx-get="{wait}"' in refused and "js/poll.js" in refused
    assert "votre table s'ouvrira d'elle-même" in refused
    still = text(player.get(wait))
    assert f'hx-get="{wait}"' in still and "data-open" not in still
    assert str(table.team_a) not in still
    release(desk, drawn)
    opened = text(player.get(wait))
    assert f'data-open="{links.entry_path(table)}"' in opened and "hx-get" not in opened


def test_a_draft_links_wait_ends_in_words_for_a_link_that_no_longer_serves(client):
    answer = text(client.get(reverse("tournaments:table_side_wait", args=["forged"])))
    assert "n'est pas valable" in answer and "hx-get" not in answer


def test_only_the_tournaments_organizers_announce(client, django_user_model, hidden, drawn):
    target = url("release", hidden, 1)
    assert client.post(target).status_code == 302  # to the login page
    other = django_user_model.objects.create_user("autre", password="Autre-mot-de-passe-1")
    client.force_login(other)
    assert client.post(target).status_code == 404
    assert client.get(target).status_code in (404, 405)
    assert Round.objects.get(pk=drawn.pk).released_at is None


def test_the_public_concours_file_leaves_a_draft_out_until_it_is_announced(desk, hidden, drawn):
    """Issue 27.4: the published concours's file is a public page too; a
    draft partie (its tables, its seed) is not in it, while the organizer's
    own file holds it. Announced, it is in both, and checks."""
    from checker.check import check

    public, player = url("public_concours_file", hidden), Client()
    assert json.loads(player.get(public).content)["rounds"] == []
    assert json.loads(desk.get(public).content)["rounds"] == []  # the public file, for all
    own = json.loads(desk.get(url("concours_file", hidden)).content)
    assert [r["number"] for r in own["rounds"]] == [1]
    release(desk, drawn)
    doc = json.loads(player.get(public).content)
    assert [(r["number"], r["draw"]["seed"]) for r in doc["rounds"]] == [(1, drawn.draw_seed)]
    assert check(doc) == []
