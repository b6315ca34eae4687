"""Sentences about the hall's network and its server, for the desk: a
table's phone (last seen, entries waiting, gone quiet) and the server's
restart. Must not: query the database or read files."""

from __future__ import annotations

import datetime
from dataclasses import dataclass

import segno
from django.utils import formats, timezone
from django.utils.translation import gettext as _
from django.utils.translation import ngettext

from tournaments.display.entry import empty_row

#: A table still playing whose phone has not called for this long has gone
#: quiet (a phone calls every 15 s while its page is open).
QUIET_AFTER = datetime.timedelta(minutes=5)
#: The organizer's pages mention a restart for this long after it.
RESTART_SHOWN_FOR = datetime.timedelta(hours=3)


def clock_time(when: datetime.datetime | datetime.time) -> str:
    """« 14 h 32 » in French, « 14:32 » in English: the one way a time of
    day is written (a moment in local time, or a wall-clock time)."""
    if isinstance(when, datetime.datetime) and timezone.is_aware(when):
        when = timezone.localtime(when)
    return formats.time_format(when, _("G \\h i"))


def day_and_time(moment: datetime.datetime) -> str:
    """A moment to come as its day and its time of day, in the language on
    (its reader's, for a mail): « mardi 1 décembre à 18 h 17 », « Tuesday
    1 December at 18:17 » (an offer's deadline)."""
    local = timezone.localtime(moment)
    return _("%(day)s à %(time)s") % {
        "day": formats.date_format(local, "l j F"),
        "time": clock_time(local),
    }


def ago(seconds: float) -> str:
    """« à l'instant », « il y a 3 min »."""
    minutes = int(seconds // 60)
    if minutes < 1:
        return _("à l'instant")
    return ngettext("il y a %(n)d min", "il y a %(n)d min", minutes) % {"n": minutes}


def phone_contact(
    seen_at: datetime.datetime | None, waiting: int, playing: bool, now: datetime.datetime
) -> tuple[str, bool]:
    """What the desk reads about a table's phone, and whether it needs a look
    (entries waiting, or a table still playing that went quiet)."""
    if seen_at is None:
        return _("jamais vu"), False
    quiet = playing and now - seen_at > QUIET_AFTER
    seconds = (now - seen_at).total_seconds()
    seen = (
        _("vu %(ago)s") % {"ago": ago(seconds)}
        if seconds < 3600
        else _("vu à %(time)s") % {"time": clock_time(seen_at)}
    )
    parts = [seen]
    if waiting:
        parts.append(
            ngettext(
                "%(n)d donne en attente sur le téléphone",
                "%(n)d donnes en attente sur le téléphone",
                waiting,
            )
            % {"n": waiting}
        )
    if quiet:
        parts.append(_("silencieuse"))
    return " · ".join(parts), bool(waiting) or quiet


@dataclass(frozen=True)
class PhonesQr:
    """The address the phones must now use (`url`), and the QR code (inline
    SVG) of it: a page this very laptop serves (`opens`)."""

    url: str
    svg: str
    opens: str


def phones_qr(url: str, opens: str = "") -> PhonesQr:
    """Shown big on the desk of a laptop that took the hall over: a phone
    scans it (a camera opens a new tab, on this laptop, at `opens`: « Ma
    table », which asks the team's code and opens its table). A table's
    page still open on the first laptop's address asks the player for the
    address `url`, typed, and carries its deals here (static/js/outbox.js)."""
    opens = opens or url
    # A viewBox, not a size: the desk's style scales it whole (a size of its
    # own was cut to the box, quiet zone and all, past 36 modules).
    svg = segno.make(opens, error="m").svg_inline(scale=8, dark="#000", light="#fff", omitsize=True)
    return PhonesQr(url, svg, opens)


def restart_notice(
    started: datetime.datetime, previous_alive: datetime.datetime | None, now: datetime.datetime
) -> str:
    """The sentence on the organizer's pages after the laptop restarted the
    server (`previous_alive`: the last sign of life of the server before);
    empty on a first start or long after."""
    if previous_alive is None or now - started > RESTART_SHOWN_FOR:
        return ""
    return _(
        "Le serveur a redémarré à %(start)s (arrêté à %(stop)s) : les téléphones se "
        "reconnectent d'eux-mêmes et envoient ce qu'ils ont gardé ; regardez les tables "
        "en attente."
    ) % {"start": clock_time(started), "stop": clock_time(previous_alive)}


def outbox_texts() -> dict[str, str | list[str]]:
    """The words of the phone's outbox (static/js/outbox.js): `{time}` a
    time, `{n}` a number, `{h}`/`{m}` the hours and minutes of a clock,
    `{of}` the partie's deals."""
    return {
        "clock": _("{h} h {m}"),
        "offline": _(
            "Hors ligne : réseau perdu à {time}. Ne rechargez pas la page : vos donnes sont "
            "gardées sur ce téléphone"
        ),
        "waiting": _("en attente d'envoi ({n})"),
        "blocked": _(
            "Une donne n'a pas été enregistrée : lisez le message, corrigez la ligne et "
            "enregistrez-la, ou abandonnez-la"
        ),
        "deal": _("Donne"),
        "correction": _("Correction de la donne {n}"),
        "answer": _("Réponse de l'autre équipe"),
        "pending": _("en attente d'envoi"),
        "refused": _("refusée par le serveur"),
        "editing": _("en cours de correction"),
        "correct": _("Corriger"),
        "noNetwork": _("Pas de réseau : réessayez quand il revient."),
        "codeFirst": _(
            "Le concours continue sur un autre portable : redonnez le code de votre équipe, "
            "puis ce qui attend part de lui-même"
        ),
        # The hall silent for a minute: what the player does (issues 39, 50).
        "lost": _(
            "Le portable de la salle ne répond plus. Si le bureau affiche « Téléphones : "
            "scannez ceci », tapez ci-dessous l'adresse qu'il montre : vos donnes y vont "
            "avec vous. Sinon, attendez ici sans recharger"
        ),
        "badAddress": _(
            "Adresse illisible : recopiez celle du bureau, par exemple http://192.168.1.21:8000"
        ),
        "asking": _("Recherche du portable qui a repris la salle…"),
        "notTaken": _(
            "Cette adresse n'a pas repris la salle de ce téléphone : rien n'y a été envoyé. "
            "Vérifiez l'adresse affichée au bureau."
        ),
        "silent": _(
            "Cette adresse ne répond pas : rien n'a été envoyé, vos donnes restent sur ce "
            "téléphone. Vérifiez l'adresse, ou réessayez dans un moment."
        ),
        # The partie's state while deals wait on the phone: « Rien de saisi »
        # and « Donne 1 sur 3 » no longer true (one form, then the others).
        "waitingDeals": [
            ngettext("%(n)s donne en attente d'envoi", "%(n)s donnes en attente d'envoi", k)
            % {"n": "{n}"}
            for k in (1, 2)
        ],
        "progress": _("Donne %(n)s sur %(of)s") % {"n": "{n}", "of": "{of}"},
        "provisional": _("marque provisoire {a} – {b}"),
        "provisionalWhy": _("calculée sur ce téléphone, le serveur la vérifiera"),
        # « Enregistrer » on an empty row (forms/entry.py says the same).
        "emptyRow": _("%(label)s : %(error)s") % {"label": _("Preneur"), "error": empty_row()},
    }


def stick_line(
    *, folder: str, trouble: bool, apart: bool, several: bool, seconds: float, code: str = ""
) -> tuple[str, str]:
    """The desk's one line about the journal's medium (its `folder`), and
    its kind: « trouble » (red: gone, nothing is saved), « laptop »
    (orange: on the laptop's own disk; several sticks, none used), « stick »
    (its name, its last write `seconds` ago, and the stick's `code` that a
    takeover asks for: infra/journal/sealing)."""
    if trouble:
        return "trouble", _(
            "La clé USB « %(name)s » ne répond plus : rien n'est enregistré, ni aux tables "
            "ni ici, tant qu'elle n'est pas rebranchée. Rebranchez-la : tout repart seul, "
            "les téléphones renvoient ce qui attend (dossier « %(folder)s »)."
        ) % {"name": medium_name(folder), "folder": folder}
    if not apart:
        return "laptop", several_sticks_notice() if several else journal_on_laptop_notice(folder)
    n = int(seconds)
    last = (
        ago(n) if n < 1 or n >= 60 else ngettext("il y a %(n)d s", "il y a %(n)d s", n) % {"n": n}
    )
    line = _("Clé USB « %(name)s » : dernier enregistrement sur la clé %(last)s.") % {
        "name": medium_name(folder),
        "last": last,
    }
    if code:
        line += " " + _(
            "Code de la clé : %(code)s (à noter ailleurs que sur la clé : une reprise le demande)."
        ) % {"code": code}
    return "stick", line


def medium_name(folder: str) -> str:
    """The stick's name as the volunteer sees it: the medium above the
    journal's backups' folder (« …/CLE/belote-sauvegardes/reprise » →
    « CLE », « E:\\belote-sauvegardes\\reprise » → « E: »)."""
    parts = folder.replace("\\", "/").rstrip("/").split("/")
    return (parts[-3] if len(parts) >= 3 else "") or folder


def journal_on_laptop_notice(folder: str) -> str:
    """The desk's orange line while the journal is on the laptop's own disk
    (no stick found, BACKUP_DIR not given, or a « stick » folder that is on
    this very disk): what the volunteer does, in plain words (the hall
    finds the stick by itself: infra/stick.py)."""
    return _(
        "Les sauvegardes sont sur ce portable (dossier « %(folder)s ») : s'il tombe en panne, "
        "tout est perdu. Créez un dossier « belote-sauvegardes » sur une clé USB, branchez-la, "
        "puis arrêtez et relancez le serveur."
    ) % {"folder": folder}


def several_sticks_notice() -> str:
    """The desk's orange line when several sticks carry the folder: none is
    used, the backups stay on the laptop meanwhile."""
    return _(
        "Plusieurs clés portent un dossier belote-sauvegardes : n'en laissez qu'une, puis "
        "arrêtez et relancez le serveur. En attendant, les sauvegardes sont sur ce portable : "
        "s'il tombe en panne, tout est perdu."
    )
