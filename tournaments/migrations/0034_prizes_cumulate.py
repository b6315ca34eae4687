"""Issue 21: « les lots ne se cumulent pas » by default. The tournaments made
before keep the rule they were played under (lots cumulated); new ones get
the common rule."""

from django.db import migrations, models


class Migration(migrations.Migration):
    dependencies = [
        ("tournaments", "0033_table_phone_contact"),
    ]

    operations = [
        # The existing rows get True (their lots cumulated), then new ones False.
        migrations.AddField(
            model_name="tournament",
            name="prizes_cumulate",
            field=models.BooleanField(default=True, verbose_name="les lots se cumulent"),
        ),
        migrations.AlterField(
            model_name="tournament",
            name="prizes_cumulate",
            field=models.BooleanField(default=False, verbose_name="les lots se cumulent"),
        ),
    ]
