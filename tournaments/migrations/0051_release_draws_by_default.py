"""A new tournament keeps each draw a draft until the organizer announces it
(issue 27, item 4). Existing tournaments keep what they had, most often
their draws shown at once: only the column's default changes, no row is
rewritten."""

from django.db import migrations, models


class Migration(migrations.Migration):
    dependencies = [
        ("tournaments", "0050_search_keys_of_concours"),
    ]

    operations = [
        migrations.AlterField(
            model_name="tournament",
            name="release_draws",
            field=models.BooleanField(default=True, verbose_name="tirage caché jusqu'à l'annonce"),
        ),
    ]
