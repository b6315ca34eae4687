"""Back-office screens for fixing data by hand.

Scores are never changed here: deals, tables, seats and penalties are
read-only, and so are the brackets and pools, the lots, the special rankings, the
players' directory and the desk's queue (their screens keep their rules and
write their history; the features' own, the cash box's and the challenges',
are in their packages' admin.py) (a deal edited here would keep a stale marque; corrections go
through the organizer's screens, whose services rescore the table). Every
save or delete of a tournament, team, player or round writes an audit line
(`admin_edit`), which also moves the tournament's revision so the public
pages show the change.

The users' list holds the administrator's approval of organizers (issue
35): only approved accounts' concours feed the players' pages and the cote
(services/trust.py)."""

from django.contrib import admin, messages
from django.contrib.auth import get_user_model
from django.contrib.auth.admin import UserAdmin
from django.utils.translation import gettext_lazy as _
from django.utils.translation import ngettext

from tournaments.models import (
    Attempt,
    Bracket,
    BracketMatch,
    Category,
    Change,
    Deal,
    KnownPlayer,
    Lot,
    LotSwap,
    OrganizerApproval,
    Penalty,
    Player,
    Pool,
    PoolTeam,
    Round,
    Seat,
    SignUp,
    Table,
    Team,
    Tournament,
    WaitingPlayer,
)
from tournaments.services.audit import home_changed, log_change
from tournaments.services.trust import approve_organizers, withdraw_approvals


class ReadOnlyMixin:
    """Shown, never changed here (see the module's docstring)."""

    def has_add_permission(self, request, obj=None) -> bool:
        return False

    def has_change_permission(self, request, obj=None) -> bool:
        return False

    def has_delete_permission(self, request, obj=None) -> bool:
        return False


class AuditedAdmin(admin.ModelAdmin):
    """Writes the tournament's audit line for each change made here."""

    @staticmethod
    def tournament_id(obj) -> int:
        return obj.pk if isinstance(obj, Tournament) else obj.tournament_id

    def save_model(self, request, obj, form, change) -> None:
        super().save_model(request, obj, form, change)
        log_change(
            self.tournament_id(obj),
            Change.Action.ADMIN_EDIT,
            by=request.user,
            reason=f"{obj._meta.verbose_name} : {obj}",
        )

    def delete_model(self, request, obj) -> None:
        tournament_id = self.tournament_id(obj)
        label = f"{obj._meta.verbose_name} : {obj}"
        super().delete_model(request, obj)
        if not isinstance(obj, Tournament):
            log_change(tournament_id, Change.Action.ADMIN_EDIT, by=request.user, reason=label)
        else:  # its history went with it: no line to move the home
            home_changed()

    def delete_queryset(self, request, queryset) -> None:
        for obj in queryset:
            self.delete_model(request, obj)


class RoundInline(admin.TabularInline):
    model = Round
    extra = 0
    fields = ("number", "status", "draw_method", "draw_seed")


@admin.register(Tournament)
class TournamentAdmin(AuditedAdmin):
    list_display = ("name", "date", "venue", "format", "status", "published")
    list_filter = ("status", "published", "format")
    search_fields = ("name", "venue")
    prepopulated_fields = {"slug": ("name",)}
    filter_horizontal = ("co_organizers",)
    inlines = [RoundInline]


@admin.register(Player)
class PlayerAdmin(AuditedAdmin):
    list_display = ("last_name", "first_name", "club", "licence", "tournament", "status")
    list_filter = ("tournament", "status")
    search_fields = ("last_name", "first_name", "licence", "club")


@admin.register(Team)
class TeamAdmin(AuditedAdmin):
    list_display = ("number", "__str__", "club", "tournament", "status", "present")
    list_filter = ("tournament", "status", "present")
    search_fields = ("name", "player1__last_name", "player2__last_name", "club")
    raw_id_fields = ("player1", "player2", "round")


@admin.register(Round)
class RoundAdmin(AuditedAdmin):
    list_display = ("__str__", "tournament", "status", "draw_method", "draw_seed")
    list_filter = ("tournament", "status")


class DealInline(ReadOnlyMixin, admin.TabularInline):
    model = Deal
    extra = 0
    readonly_fields = ("marque_a", "marque_b", "outcome", "pot")


class PenaltyInline(ReadOnlyMixin, admin.TabularInline):
    model = Penalty
    extra = 0


@admin.register(Table)
class TableAdmin(ReadOnlyMixin, admin.ModelAdmin):
    list_display = ("__str__", "round", "team_a", "team_b", "status", "total_a", "total_b")
    list_filter = ("round__tournament", "status")
    raw_id_fields = ("team_a", "team_b", "round")
    readonly_fields = ("total_a", "total_b", "lost_pot", "version")
    inlines = [DealInline, PenaltyInline]


@admin.register(Seat)
class SeatAdmin(ReadOnlyMixin, admin.ModelAdmin):
    list_display = ("round", "table", "side", "team")
    raw_id_fields = ("round", "table", "team")


@admin.register(Deal)
class DealAdmin(ReadOnlyMixin, admin.ModelAdmin):
    list_display = ("table", "number", "taker", "trump", "bid", "marque_a", "marque_b", "outcome")
    list_filter = ("table__round__tournament", "outcome")
    readonly_fields = ("marque_a", "marque_b", "outcome", "pot")
    raw_id_fields = ("table",)


@admin.register(Penalty)
class PenaltyAdmin(ReadOnlyMixin, admin.ModelAdmin):
    list_display = ("table", "team", "points", "reason", "created_by", "created_at")
    raw_id_fields = ("table", "team")


@admin.register(Change)
class ChangeAdmin(ReadOnlyMixin, admin.ModelAdmin):
    """The audit trail is read, never edited."""

    list_display = ("at", "tournament", "table", "action", "by", "reason")
    list_filter = ("tournament", "action")


@admin.register(SignUp)
class SignUpAdmin(ReadOnlyMixin, admin.ModelAdmin):
    """Who signed up, when, and whether the address is confirmed; the
    account itself is edited under « Utilisateurs »."""

    list_display = ("email_key", "user", "created_at", "confirmed_at", "invited_by", "language")
    list_filter = ("confirmed_at",)
    search_fields = ("email_key", "user__username")


@admin.register(Lot)
class LotAdmin(ReadOnlyMixin, admin.ModelAdmin):
    list_display = ("tournament", "category", "position", "name", "value", "quantity", "last")
    list_filter = ("tournament",)


@admin.register(LotSwap)
class LotSwapAdmin(ReadOnlyMixin, admin.ModelAdmin):
    list_display = ("tournament", "category", "first", "second", "created_at")


@admin.register(Category)
class CategoryAdmin(ReadOnlyMixin, admin.ModelAdmin):
    list_display = ("tournament", "name", "kind", "prize_rule", "prize_top")
    list_filter = ("tournament", "kind")


@admin.register(WaitingPlayer)
class WaitingPlayerAdmin(ReadOnlyMixin, admin.ModelAdmin):
    list_display = ("tournament", "last_name", "first_name", "licence", "club", "created_at")
    list_filter = ("tournament",)


@admin.register(KnownPlayer)
class KnownPlayerAdmin(ReadOnlyMixin, admin.ModelAdmin):
    list_display = ("owner", "last_name", "first_name", "licence", "club", "last_seen")
    search_fields = ("last_name", "first_name", "licence", "club")


@admin.register(Attempt)
class AttemptAdmin(ReadOnlyMixin, admin.ModelAdmin):
    """The throttles' counted attempts (logins, codes, passwords); deleting
    them lifts a lock before its window ends."""

    list_display = ("key", "at")
    search_fields = ("key",)

    def has_delete_permission(self, request, obj=None) -> bool:
        return request.user.is_superuser


@admin.register(Bracket)
class BracketAdmin(ReadOnlyMixin, admin.ModelAdmin):
    list_display = ("tournament", "kind", "name", "tie_rule", "position")
    list_filter = ("tournament",)


@admin.register(BracketMatch)
class BracketMatchAdmin(ReadOnlyMixin, admin.ModelAdmin):
    list_display = ("bracket", "level", "position", "team_a", "team_b", "winner")
    list_filter = ("bracket__tournament",)


@admin.register(Pool)
class PoolAdmin(ReadOnlyMixin, admin.ModelAdmin):
    list_display = ("tournament", "number")
    list_filter = ("tournament",)


@admin.register(PoolTeam)
class PoolTeamAdmin(ReadOnlyMixin, admin.ModelAdmin):
    list_display = ("pool", "position", "team")
    list_filter = ("pool__tournament",)


admin.site.unregister(get_user_model())


@admin.register(get_user_model())
class OrganizerAdmin(UserAdmin):
    """Django's users, with whether the site trusts each organizer and the
    two actions that approve or stop approving them."""

    list_display = (*UserAdmin.list_display, "approved")
    list_select_related = ("organizer_approval",)
    actions = ["approve_organizers", "withdraw_approvals"]

    @admin.display(boolean=True, description=_("approuvé (pages des joueurs, cote)"))
    def approved(self, obj) -> bool:
        return hasattr(obj, "organizer_approval")

    @admin.action(
        description=_(
            "Approuver : leurs concours publics alimentent les pages des joueurs et la cote"
        ),
        permissions=["change"],
    )
    def approve_organizers(self, request, queryset) -> None:
        count = approve_organizers(users=queryset, by=request.user)
        self.message_user(
            request,
            ngettext("%(n)s organisateur approuvé.", "%(n)s organisateurs approuvés.", count)
            % {"n": count},
            messages.SUCCESS,
        )

    @admin.action(
        description=_("Ne plus approuver : leurs joueurs quittent les pages et la cote"),
        permissions=["change"],
    )
    def withdraw_approvals(self, request, queryset) -> None:
        count = withdraw_approvals(users=queryset, by=request.user)
        self.message_user(
            request,
            ngettext(
                "%(n)s organisateur n'est plus approuvé.",
                "%(n)s organisateurs ne sont plus approuvés.",
                count,
            )
            % {"n": count},
            messages.SUCCESS,
        )


@admin.register(OrganizerApproval)
class OrganizerApprovalAdmin(ReadOnlyMixin, admin.ModelAdmin):
    """Who approved which organizer, and when (the actions are on the users' list)."""

    list_display = ("user", "approved_at", "approved_by")
    search_fields = ("user__username",)
