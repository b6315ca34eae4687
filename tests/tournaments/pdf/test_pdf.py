"""The printed documents, read back as a club would read them: the PDFs are
rendered for real and their text extracted with poppler's pdftotext (and the
QR code decoded with zbarimg when it is installed)."""

from __future__ import annotations

import os
import re
import shutil
import subprocess
from pathlib import Path

import pytest
from django.db import connection
from django.test.utils import CaptureQueriesContext

from tests.factories import add_teams
from tests.tournaments.pdf.sheet_boxes import written
from tournaments import pdf
from tournaments.domain.search import name_order
from tournaments.domain.sheet_layout import SheetMark, read_mark
from tournaments.models import Round, Table, Tournament
from tournaments.services import penalties, registration, rounds, scores

pytestmark = pytest.mark.django_db

SUMMARY = "Coinche FFB, version 1 — annonces, arrondi à la dizaine"


@pytest.fixture(autouse=True)
def _poppler():
    if shutil.which("pdftotext") is None or shutil.which("pdfinfo") is None:
        message = "poppler-utils is needed to read the PDFs back: apt-get install poppler-utils"
        if os.environ.get("CI"):
            pytest.fail(message)
        pytest.skip(message)


class Pdf:
    """A rendered PDF on disk, with poppler's view of it."""

    def __init__(self, data: bytes, folder: Path, name: str = "document") -> None:
        assert data.startswith(b"%PDF-")
        self.data = data
        self.path = folder / f"{name}.pdf"
        self.path.write_bytes(data)

    def text(self, *, page: int | None = None, layout: bool = True) -> str:
        command = ["pdftotext", "-enc", "UTF-8"]
        if layout:
            command.append("-layout")
        if page is not None:
            command += ["-f", str(page), "-l", str(page)]
        out = subprocess.run(
            [*command, str(self.path), "-"], check=True, capture_output=True, text=True
        ).stdout
        # Thousands are set apart by a narrow no-break space, as French prints them.
        return out.replace("\u202f", " ")

    def words(self) -> list[tuple[str, float, float]]:
        """Every word with its left and right edges, in points."""
        out = subprocess.run(
            ["pdftotext", "-bbox", str(self.path), "-"], check=True, capture_output=True, text=True
        ).stdout
        pattern = (
            r'<word xMin="([\d.]+)" yMin="[\d.]+" xMax="([\d.]+)" yMax="[\d.]+">([^<]*)</word>'
        )
        return [(w, float(x0), float(x1)) for x0, x1, w in re.findall(pattern, out)]

    @property
    def pages(self) -> int:
        info = subprocess.run(
            ["pdfinfo", str(self.path)], check=True, capture_output=True, text=True
        ).stdout
        return int(re.search(r"^Pages:\s+(\d+)", info, re.M).group(1))

    def png(self, page: int, dpi: int = 100) -> Path:
        prefix = self.path.with_suffix("")
        subprocess.run(
            [
                *("pdftoppm", "-png", "-r", str(dpi), "-f", str(page), "-l", str(page)),
                *("-singlefile", str(self.path), f"{prefix}-{page}"),
            ],
            check=True,
        )
        return Path(f"{prefix}-{page}.png")


def register(tournament: Tournament, first: tuple[str, str], second: tuple[str, str], **extra):
    return registration.register_team(
        tournament=tournament,
        player1=registration.PlayerData(*first),
        player2=registration.PlayerData(*second),
        **extra,
    )


def hearts(**extra) -> dict:
    return {"taker": "A", "trump": "H", "bid": 90, "points_a": 97, **extra}


def entry_url(table: Table) -> str:
    return f"https://belote.example/saisie/{table.round.number}-{table.number}/"


def row_block(text: str, anchor: str) -> str:
    """The lines of the table row that starts with `anchor` (a row's cells
    hold two lines each, so pdftotext spreads a row over a few lines)."""
    lines = text.splitlines()
    start = next(i for i, line in enumerate(lines) if anchor in line)
    block = []
    for line in lines[start:]:
        if not line.strip() and block:
            break
        block.append(line)
    return "\n".join(block)


def draw_french_partie(tournament: Tournament) -> Round:
    """Five teams with accented names: two tables play, one team is exempt."""
    register(tournament, ("Hélène", "Thébault"), ("Jérôme", "Bérard"))
    register(tournament, ("Amélie", "Lefèvre"), ("François", "Chênevière"))
    register(tournament, ("Gaëlle", "Désiré"), ("Noël", "Évrard"), name="Les Cœurs Vaillants")
    register(tournament, ("Zoé", "Müller"), ("Cédric", "Garçon"))
    register(tournament, ("Loïc", "Brûlé"), ("Maëlle", "Hervé"))
    return rounds.draw_round(tournament=tournament, seed=7)


@pytest.fixture
def partie(tournament) -> Round:
    return draw_french_partie(tournament)


def first_table(rnd: Round) -> Table:
    return rnd.tables.filter(team_b__isnull=False).order_by("number").first()


# --- Score sheets ----------------------------------------------------------------


def test_a_score_sheet_is_printed_for_each_playing_table_and_not_for_the_bye(partie, tmp_path):
    document = Pdf(pdf.score_sheets(partie, entry_url=entry_url), tmp_path)
    playing = list(partie.tables.filter(team_b__isnull=False).order_by("number"))
    assert len(playing) == 2 and partie.tables.filter(team_b__isnull=True).exists()
    assert document.pages == 3  # two sheets, then the page of coupons
    for page, table in enumerate(playing, start=1):
        text = document.text(page=page)
        assert "FEUILLE DE MARQUE" in text
        assert "Concours de la Saint-Éloi" in text
        assert "samedi 5 décembre 2026" in text
        assert f"Partie 1 · Table {table.number}" in text
        assert f"NORD-SUD — équipe n° {table.team_a.number}" in text
        assert f"EST-OUEST — équipe n° {table.team_b.number}" in text
        for team in (table.team_a, table.team_b):
            assert f"{team.player1} & {team.player2}" in text
        assert SUMMARY in text
        assert "Signature Nord-Sud" in text and "Signature Est-Ouest" in text


def test_accented_names_print_as_they_were_typed(partie, tmp_path):
    text = Pdf(pdf.score_sheets(partie, entry_url=entry_url), tmp_path).text()
    exempt = partie.tables.get(team_b__isnull=True).team_a
    printed = [
        players
        for players in (
            "Hélène Thébault & Jérôme Bérard",
            "Amélie Lefèvre & François Chênevière",
            "Gaëlle Désiré & Noël Évrard",
            "Zoé Müller & Cédric Garçon",
            "Loïc Brûlé & Maëlle Hervé",
        )
        if players != f"{exempt.player1} & {exempt.player2}"
    ]
    assert len(printed) == 4
    for players in printed:
        assert players in text
    if exempt.name != "Les Cœurs Vaillants":
        assert "Les Cœurs Vaillants" in text


def layout_of(rnd: Round, rows: int = 12):
    return rnd.tournament.sheet_layout(rows)


def test_entered_deals_are_written_in_their_boxes_with_marques(partie, tmp_path):
    table = first_table(partie)
    scores.record_deal(table=table, values=hearts())
    scores.record_deal(table=table, values={"taker": "B", "trump": "S", "bid": 80, "points_b": 102})
    scores.record_deal(
        table=table, values={"taker": "B", "trump": "C", "bid": 80, "coinche": 1, "points_b": 102}
    )
    marques = list(table.deals.order_by("number").values_list("marque_a", "marque_b"))
    assert marques == [(190, 70), (60, 180), (0, 480)]

    document = Pdf(pdf.score_sheets(partie, entry_url=entry_url), tmp_path)
    rows = written(document.path, layout_of(partie))
    assert rows == {
        1: {"taker": ("A",), "trump": ("H",), "bid": "90", "points": "97",
            "points_defence": "65", "marque_a": "190", "marque_b": "70"},
        2: {"taker": ("B",), "trump": ("S",), "bid": "80", "points": "102",
            "points_defence": "60", "marque_a": "60", "marque_b": "180"},
        3: {"taker": ("B",), "trump": ("C",), "bid": "80", "coinche": ("1",), "points": "102",
            "points_defence": "60", "marque_a": "0", "marque_b": "480"},
    }  # fmt: skip
    # The tournament plays 12 deals: the rows left are for the pen.
    assert "12" in document.text(page=1)
    assert re.search(r"Total final\s*$", document.text(page=1), re.M)  # none before the end


@pytest.mark.parametrize(
    ("end", "totals"),
    [({"end_mode": "target", "end_target": 1000}, {"total_a": "194", "total_b": "130"}), ({}, {})],
)
def test_a_classic_sheet_has_running_totals_only_in_a_partie_to_a_target(
    make_tournament, tmp_path, end, totals
):
    tournament = make_tournament(preset="ffb-belote", **end)
    add_teams(tournament, 2)
    rnd = rounds.draw_round(tournament=tournament, seed=1)
    table = first_table(rnd)
    for _ in range(2):
        scores.record_deal(table=table, values={"taker": "A", "trump": "H", "points_a": 97})
    document = Pdf(pdf.score_sheets(rnd, entry_url=entry_url), tmp_path)
    rows = written(document.path, pdf.sheets.table_layout(table))  # a target's rows: 20
    assert rows[2] == {
        "taker": ("A",), "trump": ("H",), "points": "97", "points_defence": "65",
        "marque_a": "97", "marque_b": "65", **totals,
    }  # fmt: skip
    small_print = " ".join(document.text(page=1).split())
    assert ("Les totaux sont cumulés." in small_print) is bool(totals)


def test_a_finished_table_prints_its_final_total_with_penalties(partie, tmp_path):
    table = first_table(partie)
    for _ in range(12):
        scores.record_deal(table=table, values=hearts())
    penalties.add_penalty(table=table, team=table.team_b, points=-162, reason="renonce")
    document = Pdf(pdf.score_sheets(partie, entry_url=entry_url), tmp_path)
    assert written(document.path, layout_of(partie))[12]["marque_a"] == "190"
    text = document.text(page=1)
    assert re.search(r"Total final\s+2 280\s+678\s*$", text, re.M)
    assert "Pénalités et bonifications : Est-Ouest −162 (renonce)" in text


def test_every_trump_is_crossed_in_its_own_box(partie, tmp_path):
    table = first_table(partie)
    for trump in ("S", "H", "D", "C"):
        scores.record_deal(table=table, values=hearts(trump=trump))
    document = Pdf(pdf.score_sheets(partie, entry_url=entry_url), tmp_path)
    rows = written(document.path, layout_of(partie))
    assert [rows[n]["trump"] for n in (1, 2, 3, 4)] == [("S",), ("H",), ("D",), ("C",)]
    assert "♠ ♥ ♦ ♣" in document.text(page=1)


def test_hearts_and_diamonds_print_in_red_over_their_boxes(partie, tmp_path):
    document = Pdf(pdf.score_sheets(partie, entry_url=entry_url, only=1), tmp_path)
    assert _red_pixels(document.png(1)) > 20


def _red_pixels(png: Path) -> int:
    """Pixels clearly red (strong red, little green and blue)."""
    from PIL import Image, ImageChops

    with Image.open(png) as image:
        red, green, blue = image.convert("RGB").split()
    strong = red.point(lambda v: 255 if v > 150 else 0)
    weak_green = green.point(lambda v: 255 if v < 90 else 0)
    weak_blue = blue.point(lambda v: 255 if v < 110 else 0)
    mask = ImageChops.multiply(ImageChops.multiply(strong, weak_green), weak_blue)
    return mask.histogram()[255]


@pytest.mark.parametrize(
    ("fields", "boxes"),
    [
        (hearts(), {"taker": ("A",), "trump": ("H",), "bid": "90", "points": "97"}),
        (
            hearts(taker="B", trump="S", coinche=1, points_a=None, points_b=102),
            {"taker": ("B",), "trump": ("S",), "bid": "90", "coinche": ("1",), "points": "102"},
        ),
        (hearts(coinche=2), {"taker": ("A",), "trump": ("H",), "bid": "90", "coinche": ("2",)}),
        (
            {"taker": "B", "trump": "D", "bid_capot": True, "capot": "B"},
            {"taker": ("B",), "trump": ("D",), "bid": "250", "capot": ("B",)},
        ),
        (
            hearts(trump="C", bid=80, points_a=81, points_b=81, belote_b=1),
            {"taker": ("A",), "trump": ("C",), "bid": "80", "points": "81", "belote": ("B",)},
        ),
        ({"taker": ""}, {"marque_a": "0", "marque_b": "0"}),
    ],
)
def test_a_deal_is_written_in_its_boxes_as_players_would(partie, fields, boxes, tmp_path):
    scores.record_deal(table=first_table(partie), values=fields)
    document = Pdf(pdf.score_sheets(partie, entry_url=entry_url, only=1), tmp_path)
    row = written(document.path, layout_of(partie))[1]
    assert {name: row[name] for name in boxes if name in row} == boxes


def test_a_surcoinche_is_marked_with_the_profiles_factor(make_tournament, tmp_path):
    tournament = make_tournament(preset="ffb-coinche", overrides={"surcoinche_factor": 3})
    add_teams(tournament, 2)
    rnd = rounds.draw_round(tournament=tournament, seed=1)
    text = Pdf(pdf.score_sheets(rnd, entry_url=entry_url), tmp_path).text(page=1)
    assert "×2 ×3" in text
    assert "×4" not in text.split("Total final")[0]


def test_a_partie_to_a_target_score_gets_twenty_rows_and_stays_on_one_page(
    make_tournament, tmp_path
):
    tournament = make_tournament(end_mode="target", end_target=3000)
    add_teams(tournament, 2)
    rnd = rounds.draw_round(tournament=tournament, seed=1)
    document = Pdf(pdf.score_sheets(rnd, entry_url=entry_url), tmp_path)
    assert document.pages == 2  # the sheet and its coupons
    # The deals' numbers: in their column, ending 14 mm from the page's
    # edge (the small print below starts at 12 mm, and may start with 162).
    numbers = [w for w, _, x1 in document.words() if x1 < 14 * 2.835 and w.isdigit()]
    assert numbers == [str(n) for n in range(1, 21)]
    assert "partie en 3 000 points" in document.text()


def test_a_long_partie_still_prints_on_one_page_per_table(make_tournament, tmp_path):
    tournament = make_tournament(end_mode="target", end_target=9000)
    add_teams(tournament, 4)
    rnd = rounds.draw_round(tournament=tournament, seed=1)
    table = first_table(rnd)
    for _ in range(32):
        scores.record_deal(table=table, values=hearts())
    document = Pdf(pdf.score_sheets(rnd, entry_url=entry_url), tmp_path)
    assert document.pages == 3  # two sheets and their coupons
    assert sorted(written(document.path, layout_of(rnd, 32))) == list(range(1, 33))


def test_the_qr_code_leads_to_the_tables_entry_page(partie, tmp_path):
    table = first_table(partie)
    url = entry_url(table)
    document = Pdf(pdf.score_sheets(partie, entry_url=entry_url), tmp_path)
    assert url in "".join(document.text(page=1, layout=False).split())
    image = document.png(1, dpi=150)
    assert _dark_share(image) > 0.1  # the symbol is there, in the top right corner
    if shutil.which("zbarimg") is None:
        pytest.skip("zbarimg (zbar-tools) not installed: the QR code was not decoded")
    decoded = subprocess.run(
        ["zbarimg", "--quiet", "--raw", str(image)], capture_output=True, text=True
    )
    # The table's address, then (after a « # » a phone ignores) the sheet's
    # mark that a reader of its photo needs: concours, partie, table, rows, layout.
    mark = read_mark(decoded.stdout.strip())
    assert decoded.stdout.strip().startswith(url + "#feuille=")
    assert mark == SheetMark(
        partie.tournament.slug, 1, table.number, 12, layout_of(partie).fingerprint
    )


def _grouped(code: str) -> str:
    return f"{code[:4]} {code[4:]}"


def _plain(text: str) -> str:
    return text.replace("\u00a0", " ")


def test_the_sheet_lying_on_the_table_carries_no_team_code(partie, tmp_path):
    document = Pdf(pdf.score_sheets(partie, entry_url=entry_url), tmp_path)
    tables = list(partie.tables.filter(team_b__isnull=False).order_by("number"))
    for page, table in enumerate(tables, start=1):
        text = _plain(document.text(page=page, layout=False))
        flat = "".join(text.split())
        for code in (table.code_a, table.code_b):
            assert code not in flat and _grouped(code) not in text
        assert "coupon" in text  # where the code is, said on the sheet


def test_each_coupon_carries_its_own_team_s_code_only_and_names_no_partie(partie, tmp_path):
    """The last page: a coupon a team in the order of their numbers,
    « Coupon de l'équipe n° 12 » with that team's code and no other; the
    code serves every partie, so no partie, table, side or table's QR code
    (issue 54, item 11: each coupon was headed « Partie 1 · Table 1 »)."""
    document = Pdf(pdf.score_sheets(partie, entry_url=entry_url), tmp_path)
    tables = list(partie.tables.filter(team_b__isnull=False).order_by("number"))
    page = _plain(
        subprocess.run(
            ["pdftotext", "-raw", "-f", "3", "-l", "3", str(document.path), "-"],
            check=True,
            capture_output=True,
            text=True,
        ).stdout
    )
    assert "Partie" not in page and "Table" not in page and "Nord-Sud" not in page
    coupons = re.split(r"(?=Coupon de l'équipe n°)", page)[1:]
    teams = sorted(
        [*((t.team_a, t.code_a) for t in tables), *((t.team_b, t.code_b) for t in tables)],
        key=lambda team_code: team_code[0].number,
    )
    assert len(coupons) == len(teams) == 2 * len(tables)
    every_code = {code for _team, code in teams}
    for coupon, (team, code) in zip(coupons, teams, strict=True):
        assert coupon.startswith(f"Coupon de l'équipe n° {team.number}\n")
        assert team.display_name in coupon
        printed = set(re.findall(r"\b(\d{4}) (\d{4})\b", coupon))
        assert printed == {(code[:4], code[4:])}, coupon
        assert every_code & {"".join(p) for p in printed} == {code}
    if shutil.which("zbarimg") is None:
        pytest.skip("zbarimg (zbar-tools) not installed: the QR codes were not decoded")
    decoded = subprocess.run(
        ["zbarimg", "--quiet", "--raw", str(document.png(3, dpi=150))],
        capture_output=True,
        text=True,
    ).stdout.split()
    assert decoded == []


def test_a_reprinted_sheet_comes_with_its_own_coupons_only(partie, tmp_path):
    table, other = list(partie.tables.filter(team_b__isnull=False).order_by("number"))
    document = Pdf(pdf.score_sheets(partie, entry_url=entry_url, only=table.number), tmp_path)
    assert document.pages == 2
    flat = "".join(document.text(layout=False).split())
    assert table.code_a in flat and table.code_b in flat
    assert other.code_a not in flat and other.code_b not in flat


def test_without_an_entry_url_there_is_no_qr_code(partie, tmp_path):
    document = Pdf(pdf.score_sheets(partie, entry_url=lambda table: None), tmp_path)
    assert "https://" not in document.text()
    assert _dark_share(document.png(1, dpi=150)) < 0.001


def _dark_share(png: Path) -> float:
    """Share of dark pixels where the QR code sits (top right of the page)."""
    from PIL import Image

    with Image.open(png) as image:
        width = image.size[0]
        mm = width / 210
        box = image.convert("L").crop((round(width - 46 * mm), 14 * mm, width, 40 * mm))
        histogram = box.histogram()
    return sum(histogram[:100]) / sum(histogram)


def test_score_sheets_read_the_database_in_a_fixed_number_of_queries(make_tournament):
    def queries(teams: int) -> int:
        tournament = make_tournament(name=f"Concours à {teams}")
        add_teams(tournament, teams)
        rnd = rounds.draw_round(tournament=tournament, seed=3)
        for table in rnd.tables.filter(team_b__isnull=False):
            scores.record_deal(table=table, values=hearts())
        rnd = Round.objects.get(pk=rnd.pk)
        with CaptureQueriesContext(connection) as captured:
            pdf.score_sheets(rnd, entry_url=entry_url)
        return len(captured)

    # the sixth: the codes of the earlier parties (a coupon is printed once)
    assert queries(4) == queries(12) <= 6


def test_the_same_data_prints_the_same_bytes(partie):
    assert pdf.score_sheets(partie, entry_url=entry_url) == pdf.score_sheets(
        partie, entry_url=entry_url
    )


# --- Table plan --------------------------------------------------------------------


def test_the_table_plan_lists_teams_alphabetically_with_their_table_and_side(
    tournament, partie, tmp_path
):
    document = Pdf(pdf.table_plan(partie), tmp_path)
    text = document.text()
    assert "Plan des tables — partie 1" in text
    teams = list(tournament.teams.select_related("player1", "player2"))
    positions = {team.display_name: text.find(team.display_name) for team in teams}
    assert all(at >= 0 for at in positions.values()), positions
    # Accents do not send « Évrard » or « Désiré » to the end of the alphabet.
    expected = sorted(positions, key=name_order)
    assert sorted(positions, key=positions.get) == expected
    for table in partie.tables.select_related("team_a", "team_b"):
        block = row_block(text, table.team_a.display_name)
        if table.is_bye:
            assert "exempte" in block
        else:
            assert re.search(rf"\b{table.number}\s+N-S\b", block)
            other = row_block(text, table.team_b.display_name)
            assert re.search(rf"\b{table.number}\s+E-O\b", other)


def test_a_long_table_plan_runs_over_columns_and_pages_repeating_its_header(tournament, tmp_path):
    add_teams(tournament, 90)
    rnd = rounds.draw_round(tournament=tournament, seed=5)
    document = Pdf(pdf.table_plan(rnd), tmp_path)
    assert document.pages >= 2
    for page in range(1, document.pages + 1):
        headers = re.findall(r"Équipe\s+Table\s+Place", document.text(page=page))
        # Two columns per page, each under its own header; the last may use one.
        assert len(headers) == 2 or (page == document.pages and len(headers) == 1)
    text = document.text()
    assert all(f"Lefèvre{i} – Bérard{i}" in text for i in range(90))
    assert text.count("exempte") == 0  # 90 teams: nobody is exempt


def test_the_table_plan_of_a_melee_lists_the_players(make_tournament, tmp_path):
    tournament = make_tournament(format=Tournament.Format.MELEE)
    for first, last in [
        ("Hélène", "Thébault"),
        ("Jérôme", "Bérard"),
        ("Amélie", "Lefèvre"),
        ("Noël", "Évrard"),
    ]:
        registration.register_player(
            tournament=tournament, player=registration.PlayerData(first, last)
        )
    rnd = rounds.draw_round(tournament=tournament, seed=2)
    text = Pdf(pdf.table_plan(rnd), tmp_path).text()
    names = ["Bérard Jérôme", "Évrard Noël", "Lefèvre Amélie", "Thébault Hélène"]
    assert [text.find(name) for name in names] == sorted(text.find(name) for name in names)
    assert "Joueur" in text


# --- Fonts --------------------------------------------------------------------------


def test_a_missing_font_is_reported_with_what_to_install(monkeypatch, tmp_path):
    monkeypatch.setattr(pdf.base, "FONT_DIRS", (tmp_path,))
    with pytest.raises(pdf.FontMissing, match="fonts-dejavu-core"):
        pdf.register_fonts.__wrapped__()


@pytest.mark.parametrize("public_url", ["http://192.168.1.20:8000", ""])
def test_the_sheets_qr_codes_carry_an_address_phones_can_open(
    client, organizer, partie, tmp_path, settings, monkeypatch, public_url
):
    from tournaments.infra import address

    settings.PUBLIC_URL = public_url
    monkeypatch.setattr(address, "machine_addresses", lambda: ["127.0.1.1", "10.20.30.40"])
    client.force_login(organizer)
    slug = partie.tournament.slug
    # the organizer's laptop opened its own server on 127.0.0.1
    response = client.get(
        f"/organisation/t/{slug}/parties/{partie.number}/feuilles.pdf", HTTP_HOST="127.0.0.1:8000"
    )
    document = Pdf(response.content, tmp_path)
    if shutil.which("zbarimg") is None:
        pytest.skip("zbarimg (zbar-tools) not installed: the QR code was not decoded")
    decoded = subprocess.run(
        ["zbarimg", "--quiet", "--raw", str(document.png(1, dpi=150))],
        capture_output=True,
        text=True,
    ).stdout.strip()
    assert decoded.startswith((public_url or "http://10.20.30.40:8000") + "/saisie/")
    assert "127.0.0.1" not in decoded and "localhost" not in decoded
