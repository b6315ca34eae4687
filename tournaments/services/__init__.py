"""Use-cases of a tournament (being split into one module per family)."""

from tournaments.services.scores import *  # noqa: F403
