from django.db import migrations


class Migration(migrations.Migration):
    """The calendar is its feature's (feature_calendar): the core's state
    forgets `Announcement` and `PreRegistration`, their tables and rows stay
    as they are (the feature's 0001 takes them over; the messages' agreements
    keep a pre-registration's id, feature_messages 0003, run before this)."""

    dependencies = [
        ("tournaments", "0067_deal_generale"),
    ]

    operations = [
        # The tables stay where the core's migrations made them: state only.
        migrations.SeparateDatabaseAndState(
            state_operations=[
                migrations.RemoveField(model_name="announcement", name="tournament"),
                migrations.RemoveConstraint(
                    model_name="preregistration", name="preregistration_pair_once_a_mailbox"
                ),
                migrations.DeleteModel(name="Announcement"),
                migrations.DeleteModel(name="PreRegistration"),
            ],
            database_operations=[],
        ),
    ]
