"""The words of a concours played in several halls (issue 27): each hall's
state, the merged ranking's label, its lines in a concours's history.
Must not: query the database."""

from __future__ import annotations

from django.db import models
from django.utils.translation import gettext as _
from django.utils.translation import gettext_lazy, ngettext

from tournaments.display.hall import clock_time


class Action(models.TextChoices):
    """The halls' lines in a concours's history (tournaments/models/audit.py)."""

    HALLS_DECLARED = "halls_declared", gettext_lazy("Salles du concours déclarées")
    HALL_FILE = "hall_file", gettext_lazy("Fichier d'une salle reçu")


def hall_status(hall, planned: int) -> str:
    """« attendue », « reçue à 17 h 42 : 24 équipes, 4 parties sur 4 » or
    « incomplète : 3 parties sur 4 (reçue à 17 h 42, 24 équipes) »."""
    if hall.document is None or hall.received_at is None:
        return _("attendue")
    teams = ngettext("%(n)s équipe", "%(n)s équipes", hall.teams) % {"n": hall.teams}
    parties = ngettext(
        "%(closed)s partie sur %(planned)s", "%(closed)s parties sur %(planned)s", hall.closed
    ) % {
        "closed": hall.closed,
        "planned": planned,
    }
    at = clock_time(hall.received_at)
    if hall.closed < planned:
        return _("incomplète : %(parties)s (reçue à %(at)s, %(teams)s)") % {
            "parties": parties,
            "at": at,
            "teams": teams,
        }
    return _("reçue à %(at)s : %(teams)s, %(parties)s") % {
        "at": at,
        "teams": teams,
        "parties": parties,
    }


def ranking_label(provisional: bool) -> str:
    return _("Classement provisoire") if provisional else _("Classement définitif")


def provisional_reason(received: int, halls: int) -> str:
    """Why the ranking is still provisional, in words."""
    if received < halls:
        return ngettext(
            "%(n)s salle sur %(total)s a envoyé son fichier.",
            "%(n)s salles sur %(total)s ont envoyé leur fichier.",
            received,
        ) % {"n": received, "total": halls}
    return _("Une salle n'a pas fini toutes ses parties.")


def limit_sentence(excess) -> str:
    """A concours file past one of checker/limits.py's limits, and why the
    limit is far above a real concours, as a clause of a refusal."""
    values = {"n": excess.count, "max": excess.limit}
    sentences = {
        "teams": _(
            "il compte %(n)s équipes, au plus %(max)s (800 joueurs : plus qu'aucune salle "
            "n'en accueille)."
        ),
        "parties": _(
            "il compte %(n)s parties, au plus %(max)s (20 parties qualificatives et 16 tours "
            "de phase finale : le plus que ce site tire)."
        ),
        "qualifying": _(
            "il compte %(n)s parties qualificatives, au plus %(max)s (le plus qu'un concours "
            "prévoit sur ce site)."
        ),
        "tables": _(
            "il compte %(n)s tables, au plus %(max)s (400 équipes en 36 parties en font 7 200)."
        ),
        "deals_at_a_table": _(
            "une de ses tables compte %(n)s donnes, au plus %(max)s (une partie en 1 000 "
            "points se joue en une quinzaine)."
        ),
        "deals": _(
            "il compte %(n)s donnes, au plus %(max)s (un concours de 128 équipes en 8 parties "
            "de 12 donnes en compte 6 144)."
        ),
    }
    return sentences[excess.what] % values


def hall_file_sent(hall, at) -> str:
    """« Fichier de « Salle des fêtes de Vic » (Concours des deux salles),
    envoyé à 17 h 42 » (« Fichier envoyé à 17 h 42 » once its hall is gone)."""
    if hall is None:
        return _("Fichier envoyé à %(at)s") % {"at": clock_time(at)}
    return _("Fichier de « %(hall)s » (%(concours)s), envoyé à %(at)s") % {
        "hall": hall.name,
        "concours": hall.merge.tournament.name,
        "at": clock_time(at),
    }
