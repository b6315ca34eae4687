"""One concours played in several halls at once (issue 27, simultaneous
halls): the organizer declares the halls and the planned parties, and each
hall's concours file comes in, uploaded by the organizer or sent signed
from the hall's laptop with the hall's key (`send_hall_file`, there).

Every write is one transaction. A file is checked in this order, each
refusal one sentence next to the field and nothing written: its size, its
JSON, that it is a concours file, its date (the concours's), the checker
(a file whose marques or rankings do not recompute was changed by hand),
that it is played as the halls already in (same rules, ranking, end), and
that it is not older than the hall's file already received (a later,
fuller file replaces it; an older one only when the organizer says so).
The signed upload reuses the publication's signature and its receipts
(services/publication.py): a key unknown, a moment off, a body changed
on the way or an upload sent twice is refused. Must not: read a request,
nor compute a ranking (checker/halls.py merges), nor speak to the network
itself (infra/publish_client.py does).
"""

from __future__ import annotations

import json
import secrets
from dataclasses import dataclass

from django.db import transaction
from django.utils import timezone
from django.utils.translation import gettext as _
from django.utils.translation import ngettext

from checker import FORMAT, READS, limits
from checker import halls as merging
from checker.check import check
from tournaments import hooks
from tournaments.display.errors import engine_error
from tournaments.display.hall import clock_time
from tournaments.domain import publication as signing
from tournaments.features.halls import display as words
from tournaments.features.halls.display import Action
from tournaments.features.halls.models import MAX_HALLS, HallMerge, MergedHall
from tournaments.infra import publish_client
from tournaments.models import Tournament, Upload
from tournaments.queries.concours_file import concours_file
from tournaments.services import uploads
from tournaments.services.audit import Actor, home_changed, log_change
from tournaments.services.errors import TournamentError
from tournaments.services.publication import UploadRefused, check_envelope, unpack

#: What a hall's key starts with (« bs_ », a hall's sending key), so that it
#: is not taken for a publication key.
KEY_PREFIX = "bs_"


@dataclass(frozen=True)
class NewHallKey:
    hall: MergedHall
    secret: str  # shown once, never stored


def _names(lines: list[str]) -> list[str]:
    names = [" ".join(line.split()) for line in lines]
    names = [name for name in names if name]
    if len(names) < 2:
        raise TournamentError(_("Indiquez au moins deux salles, une par ligne."), field="halls")
    if len(names) > MAX_HALLS:
        raise TournamentError(
            _("Au plus %(n)s salles.") % {"n": MAX_HALLS},
            field="halls",
        )
    seen: set[str] = set()
    for name in names:
        if len(name) > 80:
            raise TournamentError(
                _("Le nom « %(name)s » est trop long (80 caractères au plus).") % {"name": name},
                field="halls",
            )
        if name.casefold() in seen:
            raise TournamentError(
                _("La salle « %(name)s » est écrite deux fois.") % {"name": name}, field="halls"
            )
        seen.add(name.casefold())
    return names


@transaction.atomic(durable=True)
def declare_halls(
    *, tournament: Tournament, names: list[str], planned: int, by: Actor | None
) -> HallMerge:
    """The concours « joué dans plusieurs salles »: its halls (a hall that
    stays keeps its file and key) and its planned parties."""
    names = _names(names)
    merge, _created = HallMerge.objects.select_for_update().get_or_create(
        tournament=tournament, defaults={"planned": planned}
    )
    merge.planned = planned
    merge.save(update_fields=["planned"])
    concours = Tournament.objects.select_for_update().get(pk=tournament.pk)
    if not concours.has_feature("halls"):  # the halls' pages and links show from now on
        concours.set_feature("halls", True)
        concours.save(update_fields=["features"])
        tournament.features = concours.features
    kept = {hall.name.casefold(): hall for hall in merge.halls.all()}
    wanted = {name.casefold() for name in names}
    for folded, hall in kept.items():
        if folded not in wanted:
            if hall.document is not None:
                raise TournamentError(
                    _("La salle « %(name)s » a déjà envoyé son fichier : gardez-la.")
                    % {"name": hall.name},
                    field="halls",
                )
            hall.delete()
    for position, name in enumerate(names, start=1):
        hall = kept.get(name.casefold())
        if hall is None:
            MergedHall.objects.create(merge=merge, position=position, name=name)
        else:
            hall.position, hall.name = position, name
            hall.save(update_fields=["position", "name"])
    log_change(
        tournament,
        Action.HALLS_DECLARED,
        by=by,
        after={"halls": names, "planned": planned},
    )
    return merge


@transaction.atomic(durable=True)
def new_hall_key(*, tournament: Tournament, hall_id: int) -> NewHallKey:
    """A new sending key for one hall's laptop (its earlier key stops)."""
    hall = (
        MergedHall.objects.select_for_update()
        .filter(merge__tournament=tournament, pk=hall_id)
        .first()
    )
    if hall is None:
        raise TournamentError(_("Cette salle n'est pas celle de ce concours."))
    secret = KEY_PREFIX + secrets.token_urlsafe(30)
    hall.key_digest = signing.digest(secret)
    hall.key_prefix = secret[: len(KEY_PREFIX) + 6]
    hall.save(update_fields=["key_digest", "key_prefix"])
    return NewHallKey(hall=hall, secret=secret)


def _refused(detail: str) -> TournamentError:
    return TournamentError(
        _("Fichier refusé, rien n'a changé : %(detail)s") % {"detail": detail}, field="file"
    )


def read_hall_file(raw: bytes) -> dict:
    """A hall's file read, and refused (TournamentError, one sentence) as
    soon as it is not a concours file or passes a limit (checker/limits.py):
    its bytes, decompressed at most to the limit, then its counts. Cheap
    (a few milliseconds a megabyte): a request may call it."""
    if len(raw) > limits.MAX_FILE_BYTES:
        raise _refused(_too_big())
    try:
        text = unpack(raw, limit=limits.MAX_FILE_BYTES)
    except TournamentError as exc:
        raise _refused(_("le fichier compressé est abîmé.")) from exc
    if len(text) > limits.MAX_FILE_BYTES:
        raise _refused(_too_big())
    try:
        data = json.loads(text.decode("utf-8-sig"))
    except (UnicodeDecodeError, ValueError, RecursionError) as exc:
        raise _refused(
            _("ce n'est pas un « Fichier du concours » (il ne se lit pas en JSON).")
        ) from exc
    if not isinstance(data, dict) or data.get("format") != FORMAT:
        raise _refused(
            _(
                "ce n'est pas un « Fichier du concours » (téléchargez-le depuis la page "
                "du concours, sur l'ordinateur de la salle)."
            )
        )
    if data.get("version") not in READS:
        raise _refused(_("ce fichier du concours est d'une version que ce site ne lit pas."))
    excess = limits.excess(data)
    if excess is not None:
        raise _refused(words.limit_sentence(excess))
    return data


def _too_big() -> str:
    return _(
        "décompressé, il dépasse %(mb)s Mo (le fichier d'un concours de 128 équipes en "
        "8 parties en fait 1,4)."
    ) % {"mb": limits.MAX_FILE_BYTES // (1024 * 1024)}


def check_hall_file(data: dict, tournament: Tournament) -> None:
    """The file is this concours's (its date) and recomputes (the checker):
    the heavy part, which reads no table and writes nothing, so that it runs
    outside any transaction (a hall on SQLite keeps saving its deals)."""
    day = (data.get("concours") or {}).get("date")
    if day != tournament.date.isoformat():
        raise _refused(
            _("c'est le fichier d'un autre concours (daté du %(file)s, ce concours du %(ours)s).")
            % {"file": day or "?", "ours": tournament.date.isoformat()}
        )
    differences = check(data, translate=_, engine_words=engine_error)
    if differences:
        raise _refused(
            ngettext(
                "le vérificateur y trouve %(n)s différence, le fichier a été modifié : %(first)s",
                "le vérificateur y trouve %(n)s différences, le fichier a été modifié : %(first)s",
                len(differences),
            )
            % {"n": len(differences), "first": differences[0]}
        )


def _agrees_with_halls(data: dict, hall: MergedHall) -> None:
    """Played as the halls already in (rules, ranking, end: one of them is
    enough, they agree with one another), and with teams of its own: none
    of another hall's, none twice (issue 35, item 6)."""
    others = [
        (other.name, other.document)
        for other in hall.merge.halls.exclude(pk=hall.pk).filter(document__isnull=False)
    ]
    try:
        if others:
            merging.same_concours([others[0], (hall.name, data)], translate=_)
        merging.own_teams(hall.name, data, others, translate=_)
    except merging.MergeError as error:
        raise _refused(str(error)) from error


def _not_older(data: dict, hall: MergedHall, *, replace_older: bool) -> tuple[int, int]:
    closed, tables = merging.progress(data)
    if hall.document is None:
        return closed, tables
    if data == hall.document:
        raise _refused(_("ce fichier est déjà celui de la salle."))
    if (closed, tables) < (hall.closed, hall.progress) and not replace_older:
        raise _refused(
            _(
                "ce fichier est plus ancien que celui reçu à %(at)s (%(new)s parties closes et "
                "%(tables)s tables finies, contre %(old)s et %(old_tables)s) : il ne le "
                "remplace pas."
            )
            % {
                "at": clock_time(hall.received_at),
                "new": closed,
                "tables": tables,
                "old": hall.closed,
                "old_tables": hall.progress,
            }
        )
    return closed, tables


@transaction.atomic
def keep_hall_file(
    *, hall: MergedHall, data: dict, by: Actor | None = None, replace_older: bool = False
) -> MergedHall:
    """A hall's file already read and checked (`read_hall_file`,
    `check_hall_file`), kept as the hall's file: one short transaction."""
    hall = (
        MergedHall.objects.select_for_update().select_related("merge__tournament").get(pk=hall.pk)
    )
    tournament = hall.merge.tournament
    _agrees_with_halls(data, hall)
    closed, tables = _not_older(data, hall, replace_older=replace_older)
    replaced = hall.document is not None
    hall.document = data
    hall.received_at = timezone.now()
    hall.closed, hall.progress = closed, tables
    hall.teams = sum(1 for team in data.get("teams", ()) if team.get("round") is None)
    hall.save(update_fields=["document", "received_at", "closed", "progress", "teams"])
    log_change(
        tournament,
        Action.HALL_FILE,
        by=by,
        reason=hall.name,
        after={"hall": hall.name, "closed": closed, "tables": tables, "replaced": replaced},
    )
    home_changed()  # the home lists the concours anew (a core action's line would say it)
    # The last hall in makes the ranking final: a league's stage holding
    # this concours sends its qualified teams on by itself (as a last partie
    # closed does for a concours played in one hall).
    hooks.announce(hooks.TOURNAMENT_FINAL, tournament=tournament, by=by)
    return hall


def receive_hall_file(
    *, hall: MergedHall, raw: bytes, by: Actor | None = None, replace_older: bool = False
) -> MergedHall:
    """A hall's concours file, read, checked, kept as the hall's file (the
    three steps in a row: the background task runs them so, issue 35)."""
    data = read_hall_file(raw)
    check_hall_file(data, hall.merge.tournament)
    return keep_hall_file(hall=hall, data=data, by=by, replace_older=replace_older)


def hall_for(secret: str) -> MergedHall:
    """The hall of a sending key, or UploadRefused."""
    hall = (
        MergedHall.objects.select_related("merge__tournament__owner")
        .filter(key_digest=signing.digest(secret or ""))
        .first()
    )
    if not secret or hall is None:
        raise UploadRefused(
            _("Clé de salle inconnue : demandez la clé de la salle à l'organisateur du concours."),
            status=401,
        )
    return hall


def queue_hall_file(
    *, hall: MergedHall, raw: bytes, by: Actor | None, replace_older: bool = False
) -> Upload:
    """A hall's file uploaded by its organizer on « Plusieurs salles », read
    in the background (services/uploads.py)."""
    uploads.count(by)
    read_hall_file(raw)
    return uploads.queue(
        owner=by,
        kind=Upload.Kind.HALL_FILE,
        hall_id=hall.pk,
        replace_older=replace_older,
        body=raw,
    )


def queue_signed_hall_file(
    *, secret: str, moment: str, nonce: str, signature: str, body: bytes, now: float | None = None
) -> Upload:
    """A hall's file sent signed from its laptop with the hall's key (its
    envelope as a publication's); refused whole with `UploadRefused`."""
    hall = hall_for(secret)
    check_envelope(
        secret=secret,
        moment=moment,
        nonce=nonce,
        signature=signature,
        body=body,
        now=now,
        tampered=_(
            "Envoi refusé : le fichier a été modifié en route (signature fausse). Rien n'a changé."
        ),
        replayed=_("Cet envoi a déjà été reçu : rien n'a changé."),
    )
    owner = hall.merge.tournament.owner
    uploads.check_signed(owner, lambda: read_hall_file(body))
    return uploads.queue_once(
        owner=owner, kind=Upload.Kind.HALL_FILE, hall_id=hall.pk, nonce=nonce, body=body
    )


def forget_uploads(sender: type, instance: MergedHall, **kwargs: object) -> None:
    """A hall deleted (or its concours): its files waiting or read go too,
    as a foreign key's cascade did when the core's `Upload` had one."""
    Upload.objects.filter(kind=Upload.Kind.HALL_FILE, hall_id=instance.pk).delete()


def read_upload(upload: Upload) -> dict:
    """The background task's heavy part: the hall's file read and checked."""
    hall = MergedHall.objects.select_related("merge__tournament").get(pk=upload.hall_id)
    data = read_hall_file(bytes(upload.body))
    check_hall_file(data, hall.merge.tournament)
    return data


def keep_upload(upload: Upload, data: dict) -> str:
    """In the task's transaction: the file kept as its hall's."""
    hall = keep_hall_file(
        hall=MergedHall.objects.get(pk=upload.hall_id),
        data=data,
        by=None if upload.nonce else upload.owner,
        replace_older=upload.replace_older,
    )
    return _("Fichier de « %(hall)s » reçu.") % {"hall": hall.name}


def send_hall_file(*, tournament: Tournament, url: str, key: str) -> publish_client.Sent:
    """On a hall's laptop: this concours's file sent, signed with the hall's
    key, to the site where the halls are merged. Writes nothing here."""
    key = key.strip()
    if not key.startswith(KEY_PREFIX):
        raise TournamentError(
            _("Ce n'est pas une clé de salle : elle commence par « %(p)s ».") % {"p": KEY_PREFIX},
            field="key",
        )
    body = json.dumps(concours_file(tournament), ensure_ascii=False).encode()
    return publish_client.send(url, key, body, path=publish_client.HALL_RECEIVE_PATH)
