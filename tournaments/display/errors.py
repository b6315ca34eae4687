"""Sentences for the refusals of the pure modules (placeholder until the
engine's sentences land): a draw that cannot be made."""

from __future__ import annotations

from django.utils.translation import gettext as _

from tournaments.pairing import DrawError


def pairing_error(exc: DrawError) -> str:
    messages = {
        "not_enough_players": _("Il faut au moins deux joueurs présents pour tirer une partie."),
        "not_enough_teams": _("Il faut au moins deux équipes présentes pour tirer une partie."),
    }
    return messages.get(exc.code, _("Ce tirage est impossible : vérifiez les présences."))
