"""The hall's printed helps: the poster for the wall and the paper fallback kit.

Thin: each view checks who asks, reads the address phones use
(tournaments/infra/address.py) and wraps the PDF of tournaments/pdf/hall.py.
"""

from __future__ import annotations

from django.contrib.auth.decorators import login_required
from django.http import HttpRequest, HttpResponse

from tournaments.infra import address
from tournaments.views.common import managed_tournament, pdf_response, round_of


@login_required
def hall_poster_pdf(request: HttpRequest, slug: str) -> HttpResponse:
    """The poster: the Wi-Fi's name and password come from the form that
    links here (nothing is stored: it is the hall's, not the tournament's)."""
    # Imported here: reportlab loads only when a PDF is asked for (tests/test_startup_imports.py).
    from tournaments.pdf import hall as hall_pdf

    tournament = managed_tournament(request, slug)
    data = hall_pdf.poster(
        tournament,
        public_url=address.public_address(request).url,
        wifi=request.GET.get("wifi", "")[:64],
        password=request.GET.get("password", "")[:64],
    )
    return pdf_response(data, "affiche-salle.pdf")


@login_required
def round_fallback_pdf(request: HttpRequest, slug: str, number: int) -> HttpResponse:
    from tournaments.pdf import hall as hall_pdf

    rnd = round_of(managed_tournament(request, slug), number)
    data = hall_pdf.fallback_kit(rnd, public_url=address.public_address(request).url)
    return pdf_response(data, f"secours-papier-partie-{number}.pdf")
