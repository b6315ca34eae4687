"""The cash box as an installed feature: its actions, options and hooks, registered once."""

from django.apps import AppConfig
from django.utils.translation import gettext_lazy as _


class CashConfig(AppConfig):
    name = "tournaments.features.cash"
    label = "feature_cash"
    verbose_name = _("Caisse")
    switch = "cash"  # its hooks run for a concours that keeps a cash box

    def ready(self) -> None:
        from tournaments.features.cash import forms
        from tournaments.features.cash.display import Action
        from tournaments.models import options
        from tournaments.models.audit import register_actions

        register_actions(Action)
        options.register(forms.OPTIONS)
        from tournaments import hooks
        from tournaments.features.cash import services, views

        hooks.register(hooks.DASHBOARD_PANELS, views.dashboard_panel)
        hooks.register(hooks.DEMO_BUILT, services.fill_demo)
        for slot in ("team_list.head", "player_list.head"):
            hooks.fill(slot, "tournaments/includes/pay_th.html", by=__name__)
        for slot in ("team_row.cells", "player_row.cells"):
            hooks.fill(slot, "tournaments/includes/pay_td.html", by=__name__)
        from tournaments.features.cash import backup
        from tournaments.services.backup import parts

        # The `cash` of a backup, at its top level as every release wrote it.
        parts.PARTS["cash"] = parts.Part(
            export=backup.export_cash, check=backup.check_cash, restore=backup.restore_cash
        )
