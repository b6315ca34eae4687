import django.db.models.deletion
import tournaments.features.tablets.models
from django.db import migrations, models

from tournaments.features.moved_models import content_types_follow


MODELS = ["tablet"]


class Migration(migrations.Migration):
    """The tablet model, taken over from the core (tournaments 0063) with
    its table `tournaments_tablet` as it is: nothing moves in the database but
    the content type's app label (the admin's history and permissions follow)."""

    initial = True

    dependencies = [
        ("contenttypes", "0002_remove_content_type_name"),
        ("tournaments", "0063_moved_tablets_challenge"),
    ]

    operations = [
        # The table stays where the core's migrations made it: state only.
        migrations.SeparateDatabaseAndState(
            state_operations=[
                migrations.CreateModel(
                    name="Tablet",
                    fields=[
                        (
                            "id",
                            models.BigAutoField(
                                auto_created=True,
                                primary_key=True,
                                serialize=False,
                                verbose_name="ID",
                            ),
                        ),
                        (
                            "name",
                            models.CharField(max_length=40, verbose_name="nom de la tablette"),
                        ),
                        (
                            "enrol_key",
                            models.CharField(
                                default=tournaments.features.tablets.models.new_tablet_key,
                                max_length=40,
                                null=True,
                                unique=True,
                            ),
                        ),
                        (
                            "device_key",
                            models.CharField(editable=False, max_length=40, null=True, unique=True),
                        ),
                        ("table_number", models.PositiveSmallIntegerField(blank=True, null=True)),
                        ("from_round", models.PositiveSmallIntegerField(default=0)),
                        ("earlier_number", models.PositiveSmallIntegerField(blank=True, null=True)),
                        ("seen_at", models.DateTimeField(blank=True, editable=False, null=True)),
                        ("created_at", models.DateTimeField(auto_now_add=True)),
                        (
                            "tournament",
                            models.ForeignKey(
                                on_delete=django.db.models.deletion.CASCADE,
                                related_name="tablets",
                                to="tournaments.tournament",
                            ),
                        ),
                    ],
                    options={
                        "verbose_name": "tablette du club",
                        "verbose_name_plural": "tablettes du club",
                        "db_table": "tournaments_tablet",
                        "ordering": ["name", "pk"],
                        "constraints": [
                            models.UniqueConstraint(
                                fields=("tournament", "name"), name="tablet_name_once"
                            )
                        ],
                    },
                ),
            ],
            database_operations=[],
        ),
        content_types_follow(MODELS, "feature_tablets"),
    ]
