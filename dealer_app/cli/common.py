"""What every command group shares: the exit codes (``ExitCode``, declared in ``exit_code.py``,
where the UI reads them too), the two errors a command raises, and how a
command or a window is hooked to its subparser."""

from __future__ import annotations

import sys
from pathlib import Path
from typing import TYPE_CHECKING

# Each command imports what it needs when it runs (in its function): `dealer-app tables`
# does not load the record, the engine's replay, the room's psycopg or Qt.
from dealer_app.exit_code import ExitCode
from dealer_app.settings import limits_dir as default_limits_dir

# (the command modules read ExitCode from here, with the errors: one import line each)
__all__ = [
    "ExitCode",
    "InputProblem",
    "UsageError",
    "command",
    "fewer_collections",
    "limits_dir_given",
    "limits_folder",
    "open_record_file",
    "say",
    "usual_collections",
    "window",
]

if TYPE_CHECKING:
    import argparse
    from collections.abc import Callable

    from dealer_app.record.store import Store


class UsageError(Exception):
    """A mistake in the command or its environment (exit 2)."""


class InputProblem(Exception):
    """The input named is there but cannot be used as it is (a damaged record): said, exit 1."""


def command(parser: argparse.ArgumentParser, run: Callable[[argparse.Namespace], ExitCode]) -> None:
    """``parser``'s command runs ``run(args)``: its errors said in one line, its exit code returned."""
    parser.set_defaults(run=run, window=False)


def window(parser: argparse.ArgumentParser, run: Callable[[argparse.Namespace], ExitCode]) -> None:
    """``parser``'s command opens a window: ``run(args)`` returns when it closes."""
    parser.set_defaults(run=run, window=True)


def say(message: str) -> None:
    print(message, file=sys.stderr)


def limits_dir_given(args: argparse.Namespace) -> Path | None:
    """``--limits``, checked: a folder that is not there is a usage error; None when not given."""
    if args.limits is None:
        return None
    if not args.limits.is_dir():
        raise UsageError(f"{args.limits}: no such folder of limit tables (--limits)")
    return Path(args.limits)


def limits_folder(args: argparse.Namespace) -> Path:
    """The folder a command loads limit tables and house profiles from: ``--limits``, else
    ``settings.limits_dir`` (``DEALER_APP_LIMITS``, else the default), found once here and
    handed down to where they load, worker processes included (nothing is put in the
    environment)."""
    return limits_dir_given(args) or default_limits_dir()


def open_record_file(path: str, key: bytes | None = None) -> Store:
    """The record opened to read. A path that names no file is a usage mistake (exit 2); a
    file that is there but is no readable record (damaged, truncated, not SQLite) is the
    input's problem, named (exit 1)."""
    from dealer_app.record.store import Store, StoreError

    if not Path(path).is_file():
        raise UsageError(f"{path}: no such hand record" if not Path(path).exists() else f"{path}: not a file")
    try:
        return Store.read_only(path, key)
    except StoreError as exc:
        raise InputProblem(str(exc)) from None


def fewer_collections() -> None:
    """Replaying makes and drops many small objects a hand; Python's cycle collector, left at
    its default, stops every 700 of them to scan everything alive. The modules loaded so far
    are frozen out of its scans and it runs less often: ~5-10% of a replay's time, with the
    same peak memory (measured: benchmarks/bench_history.py)."""
    import gc

    gc.freeze()
    gc.set_threshold(100_000, 20, 20)


def usual_collections(thresholds: tuple) -> None:
    """As before ``fewer_collections`` (main is called in-process too, by the tests)."""
    import gc

    gc.unfreeze()
    gc.set_threshold(*thresholds)
