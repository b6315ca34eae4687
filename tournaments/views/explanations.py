"""The arbiter's printout of one table: « Explication des marques » (PDF).

Only the tournament's owner and co-organizers reach it, like the desk's
table screen it sits next to. The view finds the table and wraps the bytes
of `tournaments.pdf.explanations`; it computes nothing itself.
"""

from __future__ import annotations

from django.contrib.auth.decorators import login_required
from django.http import HttpRequest, HttpResponse

from tournaments.pdf.explanations import table_explanations
from tournaments.views.common import _managed, _pdf, _table


@login_required
def table_explanations_pdf(
    request: HttpRequest, slug: str, number: int, table: int
) -> HttpResponse:
    tbl = _table(_managed(request, slug), number, table)
    return _pdf(table_explanations(tbl), f"explications-partie-{number}-table-{table}.pdf")
