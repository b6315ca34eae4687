"""What the pages say of results still open to claims (queries/claims.py):
« Résultats provisoires : réclamations jusqu'à 15 h 02 », « Résultats
définitifs »."""

from __future__ import annotations

from django.utils.translation import gettext as _
from django.utils.translation import pgettext

from tournaments.display.hall import clock_time as clock


def claims_said(claims, *, ranking: bool = False) -> str:
    """One sentence for a partie's results (or the ranking with `ranking`)."""
    if claims.final:
        return _("Classement définitif.") if ranking else _("Résultats définitifs.")
    if claims.until is not None:
        if ranking:
            return _("Classement provisoire : réclamations jusqu'à %(time)s.") % {
                "time": clock(claims.until)
            }
        return _("Résultats provisoires : réclamations jusqu'à %(time)s.") % {
            "time": clock(claims.until)
        }
    return _("Classement provisoire.") if ranking else _("Résultats provisoires.")


def ranking_state(claims) -> str:
    """The ranking's state in a few words, beside its heading on the hall's
    screen, where a line more would hide a row: « provisoire, réclamations
    jusqu'à 15 h 02 », « provisoire », « définitif »."""
    if claims.final:
        return pgettext("classement", "définitif")
    if claims.until is not None:
        return pgettext("classement", "provisoire, réclamations jusqu'à %(time)s") % {
            "time": clock(claims.until)
        }
    return pgettext("classement", "provisoire")
