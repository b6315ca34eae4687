"""The secret link of a table, printed as the QR code of its score sheet.

The link is the table's current `entry_key`: 96 random bits, unique, that
nobody can guess or derive; it reaches that one table only, a new key
(revocation) kills it, and the services refuse it once the partie is closed.
It names no database id and needs no server secret, so a tournament
restored from a backup on another laptop answers the QR codes already
printed. Links printed before (the key signed with the site's secret) are
still read. Nothing else is in the link; the teams' confirmation codes stay
on paper."""

from __future__ import annotations

import re

from django.core import signing
from django.urls import reverse

from tournaments.models import Table

SALT = "tournaments.table-entry"
#: What a link's token is made of: a key, or a signed key of older sheets.
TOKEN = re.compile(r"[A-Za-z0-9_.:-]{1,200}")


def entry_token(table: Table) -> str:
    return table.entry_key


def entry_path(table: Table) -> str:
    return reverse("tournaments:table_side", args=[entry_token(table)])


def table_for_token(token: str, *, teams: bool = False) -> Table | None:
    """The table a link opens, or None for a forged, damaged or revoked one;
    with `teams`, its teams and their players come in the same query."""
    key = token
    # Nothing else can be a link (nor reach the database: a NUL byte would fail there).
    if not TOKEN.fullmatch(token):
        return None
    if ":" in token:  # a link printed when keys were signed
        try:
            data = signing.loads(token, salt=SALT)
        except signing.BadSignature:
            return None
        key = data.get("k") if isinstance(data, dict) else None
    # Its partie and tournament come with it: every screen of the link needs
    # them. The team names, shown by the full page only, come with it for
    # that page (`teams`); a save from the grid does not pay for them.
    related = ["round__tournament"]
    if teams:
        related += [f"team_{side}__player{n}" for side in "ab" for n in (1, 2)]
    try:
        return Table.objects.select_related(*related).get(entry_key=str(key or "-"))
    except Table.DoesNotExist:
        return None
