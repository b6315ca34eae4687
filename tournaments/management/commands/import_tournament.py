"""`manage.py import_tournament FILE [--owner USER]`: a tournament back from JSON."""

from __future__ import annotations

import json

from django.contrib.auth import get_user_model
from django.core.management.base import BaseCommand, CommandError

from tournaments.services import TournamentError
from tournaments.services.backup import import_tournament


class Command(BaseCommand):
    help = "Restaure un tournoi depuis une sauvegarde JSON (rien n'est importé en cas d'erreur)."

    def add_arguments(self, parser) -> None:
        parser.add_argument("file", help="Fichier de sauvegarde.")
        parser.add_argument("--owner", help="Nom d'utilisateur de l'organisateur.")

    def handle(self, *args, file: str, owner: str | None, **options) -> None:
        user = None
        if owner:
            user = get_user_model().objects.filter(username=owner).first()
            if user is None:
                raise CommandError(f"Aucun utilisateur « {owner} ».")
        try:
            with open(file, encoding="utf-8") as handle:
                data = json.load(handle)
        except (OSError, ValueError) as exc:
            raise CommandError(f"Fichier illisible : {exc}") from exc
        try:
            tournament = import_tournament(data, owner=user)
        except TournamentError as exc:
            raise CommandError(exc.message) from exc
        self.stdout.write(f"Tournoi « {tournament.name} » restauré ({tournament.slug}).")
