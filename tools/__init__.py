"""Tools for the people who work on the code, not parts of the app: nothing
in tournaments/, scoring/, config/ or hallapp/ imports them, and the hall app
does not carry them.
"""
