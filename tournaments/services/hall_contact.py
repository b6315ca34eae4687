"""The hall's network as the desk sees it: each phone of a table says, on
each save and on its regular call, how many entries are still waiting on it
to be sent (typed while the Wi-Fi was down). The desk's list of tables shows
when each table last reached the server and which have gone quiet.

Bookkeeping, not a change of the table: no version, no audit line, and the
table row's other columns are never written (an UPDATE of these two
columns only, so a save in progress is never overwritten). Writes at most
once every `EVERY` per table unless what the phone says changed."""

from __future__ import annotations

import datetime

from django.utils import timezone

from tournaments.models import Table

#: A phone calls every 15 s: a table's row is written at most this often.
EVERY = datetime.timedelta(seconds=30)
#: What a phone may say it keeps (more is read as this much).
MOST_WAITING = 999


def note_phone_contact(
    *,
    table: Table,
    waiting: int,
    now: datetime.datetime | None = None,
    known: int | None = None,
) -> bool:
    """Records that a phone of `table` reached the server with `waiting`
    entries still to send; True when the row was written. `known`: the
    table's version the phone knew when it counted (its regular call). A
    count made before the table last changed is older than the save that
    changed it (a batch of deals in flight while the call left, recorded
    first, saying nothing waits): then only the contact is noted. Checked
    in the UPDATE itself, so a save committed meanwhile counts too."""
    now = now or timezone.now()
    waiting = max(0, min(int(waiting), MOST_WAITING))
    seen = table.phone_seen_at
    if seen is not None and waiting == table.phone_waiting and now - seen < EVERY:
        return False
    rows = Table.objects.filter(pk=table.pk)
    counted = rows if known is None else rows.filter(version__lte=known)
    if counted.update(phone_seen_at=now, phone_waiting=waiting):
        table.phone_seen_at, table.phone_waiting = now, waiting
    else:
        rows.update(phone_seen_at=now)
        table.phone_seen_at = now
    return True
