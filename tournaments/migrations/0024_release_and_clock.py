"""Issue 14: a draw released when announced, and the partie clock with
the day's planner; both off by default. Every partie drawn before this
migration was shown at once: it is marked as announced when it was drawn,
so switching the option on later hides no partie already played."""

import django.core.validators
from django.db import migrations, models
from django.db.models import F


def mark_drawn_rounds_released(apps, schema_editor):
    apps.get_model("tournaments", "Round").objects.filter(released_at__isnull=True).update(
        released_at=F("created_at")
    )


class Migration(migrations.Migration):

    dependencies = [
        ('tournaments', '0023_merged_after_cash'),
    ]

    operations = [
        migrations.AddField(
            model_name='round',
            name='clock_paused_at',
            field=models.DateTimeField(blank=True, null=True),
        ),
        migrations.AddField(
            model_name='round',
            name='clock_paused_seconds',
            field=models.PositiveIntegerField(default=0, validators=[django.core.validators.MinValueValidator(0), django.core.validators.MaxValueValidator(2147483647)]),
        ),
        migrations.AddField(
            model_name='round',
            name='clock_started_at',
            field=models.DateTimeField(blank=True, null=True),
        ),
        migrations.AddField(
            model_name='round',
            name='last_deal_minutes',
            field=models.PositiveSmallIntegerField(blank=True, null=True, validators=[django.core.validators.MinValueValidator(0), django.core.validators.MaxValueValidator(600)], verbose_name='appel « dernière donne » (minutes)'),
        ),
        migrations.AddField(
            model_name='round',
            name='released_at',
            field=models.DateTimeField(blank=True, null=True, verbose_name='tirage annoncé le'),
        ),
        migrations.AddField(
            model_name='tournament',
            name='break_minutes',
            field=models.PositiveSmallIntegerField(default=10, validators=[django.core.validators.MinValueValidator(0), django.core.validators.MaxValueValidator(120)], verbose_name='minutes entre deux parties'),
        ),
        migrations.AddField(
            model_name='tournament',
            name='clock_enabled',
            field=models.BooleanField(default=False, verbose_name='chrono et horaires'),
        ),
        migrations.AddField(
            model_name='tournament',
            name='last_deal_minutes',
            field=models.PositiveSmallIntegerField(blank=True, null=True, validators=[django.core.validators.MinValueValidator(0), django.core.validators.MaxValueValidator(600)], verbose_name='appel « dernière donne » (minutes)'),
        ),
        migrations.AddField(
            model_name='tournament',
            name='minutes_per_deal',
            field=models.PositiveSmallIntegerField(default=5, validators=[django.core.validators.MinValueValidator(1), django.core.validators.MaxValueValidator(30)], verbose_name='minutes par donne'),
        ),
        migrations.AddField(
            model_name='tournament',
            name='release_draws',
            field=models.BooleanField(default=False, verbose_name="tirage caché jusqu'à l'annonce"),
        ),
        migrations.AddField(
            model_name='tournament',
            name='start_time',
            field=models.TimeField(blank=True, null=True, verbose_name='heure de début'),
        ),
        migrations.AlterField(
            model_name='change',
            name='action',
            field=models.CharField(choices=[('tournament_created', 'Tournoi créé'), ('tournament_changed', 'Tournoi modifié'), ('published', 'Tournoi publié'), ('unpublished', "Tournoi retiré de l'accueil"), ('archived', 'Tournoi archivé'), ('unarchived', 'Tournoi sorti des archives'), ('co_organizer_added', 'Co-organisateur ajouté'), ('co_organizer_left', 'Co-organisateur parti (compte supprimé)'), ('owner_changed', 'Tournoi confié à un co-organisateur'), ('team_added', 'Équipe inscrite'), ('team_changed', 'Équipe modifiée'), ('teams_imported', 'Équipes importées'), ('team_deleted', 'Équipe supprimée'), ('team_withdrawn', 'Forfait'), ('team_reinstated', 'Forfait annulé'), ('player_added', 'Joueur inscrit'), ('player_withdrawn', "Forfait d'un joueur"), ('player_reinstated', "Forfait d'un joueur annulé"), ('presence', 'Présence pointée'), ('draw', 'Tirage'), ('redraw', 'Nouveau tirage'), ('swap', "Échange d'équipes"), ('deal_added', 'Donne saisie'), ('deal_changed', 'Donne corrigée'), ('deal_deleted', 'Donne supprimée'), ('totals', 'Totaux saisis'), ('penalty', 'Pénalité'), ('table_confirmed', 'Totaux confirmés à la table'), ('table_disputed', 'Totaux contestés à la table'), ('table_validated', "Table validée par l'organisateur"), ('link_revoked', 'Lien de saisie révoqué'), ('codes_locked', 'Codes bloqués : trop de codes faux'), ('round_closed', 'Partie close'), ('restored', "Tournoi restauré d'une sauvegarde"), ('admin_edit', "Modifié dans l'administration"), ('round_released', 'Tirage annoncé'), ('clock_started', 'Chrono lancé'), ('clock_paused', 'Chrono en pause'), ('clock_resumed', 'Chrono relancé'), ('clock_reset', 'Chrono remis à zéro'), ('clock_call_set', 'Appel « dernière donne » réglé')], max_length=20, verbose_name='action'),
        ),
        migrations.RunPython(
            mark_drawn_rounds_released, migrations.RunPython.noop, elidable=True
        ),
    ]
