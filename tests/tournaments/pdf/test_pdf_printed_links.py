"""The address printed under a QR code breaks only between groups of
characters (issue 38, item 11): after a « / », inside a part too wide for a
line after a « . » or a « - », and only in a host name too long for a line
between groups of four characters. The rule is table-driven and a
property; the score sheet, the door's poster and the hall's poster are read
back with `pdftotext -layout` (the QR column cropped) with short and long
hall addresses."""

from __future__ import annotations

import itertools
import re
import subprocess
from pathlib import Path

import pytest
from hypothesis import given
from hypothesis import strategies as st
from reportlab.lib.units import mm

from tests.tournaments.pdf.test_pdf import Pdf, draw_french_partie, first_table
from tournaments import pdf
from tournaments.domain.sheet_layout import QR_COLUMN
from tournaments.features.door.pdf import door_poster
from tournaments.pdf.base import CONTENT_WIDTH, MARGIN
from tournaments.pdf.hall import poster
from tournaments.pdf.qr import GROUP, link_lines

TOKEN = "68iwEuizFBss4K8D"


def at_most(characters: int):
    return lambda line: len(line) <= characters


@pytest.mark.parametrize(
    ("url", "width", "lines"),
    [
        # It fits: one line.
        ("http://salle.lan/saisie/abc/", 40, ["http://salle.lan/saisie/abc/"]),
        # After a « / », as many whole parts a line as fit.
        (
            f"http://belote.lan:8000/saisie/{TOKEN}/",
            24,
            ["http://belote.lan:8000/", f"saisie/{TOKEN}/"],
        ),
        (
            f"http://belote.lan:8000/saisie/{TOKEN}/",
            18,
            ["http://", "belote.lan:8000/", "saisie/", f"{TOKEN}/"],
        ),
        # A host too wide for a line: after its dots and dashes.
        (
            f"http://salle-des-fetes.saint-eloi.belote.lan/saisie/{TOKEN}/",
            18,
            ["http://salle-des-", "fetes.saint-eloi.", "belote.lan/saisie/", f"{TOKEN}/"],
        ),
        # A piece still too wide: groups of four characters.
        (
            "http://abcdefghijklmnopqrstuvwxyz/x/",
            10,
            ["http://", "abcdefgh", "ijklmnop", "qrstuvwx", "yz/x/"],
        ),
        # A query's signs.
        (
            "https://club.example/t/a?page=2&q=x",
            12,
            ["https://", "club.", "example/t/", "a?page=2&q=x"],
        ),
    ],
)
def test_a_link_is_cut_only_between_groups(url, width, lines):
    assert link_lines(url, at_most(width)) == lines


URL_CHARACTERS = st.text("abcdefghijk0123456789-./:?=&_", min_size=1, max_size=120)


@given(url=URL_CHARACTERS, width=st.integers(min_value=GROUP, max_value=60))
def test_the_lines_are_the_link_each_fitting(url, width):
    lines = link_lines(url, at_most(width))
    assert "".join(lines) == url
    assert all(lines) and all(len(line) <= width for line in lines)
    # Two lines that would fit on one are never left apart.
    assert all(len(a) + len(b) > width for a, b in itertools.pairwise(lines))


def _qr_column_lines(document: Pdf, *, x: float, width: float, height: float) -> list[str]:
    """The lines pdftotext -layout reads in the box (points from the top left) of page 1."""
    out = subprocess.run(
        [
            *("pdftotext", "-layout", "-f", "1", "-l", "1"),
            *("-x", str(int(x)), "-y", "0", "-W", str(int(width) + 1), "-H", str(int(height))),
            str(document.path),
            "-",
        ],
        check=True,
        capture_output=True,
        text=True,
    ).stdout
    return [line.strip() for line in out.splitlines() if line.strip()]


def _printed(lines: list[str], url: str) -> list[str]:
    """The lines that print `url`: from the one its start is on."""
    start = next(i for i, line in enumerate(lines) if url.startswith(line))
    printed, joined = [], ""
    for line in lines[start:]:
        if not url.startswith(joined + line):
            break
        printed.append(line)
        joined += line
    assert joined == url, lines
    return printed


def _broken_between_groups(printed: list[str]) -> bool:
    return all(re.search(r"[/.\-:?&=_]$", line) for line in printed[:-1])


HALLS = [
    "http://10.0.0.2:8000",
    "http://salle-polyvalente-emile-zola.saint-eloi-les-chataigniers.belote.lan:8000",
    "https://concours.comite-des-fetes-de-saint-eloi-les-chataigniers.example",
]


@pytest.mark.django_db
@pytest.mark.parametrize("hall", HALLS)
def test_the_score_sheets_link_is_cut_between_groups(tournament, tmp_path: Path, hall):
    partie = draw_french_partie(tournament)
    url = f"{hall}/saisie/{TOKEN}/"
    document = Pdf(pdf.score_sheets(partie, entry_url=lambda table: url), tmp_path)
    x = MARGIN + CONTENT_WIDTH - QR_COLUMN * mm
    lines = _qr_column_lines(document, x=x, width=QR_COLUMN * mm, height=80 * 2.835)
    printed = _printed(lines, url)
    assert _broken_between_groups(printed), printed
    assert first_table(partie) is not None


@pytest.mark.django_db
@pytest.mark.parametrize("hall", HALLS)
def test_the_posters_links_are_cut_between_groups(tournament, tmp_path: Path, hall):
    for name, data, url in [
        ("door", door_poster(tournament, url=f"{hall}/entree/{TOKEN}/"), f"{hall}/entree/{TOKEN}/"),
        ("hall", poster(tournament, public_url=hall), hall + tournament.get_absolute_url()),
    ]:
        document = Pdf(data, tmp_path, name)
        lines = _qr_column_lines(document, x=0, width=595, height=842)
        printed = _printed(lines, url)
        assert _broken_between_groups(printed), (name, printed)
