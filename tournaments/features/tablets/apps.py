"""The club's tablets as an installed feature: its hooks, registered once."""

from django.apps import AppConfig
from django.utils.translation import gettext_lazy as _


class TabletsConfig(AppConfig):
    name = "tournaments.features.tablets"
    label = "feature_tablets"
    verbose_name = _("Tablettes du club")

    def ready(self) -> None:
        from tournaments.features.tablets.display import Action
        from tournaments.models.audit import register_actions

        register_actions(Action)
        from tournaments import hooks
        from tournaments.features.tablets import views

        hooks.register(hooks.TABLE_PAGE, views.table_page_context)
        hooks.register(hooks.DASHBOARD_PANELS, views.dashboard_panel)
        hooks.fill("table_page.top", "tournaments/includes/tablet_slot.html", by=__name__)
