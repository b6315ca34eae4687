"""Old name of :mod:`tournaments.pairing`, kept until its last importer moves."""

from tournaments.pairing import *  # noqa: F403
from tournaments.pairing import DrawError  # noqa: F401
