"""The standings as spreadsheet files: CSV (semicolons, UTF-8 with BOM, as
French spreadsheet programs expect) and XLSX (openpyxl). Returns bytes;
the view only wraps them. Every number column is exported, with the labels
of display.standings."""

from __future__ import annotations

import csv
import io

from django.utils.translation import gettext as _
from openpyxl import Workbook
from openpyxl.styles import Font

from tournaments.display import standings as columns
from tournaments.standings import Standing


def _header() -> list[str]:
    return [
        str(columns.RANK.label),
        _("Équipe / joueur"),
        *[str(c.label) for c in columns.all_columns()],
    ]


def _rows(standings: list[Standing]) -> list[list]:
    return [
        [
            s.row.rank,
            str(s.entrant) if s.entrant is not None else "",
            *[columns.value(s.row, c) for c in columns.all_columns()],
        ]
        for s in standings
    ]


def standings_csv(standings: list[Standing]) -> bytes:
    out = io.StringIO()
    writer = csv.writer(out, delimiter=";", lineterminator="\r\n")
    writer.writerow(_header())
    writer.writerows(_rows(standings))
    return ("\ufeff" + out.getvalue()).encode("utf-8")


def standings_xlsx(standings: list[Standing], *, title: str) -> bytes:
    book = Workbook()
    sheet = book.active
    sheet.title = _("Classement")[:31]
    sheet.append([title])
    sheet["A1"].font = Font(bold=True, size=14)
    sheet.append(_header())
    for cell in sheet[2]:
        cell.font = Font(bold=True)
    for row in _rows(standings):
        sheet.append(row)
    sheet.column_dimensions["B"].width = 40
    sheet.freeze_panes = "A3"
    out = io.BytesIO()
    book.save(out)
    return out.getvalue()
