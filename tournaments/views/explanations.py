"""The arbiter's printout of one table: « Explication des marques » (PDF).

Only the tournament's owner and co-organizers reach it, like the desk's
table screen it sits next to. The view finds the table and wraps the bytes
of `tournaments.pdf.explanations`; it computes nothing itself.
"""

from __future__ import annotations

from django.contrib.auth.decorators import login_required
from django.http import HttpRequest, HttpResponse

from tournaments.views.common import managed_tournament, pdf_response, table_of


@login_required
def table_explanations_pdf(
    request: HttpRequest, slug: str, number: int, table: int
) -> HttpResponse:
    # Imported here: reportlab loads only when a PDF is asked for (tests/test_startup_imports.py).
    from tournaments.pdf.explanations import table_explanations

    tbl = table_of(managed_tournament(request, slug), number, table)
    return pdf_response(table_explanations(tbl), f"explications-partie-{number}-table-{table}.pdf")
