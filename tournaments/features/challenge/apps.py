"""The season challenge as an installed feature: its hooks, registered once."""

from django.apps import AppConfig
from django.utils.translation import gettext_lazy as _


class ChallengeConfig(AppConfig):
    name = "tournaments.features.challenge"
    label = "feature_challenge"
    verbose_name = _("Challenges de la saison")

    def ready(self) -> None:
        from tournaments import hooks
        from tournaments.features.challenge import services, views

        hooks.register(hooks.ORGANIZER_HOME, views.organizer_button)
        hooks.register(hooks.PUBLIC_HOME, views.home_panel)
        hooks.register(hooks.PUBLIC_CONCOURS_PAGE, views.concours_links)
        hooks.register(hooks.DEMO_BUILT, services.on_demo_built)
        hooks.register(hooks.DEMO_REMOVED, services.on_demo_removed)
