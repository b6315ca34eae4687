from django.db import migrations, models


class Migration(migrations.Migration):
    dependencies = [
        ("tournaments", "0037_claims_window"),
    ]

    operations = [
        migrations.AddField(
            model_name="table",
            name="reason",
            field=models.JSONField(blank=True, default=dict, verbose_name="raison du tirage"),
        ),
    ]
