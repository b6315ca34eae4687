"""Mails to organizers (account confirmation, reminders, invitations),
plain text, in the reader's language, through Django's default mailer.

A mail is two templates, `accounts/mail/<name>_subject.txt` and
`accounts/mail/<name>.txt`, rendered under `language`. A mail server that
refuses or does not answer is logged and reported as False: the page says
so rather than failing. Must not decide who gets a mail (views/accounts.py
does) nor build links (the caller passes them in the context).
"""

from __future__ import annotations

import logging
import smtplib
from typing import Any

from django.core.mail import EmailMessage
from django.template.loader import render_to_string
from django.utils import translation

logger = logging.getLogger(__name__)


def render(name: str, context: dict[str, Any], language: str) -> tuple[str, str]:
    """(subject, body) of mail `name` in `language`."""
    with translation.override(language):
        subject = render_to_string(f"accounts/mail/{name}_subject.txt", context)
        body = render_to_string(f"accounts/mail/{name}.txt", context)
    return " ".join(subject.split()), body.strip() + "\n"


def send(name: str, *, to: str, context: dict[str, Any], language: str) -> bool:
    """Send mail `name` to `to`; False when the mail server failed."""
    subject, body = render(name, context, language)
    try:
        EmailMessage(subject=subject, body=body, to=[to]).send()
    except (OSError, smtplib.SMTPException):
        logger.exception("Mail %s could not be sent", name)
        return False
    return True
