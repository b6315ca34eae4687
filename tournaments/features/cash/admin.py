"""The cash box's back-office screens: payments and the box's other lines,
shown read-only (tournaments/admin.py says why). Must not: change a line
(the cash box's pages keep its rules and write its history)."""

from django.contrib import admin

from tournaments.admin import ReadOnlyMixin
from tournaments.features.cash.models import CashEntry, Payment


@admin.register(Payment)
class PaymentAdmin(ReadOnlyMixin, admin.ModelAdmin):
    list_display = ("tournament", "team", "player", "amount_cents", "method", "at")
    list_filter = ("tournament", "method")


@admin.register(CashEntry)
class CashEntryAdmin(ReadOnlyMixin, admin.ModelAdmin):
    list_display = ("tournament", "kind", "label", "amount_cents", "created_at")
    list_filter = ("tournament", "kind")
