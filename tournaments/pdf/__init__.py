"""The tournament's printed documents: score sheets, table plan, ranking,
results of a partie.

One module per document (`sheets`, `plan`, `ranking`, `results`), the score
sheet's deal grid in `grid`, the QR code in `qr` and what they share in
`base`, whose `build` is the one way a document becomes bytes. Each renderer
takes model objects, reads what it needs in a fixed number of queries
whatever the size of the tournament, and returns the PDF as bytes: the view
only wraps them in a response.

Nothing here writes to the database or computes a score: the marques and the
totals are read as `scoring` (through the services) stored them, and the
ranking comes from `tournaments.domain.standings`; the labels of the game's values
(sides, contracts, ranks, numbers, dates) and the ranking's columns come from
`tournaments.display`. Every word goes through gettext: a document is printed
in the active language (the request's, since the views build it inside the
request); only the rules summary stays French for now (`base.rule_summary`).

The prize-giving's palmarès and lot labels are in `prizes`.

Besides the four documents and `FontMissing`, the package re-exports the few
private helpers that the tests and the benchmark reach for.
"""

from tournaments.pdf.base import FontMissing, register_fonts
from tournaments.pdf.plan import table_plan
from tournaments.pdf.prizes import lot_labels, palmares
from tournaments.pdf.qr import qr_path
from tournaments.pdf.ranking import ranking
from tournaments.pdf.results import round_results
from tournaments.pdf.sheets import score_sheets

__all__ = [
    "FontMissing",
    "lot_labels",
    "palmares",
    "qr_path",
    "ranking",
    "register_fonts",
    "round_results",
    "score_sheets",
    "table_plan",
]
