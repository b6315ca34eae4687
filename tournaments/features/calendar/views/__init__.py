"""The calendar's pages: the organizer's (views/announcements.py, with the
feeds and the panels it shows in the core's pages) and a team's
pre-registration (views/preregistration.py)."""
