"""Reading a registration file (CSV, or an Excel .xlsx workbook) into teams
to register.

Parsing is pure: bytes in, rows and line-numbered French errors out; it
writes nothing and knows nothing of the teams already registered (that
comparison is `services.registration`'s, with `team_key`). A file is clean
when every line is: each line well formed, no team given twice, no team
number given twice.

Accepted: UTF-8 (with or without BOM) or Windows-1252 (what spreadsheet
programs save in France), separator `;` or `,`, a header line naming the
columns as people write them (services/team_columns.py: « Nom de
l'équipe », « Joueur 1 », « Prénom », « Licence »…), or as the volunteer
said them in the preview (`chosen`). Each player is needed: `nom1` and
`prenom1` (or `joueur1`, the whole name in one cell), the same for player
2; optional:
`club`, `licence1`, `licence2`, `equipe` (a team name), `numero`,
`categories` (the names of the special rankings the team is in, separated
by `,` or `|`; matched against the tournament's by the import's plan),
`affiche1`, `affiche2` (each player's « accepte d'être affiché »), and
`preinscrite` (the team pre-registered online: the hosted instance's list
says so, and the hall laptop registers it not yet present, to be checked
in, and known as pre-registered at the cash box).

A cell that an export of this project quoted against formulas (« '=Martin »,
queries/exports.inert) is read as it was before the quote: the file of the
pre-registrations goes from the hosted instance to the hall laptop that way.
"""

from __future__ import annotations

import csv
import io
import re
import unicodedata
from collections.abc import Iterable, Iterator, Sequence
from dataclasses import dataclass, field

from django.utils.translation import gettext as _

from tournaments.queries.exports import uninert
from tournaments.services import team_columns

MAX_BYTES = 512 * 1024
MAX_ROWS = 1000
MAX_TEAM_NUMBER = 9999
MAX_COLUMNS = 30  # of a workbook's sheet: more are never read
XLSX_MAGIC = b"PK\x03\x04"  # a workbook is a zip file
REQUIRED = ("nom1", "prenom1", "nom2", "prenom2")
OPTIONAL = (
    "club",
    "licence1",
    "licence2",
    "equipe",
    "numero",
    "categories",
    "affiche1",
    "affiche2",
    "preinscrite",
)
#: The model file's columns, in the order of the registration form
#: (forms/teams.TeamForm; issue 38): each player's first name, name, licence
#: and box, then the club and the team's name. A file may give any order.
TEMPLATE_COLUMNS = (
    "prenom1",
    "nom1",
    "licence1",
    "affiche1",
    "prenom2",
    "nom2",
    "licence2",
    "affiche2",
    "club",
    "equipe",
)
#: Read but not imported as such: a player's whole name (split in two), a
#: phone number (the concours keeps none).
READ = ("joueur1", "joueur2", "telephone1", "telephone2")
KNOWN = frozenset(REQUIRED + OPTIONAL + READ)
#: A player's box in the file (« affiche1 »: agreed to be shown across
#: concours, issue 26): ticked by these words, unticked by anything else.
TICKED = {"oui", "o", "x", "1", "yes", "y", "vrai", "true"}
MAX_LENGTH = {
    "nom": 80,
    "prenom": 80,
    "club": 120,
    "licence": 30,
    "equipe": 120,
    "categories": 400,
}


@dataclass(frozen=True)
class TeamRow:
    line: int
    last_name1: str
    first_name1: str
    last_name2: str
    first_name2: str
    club: str = ""
    licence1: str = ""
    licence2: str = ""
    name: str = ""
    number: int | None = None
    categories: tuple[str, ...] = ()
    shown1: bool = False
    shown2: bool = False
    #: Pre-registered online (the hosted instance's list of pre-registrations).
    preregistered: bool = False
    #: The cells of the columns this module does not know, not empty (an
    #: installed feature's optional columns, read by services/extras.py).
    extras: tuple[tuple[str, str], ...] = ()


@dataclass
class ParsedFile:
    rows: list[TeamRow] = field(default_factory=list)
    errors: list[tuple[int, str]] = field(default_factory=list)
    # The file itself could not be read (not text, too big, no header, an
    # unclosed quote…): nothing of it may be imported. Otherwise `errors`
    # name faulty lines only, and `rows` holds the good ones.
    whole: bool = False
    #: Each column's header and the key it was read as ("" not understood),
    #: and why they give no team (the volunteer says what they are).
    columns: list[tuple[str, str]] = field(default_factory=list)
    columns_problem: str = ""

    @property
    def ok(self) -> bool:
        return not self.errors and bool(self.rows)


def _decode(data: bytes) -> str:
    if data.startswith(b"\xef\xbb\xbf"):
        data = data[3:]
    try:
        return data.decode("utf-8")
    except UnicodeDecodeError:
        return data.decode("cp1252", errors="replace")


def parse_teams(
    data: bytes, *, extra_columns: Iterable[str] = (), chosen: Sequence[str] | None = None
) -> ParsedFile:
    """Every faulty line is reported with its number (as a spreadsheet shows
    it: the header is line 1). A CSV file, or an Excel workbook (.xlsx: its
    first sheet, read as the CSV file would be). The columns are read from
    their headers (an installed feature's among them: `extra_columns`), or
    are the keys `chosen` for them in the preview, one a column."""
    result = ParsedFile()
    columns = (tuple(extra_columns), chosen)
    if len(data) > MAX_BYTES:
        result.errors.append(
            (0, _("Fichier trop gros (%(size)s Ko, 512 Ko au plus).") % {"size": len(data) // 1024})
        )
        result.whole = True
        return result
    if data.startswith(XLSX_MAGIC):
        table = _xlsx_rows(data)
        if table is None:
            result.errors.append((0, _("Classeur Excel illisible : enregistrez-le à nouveau.")))
            result.whole = True
            return result
        return _parse_table(result, iter(table), columns)
    if b"\x00" in data:
        result.errors.append((0, _("Ce fichier n'est pas un fichier texte CSV.")))
        result.whole = True
        return result
    text = _decode(data)
    if not text.strip():
        result.errors.append((0, _("Le fichier est vide.")))
        result.whole = True
        return result
    first = text.splitlines()[0]
    delimiter = ";" if first.count(";") >= first.count(",") else ","
    # newline="": the reader splits the lines itself (\r\n, \n or a lone \r).
    # strict: an unclosed quote is an error, not the rest of the file in one cell.
    reader = csv.reader(io.StringIO(text, newline=""), delimiter=delimiter, strict=True)
    return _parse_table(result, reader, columns)


def _xlsx_rows(data: bytes) -> list[list[str]] | None:
    """The first sheet of a workbook as lines of text cells (a whole number
    without its « .0 »), at most what a file may hold; None when the
    workbook cannot be read."""
    from openpyxl import load_workbook

    try:
        book = load_workbook(io.BytesIO(data), read_only=True, data_only=True)
        sheet = book.worksheets[0]
        rows = []
        for values in sheet.iter_rows(max_row=MAX_ROWS + 2, max_col=MAX_COLUMNS, values_only=True):
            cells = [_cell_text(value) for value in values]
            while cells and not cells[-1].strip():
                cells.pop()  # the sheet's empty cells on the right
            rows.append(cells)
        book.close()
    except Exception:  # a damaged or foreign zip: any of openpyxl's errors
        return None
    return rows


def _cell_text(value: object) -> str:
    if value is None:
        return ""
    if isinstance(value, float) and value.is_integer():
        return str(int(value))
    return str(value)


def _parse_table(
    result: ParsedFile,
    reader: Iterator[list[str]],
    columns: tuple[tuple[str, ...], Sequence[str] | None],
) -> ParsedFile:
    """The header then the lines of a file read as rows of cells."""
    try:
        headers = [h.strip() for h in next(reader)]
    except (csv.Error, StopIteration):
        result.errors.append((1, _("Ligne d'en-tête illisible.")))
        result.whole = True
        return result
    extra_columns, chosen = columns
    header = (
        [key if key in KNOWN or key in extra_columns else "" for key in chosen]
        if chosen is not None and len(chosen) == len(headers)
        else team_columns.read_headers(headers, extra_columns)
    )
    result.columns = list(zip(headers, header, strict=True))
    if problem := _columns_problem(result.columns):
        result.columns_problem = problem
        result.whole = True
        return result
    seen = _Seen()
    index = 1
    try:
        for index, values in enumerate(reader, start=2):
            if not any(v.strip() for v in values):
                continue
            if len(result.rows) + len(result.errors) >= MAX_ROWS:
                result.errors.append(
                    (index, _("Trop de lignes (%(n)s équipes au plus).") % {"n": MAX_ROWS})
                )
                result.whole = True
                break
            row, problems = _row(index, header, values, seen)
            if problems:
                result.errors.extend((index, p) for p in problems)
            elif row is not None:
                result.rows.append(row)
    except csv.Error:
        # the rest of the file cannot be read: none of it is imported
        result.whole = True
        result.errors.append(
            (
                getattr(reader, "line_num", index + 1),
                _("Ligne illisible : un guillemet sans fin ou une valeur bien trop longue ?"),
            )
        )
    if not result.rows and not result.errors:
        result.whole = True
        result.errors.append((0, _("Aucune équipe dans ce fichier.")))
    return result


def _columns_problem(columns: list[tuple[str, str]]) -> str:
    """Why these columns cannot give teams ("" if they can): a player's
    name missing, or two columns said to be the same."""
    keys = [key for _header, key in columns if key]
    for key in set(keys):
        if keys.count(key) > 1:
            twice = [header for header, said in columns if said == key]
            return _("Les colonnes « %(a)s » et « %(b)s » disent la même chose : choisissez.") % {
                "a": twice[0],
                "b": twice[1],
            }
    if all(f"joueur{n}" in keys or {f"nom{n}", f"prenom{n}"} <= set(keys) for n in (1, 2)):
        return ""
    return _(
        "Les joueurs de chaque équipe sont introuvables : dites ci-dessous quelle colonne "
        "donne le joueur 1 et le joueur 2 (son prénom et son nom, ou chacun à part)."
    )


@dataclass
class _Seen:
    """What the earlier lines of the file gave: numbers and teams, each with
    its line, so a repeat names the line it repeats."""

    numbers: dict[int, int] = field(default_factory=dict)
    teams: dict[frozenset[str], int] = field(default_factory=dict)


def player_key(first_name: str, last_name: str) -> str:
    """A player's name as compared when looking for a team already
    registered: case, accents, spaces, hyphens and apostrophes do not count
    (« Jean-Noël Lefèvre » is « jean noel LEFEVRE »)."""
    decomposed = unicodedata.normalize("NFKD", f"{first_name}|{last_name}")
    folded = "".join(c for c in decomposed if not unicodedata.combining(c)).casefold()
    return "".join(c for c in folded if c.isalnum() or c == "|")


def team_key(first1: str, last1: str, first2: str, last2: str) -> frozenset[str]:
    """The two players of a team, in either order (see `player_key`)."""
    return frozenset((player_key(first1, last1), player_key(first2, last2)))


def categories_of(cell: str) -> tuple[str, ...]:
    """The special rankings named in a cell: « Féminine, Jeunes » or
    « Féminine|Jeunes »."""
    return tuple(name for name in (" ".join(p.split()) for p in re.split(r"[,|]", cell)) if name)


def _shown(value: str) -> str:
    """A value quoted back in a message, cut short: a line may be huge."""
    return value if len(value) <= 24 else value[:23] + "…"


def _number(value: str) -> tuple[int | None, str | None]:
    """A team number as typed: digits only, from 1 to MAX_TEAM_NUMBER."""
    if not value.isascii() or not value.isdigit() or not 1 <= int(value) <= MAX_TEAM_NUMBER:
        return None, _(
            "Numéro d'équipe « %(v)s » invalide : un nombre entier de 1 à %(max)s est attendu."
        ) % {"v": _shown(value), "max": MAX_TEAM_NUMBER}
    return int(value), None


def _row(
    index: int, header: list[str], values: list[str], seen: _Seen
) -> tuple[TeamRow | None, list[str]]:
    problems: list[str] = []
    if len(values) > len(header):
        problems.append(
            _("%(n)s valeurs pour %(m)s colonnes (un séparateur en trop ?).")
            % {"n": len(values), "m": len(header)}
        )
        return None, problems
    cells = {
        h: uninert(values[i].strip()) if i < len(values) else "" for i, h in enumerate(header) if h
    }
    for n in (1, 2):
        if f"nom{n}" not in cells:  # the whole name in one cell: split in two
            cells[f"prenom{n}"], cells[f"nom{n}"] = team_columns.split_name(
                cells.get(f"joueur{n}", "")
            )
    labels = {
        "nom1": _("nom du joueur 1"),
        "prenom1": _("prénom du joueur 1"),
        "nom2": _("nom du joueur 2"),
        "prenom2": _("prénom du joueur 2"),
    }
    for column in REQUIRED:
        if not cells.get(column):
            problems.append(_("%(what)s manquant.") % {"what": labels[column].capitalize()})
    for column, value in cells.items():
        limit = MAX_LENGTH.get(column.rstrip("12"))
        if limit and len(value) > limit:
            problems.append(
                _("« %(col)s » trop long (%(n)s caractères au plus).") % {"col": column, "n": limit}
            )
    number = None
    if cells.get("numero"):
        number, problem = _number(cells["numero"])
        if problem:
            problems.append(problem)
        elif number in seen.numbers:
            problems.append(
                _("Numéro %(n)s déjà donné ligne %(line)s.")
                % {"n": number, "line": seen.numbers[number]}
            )
        elif number is not None:
            seen.numbers[number] = index
    if problems:
        return None, problems
    row = TeamRow(
        line=index,
        last_name1=cells["nom1"],
        first_name1=cells["prenom1"],
        last_name2=cells["nom2"],
        first_name2=cells["prenom2"],
        club=cells.get("club", ""),
        licence1=cells.get("licence1", ""),
        licence2=cells.get("licence2", ""),
        name=cells.get("equipe", ""),
        number=number,
        categories=categories_of(cells.get("categories", "")),
        shown1=cells.get("affiche1", "").casefold() in TICKED,
        shown2=cells.get("affiche2", "").casefold() in TICKED,
        preregistered=cells.get("preinscrite", "").casefold() in TICKED,
        extras=tuple((h, v) for h, v in cells.items() if h not in KNOWN and v),
    )
    problems = _repeats(row, seen)
    return (None, problems) if problems else (row, [])


def _repeats(row: TeamRow, seen: _Seen) -> list[str]:
    """A team already given by an earlier line of the file, or a line that
    names the same player twice. (A player in two teams is a conflict the
    import's plan reports, knowing which of them is registered.)"""
    key = team_key(row.first_name1, row.last_name1, row.first_name2, row.last_name2)
    if len(key) == 1:
        return [_("Les deux joueurs de l'équipe ont le même nom.")]
    if key in seen.teams:
        return [_("Même équipe que la ligne %(line)s.") % {"line": seen.teams[key]}]
    seen.teams[key] = row.line
    return []


def template_csv(extra_columns: tuple[str, ...] = ()) -> bytes:
    """The model file offered on the import page: the header this module
    reads, in the registration form's order (and the installed features'
    optional columns, `extra_columns`, after them), and two example lines,
    in UTF-8 with a BOM (so that a spreadsheet program shows the accents)."""
    blank = ";" * len(extra_columns)
    lines = [
        ";".join(TEMPLATE_COLUMNS + tuple(extra_columns)),
        "Amélie;Lefèvre;;;Jérôme;Bérard;;;Les As de Trèfle;Les Lève-tôt" + blank,
        "Zoé;Dupré;12345;oui;Loïc;Hébert;67890;oui;Club de Saint-Éloi;" + blank,
    ]
    return ("\ufeff" + "\r\n".join(lines) + "\r\n").encode("utf-8")
