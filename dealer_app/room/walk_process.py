"""The console's walk of every table from its first row (room/table_checks.py), in a process of
its own: a walk of 3 million rows is a minute of one core, and in the console's interpreter it
held the GUI's thread off the interpreter lock (the GUI's wait for a queued event grew; bench_
room_console.py measures it). Spawned (no fork of a process that runs Qt), one process a walk,
so its memory is given back when the walk ends.

The child walks with ``check_room_table`` as the thread did, and sends what it found, one
message a table, through a queue: ``Walked`` (the table's check and its enrollment), then
``Ended``; or ``Failed`` — the room could not be read (tried again), or a fault (said in the
console's red line, as a fault of the thread was).
"""

from __future__ import annotations

import contextlib
import logging
import os
import traceback
from dataclasses import dataclass
from typing import TYPE_CHECKING

if TYPE_CHECKING:
    from dealer_app.room.room_check import Enrolled, RoomTableCheck

log = logging.getLogger(__name__)


@dataclass(frozen=True)
class Walked:
    """One table walked from its first row."""

    table_id: str
    found: RoomTableCheck
    who: Enrolled | None


@dataclass(frozen=True)
class Ended:
    """Every table walked."""


@dataclass(frozen=True)
class Failed:
    """The walk ended early: ``fault`` False — the room could not be read (``words``), tried
    again later; True — a fault of the code (``words``: its traceback)."""

    words: str
    fault: bool


def walk_every_table(url: str, tables: dict[str, str], results, stop) -> None:
    """The child's work: every table of ``tables`` (id -> how the words name it) walked, each
    result put on ``results``; ``stop`` (an Event) set ends it within a few thousand rows."""
    import psycopg

    from dealer_app.room.database import RoomError, connect, words

    # at low priority: on a machine of few cores the GUI's process (and the feed) come first,
    # and the walk takes what is left (it has five minutes until the next)
    with contextlib.suppress(OSError, AttributeError):  # (no nice on Windows: the usual priority)
        os.nice(10)
    from dealer_app.room.room_check import WalkStopped, check_room_table, enrolled

    conn = None
    try:
        conn = connect(url, autocommit=True)
        for tid, name in tables.items():
            if stop.is_set():
                return
            who = enrolled(conn, tid)
            try:
                found = check_room_table(conn, tid, name, who=who, stop=stop.is_set)
            except WalkStopped:
                return
            results.put(Walked(tid, found, who))
        results.put(Ended())
    except (RoomError, psycopg.Error, OSError) as exc:
        results.put(Failed(words(exc) if isinstance(exc, psycopg.Error) else str(exc), fault=False))
    except Exception:
        log.exception("room check (its process) stopped")
        results.put(Failed(traceback.format_exc(), fault=True))
    finally:
        if conn is not None:
            conn.close()


__all__ = ["Ended", "Failed", "Walked", "walk_every_table"]
