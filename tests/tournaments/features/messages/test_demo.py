"""`manage.py demo` then `manage.py send_messages`: the demo's finished,
published concours has six teams who agreed (one reads English), and six
real mails reach the SMTP server on 127.0.0.1, once. The demo is the rows
the command wrote, built once a run (`demo_of_the_module`,
tests/built_demo.py), not a build of its own (4 s on SQLite, 10 to 30 s on
PostgreSQL)."""

from __future__ import annotations

import io

import pytest
from django.core.management import call_command

from tournaments.features.messages.models import Consent, Message
from tournaments.features.messages.services import demo

pytestmark = pytest.mark.django_db


def test_the_demo_then_send_messages_sends_six_real_mails_once(demo_of_the_module, smtp):
    consents = Consent.objects.filter(tournament__slug=demo.DEMO_SLUG)
    assert consents.count() == demo.TEAMS
    out = io.StringIO()
    call_command("send_messages", stdout=out)
    assert out.getvalue() == "6 messages envoyés.\n"  # French, and nothing to act on
    received = smtp.inbox.received
    assert sorted(m["To"] for m in received) == [demo.demo_address(n) for n in range(1, 7)]
    subjects = {m["To"]: m["Subject"] for m in received}
    assert subjects["equipe2@example.org"].startswith("Your result")
    assert subjects["equipe1@example.org"].startswith("Votre résultat")
    call_command("send_messages", stdout=io.StringIO())
    assert len(smtp.inbox.received) == 6
    assert Message.objects.filter(state=Message.State.SENT).count() == 6
