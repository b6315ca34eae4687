"""`manage.py export_tournament SLUG [-o FILE]`: one tournament to one JSON file."""

from __future__ import annotations

import json
import sys

from django.core.management.base import BaseCommand, CommandError
from django.core.serializers.json import DjangoJSONEncoder

from tournaments.models import Tournament
from tournaments.services.backup import export_tournament


class Command(BaseCommand):
    help = "Sauvegarde un tournoi entier dans un fichier JSON."

    def add_arguments(self, parser) -> None:
        parser.add_argument("slug", help="Identifiant d'adresse du tournoi.")
        parser.add_argument("-o", "--output", help="Fichier à écrire (sinon la sortie standard).")

    def handle(self, *args, slug: str, output: str | None, **options) -> None:
        tournament = Tournament.objects.filter(slug=slug).first()
        if tournament is None:
            raise CommandError(f"Aucun tournoi « {slug} ».")
        text = json.dumps(
            export_tournament(tournament), cls=DjangoJSONEncoder, ensure_ascii=False, indent=1
        )
        if output:
            with open(output, "w", encoding="utf-8") as handle:
                handle.write(text)
            self.stdout.write(f"Tournoi « {tournament.name} » sauvegardé dans {output}.")
        else:
            sys.stdout.write(text + "\n")
