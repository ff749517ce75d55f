"""The room console's hand pages read off the GUI thread: a find that matches nothing makes the
room look through every ``hand_start`` row (~0.4 s at 30,000 hands, ~1.4 s at 100,000), and the
floor typing a name must not see the window stop on each key.

One thread of its own with its own connection to the room (the console's reader stays free to
open a hand); it reads one request at a time, and only the newest: a request asked while another
is waiting replaces it, and one asked while an older find is read cancels that find's statement on
the server. The answer comes back through a queued signal with the request's ``generation``, and
the console shows only the answer to its latest request.
"""

from __future__ import annotations

import logging
import threading
from dataclasses import dataclass, field
from typing import TYPE_CHECKING

import psycopg
from PySide6.QtCore import QObject, Signal

from dealer_app.room.database import RoomError
from dealer_app.room.hand_pages import HandPages
from dealer_app.room.reader import RoomReader

if TYPE_CHECKING:
    from dealer_app.record.hand_find import HandFind
    from dealer_app.record.hand_index import HandSummary

log = logging.getLogger(__name__)


@dataclass(frozen=True)
class PageRequest:
    """A page to read: of a new find (``pages`` None: the find's pages are made from ``find``,
    ``labels``, ``rulings`` and ``failing``), or the next of pages already read."""

    generation: int
    size: int
    find: HandFind | None = None
    labels: dict[str, str] = field(default_factory=dict)
    rulings: tuple = ()
    failing: dict = field(default_factory=dict)
    pages: HandPages | None = None


@dataclass(frozen=True)
class PageAnswer:
    """What a request read: its pages (to ask for the next), the page's hands, or what failed."""

    generation: int
    pages: HandPages | None
    hands: list[HandSummary]
    error: RoomError | None = None
    new_find: bool = False


class PageReader(QObject):
    """Reads the room's hand pages for the console at ``url`` in a thread of its own."""

    answered = Signal(object)  # a PageAnswer, delivered in the GUI's thread

    def __init__(self, url: str, parent: QObject | None = None):
        super().__init__(parent)
        self.url = url
        self._lock = threading.Condition()
        self._waiting: PageRequest | None = None
        self._reading: int | None = None  # the generation being read now
        self._stopped = False
        self._reader: RoomReader | None = None
        self._thread = threading.Thread(target=self._run, name="room-pages", daemon=True)
        self._thread.start()

    def ask(self, request: PageRequest) -> None:
        """Read ``request`` next, instead of any request waiting; an older find being read is
        cancelled on the server (its answer would not be shown)."""
        with self._lock:
            self._waiting = request
            reading, reader = self._reading, self._reader
            if reading is not None and reading < request.generation and reader is not None:
                try:
                    reader.conn.cancel_safe()
                except (psycopg.Error, OSError):  # (the statement ends on its own; its answer is dropped anyway)
                    log.info("the room's older find could not be cancelled", exc_info=True)
            self._lock.notify()

    def stop(self) -> None:
        with self._lock:
            self._stopped = True
            self._lock.notify()
            reading, reader = self._reading, self._reader
            if reading is not None and reader is not None:
                try:
                    reader.conn.cancel_safe()
                except (psycopg.Error, OSError):
                    log.info("the room's find could not be cancelled", exc_info=True)
        self._thread.join(timeout=5)
        if self._reader is not None:
            self._reader.close()

    def _run(self) -> None:
        while True:
            with self._lock:
                while self._waiting is None and not self._stopped:
                    self._lock.wait()
                if self._stopped:
                    return
                request, self._waiting = self._waiting, None
                assert request is not None
                self._reading = request.generation
            answer = self._read(request)
            with self._lock:
                self._reading = None
                stale = self._waiting is not None and self._waiting.generation != request.generation
                if self._stopped:
                    return
            if not stale:
                self.answered.emit(answer)

    def _read(self, request: PageRequest) -> PageAnswer:
        try:
            if self._reader is None:
                reader = RoomReader(self.url)
                with self._lock:
                    self._reader = reader
            pages = request.pages
            if pages is None:
                assert request.find is not None
                pages = HandPages(self._query, request.labels, request.find, request.rulings, request.failing)
            hands = pages.next_page(request.size)
            return PageAnswer(request.generation, pages, hands, new_find=request.pages is None)
        except RoomError as exc:
            return PageAnswer(request.generation, None, [], exc, new_find=request.pages is None)

    def _query(self, sql: str, args: tuple | dict = ()) -> list[tuple]:
        assert self._reader is not None
        return self._reader._query(sql, args)
