"""Leagues as an installed feature: its hooks, registered once."""

from django.apps import AppConfig
from django.utils.translation import gettext_lazy as _


class LeaguesConfig(AppConfig):
    name = "tournaments.features.leagues"
    label = "feature_leagues"
    verbose_name = _("Ligues")

    def ready(self) -> None:
        from tournaments.features.leagues.display import Action
        from tournaments.models.audit import register_actions

        register_actions(Action)
        from tournaments import hooks
        from tournaments.features.leagues import services, views

        hooks.register(hooks.TOURNAMENT_FINAL, services.send_when_final)
        hooks.register(hooks.DASHBOARD_PANELS, views.send_due_on_dashboard)
        hooks.register(hooks.ORGANIZER_HOME, views.organizer_button)
        hooks.register(hooks.PUBLIC_HOME, views.home_panel)
        hooks.fill("team_row.name", "tournaments/includes/qualified_mark.html", by=__name__)
        # A concours published again stays in its stages (services/publication.py).
        hooks.register(hooks.BACKUP_SECTIONS, services.backup_section)
        hooks.register(hooks.CONCOURS_IMPORTED, services.take_section)
