"""`python -m hallapp` and PyInstaller's entry script: the standalone hall app."""

import sys

from hallapp.launcher import main

if __name__ == "__main__":
    sys.exit(main())
