"""Mails written as files on the hall's laptop, one readable file a mail.

A village hall has no mail server: the hall server writes each mail in the
data folder (`courriels/`), and the organizer reads it there or on the
« Courriels » page. Django's own file backend writes them as a mail server
would receive them (quoted-printable or base64, long lines folded), which a
volunteer cannot read and whose link breaks over two lines. Here a mail is
plain UTF-8 text, 8bit, no line folded: headers, a blank line, the body as
it was written, its link whole.

Must not decide who gets a mail (views do) nor render one (mail.py does).
"""

from __future__ import annotations

import datetime
import email.utils
import secrets
from dataclasses import dataclass
from email import policy
from email.message import EmailMessage as MimeMessage
from email.parser import BytesParser
from pathlib import Path

from django.conf import settings
from django.core.mail.backends.filebased import EmailBackend as DjangoFileBackend
from django.utils import timezone

from tournaments.infra.middleware import on_this_machine

BACKEND = "tournaments.infra.mail_files.EmailBackend"
# UTF-8 headers, no folding: the file is read by a person, not a mail server.
READABLE = policy.SMTPUTF8.clone(max_line_length=0)


def readable_bytes(message) -> bytes:
    """A Django mail as plain UTF-8 text (8bit), headers unencoded."""
    mime = MimeMessage(policy=READABLE)
    mime["From"] = message.from_email
    mime["To"] = ", ".join(message.to)
    if message.cc:
        mime["Cc"] = ", ".join(message.cc)
    mime["Subject"] = message.subject
    mime["Date"] = email.utils.format_datetime(timezone.localtime())
    mime.set_content(message.body, charset="utf-8", cte="8bit")
    return mime.as_bytes(policy=READABLE)


class EmailBackend(DjangoFileBackend):
    """Django's file backend (its checks of the folder), one `.eml` file a
    mail, readable as it is."""

    def send_messages(self, email_messages) -> int:
        sent = 0
        folder = Path(self.file_path)
        for message in email_messages:
            if not message.recipients():
                continue
            # To the microsecond: the names sort in the order the mails were
            # written, two in the same second included (« Courriels » lists
            # them newest first by name).
            stamp = timezone.localtime().strftime("%Y%m%d-%H%M%S-%f")
            path = folder / f"{stamp}-{secrets.token_hex(4)}.eml"
            path.write_bytes(readable_bytes(message))
            sent += 1
        return sent


def enabled() -> bool:
    """Whether mails are written as files by this backend (the hall)."""
    return settings.MAILERS.get("default", {}).get("BACKEND") == BACKEND


def readable_by(request) -> bool:
    """Whether this request may read the written mails: the file backend is
    on, and on the hall the request comes from the laptop itself, as for
    the back office (a phone on the Wi-Fi must not read another
    organizer's password link)."""
    if not enabled():
        return False
    return not settings.HALL or settings.HALL_ADMIN_ON_NETWORK or on_this_machine(request)


def folder() -> Path:
    return Path(settings.MAILERS["default"]["OPTIONS"]["file_path"])


@dataclass(frozen=True)
class WrittenMail:
    name: str
    to: str
    subject: str
    date: datetime.datetime | None
    body: str


def _read(path: Path) -> WrittenMail:
    mail = BytesParser(policy=policy.default).parsebytes(path.read_bytes())
    try:
        date = email.utils.parsedate_to_datetime(str(mail["Date"]))
    except (TypeError, ValueError):
        date = None
    part = mail.get_body(preferencelist=("plain",))
    body = part.get_content() if part is not None else ""
    return WrittenMail(path.name, str(mail["To"] or ""), str(mail["Subject"] or ""), date, body)


def written_mails(*, limit: int = 100) -> list[WrittenMail]:
    """The latest mails written in the folder, newest first."""
    if not enabled() or not folder().is_dir():
        return []
    paths = sorted(folder().glob("*.eml"), key=lambda p: p.name, reverse=True)
    return [_read(path) for path in paths[:limit]]
