"""The bundle's entry point: ``dealer-app`` as the installed command runs it."""

import multiprocessing
import sys

from dealer_app.cli import main

if __name__ == "__main__":
    # the card room's forwarder is a spawned process: in the bundle, the child starts here too
    multiprocessing.freeze_support()
    sys.exit(main())
