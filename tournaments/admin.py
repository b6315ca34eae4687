"""Back-office screens for fixing data by hand. Score fields are read-only
here: marques and totals are recomputed by the services, never typed."""

from django.contrib import admin

from tournaments.models import (
    Adjustment,
    Change,
    Deal,
    Player,
    Round,
    Seat,
    Table,
    Team,
    Tournament,
)


class RoundInline(admin.TabularInline):
    model = Round
    extra = 0
    fields = ("number", "status", "draw_method", "draw_seed")


@admin.register(Tournament)
class TournamentAdmin(admin.ModelAdmin):
    list_display = ("name", "date", "venue", "format", "status", "published")
    list_filter = ("status", "published", "format")
    search_fields = ("name", "venue")
    prepopulated_fields = {"slug": ("name",)}
    filter_horizontal = ("co_organizers",)
    inlines = [RoundInline]


@admin.register(Player)
class PlayerAdmin(admin.ModelAdmin):
    list_display = ("last_name", "first_name", "club", "licence", "tournament", "status")
    list_filter = ("tournament", "status")
    search_fields = ("last_name", "first_name", "licence", "club")


@admin.register(Team)
class TeamAdmin(admin.ModelAdmin):
    list_display = ("number", "__str__", "club", "tournament", "status", "present")
    list_filter = ("tournament", "status", "present")
    search_fields = ("name", "player1__last_name", "player2__last_name", "club")
    raw_id_fields = ("player1", "player2", "round")


@admin.register(Round)
class RoundAdmin(admin.ModelAdmin):
    list_display = ("__str__", "tournament", "status", "draw_method", "draw_seed")
    list_filter = ("tournament", "status")


class DealInline(admin.TabularInline):
    model = Deal
    extra = 0
    readonly_fields = ("marque_a", "marque_b", "outcome", "pot")


class AdjustmentInline(admin.TabularInline):
    model = Adjustment
    extra = 0


@admin.register(Table)
class TableAdmin(admin.ModelAdmin):
    list_display = ("__str__", "round", "team_a", "team_b", "status", "total_a", "total_b")
    list_filter = ("round__tournament", "status")
    raw_id_fields = ("team_a", "team_b", "round")
    readonly_fields = ("total_a", "total_b", "lost_pot", "version")
    inlines = [DealInline, AdjustmentInline]


@admin.register(Seat)
class SeatAdmin(admin.ModelAdmin):
    list_display = ("round", "table", "side", "team")
    raw_id_fields = ("round", "table", "team")


@admin.register(Deal)
class DealAdmin(admin.ModelAdmin):
    list_display = ("table", "number", "taker", "trump", "bid", "marque_a", "marque_b", "outcome")
    list_filter = ("table__round__tournament", "outcome")
    readonly_fields = ("marque_a", "marque_b", "outcome", "pot")
    raw_id_fields = ("table",)


@admin.register(Adjustment)
class AdjustmentAdmin(admin.ModelAdmin):
    list_display = ("table", "team", "points", "reason", "created_by", "created_at")
    raw_id_fields = ("table", "team")


@admin.register(Change)
class ChangeAdmin(admin.ModelAdmin):
    """The audit trail is read, never edited."""

    list_display = ("at", "tournament", "table", "action", "by", "reason")
    list_filter = ("tournament", "action")

    def has_add_permission(self, request) -> bool:
        return False

    def has_change_permission(self, request, obj=None) -> bool:
        return False

    def has_delete_permission(self, request, obj=None) -> bool:
        return False
