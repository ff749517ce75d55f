"""``dealer-app``: the live table (no arguments) and the command-line tools.

    dealer-app tables                      list the limit tables
    dealer-app check-limits [PATH]         validate a table file or folder (exit 1 on errors)
    dealer-app replay FILE... [--profile NAME] [--table NAME_OR_PATH] [--json] [--check] [--jobs N]
    dealer-app export FILE... | --db RECORD  [--format phh|text] [--out DIR] [--jobs N]
    dealer-app verify RECORD [--key FILE] [--anchors FILE] [--json]   is the record whole?
    dealer-app seals RECORD [--json]       every hand's seal
    dealer-app hands --db RECORD [--json]  the record's hands, newest first (with filters)
    dealer-app report --db RECORD --hand SESSION-HAND --out FILE.pdf   the ruling report
    dealer-app rulings --db RECORD | --database URL [--since --until --floor NAME --status S] [--json|--csv]
                                           the floor's cases, for a shift report
    dealer-app floor [RECORD]              the floor console
    dealer-app drill --skill SKILL --count N --seed S [--profile P] [--table T] [--json] | --list
    dealer-app train                       the dealer trainer
    dealer-app trainees --db RECORD [--csv FILE] [--pdf FILE] [--json]   the trainer's summary
    dealer-app certificate verify ID --db RECORD [--key FILE] [--seal CODE] [--json]  a certificate genuine?
    dealer-app db upgrade|add-login|approve-table … --database URL   the card room's server
    dealer-app floor-account add NAME | list | remove NAME   the floor's own accounts (floor acts)
    dealer-app floor-key new | show --database URL   a floor person's own ruling key (on their machine)
    dealer-app record-service [--socket S --dir D]    keep the record and keys (the .deb's service)
    dealer-app --version | --smoke-test OUT.pdf (a bundle's self-test: a hand played offscreen, its report)

Exit codes, for every command: 0 success; 1 a problem found in the input (each named: file,
hand, line); 2 a usage or environment error (a missing folder, an unknown option, an output
that cannot be written). A traceback is a bug: an unexpected error is said in one line and
its traceback goes to the log.

One module per command group: ``limits`` (tables, check-limits), ``history`` (replay, export),
``record`` (verify, seals, hands, rulings, report), ``room`` (db), ``floor_account``, ``floor_key``, ``training`` (drill,
trainees, certificate, train), ``apps`` (the live table, floor); ``common`` holds the errors a
command raises and re-exports ``ExitCode`` (declared in ``dealer_app/exit_code.py``, which the
windows return too). Each group's ``add_commands`` adds its subparsers, and each subparser
names its handler — ``command(p, cmd_NAME)`` for a command, ``window(p, run_NAME)`` for one
that opens a window — so no chain of command names is kept in step; a new group is one more
entry in ``build_parser``'s list of groups.
"""

from __future__ import annotations

import argparse
import gc
import os
import sys
from pathlib import Path

# Each command imports what it needs when it runs (in its function): `dealer-app tables`
# does not load the record, the engine's replay, the room's psycopg or Qt.
from dealer_app import __version__
from dealer_app.cli import apps, floor_account, floor_key, history, limits, record, record_service, room, training
from dealer_app.cli.common import ExitCode, InputProblem, UsageError, limits_dir_given, say, usual_collections, window
from dealer_app.settings import build_name


def build_parser() -> argparse.ArgumentParser:
    parser = argparse.ArgumentParser(prog="dealer-app", description="Seven Card Stud dealer assistant")
    parser.add_argument("--limits", type=Path, default=None, help="folder of limit tables (default: limits/)")
    parser.add_argument("--version", action="version", version=f"dealer-app {__version__} ({build_name()})")
    parser.add_argument(
        "--smoke-test",
        metavar="OUT.pdf",
        type=Path,
        help="open the window offscreen, play a canned hand, write its report PDF, exit 0 (packaging)",
    )
    window(parser, apps.run_live_table)  # no command: the live table
    sub = parser.add_subparsers(dest="command")
    for group in (
        limits,
        history,
        record,
        room,
        floor_account,
        floor_key,
        record_service,
        training,
        apps,
    ):  # (the order --help lists them in)
        group.add_commands(sub)
    return parser


def main(argv: list[str] | None = None) -> ExitCode:
    args = build_parser().parse_args(argv)  # a usage mistake exits 2 here (argparse)
    if args.smoke_test is not None:
        return apps.run_smoke_test(args.smoke_test)
    if args.window:
        return args.run(args)
    return _run_command(args)


def _run_command(args: argparse.Namespace) -> ExitCode:
    """A command run, its errors said in one line: a usage mistake exit 2, the input's problem
    exit 1, anything unexpected exit 1 with its traceback in the log."""
    thresholds = gc.get_threshold()
    try:
        limits_dir_given(args)  # a --limits folder that is not there: exit 2, whatever the command
        return args.run(args)
    except UsageError as exc:
        say(f"dealer-app {args.command}: {exc}")
        return ExitCode.USAGE
    except InputProblem as exc:
        say(f"dealer-app {args.command}: {exc}")
        return ExitCode.FAILED
    except BrokenPipeError:
        # the reader (| head) has gone: stop quietly, and keep Python from complaining at exit
        os.dup2(os.open(os.devnull, os.O_WRONLY), sys.stdout.fileno())
        return ExitCode.OK
    except KeyboardInterrupt:
        return ExitCode.INTERRUPTED
    except Exception as exc:
        from dealer_app.errorlog import report, setup_logging

        setup_logging()
        say(f"dealer-app {args.command}: {report(exc, f'dealer-app {args.command}')}")
        return ExitCode.FAILED
    finally:  # (main is also called in-process, by the tests: leave the collector as found)
        usual_collections(thresholds)
