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
        outbox.queue_due()
        report = sending.send_due(limit=limit)
        for line in said(report):
            self.stdout.write(line)


def _count(n: int, one: str, several: str) -> str:
    return f"{n} {one if n == 1 else several}"


def said(report: sending.Report) -> list[str]:
    """The volunteer's terminal, in French: what was sent, and what to act
    on (a refusal to read, messages waiting for the link to come back)."""
    lines = [
        _count(report.sent, "message envoyé.", "messages envoyés.")
        if report.sent
        else "Aucun message envoyé."
    ]
    if report.refused:
        refused = _count(report.refused, "message refusé", "messages refusés")
        lines.append(f"{refused} par le serveur de courriel (gardés, avec la raison) :")
        lines.extend(f"  {line}" for line in report.details)
    if report.waiting:
        waiting = _count(report.waiting, "message attend", "messages attendent")
        lines.append(f"{waiting} : relancez quand la connexion revient.")
    if report.unreachable:
        lines.append(report.unreachable)
    return lines
