"""Builders of the messages feature's tests; the real SMTP server on
127.0.0.1 they send to is tests/mail.py's (its `smtp` fixture)."""

from __future__ import annotations

import pytest

from tests.factories import qualified_tournament
from tests.mail import Inbox, SmtpServer, free_port, smtp, smtp_settings  # noqa: F401
from tournaments.features.messages.models import Consent
from tournaments.features.messages.services import consent as consents
from tournaments.models import Team, Tournament


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
