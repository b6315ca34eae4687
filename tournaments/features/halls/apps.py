"""A concours in several halls as an installed feature: its actions and its
kind of upload, registered once."""

from django.apps import AppConfig
from django.utils.translation import gettext_lazy as _


class HallsConfig(AppConfig):
    name = "tournaments.features.halls"
    label = "feature_halls"
    verbose_name = _("Plusieurs salles")
    switch = "halls"  # its slots show for a concours played in several halls

    def ready(self) -> None:
        from django.db.models.signals import post_delete

        from tournaments import hooks
        from tournaments.features.halls import display, services, views
        from tournaments.features.halls.models import MergedHall
        from tournaments.models import Upload
        from tournaments.models.audit import register_actions
        from tournaments.services import uploads

        register_actions(display.Action)
        # « Plusieurs salles » leads to declaring the halls: shown switched off.
        hooks.fill(
            "dashboard.actions", "tournaments/includes/halls_button.html", by=__name__, always=True
        )
        hooks.fill("concours_page.links", "tournaments/includes/halls_link.html", by=__name__)
        uploads.KINDS[Upload.Kind.HALL_FILE] = uploads.UploadKind(
            read=services.read_upload,
            keep=services.keep_upload,
            page=views.upload_page,
            answer=views.upload_done,
            sent=views.upload_sent,
        )
        # A hall's uploads go with it (its concours deleted too): the core's
        # `Upload` keeps the hall's id, not a foreign key to this feature.
        post_delete.connect(services.forget_uploads, sender=MergedHall, dispatch_uid=__name__)
