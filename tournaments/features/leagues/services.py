"""Leagues' use-cases: a league created or changed, its stages, the concours
of a stage, and a stage's qualified teams sent to the next stage.

Sending the qualified teams registers them at the desk of the next
stage's concours (its first by date when it has several), not yet checked
in, each linked to its place in the concours it came from (`Qualification`).
It is idempotent: sent again, a team already there is never registered
twice; a correction of a stage's result before the next concours starts
adds the newcomers, updates the places and takes out the teams no longer
qualified (a team registered by hand at the desk is only unlinked; one
that already paid stays registered). A qualified team the organizer
deleted from the next concours (it declined) stays out: its qualification
remains, without a team, and is never registered again. Once the next concours has started,
the list no longer changes: the desk corrects it by hand. Each use-case is
one transaction. Must not rank anyone (queries/leagues.py).
"""

from __future__ import annotations

from dataclasses import dataclass, field
from typing import Any

from django.db import transaction
from django.db.models import Max, RestrictedError
from django.utils import timezone
from django.utils.translation import gettext as _

from tournaments.features.leagues import domain as rules
from tournaments.features.leagues import queries
from tournaments.features.leagues.display import Action
from tournaments.features.leagues.models import League, Qualification, Stage
from tournaments.models import Tournament
from tournaments.services import team_file
from tournaments.services.audit import Actor, home_changed, log_change
from tournaments.services.errors import TournamentError
from tournaments.services.registration import (
    PlayerData,
    create_team,
    lock_registrations,
    pairs_refusal,
    registered_teams,
    team_deletable,
    team_key_of,
)
from tournaments.services.tournaments import unique_slug

SETTINGS = ("season", "best_k", "published")


def _name(name: str, field_name: str, message: str) -> str:
    name = " ".join(name.split())
    if not name:
        raise TournamentError(message, field=field_name)
    return name


@transaction.atomic(durable=True)
def create_league(*, owner, name: str, **values) -> League:
    name = _name(name, "name", _("Donnez un nom à la ligue."))
    unknown = set(values) - set(SETTINGS)
    if unknown:
        raise ValueError(f"unknown league settings: {sorted(unknown)}")
    league = League.objects.create(
        owner=owner, name=name, slug=unique_slug(League, name, "ligue"), **values
    )
    home_changed()
    return league


@transaction.atomic(durable=True)
def update_league(*, league: League, name: str, **values) -> League:
    league.name = _name(name, "name", _("Donnez un nom à la ligue."))
    for key in SETTINGS:
        if key in values:
            setattr(league, key, values[key])
    league.save()
    home_changed()
    return league


def _stage_checked(name: str, rule: str, value: int) -> str:
    """A stage's name (cleaned) once its name and rule are right."""
    name = _name(name, "name", _("Donnez un nom à l'étape."))
    if rule not in rules.RULES:
        raise TournamentError(_("Choisissez la règle de qualification."), field="rule")
    if rule == rules.PERCENT and not 1 <= value <= 100:
        raise TournamentError(_("Un pourcentage va de 1 à 100."), field="value")
    if value < 1:
        raise TournamentError(_("Qualifiez au moins une équipe."), field="value")
    return name


@transaction.atomic(durable=True)
def add_stage(*, league: League, name: str, rule: str, value: int) -> Stage:
    """A new stage, after the league's last one."""
    name = _stage_checked(name, rule, value)
    League.objects.select_for_update().get(pk=league.pk)  # two stages added at once take turns
    last = league.stages.aggregate(n=Max("position"))["n"] or 0
    return Stage.objects.create(league=league, position=last + 1, name=name, rule=rule, value=value)


@transaction.atomic(durable=True)
def update_stage(*, stage: Stage, name: str, rule: str, value: int) -> Stage:
    """Change a stage's name or rule. Teams already sent on stay as they
    are until the stage's qualified teams are sent again (a new rule then
    updates the next concours's list, while it has not started)."""
    stage.name = _stage_checked(name, rule, value)
    stage.rule, stage.value = rule, value
    stage.save(update_fields=["name", "rule", "value"])
    return stage


@transaction.atomic(durable=True)
def add_concours(*, stage: Stage, tournament: Tournament, by: Actor | None) -> None:
    """Put one of the organizer's concours of pairs in a stage."""
    if not Tournament.objects.managed_by(by).filter(pk=tournament.pk).exists():
        raise TournamentError(
            _("Seuls les concours que vous organisez peuvent entrer dans une ligue."),
            field="tournament",
        )
    if tournament.format == Tournament.Format.MELEE:
        raise TournamentError(
            _("Une mêlée ne classe pas d'équipes : elle ne peut pas entrer dans une ligue."),
            field="tournament",
        )
    if Stage.objects.filter(league=stage.league_id, tournaments=tournament).exists():
        raise TournamentError(
            _("« %(name)s » fait déjà partie de cette ligue.") % {"name": tournament.name},
            field="tournament",
        )
    stage.tournaments.add(tournament)


@transaction.atomic(durable=True)
def remove_concours(*, stage: Stage, tournament: Tournament) -> None:
    """Take a concours out of a stage, while no qualified team came from it
    nor went to it (after that, the desk's list would lose its marks)."""
    linked = Qualification.objects.filter(stage=stage, source=tournament).exists()
    if linked or Qualification.objects.filter(team__tournament=tournament).exists():
        raise TournamentError(
            _(
                "« %(name)s » a déjà des qualifiés inscrits d'une étape à l'autre : "
                "il reste dans la ligue."
            )
            % {"name": tournament.name}
        )
    stage.tournaments.remove(tournament)


@dataclass
class Sent:
    """What sending a stage's qualified teams changed in the next concours."""

    target: Tournament
    added: list[str] = field(default_factory=list)
    linked: list[str] = field(default_factory=list)
    moved: list[str] = field(default_factory=list)
    removed: list[str] = field(default_factory=list)
    #: No longer qualified, but kept registered (registered by hand, or paid).
    kept: list[str] = field(default_factory=list)
    #: Still qualified, but deleted from the next concours by its organizer:
    #: left out (not a change).
    declined: list[str] = field(default_factory=list)

    @property
    def changed(self) -> bool:
        return bool(self.added or self.linked or self.moved or self.removed or self.kept)


def _target(stage: Stage) -> Tournament:
    """The concours of the next stage that receives the qualified teams."""
    following = queries.next_stage(stage)
    if following is None:
        raise TournamentError(_("C'est la dernière étape de la ligue : personne à qualifier."))
    concours = queries.stage_concours(following)
    if not concours:
        raise TournamentError(
            _("Ajoutez d'abord le concours de l'étape « %(name)s ».") % {"name": following.name}
        )
    return concours[0]


def _refusal(stage: Stage, target: Tournament) -> str:
    concours = queries.stage_concours(stage)
    if not concours:
        return _("Cette étape n'a pas encore de concours.")
    waiting = [t.name for t in concours if not queries.is_over(t)]
    if waiting:
        return _(
            "Pas encore : le classement de %(names)s n'est pas définitif "
            "(concours pas terminé, ou réclamations encore ouvertes)."
        ) % {"names": ", ".join(f"« {n} »" for n in waiting)}
    strangers = [
        row.team_name
        for tournament in concours
        for row in queries.qualification(queries.stage_ranking(tournament), stage).rows
        if row.team_id is None
    ]
    if strangers:
        return _(
            "Qualifiées mais pas inscrites à ce concours : %(names)s. Une salle a joué "
            "avec une équipe qui n'est pas dans sa liste : inscrivez-la, puis recommencez."
        ) % {"names": ", ".join(f"« {n} »" for n in strangers)}
    if queries.has_started(target):
        return _(
            "« %(name)s » a commencé : sa liste de qualifiés ne change plus. "
            "Une correction se fait à la main à l'accueil (inscription ou forfait)."
        ) % {"name": target.name}
    return pairs_refusal(target)


def _wanted(stage: Stage) -> dict[int, tuple[Tournament, queries.RankingRow]]:
    """The qualified rows of every concours of the stage, by source team."""
    wanted = {}
    for tournament in queries.stage_concours(stage):
        for row in queries.qualification(queries.stage_ranking(tournament), stage).rows:
            wanted[row.team_id] = (tournament, row)
    return wanted


def _pair_key(players) -> frozenset[str]:
    (f1, l1, _l1), (f2, l2, _l2) = players
    return team_file.team_key(f1, l1, f2, l2)


@transaction.atomic
def send_qualified(*, stage: Stage, by: Actor | None = None) -> Sent:
    """Register the stage's qualified teams in the next stage's concours
    (see the module's docstring): sent twice, nothing changes the second time."""
    target = lock_registrations(_target(stage))
    refusal = _refusal(stage, target)
    if refusal:
        raise TournamentError(refusal)
    sent = Sent(target)
    wanted = _wanted(stage)
    existing = {
        q.source_team_id: q
        for q in stage.qualifications.select_related("team__player1", "team__player2")
    }
    for source_team, qualification in existing.items():
        if qualification.team_id is None:  # deleted from the next concours by hand
            if source_team not in wanted:
                qualification.delete()
            else:
                sent.declined.append(qualification.name)
            continue
        if source_team not in wanted or qualification.team.tournament_id != target.pk:
            _unqualify(qualification, sent, by)
    teams = registered_teams(target)
    by_key = {team_key_of(t): t for t in teams}
    number = max((t.number for t in teams), default=0)
    for source_team, (source, row) in wanted.items():
        qualification = existing.get(source_team)
        if qualification is not None and qualification.pk is not None:
            if (qualification.rank, qualification.source_id) != (row.rank, source.pk):
                qualification.rank, qualification.source = row.rank, source
                qualification.save(update_fields=["rank", "source"])
                sent.moved.append(row.team_name)
            continue
        team = by_key.get(_pair_key(row.players))
        created = team is None
        if team is not None and Qualification.objects.filter(team=team).exists():
            raise TournamentError(
                _("« %(name)s » est qualifiée deux fois : vérifiez les équipes.")
                % {"name": row.team_name}
            )
        if team is None:
            number += 1
            team = _register(target, row, number)
            sent.added.append(row.team_name)
        else:
            sent.linked.append(row.team_name)
        Qualification.objects.create(
            name=team.players_label,
            stage=stage,
            source=source,
            source_team_id=source_team,
            rank=row.rank,
            team=team,
            created_team=created,
        )
    stage.qualified_at = timezone.now()
    stage.save(update_fields=["qualified_at"])
    if sent.changed:
        log_change(
            target,
            Action.LEAGUE_QUALIFIED,
            by=by,
            after={
                "stage": stage.name,
                "added": sent.added,
                "linked": sent.linked,
                "moved": sent.moved,
                "removed": sent.removed,
                "kept": sent.kept,
            },
        )
    return sent


def _register(target: Tournament, row: queries.RankingRow, number: int):
    (f1, l1, lic1), (f2, l2, lic2) = row.players
    team = create_team(
        target,
        player1=PlayerData(f1, l1, lic1, row.club),
        player2=PlayerData(f2, l2, lic2, row.club),
        club=row.club,
        name="",
        number=number,
    )
    # Registered, not yet there: the desk (or the door) checks it in.
    team.present = False
    team.save(update_fields=["present"])
    return team


def _unqualify(qualification: Qualification, sent: Sent, by: Actor | None) -> None:
    """A team no longer qualified: taken out of the next concours when the
    league registered it and it is still untouched, else only unlinked."""
    team = qualification.team
    label = team.display_name
    qualification.delete()
    qualification.pk = None
    if not (qualification.created_team and team_deletable(team)):
        sent.kept.append(label)
        return
    players = [team.player1, team.player2]
    try:
        team.delete()
    except RestrictedError:  # a row of another feature holds it: it paid
        sent.kept.append(label)
        return
    for player in players:
        player.delete()
    sent.removed.append(label)


def send_when_final(tournament: Tournament, *, by: Actor | None = None) -> list[Sent]:
    """After a concours's ranking became final (its last partie closed
    without a claims window, or its claims closed by hand): each stage
    holding it whose concours are all final sends its qualified teams by
    itself. A stage not ready (another concours still provisional, the last
    stage, the next concours started) is left as it is, silently: its page
    says why. Runs in the caller's transaction; each stage in a savepoint."""
    sent = []
    for stage in Stage.objects.filter(tournaments=tournament).select_related("league"):
        try:
            with transaction.atomic():
                sent.append(send_qualified(stage=stage, by=by))
        except TournamentError:
            continue
    return sent


def send_due(*, into: Tournament | None = None, league: League | None = None) -> list[Sent]:
    """The stages that never sent their qualified teams and whose concours
    all became final meanwhile: sent now, by themselves. A claims window
    that ends by its timer has no moment of its own, so this is asked when
    the organizer opens the next concours (`into`) or the league's page
    (`league`). A stage that sent once (`qualified_at`) is left to the
    organizer's button; one not ready is left silently, as in
    `send_when_final`. Each stage in its own transaction."""
    stages = Stage.objects.filter(qualified_at__isnull=True).select_related("league")
    if league is not None:
        stages = stages.filter(league=league)
    if into is not None:
        stages = stages.filter(league__stages__tournaments=into).distinct()
    sent = []
    for stage in stages:
        following = queries.next_stage(stage)
        if following is None or not stage.tournaments.exists():
            continue
        if into is not None and into not in queries.stage_concours(following)[:1]:
            continue
        try:
            sent.append(send_qualified(stage=stage))
        except TournamentError:
            continue
    return sent


def backup_section(*, tournament: Tournament) -> dict[str, Any] | None:
    """The stages that hold the concours (`hooks.BACKUP_SECTIONS`): their
    ids, read back only from the copy a publication replaces."""
    stages = list(tournament.league_stages.order_by("pk").values_list("pk", flat=True))
    return {"leagues": {"stages": stages}} if stages else None


def take_section(*, tournament: Tournament, sections, earlier, team_ids, by) -> None:
    """A concours published again stays in the stages of the copy it
    replaced (`hooks.CONCOURS_IMPORTED`, `earlier`: this site's own ids). A
    file's section is never read: its ids are another site's."""
    ids = (earlier.get("leagues") or {}).get("stages") or []
    if not isinstance(ids, list) or not all(isinstance(pk, int) for pk in ids):
        return
    for stage in Stage.objects.filter(pk__in=ids, league__owner_id=tournament.owner_id):
        stage.tournaments.add(tournament)
