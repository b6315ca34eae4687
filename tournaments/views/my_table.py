"""« Ma table »: the page that asks a team's code and opens its table's page
(issue 60, item 1). The desk's QR code after a takeover, the home and
« Où je joue ? » lead here: the one path a phone without its table's link
can follow. The view checks the form, asks services/my_table.py for the
table, keeps the side in the session as the table's page does, and goes
there; it shows nothing of a table before its code was given."""

from __future__ import annotations

from django.contrib import messages
from django.http import HttpRequest, HttpResponse
from django.shortcuts import redirect, render
from django.utils.translation import gettext as _
from django.views.decorators.cache import never_cache
from django.views.decorators.http import require_http_methods

from tournaments.display.labels import side_label
from tournaments.forms.table_side import EntryCodeForm
from tournaments.infra import links
from tournaments.models import Tournament
from tournaments.services import my_table
from tournaments.services.errors import TournamentError
from tournaments.views.common import client_address
from tournaments.views.table_side import remember_code


def _tournament(slug: str) -> Tournament | None:
    """The concours « Où je joue ? » came from (the search stays within
    it), or None: any concours of this server."""
    return Tournament.objects.filter(slug=slug[:120]).first() if slug else None


@never_cache
@require_http_methods(["GET", "POST"])
def my_table_page(request: HttpRequest) -> HttpResponse:
    slug = (request.POST.get("t") or request.GET.get("t") or "").strip()
    form = EntryCodeForm(request.POST or None)
    form.fields["code"].widget.attrs["autofocus"] = True  # the one thing this page asks
    status = 200
    if request.method == "POST":
        status = 422
        if form.is_valid():
            try:
                found = my_table.find_my_table(
                    code=form.cleaned_data["code"],
                    client=client_address(request),
                    tournament=_tournament(slug),
                )
            except TournamentError as error:
                form.add_error("code", error.message)
            else:
                table = found.table
                remember_code(request, table, found.side, answering=found.answering)
                said = {"n": table.number, "side": side_label(found.side)}
                if found.answering:
                    message = _(
                        "Table %(n)s, %(side)s : l'autre équipe saisit. Confirmez ses donnes "
                        "une à une (« D'accord ») ou toutes à la fin."
                    )
                else:
                    message = _("Table %(n)s, %(side)s : saisissez vos donnes.")
                messages.success(request, message % said)
                return redirect(links.entry_path(table))
    return render(request, "tournaments/my_table.html", {"form": form, "slug": slug}, status=status)
