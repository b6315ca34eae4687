"""The optional features' switches become one field, `Tournament.features`
(a list of labels, as pretix's `Event.plugins`): the cash box, the clock,
the door's check-in and the sheets read from photos leave their columns,
and a concours declared « joué dans plusieurs salles » (a `HallMerge`) gets
« halls ». A new switched feature then adds no migration of the core."""

from django.db import migrations, models

#: The columns that were switches → the labels that stand for them now.
SWITCHES = {
    "cash_enabled": "cash",
    "clock_enabled": "clock",
    "check_in_enabled": "door",
    "sheets_enabled": "sheets",
}


def to_labels(apps, schema_editor):
    Tournament = apps.get_model("tournaments", "Tournament")
    HallMerge = apps.get_model("tournaments", "HallMerge")
    merged = set(HallMerge.objects.values_list("tournament_id", flat=True))
    for tournament in Tournament.objects.only("pk", *SWITCHES).iterator():
        labels = [label for column, label in SWITCHES.items() if getattr(tournament, column)]
        if tournament.pk in merged:
            labels.append("halls")
        if labels:
            Tournament.objects.filter(pk=tournament.pk).update(features=sorted(labels))


def to_columns(apps, schema_editor):
    Tournament = apps.get_model("tournaments", "Tournament")
    for tournament in Tournament.objects.only("pk", "features").iterator():
        on = {column: label in (tournament.features or []) for column, label in SWITCHES.items()}
        if any(on.values()):
            Tournament.objects.filter(pk=tournament.pk).update(**on)


class Migration(migrations.Migration):
    dependencies = [
        ("tournaments", "0061_sheets_enabled"),
    ]

    operations = [
        migrations.AddField(
            model_name="tournament",
            name="features",
            field=models.JSONField(blank=True, default=list, verbose_name="fonctions activées"),
        ),
        migrations.RunPython(to_labels, to_columns, elidable=False),
        migrations.RemoveField(model_name="tournament", name="cash_enabled"),
        migrations.RemoveField(model_name="tournament", name="clock_enabled"),
        migrations.RemoveField(model_name="tournament", name="check_in_enabled"),
        migrations.RemoveField(model_name="tournament", name="sheets_enabled"),
    ]
