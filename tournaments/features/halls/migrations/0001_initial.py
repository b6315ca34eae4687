import django.core.validators
import django.db.models.deletion
from django.db import migrations, models

from tournaments.features.moved_models import content_types_follow


MODELS = ["hallmerge", "mergedhall"]


class Migration(migrations.Migration):
    """The halls' models, taken over from the core (tournaments 0064) with
    their tables `tournaments_hallmerge` and `tournaments_mergedhall` as they
    are: nothing moves in the database but the content types' app label (the
    admin's history and permissions follow)."""

    initial = True

    dependencies = [
        ("contenttypes", "0002_remove_content_type_name"),
        ("tournaments", "0064_moved_halls"),
    ]

    operations = [
        # The table stays where the core's migrations made it: state only.
        migrations.SeparateDatabaseAndState(
            state_operations=[
                migrations.CreateModel(
                    name="HallMerge",
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
                            "planned",
                            models.PositiveSmallIntegerField(
                                validators=[
                                    django.core.validators.MinValueValidator(1),
                                    django.core.validators.MaxValueValidator(20),
                                ],
                                verbose_name="parties prévues",
                            ),
                        ),
                        (
                            "tournament",
                            models.OneToOneField(
                                on_delete=django.db.models.deletion.CASCADE,
                                related_name="hall_merge",
                                to="tournaments.tournament",
                            ),
                        ),
                    ],
                    options={
                        "db_table": "tournaments_hallmerge",
                    },
                ),
                migrations.CreateModel(
                    name="MergedHall",
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
                        ("position", models.PositiveSmallIntegerField()),
                        ("name", models.CharField(max_length=80, verbose_name="nom de la salle")),
                        (
                            "key_digest",
                            models.CharField(blank=True, max_length=64, null=True, unique=True),
                        ),
                        ("key_prefix", models.CharField(blank=True, max_length=12)),
                        ("document", models.JSONField(blank=True, null=True)),
                        ("received_at", models.DateTimeField(blank=True, null=True)),
                        ("teams", models.PositiveIntegerField(default=0)),
                        ("closed", models.PositiveSmallIntegerField(default=0)),
                        ("progress", models.PositiveIntegerField(default=0)),
                        (
                            "merge",
                            models.ForeignKey(
                                on_delete=django.db.models.deletion.CASCADE,
                                related_name="halls",
                                to="feature_halls.hallmerge",
                            ),
                        ),
                    ],
                    options={
                        "db_table": "tournaments_mergedhall",
                        "ordering": ["position", "pk"],
                        "constraints": [
                            models.UniqueConstraint(
                                fields=("merge", "name"), name="hall_name_once_per_concours"
                            )
                        ],
                    },
                ),
            ],
            database_operations=[],
        ),
        content_types_follow(MODELS, "feature_halls"),
    ]
