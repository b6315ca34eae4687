"""The partie clock as an installed feature: its actions and options, registered once."""

from django.apps import AppConfig
from django.utils.translation import gettext_lazy as _


class ClockConfig(AppConfig):
    name = "tournaments.features.clock"
    label = "feature_clock"
    verbose_name = _("Chrono et horaires")

    def ready(self) -> None:
        from tournaments.features.clock import display, forms
        from tournaments.models import options
        from tournaments.models.audit import register_actions

        register_actions(display.Action)
        options.register(forms.OPTIONS)
