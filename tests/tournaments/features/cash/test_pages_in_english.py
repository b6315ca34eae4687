"""The cash box and the registration desk in English: no French word of
the interface left on their pages nor in the treasurer's PDF and CSV (the
names typed by the organizer aside)."""

from __future__ import annotations

import re
import subprocess

import pytest
from django.urls import reverse

from tests.test_translations import FRENCH_WORDS, _visible_text
from tournaments.features.cash import services as cash_services
from tournaments.services import registration, singles

pytestmark = pytest.mark.django_db

OURS = """
    Caisse Encaisser Encaissé Encaissés Payé Dépense Dépenses Recette Recettes
    Solde Montant Libellé Espèces Chèque Chèques Sorte attente Associer Oublier
    Retirer dont inscription Droit Droits trésorier seul seuls Déjà venu
"""
FRENCH = re.compile(r"(?<![\w-])(" + "|".join((FRENCH_WORDS + OURS).split()) + r")(?![\w-])", re.I)


@pytest.fixture
def english(client, organizer):
    client.force_login(organizer)
    client.cookies["django_language"] = "en"
    return client


@pytest.fixture
def kept(make_cash_box):
    tournament = make_cash_box(4, name="Concours", venue="Salle")
    teams = list(tournament.teams.order_by("number"))
    cash_services.record_payment(entrant=teams[0], method="cheque")
    cash_services.record_payment(entrant=teams[1])
    cash_services.add_cash_entry(
        tournament=tournament, kind="income", label="Bar", amount_cents=5000
    )
    cash_services.add_cash_entry(
        tournament=tournament, kind="expense", label="Ham", amount_cents=2000
    )
    for last in ("Noel", "Quere"):
        singles.add_waiting_player(
            tournament=tournament, player=registration.PlayerData("Lea", last)
        )
    return tournament


def _names(tournament) -> set[str]:
    names = {tournament.name, tournament.venue, "Bar", "Ham", "Lea Noel", "Lea Quere"}
    for team in tournament.teams.select_related("player1", "player2"):
        names |= {team.display_name, team.players_label, str(team.player1), str(team.player2)}
    return names


def _french_left(text: str, names: set[str]) -> list[str]:
    for name in sorted(names, key=len, reverse=True):
        text = text.replace(name, " ")
    text = " ".join(text.split())
    return [text[max(0, m.start() - 30) : m.end() + 30] for m in FRENCH.finditer(text)]


def test_the_cash_and_desk_pages_speak_english(english, kept):
    slug = kept.slug
    pages = {
        "manage": reverse("tournaments:manage", args=[slug]),
        "cash": reverse("tournaments:cash", args=[slug]),
        "edit": reverse("tournaments:edit", args=[slug]),
        "team form": reverse("tournaments:team_add", args=[slug]),
        "single": reverse("tournaments:waiting_add", args=[slug]),
        "directory": reverse("tournaments:directory"),
        "suggestions": reverse("tournaments:suggest", args=[slug]) + "?slot=1&last_name1=lef",
    }
    found = {}
    for page, url in pages.items():
        response = english.get(url)
        assert response.status_code == 200, page
        words = _french_left(_visible_text(response.content.decode()), _names(kept))
        if words:
            found[page] = words
    assert not found, found
    cash = english.get(pages["cash"]).content.decode()
    assert "€10.00 per team" in cash and "Cash box balance" in cash


def test_the_treasurers_documents_speak_english(english, kept, tmp_path):
    pdf = tmp_path / "cash.pdf"
    pdf.write_bytes(english.get(reverse("tournaments:cash_pdf", args=[kept.slug])).content)
    text = subprocess.run(
        ["pdftotext", str(pdf), "-"], capture_output=True, text=True, check=True
    ).stdout
    assert "Cash box — summary for the treasurer" in text
    assert not _french_left(text, _names(kept) | {"Salle"})
    csv = english.get(reverse("tournaments:cash_csv", args=[kept.slug])).content.decode()
    assert "Cash box balance;;50.00" in csv  # 20 € of fees + 50 € − 20 €
    assert not _french_left(csv, _names(kept))
