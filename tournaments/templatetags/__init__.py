"""Template filters over `tournaments.display`, so that templates show
labels without building them. Must not hold a rule or a word of its own.
"""
