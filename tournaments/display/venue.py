"""Where a concours is played, as its card says it (the home's lists, the
results' archive): its venue, and for a concours the calendar announced
its town and département (the calendar's `Announcement`, read by name).

Must not: query the database (a concours is read with its announcement
selected) nor import a feature.
"""

from __future__ import annotations


def concours_place(tournament) -> str:
    """Where a concours is played, as its card says it: its venue, and for
    an announced concours its town and département (« Salle des fêtes,
    Mâcon (71) »)."""
    # Reading a concours with its announcement selected: no query here.
    announcement = getattr(tournament, "announcement", None)
    if announcement is None:
        return tournament.venue
    town = f"{announcement.town} ({announcement.departement})"
    return f"{tournament.venue}, {town}" if tournament.venue else town
