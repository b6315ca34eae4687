"""The audit trail in a backup: each change's action one the app knows
(its list is in code, not in the column's choices), its table among the
file's, its author a short text and its time a time. Must not: trust a
reference the file makes.
"""

from __future__ import annotations

from typing import Any

from django.utils.translation import gettext as _

from tournaments.models import Change
from tournaments.models.audit import action_label
from tournaments.services.backup.document import CHANGE_FIELDS, refusal_at
from tournaments.services.backup.rows import Ids, check_rows, field_label, moment, place, ref


def check_changes(rows: list[Any], tables: Ids) -> list[dict[str, Any]]:
    changes = check_rows(rows, "changes", Change, CHANGE_FIELDS)
    for i, (change, row) in enumerate(zip(changes, rows, strict=True)):
        where = place("changes", i)
        if action_label(change["action"]) is None:
            # The list of actions is in code, not in the column's choices.
            raise refusal_at(
                f"{where}, {field_label(Change, 'action')}",
                _("action inconnue : « %(action)s »") % {"action": change["action"]},
            )
        ref(change, "table_id", tables, where, Change, null=True)
        by = row.get("by")
        if by is not None and (not isinstance(by, str) or len(by) > 150):
            raise refusal_at(where, _("l'auteur d'une modification est illisible"))
        change["by"] = by
        change["at"] = moment(change["at"], where)
    return changes
