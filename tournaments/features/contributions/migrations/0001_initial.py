"""Another organizer's results wait for the record's owner (issue 61):
`Contribution`. The players already linked to a record their concours's
organizer does not own are asked again, pending, and left apart until the
owner accepts: none of them counts on a page or in a cote before."""

import django.db.models.deletion
from django.db import migrations, models
from django.db.models import F


def ask_again(apps, schema_editor):
    Player = apps.get_model("tournaments", "Player")
    Contribution = apps.get_model("feature_contributions", "Contribution")
    linked = (
        Player.objects.filter(person__isnull=False)
        .exclude(tournament__owner=F("person__owner"))
        .values_list("pk", "person_id")
        .order_by("pk")
    )
    asked = [Contribution(player_id=pk, person_id=person) for pk, person in linked]
    Contribution.objects.bulk_create(asked, batch_size=500)
    Player.objects.filter(pk__in=Contribution.objects.values("player_id")).update(person=None)


def link_back(apps, schema_editor):
    Player = apps.get_model("tournaments", "Player")
    Contribution = apps.get_model("feature_contributions", "Contribution")
    for player, person in Contribution.objects.values_list("player_id", "person_id"):
        Player.objects.filter(pk=player, person__isnull=True).update(person=person)


class Migration(migrations.Migration):
    initial = True

    dependencies = [
        ("tournaments", "0064_moved_halls"),
    ]

    operations = [
        migrations.CreateModel(
            name="Contribution",
            fields=[
                (
                    "player",
                    models.OneToOneField(
                        on_delete=django.db.models.deletion.CASCADE,
                        primary_key=True,
                        related_name="contribution",
                        serialize=False,
                        to="tournaments.player",
                    ),
                ),
                (
                    "status",
                    models.CharField(
                        choices=[
                            ("pending", "en attente"),
                            ("accepted", "acceptée"),
                            ("refused", "refusée"),
                        ],
                        default="pending",
                        max_length=10,
                        verbose_name="statut",
                    ),
                ),
                ("created_at", models.DateTimeField(auto_now_add=True)),
                ("decided_at", models.DateTimeField(blank=True, null=True)),
                (
                    "person",
                    models.ForeignKey(
                        on_delete=django.db.models.deletion.CASCADE,
                        related_name="contributions",
                        to="tournaments.person",
                    ),
                ),
            ],
            options={
                "verbose_name": "résultat proposé",
                "verbose_name_plural": "résultats proposés",
            },
        ),
        migrations.RunPython(ask_again, link_back),
    ]
