import django.core.validators
import django.db.models.deletion
from django.conf import settings
from django.db import migrations, models

from tournaments.features.moved_models import content_types_follow


MODELS = ["challenge"]


class Migration(migrations.Migration):
    """The challenge model, taken over from the core (tournaments 0063) with
    its table `tournaments_challenge` as it is: nothing moves in the database but
    the content type's app label (the admin's history and permissions follow)."""

    initial = True

    dependencies = [
        ("contenttypes", "0002_remove_content_type_name"),
        ("tournaments", "0063_moved_tablets_challenge"),
        migrations.swappable_dependency(settings.AUTH_USER_MODEL),
    ]

    operations = [
        # The table stays where the core's migrations made it: state only.
        migrations.SeparateDatabaseAndState(
            state_operations=[
                migrations.CreateModel(
                    name="Challenge",
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
                        ("name", models.CharField(max_length=120, verbose_name="nom")),
                        (
                            "slug",
                            models.SlugField(
                                max_length=140, unique=True, verbose_name="identifiant d'adresse"
                            ),
                        ),
                        (
                            "kind",
                            models.CharField(
                                choices=[
                                    ("games", "Points par partie (victoire, nul, défaite, exempt)"),
                                    ("rank", "Points selon la place de la soirée"),
                                ],
                                default="games",
                                max_length=10,
                                verbose_name="barème",
                            ),
                        ),
                        (
                            "win",
                            models.PositiveSmallIntegerField(
                                default=4,
                                validators=[
                                    django.core.validators.MinValueValidator(0),
                                    django.core.validators.MaxValueValidator(1000),
                                ],
                                verbose_name="points : partie gagnée",
                            ),
                        ),
                        (
                            "draw",
                            models.PositiveSmallIntegerField(
                                default=3,
                                validators=[
                                    django.core.validators.MinValueValidator(0),
                                    django.core.validators.MaxValueValidator(1000),
                                ],
                                verbose_name="points : partie nulle",
                            ),
                        ),
                        (
                            "loss",
                            models.PositiveSmallIntegerField(
                                default=2,
                                validators=[
                                    django.core.validators.MinValueValidator(0),
                                    django.core.validators.MaxValueValidator(1000),
                                ],
                                verbose_name="points : partie perdue",
                            ),
                        ),
                        (
                            "bye",
                            models.PositiveSmallIntegerField(
                                default=3,
                                validators=[
                                    django.core.validators.MinValueValidator(0),
                                    django.core.validators.MaxValueValidator(1000),
                                ],
                                verbose_name="points : exempt",
                            ),
                        ),
                        (
                            "with_points",
                            models.BooleanField(
                                default=False, verbose_name="ajouter les points marqués"
                            ),
                        ),
                        (
                            "rank_table",
                            models.TextField(
                                blank=True,
                                help_text="Vide : nombre d'inscrits + 1 − place. Sinon « 1er : 20, 2e : 17, … ».",
                                verbose_name="points par place",
                            ),
                        ),
                        (
                            "best_n",
                            models.PositiveSmallIntegerField(
                                default=0,
                                help_text="0 : toutes les soirées comptent.",
                                validators=[
                                    django.core.validators.MinValueValidator(0),
                                    django.core.validators.MaxValueValidator(100),
                                ],
                                verbose_name="meilleures soirées retenues",
                            ),
                        ),
                        (
                            "min_events",
                            models.PositiveSmallIntegerField(
                                default=0,
                                validators=[
                                    django.core.validators.MinValueValidator(0),
                                    django.core.validators.MaxValueValidator(100),
                                ],
                                verbose_name="soirées minimum pour les lots",
                            ),
                        ),
                        ("lot_text", models.TextField(blank=True, verbose_name="lots")),
                        ("published", models.BooleanField(default=False, verbose_name="publié")),
                        ("created_at", models.DateTimeField(auto_now_add=True)),
                        ("updated_at", models.DateTimeField(auto_now=True)),
                        (
                            "owner",
                            models.ForeignKey(
                                on_delete=django.db.models.deletion.CASCADE,
                                related_name="challenges",
                                to=settings.AUTH_USER_MODEL,
                                verbose_name="organisateur",
                            ),
                        ),
                        (
                            "tournaments",
                            models.ManyToManyField(
                                blank=True,
                                related_name="challenges",
                                to="tournaments.tournament",
                                verbose_name="soirées",
                            ),
                        ),
                    ],
                    options={
                        "verbose_name": "challenge",
                        "verbose_name_plural": "challenges",
                        "db_table": "tournaments_challenge",
                        "ordering": ["-created_at", "name"],
                    },
                ),
            ],
            database_operations=[],
        ),
        content_types_follow(MODELS, "feature_challenge"),
    ]
