#!/usr/bin/env python
"""Django's command-line utility for administrative tasks."""

import os
import sys


def main() -> None:
    os.environ.setdefault("DJANGO_SETTINGS_MODULE", "config.settings")
    if sys.argv[1:2] == ["hall"]:
        # The hall server's settings (plain HTTP on the local network, DEBUG
        # off) are chosen before Django reads them.
        os.environ.setdefault("BELOTE_MODE", "hall")
    from django.core.management import execute_from_command_line

    execute_from_command_line(sys.argv)


if __name__ == "__main__":
    main()
