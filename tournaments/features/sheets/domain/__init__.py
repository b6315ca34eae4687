"""The reader of a sheet's photo, pure: no Django, no database, no language
(refusals and questions carry codes; display.py says them)."""
