"""The photographed sheets as an installed feature: its audit action, its
switch in the tournament's form and its words on the partie's page (a
table « lue sur photo »), registered once."""

from django.apps import AppConfig
from django.utils.translation import gettext_lazy as _


class SheetsConfig(AppConfig):
    name = "tournaments.features.sheets"
    label = "feature_sheets"
    verbose_name = _("Feuilles lues sur photo")
    default_auto_field = "django.db.models.BigAutoField"
    switch = "sheets"  # a concours whose desk reads its sheets from photos

    def ready(self) -> None:
        from tournaments import hooks
        from tournaments.features.sheets import forms, queries
        from tournaments.features.sheets.display import Action
        from tournaments.models import options
        from tournaments.models.audit import register_actions

        register_actions(Action)
        options.register(forms.OPTIONS)
        hooks.register(hooks.PARTIE_TABLES, queries.entry_lines)
        hooks.fill("partie.after_tables", "tournaments/includes/sheets_link.html", by=__name__)
