"""The partie clock as an installed feature: its actions and options, registered once."""

from django.apps import AppConfig
from django.utils.translation import gettext_lazy as _


class ClockConfig(AppConfig):
    name = "tournaments.features.clock"
    label = "feature_clock"
    verbose_name = _("Chrono et horaires")
    switch = "clock"  # its slots show for a concours that runs the clock

    def ready(self) -> None:
        from tournaments import hooks
        from tournaments.features.clock import display, forms
        from tournaments.models import options
        from tournaments.models.audit import register_actions

        register_actions(display.Action)
        options.register(forms.OPTIONS)
        includes = "tournaments/includes"
        # A call refused is said next to its field, the clock on or not.
        hooks.fill("partie.top", f"{includes}/clock_panel.html", by=__name__, always=True)
        hooks.fill("projector.round", f"{includes}/projector_clock.html", by=__name__)
        # The projector's block is swapped in place: its script is there
        # before the clock is switched on.
        hooks.fill("projector.head", f"{includes}/clock_script.html", by=__name__, always=True)
        for slot in ("dashboard.day_plan", "tournament_form.day_plan"):
            hooks.fill(slot, f"{includes}/day_plan.html", by=__name__)
