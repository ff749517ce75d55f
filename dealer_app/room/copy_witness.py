"""The forwarder's connect check, beside its sending (issue 30 §3).

On every connect the forwarder compares the room's whole copy of its rows and heads with its
record (room/copy_check.py). That walk is linear (some 20 µs a row and head: about 100 s for a
table of 100,000 hands), so it runs in a thread of its own, with its own connection to the room
and its own read-only connection to the record, while the sender sends the rows after it.

It compares what the room held when the forwarder connected: the rows up to the room's last row
then, and the heads up to its last head then (both asked first, by the sender). What the sender
adds meanwhile is judged by the server as it arrives, and by the next connect's walk.

When it ends, ``verdict`` holds what it found (the first few differences, and how many) and
``on_done`` is called (the sender: wakes, and stops sending if the room's copy disagrees). A
walk that is no longer wanted (the sender connected again, or stops) ends at its next thousand
rows (``cancel``).
"""

from __future__ import annotations

import contextlib
import itertools
import logging
import sqlite3
import threading
from dataclasses import dataclass
from typing import TYPE_CHECKING

from dealer_app.room import copy_check
from dealer_app.room.database import connect

if TYPE_CHECKING:
    from collections.abc import Callable, Iterator
    from pathlib import Path

    from dealer_app.room.copy_check import Difference

log = logging.getLogger(__name__)

DIFFERENCES_SAID = 20  # differences of the room's copy said (to the dealer and the room) on a connect
CANCEL_EVERY = 1000  # rows between two looks at ``cancel``


@dataclass(frozen=True)
class Differences:
    """What the connect check found: the first differences, and how many in all."""

    found: tuple[Difference, ...]
    count: int


class _Cancelled(Exception):
    pass


def compare(
    db: sqlite3.Connection,
    conn,
    table_id: str,
    rows_until: int,
    heads_until: int,
    cancel: threading.Event | None = None,
) -> Differences:
    """The room's copy (``conn``, a table login's, in a transaction) of ``table_id`` against the
    record (``db``): its rows up to ``rows_until`` and heads up to ``heads_until``, and any the
    room holds beyond them (the sender asked where the room stood just before: the room's rows
    beyond are rows the record does not have). Nothing is being sent meanwhile."""
    return _compare(db, conn, table_id, rows_until, heads_until, None, None, cancel)


def _compare(
    db: sqlite3.Connection,
    conn,
    table_id: str,
    rows_until: int,
    heads_until: int,
    room_rows_until: int | None,
    room_heads_until: int | None,
    cancel: threading.Event | None,
) -> Differences:
    mine = _watched(copy_check.record_rows(db, rows_until), cancel)
    theirs = _watched(copy_check.room_rows(conn, table_id, room_rows_until), cancel)
    heads = copy_check.room_heads(conn, table_id)
    if room_heads_until is not None:
        heads = (h for h in heads if h.row <= room_heads_until)
    found: list[Difference] = []
    count = 0
    for d in itertools.chain(
        copy_check.compare_rows(table_id, mine, theirs),
        copy_check.compare_heads(table_id, copy_check.record_heads(db, heads_until), heads),
    ):
        count += 1
        if len(found) < DIFFERENCES_SAID:
            found.append(d)
    return Differences(tuple(found), count)


def _watched(rows: Iterator, cancel: threading.Event | None) -> Iterator:
    for n, row in enumerate(rows):
        if cancel is not None and n % CANCEL_EVERY == 0 and cancel.is_set():
            raise _Cancelled
        yield row


class CopyWitness:
    """One connect's comparison, in a thread of its own (``start``)."""

    def __init__(
        self,
        url: str,
        record_path: Path,
        table_id: str,
        rows_until: int,
        heads_until: int,
        on_done: Callable[[], None],
    ):
        self.url, self.record_path, self.table_id = url, record_path, table_id
        self.rows_until, self.heads_until = rows_until, heads_until
        self.on_done = on_done
        self.cancel = threading.Event()
        self.verdict: Differences | None = None  # set when the walk has ended
        self.failed = ""  # why the walk could not be made (the room or the record unreadable)
        self._thread = threading.Thread(target=self._run, name=f"room-witness-{table_id}", daemon=True)

    def start(self) -> CopyWitness:
        self._thread.start()
        return self

    def join(self, timeout: float | None = None) -> None:
        self._thread.join(timeout)

    def _run(self) -> None:
        import psycopg

        conn = db = None
        try:
            db = sqlite3.connect(f"{self.record_path.resolve().as_uri()}?mode=ro", uri=True, timeout=3)
            db.execute("PRAGMA query_only = 1")
            conn = connect(self.url)
            # (the room's rows and heads as they stood at the connect: those the sender adds
            # meanwhile are not the record's rows up to there, and no difference)
            self.verdict = _compare(
                db,
                conn,
                self.table_id,
                self.rows_until,
                self.heads_until,
                self.rows_until,
                self.heads_until,
                self.cancel,
            )
            conn.commit()
        except _Cancelled:
            return
        except (psycopg.Error, OSError, sqlite3.Error) as exc:
            # (said in the log; the next connect walks again: a broken connection is the
            # sender's to say, as offline)
            self.failed = str(exc)
            log.info("room forwarder: the connect check of %s could not be made (%s)", self.table_id, exc)
        except Exception:
            log.exception("room forwarder: the connect check of %s failed", self.table_id)
            self.failed = "the connect check failed: see the log"
        finally:
            for c in (conn, db):
                if c is not None:
                    with contextlib.suppress(Exception):
                        c.close()
        if not self.cancel.is_set():
            self.on_done()


__all__ = ["DIFFERENCES_SAID", "CopyWitness", "Differences", "compare"]
