"""Prizes and special rankings at the organizer's: the list of lots of a
ranking and its rule, the swaps made by hand before printing, the
categories and who belongs to them.

Each use-case runs in one transaction with its line of the audit trail.
Which entrant takes which lot is never written: `tournaments.queries.awards`
computes it from the ranking each time, so a correction of a score moves
the lots with the ranking; only a swap made by hand is kept, stamped with
the ranking it was made on (see `awards`).

This module must not rank, score or register anyone: a team's categories
are set with the team (`registration` calls `set_entrant_categories`).
"""

from __future__ import annotations

from collections.abc import Iterable

from django.db import IntegrityError, transaction
from django.utils.translation import gettext as _

from tournaments.display import prizes as words
from tournaments.domain import prizes
from tournaments.domain.categories import club_key
from tournaments.domain.search import name_order
from tournaments.models import Category, Change, Lot, LotSwap, Player, PrizeRule, Team, Tournament
from tournaments.queries import awards
from tournaments.services.audit import Actor, log_change
from tournaments.services.errors import TournamentError


def _lines(lots: Iterable[Lot]) -> list[str]:
    return [prizes.lot_line(lot.name, lot.quantity, lot.value) for lot in lots]


def lots_text(lots: Iterable[Lot], *, last: bool) -> str:
    """A list of lots as the organizer's box shows it again."""
    return "\n".join(_lines(lot for lot in lots if lot.last == last))


def _locked(tournament: Tournament) -> Tournament:
    """The tournament, its row locked: one change of lots at a time."""
    return Tournament.objects.select_for_update().get(pk=tournament.pk)


def _prizes_on(tournament: Tournament, category: Category | None = None) -> None:
    """Refuse unless prizes are on (and, for a category, it is one of the
    tournament's special rankings, and they are on)."""
    if category is not None and (
        category.tournament_id != tournament.pk or not tournament.categories_enabled
    ):
        raise TournamentError(_("Classement spécial inconnu."), field="categories")
    if not tournament.prizes_enabled:
        raise TournamentError(
            _(
                "Les lots ne sont pas activés : cochez « Lots à gagner » dans les options "
                "du tournoi."
            )
        )


@transaction.atomic(durable=True)
def set_lots(
    *,
    tournament: Tournament,
    category: Category | None = None,
    lots: str,
    last: str = "",
    rule: str = PrizeRule.BY_RANK,
    top: int | None = None,
    by: Actor | None = None,
) -> list[Lot]:
    """Replace a ranking's list of lots (`lots`, one a line, in the order of
    rank; `last`, the lots for the last: the « lanterne rouge ») and its rule.
    Refused whole, each faulty line named, when a line cannot be read."""
    tournament = _locked(tournament)
    _prizes_on(tournament, category)
    if rule not in PrizeRule.values:
        raise TournamentError(_("Règle d'attribution inconnue."), field="rule")
    if rule == PrizeRule.TOP and (top is None or top < 1):
        raise TournamentError(_("Indiquez combien de premiers sont primés."), field="top")
    by_rank, errors = prizes.parse_lots(lots)
    if errors:
        raise TournamentError(words.lines_refused(errors), field="lots")
    for_last, errors = prizes.parse_lots(last)
    if errors:
        raise TournamentError(words.lines_refused(errors), field="last")
    existing = Lot.objects.filter(tournament=tournament, category=category)
    before = {
        "lots": _lines(existing.filter(last=False)),
        "last": _lines(existing.filter(last=True)),
    }
    existing.delete()
    created = [
        Lot.objects.create(
            tournament=tournament,
            category=category,
            position=position,
            name=line.name,
            value=line.value,
            quantity=line.quantity,
            last=is_last,
        )
        for is_last, lines in ((False, by_rank), (True, for_last))
        for position, line in enumerate(lines, start=1)
    ]
    owner = category or tournament
    owner.prize_rule = rule
    if top:
        owner.prize_top = top
    owner.save(update_fields=["prize_rule", "prize_top"])
    log_change(
        tournament,
        Change.Action.LOTS_CHANGED,
        by=by,
        reason=words.ranking_title(category),
        before=before,
        after={
            "lots": _lines(lot for lot in created if not lot.last),
            "last": _lines(lot for lot in created if lot.last),
            "rule": rule,
            "top": owner.prize_top if rule == PrizeRule.TOP else None,
        },
    )
    return created


@transaction.atomic(durable=True)
def swap_lots(
    *,
    tournament: Tournament,
    category: Category | None = None,
    first: int,
    second: int,
    by: Actor | None = None,
) -> None:
    """Exchange the lots of two entrants of a ranking, by hand: kept while
    the ranking and the list stay as they are now."""
    tournament = _locked(tournament)
    _prizes_on(tournament, category)
    board = awards.board(tournament, category)
    if board.stale:
        raise TournamentError(
            _(
                "Des échanges faits avant un changement du classement attendent : gardez-les ou "
                "annulez-les d'abord."
            )
        )
    if first == second:
        raise TournamentError(_("Choisissez deux équipes différentes."), field="second")
    one, other = board.placing(first), board.placing(second)
    if one is None or other is None:
        raise TournamentError(_("Cette équipe n'est pas dans ce classement."), field="first")
    if one.lot is None and other.lot is None:
        raise TournamentError(
            _("Ni l'une ni l'autre n'a de lot : il n'y a rien à échanger."), field="second"
        )
    LotSwap.objects.create(
        tournament=tournament, category=category, first=first, second=second, stamp=board.stamp
    )
    log_change(
        tournament,
        Change.Action.LOTS_SWAPPED,
        by=by,
        reason=words.ranking_title(category),
        before={str(one.entrant): one.lot_name, str(other.entrant): other.lot_name},
        after={str(one.entrant): other.lot_name, str(other.entrant): one.lot_name},
    )


@transaction.atomic(durable=True)
def keep_swaps(
    *, tournament: Tournament, category: Category | None = None, by: Actor | None = None
) -> int:
    """Apply again, to the ranking as it is now, the swaps set aside when it
    changed; returns how many."""
    tournament = _locked(tournament)
    _prizes_on(tournament, category)
    board = awards.board(tournament, category)
    kept = LotSwap.objects.filter(pk__in=[s.pk for s in board.stale]).update(stamp=board.stamp)
    if kept:
        log_change(
            tournament,
            Change.Action.LOT_SWAPS_KEPT,
            by=by,
            reason=words.ranking_title(category),
            after={"swaps": kept},
        )
    return kept


@transaction.atomic(durable=True)
def clear_swaps(
    *, tournament: Tournament, category: Category | None = None, by: Actor | None = None
) -> int:
    """Forget every swap of a ranking: its lots go back to the rule's."""
    tournament = _locked(tournament)
    deleted, _details = LotSwap.objects.filter(tournament=tournament, category=category).delete()
    if deleted:
        log_change(
            tournament,
            Change.Action.LOT_SWAPS_CLEARED,
            by=by,
            reason=words.ranking_title(category),
            before={"swaps": deleted},
        )
    return deleted


# --- Categories ---------------------------------------------------------------------


def _checked_name(tournament: Tournament, name: str, *, exclude: int | None = None) -> str:
    name = " ".join(name.split())
    if not name:
        raise TournamentError(_("Donnez un nom à ce classement."), field="name")
    others = tournament.categories.exclude(pk=exclude) if exclude else tournament.categories.all()
    if any(club_key(c.name) == club_key(name) for c in others):
        raise TournamentError(
            _("Un classement « %(name)s » existe déjà.") % {"name": name}, field="name"
        )
    return name


def _checked_kind(kind: str) -> str:
    if kind not in Category.Kind.values:
        raise TournamentError(_("Sorte de classement inconnue."), field="kind")
    return kind


@transaction.atomic(durable=True)
def add_category(
    *, tournament: Tournament, name: str, kind: str, by: Actor | None = None
) -> Category:
    """A special ranking (« Meilleure équipe féminine »…): its teams are
    ticked on their forms, or, for a club ranking, each club's best team."""
    tournament = _locked(tournament)
    if not tournament.categories_enabled:
        raise TournamentError(
            _(
                "Les classements spéciaux ne sont pas activés : cochez-les dans les options "
                "du tournoi."
            )
        )
    name, kind = _checked_name(tournament, name), _checked_kind(kind)
    try:
        with transaction.atomic():
            category = Category.objects.create(tournament=tournament, name=name, kind=kind)
    except IntegrityError as exc:  # the same name typed at two desks at once
        raise TournamentError(
            _("Un classement « %(name)s » existe déjà.") % {"name": name}, field="name"
        ) from exc
    log_change(tournament, Change.Action.CATEGORY_ADDED, by=by, after={"name": name, "kind": kind})
    return category


@transaction.atomic(durable=True)
def update_category(
    *, category: Category, name: str, kind: str, by: Actor | None = None
) -> Category:
    tournament = _locked(category.tournament)
    before = {"name": category.name, "kind": category.kind}
    category.name = _checked_name(tournament, name, exclude=category.pk)
    category.kind = _checked_kind(kind)
    category.save(update_fields=["name", "kind"])
    log_change(
        tournament,
        Change.Action.CATEGORY_CHANGED,
        by=by,
        before=before,
        after={"name": category.name, "kind": category.kind},
    )
    return category


@transaction.atomic(durable=True)
def delete_category(*, category: Category, by: Actor | None = None) -> None:
    """Delete a special ranking with its lots and swaps; the teams stay."""
    tournament = _locked(category.tournament)
    before = {"name": category.name, "kind": category.kind, "lots": _lines(category.lots.all())}
    category.delete()
    log_change(tournament, Change.Action.CATEGORY_DELETED, by=by, before=before)


def set_entrant_categories(entrant: Team | Player, category_ids: Iterable[int]) -> list[str]:
    """A step of registering or editing a team (a player in a mêlée): the
    categories it belongs to, among its tournament's (a club ranking needs
    no ticking). Returns their names, for the caller's audit line."""
    wanted = {int(pk) for pk in category_ids}
    chosen = list(
        Category.objects.filter(tournament_id=entrant.tournament_id, pk__in=wanted).exclude(
            kind=Category.Kind.CLUB
        )
    )
    if len(chosen) != len(wanted):
        raise TournamentError(_("Classement spécial inconnu."), field="categories")
    entrant.categories.set(chosen)
    return sorted((c.name for c in chosen), key=name_order)


@transaction.atomic(durable=True)
def tag_teams(
    *,
    tournament: Tournament,
    category: Category,
    team_ids: Iterable[int],
    add: bool = True,
    by: Actor | None = None,
) -> int:
    """Puts the teams ticked in the team list into a special ranking (or
    takes them out) in one go, with one line in the history. Returns how
    many teams changed; teams already so are left as they are."""
    tournament = _locked(tournament)
    if category.tournament_id != tournament.pk or category.kind == Category.Kind.CLUB:
        raise TournamentError(_("Classement spécial inconnu."), field="category")
    wanted = {int(pk) for pk in team_ids}
    if not wanted:
        raise TournamentError(_("Cochez au moins une équipe."), field="teams")
    teams = list(tournament.teams.filter(pk__in=wanted).order_by("number"))
    if len(teams) != len(wanted):
        raise TournamentError(_("Équipe inconnue dans ce tournoi."), field="teams")
    tagged = set(category.teams.filter(pk__in=wanted).values_list("pk", flat=True))
    changed = [t for t in teams if (t.pk in tagged) != add]
    if add:
        category.teams.add(*changed)
    else:
        category.teams.remove(*changed)
    if changed:
        log_change(
            tournament,
            Change.Action.CATEGORY_TEAMS,
            by=by,
            after={
                "category": category.name,
                "added" if add else "removed": [t.number for t in changed],
            },
        )
    return len(changed)
