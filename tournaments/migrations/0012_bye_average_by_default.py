"""A new tournament gives the bye the partie's average by default (listed
first, so a form proposes it). Existing tournaments keep the policy they
were created with: only the column's default changes, no row is rewritten."""

from django.db import migrations, models


class Migration(migrations.Migration):
    dependencies = [
        ("tournaments", "0011_search_keys"),
    ]

    operations = [
        migrations.AlterField(
            model_name="tournament",
            name="bye_policy",
            field=models.CharField(
                choices=[
                    ("average", "Partie gagnée, moyenne des points de la partie"),
                    ("fixed", "Partie gagnée, points fixes"),
                    ("nothing", "Ni victoire ni points"),
                ],
                default="average",
                max_length=10,
                verbose_name="exempt",
            ),
        ),
    ]
