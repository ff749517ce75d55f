"""The room as it happens, for the floor's console: LISTEN on the room's channel, whose
notifications carry ids only (``log:123``), and read every row after the last one seen.

Notifications are lost while the console is disconnected, so they are only a nudge: after
every (re)connect, on every notification, and every few seconds anyway, the feed reads
everything after the last row it has (``RoomReader.catch_up``). The thread hands what changed
to ``on_change`` (copies: the console never shares the feed's objects) and its state to
``on_state``; both are called from the feed's thread.
"""

from __future__ import annotations

import contextlib
import dataclasses
import logging
import threading
import time
from typing import TYPE_CHECKING

from dealer_app.room.database import RoomError, connect, shown_url, words
from dealer_app.room.reader import RoomReader

if TYPE_CHECKING:
    from collections.abc import Callable

log = logging.getLogger(__name__)

CHANNEL = "dealer_room"
SAFETY_READ_S = 5.0  # read anyway this often, in case a notification was missed
# at most one read this often, however many notifications arrive: any login may NOTIFY the
# room's channel (PostgreSQL has no grant for it), so a flood costs the console one read per
# interval, and the notifications themselves are only drained
MIN_READ_S = 0.5
CHECK_AGAIN_S = 60.0  # every table's rows checked again this often, rows arriving or not
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


class RoomFeed:
    def __init__(
        self,
        url: str,
        on_change: Callable[[FeedChange], None],
        on_state: Callable[[str, str], None],
        retry_max_s: float = 3.0,
    ):
        self.url = url
        self.on_change, self.on_state = on_change, on_state
        self.retry_max_s = retry_max_s
        self.reader: RoomReader | None = None
        self._stop = threading.Event()
        self._thread = threading.Thread(target=self._run, name="room-feed", daemon=True)

    def start(self) -> RoomFeed:
        self._thread.start()
        return self

    def stop(self, timeout: float = 3.0) -> None:
        self._stop.set()
        if self._thread.is_alive():
            self._thread.join(timeout)

    def _run(self) -> None:
        backoff = 0.2
        listener = None
        while not self._stop.is_set():
            try:
                if self.reader is None:
                    self.reader = RoomReader(self.url)
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
        self.flags = r.flags()
        if changed or (len(r.refusals), len(r.rulings), r.heads) != before or self.flags != flagged:
            self.on_change(self._change(changed))
        # then (the hands already shown) every table's rows checked by the console itself: after
        # the first read, when rows arrived, and every CHECK_AGAIN_S (an edit in place moves nothing)
        due = time.monotonic() - self._checked_at >= CHECK_AGAIN_S
        if r.heads != self._checked_heads or due:
            self._check()

    _checked_at = float("-inf")
    _checked_heads: dict | None = None
    _failing_shown: frozenset = frozenset()
    checks = 0  # how many checks the feed made

    def _check(self) -> None:
        assert self.reader is not None
        r = self.reader
        self._checked_heads, self._checked_at = dict(r.heads), time.monotonic()
        checked = r.check_hands()
        self.checks += 1
        failing = frozenset(k for k, h in r.index.hands.items() if h.failing)
        hands = [r.index.hands[k] for k in failing | (self._failing_shown & r.index.hands.keys())]
        self._failing_shown = failing
        problems = [p.text for found in checked.values() for p in found.problems]
        notes = [n for found in checked.values() for n in found.notes]
        self.on_change(dataclasses.replace(self._change(hands), problems=problems, notes=notes))

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
