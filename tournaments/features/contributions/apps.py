"""Another organizer's results, accepted by the record's owner: its hooks."""

from django.apps import AppConfig
from django.utils.translation import gettext_lazy as _


class ContributionsConfig(AppConfig):
    name = "tournaments.features.contributions"
    label = "feature_contributions"
    verbose_name = _("Résultats proposés par d'autres organisateurs")

    def ready(self) -> None:
        from tournaments import hooks
        from tournaments.features.contributions import services, views

        # After the core's own handler (tournaments/apps.py): its players linked.
        hooks.register(hooks.RESULTS_PUBLISHED, services.ask_owners)
        hooks.register(hooks.ORGANIZER_HOME, views.organizer_button)
