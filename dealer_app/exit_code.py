"""The app's process exit codes, declared once: every layer that ends a process (the command
line, the desktop app's windows, the packaging self-test) returns one of these.

Standard library only, as ``settings.py``: the UI may import it, where it may not import the
command line."""

from __future__ import annotations

from enum import IntEnum


class ExitCode(IntEnum):
    """The exit code of every command and window (README: "Exit codes")."""

    OK = 0
    FAILED = 1  # a problem found in the input, each named: file, hand, line
    USAGE = 2  # a usage or environment error: a missing folder, an unknown option, an unwritable output
    INTERRUPTED = 130  # Ctrl+C, as a shell says it

    @classmethod
    def of_event_loop(cls, code: int) -> ExitCode:
        """Qt's event loop's return as an exit code: 0 when the last window closes (the app
        never asks Qt to exit with another code); anything else is a failure."""
        return cls.OK if code == 0 else cls.FAILED
