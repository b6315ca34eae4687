"""The words of a file read in the background (issue 35): where it stands,
in one sentence, and where its page leads once done. Must not: query
the database beyond the upload's own relations."""

from __future__ import annotations

import datetime
from dataclasses import dataclass

from django.utils import timezone
from django.utils.translation import gettext as _

from tournaments.display.hall import clock_time

#: An upload still waiting after this long was lost with its worker (a
#: worker stopped midway): its page says so, and the sender sends it again.
LOST_AFTER = datetime.timedelta(minutes=15)


@dataclass(frozen=True)
class UploadState:
    waiting: bool
    refused: bool
    sentence: str


def waiting_sentence() -> str:
    return _("Fichier reçu : il est en cours de traitement. Le résultat s'affichera ici.")


def upload_state(upload, now: datetime.datetime | None = None) -> UploadState:
    """Waiting, refused (with why) or done (with what it did)."""
    if upload.state == upload.State.WAITING:
        if (now or timezone.now()) - upload.created_at > LOST_AFTER:
            return UploadState(
                False,
                True,
                _(
                    "Le traitement de ce fichier n'a pas abouti : rien n'a changé. "
                    "Envoyez-le de nouveau."
                ),
            )
        return UploadState(True, False, waiting_sentence())
    return UploadState(False, upload.state == upload.State.REFUSED, upload.message)


def back_label(upload) -> str:
    if upload.kind == upload.Kind.HALL_FILE:
        return _("Retour aux salles du concours")
    if upload.tournament_id:
        return _("Voir le concours publié")
    return _("Retour à la publication")


def what_was_sent(upload) -> str:
    """« Sauvegarde à publier, envoyée à 17 h 42 » (a feature's kind of
    upload says its own: services/uploads.UploadKind.sent)."""
    return _("Sauvegarde à publier, envoyée à %(at)s") % {"at": clock_time(upload.created_at)}
