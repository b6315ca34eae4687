"""The claims window of a partie: closed by hand, and what a correction made
after it would have changed (issue 27: results become final).

A correction of a final partie is not refused — a mistake found late must
still be put right — but it asks for confirmation and names the later
draws the corrected results would have changed. The correcting service
calls `check_final` once the correction is written, inside its own
transaction: each later partie's draw is replayed from the concours file
(checker/) as it now stands and compared with the tables drawn;
the refusal then rolls the whole correction back.
"""

from __future__ import annotations

from django.db import transaction
from django.utils import timezone
from django.utils.translation import gettext as _
from django.utils.translation import ngettext

from checker import replay
from tournaments import hooks
from tournaments.domain import pairing, pools
from tournaments.models import Change, Round, Table, Tournament
from tournaments.queries.claims import round_claims
from tournaments.queries.concours_file import concours_file
from tournaments.services.audit import Actor, log_change
from tournaments.services.errors import TournamentError


@transaction.atomic(durable=True)
def close_claims(*, round: Round, by: Actor | None = None) -> Round:
    """The organizer ends a partie's claims now: its results are final."""
    rnd = Round.objects.select_for_update().select_related("tournament").get(pk=round.pk)
    if rnd.status != Round.Status.CLOSED:
        raise TournamentError(_("Cette partie n'est pas close : ses résultats se jouent encore."))
    if round_claims(rnd).final:
        raise TournamentError(_("Les réclamations de cette partie sont déjà closes."))
    rnd.claims_closed_at = timezone.now()
    rnd.save(update_fields=["claims_closed_at"])
    log_change(rnd.tournament_id, Change.Action.CLAIMS_CLOSED, by=by, after={"round": rnd.number})
    # The last claims closed: a league's stage sends its qualified teams.
    hooks.announce(hooks.TOURNAMENT_FINAL, tournament=rnd.tournament, by=by)
    return rnd


def later_draws_changed(tournament: Tournament, after: int) -> list[int]:
    """The parties after partie `after` whose draw, replayed from the
    tournament as it stands, differs from the tables drawn."""
    doc = concours_file(tournament)
    if replay.is_melee(doc):
        return []
    changed = []
    for rnd in doc["rounds"]:
        if rnd["number"] <= after or rnd["draw"]["kind"] == "bracket":
            continue
        try:
            expected = replay.expected_draw(doc, rnd)
        except (pairing.DrawError, pools.PoolError):
            continue  # a draw the rules cannot make again: nothing to compare
        pairs, byes, _numbers = expected
        drawn = {frozenset((t["a"], t["b"])) for t in rnd["tables"]}
        if {frozenset(p) for p in pairs} != drawn or set(byes) != set(rnd["byes"]):
            changed.append(rnd["number"])
    return changed


def check_final(table: Table, *, corrected: bool, after_claims: bool) -> None:
    """Refuse, with the later draws named, a correction (`corrected`) of a
    final partie not confirmed (`after_claims`). Called once the correction
    is written, in its transaction, which the refusal rolls back."""
    if not corrected or after_claims or not round_claims(table.round).final:
        return
    changed = later_draws_changed(table.round.tournament, table.round.number)
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
