"""A real SMTP server on 127.0.0.1 (aiosmtpd) for the tests that send mail:
it keeps what it accepts and refuses the addresses it is told to refuse, or
it is not there at all (not started). The `smtp` fixture runs one with
Django's mailer pointed at it: the messages feature's tests (their
conftest.py) and the journeys that read a mail (tests/browser) use it."""

from __future__ import annotations

from collections.abc import Iterator
from dataclasses import dataclass, field
from email import message_from_bytes, policy
from email.message import EmailMessage

import pytest
from aiosmtpd.controller import Controller
from django.test import override_settings

from bench.ports import server_port


@dataclass
class Inbox:
    """What the server accepted, and the addresses it answers 550 to."""

    received: list[EmailMessage] = field(default_factory=list)
    refuse: set[str] = field(default_factory=set)

    async def handle_RCPT(self, server, session, envelope, address, rcpt_options):
        if address in self.refuse:
            return "550 5.1.1 Adresse inconnue"
        envelope.rcpt_tos.append(address)
        return "250 OK"

    async def handle_DATA(self, server, session, envelope):
        self.received.append(message_from_bytes(envelope.content, policy=policy.default))
        return "250 Message accepted for delivery"

    def to(self, address: str) -> list[EmailMessage]:
        return [m for m in self.received if m["To"] == address]


def free_port() -> int:
    """A port for the SMTP server (bench/ports.py: none an outgoing connection takes)."""
    return server_port()


def smtp_settings(port: int):
    """Django's mail settings pointing at 127.0.0.1:`port`, as EMAIL_BACKEND=smtp makes them."""
    return override_settings(
        MAILERS={
            "default": {
                "BACKEND": "django.core.mail.backends.smtp.EmailBackend",
                "OPTIONS": {"host": "127.0.0.1", "port": port, "timeout": 5},
            }
        }
    )


class SmtpServer:
    def __init__(self) -> None:
        self.port = free_port()
        self.inbox = Inbox()
        self.controller: Controller | None = None

    def start(self) -> None:
        self.controller = Controller(self.inbox, hostname="127.0.0.1", port=self.port)
        self.controller.start()

    def stop(self) -> None:
        if self.controller is not None:
            self.controller.stop()
            self.controller = None


@pytest.fixture
def smtp() -> Iterator[SmtpServer]:
    """A running SMTP server on 127.0.0.1, and Django's mailer pointed at it."""
    server = SmtpServer()
    server.start()
    try:
        with smtp_settings(server.port):
            yield server
    finally:
        server.stop()
