"""The folded name and venue of a concours, and the town of its announcement,
that the public archive of results searches (tournaments/domain/search.py):
kept by Tournament.save and Announcement.save from now on, and computed here
for existing rows."""

from django.db import migrations, models

from tournaments.domain.search import search_key

BATCH = 500


def fill_search_keys(apps, schema_editor):
    for model, sources in (
        (apps.get_model("tournaments", "Tournament"), ("name", "venue")),
        (apps.get_model("tournaments", "Announcement"), ("town",)),
    ):
        rows = list(model.objects.only("pk", *sources))
        for row in rows:
            row.search_key = search_key(*(getattr(row, name) for name in sources))
        model.objects.bulk_update(rows, ["search_key"], batch_size=BATCH)


class Migration(migrations.Migration):
    dependencies = [
        ("tournaments", "0049_person_withdrawn_at"),
    ]

    operations = [
        migrations.AddField(
            model_name="tournament",
            name="search_key",
            field=models.TextField(blank=True, default="", editable=False),
        ),
        migrations.AddField(
            model_name="announcement",
            name="search_key",
            field=models.TextField(blank=True, default="", editable=False),
        ),
        migrations.RunPython(fill_search_keys, migrations.RunPython.noop, elidable=True),
    ]
