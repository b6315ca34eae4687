import django.core.validators
import django.db.models.deletion
from django.conf import settings
from django.db import migrations, models

from tournaments.features.moved_models import content_types_follow


MODELS = ["league", "stage", "qualification"]


class Migration(migrations.Migration):
    """The leagues' models, taken over from the core (tournaments 0065) with
    their tables (`tournaments_league`, `tournaments_stage` and its
    concours, `tournaments_qualification`) as they are: nothing moves in the
    database but the content types' app label (the admin's history and
    permissions follow)."""


    initial = True

    dependencies = [
        ("contenttypes", "0002_remove_content_type_name"),
        ('tournaments', '0065_moved_leagues'),
        migrations.swappable_dependency(settings.AUTH_USER_MODEL),
    ]

    operations = [
        # The table stays where the core's migrations made it: state only.
        migrations.SeparateDatabaseAndState(
            state_operations=[
                migrations.CreateModel(
                    name='League',
                    fields=[
                        ('id', models.BigAutoField(auto_created=True, primary_key=True, serialize=False, verbose_name='ID')),
                        ('name', models.CharField(max_length=120, verbose_name='nom')),
                        ('season', models.CharField(blank=True, max_length=40, verbose_name='saison')),
                        ('slug', models.SlugField(max_length=140, unique=True, verbose_name="identifiant d'adresse")),
                        ('best_k', models.PositiveSmallIntegerField(default=0, help_text='0 : toutes les équipes du club comptent. Sinon, ses k meilleures.', validators=[django.core.validators.MinValueValidator(0), django.core.validators.MaxValueValidator(100)], verbose_name='équipes comptées par club')),
                        ('published', models.BooleanField(default=False, verbose_name='publiée')),
                        ('created_at', models.DateTimeField(auto_now_add=True)),
                        ('owner', models.ForeignKey(on_delete=django.db.models.deletion.CASCADE, related_name='leagues', to=settings.AUTH_USER_MODEL, verbose_name='organisateur')),
                    ],
                    options={
                        'verbose_name': 'ligue',
                        'verbose_name_plural': 'ligues',
                        'db_table': 'tournaments_league',
                        'ordering': ['-created_at', 'name'],
                    },
                ),
                migrations.CreateModel(
                    name='Stage',
                    fields=[
                        ('id', models.BigAutoField(auto_created=True, primary_key=True, serialize=False, verbose_name='ID')),
                        ('position', models.PositiveSmallIntegerField(validators=[django.core.validators.MinValueValidator(1), django.core.validators.MaxValueValidator(50)])),
                        ('name', models.CharField(max_length=120, verbose_name="nom de l'étape")),
                        ('rule', models.CharField(choices=[('first', 'les N premiers de chaque concours'), ('percent', 'les N % premiers de chaque concours')], default='first', max_length=10, verbose_name="qualifiés pour l'étape suivante")),
                        ('value', models.PositiveSmallIntegerField(default=4, validators=[django.core.validators.MinValueValidator(1), django.core.validators.MaxValueValidator(1000)], verbose_name="N (nombre d'équipes, ou pourcentage)")),
                        ('qualified_at', models.DateTimeField(blank=True, null=True)),
                        ('league', models.ForeignKey(on_delete=django.db.models.deletion.CASCADE, related_name='stages', to='feature_leagues.league')),
                        ('tournaments', models.ManyToManyField(blank=True, related_name='league_stages', to='tournaments.tournament', verbose_name='concours')),
                    ],
                    options={
                        'verbose_name': 'étape',
                        'verbose_name_plural': 'étapes',
                        'db_table': 'tournaments_stage',
                        'ordering': ['league', 'position'],
                    },
                ),
                migrations.CreateModel(
                    name='Qualification',
                    fields=[
                        ('id', models.BigAutoField(auto_created=True, primary_key=True, serialize=False, verbose_name='ID')),
                        ('rank', models.PositiveIntegerField()),
                        ('name', models.CharField(blank=True, default='', max_length=250)),
                        ('created_team', models.BooleanField(default=True)),
                        ('source', models.ForeignKey(on_delete=django.db.models.deletion.CASCADE, related_name='+', to='tournaments.tournament')),
                        ('source_team', models.ForeignKey(blank=True, null=True, on_delete=django.db.models.deletion.SET_NULL, related_name='+', to='tournaments.team')),
                        ('team', models.OneToOneField(blank=True, null=True, on_delete=django.db.models.deletion.SET_NULL, related_name='qualification', to='tournaments.team')),
                        ('stage', models.ForeignKey(on_delete=django.db.models.deletion.CASCADE, related_name='qualifications', to='feature_leagues.stage')),
                    ],
                    options={
                        'db_table': 'tournaments_qualification',
                        'ordering': ['stage', 'source', 'rank'],
                    },
                ),
                migrations.AddConstraint(
                    model_name='stage',
                    constraint=models.UniqueConstraint(fields=('league', 'position'), name='stage_position_once'),
                ),
                migrations.AddConstraint(
                    model_name='qualification',
                    constraint=models.UniqueConstraint(fields=('stage', 'source_team'), name='qualification_source_team_once'),
                ),
            ],
            database_operations=[],
        ),
        content_types_follow(MODELS, "feature_leagues"),
    ]
