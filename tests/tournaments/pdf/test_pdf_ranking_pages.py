"""The ranking PDF never leaves one team alone on a page (issue 38 item 7):
read back with pdftotext for every size from 1 team to a few pages."""

from __future__ import annotations

import re
import subprocess

import pytest

from tournaments import pdf
from tournaments.services import registration

pytestmark = pytest.mark.django_db

MOST = 110  # about three pages of teams


def _rows_per_page(data: bytes, folder) -> list[int]:
    path = folder / "classement.pdf"
    path.write_bytes(data)
    text = subprocess.run(
        ["pdftotext", "-enc", "UTF-8", str(path), "-"], check=True, capture_output=True, text=True
    ).stdout
    return [len(re.findall(r"Bérard\d+", page)) for page in text.split("\f") if page.strip()]


def test_no_page_holds_a_single_team_whatever_the_size(make_tournament, tmp_path):
    tournament = make_tournament(name="Concours du classement")
    seen = {}
    for size in range(1, MOST + 1):
        registration.register_team(
            tournament=tournament,
            player1=registration.PlayerData("Amélie", f"Lefèvre{size}"),
            player2=registration.PlayerData("Jérôme", f"Bérard{size}"),
        )
        pages = _rows_per_page(pdf.ranking(tournament), tmp_path)
        assert sum(pages) == size
        seen[size] = pages
        if size > 1:
            assert 1 not in pages, (size, pages)
    assert max(len(p) for p in seen.values()) >= 3  # the sizes reached a third page


def test_the_ranking_pdf_is_reached_from_the_tournament_and_each_partie(client, organizer, round1):
    """Issue 38 item 7: the desk finds it where it works, not only on the
    public ranking page; an unpublished concours's PDF opens for its owner."""
    tournament = round1.tournament
    tournament.published = False
    tournament.save(update_fields=["published"])
    client.force_login(organizer)
    link = f'href="/t/{tournament.slug}/classement.pdf"'
    for page in (
        f"/organisation/t/{tournament.slug}/",
        f"/organisation/t/{tournament.slug}/parties/1/",
    ):
        assert link in client.get(page).content.decode(), page
    answer = client.get(f"/t/{tournament.slug}/classement.pdf")
    assert answer.status_code == 200 and answer["Content-Type"] == "application/pdf"
