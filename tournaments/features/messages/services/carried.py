"""The players' agreements carried in a concours's backup (issue 40): the
hall laptop without a mail server hands its players' messages to the
hosted site it publishes to, which sends them, each once.

- `backup_section` (`hooks.BACKUP_SECTIONS`): each agreement of the
  concours's teams (its address, language, ticks, stop and token, its
  mailbox's stop, which stops only this concours there; never a
  confirmation, which only the site's own link gives), the messages
  already dealt with here (sent, refused, stopped, on their way) and
  `hands_over`: whether this instance has no mail server, so that the
  instance importing the file sends the rest.
- `take_section` (`hooks.CONCOURS_IMPORTED`): the importing instance
  takes the agreements when the file hands them over (a laptop with a mail
  server keeps sending its own: the site then takes none, and exactly one
  of the two sends), with their tokens (the stop links mailed from the
  hall work here) unless another concours's agreement holds one; the
  messages dealt with there are written here in their final state, so the
  outbox never queues them, without a Message-ID (never this site's first
  message to an address: sending.py); so are those the copy it replaces
  sent (`earlier`), whose tokens and Message-IDs it keeps. The rest is
  queued and sent by this instance's worker, with its own links.
- `hand_over` (`hooks.CONCOURS_SENT`, on the laptop): its messages still
  queued are marked handed to the site, never sent here.

Must not: send, or trust the file (each value is checked; a fault refuses
the whole file with the backup's one sentence).
"""

from __future__ import annotations

import datetime
import re
from typing import Any

from django.conf import settings
from django.core.exceptions import ValidationError
from django.core.validators import validate_email
from django.utils import timezone
from django.utils.translation import gettext as _

from tournaments.features.messages import display
from tournaments.features.messages.models import Consent, Message, new_token
from tournaments.features.messages.services import tasks
from tournaments.features.messages.services.channels import default_keeps_mail_here
from tournaments.features.messages.services.sending import mailbox_for
from tournaments.models import Tournament, email_key
from tournaments.services.backup import refusal

#: The feature's name in the document's `features`.
SECTION = "messages"
#: The most agreements and messages dealt with a file may carry.
MAX_CONSENTS = 20_000
MAX_DONE = 200_000
#: A message in one of these states is never sent again, wherever it goes.
DONE = (Message.State.SENT, Message.State.REFUSED, Message.State.STOPPED, Message.State.SENDING)
TOKEN = re.compile(r"[A-Za-z0-9_-]{1,32}")


def handed_to_site() -> str:
    return _("Confié au site en ligne, qui l'envoie.")


def carried_reason() -> str:
    return _("Déjà traité avant cette publication : jamais renvoyé.")


def _moment(value: datetime.datetime | None) -> str | None:
    return value.isoformat() if value is not None else None


def backup_section(*, tournament: Tournament) -> dict[str, Any] | None:
    """The concours's agreements and its messages dealt with (None: none)."""
    consents = list(
        Consent.objects.filter(tournament=tournament, team__isnull=False)
        .select_related("mailbox", "team")
        .order_by("pk")
    )
    if not consents:
        return None
    done = (
        Message.objects.filter(consent__in=consents, state__in=DONE)
        .order_by("pk")
        .values_list("consent_id", "kind", "ref", "state", "sent_at", "reason", "message_id")
    )
    return {
        SECTION: {
            "hands_over": default_keeps_mail_here(),
            "consents": [_consent_row(c) for c in consents],
            "done": [
                {"consent": c, "kind": k, "ref": r, "state": s, "sent_at": _moment(at)}
                | {"message_id": message_id}
                for c, k, r, s, at, reason, message_id in done
                # handed to the site: the site sends it, so it is not done
                if not (s == Message.State.STOPPED and display.handed_over(reason))
            ],
        }
    }


def _consent_row(consent: Consent) -> dict[str, Any]:
    return {
        "id": consent.pk,
        "team": consent.team_id,
        "team_number": consent.team.number,
        "email": consent.email,
        "language": consent.language,
        "wants_result": consent.wants_result,
        "wants_table": consent.wants_table,
        "wants_waiting": consent.wants_waiting,
        "source": consent.source,
        "stopped_at": _moment(consent.stopped_at),
        "token": consent.token,
        "mailbox_stopped_at": _moment(consent.mailbox.stopped_at),
    }


def hand_over(tournament: Tournament) -> int:
    """On the laptop without a mail server, once the site took the concours:
    its messages still queued are the site's to send, never this laptop's."""
    if not default_keeps_mail_here():
        return 0  # a laptop with a mail server sends its own (the site took none)
    return Message.objects.filter(tournament=tournament, state=Message.State.QUEUED).update(
        state=Message.State.STOPPED, reason=handed_to_site()[:300], claimed_at=None
    )


def take_section(
    *, tournament: Tournament, sections, earlier, team_ids: dict[int, int], by
) -> None:
    """The agreements and messages dealt with of the file, when it hands
    them over; with what the copy replaced sent (`earlier`)."""
    section = sections.get(SECTION)
    if section is None:
        return
    rows, done = _checked(section, team_ids)
    if not section.get("hands_over"):
        return
    before = _earlier(earlier.get(SECTION))
    made: dict[int, Consent] = {}
    for row in rows:
        made[row["id"]] = _take_consent(tournament, row, team_ids, before)
    messages = [_done_message(made[d["consent"]], d) for d in done]
    for consent in made.values():
        messages += [
            _done_message(consent, d, ours=True)
            for d in before["done"].get((consent.mailbox.key, consent.team.number), [])
        ]
    Message.objects.bulk_create(messages, ignore_conflicts=True, batch_size=500)
    if made:
        tasks.wake_sender()


def _earlier(section: Any) -> dict[str, dict]:
    """The copy replaced, by (mailbox, team number): its tokens and stops,
    and its messages dealt with (written by this instance: trusted)."""
    found: dict[str, dict] = {"consents": {}, "done": {}}
    if not isinstance(section, dict):
        return found
    by_id = {}
    for row in section.get("consents", []):
        where = (email_key(row["email"]), row["team_number"])
        found["consents"][where] = row
        by_id[row["id"]] = where
    for row in section.get("done", []):
        found["done"].setdefault(by_id[row["consent"]], []).append(row)
    return found


def _take_consent(tournament, row, team_ids, before) -> Consent:
    mailbox = mailbox_for(row["email"])
    # The file changes nothing of the mailbox: on a site shared by many
    # organizers only the links mailed to an address stop or confirm it (a
    # file naming a stranger's, « stopped everywhere », would silence every
    # other organizer's messages; « confirmed », flood it). The laptop's
    # « stopped everywhere » stops this concours's messages here.
    earlier = before["consents"].get((mailbox.key, row["team_number"]), {})
    token = earlier.get("token") or row["token"]
    if Consent.objects.filter(token=token).exists():
        token = new_token()  # another concours's: its stop link stays its own
    return Consent.objects.create(
        tournament=tournament,
        team_id=team_ids[row["team"]],
        email=row["email"],
        mailbox=mailbox,
        language=row["language"],
        wants_result=row["wants_result"],
        wants_table=row["wants_table"],
        wants_waiting=row["wants_waiting"],
        source=row["source"],
        stopped_at=row["stopped_at"]
        or row["mailbox_stopped_at"]
        or _when(earlier.get("stopped_at")),
        token=token,
    )


def _done_message(consent: Consent, row: dict[str, Any], *, ours: bool = False) -> Message:
    """A message dealt with: its Message-ID (this site sent it, so it asked
    for the address's confirmation) only from the copy this instance wrote
    (`ours`), never from a file."""
    state = Message.State.SENT if row["state"] == Message.State.SENDING else row["state"]
    return Message(
        consent=consent,
        tournament_id=consent.tournament_id,
        kind=row["kind"],
        ref=row["ref"],
        to=consent.email,
        mailbox=consent.mailbox,
        language=consent.language,
        subject=str(Message.Kind(row["kind"]).label),  # its text stayed where it was written
        body="",
        state=state,
        reason=carried_reason(),
        sent_at=_when(row["sent_at"]),
        message_id=row.get("message_id", "") if ours else "",
    )


def _when(value: Any) -> datetime.datetime | None:
    return datetime.datetime.fromisoformat(value) if isinstance(value, str) else value


def _checked(section: Any, team_ids: dict[int, int]) -> tuple[list[dict], list[dict]]:
    """The section's agreements and messages dealt with, each value checked;
    refused whole, with the backup's sentence, at the first fault."""
    if not isinstance(section, dict):
        raise _fault("messages", section)
    if not isinstance(section.get("hands_over", False), bool):
        raise _fault("hands_over", section.get("hands_over"))
    rows = section.get("consents", [])
    done = section.get("done", [])
    if not isinstance(rows, list) or len(rows) > MAX_CONSENTS:
        raise _fault("consents", rows)
    if not isinstance(done, list) or len(done) > MAX_DONE:
        raise _fault("done", done)
    checked = [_checked_consent(row, team_ids) for row in rows]
    pairs = [(email_key(r["email"]), r["team"]) for r in checked]
    ids = {r["id"] for r in checked}
    if len(set(pairs)) != len(pairs) or len(ids) != len(checked):
        raise _fault("consents", "…")
    return checked, [_checked_done(row, ids) for row in done]


def _checked_consent(row: Any, team_ids: dict[int, int]) -> dict[str, Any]:
    if not isinstance(row, dict):
        raise _fault("consents", row)
    values = dict(row)
    for name in ("wants_result", "wants_table", "wants_waiting"):
        if not isinstance(values.get(name), bool):
            raise _fault(name, values.get(name))
    if type(values.get("id")) is not int:
        raise _fault("id", values.get("id"))
    if values.get("team") not in team_ids or type(values.get("team_number")) is not int:
        raise _fault("team", values.get("team"))
    email = values.get("email")
    try:
        if not isinstance(email, str) or len(email) > 200:
            raise ValidationError("")
        validate_email(email)
    except ValidationError as exc:
        raise _fault("email", email) from exc
    if values.get("language") not in dict(settings.LANGUAGES):
        raise _fault("language", values.get("language"))
    if values.get("source") not in Consent.Source.values:
        raise _fault("source", values.get("source"))
    if not isinstance(values.get("token"), str) or not TOKEN.fullmatch(values["token"]):
        raise _fault("token", values.get("token"))
    for name in ("stopped_at", "mailbox_stopped_at"):
        values[name] = _checked_moment(name, values.get(name))
    return values


def _checked_done(row: Any, ids: set[int]) -> dict[str, Any]:
    if not isinstance(row, dict) or row.get("consent") not in ids:
        raise _fault("done", row)
    if row.get("kind") not in Message.Kind.values:
        raise _fault("kind", row.get("kind"))
    if not isinstance(row.get("ref"), str) or len(row["ref"]) > 40:
        raise _fault("ref", row.get("ref"))
    if row.get("state") not in DONE:
        raise _fault("state", row.get("state"))
    return {**row, "sent_at": _checked_moment("sent_at", row.get("sent_at"))}


def _checked_moment(name: str, value: Any) -> datetime.datetime | None:
    if value is None:
        return None
    try:
        moment = datetime.datetime.fromisoformat(value)
    except (TypeError, ValueError) as exc:
        raise _fault(name, value) from exc
    if timezone.is_naive(moment):
        raise _fault(name, value)
    return moment


def _fault(name: str, value: Any):
    shown = repr(value)[:40]
    return refusal(
        _("messages aux joueurs, %(name)s : valeur refusée (%(value)s)")
        % {"name": name, "value": shown}
    )
