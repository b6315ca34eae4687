"""The standings as spreadsheet files: CSV (semicolons, UTF-8 with BOM, as
French spreadsheet programs expect) and XLSX (openpyxl). Returns bytes;
the view only wraps them. Every number column is exported, with the labels
of display.standings.

Names are typed by organizers and, through an imported file, by anyone: a
text cell that a spreadsheet would read as a formula (« =HYPERLINK(…) »,
« +1 », « @SUM(A1) », also after spaces, or starting with a tab or a
carriage return) is written with a single quote in front, as OWASP advises
against CSV injection, and in the XLSX every text is a text cell (openpyxl
would store « =… » as a live formula). A text that starts with a single
quote gets one more, so that the quoting can be undone exactly
(`uninert`: the hall laptop imports the pre-registrations' file and must
find « =Martin » or « 'Quote » as they were typed). Numbers are left as
numbers. Must not: write any cell without `inert`.
"""

from __future__ import annotations

import csv
import io
from collections.abc import Callable, Iterable
from typing import TYPE_CHECKING, Any

from django.utils.translation import gettext as _

from tournaments.display import standings as columns
from tournaments.domain.standings import Standing

if TYPE_CHECKING:
    from openpyxl.worksheet.worksheet import Worksheet

#: What makes a spreadsheet read a cell as a formula (the full-width signs
#: too: some spreadsheet programs fold them to their ASCII twins).
FORMULA_SIGNS = ("=", "+", "-", "@", "\uff1d", "\uff0b", "\uff0d", "\uff20")
CONTROL_STARTS = ("\t", "\r", "\n")
QUOTE = "'"


def _needs_quote(text: str) -> bool:
    return text.startswith((*CONTROL_STARTS, QUOTE)) or text.lstrip().startswith(FORMULA_SIGNS)


def inert(value: Any) -> Any:
    """`value` as a spreadsheet cell that cannot run: a text read as a
    formula, or starting with a single quote, gets a leading single quote;
    anything else is kept."""
    if isinstance(value, str) and _needs_quote(value):
        return QUOTE + value
    return value


def uninert(cell: str) -> str:
    """The text `inert` was given for `cell`: its added quote taken off. A
    cell that `inert` did not write (a quote before an ordinary word, typed
    in a spreadsheet) is kept as it is."""
    if cell.startswith(QUOTE) and _needs_quote(cell[1:]):
        return cell[1:]
    return cell


def _header(lots: bool) -> list[str]:
    return [
        str(columns.RANK.label),
        _("Équipe / joueur"),
        *[str(c.label) for c in columns.all_columns()],
        *([_("Lot")] if lots else []),
    ]


def _rows(standings: list[Standing], lots: bool) -> list[list]:
    """The rows as values (each file makes its texts inert, once)."""
    return [
        [
            s.row.rank,
            str(s.entrant) if s.entrant is not None else "",
            *[columns.value(s.row, c) for c in columns.all_columns()],
            *([s.lot_name] if lots else []),
        ]
        for s in standings
    ]


def csv_file(rows: Iterable[Iterable[Any]], cell: Callable[[Any], Any] = inert) -> bytes:
    """Rows as every export writes them: `;` between cells, CRLF, UTF-8 with
    a BOM (a spreadsheet program shows the accents), each cell through
    `cell` (made inert)."""
    out = io.StringIO()
    writer = csv.writer(out, delimiter=";", lineterminator="\r\n")
    writer.writerows([cell(value) for value in row] for row in rows)
    return ("\ufeff" + out.getvalue()).encode("utf-8")


def standings_csv(standings: list[Standing], *, lots: bool = False) -> bytes:
    """The ranking; with `lots`, `standings` are the board's placings
    (awards.Placing) and each row ends with its lot."""
    return csv_file([_header(lots), *_rows(standings, lots)])


def standings_xlsx(standings: list[Standing], *, title: str, lots: bool = False) -> bytes:
    """As `standings_csv`, in a workbook."""
    # openpyxl (and PIL behind it) is loaded here, not at the top: only this
    # download needs it, and every process of the app would pay its ~90 ms.
    from openpyxl import Workbook
    from openpyxl.styles import Font

    book = Workbook()
    sheet = book.active
    sheet.title = _("Classement")[:31]
    _append(sheet, [title])
    sheet["A1"].font = Font(bold=True, size=14)
    _append(sheet, _header(lots))
    for cell in sheet[2]:
        cell.font = Font(bold=True)
    for row in _rows(standings, lots):
        _append(sheet, row)
    sheet.column_dimensions["B"].width = 40
    sheet.freeze_panes = "A3"
    out = io.BytesIO()
    book.save(out)
    return out.getvalue()


def _append(sheet: Worksheet, values: list[Any]) -> None:
    """One row, every text an inert text cell (never a formula)."""
    sheet.append([inert(v) for v in values])
    for cell in sheet[sheet.max_row]:
        if isinstance(cell.value, str):
            cell.data_type = "s"
