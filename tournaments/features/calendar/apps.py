"""The calendar as an installed feature: its hooks, registered once."""

from django.apps import AppConfig
from django.utils.translation import gettext_lazy as _


class CalendarConfig(AppConfig):
    name = "tournaments.features.calendar"
    label = "feature_calendar"
    verbose_name = _("Calendrier")

    def ready(self) -> None:
        from tournaments.features.calendar.display import Action
        from tournaments.models.audit import register_actions

        register_actions(Action)
        from tournaments import hooks
        from tournaments.features.calendar.services import announcements, demo, tasks
        from tournaments.features.calendar.signals import place_offered
        from tournaments.features.calendar.views import announcements as pages
        from tournaments.features.calendar.views import preregistration

        hooks.register(hooks.PUBLIC_HOME, pages.home_panel)
        hooks.register(hooks.ORGANIZER_HOME, pages.organizer_button)
        hooks.register(hooks.DASHBOARD_PANELS, pages.preregistrations_panel)
        hooks.register(hooks.PREREGISTERED_IMPORTED, announcements.on_preregistered_imported)
        hooks.register(hooks.CONCOURS_REPLACED, announcements.on_concours_replaced)
        hooks.register(hooks.DEMO_BUILT, demo.on_demo_built)
        place_offered.connect(tasks.on_place_offered, dispatch_uid="calendar offer")
        hooks.register(hooks.PUBLIC_CONCOURS_PAGE, preregistration.concours_panel)
