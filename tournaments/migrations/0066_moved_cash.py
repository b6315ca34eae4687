from django.db import migrations


class Migration(migrations.Migration):
    """The cash box is its feature's (feature_cash): the core's state forgets
    `Payment` and `CashEntry`, their tables and rows stay as they are (the
    feature's 0001 takes them over, a payment then holding its team: RESTRICT,
    a rule of Django's, not of the database)."""

    dependencies = [
        ("tournaments", "0065_moved_leagues"),
    ]

    operations = [
        # The table stays where the core's migrations made it: state only.
        migrations.SeparateDatabaseAndState(
            state_operations=[
                migrations.RemoveConstraint(
                    model_name="cashentry",
                    name="cash_entry_amount_bounded",
                ),
                migrations.RemoveConstraint(
                    model_name="payment",
                    name="payment_of_a_team_or_a_player",
                ),
                migrations.RemoveConstraint(
                    model_name="payment",
                    name="payment_amount_bounded",
                ),
                migrations.RemoveField(
                    model_name="payment",
                    name="player",
                ),
                migrations.RemoveField(
                    model_name="payment",
                    name="team",
                ),
                migrations.RemoveField(
                    model_name="payment",
                    name="tournament",
                ),
                migrations.DeleteModel(
                    name="CashEntry",
                ),
                migrations.DeleteModel(
                    name="Payment",
                ),
            ],
            database_operations=[],
        ),
    ]
