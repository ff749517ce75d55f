"""The commands that open a window: the live table (``dealer-app`` with no command), the floor
console (``dealer-app floor``) and the packaging self-test (``--smoke-test``). The trainer
(``dealer-app train``) is with the training commands. Each goes through the UI's one start-up
(``ui/app.py``: ``start_qt``); Qt is imported only when a window opens."""

from __future__ import annotations

from typing import TYPE_CHECKING

# Each window's modules (and Qt) are imported when it opens, in its function: the command
# line starts without Qt.
from dealer_app.cli.common import window

if TYPE_CHECKING:
    import argparse
    from pathlib import Path

    from dealer_app.exit_code import ExitCode


def run_live_table(args: argparse.Namespace) -> ExitCode:
    """The live table; ``--limits`` is handed to the table's controller (where tables load)."""
    from dealer_app.ui.app import run_app

    return run_app(limits_dir=args.limits)


def run_floor_console(args: argparse.Namespace) -> ExitCode:
    from dealer_app.ui.app import run_floor

    return run_floor(args.record, database=args.database)


def run_smoke_test(out: Path) -> ExitCode:
    from dealer_app.ui.smoke import smoke_test

    return smoke_test(out)


def add_commands(sub: argparse._SubParsersAction) -> None:
    p = sub.add_parser(
        "floor",
        help="the floor console on a hand record (default: this machine's), or on the "
        "card room's server (--database, or DEALER_APP_DATABASE)",
    )
    p.add_argument("record", nargs="?")
    p.add_argument("--database", help="the card room's server: every table, live (postgresql://login:password@host/db)")
    window(p, run_floor_console)
