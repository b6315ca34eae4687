"""The calendar in words and in files: the refusals of a postcode, the
status of a pre-registration, and the
iCalendar file (.ics, built with `icalendar`) of one or many concours.

What organizers typed goes into the files flattened on one line
(domain/one_line.py): a name stored before the forms refused line breaks
and control characters still gives a valid file, `icalendar` escaping and
folding the rest as RFC 5545 says.

Must not: query the database (queries.py reads the concours) nor
decide who plays (services/).
"""

from __future__ import annotations

import datetime
from collections.abc import Callable, Iterable
from typing import TYPE_CHECKING
from zoneinfo import ZoneInfo

from django.db import models
from django.utils.translation import gettext, gettext_lazy, ngettext

from tournaments.display.hall import clock_time, day_and_time
from tournaments.display.money import euros
from tournaments.display.rules import preset_label
from tournaments.domain.one_line import flatten, flatten_lines
from tournaments.features.calendar.domain import HOLD_MINUTES

if TYPE_CHECKING:
    import icalendar

#: Concours are played in France: their times are Paris times.
PARIS = ZoneInfo("Europe/Paris")
#: The length of a concours in the calendars when its parties are played to a score.
DEFAULT_HOURS = 5


class Action(models.TextChoices):
    """The calendar's lines in a concours's history (tournaments/models/audit.py)."""

    ANNOUNCED = "announced", gettext_lazy("Concours annoncé")
    ANNOUNCEMENT_EDITED = "announce_edited", gettext_lazy("Annonce du concours modifiée")
    PREREGISTERED = "preregistered", gettext_lazy("Équipe pré-inscrite")
    PREREG_CANCELLED = "prereg_cancelled", gettext_lazy("Pré-inscription annulée")
    PREREG_MOVED_UP = "prereg_moved_up", gettext_lazy("Équipe sortie de la liste d'attente")
    PREREG_CONFIRMED = "prereg_confirmed", gettext_lazy("Pré-inscription confirmée")
    PREREG_EXPIRED = "prereg_expired", gettext_lazy("Pré-inscriptions non confirmées expirées")
    PREREGS_TAKEN = "preregs_taken", gettext_lazy("Pré-inscrits repris à l'accueil")
    PREREG_OFFERED = (
        "prereg_offered",
        gettext_lazy("Place libérée proposée à une équipe en attente"),
    )
    PREREG_LAPSED = "prereg_lapsed", gettext_lazy("Place proposée non confirmée à temps")


def postcode_error(code: str) -> str:
    """Why a postcode was refused (domain.PostcodeError.code)."""
    if code == "empty":
        return gettext("Indiquez le code postal de la salle.")
    return gettext("Un code postal a cinq chiffres, par exemple 71000.")


def fee_label(cents: int) -> str:
    """The fee as a poster says it, always paid on the spot."""
    if not cents:
        return gettext("Entrée libre")
    return gettext("%(fee)s par équipe, à payer sur place") % {"fee": euros(cents)}


def places_left(max_teams: int | None, confirmed: int) -> str:
    """« 3 places restantes », « Complet : liste d'attente », or ""."""
    if max_teams is None:
        return ""
    left = max_teams - confirmed
    if left <= 0:
        return gettext("Complet : inscription en liste d'attente")
    if left >= max_teams:  # nobody yet: « 2 places restantes sur 2 » said it twice
        return ngettext("%(n)s place disponible", "%(n)s places disponibles", max_teams) % {
            "n": max_teams
        }
    return ngettext(
        "%(n)s place restante sur %(max)s", "%(n)s places restantes sur %(max)s", left
    ) % {"n": left, "max": max_teams}


def rules_label(tournament) -> str:
    """« Belote classique FFB » : the game and rules of the concours's profile."""
    return preset_label(tournament.rule_profile.preset)


def list_sections(lists) -> list[tuple[str, list]]:
    """The organizer's lists of pre-registrations, titled (queries.calendar.Lists)."""
    return [
        (gettext("Inscrites"), lists.confirmed),
        (gettext("Places retenues, adresse à confirmer"), lists.held),
        (gettext("Places libérées proposées, en attente de réponse"), lists.offered),
        (gettext("Liste d'attente"), lists.waiting),
        (gettext("Annulées"), lists.cancelled),
    ]


def row_notes(registration, twice: frozenset[str]) -> list[str]:
    """What the organizer's list says beside a pre-registration: its hold,
    and a pair pre-registered from two mailboxes (a stranger is answered
    as for a new team, so both are kept: one is to be cancelled)."""
    notes = []
    if registration.is_held and registration.held_until:
        until = clock_time(registration.held_until)
        notes.append(gettext("adresse à confirmer avant %(hour)s") % {"hour": until})
    if registration.status == "offered" and registration.offered_until:
        notes.append(
            gettext("place proposée : réponse avant le %(until)s")
            % {"until": day_and_time(registration.offered_until)}
        )
    if registration.status == "lapsed":
        notes.append(gettext("place proposée, pas de réponse à temps"))
    if registration.pair_key in twice:
        notes.append(gettext("même équipe qu'une autre pré-inscription (autre adresse)"))
    return notes


def confirm_state(registration) -> str:
    """What the confirm link's page says of `registration`: « ask » (what
    was typed, and the button), « ask_expired » (its place was freed: the
    button confirms the address only), « playing » or « waiting » (its
    address confirmed), « expired » (confirmed too late: to register
    again), « cancelled »."""
    if registration.status in ("cancelled", "lapsed"):
        return "cancelled"
    if registration.status == "expired":
        return "expired" if registration.confirmed_at else "ask_expired"
    if registration.confirmed_at is None:
        return "ask"
    return "waiting" if registration.status in ("waiting", "offered") else "playing"


def expired_line(count: int) -> str:
    """The holds that ended unconfirmed, counted rather than listed."""
    if not count:
        return ""
    return gettext(
        "%(n)s pré-inscription(s) non confirmée(s) par e-mail dans les %(minutes)s minutes : "
        "expirée(s), leur place libérée."
    ) % {"n": count, "minutes": HOLD_MINUTES}


def typed_lines(registration) -> list[str]:
    """What strangers typed, for a mail: the concours's words (its
    organizer's) and the team's (whoever filled the form), each on a line
    of its own that starts with « > », flattened so that nothing steps out
    of it; never in a subject, never a link."""
    tournament = registration.tournament
    announcement = tournament.announcement
    rows = [
        (gettext("Concours :"), tournament.name),
        (gettext("Lieu :"), where(announcement)),
        (gettext("Contact :"), announcement.contact),
        (gettext("Équipe :"), registration.players_label),
        (gettext("Club :"), registration.club),
    ]
    return [f"> {label} {flatten(value)}" for label, value in rows if flatten(value)]


def edited_message(edited) -> str:
    """What the organizer reads once the poster is corrected
    (services.calendar.Edited)."""
    if not edited.changed:
        return gettext("Rien n'a changé dans l'annonce.")
    parts = [gettext("Annonce modifiée.")]
    if edited.to_tell:
        parts.append(
            gettext("%(n)s équipe(s) inscrite(s) ou en attente prévenue(s) par e-mail.")
            % {"n": len(edited.to_tell)}
        )
    came_in = len(edited.came_in)
    if came_in:
        parts.append(
            gettext("%(n)s équipe(s) sortie(s) de la liste d'attente, prévenue(s) par e-mail.")
            % {"n": came_in}
        )
    if offered := len(edited.moved_up) - came_in:
        parts.append(
            gettext("Une place proposée à %(n)s équipe(s) en attente, jusqu'à son délai.")
            % {"n": offered}
        )
    return " ".join(parts)


def starts_at(announcement) -> datetime.datetime:
    return datetime.datetime.combine(
        announcement.tournament.date, announcement.start_time, tzinfo=PARIS
    )


def _length(tournament) -> datetime.timedelta:
    """How long the concours lasts, as the clock estimates it (parties of
    so many deals), else `DEFAULT_HOURS`."""
    if tournament.end_mode != tournament.EndMode.DEALS:
        return datetime.timedelta(hours=DEFAULT_HOURS)
    per_partie = tournament.end_deals * tournament.minutes_per_deal + tournament.break_minutes
    return datetime.timedelta(minutes=tournament.parties * per_partie)


def where(a) -> str:
    """The hall, its address and town, on one line (a text stored before
    the forms refused line breaks included)."""
    hall, address, town = (flatten(t) for t in (a.hall, a.address, a.town))
    return f"{hall}, {address}, {a.postcode} {town}"


def _event(announcement, url: str) -> icalendar.Event:
    import icalendar

    tournament = announcement.tournament
    event = icalendar.Event()
    event.add("uid", f"concours-{tournament.slug}@belote")
    event.add("dtstamp", announcement.created_at)
    event.add("summary", flatten(tournament.name))
    start = starts_at(announcement)
    event.add("dtstart", start)
    event.add("dtend", start + _length(tournament))
    event.add("location", where(announcement))
    lots = "\n".join(flatten_lines(announcement.lots))
    lines = [
        f"{rules_label(tournament)} · {tournament.get_format_display()}",
        fee_label(tournament.entry_fee_cents),
        gettext("Lots : %(lots)s") % {"lots": lots} if lots else "",
        gettext("Contact : %(contact)s") % {"contact": flatten(announcement.contact)},
        url,
    ]
    event.add("description", "\n".join(line for line in lines if line))
    event.add("url", url)
    return event


def calendar_file(announcements: Iterable, *, name: str, url_of: Callable[[object], str]) -> bytes:
    """The .ics of these concours (one event each), `url_of(announcement)`
    giving each concours's page."""
    # icalendar is loaded here, not at the top: only a calendar download
    # needs it, and loading it costs every process of the app ~30 ms at start.
    import icalendar

    calendar = icalendar.Calendar()
    calendar.add("prodid", "-//Concours de belote//calendrier//FR")
    calendar.add("version", "2.0")
    # An X- property is not known to be text: said so, it is escaped as text.
    calendar.add("x-wr-calname", icalendar.vText(flatten(name)))
    for announcement in announcements:
        calendar.add_component(_event(announcement, url_of(announcement)))
    calendar.add_missing_timezones()
    return calendar.to_ical()


def offer_page(outcome: str, *, answered: bool) -> dict:
    """What the offer's link shows for the domain's `outcome` (rules.answer):
    an offer still running, not answered yet, asks (`ask`: its deadline and
    the button); else one sentence (`notice`) and its role for a screen
    reader (`role`)."""
    if outcome == "taken" and not answered:
        return {"ask": True}
    if outcome in ("taken", "already"):
        notice = gettext(
            "C'est confirmé : votre équipe est inscrite. Paiement sur place, à l'accueil, "
            "le jour du concours."
        )
        return {"notice": notice, "role": "status"}
    if outcome == "not_offered":
        notice = gettext(
            "Votre équipe est en liste d'attente : aucune place ne lui est proposée pour "
            "l'instant. Un e-mail vous arrivera si une place se libère."
        )
        return {"notice": notice, "role": "status"}
    notice = gettext(
        "Désolé, le délai pour confirmer est passé (ou la pré-inscription a été annulée) : "
        "la place a été proposée à l'équipe suivante. Vous pouvez appeler l'organisateur."
    )
    return {"notice": notice, "role": "alert"}


def answer_message(outcome: str, registration) -> str:
    """The desk's line after it confirmed an offer for a team."""
    team = registration.players_label
    if outcome in ("taken", "already"):
        return gettext("%(team)s : place confirmée, l'équipe est inscrite.") % {"team": team}
    if outcome == "not_offered":
        return gettext("%(team)s : aucune place ne lui est proposée.") % {"team": team}
    return gettext(
        "%(team)s : le délai était passé, la place a été proposée à l'équipe suivante."
    ) % {"team": team}
