"""Publishing concours results (issue 26): the organizer's publication
keys, a concours received from a hall laptop (signed upload or backup file)
and made public, and the laptop's settings for sending it.

Every write is one transaction. An upload is checked in this order, each
refusal one sentence and nothing written: the key (known, not revoked),
the moment (within `CLOCK_SLACK`), the signature over the body (a body
changed on the way is refused), the nonce (an upload sent twice is
refused), then the backup itself (the checked import of services/backup).
A finished concours dated after today is refused. A concours published
again from the same organizer replaces the copy its
earlier publication made, at the same address; so does the concours the
organizer announced here and played on the hall laptop (same name and
day, nothing played here): the published one takes its place, with what
the features kept of it (the messages it sent: `hooks.CONCOURS_IMPORTED`'s
`earlier`; the calendar's announcement and pre-registrations:
`hooks.CONCOURS_REPLACED`). Must not:
send anything over the network (infra/publish_client.py does), nor read
a request.
"""

from __future__ import annotations

import datetime
import gzip
import json
import secrets
import time
import zlib
from collections.abc import Callable
from dataclasses import dataclass
from typing import Any

from django.contrib.auth.models import User
from django.core.serializers.json import DjangoJSONEncoder
from django.db import IntegrityError, transaction
from django.utils import timezone
from django.utils.formats import date_format
from django.utils.translation import gettext as _

from tournaments import hooks
from tournaments.domain import publication as signing
from tournaments.infra import publish_client
from tournaments.models import (
    Change,
    PublicationKey,
    PublicationReceipt,
    PublicationTarget,
    Tournament,
    Upload,
)
from tournaments.services.audit import log_change
from tournaments.services.backup import (
    MAX_BYTES,
    export_tournament,
    feature_sections,
    import_tournament,
)
from tournaments.services.backup.document import read_document
from tournaments.services.errors import TournamentError


class UploadRefused(TournamentError):
    """An upload refused; `status` is the HTTP status the answer carries."""

    def __init__(self, message: str, *, status: int) -> None:
        super().__init__(message)
        self.status = status


def _already_received() -> str:
    return _("Cet envoi a déjà été reçu : rien n'a été publié.")


#: The most keys an organizer holds at once (revoked ones not counted).
MAX_KEYS = 5


@dataclass(frozen=True)
class NewKey:
    key: PublicationKey
    secret: str  # shown once, never stored


@transaction.atomic(durable=True)
def create_key(*, owner: User) -> NewKey:
    live = PublicationKey.objects.filter(owner=owner, revoked_at__isnull=True)
    if live.count() >= MAX_KEYS:
        raise TournamentError(
            _("Vous avez déjà %(n)s clés : révoquez-en une avant d'en créer une autre.")
            % {"n": MAX_KEYS}
        )
    secret = signing.new_key()
    key = PublicationKey.objects.create(
        owner=owner, digest=signing.digest(secret), prefix=signing.shown_prefix(secret)
    )
    return NewKey(key=key, secret=secret)


@transaction.atomic(durable=True)
def revoke_key(*, owner: User, key_id: int) -> PublicationKey:
    key = PublicationKey.objects.select_for_update().filter(owner=owner, pk=key_id).first()
    if key is None:
        raise TournamentError(_("Cette clé n'existe pas (ou n'est pas la vôtre)."))
    if key.revoked_at is None:
        key.revoked_at = timezone.now()
        key.save(update_fields=["revoked_at"])
    return key


def unpack(raw: bytes, *, limit: int = MAX_BYTES) -> bytes:
    """A backup's bytes, ungzipped when they come gzipped (the laptop sends
    them so, and its download is so): never more than `limit` + 1, however
    far the rest would inflate (a caller refuses a result past `limit`)."""
    if not raw.startswith(b"\x1f\x8b"):
        return raw
    try:
        return zlib.decompressobj(wbits=31).decompress(raw, limit + 1)
    except zlib.error as exc:
        raise TournamentError(_("Ce fichier compressé est abîmé : rien n'a été importé.")) from exc


def packed_backup(tournament: Tournament) -> bytes:
    """The concours's backup, gzipped: what the laptop sends or saves."""
    text = json.dumps(export_tournament(tournament), cls=DjangoJSONEncoder, ensure_ascii=False)
    return gzip.compress(text.encode(), mtime=0)


@dataclass(frozen=True)
class _HandedOver:
    """What the copy making way hands to the published concours: the features'
    sections (`hooks.BACKUP_SECTIONS`) and hand-overs (`hooks.CONCOURS_REPLACED`)."""

    features: dict[str, Any] | None = None
    hand_over: tuple[Callable[[Tournament], None], ...] = ()


def _replace_earlier(data: Any, owner: User) -> _HandedOver:
    """An earlier copy of the same concours by the same organizer makes way
    for this one (the address stays the same): an earlier publication, or
    the concours announced here that the hall laptop played (nothing played
    here). What the features kept of it is handed over."""
    slug = data.get("tournament", {}).get("slug") if isinstance(data, dict) else None
    if not isinstance(slug, str):
        return _HandedOver()
    earlier = Tournament.objects.filter(slug=slug, owner=owner).first()
    if earlier is None:
        return _HandedOver()
    kept = hooks.announce(hooks.CONCOURS_REPLACED, earlier=earlier)
    announced = any(part.get("announced") for part in kept)
    published_before = PublicationReceipt.objects.filter(tournament=earlier).exists()
    if not published_before and (not announced or earlier.rounds.exists()):
        return _HandedOver()  # a concours of this instance: the import refuses it
    handed = _HandedOver(feature_sections(earlier), tuple(part["hand_over"] for part in kept))
    earlier.delete()
    return handed


def _refuse_finished_in_the_future(data: Any) -> None:
    """A concours marked finished cannot have been played after today: such
    a file is refused before anything is read further (issue 35: a file
    dated tomorrow and finished fed the cote with results still to come).
    A date that is not one is left to the checked import's sentence."""
    fields = data.get("tournament") if isinstance(data, dict) else None
    if not isinstance(fields, dict) or fields.get("status") != Tournament.Status.FINISHED:
        return
    try:
        day = datetime.date.fromisoformat(fields.get("date", ""))
    except (TypeError, ValueError):
        return
    if day > timezone.localdate():
        raise TournamentError(
            _(
                "Ce concours est marqué terminé mais sa date (%(day)s) n'est pas encore "
                "arrivée : corrigez la date sur l'ordinateur de la salle, puis publiez-le "
                "de nouveau. Rien n'a été publié."
            )
            % {"day": date_format(day, "SHORT_DATE_FORMAT")},
            field="file",
        )


def _publish(data: Any, *, owner: User, key: PublicationKey | None, nonce: str) -> Tournament:
    _refuse_finished_in_the_future(data)
    handed = _replace_earlier(data, owner)
    tournament = import_tournament(data, owner=owner, earlier=handed.features)
    for hand_over in handed.hand_over:
        hand_over(tournament)
    tournament.published = True
    tournament.save(update_fields=["published"])
    log_change(
        tournament,
        Change.Action.PUBLISHED,
        by=owner,
        reason=_("publié depuis l'ordinateur de la salle"),
        after={"published": True},
    )
    try:
        with transaction.atomic():
            PublicationReceipt.objects.create(key=key, nonce=nonce, tournament=tournament)
    except IntegrityError as exc:  # the same upload racing itself
        raise UploadRefused(_already_received(), status=409) from exc
    # Its players who agreed join their pages across concours, and the cote.
    hooks.announce(hooks.RESULTS_PUBLISHED, tournament=tournament, by=owner)
    return tournament


@transaction.atomic
def publish_file(*, raw: bytes, owner: User) -> Tournament:
    """A backup file uploaded by its organizer on the hosted instance,
    imported and made public."""
    data = read_document(unpack(raw))
    return _publish(data, owner=owner, key=None, nonce="file-" + secrets.token_hex(16))


def key_for(secret: str) -> PublicationKey:
    """The publication key of `secret`, or UploadRefused (unknown, revoked)."""
    key = (
        PublicationKey.objects.select_related("owner")
        .filter(digest=signing.digest(secret or ""))
        .first()
    )
    if key is None:
        raise UploadRefused(
            _("Clé de publication inconnue : copiez-la de nouveau depuis votre compte en ligne."),
            status=401,
        )
    if key.revoked_at is not None:
        raise UploadRefused(
            _("Cette clé de publication a été révoquée : créez-en une nouvelle dans votre compte."),
            status=403,
        )
    return key


def check_envelope(
    *,
    secret: str,
    moment: str,
    nonce: str,
    signature: str,
    body: bytes,
    now: float | None,
    tampered: str,
    replayed: str,
) -> None:
    """What a signed upload from a hall laptop must be before its body is
    read (a publication, or a hall's file of a concours in several halls):
    sent now (its moment within `CLOCK_SLACK`), signed with `secret` over
    its body, and never received before (its nonce). Refused with
    `UploadRefused`, in the caller's words for a changed body (`tampered`)
    and an upload sent again (`replayed`)."""
    try:
        when = int(moment)
    except (TypeError, ValueError):
        when = None
    if when is None or not signing.on_time(when, int(now if now is not None else time.time())):
        raise UploadRefused(
            _(
                "Envoi refusé : l'heure de l'ordinateur de la salle est fausse "
                "ou l'envoi est ancien."
            ),
            status=400,
        )
    if (
        not nonce
        or len(nonce) > 64
        or not signing.signature_matches(secret, when, nonce, body, signature)
    ):
        raise UploadRefused(tampered, status=400)
    received = PublicationReceipt.objects.filter(nonce=nonce).exists()
    if received or Upload.objects.filter(nonce=nonce).exists():  # or waiting for its task
        raise UploadRefused(replayed, status=409)


@transaction.atomic
def publish_signed(*, raw: bytes, key: PublicationKey, nonce: str) -> Tournament:
    """A laptop's upload, its envelope checked already, imported and made
    public (the background task of services/uploads.py calls this)."""
    data = read_document(unpack(raw))
    tournament = _publish(data, owner=key.owner, key=key, nonce=nonce)
    key.last_used_at = timezone.now()
    key.save(update_fields=["last_used_at"])
    return tournament


@transaction.atomic(durable=True)
def save_target(*, owner: User, url: str, key: str) -> PublicationTarget:
    """The laptop's settings: the hosted site and the key pasted from it."""
    key = key.strip()
    if not key.startswith(signing.KEY_PREFIX):
        raise TournamentError(
            _("Ce n'est pas une clé de publication : elle commence par « %(p)s ».")
            % {"p": signing.KEY_PREFIX},
            field="key",
        )
    target, _created = PublicationTarget.objects.update_or_create(
        owner=owner, defaults={"url": url.rstrip("/"), "key": key}
    )
    return target


def send_concours(*, tournament: Tournament, by: User) -> publish_client.Sent:
    """The laptop's « Publier »: the concours sent, signed with the key of
    the laptop's settings, to the hosted site. Writes nothing here; once the
    site took it, `hooks.CONCOURS_SENT` says the laptop is online."""
    target = PublicationTarget.objects.filter(owner=by).first()
    if target is None:
        raise TournamentError(
            _(
                "Indiquez d'abord le site en ligne et votre clé de publication "
                "(Organisation › Publication)."
            )
        )
    sent = publish_client.send(target.url, target.key, packed_backup(tournament))
    if sent.ok:
        hooks.announce(hooks.CONCOURS_SENT, tournament=tournament, by=by)
    return sent
