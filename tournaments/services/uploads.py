"""Files received and read in the background (issue 35, item 2: one
organizer's uploads held the hosted site's workers for their whole
timeout).

A request that receives a backup to publish (by hand on the site, or
signed from a hall's laptop) calls `queue_*`: the account's rate
(`MAX_PER_ACCOUNT` an hour, uploads and publications together), then what
is cheap to refuse (the size, the compression read to its limit only, the
counts: backup.checks.check_counts), then the file is kept as an `Upload`
and a task is queued (Django's task framework, django.tasks), all in a few
milliseconds. A feature's kind of upload (the halls' files) is queued by
the feature with `count`, `check_signed` and `queue`, and read by the task
through the `UploadKind` it registered. The task (`process_upload`, run by the worker of
infra/tasks.py) does the heavy work through the same services as before
and writes the outcome on the upload, one sentence in the sender's
language.

Running a task twice records nothing twice: the upload is locked and its
state read first, and the outcome is written in the same transaction as
the file's effect. A task that fails in an unexpected way leaves a
sentence too, never a trace. Must not: read a request.
"""

from __future__ import annotations

import datetime
import logging
from collections.abc import Callable
from dataclasses import dataclass
from typing import Any

from django.contrib.auth.models import User
from django.db import IntegrityError, transaction
from django.tasks import task
from django.tasks.base import TASK_MIN_PRIORITY
from django.utils import timezone, translation
from django.utils.translation import gettext as _

from tournaments.infra import throttle
from tournaments.models import Tournament, Upload
from tournaments.services import publication
from tournaments.services.backup.checks import check_counts
from tournaments.services.backup.document import read_document
from tournaments.services.errors import TournamentError
from tournaments.services.publication import UploadRefused

log = logging.getLogger(__name__)

WINDOW = 3600
#: Uploads and publications of one account in an hour: a concours in 12
#: halls, each sending its file after each of its 4 parties, makes 48 over
#: an afternoon; a file within the limits takes the worker 40 s at worst
#: (400 teams over 20 parties), so one account holds it half an hour at most.
MAX_PER_ACCOUNT = 30
#: An upload still waiting after this long was lost with its worker (a
#: worker killed): its page says so, and the sender sends it again.
LOST_AFTER = datetime.timedelta(minutes=15)


@dataclass(frozen=True)
class UploadKind:
    """A feature's kind of upload (a hall's file), registered from its
    `ready()`: `read` checks the file outside the task's transaction (the
    heavy part) and returns what `keep` needs; `keep` writes its effect in
    it and returns the sentence the sender reads; `page` is where the
    sender's page leads once done (None: the publication page); `answer` what
    a laptop reads once it is done; `sent` what the sender's page says was
    sent."""

    read: Callable[[Upload], Any]
    keep: Callable[[Upload, Any], str]
    page: Callable[[Upload], str | None]
    answer: Callable[[Upload], dict[str, Any]]
    sent: Callable[[Upload], str]


#: The features' kinds of upload, by `Upload.Kind` (a backup is the core's own).
KINDS: dict[str, UploadKind] = {}


def _too_many() -> str:
    return _(
        "Trop d'envois pour ce compte : %(n)s par heure au plus. Rien n'a changé : "
        "réessayez dans une heure."
    ) % {"n": MAX_PER_ACCOUNT}


def count(owner: User) -> None:
    """One more upload of `owner`'s account, refused past its rate. Outside
    any transaction (throttle.record commits its count)."""
    if throttle.record(f"uploads:{owner.pk}", window=WINDOW) > MAX_PER_ACCOUNT:
        raise TournamentError(_too_many(), field="file")


def queue(**fields: Any) -> Upload:
    """The upload kept and its task queued, in one transaction: the
    database's queue holds the task exactly when the upload exists.

    One worker serves every account (issue 51): an account's files take
    turns with the others'. Its n-th file still waiting is queued at
    priority -n (the worker runs the highest first, then the oldest), so
    another account's first file passes its second; the quick tasks
    (messages, a waiting list's offer: priority 0) pass every file."""
    with transaction.atomic():
        ahead = Upload.objects.filter(owner=fields["owner"], state=Upload.State.WAITING).count()
        upload = Upload.objects.create(language=translation.get_language() or "fr", **fields)
        priority = max(-1 - ahead, TASK_MIN_PRIORITY)
        process_upload.using(priority=priority).enqueue(upload.pk)
    upload.refresh_from_db()  # done already when the tasks run at once
    return upload


def read_backup_counts(raw: bytes) -> None:
    """A backup refused for what is cheap to see: its size (decompressed to
    the limit at most), its JSON, its format and its counts."""
    text = publication.unpack(raw)
    check_counts(read_document(text))


def queue_backup(*, raw: bytes, owner: User) -> Upload:
    """A backup uploaded by its organizer to be published."""
    count(owner)
    read_backup_counts(raw)
    return queue(owner=owner, kind=Upload.Kind.BACKUP, body=raw)


def check_signed(owner: User, read: Callable[[], Any]) -> None:
    """A laptop's signed upload counted and `read`: a refusal is the
    laptop's answer (`UploadRefused`, 429 past the account's rate)."""
    try:
        count(owner)
        read()
    except UploadRefused:
        raise
    except TournamentError as error:
        status = 429 if error.message == _too_many() else 422
        raise UploadRefused(error.message, status=status) from error


def queue_signed_backup(
    *, secret: str, moment: str, nonce: str, signature: str, body: bytes, now: float | None = None
) -> Upload:
    """A concours sent by a hall laptop's « Publier »: its key and envelope
    checked now (services/publication.py), the rest by the task."""
    key = publication.key_for(secret)
    publication.check_envelope(
        secret=secret,
        moment=moment,
        nonce=nonce,
        signature=signature,
        body=body,
        now=now,
        tampered=_(
            "Envoi refusé : le fichier a été modifié en route (signature fausse). "
            "Rien n'a été publié."
        ),
        replayed=_("Cet envoi a déjà été reçu : rien n'a été publié."),
    )
    check_signed(key.owner, lambda: read_backup_counts(body))
    return queue_once(owner=key.owner, kind=Upload.Kind.BACKUP, key=key, nonce=nonce, body=body)


def queue_once(**fields: Any) -> Upload:
    """`queue`, refused when the same signed upload (its nonce) races itself."""
    try:
        return queue(**fields)
    except IntegrityError as exc:  # the same upload racing itself (its nonce)
        raise UploadRefused(_("Cet envoi a déjà été reçu : rien n'a changé."), status=409) from exc


# -- the task -------------------------------------------------------------------------------


def _finish(upload_id: int, state: str, message: str, tournament: Tournament | None = None) -> bool:
    """The outcome written once: only an upload still waiting takes it."""
    return bool(
        Upload.objects.filter(pk=upload_id, state=Upload.State.WAITING).update(
            state=state,
            message=message,
            tournament=tournament,
            body=b"",
            finished_at=timezone.now(),
        )
    )


def _process(upload: Upload) -> None:
    # A feature's kind (a KeyError for one not installed: « erreur du site »).
    kind = None if upload.kind == Upload.Kind.BACKUP else KINDS[upload.kind]
    data = kind.read(upload) if kind else None
    with transaction.atomic():
        locked = Upload.objects.select_for_update().filter(pk=upload.pk).first()
        if locked is None or locked.state != Upload.State.WAITING:
            return  # done by another run of this task
        tournament = None
        if kind is not None:
            message = kind.keep(locked, data)
        elif locked.key is not None:
            assert locked.nonce is not None  # a laptop's signed upload keeps its nonce
            tournament = publication.publish_signed(
                raw=bytes(locked.body), key=locked.key, nonce=locked.nonce
            )
            message = _("Concours publié : il est sur l'accueil.")
        else:
            tournament = publication.publish_file(raw=bytes(locked.body), owner=locked.owner)
            message = _("Concours publié : il est sur l'accueil.")
        _finish(upload.pk, Upload.State.DONE, message, tournament)


@task
def process_upload(upload_id: int) -> str:
    """The background half of an upload: its outcome written on it."""
    upload = Upload.objects.filter(pk=upload_id).first()
    if upload is None or upload.state != Upload.State.WAITING:
        return "already done"
    with translation.override(upload.language):
        try:
            _process(upload)
        except TournamentError as error:
            _finish(upload_id, Upload.State.REFUSED, error.message)
        except Exception:
            log.exception("Upload %s could not be read", upload_id)
            _finish(
                upload_id,
                Upload.State.REFUSED,
                _("Le fichier n'a pas pu être lu (erreur du site) : rien n'a changé."),
            )
    # (the upload is gone when its hall or account was deleted meanwhile)
    return Upload.objects.filter(pk=upload_id).values_list("state", flat=True).first() or "gone"
