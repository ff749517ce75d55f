"""The room as it happens, for the floor's console: LISTEN on the room's channel, whose
notifications carry ids only (``log:123``), and read every row after the last one seen.

Notifications are lost while the console is disconnected, so they are only a nudge: after
every (re)connect, on every notification, and every few seconds anyway, the feed reads
everything after the last row it has (``RoomReader.catch_up``). The thread hands what changed
to ``on_change`` (copies: the console never shares the feed's objects) and its state to
``on_state``; both are called from the feed's thread.

The console's own check of every table's rows runs in threads of its own (room/table_checks.py):
the feed tells them how far it read, and hands their results on as they come — the hands are
listed before any check, and no check holds a read up.
"""

from __future__ import annotations

import contextlib
import dataclasses
import logging
import threading
import time
from typing import TYPE_CHECKING

from dealer_app.record.hand_index import mark_failing
from dealer_app.record.integrity import failing_by_hand
from dealer_app.room.database import RoomError, connect, shown_url, words
from dealer_app.room.reader import RoomReader
from dealer_app.room.table_checks import FULL_EVERY_S, TableChecks

if TYPE_CHECKING:
    from collections.abc import Callable

log = logging.getLogger(__name__)

CHANNEL = "dealer_room"
SAFETY_READ_S = 5.0  # read anyway this often, in case a notification was missed
# at most one read this often, however many notifications arrive: any login may NOTIFY the
# room's channel (PostgreSQL has no grant for it), so a flood costs the console one read per
# interval, and the notifications themselves are only drained
MIN_READ_S = 0.5
# every table's rows walked again from the first this long after the last walk ended, rows
# arriving or not (an edit in place moves nothing): room/table_checks.py says why five minutes
CHECK_AGAIN_S = FULL_EVERY_S
NOTES_PER_DRAIN = 10_000  # (then the loop goes round: a stop or a due read is never held up long)


@dataclasses.dataclass(frozen=True)
class FeedChange:
    hands: list  # HandSummary copies of the hands that changed
    tables: dict  # table_id -> RoomTable, every table of the room
    refusals: list  # every refusal so far
    rulings: list  # every room ruling so far
    heads: dict  # table_id -> its last row read (its record's row id)
    # the reader's own check of every table's rows (room/room_check.py), once it has run: its
    # problems' words (forged, missing, not signed) and notes; None: this change carries no check
    problems: list | None = None
    notes: list | None = None
    flags: tuple = ()  # room/watch.TableFlag: the tables the floor must look at, as they stand now
    # the check's failing hands of the tables it reported on: table_id -> by (session, hand), the
    # words (record/hand_index.Failing), for the hands the console pages from the room itself
    failing: dict | None = None


class RoomFeed:
    def __init__(
        self,
        url: str,
        on_change: Callable[[FeedChange], None],
        on_state: Callable[[str, str], None],
        retry_max_s: float = 3.0,
        check_again_s: float = CHECK_AGAIN_S,
        history: bool = True,
    ):
        """``history=False``: the hands from before the feed connected are not read (the console
        pages them from the room: room/hand_pages.py); only each table's last hand and what
        arrives after, and any hand from before that a new row or ruling touches."""
        self.url = url
        self.history = history
        self.checker = TableChecks(url, check_again_s)
        self._checked: dict = {}  # table_id -> its check as it stands (table_checks.TableResult)
        self._failing_tables = {}
        self.on_change, self.on_state = on_change, on_state
        self.retry_max_s = retry_max_s
        self.reader: RoomReader | None = None
        self._stop = threading.Event()
        self._thread = threading.Thread(target=self._run, name="room-feed", daemon=True)

    def start(self) -> RoomFeed:
        self._thread.start()
        self.checker.start()
        return self

    def stop(self, timeout: float = 3.0) -> None:
        self._stop.set()
        self.checker.stop(timeout)
        if self._thread.is_alive():
            self._thread.join(timeout)

    def _run(self) -> None:
        backoff = 0.2
        listener = None
        while not self._stop.is_set():
            try:
                if self.reader is None:
                    reader = RoomReader(self.url)
                    if not self.history:
                        reader.skip_history()
                    self.reader = reader
                else:
                    self.reader.reconnect()
                listener = connect(self.url, autocommit=True)
                listener.execute(f"LISTEN {CHANNEL}")
                self.on_state("connected", "")
                backoff = 0.2
                self._read()  # the resync: everything after the last row seen
                self._listen(listener)
            except RoomError as exc:
                self.on_state("offline", str(exc))
            except Exception as exc:
                import psycopg

                if not isinstance(exc, (psycopg.Error, OSError)):
                    log.exception("room feed stopped")
                    self.on_state("stopped", f"{exc.__class__.__name__}: {exc}")
                    return
                self.on_state("offline", f"{shown_url(self.url)}: {words(exc)}")
            finally:
                if listener is not None:
                    with contextlib.suppress(Exception):
                        listener.close()
                    listener = None
            self._stop.wait(backoff)
            backoff = min(backoff * 2, self.retry_max_s)
        if self.reader is not None:
            with contextlib.suppress(Exception):
                self.reader.close()

    reads = 0  # how many catch-ups the feed made (the console's work under a NOTIFY flood)
    flags: tuple = ()  # the flags said last (room/watch.py)

    def _listen(self, listener) -> None:
        last_read = time.monotonic()
        nudged = False
        while not self._stop.is_set():
            # every notification waiting is drained (the ids say only that there is more: the
            # read takes it all); a nudge is remembered until the next read may be made
            for _note in listener.notifies(timeout=0.25, stop_after=NOTES_PER_DRAIN):
                nudged = True
            self._take_checks()
            since = time.monotonic() - last_read
            if (nudged and since >= MIN_READ_S) or since > SAFETY_READ_S:
                nudged = False
                self._read()
                last_read = time.monotonic()

    def _read(self) -> None:
        assert self.reader is not None
        r = self.reader
        before = (len(r.refusals), len(r.rulings), dict(r.heads))
        flagged = self.flags
        self.reads += 1
        changed = r.catch_up()
        if changed or (len(r.refusals), len(r.rulings), r.heads) != before:
            # the hands and tables first: the flags' look below reads more (at a console's first
            # read, this machine's memory of every head), and the first page need not wait for it
            self.on_change(self._change(changed))
        self.flags = r.flags()
        if self.flags != flagged:
            self.on_change(self._change([]))
        # then the checker threads hear how far each table was read: they walk the new rows
        self.checker.nudge({tid: f"{t.label} ({tid})" for tid, t in r.tables.items()}, r.heads)

    _failing_shown: frozenset = frozenset()
    _failing_tables: dict  # table_id -> its failing hands as last marked (set in __init__)
    checks = 0  # how many check results the feed passed on

    def _take_checks(self) -> None:
        """The checker threads' results (their tables' problems as they stand): each hand of
        those tables marked, and the console told every table's problems."""
        r = self.reader
        results = self.checker.take()
        if r is None or not results:
            return
        marked = False
        failing_now: dict = {}
        for result in results:
            self._checked[result.table_id] = result
            failing = failing_by_hand(result.problems)
            if failing or self._failing_tables.get(result.table_id):  # (a table that holds: no hand to mark)
                mark_failing([h for h in r.index.hands.values() if h.table_id == result.table_id], failing)
                marked = True
            self._failing_tables[result.table_id] = failing
            failing_now[result.table_id] = failing
        self.checks += 1
        hands: list = []
        if marked:
            now = frozenset(k for k, h in r.index.hands.items() if h.failing)
            hands = [r.index.hands[k] for k in now | (self._failing_shown & r.index.hands.keys())]
            self._failing_shown = now
        # (a table's, or the check's own: table_id "", a check stopped on a fault — said, never dropped)
        problems = [
            p.text for tid, found in self._checked.items() if tid in r.tables or not tid for p in found.problems
        ]
        notes = [n for tid, found in self._checked.items() if tid in r.tables for n in found.notes]
        self.on_change(dataclasses.replace(self._change(hands), problems=problems, notes=notes, failing=failing_now))

    def _change(self, hands: list) -> FeedChange:
        r = self.reader
        assert r is not None
        return FeedChange(
            [dataclasses.replace(h, players=list(h.players), seats=list(h.seats)) for h in hands],
            dict(r.tables),
            list(r.refusals),
            list(r.rulings),
            dict(r.heads),
            flags=self.flags,
        )
