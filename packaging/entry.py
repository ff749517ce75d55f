"""The bundle's entry point: ``dealer-app`` as the installed command runs it."""

import sys

from dealer_app.cli import main

if __name__ == "__main__":
    sys.exit(main())
