"""The printed result cards (issue 40): one A6 page per team, read back
with pdftotext, its QR code read with zbarimg from the page rendered by
pdftoppm; printed once the ranking is final, from the desk's panel."""

from __future__ import annotations

import re
import subprocess
from pathlib import Path

import pytest
from django.urls import reverse

from tests.factories import qualified_tournament
from tournaments.infra import address
from tournaments.queries import awards
from tournaments.queries.standings import tournament_standings
from tournaments.services import prizes

pytestmark = pytest.mark.django_db

A6_POINTS = (298, 420)  # 105 × 148 mm, in points, rounded


@pytest.fixture
def desk(client, organizer):
    client.force_login(organizer)
    return client


def pages_text(pdf: Path) -> list[str]:
    text = subprocess.run(
        ["pdftotext", "-layout", str(pdf), "-"], capture_output=True, text=True, check=True
    ).stdout
    return [page for page in text.split("\f") if page.strip()]


def qr_codes(pdf: Path, page: int, tmp_path: Path) -> list[str]:
    prefix = tmp_path / f"page{page}"
    subprocess.run(
        ["pdftoppm", "-png", "-r", "200", "-f", str(page), "-l", str(page), str(pdf), prefix],
        check=True,
        timeout=60,
    )
    (png,) = tmp_path.glob(f"page{page}*.png")
    read = subprocess.run(
        ["zbarimg", "--quiet", "--raw", str(png)], capture_output=True, text=True, timeout=60
    )
    return read.stdout.split()


def test_each_team_gets_its_a6_card_with_place_points_lot_and_qr(desk, finished, tmp_path):
    finished.prizes_enabled = True
    finished.save(update_fields=["prizes_enabled"])
    prizes.set_lots(tournament=finished, lots="Jambon\nCanard")
    response = desk.get(reverse("tournaments:messages_result_cards", args=[finished.slug]))
    assert response.status_code == 200
    assert response["Content-Type"] == "application/pdf"
    pdf = tmp_path / "cartes.pdf"
    pdf.write_bytes(response.content)
    info = subprocess.run(["pdfinfo", str(pdf)], capture_output=True, text=True).stdout
    assert "Pages:           4" in info
    width, height = map(float, re.search(r"Page size:\s+([\d.]+) x ([\d.]+)", info).groups())
    assert (round(width), round(height)) == A6_POINTS
    pages = pages_text(pdf)
    standings = tournament_standings(finished)
    teams = {t.pk: t for t in finished.teams.select_related("player1", "player2")}
    board, lots = awards.public_board(finished, standings), []
    for index, (page, standing) in enumerate(zip(pages, standings, strict=True), start=1):
        team = teams[standing.row.entrant]
        flat = " ".join(page.split())
        assert team.players_label in flat
        assert f"Équipe n° {team.number}" in flat
        assert f"{'1er' if standing.row.rank == 1 else str(standing.row.rank) + 'e'} sur 4" in flat
        assert f"Points {standing.row.points_for}" in flat.replace("\u202f", "")
        won = rf"Parties gagnées {standing.row.won} ?/ ?{standing.row.played}"
        assert re.search(won, flat), flat
        lot = board.placing(standing.row.entrant).lot_name  # ties share by the board's order
        lots.append(lot)
        assert ("Lot gagné" in flat) is bool(lot)
        if lot:
            assert f"Lot gagné {lot}" in flat
        path = reverse("tournaments:team", args=[finished.slug, team.number])
        url = address.absolute(path)
        assert url in flat
        if index <= 2:  # the QR of two cards read back (each page costs a render)
            assert qr_codes(pdf, index, tmp_path) == [url]
        assert desk.get(path).status_code == 200
    assert lots == ["Jambon", "Canard", "", ""]


def test_the_cards_wait_for_the_final_ranking(desk, organizer):
    running = qualified_tournament(owner=organizer, teams=4, parties=2, played=1)
    response = desk.get(reverse("tournaments:messages_result_cards", args=[running.slug]))
    assert response.status_code == 302
    page = desk.get(reverse("tournaments:manage", args=[running.slug]))
    assert "Les cartes de résultat s'impriment une fois le classement final." in (
        page.content.decode().replace("&#x27;", "'")
    )
    assert "cartes-resultat.pdf" not in page.content.decode()


def test_the_desks_panel_offers_the_cards_once_final(desk, finished):
    page = desk.get(reverse("tournaments:manage", args=[finished.slug])).content.decode()
    assert reverse("tournaments:messages_result_cards", args=[finished.slug]) in page
    assert "Cartes de résultat (A6, une par équipe)" in page


def test_someone_elses_cards_are_not_shown(client, finished, django_user_model):
    stranger = django_user_model.objects.create_user("autre", password="x" * 12)
    client.force_login(stranger)
    response = client.get(reverse("tournaments:messages_result_cards", args=[finished.slug]))
    assert response.status_code == 404


def test_the_cards_print_in_english_when_english_is_chosen(finished, tmp_path):
    from django.utils import translation

    from tournaments.features.messages import queries
    from tournaments.features.messages.pdf import result_cards_pdf

    with translation.override("en"):
        data = result_cards_pdf(finished, queries.result_cards(finished))
    pdf = tmp_path / "cards.pdf"
    pdf.write_bytes(data)
    first = " ".join(pages_text(pdf)[0].split())
    assert "1st of 4" in first
    assert "Team no." in first
    assert "Games won" in first
    assert "Parties" not in first
