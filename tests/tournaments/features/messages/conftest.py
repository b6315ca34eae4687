"""Builders of the messages feature's tests, and a real SMTP server on
127.0.0.1 (aiosmtpd) that keeps what it accepts and refuses the addresses
it is told to refuse, or that is not there at all."""

from __future__ import annotations

import socket
from collections.abc import Iterator
from dataclasses import dataclass, field
from email import message_from_bytes, policy
from email.message import EmailMessage

import pytest
from aiosmtpd.controller import Controller
from django.test import override_settings

from tests.factories import qualified_tournament
from tournaments.features.messages.models import Consent
from tournaments.features.messages.services import consent as consents
from tournaments.models import Team, Tournament


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
    with socket.socket() as probe:
        probe.bind(("127.0.0.1", 0))
        return probe.getsockname()[1]


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
    with smtp_settings(server.port):
        yield server
    server.stop()


@pytest.fixture
def finished(organizer) -> Tournament:
    """A finished concours of 4 teams, one partie, no claims window: final."""
    tournament = qualified_tournament(owner=organizer, teams=4, parties=1, claims_window=False)
    assert tournament.status == Tournament.Status.FINISHED
    return tournament


def agree(team: Team, email: str, *, language: str = "fr", result: bool = True) -> Consent:
    return consents.give_consent(
        tournament=team.tournament,
        team=team,
        email=email,
        wants=consents.Wants(result=result),
        source=Consent.Source.DESK,
        language=language,
    )
