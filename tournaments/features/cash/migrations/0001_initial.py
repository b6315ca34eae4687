import django.db.models.deletion
from django.db import migrations, models

from tournaments.features.moved_models import content_types_follow


MODELS = ["payment", "cashentry"]


class Migration(migrations.Migration):
    """The cash box's models, taken over from the core (tournaments 0066) with
    their tables (`tournaments_payment`, `tournaments_cashentry`) as they
    are: nothing moves in the database but the content types' app label (the
    admin's history and permissions follow)."""


    initial = True

    dependencies = [
        ("contenttypes", "0002_remove_content_type_name"),
        ('tournaments', '0066_moved_cash'),
    ]

    operations = [
        # The table stays where the core's migrations made it: state only.
        migrations.SeparateDatabaseAndState(
            state_operations=[
                migrations.CreateModel(
                    name='CashEntry',
                    fields=[
                        ('id', models.BigAutoField(auto_created=True, primary_key=True, serialize=False, verbose_name='ID')),
                        ('kind', models.CharField(choices=[('income', 'Recette'), ('expense', 'Dépense')], max_length=10, verbose_name='sorte')),
                        ('label', models.CharField(max_length=120, verbose_name='libellé')),
                        ('amount_cents', models.PositiveIntegerField(verbose_name='montant (centimes)')),
                        ('created_at', models.DateTimeField(auto_now_add=True)),
                        ('tournament', models.ForeignKey(on_delete=django.db.models.deletion.CASCADE, related_name='cash_entries', to='tournaments.tournament')),
                    ],
                    options={
                        'verbose_name': 'ligne de caisse',
                        'verbose_name_plural': 'lignes de caisse',
                        'db_table': 'tournaments_cashentry',
                        'ordering': ['created_at', 'pk'],
                        'constraints': [models.CheckConstraint(condition=models.Q(('amount_cents__gte', 1), ('amount_cents__lte', 1000000)), name='cash_entry_amount_bounded')],
                    },
                ),
                migrations.CreateModel(
                    name='Payment',
                    fields=[
                        ('id', models.BigAutoField(auto_created=True, primary_key=True, serialize=False, verbose_name='ID')),
                        ('amount_cents', models.PositiveIntegerField(verbose_name='montant (centimes)')),
                        ('method', models.CharField(choices=[('cash', 'Espèces'), ('cheque', 'Chèque'), ('other', 'Autre')], default='cash', max_length=10, verbose_name='moyen de paiement')),
                        ('at', models.DateTimeField(auto_now_add=True)),
                        ('player', models.OneToOneField(blank=True, null=True, on_delete=django.db.models.deletion.CASCADE, related_name='payment', to='tournaments.player')),
                        ('team', models.OneToOneField(blank=True, null=True, on_delete=django.db.models.deletion.RESTRICT, related_name='payment', to='tournaments.team')),
                        ('tournament', models.ForeignKey(on_delete=django.db.models.deletion.CASCADE, related_name='payments', to='tournaments.tournament')),
                    ],
                    options={
                        'verbose_name': 'paiement',
                        'verbose_name_plural': 'paiements',
                        'db_table': 'tournaments_payment',
                        'ordering': ['at', 'pk'],
                        'constraints': [models.CheckConstraint(condition=models.Q(models.Q(('player__isnull', True), ('team__isnull', False)), models.Q(('player__isnull', False), ('team__isnull', True)), _connector='OR'), name='payment_of_a_team_or_a_player'), models.CheckConstraint(condition=models.Q(('amount_cents__lte', 1000000)), name='payment_amount_bounded')],
                    },
                ),
            ],
            database_operations=[],
        ),
        content_types_follow(MODELS, "feature_cash"),
    ]
