"""The phone's waiting deals sent at once when the hall's server comes back
(static/js/outbox.js): one request for the deals the outbox kept, each
checked by the same form as a single deal (views/table_side.table_side_deal)
and recorded in order with the table version it was first sent with, so
that a batch sent again records nothing twice. The batch is one
transaction, its new deals scored together (services/deal_batches.py):
that is what the server's return costs when 40 phones send what they kept.

It stops at the first deal refused and says how many were recorded; the
phone then sends that deal alone, and shows the refusal in the row as it
does for a single one. Answers JSON: {"saved": n, "version": v}.
"""

from __future__ import annotations

import json
from typing import Any

from django.http import HttpRequest, HttpResponse, JsonResponse, QueryDict
from django.views.decorators.http import require_POST

from tournaments.forms.entry import DealForm
from tournaments.models import Table
from tournaments.services import deal_batches
from tournaments.views.table_side import note_contact, side_of, with_table

MOST = 50  # deals in one batch: what a phone could keep during a long outage


def _entries(raw: str) -> list[tuple[list[tuple[str, str]], int]] | None:
    """The batch as sent, or None when it is not one (nothing is recorded)."""
    try:
        data: Any = json.loads(raw)
    except ValueError:
        return None
    if not isinstance(data, list) or not 0 < len(data) <= MOST:
        return None
    out = []
    for entry in data:
        if not isinstance(entry, dict):
            return None
        fields, version = entry.get("fields"), entry.get("version")
        if type(version) is not int or not isinstance(fields, list) or len(fields) > 40:
            return None
        pairs = []
        for pair in fields:
            if not (isinstance(pair, list) and len(pair) == 2):
                return None
            if not all(isinstance(part, str) and len(part) <= 200 for part in pair):
                return None
            pairs.append((pair[0], pair[1]))
        out.append((pairs, version))
    return out


@require_POST
@with_table
def table_side_batch(request: HttpRequest, token: str, table: Table) -> HttpResponse:
    side = side_of(request, table)
    if side is None:
        return JsonResponse({"saved": 0, "version": table.version}, status=403)
    entries = _entries(request.POST.get("entries", ""))
    if entries is None:
        return JsonResponse({"saved": 0, "version": table.version}, status=400)
    rules = table.round.tournament.rule_profile
    checked = []
    for fields, version in entries:
        data = QueryDict(mutable=True)
        for name, value in fields:
            if name != "version":
                data.appendlist(name, value)
        data["version"] = str(version)
        form = DealForm(data, rules=rules)
        if not form.is_valid():
            break  # the deals before it are recorded; the phone sends it alone
        checked.append(
            (form.deal_values(), form.cleaned_data["version"], form.cleaned_data["number"])
        )
    saved, table = deal_batches.record_table_deals(table=table, side=side, entries=checked)
    # The header counts the batch too (static/js/outbox.js): what arrived
    # no longer waits, what was not recorded still does.
    note_contact(request, table, adjust=-saved)
    response = JsonResponse({"saved": saved, "version": table.version})
    if saved:
        response["HX-Trigger"] = "dealSaved"
    return response
