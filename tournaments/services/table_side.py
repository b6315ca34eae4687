"""Table-side entry, from the QR code of the score sheet.

One team enters its table's deals with its code; the other team confirms
with its own code, or gives its own totals, which flags the table as
disputed for the organizer, who validates it. Any change of the deals after
a confirmation asks for a new one.

A code is 8 digits, handed to its team alone (the coupons of the sheets'
PDF), the team's code for the whole concours: each draw copies it onto the
team's table, and it opens nothing once the team has withdrawn. Guessing
is bounded per table: at most `MAX_WRONG_CODES` wrong codes in
`CODES_WINDOW`, counted in the database (tournaments/infra/throttle.py) so that
every worker counts the same; then the table's codes are refused until the
window has passed or the organizer renews the link, which renews both codes.

Deals go through `scores.write_deal`, as the organizer's do: this module
only decides who may enter and confirm. It must not score anything itself,
and `scores` must never import it.
"""

from __future__ import annotations

import datetime
import secrets
import unicodedata
from collections.abc import Mapping
from typing import Any

from django.db import transaction
from django.db.models import Q
from django.utils import timezone
from django.utils.translation import gettext as _
from django.utils.translation import ngettext

from tournaments.display.labels import side_label
from tournaments.infra import throttle
from tournaments.models import Change, Deal, Round, Table, Team, new_entry_key
from tournaments.services.audit import Actor, log_change
from tournaments.services.errors import AnswerExpected, CodesLocked, TournamentError
from tournaments.services.scores import write_deal
from tournaments.services.table_versions import ensure_published, lock_table

MAX_WRONG_CODES = 10
CODES_WINDOW = 15 * 60


def check_link_open(table: Table) -> None:
    if table.is_bye:
        raise TournamentError(_("L'équipe exempte ne joue pas : rien à saisir."))
    ensure_published(table.round)
    if table.round.status == Round.Status.CLOSED:
        raise TournamentError(
            _("Cette partie est close : le lien de la table ne sert plus. Voyez l'organisateur.")
        )


def normalise_code(code: str) -> str:
    """A code as typed on any keyboard: digits of any script (٣, ３…) become
    ASCII digits, spaces and dashes (« 4821 0937 », « 4821-0937 ») go;
    anything else is kept (and will not match)."""
    digits = "".join(
        str(unicodedata.decimal(ch)) if unicodedata.decimal(ch, None) is not None else ch
        for ch in code
        if not ch.isspace() and unicodedata.category(ch) != "Pd"
    )
    return digits.encode("ascii", "replace").decode("ascii")


def _codes_key(table: Table) -> str:
    return f"table-codes:{table.pk}"


def codes_locked_until(table: Table) -> datetime.datetime | None:
    """When the table's codes are accepted again, if they are refused now."""
    if table.codes_locked_at is None:
        return None
    until = table.codes_locked_at + datetime.timedelta(seconds=CODES_WINDOW)
    return until if until > timezone.now() else None


def _codes_locked() -> CodesLocked:
    return CodesLocked(
        _(
            "Trop de codes faux sur cette table : attendez %(minutes)s minutes "
            "ou appelez l'organisateur."
        )
        % {"minutes": CODES_WINDOW // 60},
        field="code",
    )


def _lock_codes(table: Table) -> None:
    """Refuses the table's codes from now on, and says so once in its
    history: of concurrent requests tripping the limit, only the one whose
    update found the table unlocked writes the line."""
    now = timezone.now()
    expired = now - datetime.timedelta(seconds=CODES_WINDOW)
    with transaction.atomic():
        locked = (
            Table.objects.filter(pk=table.pk)
            .filter(Q(codes_locked_at__isnull=True) | Q(codes_locked_at__lte=expired))
            .update(codes_locked_at=now)
        )
        if locked:
            log_change(
                table.round.tournament_id,
                Change.Action.CODES_LOCKED,
                table=table,
                after={"wrong": MAX_WRONG_CODES, "minutes": CODES_WINDOW // 60},
            )


def withdrawn_sides(table: Table) -> set[str]:
    """The sides of `table` whose team has withdrawn since."""
    gone = set(
        Team.objects.filter(
            pk__in=[table.team_a_id, table.team_b_id], status=Team.Status.WITHDRAWN
        ).values_list("pk", flat=True)
    )
    return {side for side, team in (("A", table.team_a_id), ("B", table.team_b_id)) if team in gone}


def _side_for_code(table: Table, code: str) -> str:
    """The side whose code this is, or a refusal.

    The attempt is counted before the comparison and taken back when the
    code is right: a code is compared only when the attempts counted,
    this one included, are at most `MAX_WRONG_CODES`, and wrong ones are
    never taken back, so however many guesses race, at most
    `MAX_WRONG_CODES` wrong codes are compared per table in any
    `CODES_WINDOW`. Must run outside a transaction (throttle.attempt)."""
    if codes_locked_until(table):
        raise _codes_locked()
    count, attempt = throttle.attempt(_codes_key(table), window=CODES_WINDOW)
    if count > MAX_WRONG_CODES:
        throttle.discount(attempt)
        _lock_codes(table)
        raise _codes_locked()
    code = normalise_code(code)
    withdrawn = withdrawn_sides(table)
    for side, expected in (("A", table.code_a), ("B", table.code_b)):
        if code and secrets.compare_digest(code, expected):
            if side in withdrawn:
                # A code of the day outlives its partie: once its team
                # withdrew it opens nothing (the try stays counted).
                raise TournamentError(
                    _("Ce code est celui d'une équipe qui a déclaré forfait : il ne sert plus."),
                    field="code",
                )
            throttle.discount(attempt)
            return side
    left = MAX_WRONG_CODES - count
    if left <= 0:
        # the last try went: the table is refused from now on, and says so
        _lock_codes(table)
        raise TournamentError(
            _("Code incorrect : plus aucun essai.") + " " + _codes_locked().message, field="code"
        )
    raise TournamentError(
        ngettext(
            "Code incorrect : encore %(left)s essai.",
            "Code incorrect : encore %(left)s essais.",
            left,
        )
        % {"left": left},
        field="code",
    )


def claim_entry(*, table: Table, code: str) -> str:
    """The side whose code this is (the team that will enter the deals)."""
    check_link_open(table)
    side = _side_for_code(table, code)
    if table.entered_by and table.entered_by != side:
        raise AnswerExpected(
            _("L'autre équipe saisit déjà cette table : à vous de confirmer à la fin."),
            side=side,
        )
    return side


@transaction.atomic(durable=True)
def record_table_deal(
    *,
    table: Table,
    side: str,
    values: Mapping[str, Any],
    expected_version: int | None,
    number: int | None = None,
) -> Deal:
    """A deal entered from the table's link by the team on `side`: the next
    one, or deal `number` corrected, until the other team has answered.

    `expected_version` is required: a phone that lost the answer and sends
    the same form again gets the deal it recorded, and nothing is written
    (scores.write_deal knows the post); another post made on an older
    version is refused."""
    return record_on_locked(
        lock_table(table),
        side=side,
        values=values,
        expected_version=expected_version,
        number=number,
    )


def record_on_locked(
    locked: Table,
    *,
    side: str,
    values: Mapping[str, Any],
    expected_version: int | None,
    number: int | None,
) -> Deal:
    """`record_table_deal` on a table its caller locked."""
    check_link_open(locked)
    if locked.entered_by and locked.entered_by != side:
        raise TournamentError(_("L'autre équipe saisit cette table."))
    if expected_version is None:
        raise TournamentError(
            _("Formulaire incomplet : rechargez la page de la table."), field="version"
        )
    reason = _("saisie à la table (%(side)s)") % {"side": side_label(side)}
    if locked.version != expected_version:
        # The same post again (its deal is returned, nothing is written) or
        # one made on an older version (refused): write_deal tells them apart.
        return write_deal(
            locked,
            values=values,
            number=number,
            expected_version=expected_version,
            reason=reason,
        )
    if number is not None and locked.entry_state not in (
        Table.EntryState.EMPTY,
        Table.EntryState.ENTERED,
    ):
        raise TournamentError(
            _("L'autre équipe a déjà répondu : seul l'organisateur peut corriger."),
            field="taker",
        )
    # The deals are this side's entry, and any answer of the other team lapses
    # (an empty or confirmed table becomes « entered » in write_deal), written
    # with the deal's totals.
    locked.entered_by, locked.claimed_totals = side, None
    if locked.entry_state not in (Table.EntryState.EMPTY, Table.EntryState.CONFIRMED):
        locked.entry_state = Table.EntryState.ENTERED
    return write_deal(
        locked,
        values=values,
        number=number,
        expected_version=expected_version,
        reason=reason,
        also_update=("entered_by", "claimed_totals"),
    )


def side_for_code(*, table: Table, code: str) -> str:
    """The side whose code this is (counted against the table's tries)."""
    check_link_open(table)
    return _side_for_code(table, code)


def confirm_table(
    *,
    table: Table,
    code: str = "",
    side: str | None = None,
    totals: tuple[int, int] | None = None,
    expected_version: int | None = None,
) -> Table:
    """The other team's answer: no totals (or the same) confirms; different
    totals mark the table as disputed, for the organizer to settle.

    With `expected_version`, the answer covers the deals that team saw: a
    deal changed meanwhile refuses it. The same answer given again (a phone
    that lost the reply sends the form twice) changes nothing and is
    answered as the first. The code is checked first, outside the
    transaction, so that a wrong one is counted even though the answer is
    refused. A `side` instead of a code is a side this phone proved with
    its right code before (kept in its session): it answers without a new
    check, even once the table's codes are refused."""
    check_link_open(table)
    if side is None:
        side = _side_for_code(table, code)
    return _answer_table(table=table, side=side, totals=totals, expected_version=expected_version)


@transaction.atomic(durable=True)
def _answer_table(
    *, table: Table, side: str, totals: tuple[int, int] | None, expected_version: int | None
) -> Table:
    table = (
        Table.objects.select_for_update(of=("self",))
        .select_related("round__tournament")
        .get(pk=table.pk)
    )
    check_link_open(table)
    if not table.entered_by:
        raise TournamentError(_("Rien n'a encore été saisi à cette table."))
    if side == table.entered_by:
        raise TournamentError(
            _("La confirmation revient à l'autre équipe, avec son propre code."), field="code"
        )
    if expected_version is not None and table.version != expected_version:
        raise TournamentError(
            _("Les donnes ont changé depuis : relisez les totaux avant de répondre."),
            field="version",
        )
    if table.status != Table.Status.COMPLETE:
        raise TournamentError(_("La partie de cette table n'est pas terminée."))
    if totals is None or tuple(totals) == (table.total_a, table.total_b):
        state, claimed = Table.EntryState.CONFIRMED, None
    else:
        state = Table.EntryState.DISPUTED
        claimed = {"by": side, "totals": [int(totals[0]), int(totals[1])]}
    if (table.entry_state, table.claimed_totals, table.settled_by) == (state, claimed, side):
        return table  # the same answer again: already recorded
    table.entry_state, table.claimed_totals, table.settled_by = state, claimed, side
    table.save(update_fields=["entry_state", "claimed_totals", "settled_by"])
    confirmed = table.entry_state == Table.EntryState.CONFIRMED
    log_change(
        table.round.tournament_id,
        Change.Action.TABLE_CONFIRMED if confirmed else Change.Action.TABLE_DISPUTED,
        table=table,
        reason=side_label(side),
        after={"state": table.entry_state, "claimed": table.claimed_totals},
    )
    return table


@transaction.atomic(durable=True)
def validate_table(*, table: Table, by: Actor | None = None) -> Table:
    """The organizer settles a table (entered or disputed) as it stands; a
    table the desk validated already stays as it is (a post sent twice)."""
    table = Table.objects.select_for_update(of=("self",)).get(pk=table.pk)
    if not table.deals.exists() and table.status != Table.Status.COMPLETE:
        raise TournamentError(_("Rien n'a encore été saisi à cette table."))
    if (table.entry_state, table.settled_by) == (Table.EntryState.CONFIRMED, Table.DESK):
        return table
    before = {"state": table.entry_state, "claimed": table.claimed_totals}
    table.entry_state = Table.EntryState.CONFIRMED
    table.settled_by = Table.DESK
    table.save(update_fields=["entry_state", "settled_by"])
    log_change(
        table.round.tournament_id,
        Change.Action.TABLE_VALIDATED,
        by=by,
        table=table,
        before=before,
        after={"state": table.entry_state},
    )
    return table


@transaction.atomic(durable=True)
def revoke_entry_link(*, table: Table, by: Actor | None = None) -> Table:
    """A new key and two new codes: the printed QR code and coupons stop
    working (reprint the sheet and its coupons), and a table whose codes
    were refused after too many wrong ones is open again. The new codes
    become the two teams' codes of the day (issue 38): the reprinted
    coupons serve for the next parties too."""
    table = Table.objects.select_for_update(of=("self",)).get(pk=table.pk)
    unlocked = codes_locked_until(table) is not None
    table.entry_key = new_entry_key()
    teams = [t for t in (table.team_a_id, table.team_b_id) if t is not None]
    others = Team.objects.filter(tournament_id=table.round.tournament_id).exclude(pk__in=teams)
    table.renew_codes()
    while others.filter(code__in=[table.code_a, table.code_b]).exists():
        table.renew_codes()
    table.codes_locked_at = None
    table.save(update_fields=["entry_key", "code_a", "code_b", "codes_locked_at"])
    for team, code in ((table.team_a_id, table.code_a), (table.team_b_id, table.code_b)):
        if team is not None:
            Team.objects.filter(pk=team).update(code=code)
    throttle.forget(_codes_key(table))
    log_change(
        table.round.tournament_id,
        Change.Action.LINK_REVOKED,
        by=by,
        table=table,
        after={"codes": "renewed", "unlocked": unlocked},
    )
    return table


@transaction.atomic(durable=True)
def confirm_deal(*, table: Table, side: str, number: int) -> Deal:
    """The other team ticks deal `number` as it stands, deal by deal (it may
    also wait and answer for the whole table at the end). A deal ticked
    already stays so (a post sent twice); one changed since is unticked by
    `write_deal`."""
    table = lock_table(table)
    check_link_open(table)
    if not table.entered_by or side == table.entered_by:
        raise TournamentError(
            _("La confirmation revient à l'autre équipe, avec son propre code."), field="code"
        )
    deal = table.deals.filter(number=number).first()
    if deal is None:
        raise TournamentError(_("Cette donne n'existe pas."))
    if not deal.confirmed:
        Deal.objects.filter(pk=deal.pk).update(confirmed=True)
        deal.confirmed = True
        log_change(
            table.round.tournament_id,
            Change.Action.DEAL_CONFIRMED,
            table=table,
            reason=side_label(side),
            after={"number": number},
        )
    return deal


@transaction.atomic(durable=True)
def confirm_deals(*, table: Table, side: str, up_to: int, expected_version: int | None) -> int:
    """The other team's « Tout confirmer »: every deal up to `up_to` (the
    last one its screen showed), ticked at once, each once; the number of
    deals ticked now. Refused whole, nothing ticked, when the table changed
    since the screen was read (a deal corrected or added: `expected_version`)
    or when a deal shown is gone. A retry ticks nothing more and logs nothing."""
    table = lock_table(table)
    check_link_open(table)
    if not table.entered_by or side == table.entered_by:
        raise TournamentError(
            _("La confirmation revient à l'autre équipe, avec son propre code."), field="code"
        )
    deals = list(table.deals.filter(number__lte=up_to).order_by("number"))
    if expected_version is not None and expected_version != table.version:
        raise TournamentError(
            _("Les donnes ont changé depuis votre lecture : relisez-les, puis confirmez.")
        )
    if len(deals) != up_to or up_to < 1:
        raise TournamentError(_("Cette donne n'existe pas."))
    ticked = [deal for deal in deals if not deal.confirmed]
    Deal.objects.filter(pk__in=[deal.pk for deal in ticked]).update(confirmed=True)
    for deal in ticked:
        log_change(
            table.round.tournament_id,
            Change.Action.DEAL_CONFIRMED,
            table=table,
            reason=side_label(side),
            after={"number": deal.number},
        )
    return len(ticked)
