"""``python -m scoring``: the command line of SPEC §8 (see :mod:`scoring.cli`)."""

import os
import sys

from .cli import main

if __name__ == "__main__":
    try:
        status = main()
    except KeyboardInterrupt:
        status = 130
    except BrokenPipeError:  # the reader went away: nothing more to say
        devnull = os.open(os.devnull, os.O_WRONLY)
        os.dup2(devnull, sys.stdout.fileno())
        status = 1
    sys.exit(status)
