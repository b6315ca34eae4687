"""Models a feature takes over from the core, their tables unchanged: the
one migration operation each feature's 0001 runs so that the models'
content types (the admin's history and permissions) follow them."""

from __future__ import annotations

from typing import Any

from django.db import migrations


def content_types_follow(models: list[str], feature_label: str) -> migrations.RunPython:
    """The content types of `models` go from the core's app label to
    `feature_label`, and back when the migration is reversed."""

    def move(source: str, target: str) -> Any:
        def run(apps: Any, schema_editor: Any) -> None:
            content_type = apps.get_model("contenttypes", "ContentType")
            content_type.objects.filter(app_label=source, model__in=models).update(app_label=target)

        return run

    return migrations.RunPython(
        move("tournaments", feature_label), move(feature_label, "tournaments"), elidable=True
    )
