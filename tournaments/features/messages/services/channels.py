"""How a message leaves: a channel takes one message and says what became
of it. E-mail is the one shipped (Django's mailer, the usual `EMAIL_*`
settings); a paid SMS provider would be another class with the same
`deliver`, plugged in by an operator — none is shipped, not even a fake.

A channel answers with `Delivery`: `SENT` (the server accepted: never
again), `REFUSED` (the server said no for good: not again either), or
`UNREACHABLE` (no connection, a server busy: later). A mailer that only
keeps mails on this machine (Django's file backend, the hall laptop's
default without mail settings) delivers nothing: `open` says so
(`NoMailServer`) rather than count a file written as a message sent.
Must not: touch the database (sending.py does, around each delivery).
"""

from __future__ import annotations

import contextlib
import smtplib
from dataclasses import dataclass
from email.utils import formataddr
from typing import Protocol

from django.conf import settings
from django.core.mail import EmailMessage, mailers
from django.core.mail.backends.filebased import EmailBackend as FileBackend
from django.utils.module_loading import import_string

SENT = "sent"
REFUSED = "refused"
UNREACHABLE = "unreachable"


@dataclass(frozen=True)
class Outgoing:
    to: str
    subject: str
    body: str
    message_id: str
    stop_link: str
    #: The organizer's club (services/sender.py): the sender's name, and
    #: where the players' answers go.
    sender: str = ""
    reply_to: str = ""


@dataclass(frozen=True)
class Delivery:
    outcome: str
    reason: str = ""


class Channel(Protocol):
    def open(self) -> None: ...

    def deliver(self, outgoing: Outgoing) -> Delivery: ...

    def close(self) -> None: ...


def _words(code: int, text: bytes | str) -> str:
    """The server's answer as the desk shows it: « 550 5.1.1 Adresse inconnue »."""
    if isinstance(text, bytes):
        text = text.decode("utf-8", "replace")
    return f"{code} {text}"[:300]


class NoMailServer(OSError):
    """The default mailer writes mails as files on this machine: none would leave."""


def keeps_mail_here(connection: object) -> bool:
    """Whether `connection` only writes mails on this machine (Django's file
    backend or one built on it, as tournaments/infra/mail_files.py)."""
    return isinstance(connection, FileBackend)


def default_keeps_mail_here() -> bool:
    """Whether Django's default mailer, as set, only writes mails on this
    machine (asked without opening it)."""
    path = getattr(settings, "MAILERS", {}).get("default", {}).get("BACKEND", "")
    return bool(path) and issubclass(import_string(path), FileBackend)


class EmailChannel:
    """One connection to the mail server for a batch of messages."""

    def __init__(self) -> None:
        self.connection = mailers.default

    def open(self) -> None:
        if keeps_mail_here(self.connection):
            raise NoMailServer("EMAIL_BACKEND=file")
        self.connection.open()

    def close(self) -> None:
        with contextlib.suppress(OSError):  # smtplib's errors are OSErrors
            self.connection.close()

    def deliver(self, outgoing: Outgoing) -> Delivery:
        message = EmailMessage(
            subject=outgoing.subject,
            body=outgoing.body,
            from_email=formataddr((outgoing.sender, settings.DEFAULT_FROM_EMAIL)),
            to=[outgoing.to],
            reply_to=[outgoing.reply_to] if outgoing.reply_to else [],
            headers={
                "Message-ID": outgoing.message_id,
                # One tap in the reader's mail program stops them too (RFC 8058).
                "List-Unsubscribe": f"<{outgoing.stop_link}>",
                "List-Unsubscribe-Post": "List-Unsubscribe=One-Click",
                "Auto-Submitted": "auto-generated",
            },
        )
        try:
            if not self.connection.send_messages([message]):
                return Delivery(UNREACHABLE, "0")
        except smtplib.SMTPRecipientsRefused as error:
            code, text = next(iter(error.recipients.values()))
            reason = (
                f"{code} {text.decode('utf-8', 'replace') if isinstance(text, bytes) else text}"
            )
            return Delivery(REFUSED if code >= 500 else UNREACHABLE, reason[:300])
        except smtplib.SMTPResponseException as error:
            outcome = REFUSED if 500 <= error.smtp_code < 600 else UNREACHABLE
            return Delivery(outcome, _words(error.smtp_code, error.smtp_error))
        except (TimeoutError, OSError, smtplib.SMTPException) as error:
            return Delivery(UNREACHABLE, (str(error) or type(error).__name__)[:300])
        return Delivery(SENT)
