"""« Ma table » (issue 60, item 1): a team's code alone opens its table's
page, from the desk's QR code after a takeover, the home and « Où je
joue ? »; wrong codes are bounded per client and in all; nothing of a
table shows before its code."""

from __future__ import annotations

import html

import pytest
from django.test import override_settings
from django.urls import reverse

from tournaments.infra import links
from tournaments.models import Round, Table
from tournaments.services import my_table

pytestmark = pytest.mark.django_db

MADE = {"taker": "NS", "trump": "♥", "bid": "90", "coinche": "", "points": "97"}
PAGE = "/ma-table/"


def test_the_team_s_code_opens_its_table_and_the_phone_enters(client, table):
    page = client.get(PAGE)
    assert page.status_code == 200 and "Code de votre équipe" in page.text
    assert str(table.team_a) not in page.text
    response = client.post(PAGE, {"code": table.code_a})
    assert response.status_code == 302
    assert response["Location"] == links.entry_path(table)
    opened = client.get(response["Location"])
    assert "Table 1, Nord-Sud : saisissez vos donnes." in opened.text
    saved = client.post(
        reverse("tournaments:table_side_deal", args=[table.entry_key]),
        {**MADE, "version": table.version},
    )
    assert saved.status_code == 200
    table.refresh_from_db()
    assert (table.entered_by, table.total_a) == ("A", 190)


def test_the_other_team_s_code_answers_once_the_first_entered(client, table):
    client.post(PAGE, {"code": table.code_a})
    Table.objects.filter(pk=table.pk).update(entered_by="A", entry_state="entered")
    other = client.__class__()
    response = other.post(PAGE, {"code": table.code_b})
    assert response["Location"] == links.entry_path(table)
    assert "l'autre équipe saisit" in html.unescape(other.get(response["Location"]).text)


@pytest.mark.parametrize(
    ("typed", "said"),
    [
        ("1234", "Le code d'une équipe a 8 chiffres"),
        ("", "Ce champ est obligatoire"),
        ("00000000", "Aucune équipe n'a ce code"),
    ],
)
def test_a_wrong_code_is_said_beside_the_field_and_opens_nothing(client, table, typed, said):
    if typed == "00000000" and "00000000" in (table.code_a, table.code_b):
        pytest.skip("drawn the code tried")
    response = client.post(PAGE, {"code": typed})
    assert response.status_code == 422
    assert said in html.unescape(response.text) and "has-error" in response.text
    assert not any(key.startswith("table-side") for key in client.session.keys())  # noqa: SIM118 (a session is no dict)


def test_wrong_codes_are_bounded_per_client(client, table):
    wrong = next(f"{n:08d}" for n in range(100) if f"{n:08d}" not in (table.code_a, table.code_b))
    for _ in range(my_table.MAX_WRONG_PER_CLIENT):
        assert client.post(PAGE, {"code": wrong}).status_code == 422
    # Even the right code is refused now, from this client.
    refused = client.post(PAGE, {"code": table.code_a})
    assert refused.status_code == 422 and "Trop de codes faux" in refused.text
    # Another client is not.
    other = client.post(PAGE, {"code": table.code_a}, REMOTE_ADDR="127.0.0.9")
    assert other.status_code == 302


def test_a_right_code_between_parties_says_to_wait(client, table):
    Round.objects.filter(pk=table.round_id).update(status=Round.Status.CLOSED)
    response = client.post(PAGE, {"code": table.code_a})
    assert "pas de table en jeu" in response.text


def test_where_do_i_play_leads_to_my_table_within_its_concours(client, table):
    team = table.team_a
    answer = client.get(
        reverse("tournaments:where", args=[table.round.tournament.slug]), {"q": str(team.number)}
    )
    link = f"{PAGE}?t={table.round.tournament.slug}"
    assert link in answer.text
    page = client.get(link)
    assert f'name="t" value="{table.round.tournament.slug}"' in page.text
    response = client.post(PAGE, {"code": table.code_a, "t": table.round.tournament.slug})
    assert response["Location"] == links.entry_path(table)


@override_settings(HALL=True)
def test_the_hall_s_home_leads_to_my_table(client, table):
    assert f'href="{PAGE}"' in client.get("/").text
