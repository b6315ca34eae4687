"""What the desk types about the photographed sheets: a sheet read, deal
by deal, as the volunteer confirms or corrects it (`SheetReview`): each
deal is the desk grid's own row (`DealForm`, the same keys and the same
checks), with a box « juste » that the volunteer ticks — nothing is recorded until every deal of the
sheet is ticked.

Must not: record (services.py), read a photo (domain/).
"""

from __future__ import annotations

from dataclasses import dataclass, field
from typing import Any

from django.utils.translation import gettext as _
from django.utils.translation import gettext_lazy as _lazy

import scoring
from tournaments.domain.deal_shapes import engine_to_fields
from tournaments.features.sheets import display
from tournaments.features.sheets.domain.checks import FieldRead, engine_deal
from tournaments.features.sheets.models import SheetPhoto
from tournaments.forms.entry import DealForm
from tournaments.models import Deal
from tournaments.models.options import Feature, Option

#: The feature's switch in the tournament's form, and its name on the dashboard.
OPTIONS = Feature(
    _lazy("feuilles lues sur photo"),
    (
        Option(
            "sheets_enabled",
            _lazy("Lire les feuilles de marque sur photo"),
            _lazy(
                "La table remplit sa feuille imprimée ; l'accueil photographie la pile, "
                "l'ordinateur la lit et vérifie chaque donne par les règles, et ne demande "
                "que ce dont il doute. Rien n'est enregistré avant votre confirmation."
            ),
        ),
    ),
)

#: The sheet's fields → the grid's cell that holds each (a written marque
#: or total has none: the engine computes them). La générale's box is typed
#: in « Capot » (« GN »).
CELL_OF_FIELD = {
    "taker": "taker",
    "trump": "trump",
    "bid": "bid",
    "coinche": "coinche",
    "points": "points",
    "belote": "belote",
    "capot": "capot",
    "generale": "capot",
    "announce_a": "announce_a",
    "announce_b": "announce_b",
}
#: The cells a review row shows, in the grid's order.
CELLS = (
    "taker",
    "trump",
    "bid",
    "points",
    "coinche",
    "belote",
    "capot",
    "announce_a",
    "announce_b",
)


@dataclass
class ReviewRow:
    """One deal of the sheet under review."""

    number: int
    form: DealForm
    asked: list[str]
    reasons: list[str]
    marques: list[int]
    #: The deal's fields as read ({name: {"value", "sure"…}}).
    fields: dict[str, Any]
    ok: bool = False
    error: str = ""
    cells: list[Any] = field(default_factory=list)

    @property
    def doubtful(self) -> bool:
        return bool(self.asked or self.reasons)

    @property
    def said(self) -> list[str]:
        """Why the deal is asked about, a sentence a reason."""
        return display.reasons_said(self.reasons, self.asked, self.fields, self.marques)

    @property
    def asked_cells(self) -> list[str]:
        cells = [CELL_OF_FIELD[name] for name in self.asked if name in CELL_OF_FIELD]
        return [c for c in CELLS if c in cells and c in self.form.fields]


class SheetReview:
    """A sheet read, as the review page shows it and its post checks it."""

    def __init__(self, photo: SheetPhoto, data: Any = None, *, rules: scoring.Rules) -> None:
        self.photo = photo
        self.data = data
        reading = photo.reading or {}
        marques = reading.get("marques") or []
        self.rows = []
        for index, deal in enumerate(reading.get("deals", [])):
            number = int(deal["deal"])
            form = DealForm(
                data, prefix=f"d{number}", rules=rules, initial=_initial(deal, number, rules)
            )
            row = ReviewRow(
                number=number,
                form=form,
                asked=list(deal.get("asked") or []),
                reasons=list(deal.get("reasons") or []),
                marques=list(marques[index]) if index < len(marques) else [],
                fields=dict(deal.get("fields") or {}),
                ok=bool(data and data.get(f"d{number}-ok")),
            )
            row.cells = [form[name] for name in CELLS if name in form.fields]
            self.rows.append(row)
        # The doubtful deals first (issue 55: the doubtful cells first), then the others.
        self.rows.sort(key=lambda row: (not row.doubtful, row.number))
        version = data.get("version") if data else None
        self.version = int(version) if version and str(version).isdigit() else None

    @property
    def doubtful(self) -> list[ReviewRow]:
        return [row for row in self.rows if row.doubtful]

    @property
    def sure(self) -> list[ReviewRow]:
        return [row for row in self.rows if not row.doubtful]

    def is_valid(self) -> bool:
        valid = self.version is not None
        for row in self.rows:
            if not row.form.is_valid():
                valid = False
            elif not row.ok:
                row.error = _("Vérifiez cette donne, puis cochez « Juste ».")
                valid = False
        return valid and bool(self.rows)

    def deal_values(self) -> list[dict[str, Any]]:
        """Each deal's Deal fields, deal 1 first."""
        rows = sorted(self.rows, key=lambda row: row.number)
        return [row.form.deal_values() for row in rows]

    def refuse(self, message: str, field: str) -> None:
        """A refusal of the service: next to its deal (« 3:points ») or the sheet's."""
        number, _sep, code = field.partition(":")
        for row in self.rows:
            if str(row.number) == number:
                cell = DealForm.FIELD_OF_CODE.get(code)
                row.form.add_error(cell if cell in row.form.fields else None, message)
                row.ok = False
                return
        self.error = message

    error: str = ""


def _initial(deal: dict[str, Any], number: int, rules: scoring.Rules) -> dict[str, Any]:
    """The grid's row for a deal as read: its cells as the grid shows a deal
    (its taker's letter, its trump's sign…), blank where nothing was read."""
    fields = {
        name: FieldRead(read.get("value"), bool(read.get("sure")))
        for name, read in (deal.get("fields") or {}).items()
    }
    values = engine_to_fields(engine_deal(fields))
    shown = Deal(number=number, **values)
    return DealForm.initial_for(shown, rules)
