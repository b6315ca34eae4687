import django.core.validators
import django.db.models.deletion
from django.db import migrations, models

from tournaments.features.moved_models import content_types_follow


MODELS = ["announcement", "preregistration"]


class Migration(migrations.Migration):
    """The calendar's models, taken over from the core (tournaments 0068) with
    their tables (`tournaments_announcement`, `tournaments_preregistration`)
    as they are: nothing moves in the database but the content types' app
    label (the admin's history and permissions follow)."""

    initial = True

    dependencies = [
        ("contenttypes", "0002_remove_content_type_name"),
        ('tournaments', '0068_moved_calendar'),
    ]

    operations = [
        # The tables stay where the core's migrations made them: state only.
        migrations.SeparateDatabaseAndState(
            state_operations=[
                migrations.CreateModel(
                    name='Announcement',
                    fields=[
                        ('id', models.BigAutoField(auto_created=True, primary_key=True, serialize=False, verbose_name='ID')),
                        ('start_time', models.TimeField(verbose_name='heure')),
                        ('hall', models.CharField(max_length=120, verbose_name='salle')),
                        ('address', models.CharField(max_length=200, verbose_name='adresse')),
                        ('postcode', models.CharField(max_length=5, verbose_name='code postal')),
                        ('town', models.CharField(max_length=120, verbose_name='commune')),
                        ('departement', models.CharField(db_index=True, max_length=3, verbose_name='département')),
                        ('lots', models.TextField(blank=True, max_length=1000, verbose_name='lots annoncés')),
                        ('contact', models.CharField(max_length=200, verbose_name='contact')),
                        ('max_teams', models.PositiveIntegerField(blank=True, null=True, validators=[django.core.validators.MinValueValidator(1), django.core.validators.MaxValueValidator(2000)], verbose_name="nombre maximum d'équipes")),
                        ('offer_hours', models.PositiveSmallIntegerField(default=24, validators=[django.core.validators.MinValueValidator(1), django.core.validators.MaxValueValidator(168)], verbose_name='délai pour confirmer une place libérée (heures)')),
                        ('created_at', models.DateTimeField(auto_now_add=True)),
                        ('search_key', models.TextField(blank=True, default='', editable=False)),
                        ('tournament', models.OneToOneField(on_delete=django.db.models.deletion.CASCADE, related_name='announcement', to='tournaments.tournament')),
                    ],
                    options={
                        'verbose_name': 'annonce',
                        'verbose_name_plural': 'annonces',
                        'db_table': 'tournaments_announcement',
                    },
                ),
                migrations.CreateModel(
                    name='PreRegistration',
                    fields=[
                        ('id', models.BigAutoField(auto_created=True, primary_key=True, serialize=False, verbose_name='ID')),
                        ('first_name1', models.CharField(max_length=80, verbose_name='prénom du joueur 1')),
                        ('last_name1', models.CharField(max_length=80, verbose_name='nom du joueur 1')),
                        ('licence1', models.CharField(blank=True, max_length=30, verbose_name='licence du joueur 1')),
                        ('first_name2', models.CharField(max_length=80, verbose_name='prénom du joueur 2')),
                        ('last_name2', models.CharField(max_length=80, verbose_name='nom du joueur 2')),
                        ('licence2', models.CharField(blank=True, max_length=30, verbose_name='licence du joueur 2')),
                        ('club', models.CharField(blank=True, max_length=120, verbose_name='club')),
                        ('shown1', models.BooleanField(default=False, verbose_name="joueur 1 accepte d'être affiché")),
                        ('shown2', models.BooleanField(default=False, verbose_name="joueur 2 accepte d'être affiché")),
                        ('email', models.EmailField(max_length=200, verbose_name='e-mail')),
                        ('mailbox', models.CharField(blank=True, db_index=True, default='', max_length=200)),
                        ('language', models.CharField(default='fr', max_length=8)),
                        ('pair_key', models.CharField(max_length=400)),
                        ('status', models.CharField(choices=[('confirmed', 'Inscrite'), ('waiting', "En liste d'attente"), ('cancelled', 'Annulée'), ('expired', 'Expirée (adresse non confirmée)'), ('offered', 'Place proposée'), ('lapsed', 'Place proposée, pas confirmée à temps')], default='confirmed', max_length=10, verbose_name='statut')),
                        ('created_at', models.DateTimeField(auto_now_add=True)),
                        ('cancelled_at', models.DateTimeField(blank=True, null=True)),
                        ('confirmed_at', models.DateTimeField(blank=True, null=True)),
                        ('held_until', models.DateTimeField(blank=True, null=True)),
                        ('mailed_at', models.DateTimeField(blank=True, null=True)),
                        ('offered_until', models.DateTimeField(blank=True, null=True, verbose_name="place proposée jusqu'au")),
                        ('team', models.OneToOneField(blank=True, null=True, on_delete=django.db.models.deletion.SET_NULL, related_name='preregistration', to='tournaments.team')),
                        ('tournament', models.ForeignKey(on_delete=django.db.models.deletion.CASCADE, related_name='preregistrations', to='tournaments.tournament')),
                    ],
                    options={
                        'verbose_name': 'pré-inscription',
                        'verbose_name_plural': 'pré-inscriptions',
                        'db_table': 'tournaments_preregistration',
                        'ordering': ['created_at', 'id'],
                        'constraints': [models.UniqueConstraint(condition=models.Q(('status__in', ['cancelled', 'expired', 'lapsed']), _negated=True), fields=('tournament', 'pair_key', 'mailbox'), name='preregistration_pair_once_a_mailbox')],
                    },
                ),
            ],
            database_operations=[],
        ),
        content_types_follow(MODELS, "feature_calendar"),
    ]
