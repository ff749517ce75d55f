"""The console's own check of every table's rows (room/room_check.py), kept off the feed's and
the GUI's threads, and flat in the room's size as rows arrive.

Two threads, and a process:

- *new rows* (``room-check``, its own connection): per table, it keeps where the last walk
  stood after the last head it judged (``Resume``: that head's row, count and digest) and the
  problems found before it; when the feed says a table's rows moved, only the rows and heads
  after that point are walked (a commit's rows and head: milliseconds, whatever the room's
  size). A table whose last walk ended on rows no head covered yet (*not signed*: a head may
  still come) is walked again from the same point at the feed's next nudge.
- *everything again* (``room-recheck``): every table walked from its first row, at start and
  then ``FULL_EVERY_S`` after the previous walk ended — the walk itself in a spawned process of
  its own (room/walk_process.py, its own connection), so a minute of walking does not share the
  console's interpreter with the GUI; the thread takes its results as they come. This finds
  what no new row moves — the room's owner or a superuser editing or deleting rows already
  checked. Its result (from one snapshot) replaces the table's kept point and problems; the
  new-rows thread then walks on from there to the rows that arrived meanwhile. So an edit of
  old rows is said within ``FULL_EVERY_S`` plus one walk's time (bench_room_console.py
  measures the walk: about half a minute for a room of 100,000 hands), and a console never
  walks more than once every ``FULL_EVERY_S`` when the room is quiet. A fault in the walk's
  process (or the process ending without a word) is said in the console's red line, as a
  fault of either thread is.

Until the first full walk of a table has ended, its new rows are not checked (the walk covers
them): the hand list is shown at once, and the red line comes when the walk has ended.

The feed takes the results (``take``) in its own thread and marks the hands (``TableResult``).
"""

from __future__ import annotations

import contextlib
import logging
import queue
import threading
import time
from dataclasses import dataclass
from typing import TYPE_CHECKING

from dealer_app.record.problem import Problem
from dealer_app.room.database import RoomError, connect, words
from dealer_app.room.room_check import Enrolled, Resume, WalkStopped, check_room_table, enrolled

if TYPE_CHECKING:
    from dealer_app.room.room_check import RoomTableCheck

log = logging.getLogger(__name__)

# Every table walked again from its first row this long after the previous walk ended. An edit
# in place of rows already checked moves no head, so only this walk finds it: within
# FULL_EVERY_S + one walk. Five minutes: a floor hears of an owner's edit within the time it takes
# to walk to the table, and a console costs the room one linear read per table every five minutes
# (a room of 100,000 hands: about a minute of one core, 1/6 of the time, at low priority between
# the feed's reads).
FULL_EVERY_S = 300.0
RETRY_S = 3.0  # a checker whose connection broke connects again after this


@dataclass(frozen=True)
class TableResult:
    """One table's check as it stands: every problem and note (the kept ones and the new)."""

    table_id: str
    problems: tuple[Problem, ...]
    notes: tuple[str, ...]
    full: bool  # this result comes from a walk from the table's first row


@dataclass(frozen=True)
class _Kept:
    """Where a table's walks stand: its enrollment, the point after the last judged head, the
    problems before it, and the last row walked (the feed's head beyond it: rows to walk)."""

    who: Enrolled | None
    resume: Resume | None
    settled: tuple[Problem, ...]
    last_row: int
    pending: bool  # the last walk ended on rows no head covered yet: walk again at the next nudge


class WalkFault(Exception):
    """A fault in the walk's process (its traceback): the check stops, and says so in red."""


class TableChecks:
    """The console's checks of the room at ``url`` (a floor's login): ``nudge`` with the tables
    and how far the feed has read each, ``take`` the results; ``stop`` ends both threads."""

    def __init__(self, url: str, full_every_s: float = FULL_EVERY_S):
        self.url, self.full_every_s = url, full_every_s
        self._stop = threading.Event()
        self._nudged = threading.Event()
        self._lock = threading.Lock()
        self._tables: dict[str, str] = {}  # table_id -> how the words name it
        self._heads: dict[str, int] = {}  # table_id -> the last row the feed read
        self._full: queue.Queue[tuple[str, RoomTableCheck, Enrolled | None]] = queue.Queue()
        self._out: queue.Queue[TableResult] = queue.Queue()
        self._covered: set[str] = set()  # tables the running full walk covers (their new rows wait for it)
        self._kept: dict[str, _Kept] = {}  # (the new-rows thread's only)
        self.full_walks = 0  # full walks ended (every table walked from its first row)
        self.tail_walks = 0  # walks of a table's new rows
        self.full_walk_s = 0.0  # how long the last full walk took
        self._threads = [
            threading.Thread(target=self._guard, args=(self._new_rows,), name="room-check", daemon=True),
            threading.Thread(target=self._guard, args=(self._everything, False), name="room-recheck", daemon=True),
        ]

    def start(self) -> TableChecks:
        for t in self._threads:
            t.start()
        return self

    def stop(self, timeout: float = 3.0) -> None:
        self._stop.set()
        self._nudged.set()
        for t in self._threads:
            if t.is_alive():
                t.join(timeout)

    # --- the feed's side -----------------------------------------------------------------------
    def nudge(self, tables: dict[str, str], heads: dict[str, int]) -> None:
        """The feed read the room: its enrolled tables (id -> name) and the last row of each."""
        with self._lock:
            self._tables, self._heads = dict(tables), dict(heads)
        self._nudged.set()

    def take(self) -> list[TableResult]:
        """The results since the last call (each table's newest only)."""
        found: dict[str, TableResult] = {}
        with contextlib.suppress(queue.Empty):
            while True:
                r = self._out.get_nowait()
                found[r.table_id] = r
        return list(found.values())

    # --- the threads ---------------------------------------------------------------------------
    def _guard(self, work, connects: bool = True) -> None:
        """A thread's loop: its connection made (again, after a break), its work done
        (``connects`` False: the work connects elsewhere — the full walk, in its process)."""
        import psycopg

        while not self._stop.is_set():
            conn = None
            try:
                if connects:
                    conn = connect(self.url, autocommit=True)
                work(conn)
            except (RoomError, psycopg.Error, OSError) as exc:
                log.info("room check: %s", words(exc) if isinstance(exc, psycopg.Error) else exc)
            except Exception:
                log.exception("room check stopped")
                # (said in the console's red line too: the floor must not take a silent check for
                # a room that holds)
                stopped = "the console's own check of the room stopped on a fault (see the log): restart the console"
                self._out.put(TableResult("", (Problem("stopped", stopped),), (), False))
                return
            finally:
                if conn is not None:
                    with contextlib.suppress(Exception):
                        conn.close()
            self._stop.wait(RETRY_S)

    def _everything(self, conn) -> None:
        """The full walks' cadence; each walk in a process of its own (room/walk_process.py)."""
        import multiprocessing

        ctx = multiprocessing.get_context("spawn")  # (no fork of a process that runs Qt)
        while not self._stop.is_set():
            with self._lock:
                tables = dict(self._tables)
            if not tables:  # (the feed has not read the room yet, or it has no table)
                self._stop.wait(0.25)
                continue
            with self._lock:
                self._covered = set(tables)
            began = time.monotonic()
            if not self._walk_in_child(ctx, tables):
                return  # (the console closing)
            self.full_walk_s = time.monotonic() - began
            self.full_walks += 1
            self._stop.wait(self.full_every_s)

    def _walk_in_child(self, ctx, tables: dict[str, str]) -> bool:
        """One walk of every table, in a spawned process; its tables' results taken over as
        they come. False: the console is closing. RoomError: the room could not be read (the
        thread connects again); WalkFault: a fault in the walk (said in the red line)."""
        from dealer_app.room.walk_process import Ended, Failed, Walked, walk_every_table

        results, stop = ctx.Queue(), ctx.Event()
        child = ctx.Process(
            target=walk_every_table, args=(self.url, tables, results, stop), name="room-recheck", daemon=True
        )
        child.start()
        try:
            while True:
                if self._stop.is_set():
                    return False
                try:
                    said = results.get(timeout=0.25)
                except queue.Empty:
                    if child.is_alive():
                        continue
                    try:  # (what it put just before it ended)
                        said = results.get(timeout=1.0)
                    except queue.Empty:
                        raise WalkFault(f"the walk's process ended (exit code {child.exitcode})") from None
                if isinstance(said, Walked):
                    self._full.put((said.table_id, said.found, said.who))
                    self._nudged.set()  # (the new-rows thread takes it over at once)
                elif isinstance(said, Ended):
                    return True
                elif isinstance(said, Failed):
                    if said.fault:
                        raise WalkFault(said.words)
                    raise RoomError(said.words)
        finally:
            stop.set()
            child.join(3.0)
            if child.is_alive():  # (it did not stop within a few thousand rows)
                child.terminate()
                child.join(1.0)
            results.close()

    def _check(self, conn, tid: str, name: str, **how) -> RoomTableCheck:
        return check_room_table(conn, tid, name, stop=self._stop.is_set, **how)

    def _new_rows(self, conn) -> None:
        with contextlib.suppress(WalkStopped):  # (the console closing)
            self._walk_new_rows(conn)

    def _walk_new_rows(self, conn) -> None:
        while not self._stop.is_set():
            self._nudged.wait()
            self._nudged.clear()
            if self._stop.is_set():
                return
            while True:  # full walks ended: their point and problems replace the kept ones
                try:
                    tid, found, who = self._full.get_nowait()
                except queue.Empty:
                    break
                with self._lock:
                    self._covered.discard(tid)
                self._keep(tid, found, who, full=True)
            with self._lock:
                tables, heads, covered = dict(self._tables), dict(self._heads), set(self._covered)
            for tid, name in tables.items():
                kept = self._kept.get(tid)
                if kept is None:
                    if tid in covered:
                        continue  # (the full walk under way covers it)
                    who = enrolled(conn, tid)  # (a table enrolled since the full walk began)
                    self._keep(tid, self._check(conn, tid, name, who=who), who, full=True)
                    continue
                if heads.get(tid, 0) <= kept.last_row and not kept.pending:
                    continue
                who = enrolled(conn, tid)
                if who != kept.who:  # (enrolled again: another key; nothing kept holds)
                    self._keep(tid, self._check(conn, tid, name, who=who), who, full=True)
                    continue
                self.tail_walks += 1
                self._keep(tid, self._check(conn, tid, name, since=kept.resume, who=who), who, full=False)

    def _keep(self, tid: str, found: RoomTableCheck, who: Enrolled | None, full: bool) -> None:
        """A walk's result kept (its problems before its point stay) and told to the feed."""
        before = () if full else self._kept[tid].settled
        settled = (*before, *found.problems[: found.settled])
        last_row = max(found.last_row, 0 if full else self._kept[tid].last_row)
        # rows after the last head judged that fail (not signed yet, a head's row gone): a head
        # may still come, so they are walked again at the next nudge
        pending = bool(found.problems[found.settled :])
        self._kept[tid] = _Kept(who, found.resume, settled, last_row, pending)
        self._out.put(TableResult(tid, (*before, *found.problems), tuple(found.notes), full))


__all__ = ["FULL_EVERY_S", "TableChecks", "TableResult", "WalkFault"]
