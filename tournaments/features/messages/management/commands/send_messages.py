"""`manage.py send_messages`: what is due queued, then sent now through
Django's mail settings (EMAIL_BACKEND=smtp and the usual EMAIL_* names),
each message once. A message the server refused, or one that could not
leave (no connection), says why and stays in the database; run it again
when the link is back. Safe beside the worker: each message is claimed by
one sender."""

from __future__ import annotations

from django.core.management.base import BaseCommand

from tournaments.features.messages.services import outbox, sending


class Command(BaseCommand):
    help = "Envoie les messages aux joueurs en attente (une seule fois chacun)."

    def add_arguments(self, parser) -> None:
        parser.add_argument("--limit", type=int, default=None, help="Au plus N messages.")

    def handle(self, *args, limit: int | None = None, **options) -> None:
        queued = outbox.queue_due()
        report = sending.send_due(limit=limit)
        self.stdout.write(
            f"queued {queued}, sent {report.sent}, refused {report.refused}, "
            f"stopped {report.stopped}, waiting {report.waiting}"
        )
        for line in report.details:
            self.stdout.write(f"  refused: {line}")
        if report.unreachable:
            self.stdout.write(report.unreachable)
