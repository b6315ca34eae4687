"""`python -m tournaments.checker …`, the former command: runs `python -m
checker …` with the same arguments, output and exit status."""

import sys

from checker.__main__ import main

if __name__ == "__main__":
    sys.exit(main())
