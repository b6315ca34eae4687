"""`manage.py import_tournament FILE --owner USER`: a tournament back from JSON.

The owner is the account named here, never one named in the file. Every
refusal is one sentence on stderr and a non-zero exit, and nothing is
imported (tournaments/services/backup/)."""

from __future__ import annotations

from django.contrib.auth import get_user_model
from django.core.management.base import BaseCommand, CommandError
from django.utils.translation import gettext as _

from tournaments.services.backup import import_tournament, read_backup, refusal
from tournaments.services.errors import TournamentError


class Command(BaseCommand):
    help = "Restaure un tournoi depuis une sauvegarde JSON (rien n'est importé en cas d'erreur)."

    def add_arguments(self, parser) -> None:
        parser.add_argument("file", help="Fichier de sauvegarde.")
        parser.add_argument(
            "--owner",
            required=True,
            help="Nom d'utilisateur de l'organisateur à qui le tournoi restauré appartient.",
        )

    def handle(self, *args, file: str, owner: str, **options) -> None:
        try:
            with open(file, "rb") as handle:
                data = read_backup(handle)
            user = get_user_model().objects.filter(username=owner).first()
            if user is None:
                raise refusal(_("aucun compte « %(name)s » ici") % {"name": owner})
            tournament = import_tournament(data, owner=user)
        except OSError as exc:
            raise CommandError(
                refusal(_("fichier illisible (%(e)s)") % {"e": exc.strerror or exc}).message
            ) from exc
        except TournamentError as exc:
            raise CommandError(exc.message) from exc
        self.stdout.write(f"Tournoi « {tournament.name} » restauré ({tournament.slug}).")
