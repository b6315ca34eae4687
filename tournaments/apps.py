"""Django app configuration for tournaments."""

from django.apps import AppConfig
from django.utils.translation import gettext_lazy as _


class TournamentsConfig(AppConfig):
    default_auto_field = "django.db.models.BigAutoField"
    name = "tournaments"
    verbose_name = _("Tournois")

    def ready(self) -> None:
        # The core's own handlers of its moments (tournaments/hooks), first
        # in line (INSTALLED_APPS' order): the features' come after.
        from tournaments import hooks
        from tournaments.services import persons

        hooks.register(hooks.RESULTS_PUBLISHED, persons.publish_players)
