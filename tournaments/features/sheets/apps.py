"""The photographed sheets as an installed feature."""

from django.apps import AppConfig
from django.utils.translation import gettext_lazy as _


class SheetsConfig(AppConfig):
    name = "tournaments.features.sheets"
    label = "feature_sheets"
    verbose_name = _("Feuilles lues sur photo")
    default_auto_field = "django.db.models.BigAutoField"

    def ready(self) -> None:
        from tournaments.features.sheets.display import Action
        from tournaments.models.audit import register_actions

        register_actions(Action)
