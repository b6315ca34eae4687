import django.db.models.deletion
from django.db import migrations, models


class Migration(migrations.Migration):
    """A concours in several halls is its feature's (feature_halls): the
    core's state forgets `HallMerge` and `MergedHall`, their tables and rows
    stay (the feature's 0001 takes them over). The core's `Upload` keeps its
    hall's id in the same column, no longer a foreign key: the core points
    at no feature's model (the feature deletes a hall's uploads with it)."""

    dependencies = [
        ("tournaments", "0063_moved_tablets_challenge"),
    ]

    operations = [
        migrations.SeparateDatabaseAndState(
            # The column stays, its constraint goes: a hall's id, kept as it is.
            database_operations=[
                migrations.AlterField(
                    model_name="upload",
                    name="hall",
                    field=models.ForeignKey(
                        "tournaments.mergedhall",
                        on_delete=django.db.models.deletion.DO_NOTHING,
                        db_constraint=False,
                        null=True,
                        blank=True,
                        related_name="+",
                    ),
                ),
            ],
            state_operations=[
                migrations.RemoveField(model_name="upload", name="hall"),
                migrations.AddField(
                    model_name="upload",
                    name="hall_id",
                    field=models.BigIntegerField(blank=True, db_index=True, null=True),
                ),
            ],
        ),
        # The tables stay where the core's migrations made them: state only.
        migrations.SeparateDatabaseAndState(
            state_operations=[
                migrations.RemoveField(model_name="hallmerge", name="tournament"),
                migrations.RemoveConstraint(
                    model_name="mergedhall", name="hall_name_once_per_concours"
                ),
                migrations.RemoveField(model_name="mergedhall", name="merge"),
                migrations.DeleteModel(name="HallMerge"),
                migrations.DeleteModel(name="MergedHall"),
            ],
            database_operations=[],
        ),
    ]
