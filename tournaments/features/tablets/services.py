"""The club's tablets: the desk adds one, gives it its one-time enrolment
link, moves it from table to table; the tablet enrols itself from that link
and is set to a table by opening the table's link.

A tablet's device key opens nothing but its table's entry page: the teams
still give their codes (services/table_side.py), so a key copied by a
stranger enters no deal. Each function is one transaction; a refusal is a
`TournamentError` naming the field at fault. The last call of a tablet is
bookkeeping (no audit line), written at most once every `SEEN_EVERY`."""

from __future__ import annotations

import datetime

from django.db import IntegrityError, transaction
from django.utils import timezone
from django.utils.translation import gettext as _

from tournaments.features.tablets.display import Action
from tournaments.features.tablets.domain import TabletPlace, moved, place_of
from tournaments.features.tablets.models import Tablet, new_tablet_key
from tournaments.features.tablets.queries import KEY, coming_round_number, playing_round
from tournaments.models import Table, Tournament
from tournaments.services.audit import Actor, log_change
from tournaments.services.errors import TournamentError

#: A tablet calls every 15 s: its row is written at most this often.
SEEN_EVERY = datetime.timedelta(seconds=30)
#: The largest table number the desk may type.
MOST_TABLES = 500


def add_tablet(*, tournament: Tournament, name: str, by: Actor | None = None) -> Tablet:
    name = " ".join((name or "").split())
    if not name:
        raise TournamentError(
            _("Donnez un nom à la tablette (par exemple « Tablette 1 »)."), field="name"
        )
    if len(name) > 40:
        raise TournamentError(_("Ce nom est trop long (40 caractères au plus)."), field="name")
    try:
        with transaction.atomic(durable=True):
            tablet = Tablet.objects.create(tournament=tournament, name=name)
            log_change(tournament, Action.TABLET_ADDED, by=by, after={"name": name})
    except IntegrityError:
        raise TournamentError(
            _("Une tablette porte déjà ce nom : choisissez-en un autre."), field="name"
        ) from None
    return tablet


@transaction.atomic(durable=True)
def renew_enrolment(*, tablet: Tablet, by: Actor | None = None) -> Tablet:
    """A new one-time link: the device enrolled before is signed out."""
    tablet = Tablet.objects.select_for_update().get(pk=tablet.pk)
    tablet.enrol_key, tablet.device_key, tablet.seen_at = new_tablet_key(), None, None
    tablet.save(update_fields=["enrol_key", "device_key", "seen_at"])
    log_change(
        tablet.tournament_id,
        Action.TABLET_ADDED,
        by=by,
        after={"name": tablet.name, "link": "renewed"},
    )
    return tablet


@transaction.atomic(durable=True)
def enrol_tablet(*, enrol_key: str) -> Tablet:
    """The device that opened the one-time link becomes the tablet; the
    link is spent (a second device gets a refusal)."""
    tablet = (
        Tablet.objects.select_for_update().filter(enrol_key=enrol_key).first()
        if KEY.fullmatch(enrol_key or "")
        else None
    )
    if tablet is None:
        raise TournamentError(
            _(
                "Ce lien d'installation a déjà servi ou a été remplacé : "
                "demandez-en un nouveau à la table de marque."
            )
        )
    tablet.enrol_key, tablet.device_key = None, new_tablet_key()
    tablet.seen_at = timezone.now()
    tablet.save(update_fields=["enrol_key", "device_key", "seen_at"])
    log_change(tablet.tournament_id, Action.TABLET_ENROLLED, after={"name": tablet.name})
    return tablet


def _save_place(tablet: Tablet, place: TabletPlace, by: Actor | None = None) -> Tablet:
    before = {"number": tablet.table_number, "from": tablet.from_round}
    tablet.table_number, tablet.from_round = place.number, place.from_round
    tablet.earlier_number = place.earlier
    tablet.save(update_fields=["table_number", "from_round", "earlier_number"])
    log_change(
        tablet.tournament_id,
        Action.TABLET_MOVED,
        by=by,
        reason=tablet.name,
        before=before,
        after={"number": place.number, "from": place.from_round},
    )
    return tablet


@transaction.atomic(durable=True)
def move_tablet(
    *, tablet: Tablet, number: int, at_next: bool = False, by: Actor | None = None
) -> Tablet:
    """The desk sets the tablet to table `number`, now or from the next
    partie on (the partie being played keeps its table meanwhile)."""
    tablet = Tablet.objects.select_for_update().select_related("tournament").get(pk=tablet.pk)
    if not 1 <= int(number) <= MOST_TABLES:
        raise TournamentError(
            _("Numéro de table entre 1 et %(most)s.") % {"most": MOST_TABLES}, field="number"
        )
    playing = playing_round(tablet.tournament)
    if playing is not None and not at_next and not playing.tables.filter(number=number).exists():
        raise TournamentError(
            _("La partie %(round)s n'a pas de table %(number)s.")
            % {"round": playing.number, "number": number},
            field="number",
        )
    place = moved(
        place_of(tablet),
        number=int(number),
        current_round=coming_round_number(tablet.tournament),
        at_next=at_next and playing is not None,
    )
    return _save_place(tablet, place, by=by)


@transaction.atomic
def point_tablet_at(*, tablet: Tablet, table: Table) -> Tablet:
    """The tablet opened a table's link: it serves that table's number from
    that partie on. A table of another tournament is refused."""
    if table.round.tournament_id != tablet.tournament_id:
        raise TournamentError(
            _("Cette tablette sert un autre concours : la table de marque peut la réinstaller.")
        )
    tablet = Tablet.objects.select_for_update().get(pk=tablet.pk)
    place = TabletPlace(number=table.number, from_round=table.round.number)
    if place_of(tablet) == place:
        return tablet
    return _save_place(tablet, place)


@transaction.atomic(durable=True)
def remove_tablet(*, tablet: Tablet, by: Actor | None = None) -> None:
    log_change(tablet.tournament_id, Action.TABLET_REMOVED, by=by, after={"name": tablet.name})
    Tablet.objects.filter(pk=tablet.pk).delete()


def note_tablet_seen(*, tablet: Tablet, now: datetime.datetime | None = None) -> bool:
    """The tablet called: its last-seen time, written at most every
    `SEEN_EVERY` (an UPDATE of that column alone)."""
    now = now or timezone.now()
    if tablet.seen_at is not None and now - tablet.seen_at < SEEN_EVERY:
        return False
    Tablet.objects.filter(pk=tablet.pk).update(seen_at=now)
    tablet.seen_at = now
    return True
