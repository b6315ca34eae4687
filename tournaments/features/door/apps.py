"""Check-in at the door as an installed feature: its actions, options and hooks, registered once."""

from django.apps import AppConfig
from django.utils.translation import gettext_lazy as _


class DoorConfig(AppConfig):
    name = "tournaments.features.door"
    label = "feature_door"
    verbose_name = _("Pointage à l'entrée")
    switch = "door"  # its hooks run for a concours that checks teams in

    def ready(self) -> None:
        from tournaments import hooks
        from tournaments.features.door import display, forms, views
        from tournaments.models import options
        from tournaments.models.audit import register_actions

        register_actions(display.Action)
        options.register(forms.OPTIONS)
        hooks.register(hooks.TEAM_LIST, views.team_list_part)
        includes = "tournaments/includes"
        hooks.fill("team_row.presence", f"{includes}/check_in_cell.html", by=__name__)
        hooks.fill("team_list.poll", f"{includes}/team_list_poll.html", by=__name__)
        hooks.fill("team_list.top", f"{includes}/team_list_count.html", by=__name__)
        hooks.fill("dashboard.draw_notes", f"{includes}/draw_notes.html", by=__name__)
