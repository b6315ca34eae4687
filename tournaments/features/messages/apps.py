"""The messages feature as a Django app of its own (its models, migrations,
templates and command): listed in INSTALLED_APPS, imported by nobody in
the core."""

from __future__ import annotations

from django.apps import AppConfig, apps
from django.db.models.signals import post_delete
from django.utils.translation import gettext_lazy as _


class MessagesConfig(AppConfig):
    name = "tournaments.features.messages"
    # « messages » is django.contrib.messages' label.
    label = "feature_messages"
    verbose_name = _("Messages aux joueurs")
    default_auto_field = "django.db.models.BigAutoField"

    def ready(self) -> None:
        from tournaments import hooks
        from tournaments.features.calendar.signals import place_offered
        from tournaments.features.messages import forms, views
        from tournaments.features.messages.services import carried, consent, moments

        hooks.register(hooks.TOURNAMENT_FINAL, moments.on_final)
        hooks.register(hooks.DASHBOARD_PANELS, views.dashboard_panel)
        hooks.register(hooks.DEMO_BUILT, moments.on_demo_built)
        hooks.register(hooks.DEMO_REMOVED, moments.on_demo_removed)
        hooks.register(hooks.REGISTRATION_EXTRAS, forms.registration_extras)
        hooks.register(hooks.REGISTRATION_EXTRAS_GIVEN, consent.on_extras_given)
        place_offered.connect(moments.on_place_offered, dispatch_uid="messages offer")
        if apps.is_installed("tournaments.features.calendar"):
            post_delete.connect(
                consent.forget_preregistration,
                sender="feature_calendar.PreRegistration",
                dispatch_uid="messages preregistration deleted",
            )
        hooks.register(hooks.CONCOURS_SENT, moments.on_concours_sent)
        hooks.register(hooks.DRAW_ANNOUNCED, moments.on_draw_announced)
        hooks.register(hooks.BACKUP_SECTIONS, carried.backup_section)
        hooks.register(hooks.CONCOURS_IMPORTED, carried.take_section)
