"""Reading a registration file (CSV) into teams to register.

Parsing is pure: bytes in, rows and line-numbered French errors out; it
writes nothing. `services.import_teams` registers the rows, and only when
the whole file is clean.

Accepted: UTF-8 (with or without BOM) or Windows-1252 (what spreadsheet
programs save in France), separator `;` or `,`, a header line naming the
columns. Required columns: `nom1`, `prenom1`, `nom2`, `prenom2`; optional:
`club`, `licence1`, `licence2`, `equipe` (a team name), `numero`.
"""

from __future__ import annotations

import csv
import io
import unicodedata
from dataclasses import dataclass, field

from django.utils.translation import gettext as _

MAX_BYTES = 512 * 1024
MAX_ROWS = 1000
REQUIRED = ("nom1", "prenom1", "nom2", "prenom2")
OPTIONAL = ("club", "licence1", "licence2", "equipe", "numero")
ALIASES = {
    "nom 1": "nom1",
    "prénom1": "prenom1",
    "prénom 1": "prenom1",
    "prenom 1": "prenom1",
    "nom 2": "nom2",
    "prénom2": "prenom2",
    "prénom 2": "prenom2",
    "prenom 2": "prenom2",
    "licence 1": "licence1",
    "licence 2": "licence2",
    "équipe": "equipe",
    "numéro": "numero",
    "n°": "numero",
}
MAX_LENGTH = {"nom": 80, "prenom": 80, "club": 120, "licence": 30, "equipe": 120}


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


@dataclass
class ParsedFile:
    rows: list[TeamRow] = field(default_factory=list)
    errors: list[tuple[int, str]] = field(default_factory=list)

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


def _column(name: str) -> str:
    key = unicodedata.normalize("NFC", name.strip().lower())
    return ALIASES.get(key, key)


def parse_teams(data: bytes) -> ParsedFile:
    """Every faulty line is reported with its number (as a spreadsheet shows
    it: the header is line 1)."""
    result = ParsedFile()
    if len(data) > MAX_BYTES:
        result.errors.append(
            (0, _("Fichier trop gros (%(size)s Ko, 512 Ko au plus).") % {"size": len(data) // 1024})
        )
        return result
    if b"\x00" in data:
        result.errors.append((0, _("Ce fichier n'est pas un fichier texte CSV.")))
        return result
    text = _decode(data)
    if not text.strip():
        result.errors.append((0, _("Le fichier est vide.")))
        return result
    first = text.splitlines()[0]
    delimiter = ";" if first.count(";") >= first.count(",") else ","
    reader = csv.reader(io.StringIO(text), delimiter=delimiter)
    try:
        header = [_column(h) for h in next(reader)]
    except csv.Error as exc:
        result.errors.append((1, _("Ligne d'en-tête illisible : %(e)s") % {"e": exc}))
        return result
    missing = [c for c in REQUIRED if c not in header]
    if missing:
        result.errors.append(
            (
                1,
                _("Colonnes obligatoires absentes : %(cols)s (en-tête attendu : %(head)s).")
                % {"cols": ", ".join(missing), "head": ";".join(REQUIRED + OPTIONAL)},
            )
        )
        return result
    seen_numbers: dict[int, int] = {}
    try:
        for index, values in enumerate(reader, start=2):
            if not any(v.strip() for v in values):
                continue
            if len(result.rows) + len(result.errors) >= MAX_ROWS:
                result.errors.append(
                    (index, _("Trop de lignes (%(n)s équipes au plus).") % {"n": MAX_ROWS})
                )
                break
            row, problems = _row(index, header, values, seen_numbers)
            if problems:
                result.errors.extend((index, p) for p in problems)
            elif row is not None:
                result.rows.append(row)
    except csv.Error as exc:
        result.errors.append((reader.line_num, _("Ligne illisible : %(e)s") % {"e": exc}))
    if not result.rows and not result.errors:
        result.errors.append((0, _("Aucune équipe dans ce fichier.")))
    return result


def _row(
    index: int, header: list[str], values: list[str], seen_numbers: dict[int, int]
) -> tuple[TeamRow | None, list[str]]:
    problems: list[str] = []
    if len(values) > len(header):
        problems.append(
            _("%(n)s valeurs pour %(m)s colonnes (un séparateur en trop ?).")
            % {"n": len(values), "m": len(header)}
        )
        return None, problems
    cells = {h: (values[i].strip() if i < len(values) else "") for i, h in enumerate(header)}
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
        try:
            number = int(cells["numero"])
            if number < 1:
                raise ValueError
        except ValueError:
            problems.append(
                _("Numéro d'équipe « %(v)s » invalide : un entier positif est attendu.")
                % {"v": cells["numero"]}
            )
        else:
            if number in seen_numbers:
                problems.append(
                    _("Numéro %(n)s déjà donné ligne %(line)s.")
                    % {"n": number, "line": seen_numbers[number]}
                )
            seen_numbers[number] = index
    if problems:
        return None, problems
    return (
        TeamRow(
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
        ),
        [],
    )
