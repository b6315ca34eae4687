"""Benchmarks: scripts that print figures, never asserted, and never collected
by pytest (tests live in tests/).

Run each one from the project root as a module, so that the project's
packages and ``bench.builders`` import without any change to ``sys.path``:
``.venv/bin/python -m bench.bench_draw``; ``make bench`` runs them all.
"""
