"""The folded names « Où je joue ? » searches (tournaments/domain/search.py), kept by
Player.save and Team.save from now on and computed here for existing rows."""

from django.db import migrations, models

from tournaments.domain.search import search_key

BATCH = 500


def fill_search_keys(apps, schema_editor):
    for model, sources in (
        (apps.get_model("tournaments", "Player"), ("first_name", "last_name", "club")),
        (apps.get_model("tournaments", "Team"), ("name", "club")),
    ):
        rows = list(model.objects.only("pk", *sources))
        for row in rows:
            row.search_key = search_key(*(getattr(row, name) for name in sources))
        model.objects.bulk_update(rows, ["search_key"], batch_size=BATCH)


class Migration(migrations.Migration):
    dependencies = [
        ("tournaments", "0010_tournament_archived_withdrawn_at_new_actions"),
    ]

    operations = [
        migrations.AddField(
            model_name="player",
            name="search_key",
            field=models.TextField(blank=True, default="", editable=False),
        ),
        migrations.AddField(
            model_name="team",
            name="search_key",
            field=models.TextField(blank=True, default="", editable=False),
        ),
        migrations.RunPython(fill_search_keys, migrations.RunPython.noop, elidable=True),
    ]
