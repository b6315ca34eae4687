"""A concours in several halls as an installed feature: its actions and its
kind of upload, registered once."""

from django.apps import AppConfig
from django.utils.translation import gettext_lazy as _


class HallsConfig(AppConfig):
    name = "tournaments.features.halls"
    label = "feature_halls"
    verbose_name = _("Plusieurs salles")

    def ready(self) -> None:
        from tournaments.features.halls import display, services, views
        from tournaments.models import Upload
        from tournaments.models.audit import register_actions
        from tournaments.services import uploads

        register_actions(display.Action)
        uploads.KINDS[Upload.Kind.HALL_FILE] = uploads.UploadKind(
            read=services.read_upload,
            keep=services.keep_upload,
            page=views.upload_page,
            answer=views.upload_done,
        )
