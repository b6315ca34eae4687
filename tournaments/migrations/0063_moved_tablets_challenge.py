from django.db import migrations


class Migration(migrations.Migration):
    """The club's tablets and the season challenge are their features' models
    (feature_tablets, feature_challenge): the core's state forgets them, their
    tables and rows stay as they are (the features' 0001 take them over)."""

    dependencies = [
        ("tournaments", "0062_features"),
    ]

    operations = [
        # The table stays where the core's migrations made it: state only.
        migrations.SeparateDatabaseAndState(
            state_operations=[
                migrations.RemoveField(
                    model_name="challenge",
                    name="owner",
                ),
                migrations.RemoveField(
                    model_name="challenge",
                    name="tournaments",
                ),
                migrations.RemoveConstraint(
                    model_name="tablet",
                    name="tablet_name_once",
                ),
                migrations.DeleteModel(
                    name="Challenge",
                ),
                migrations.DeleteModel(
                    name="Tablet",
                ),
            ],
            database_operations=[],
        ),
    ]
