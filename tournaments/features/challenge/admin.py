"""The challenges' back-office screen, read-only (tournaments/admin.py says
why). Must not: change a challenge (its pages keep its rules)."""

from django.contrib import admin

from tournaments.admin import ReadOnlyMixin
from tournaments.features.challenge.models import Challenge


@admin.register(Challenge)
class ChallengeAdmin(ReadOnlyMixin, admin.ModelAdmin):
    list_display = ("name", "owner", "kind", "slug")
    search_fields = ("name",)
