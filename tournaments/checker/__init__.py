"""The concours checker's former name, kept so that `python -m
tournaments.checker FILE` (as earlier releases' guides and pages print it)
still runs: the checker is the top-level package `checker` (`python -m
checker FILE`), beside `scoring`. Nothing else lives here.
"""
