"""Benchmark of the players' messages (issue 40; a script, not a test).

Times what the issue asks, paired with nothing (it is new): queuing 1,000
result messages (500 teams of a finished concours, each with two players
who gave an address: texts written in each reader's language, one row
each), then sending them to a real SMTP server on 127.0.0.1 (aiosmtpd, in
this process) through Django's SMTP mailer, exactly as `manage.py
send_messages` does, one connection for the batch. Must not: touch the
developer's database (a fresh SQLite in a temporary folder).

Run from the project root:

    .venv/bin/python -m bench.messages [--teams 500] [--runs 3]
"""

from __future__ import annotations

import argparse
import statistics
import tempfile
import time
from pathlib import Path

from bench.builders import finished_concours, setup_django


def _agree(tournament) -> int:
    from tournaments.features.messages.models import Consent, Mailbox

    teams = list(tournament.teams.filter(round__isnull=True))
    keys = [f"joueur{t.number}-{n}@example.org" for t in teams for n in (1, 2)]
    Mailbox.objects.bulk_create(Mailbox(key=k) for k in keys)
    boxes = {m.key: m for m in Mailbox.objects.all()}
    Consent.objects.bulk_create(
        Consent(
            tournament=tournament,
            team=t,
            email=f"joueur{t.number}-{n}@example.org",
            mailbox=boxes[f"joueur{t.number}-{n}@example.org"],
            language="en" if t.number % 5 == 0 else "fr",
            wants_result=True,
            source=Consent.Source.DESK,
        )
        for t in teams
        for n in (1, 2)
    )
    return len(keys)


def main() -> None:
    parser = argparse.ArgumentParser()
    parser.add_argument("--teams", type=int, default=500)
    parser.add_argument("--runs", type=int, default=3)
    args = parser.parse_args()
    with tempfile.TemporaryDirectory() as folder:
        setup_django(Path(folder))
        from aiosmtpd.controller import Controller
        from django.test.utils import override_settings

        from tests.tournaments.features.messages.conftest import Inbox, free_port
        from tournaments.features.messages.models import Message
        from tournaments.features.messages.services import outbox, sending

        tournament = finished_concours(teams=args.teams, parties=1, deals=1)
        count = _agree(tournament)
        inbox, port = Inbox(), free_port()
        server = Controller(inbox, hostname="127.0.0.1", port=port)
        server.start()
        mailer = {
            "BACKEND": "django.core.mail.backends.smtp.EmailBackend",
            "OPTIONS": {"host": "127.0.0.1", "port": port, "timeout": 10},
        }
        queued, sent = [], []
        try:
            with override_settings(MAILERS={"default": mailer}):
                for _run in range(args.runs):
                    Message.objects.all().delete()
                    inbox.received.clear()
                    start = time.perf_counter()
                    made = outbox.queue_results(tournament)
                    queued.append(time.perf_counter() - start)
                    start = time.perf_counter()
                    report = sending.send_due()
                    sent.append(time.perf_counter() - start)
                    assert made == count == report.sent == len(inbox.received), (
                        made,
                        count,
                        report,
                    )
        finally:
            server.stop()
        print(f"{count} result messages, {args.teams} teams, {args.runs} runs")
        print(f"queue:  median {statistics.median(queued):.2f} s, best {min(queued):.2f} s")
        print(
            f"send:   median {statistics.median(sent):.2f} s, best {min(sent):.2f} s "
            f"({count / statistics.median(sent):.0f} messages/s to 127.0.0.1)"
        )


if __name__ == "__main__":
    main()
