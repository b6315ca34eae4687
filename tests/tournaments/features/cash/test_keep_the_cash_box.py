"""The cash box's screens: switched on in the tournament's options, fees
checked off from the team list (htmx or not), lines typed with amounts as
the desk types them, the treasurer's PDF and CSV."""

from __future__ import annotations

import csv
import html
import io
import subprocess

import pytest
from django.urls import reverse

from tests.tournaments.views.test_organizer_pages import form_data
from tournaments.features.cash import services as cash
from tournaments.features.cash.models import CashEntry, Payment
from tournaments.models import Tournament
from tournaments.services import registration

pytestmark = pytest.mark.django_db


def text(response) -> str:
    return html.unescape(response.content.decode())


def url(name: str, tournament: Tournament, *args) -> str:
    return reverse(f"tournaments:{name}", args=[tournament.slug, *args])


def test_the_cash_box_is_off_by_default_and_the_tournament_page_says_nothing_of_it(
    desk, tournament, teams
):
    page = text(desk.get(url("manage", tournament)))
    assert url("cash", tournament) not in page
    assert "Encaisser" not in page
    assert "Tenir la caisse" in text(desk.get(url("edit", tournament)))


def test_the_organizer_switches_it_on_with_a_fee_typed_with_a_comma(desk, tournament):
    data = form_data(tournament, cash_enabled="on", entry_fee="7,50 €", fee_basis="player")
    response = desk.post(url("edit", tournament), data, follow=True)
    assert "Tournoi modifié" in text(response)
    tournament.refresh_from_db()
    assert tournament.cash_enabled and tournament.entry_fee_cents == 750
    assert tournament.fee_basis == "player"
    assert 'value="7,50"' in desk.get(url("edit", tournament)).content.decode()
    assert url("cash", tournament) in text(desk.get(url("manage", tournament)))


@pytest.mark.parametrize(
    ("typed", "message"),
    [
        ("-5", "ne peut pas être négatif"),
        ("100000", "Montant trop élevé : 10\u202f000,00\u00a0€ au plus."),
        ("dix", "Montant illisible"),
        ("5,555", "Deux chiffres après la virgule"),
    ],
)
def test_a_wrong_fee_is_refused_next_to_its_field(desk, tournament, typed, message):
    data = form_data(tournament, cash_enabled="on", entry_fee=typed)
    response = desk.post(url("edit", tournament), data)
    assert response.status_code == 200
    page = text(response)
    field = page[page.index('id="field-entry_fee"') :]
    assert message in field[: field.index("</div>")]
    tournament.refresh_from_db()
    assert not tournament.cash_enabled


def test_a_melee_pays_per_player(desk, make_tournament):
    melee = make_tournament(format="melee")
    data = form_data(melee, cash_enabled="on", entry_fee="5", fee_basis="team")
    assert "chaque joueur paie" in text(desk.post(url("edit", melee), data))


def test_a_fee_is_checked_off_from_the_team_list_and_undone(desk, cashed):
    team = cashed.teams.get(number=5)
    page = text(desk.get(url("manage", cashed)))
    assert "Encaisser 10,00\u00a0€" in page
    assert "Payé (chèque)" in page
    pay = url("cash_pay", cashed, "team", team.pk)
    row = desk.post(pay, {"method": "cheque"}, HTTP_HX_REQUEST="true")
    assert row.status_code == 200
    assert text(row).startswith(f'<tr id="team-{team.pk}"')
    assert "Payé (chèque)" in text(row)
    assert Payment.objects.get(team=team).method == "cheque"
    again = desk.post(pay, {"method": "cash"}, follow=True)
    assert "déjà encaissée" in text(again)
    desk.post(url("cash_unpay", cashed, "team", team.pk), HTTP_HX_REQUEST="true")
    assert not Payment.objects.filter(team=team).exists()


def test_a_fee_paid_from_the_unpaid_list_comes_back_to_the_cash_page(desk, cashed):
    team = cashed.teams.get(number=6)
    response = desk.post(
        url("cash_pay", cashed, "team", team.pk), {"method": "cash", "back": "cash"}
    )
    assert response["Location"] == url("cash", cashed)


def test_an_unknown_kind_of_entrant_is_not_found(desk, cashed):
    team = cashed.teams.get(number=6)
    assert desk.post(url("cash_pay", cashed, "dog", team.pk)).status_code == 404


def test_the_cash_page_sums_up_and_lists_who_has_not_paid(desk, cashed):
    page = text(desk.get(url("cash", cashed)))
    for figure in (
        "60,00\u00a0€",
        "40,00\u00a0€",
        "20,00\u00a0€",
        "185,50\u00a0€",
        "240,00\u00a0€",
    ):
        assert figure in page
    # 40 € + 185,50 € − 240 €
    assert '<td class="num" id="cash-balance">−14,50\u00a0€</td>' in page
    assert "n° 5 — Amélie Lefèvre4 & Jérôme Bérard4" in page
    assert "n° 6 — Amélie Lefèvre5 & Jérôme Bérard5" in page
    assert "n° 1 —" not in page


def test_a_line_is_added_with_an_amount_typed_as_the_desk_types_it(desk, cashed):
    response = desk.post(
        url("cash", cashed), {"kind": "income", "label": "Repas", "amount": "5.50 €"}, follow=True
    )
    assert "Ligne de caisse ajoutée" in text(response)
    assert CashEntry.objects.get(label="Repas").amount_cents == 550


@pytest.mark.parametrize(
    ("amount", "message"),
    [
        ("-20", "ne peut pas être négatif"),
        ("0", "supérieur à zéro"),
        ("", "Ce champ est obligatoire"),
        ("20000", "Montant trop élevé"),
    ],
)
def test_a_wrong_amount_is_refused_next_to_the_field(desk, cashed, amount, message):
    response = desk.post(
        url("cash", cashed), {"kind": "expense", "label": "Lots", "amount": amount}
    )
    page = text(response)
    field = page[page.index('id="field-amount"') :]
    assert message in field[: field.index("</div>")]
    assert CashEntry.objects.count() == 2


def test_a_line_is_deleted(desk, cashed):
    entry = CashEntry.objects.get(label="Buvette")
    response = desk.post(url("cash_entry_delete", cashed, entry.pk), follow=True)
    assert "Ligne « Buvette » supprimée" in text(response)
    assert not CashEntry.objects.filter(pk=entry.pk).exists()


def test_the_cash_page_of_a_tournament_without_cash_box_says_how_to_switch_it_on(desk, tournament):
    assert "Tenir la caisse" in text(desk.get(url("cash", tournament)))


def _csv_rows(response) -> list[list[str]]:
    body = response.content.decode("utf-8")
    assert body.startswith("\ufeff")
    return list(csv.reader(io.StringIO(body[1:]), delimiter=";"))


def test_the_treasurers_csv_keeps_figures_as_numbers(desk, cashed):
    response = desk.get(url("cash_csv", cashed))
    assert response["Content-Type"].startswith("text/csv")
    rows = _csv_rows(response)
    assert ["Droits d'inscription dus", "10,00\u00a0€ par équipe", "60,00"] in rows
    assert ["Encaissé", "Chèque", "10,00"] in rows
    assert ["Total encaissé", "", "40,00"] in rows
    assert ["Recette", "Buvette", "185,50"] in rows
    assert ["Dépense", "Lots achetés", "-240,00"] in rows
    assert ["Solde de la caisse", "", "-14,50"] in rows
    assert ["Non payé", "n° 5 — Amélie Lefèvre4 & Jérôme Bérard4", "10,00"] in rows


def test_text_typed_as_a_formula_reaches_the_spreadsheet_as_text(desk, cashed):
    cash.add_cash_entry(
        tournament=cashed, kind="income", label='=HYPERLINK("http://x";"a")', amount_cents=100
    )
    cash.add_cash_entry(tournament=cashed, kind="income", label="@SUM(A1)", amount_cents=100)
    cash.add_cash_entry(tournament=cashed, kind="income", label="+33 6", amount_cents=100)
    cash.add_cash_entry(tournament=cashed, kind="income", label="-x", amount_cents=100)
    team = cashed.teams.get(number=6)
    team.name = "=1+1"
    team.save()
    rows = _csv_rows(desk.get(url("cash_csv", cashed)))
    labels = [row[1] for row in rows]
    assert '\'=HYPERLINK("http://x";"a")' in labels
    assert "'@SUM(A1)" in labels and "'+33 6" in labels and "'-x" in labels
    assert any(label.startswith("n° 6 — =1+1") for label in labels)  # not at the cell's start
    assert not any(cell.startswith(("=", "+", "@")) for row in rows for cell in row)


def test_the_treasurers_pdf_reads_back(desk, cashed, tmp_path):
    response = desk.get(url("cash_pdf", cashed))
    assert response["Content-Type"] == "application/pdf"
    path = tmp_path / "caisse.pdf"
    path.write_bytes(response.content)
    read = subprocess.run(["pdftotext", "-layout", str(path), "-"], capture_output=True, text=True)
    words = read.stdout
    for expected in (
        "Caisse — bilan pour le trésorier",
        "Droit d'inscription : 10,00 € par équipe.",
        "Dus (6 équipes)",
        "dont chèques",
        "Buvette",
        "Lots achetés",
        "Solde de la caisse",
        "−14,50 €",
        "Équipes qui n'ont pas payé",
        "n° 5 — Amélie Lefèvre4 & Jérôme Bérard4",
    ):
        assert expected in words.replace("\u202f", " ").replace("\u00a0", " "), expected


def test_in_a_melee_each_players_fee_is_checked_off_from_the_player_list(desk, make_tournament):
    melee = make_tournament(
        format="melee", cash_enabled=True, entry_fee_cents=500, fee_basis="player"
    )
    lea = registration.register_player(
        tournament=melee, player=registration.PlayerData("Léa", "Noël")
    )
    page = text(desk.get(url("manage", melee)))
    assert "Encaisser 5,00\u00a0€" in page
    done = desk.post(url("cash_pay", melee, "player", lea.pk), {"method": "cash"}, follow=True)
    assert "Payé (espèces)" in text(done)
    assert "Tout le monde a payé." in text(desk.get(url("cash", melee)))
