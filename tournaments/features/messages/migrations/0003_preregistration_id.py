import django.db.models.deletion
from django.db import migrations, models


class Migration(migrations.Migration):
    """An agreement keeps its pre-registration's id in the same column, no
    longer a foreign key: the calendar's models leave the core (tournaments
    0068, before which this runs) and the messages point at no other
    feature's model (a pre-registration deleted takes its agreements with
    it: apps.py)."""

    dependencies = [
        ("feature_messages", "0002_sender"),
        ("tournaments", "0067_deal_generale"),
    ]
    run_before = [
        ("tournaments", "0068_moved_calendar"),
    ]

    operations = [
        migrations.SeparateDatabaseAndState(
            # The column stays, its constraint goes: the id, kept as it is.
            database_operations=[
                migrations.AlterField(
                    model_name="consent",
                    name="preregistration",
                    field=models.ForeignKey(
                        "tournaments.preregistration",
                        on_delete=django.db.models.deletion.DO_NOTHING,
                        db_constraint=False,
                        null=True,
                        blank=True,
                        related_name="+",
                    ),
                ),
            ],
            state_operations=[
                migrations.RemoveField(model_name="consent", name="preregistration"),
                migrations.AddField(
                    model_name="consent",
                    name="preregistration_id",
                    field=models.BigIntegerField(blank=True, db_index=True, null=True),
                ),
            ],
        ),
    ]
