"""The hall's printed helps, read back: the poster's QR code opens the
tournament's page on the address phones use; the paper fallback kit lists
every table's link and codes, carries its sheets and the standings."""

from __future__ import annotations

import shutil
import subprocess

import pytest
from django.urls import reverse

from tests.factories import add_deal
from tests.tournaments.pdf.test_pdf import Pdf

pytestmark = pytest.mark.django_db

PUBLIC = "http://192.168.1.20:8000"


@pytest.fixture
def desk(client, organizer, settings):
    settings.PUBLIC_URL = PUBLIC
    client.force_login(organizer)
    return client


def test_the_poster_says_how_to_join_and_its_qr_code_opens_the_tournament(
    desk, tournament, tmp_path
):
    url = reverse("tournaments:poster_pdf", args=[tournament.slug])
    response = desk.get(url, {"wifi": "Salle-des-fetes", "password": "belote2026"})
    assert response.status_code == 200 and response["Content-Type"] == "application/pdf"
    document = Pdf(response.content, tmp_path)
    text = document.text()
    assert "Wi-Fi : Salle-des-fetes" in text and "Mot de passe : belote2026" in text
    assert "Où je joue ?" in text and tournament.name in text
    if shutil.which("zbarimg") is None:
        pytest.skip("zbarimg (zbar-tools) not installed")
    decoded = subprocess.run(
        ["zbarimg", "--quiet", "--raw", str(document.png(1, dpi=100))],
        capture_output=True,
        text=True,
    ).stdout.strip()
    assert decoded == PUBLIC + tournament.get_absolute_url()


def test_the_poster_is_in_english_when_asked(desk, tournament, tmp_path):
    desk.cookies["django_language"] = "en"
    response = desk.get(reverse("tournaments:poster_pdf", args=[tournament.slug]), {"wifi": "Hall"})
    text = Pdf(response.content, tmp_path).text()
    assert "Password" not in text  # none given
    assert "Where do I play?" in text and "Où je joue" not in text


def test_the_fallback_kit_lists_links_and_codes_with_sheets_and_standings(
    desk, tournament, round1, tmp_path
):
    table = round1.tables.order_by("number").first()
    add_deal(table)
    url = reverse("tournaments:fallback_pdf", args=[tournament.slug, 1])
    response = desk.get(url)
    assert response.status_code == 200
    text = Pdf(response.content, tmp_path).text(layout=False)
    flat = "".join(text.split())
    for each in round1.tables.filter(team_b__isnull=False):
        assert f"{each.code_a}/{each.code_b}" in flat
        assert f"{PUBLIC}/saisie/{each.entry_key}/" in flat
    assert "Feuille de marque" in text or "FEUILLE DE MARQUE" in text.upper()
    assert "Classement provisoire" in text


def test_the_dashboard_says_which_address_the_sheets_carry(desk):
    page = desk.get(reverse("tournaments:dashboard")).text
    assert PUBLIC in page and "QR codes imprimés" in page


def test_the_dashboard_warns_when_phones_could_not_reach_the_address(
    client, organizer, settings, monkeypatch
):
    from tournaments.infra import address

    settings.PUBLIC_URL = ""
    monkeypatch.setattr(address, "machine_addresses", lambda: ["127.0.0.1"])
    client.force_login(organizer)
    page = client.get(reverse("tournaments:dashboard"), HTTP_HOST="127.0.0.1:8000").text
    assert "ne marche que sur cet ordinateur" in page


def test_the_fallback_kit_gives_the_exempt_team_no_table_number(desk, make_tournament, tmp_path):
    """Issue 21: with 15 teams the kit listed the exempt team at a « table 8 »
    that does not exist (seven tables are played)."""
    from tests.factories import add_teams, draw_random_round

    tournament = make_tournament()
    add_teams(tournament, 15)
    rnd = draw_random_round(tournament)
    bye = rnd.tables.get(team_b__isnull=True)
    url = reverse("tournaments:fallback_pdf", args=[tournament.slug, rnd.number])
    text = Pdf(desk.get(url).content, tmp_path).text()
    line = next(line for line in text.splitlines() if str(bye.team_a) in line and "exempt" in line)
    assert not line.split()[0].isdigit(), line
    assert "exempte" in line
