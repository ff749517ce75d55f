"""No exception disappears: every one the UI meets is logged with its traceback to
``dealer-app.log`` in the data folder, and the dealer is told in words.

Qt-free, so the command line and the tests use it too.
"""

from __future__ import annotations

import logging
import logging.handlers
import os
import tempfile
from pathlib import Path

from dealer_app.engine.errors import EngineError
from dealer_app.engine.says import QT_TRANSLATE_NOOP, Said, said, says
from dealer_app.record.store import StoreError, reason
from dealer_app.settings import LOG_NAME
from dealer_app.settings import data_dir as default_data_dir

log = logging.getLogger("dealer_app")


class _LogFile(logging.handlers.RotatingFileHandler):
    """The log file; when it cannot be written (a full disk) the record goes to stderr with one
    line saying why, once — never Python's "--- Logging error ---" traceback, and nothing lost
    that stderr can still take."""

    problem: str | None = None  # why the log file could not be written, once said

    def handleError(self, record: logging.LogRecord) -> None:
        import sys

        exc = sys.exc_info()[1]
        try:
            if self.problem is None:
                self.problem = reason(exc) if exc is not None else "?"
                sys.stderr.write(
                    f"dealer-app: the log {self.baseFilename} cannot be written ({self.problem}); "
                    "its messages go here\n"
                )
            sys.stderr.write(logging.Formatter("%(asctime)s %(levelname)s %(name)s: %(message)s").format(record) + "\n")
        except Exception:  # (stderr itself is gone: there is nowhere left to say it)
            pass

    def close(self) -> None:
        """Closing flushes what the full disk refused once more: that refusal is already said."""
        try:
            super().close()
        except OSError as exc:
            if self.problem is None:
                self.problem = reason(exc)
            self.stream = None  # type: ignore[assignment]


def log_problem() -> str | None:
    """Why the log file could not be written, if it could not (said to the dealer at start)."""
    for h in log.handlers:
        if isinstance(h, _LogFile) and h.problem is not None:
            return h.problem
    return None


def setup_logging(data_dir: Path | None = None) -> Path:
    """Log to ``<data>/dealer-app.log`` (rotated at 1 MB, 5 kept); a folder that cannot be
    written logs to the temporary folder instead. Returns the log file's path."""
    for folder in (
        Path(data_dir) if data_dir else default_data_dir(),
        Path(tempfile.gettempdir()) / f"dealer-app-{os.getuid()}",
    ):
        try:
            folder.mkdir(parents=True, exist_ok=True)
            handler = _LogFile(folder / LOG_NAME, maxBytes=1_000_000, backupCount=5, encoding="utf-8")
        except OSError:
            continue
        handler.setFormatter(logging.Formatter("%(asctime)s %(levelname)s %(name)s: %(message)s"))
        for old in [h for h in log.handlers if isinstance(h, logging.handlers.RotatingFileHandler)]:
            log.removeHandler(old)
            old.close()
        log.addHandler(handler)
        log.setLevel(logging.INFO)
        return folder / LOG_NAME
    return Path(os.devnull)


def log_path() -> Path | None:
    for h in log.handlers:
        if isinstance(h, logging.FileHandler):
            return Path(h.baseFilename)
    return None


def describe(exc: BaseException) -> str:
    """What went wrong, in words; the traceback goes to the log (``report``)."""
    if isinstance(exc, EngineError):
        return str(exc)
    if isinstance(exc, StoreError):
        return str(exc)
    if isinstance(exc, OSError):
        where = f" ({exc.filename})" if getattr(exc, "filename", None) else ""
        return f"{exc.strerror or exc}{where}"
    text = str(exc)
    return f"{exc.__class__.__name__}: {text}" if text else exc.__class__.__name__


def report(exc: BaseException, context: str = "") -> str:
    """Log ``exc`` with its traceback; return the sentence to show the dealer (a ``Said``
    where it can be worded in the dealer's language)."""
    log.error("%s", context or "error", exc_info=(type(exc), exc, exc.__traceback__))
    message = describe(exc)
    where = log_path()
    unexpected = not isinstance(exc, (EngineError, StoreError, OSError))
    if unexpected:
        if where:
            return said(
                QT_TRANSLATE_NOOP("Errors", "Unexpected error: %1. The hand record is safe; details are in %2."),
                message,
                where,
            )
        return said(QT_TRANSLATE_NOOP("Errors", "Unexpected error: %1. The hand record is safe."), message)
    own_words = getattr(exc, "says", None)
    if own_words is None:
        return message
    rules = getattr(exc, "rules", ())
    return Said(says("%1 (%2)", own_words, ", ".join(rules))) if rules else Said(own_words)
