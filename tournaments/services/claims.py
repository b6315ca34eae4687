"""The claims window of a partie: closed by hand, and what a correction made
after it would have changed (issue 27: results become final).

A correction of a final partie is not refused — a mistake found late must
still be put right — but it asks for confirmation and names the later
draws the corrected results would have changed: each later partie's draw
is replayed from the concours file (tournaments/checker) with the
correction applied in a transaction rolled back, and compared with the
tables actually drawn.
"""

from __future__ import annotations

from collections.abc import Callable
from typing import Any

from django.db import transaction
from django.utils import timezone
from django.utils.translation import gettext as _
from django.utils.translation import ngettext

from tournaments.checker import replay
from tournaments.domain import pairing, pools
from tournaments.models import Change, Round, Table
from tournaments.queries.claims import round_claims
from tournaments.queries.concours_file import concours_file
from tournaments.services.audit import log_change
from tournaments.services.errors import TournamentError


@transaction.atomic
def close_claims(*, round: Round, by=None) -> Round:
    """The organizer ends a partie's claims now: its results are final."""
    rnd = Round.objects.select_for_update().select_related("tournament").get(pk=round.pk)
    if rnd.status != Round.Status.CLOSED:
        raise TournamentError(_("Cette partie n'est pas close : ses résultats se jouent encore."))
    if round_claims(rnd).final:
        raise TournamentError(_("Les réclamations de cette partie sont déjà closes."))
    rnd.claims_closed_at = timezone.now()
    rnd.save(update_fields=["claims_closed_at"])
    log_change(rnd.tournament_id, Change.Action.CLAIMS_CLOSED, by=by, after={"round": rnd.number})
    return rnd


class _DryRun(Exception):
    def __init__(self, doc: dict[str, Any]) -> None:
        super().__init__("dry run")
        self.doc = doc


def later_draws_changed(table: Table, apply: Callable[[], Any]) -> list[int]:
    """The later parties whose draw the change `apply` makes to `table`
    would have changed, without keeping the change."""
    tournament = table.round.tournament
    try:
        with transaction.atomic():
            apply()
            raise _DryRun(concours_file(tournament))
    except _DryRun as dry:
        doc = dry.doc
    table.refresh_from_db()
    if replay.is_melee(doc):
        return []
    changed = []
    for rnd in doc["rounds"]:
        if rnd["number"] <= table.round.number or rnd["draw"]["kind"] == "bracket":
            continue
        try:
            pairs, byes, _numbers = replay.expected_draw(doc, rnd)
        except (pairing.DrawError, pools.PoolError, ValueError, KeyError):
            continue
        drawn = {frozenset((t["a"], t["b"])) for t in rnd["tables"]}
        if {frozenset(p) for p in pairs} != drawn or set(byes) != set(rnd["byes"]):
            changed.append(rnd["number"])
    return changed


def check_final(table: Table, after_claims: bool, apply: Callable[[], Any]) -> None:
    """Refuse, with the later draws named, a change to a final partie not
    confirmed (`after_claims`); `apply` makes the change (for the dry run)."""
    if after_claims or not round_claims(table.round).final:
        return
    changed = later_draws_changed(table, apply)
    said = _("Les résultats de cette partie sont définitifs : le délai de réclamation est passé.")
    if changed:
        names = ", ".join(str(n) for n in changed)
        said += " " + ngettext(
            "Cette correction aurait changé le tirage de la partie %(names)s.",
            "Cette correction aurait changé le tirage des parties %(names)s.",
            len(changed),
        ) % {"names": names}
    else:
        said += " " + _("Elle n'aurait changé aucun tirage suivant.")
    said += " " + _("Cochez « Corriger quand même » pour confirmer.")
    raise TournamentError(said, field="after_claims")
