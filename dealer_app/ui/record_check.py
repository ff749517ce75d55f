"""The record's check, run beside the floor console rather than before it: the hands are listed
at once, and those whose rows fail are marked when the check has read the record (15 s at
100,000 hands; the console used to show nothing until then, and froze as long whenever a
table finished a hand).

The check runs in a thread of its own, on a connection of its own (a SQLite connection
belongs to the thread that made it), and keeps its walk between checks
(``integrity.KeptCheck``), so each later check reads only the rows added since. One check at
a time: asked again while one runs, it runs once more when that one ends.
"""

from __future__ import annotations

import logging
from typing import TYPE_CHECKING

from PySide6.QtCore import QObject, QThread, Signal, Slot

from dealer_app.record.integrity import CheckCancelled, KeptCheck
from dealer_app.record.store import Store, StoreError
from dealer_app.ui.words import error_words

if TYPE_CHECKING:
    from pathlib import Path

log = logging.getLogger(__name__)


class _Checker(QObject):
    """Lives in the check's thread: opens the record there, checks it when asked."""

    done = Signal(object)  # {(session, hand): words} — what fails ({} when whole)
    failed = Signal(str)  # why the record could not be checked, in words

    def __init__(self, path: Path, key: bytes | None, anchors: Path | None):
        super().__init__()
        self.path, self.key, self.anchors = path, key, anchors
        self.store: Store | None = None
        self.kept = KeptCheck()  # (its ``cancel``: set from the console's thread when it closes)

    @Slot()
    def check(self) -> None:
        try:
            if self.store is None:
                self.store = Store.following(self.path, self.key, self.anchors)
            self.done.emit(self.store.failing(self.kept))
        except CheckCancelled:
            return  # (the console is closing: nobody to tell)
        except StoreError as exc:
            log.warning("the record's check could not run", exc_info=True)
            self.failed.emit(error_words(exc))
        except Exception as exc:  # (shown in words in the console's status line; the traceback logged)
            log.exception("the record's check stopped")
            self.failed.emit(f"{type(exc).__name__}: {exc}")

    @Slot()
    def close(self) -> None:
        if self.store is not None:
            self.store.db.close()
            self.store = None


class RecordCheck(QObject):
    """Ask with ``want()``; ``checked`` gives what fails, ``failed`` why it could not be told."""

    checked = Signal(object)
    failed = Signal(str)
    _wanted = Signal()
    _closing = Signal()

    def __init__(self, store: Store, parent=None):
        super().__init__(parent)
        self.running = False
        self._again = False
        self._thread = QThread(self)
        self._thread.setObjectName("record-check")
        anchors = store.anchors_path if store.anchors_path is not None else None
        self._checker = _Checker(store.path, store._key, anchors)
        self._checker.moveToThread(self._thread)
        self._wanted.connect(self._checker.check)
        self._closing.connect(self._checker.close)
        self._checker.done.connect(self._done)
        self._checker.failed.connect(self._failed)
        self._thread.start()

    def want(self) -> None:
        if self.running:
            self._again = True
            return
        self.running = True
        self._wanted.emit()

    def stop(self) -> None:
        """The check running stops within a thousand rows, and the thread ends (the console closing)."""
        if self._thread.isRunning():
            self._checker.kept.cancel.set()
            self._closing.emit()
            self._thread.quit()
            self._thread.wait()

    def _done(self, failing: dict) -> None:
        self._finished()
        self.checked.emit(failing)

    def _failed(self, words: str) -> None:
        self._finished()
        self.failed.emit(words)

    def _finished(self) -> None:
        self.running = False
        if self._again:
            self._again = False
            self.want()
