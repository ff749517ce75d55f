"""The command line: ``dealer-app`` (the console script ``dealer_app.cli:main``). See
``commands.py`` for the commands and their exit codes."""

from dealer_app.cli.commands import main

__all__ = ["main"]
