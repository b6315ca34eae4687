"""The calendar's writes: announcements (services/announcements.py) and a
team's own pre-registration (services/preregistration.py); the demo's coming
concours (services/demo.py)."""
