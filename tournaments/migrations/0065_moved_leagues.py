from django.db import migrations


class Migration(migrations.Migration):
    """Leagues are their feature's (feature_leagues): the core's state forgets
    `League`, `Stage` and `Qualification`, their tables and rows stay as
    they are (the feature's 0001 takes them over)."""

    dependencies = [
        ("tournaments", "0064_moved_halls"),
    ]

    operations = [
        # The table stays where the core's migrations made it: state only.
        migrations.SeparateDatabaseAndState(
            state_operations=[
                migrations.RemoveField(
                    model_name="league",
                    name="owner",
                ),
                migrations.RemoveConstraint(
                    model_name="qualification",
                    name="qualification_source_team_once",
                ),
                migrations.RemoveConstraint(
                    model_name="stage",
                    name="stage_position_once",
                ),
                migrations.RemoveField(
                    model_name="stage",
                    name="league",
                ),
                migrations.RemoveField(
                    model_name="stage",
                    name="tournaments",
                ),
                migrations.DeleteModel(
                    name="Qualification",
                ),
                migrations.DeleteModel(
                    name="League",
                ),
                migrations.DeleteModel(
                    name="Stage",
                ),
            ],
            database_operations=[],
        ),
    ]
