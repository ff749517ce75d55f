"""A table's rows to the room server, in the background: the dealer never waits for it.

The table's own record is the outbox. Its log is append-only and every row has its place
(``id``, and ``session``/``seq``), so what is still to send is simply every row after the last
one the server holds: the forwarder asks the server where this table stands on every
(re)connect, then sends the rows after it, in order, in batches, each batch one transaction of
``INSERT … ON CONFLICT (table_id, session, seq) DO NOTHING``. A row sent twice (a batch whose
commit was lost with the network) is kept once; rows written while the server was down go when
it is back. Nothing is kept about the server on the table's side, so nothing can disagree.

The server checks each row against the table's keyed chain (room/migrations): a row it
refuses stops the forwarding of this table, and the reason is the forwarder's state (the
dealer's status bar shows it; the floor sees it in the room).

A process of its own: the forwarder's work (reading the record, talking to the server) never
shares the dealer's interpreter, so it cannot hold the dealer's repaint up (measured:
benchmarks/bench_room.py). The dealer's side only writes one byte to a pipe after each commit
(``Store.on_commit``), never waiting; the sender's states come back through another pipe and a
thread that only relays them. If the app dies, the sender reads the end of its pipe and stops.
"""

from __future__ import annotations

import contextlib
import logging
import os
import socket
import sqlite3
import threading
import time
from dataclasses import dataclass
from pathlib import Path
from typing import TYPE_CHECKING, Any

from dealer_app.record.floor_keys import seal_problem, seal_signature
from dealer_app.record.hand_index import payload_dict, record_time
from dealer_app.record.heads import head_columns
from dealer_app.record.store import applied_room_rulings, applied_seals
from dealer_app.room import acked as room_acked
from dealer_app.room.copy_witness import CopyWitness, Differences, compare
from dealer_app.room.database import RoomError, connect, shown_url, words
from dealer_app.room.floor_act_check import FLOOR_LOGINS_SQL, look_alike_logins
from dealer_app.room.floor_key_enrollment import read_floor_keys
from dealer_app.room.schema import require_current

if TYPE_CHECKING:
    from collections.abc import Callable

    from dealer_app.record.floor_keys import FloorKeys

log = logging.getLogger(__name__)

BATCH_ROWS = 500
IDLE_CHECK_S = 2.0  # also picks up rows another window of this record wrote
SETTLE_S, SETTLE_MAX_S = 0.03, 0.25  # see _Sender._settle
SAY_EVERY_S = 0.5  # while up to date, the rows on the server are told at most this often
# while idle, the table tells the room it is there this often (room/migrations/0007): the
# floor's console flags a table not closed that the room has not heard of for STALE_AFTER_S
# (room/reader.py), four of these
SEEN_EVERY_S = 30.0
RULINGS_EVERY_S = 1.0  # while up to date, the room's rulings for this table are read at most this often
# one statement per batch: its rows are checked by the server in the order given (VALUES order)
INSERT = (
    "INSERT INTO room.log (table_id, session, seq, row_id, hand_no, kind, payload, at, hash) VALUES {} "
    "ON CONFLICT (table_id, session, seq) DO NOTHING"
)
_ROW = "(%s, %s, %s, %s, %s, %s, %s, %s, %s)"
_HEAD = "(%s, %s, %s, %s, %s, %s, %s, %s, %s, %s)"
# the table's signed heads, after the rows they cover (room/migrations/0005)
INSERT_HEADS = (
    "INSERT INTO room.heads (table_id, rows, row_id, session, hand_no, hash, at, key_id, signature, digest) VALUES {} "
    "ON CONFLICT (table_id, row_id) DO NOTHING"
)

# the forwarder's states, as its status says them. NOT_ALLOWED: the server will not take this
# login's rows (a wrong password, a floor's login, another table's identity): asked again now
# and then, in case whoever runs the server puts it right
CONNECTING, UP_TO_DATE, SENDING, OFFLINE, REFUSED, STOPPED, NOT_ALLOWED = (
    "connecting",
    "up to date",
    "sending",
    "offline",
    "refused",
    "stopped",
    "not allowed",
)
NOT_ALLOWED_RETRY_S = 30.0
# where the room's register_table says a table stands (room/migrations/0004): its rows go on
# while it waits for its first enrollment (the floor is not shown them until then); a changed
# record or key waits for the floor's approval before any row goes
ENROLLED, WAITING, CHANGED = "enrolled", "waiting", "changed"
# PostgreSQL's classes of error that are the login's, not the network's: 28 (authentication),
# 42 (privileges, an unknown function: not a table's login), 23 (an identity taken)
_LOGIN_CLASSES = ("28", "42", "23")


@dataclass(frozen=True)
class PendingRuling:
    """A ruling of the room's floor that moves chips at this table, and that this table's
    record has not applied (room/migrations/0003): its dealer is shown it between hands."""

    id: int  # the room's id of the ruling
    session: int  # the table session and hand it is on
    hand: int
    payload: str  # the ruling as the room's floor recorded it (JSON text)
    floor_login: str  # the room's login that recorded it
    at: str  # UTC, in the record's form
    hash: str  # the room's hash of it (its chain)

    @property
    def data(self) -> dict:
        return payload_dict(self.payload)


@dataclass(frozen=True)
class ForwardState:
    state: str
    on_server: int  # the table's last row the server holds (its row id; 0: none yet)
    waiting: int  # rows of the record not on the server yet
    detail: str = ""  # why, when offline, refused or stopped (the URL's password hidden)
    # the room's rulings that move chips here, not applied by the record yet (the last read:
    # kept while the server is away, for the dealer to apply)
    rulings: tuple[PendingRuling, ...] = ()
    # refused because the room holds this many of the table's rows that the record no longer
    # has (its last rows lost with a damaged disk or -wal, or an older copy): said at start
    lost: int = 0
    # refused because the room's copy and the record disagree (the connect check): how many
    # differences (the first ones are in ``detail``, with table, session, hand and row)
    differs: int = 0


@dataclass(frozen=True)
class _Config:
    """What the sender process needs (it opens the record itself, read-only)."""

    url: str
    record_path: str
    table_id: str
    record_id: str
    key: bytes
    label: str
    retry_max_s: float
    named: bool = False  # the label was set at the table: the room's name for it follows it


class Forwarder:
    """Forwards one table record (a ``Store`` open to write) to the room at ``url``, from a
    process of its own (``start``); ``state`` is the sender's latest, ``on_state`` hears each
    change (from the relay thread: a window passes it on through a queued signal)."""

    def __init__(
        self,
        store,
        url: str,
        label: str | None = None,
        on_state: Callable[[ForwardState], None] | None = None,
        retry_max_s: float = 5.0,
    ):
        if store.key is None or store.format != 2:
            raise RoomError(f"{store.path}: only a keyed record (format 2) can be forwarded to a room")
        self.url = url
        self.record_path = Path(store.path)
        self.table_id = store.table_id()
        self.label = (label or socket.gethostname() or self.table_id)[:80]
        self.named = bool(label and label.strip())  # a name set at the table (Settings): the room's name
        self.on_state = on_state
        self.state = ForwardState(CONNECTING, 0, 0)
        self._store = store
        self._config = _Config(
            url, str(self.record_path), self.table_id, store.record_id, store.key, self.label, retry_max_s, self.named
        )
        self._sent = threading.Condition()
        self._process: Any = None  # (multiprocessing's SpawnProcess)
        self._wakes: Any = None  # the dealer's end of the wake pipe (non-blocking)

    # --- the dealer's side: start, wake, stop (none of it waits: not on the network, nor the sender)
    def start(self) -> Forwarder:
        """Start the sender process (OSError if the system cannot start one)."""
        states = self._spawn()
        threading.Thread(target=self._relay, args=(states,), name=f"room-relay-{self.table_id}", daemon=True).start()
        self._store.on_commit = self.wake
        return self

    def _spawn(self):
        import multiprocessing

        ctx = multiprocessing.get_context("spawn")  # (no fork of a process that runs Qt)
        wakes_r, wakes_w = ctx.Pipe(duplex=False)
        states_r, states_w = ctx.Pipe(duplex=False)
        process = ctx.Process(
            target=_sender_main,
            args=(self._config, wakes_r, states_w),
            daemon=True,
            name=f"room-forwarder-{self.table_id}",
        )
        process.start()
        wakes_r.close()
        states_w.close()
        os.set_blocking(wakes_w.fileno(), False)  # a wake never waits, not even on a sender gone deaf
        self._process, self._wakes = process, wakes_w
        return states_r

    def wake(self) -> None:
        """A commit: the sender looks for rows (a byte in a pipe; a full pipe already says so)."""
        wakes = self._wakes
        if wakes is None:
            return
        with contextlib.suppress(BlockingIOError, BrokenPipeError, OSError):
            wakes.send_bytes(b"w")

    def stop(self, wait: bool = False) -> None:
        """The sender is told to stop (the end of its pipe) and is reaped in the background;
        ``wait``: until it has ended (tests, and anything that copies the record next)."""
        self._stopped = True
        if self._store.on_commit == self.wake:
            self._store.on_commit = None
        wakes, process = self._wakes, self._process
        self._wakes = None
        if wakes is not None:
            wakes.close()
        if process is not None and wait:
            _reap(process)
        elif process is not None:
            threading.Thread(target=_reap, args=(process,), name="room-reaper", daemon=True).start()

    _stopped = False
    RESTARTS_PER_MINUTE = 5

    def _relay(self, states) -> None:
        """The sender's states, as they come (the thread waits in the pipe: it costs the dealer
        nothing). The pipe's end: the sender stopped; if it was not told to, it is started
        again (a few times a minute at most), so that forwarding goes on by itself."""
        restarts: list[float] = []
        while True:
            try:
                new = states.recv()
            except (EOFError, OSError):
                if self._stopped:
                    self._take(ForwardState(STOPPED, self.state.on_server, self.state.waiting, "the forwarder stopped"))
                    return
                now = time.monotonic()
                restarts = [t for t in restarts if now - t < 60] + [now]
                if len(restarts) > self.RESTARTS_PER_MINUTE:
                    self._take(
                        ForwardState(
                            STOPPED,
                            self.state.on_server,
                            self.state.waiting,
                            "the forwarder's process keeps ending: see the log",
                            self.state.rulings,
                        )
                    )
                    return
                log.warning("room forwarder: its process ended unexpectedly; starting it again")
                time.sleep(1.0)
                if self._stopped:
                    continue
                try:
                    states = self._spawn()
                except OSError as exc:
                    self._take(
                        ForwardState(
                            STOPPED,
                            self.state.on_server,
                            self.state.waiting,
                            f"the forwarder's process cannot be started again ({exc})",
                            self.state.rulings,
                        )
                    )
                    return
                continue
            if not self._stopped:
                self._take(new)

    def _take(self, new: ForwardState) -> None:
        changed = new != self.state
        with self._sent:
            self.state = new
            self._sent.notify_all()
        if changed and self.on_state is not None:
            try:
                self.on_state(new)
            except Exception:
                log.exception("room forwarder: a state listener failed")

    def wait_until_sent(self, timeout: float = 10.0) -> bool:
        """True once every row the record held when this was called is on the server (tests,
        benchmarks, and a table closing for the night)."""
        db = sqlite3.connect(f"{self.record_path.resolve().as_uri()}?mode=ro", uri=True, timeout=3)
        try:
            target = db.execute("SELECT COALESCE(MAX(id), 0) FROM log").fetchone()[0]
        finally:
            db.close()
        deadline = time.monotonic() + timeout
        with self._sent:
            while self.state.on_server < target and self.state.state not in (REFUSED, STOPPED):
                left = deadline - time.monotonic()
                if left <= 0:
                    return False
                self.wake()
                self._sent.wait(min(left, 0.2))
        return self.state.on_server >= target


def _sender_main(config: _Config, wakes, states) -> None:
    """The sender process: wakes from the dealer's pipe set an event; the end of the pipe stops it."""
    with contextlib.suppress(OSError):  # background work: the dealer's window goes first for the processor
        os.nice(10)
    sender = _Sender(config, states.send)

    def listen():
        while True:
            try:
                wakes.recv_bytes()
            except (EOFError, OSError):
                sender.stop_event.set()
                sender.wake_event.set()
                return
            sender.wake_event.set()

    threading.Thread(target=listen, name="room-wakes", daemon=True).start()
    try:
        sender.run()
    finally:
        with contextlib.suppress(OSError):
            states.close()


class _Sender:
    """The forwarding loop (in the sender process): connect, register, send, wait, again."""

    def __init__(self, config: _Config, say: Callable[[ForwardState], None]):
        self.url, self.record_path = config.url, Path(config.record_path)
        self.table_id, self.record_id, self._key = config.table_id, config.record_id, config.key
        self.label, self.retry_max_s, self.named = config.label, config.retry_max_s, config.named
        self.wake_event, self.stop_event = threading.Event(), threading.Event()
        self._wake, self._stop = self.wake_event, self.stop_event
        self._send_state = say
        self._last: ForwardState | None = None
        self._said_at = 0.0
        self._pending: ForwardState | None = None  # a count not said yet (see _say)
        self._room_rulings: list[PendingRuling] = []  # the room's chip rulings for this table, as last read
        self._rulings_at, self._rulings_unread = float("-inf"), False
        self._held_back: set[int] = set()  # rulings not offered for their seal (logged once each)
        self._rulings: tuple[PendingRuling, ...] = ()  # those the record has not applied: said with each state

    _unchecked = ""  # why this connect's comparison of the room's copy could not be made

    def _say(self, state: str, on_server: int, waiting: int, detail: str = "", lost: int = 0, differs: int = 0) -> None:
        new = ForwardState(state, on_server, waiting, detail or self._unchecked, self._rulings, lost, differs)
        if new == self._last:
            return
        last = self._last
        if last is not None and last.state == state == UP_TO_DATE and time.monotonic() - self._said_at < SAY_EVERY_S:
            self._pending = new  # (only the count moved: said with the next state, or soon)
            return
        self._tell(new)

    def _flush(self) -> None:
        if self._pending is not None:
            self._tell(self._pending)

    def _tell(self, new: ForwardState) -> None:
        self._last, self._said_at, self._pending = new, time.monotonic(), None
        try:
            self._send_state(new)
        except (OSError, ValueError):  # the app is gone: stop
            self._stop.set()
            self._wake.set()

    def run(self) -> None:
        self._run()

    def _local(self) -> sqlite3.Connection:
        db = sqlite3.connect(f"{self.record_path.resolve().as_uri()}?mode=ro", uri=True, timeout=3)
        db.execute("PRAGMA query_only = 1")
        return db

    def _run(self) -> None:
        backoff = 0.2
        conn = None
        local = None
        head = 0
        while not self._stop.is_set():
            wait = None
            try:
                if local is None:
                    local = self._local()
                if conn is None:
                    self._say(CONNECTING, head, self._waiting(local, head))
                    conn = connect(self.url)
                    head = self._join(conn, local)
                    backoff = 0.2
                head = self._send(conn, local, head)
            except _Refused as exc:
                self._say(REFUSED, head, self._waiting(local, head), str(exc), exc.lost, exc.differs)
                self._stop.wait()  # the chain cannot go on past a refused row: said, and kept
                break
            except _WaitingForFloor as exc:  # asked again now and then, until the floor approves
                self._say(NOT_ALLOWED, head, self._waiting(local, head), str(exc))
                wait = NOT_ALLOWED_RETRY_S
            except sqlite3.Error as exc:  # the record cannot be read now (locked, …): again soon
                self._say(STOPPED, head, 0, f"{self.record_path}: the record cannot be read ({exc})")
                if local is not None:
                    local.close()
                local, wait = None, self.retry_max_s
            except Exception as exc:
                state, detail = self._why(exc)
                if state is None:
                    log.exception("room forwarder stopped")
                    self._say(STOPPED, head, 0, f"{exc.__class__.__name__}: {exc}")
                    break
                self._say(state, head, self._waiting(local, head), detail)
                wait = NOT_ALLOWED_RETRY_S if state == NOT_ALLOWED else backoff
                backoff = min(backoff * 2, self.retry_max_s)
            if wait is not None:
                _close(conn)
                conn = None
                self._stop.wait(wait)
        if self._witness is not None:  # (a connect check still walking is no longer wanted)
            self._witness.cancel.set()
        _close(conn)
        if local is not None:
            local.close()

    def _why(self, exc: Exception) -> tuple[str | None, str]:
        """(state, what to say) for an exception of the network or the server; None: a bug."""
        import psycopg

        if isinstance(exc, RoomError):
            text = str(exc)
            login = "refused the login" in text
            return (NOT_ALLOWED if login else OFFLINE), text
        if isinstance(exc, psycopg.Error):
            detail = f"{shown_url(self.url)}: {words(exc)}"
            code = exc.sqlstate or ""
            if code[:2] in _LOGIN_CLASSES:
                return NOT_ALLOWED, detail
            return OFFLINE, detail
        if isinstance(exc, OSError):
            return OFFLINE, f"{shown_url(self.url)}: {exc}"
        return None, ""

    def _join(self, conn, local: sqlite3.Connection) -> int:
        """Register this table (the first time: its identity, record and key) and learn where
        its rows stand on the server. The server's last row must be the record's own."""
        require_current(conn, self.url)
        # the table's public key goes with its identity: the floor's approval covers it, and a
        # changed one waits for the floor like a changed record or chain key
        public = _public_key(local)
        standing = conn.execute(
            "SELECT room.register_table(%s, %s, %s, %s, %s)",
            (self.table_id, self.record_id, self.label, self._key, bytes.fromhex(public) if public else None),
        ).fetchone()
        if standing is not None and standing[0] == CHANGED:
            conn.commit()  # (the request stays, for the floor to approve)
            raise _WaitingForFloor(
                f"table {self.table_id} was registered with another record or key: its rows are refused until a "
                f"floor's login approves the change ('dealer-app db approve-table {self.table_id}')"
            )
        if self.named:  # (a table registered under the machine's name takes the one set since)
            conn.execute("SELECT room.rename_table(%s, %s)", (self.table_id, self.label))
        conn.commit()
        # what the room acknowledged is read before what it holds: another sender of this record
        # (a forwarder being stopped while the next starts) may be acknowledged in between, and
        # read the other way round that honest race looked like a cut copy
        acked = room_acked.load(self.record_path, self._acked_key)
        row_id, digest, _refused_row, _reason = conn.execute(
            "SELECT * FROM room.table_head(%s)", (self.table_id,)
        ).fetchone()
        self._heads_on_server = conn.execute("SELECT room.heads_head(%s)", (self.table_id,)).fetchone()[0]
        conn.commit()
        head = row_id or 0
        if head < acked:  # the room acknowledged more of this table than it now holds: it was cut
            why = (
                f"the room acknowledged the rows of table {self.table_id} up to row {acked} and now holds them only "
                f"up to row {head}: rows {head + 1}–{acked} were cut from the room's copy (by its owner, or a "
                "restore of its database); this record keeps them and sends nothing more — tell the floor"
            )
            conn.execute("SELECT room.report_mismatch(%s, %s, %s)", (self.table_id, head, why))
            conn.commit()  # (the floor sees it among the refusals, and the console flags the table)
            raise _Refused(why, differs=acked - head)
        self._head_id = None  # (the record's next head to send: found again from the room's)
        # (a refusal of the next row may be of a row someone else made up: this record's own
        # next row is sent, and judged, like any other)
        why, lost = "", 0
        if head:
            mine = local.execute("SELECT hash FROM log WHERE id = ?", (head,)).fetchone()
            last = local.execute("SELECT max(id) FROM log").fetchone()[0] or 0
            if mine is None and head > last:
                # the record lost its last rows (a damaged disk or -wal: issue 31) or is an older
                # copy: the room's are the acknowledged rows that survive, and it says how many
                why, lost = (
                    f"the room holds {head - last} acknowledged row(s) of table {self.table_id} that this record "
                    f"no longer has (rows {last + 1}–{head}): the record lost its last rows (a damaged disk or "
                    "-wal) or was replaced or restored from an older copy; the room's copy keeps them — tell "
                    "the floor",
                    head - last,
                )
            elif mine is None or mine[0] != digest:
                why = (
                    f"the room holds a row {head} for table {self.table_id} that this record does not have: the "
                    "record was replaced or restored, or changed"
                )
        if why:
            # nothing will be sent: the room's whole copy is compared here, before saying so
            differences = compare(local, conn, self.table_id, head, self._heads_on_server)
            conn.commit()
            conn.execute("SELECT room.report_mismatch(%s, %s, %s)", (self.table_id, head, why))
            conn.commit()  # (the floor sees it among the refusals)
            raise _Refused(why + _listed(differences), lost, differences.count)
        # the room's whole copy against the record, row by row and head by head (not only its
        # last row), beside the sending (room/copy_witness.py): what the room's owner deleted or
        # changed is said when the walk ends, and sending stops then
        self._watch(head)
        return head

    _witness: CopyWitness | None = None

    def _watch(self, head: int) -> None:
        """The connect check started beside the sending (the previous connect's, if still
        walking, is no longer wanted)."""
        if self._witness is not None:
            self._witness.cancel.set()
        self._unchecked = ""
        self._witness = CopyWitness(
            self.url, self.record_path, self.table_id, head, self._heads_on_server, self._wake.set
        ).start()

    def _witnessed(self, conn) -> None:
        """What the connect check found, once it has ended: a difference stops the sending,
        said to the dealer and, at its rows, to the room."""
        witness = self._witness
        if witness is not None and witness.failed:  # (not made: the dealer is told, the next connect walks again)
            self._witness = None
            self._unchecked = (
                f"the room's copy was not compared with this record at this connect ({witness.failed}); "
                "it is at the next"
            )
            return
        if witness is None or witness.verdict is None or not witness.verdict.found:
            return
        self._witness = None
        differences = witness.verdict
        self._report(conn, differences)
        raise _Refused(
            f"the room's copy of table {self.table_id} disagrees with this record "
            f"({differences.count} difference(s)): {_listed(differences, lead='')} — tell the floor",
            differs=differences.count,
        )

    def _report(self, conn, differences: Differences) -> None:
        """Each difference said (the first few) to the room, at its row, where the floor sees it."""
        for d in differences.found:
            conn.execute("SELECT room.report_mismatch(%s, %s, %s)", (self.table_id, d.row or 0, d.text))
        conn.commit()

    def _send(self, conn, local: sqlite3.Connection, head: int) -> int:
        """Send the rows after ``head`` until none is left, then wait for the next commit."""
        self._witnessed(conn)
        if self._pending is not None and time.monotonic() - self._said_at >= SAY_EVERY_S:
            self._flush()
        rows = local.execute(
            "SELECT id, session_id, seq, hand_no, kind, payload, at, hash FROM log WHERE id > ? ORDER BY id LIMIT ?",
            (head, BATCH_ROWS),
        ).fetchall()
        heads = self._next_heads(local)
        if rows:
            # the batch ends at a commit's end (its head's row), so its rows go with their head
            # and a reader never sees them unsigned (the record writes a commit's rows and head
            # in one transaction; a commit longer than a batch goes in parts)
            signed = [h[2] for h in heads if h[2] <= rows[-1][0]]
            if signed and signed[-1] < rows[-1][0]:
                rows = [r for r in rows if r[0] <= signed[-1]]
        if not rows:
            self._send_heads(conn, local, head)
            self._read_rulings(conn, local)
            self._say(UP_TO_DATE, head, 0)
            if self._pending is not None:  # the last count, at most SAY_EVERY_S late
                due = SAY_EVERY_S - (time.monotonic() - self._said_at)
                if due <= 0 or not self._wake.wait(due):
                    self._flush()
            if self._wake.wait(IDLE_CHECK_S):
                self._settle()
            else:  # idle: is the server still there? (said at once if not); and the room hears of us
                if time.monotonic() - self._seen_at >= SEEN_EVERY_S:
                    conn.execute("SELECT room.table_seen(%s)", (self.table_id,))
                    self._seen_at = time.monotonic()
                else:
                    conn.execute("SELECT 1")
                conn.commit()
            self._wake.clear()
            return head
        values = [
            v
            for rid, sid, seq, hand, kind, payload, at, digest in rows
            for v in (self.table_id, sid, seq, rid, hand, kind, payload, at, digest)
        ]
        # the rows and the heads that cover them in one transaction (the server judges each
        # row, then each head after its row): a reader sees both or neither
        conn.execute(INSERT.format(", ".join([_ROW] * len(rows))).encode(), values)
        row_id, _digest, refused_row, reason = conn.execute(
            "SELECT * FROM room.table_head(%s)", (self.table_id,)
        ).fetchone()
        new_head = row_id or 0
        if new_head > rows[-1][0] or (new_head == rows[-1][0] and _digest != rows[-1][7]):
            conn.commit()  # (the room has rows this record never had: no head of ours goes with them)
            why = (
                f"the room holds rows up to {new_head} for table {self.table_id} that are not this record's: "
                "another copy of the record sent them"
            )
            conn.execute("SELECT room.report_mismatch(%s, %s, %s)", (self.table_id, rows[-1][0], why))
            conn.commit()
            raise _Refused(why)
        self._insert_heads(conn, [h for h in heads if h[2] <= new_head])
        conn.commit()
        if new_head < rows[-1][0]:  # (the rows before the refused one are kept, with their heads)
            raise _Refused(f"the room refused row {refused_row or new_head + 1}: {reason or 'not taken'}")
        self._send_heads(conn, local, new_head)
        room_acked.save(self.record_path, self._acked_key, new_head)  # (what the room took: it only grows)
        self._say(SENDING if len(rows) == BATCH_ROWS else UP_TO_DATE, new_head, self._waiting(local, new_head))
        return new_head

    _heads_on_server = 0  # the row of the table's last head the room holds

    @property
    def _acked_key(self) -> str:
        """This table in this room (another room, a new server, starts from nothing)."""
        from dealer_app.room.memory import room_key

        return f"{room_key(self.url)} {self.table_id}"

    _seen_at = float("-inf")  # when this table last told the room it is there (room.table_seen)

    _head_id: int | None = None  # the record's id of the last head the room holds (None: look it up)

    def _next_heads(self, local: sqlite3.Connection) -> list[tuple]:
        """The record's next heads not in the room (id, then ``Head``'s columns), at most a
        batch: by id, so only these are read (heads are written in their rows' order)."""
        if not _has_heads(local):
            return []
        if self._head_id is None:
            found = local.execute("SELECT max(id) FROM heads WHERE row <= ?", (self._heads_on_server,)).fetchone()
            self._head_id = found[0] or 0
        # (the digest: NULL in the room for a head signed before it existed)
        return local.execute(
            f"SELECT id, {head_columns(local, empty='NULL')} FROM heads WHERE id > ? ORDER BY id LIMIT ?",
            (self._head_id, BATCH_ROWS),
        ).fetchall()

    def _insert_heads(self, conn, heads: list[tuple]) -> None:
        """These heads (from ``_next_heads``) into the room, in the caller's transaction."""
        if not heads:
            return
        values = [v for head in heads for v in (self.table_id, *head[1:])]
        conn.execute(INSERT_HEADS.format(", ".join([_HEAD] * len(heads))).encode(), values)
        self._head_id, self._heads_on_server = heads[-1][0], heads[-1][2]

    def _send_heads(self, conn, local: sqlite3.Connection, on_server: int) -> None:
        """The record's signed heads over rows the room holds and not sent yet, in order (rows
        sent before their heads went with them: an older forwarder, or a commit longer than a
        batch)."""
        while self._heads_on_server < on_server:
            heads = [h for h in self._next_heads(local) if h[2] <= on_server]
            if not heads:
                return
            self._insert_heads(conn, heads)
            conn.commit()

    def _read_rulings(self, conn, local: sqlite3.Connection) -> None:
        """The room's rulings that move chips at this table (read at most every
        ``RULINGS_EVERY_S``), less those the record has applied (looked up every time: a ruling
        the dealer just applied is never offered again). A server that will not say them is
        logged; the rows go on being sent."""
        import psycopg

        if time.monotonic() - self._rulings_at >= RULINGS_EVERY_S:
            try:
                found = conn.execute(
                    "SELECT id, session, hand_no, payload, floor_login, at, hash FROM room.rulings_for_table(%s)",
                    (self.table_id,),
                ).fetchall()
                # (a ruling filed by a login that is not a floor's — the room's owner with the
                # server's check turned off — is not offered: the readers name it, the table
                # applies none of it; the catalogue says who is a floor login, not the room's schema)
                floor_logins = {r[0] for r in conn.execute(FLOOR_LOGINS_SQL).fetchall()} if found else set()
                # (nor one by a login a dealer could take for another floor person's: LOOK_ALIKE)
                look_alike = look_alike_logins(floor_logins)
                found = [r for r in found if r[4] in floor_logins and r[4] not in look_alike]
                if found:  # (each signed with its floor person's own key: checked here, not by the server)
                    keys = read_floor_keys(lambda sql, args: conn.execute(sql, args).fetchall())
                    found = self._sealed(found, keys, local)
                conn.commit()
            except psycopg.OperationalError:
                raise  # (the connection: offline, said as such)
            except psycopg.Error as exc:
                conn.rollback()
                if not self._rulings_unread:  # (once: it is read again every RULINGS_EVERY_S)
                    self._rulings_unread = True
                    log.warning(
                        "room forwarder: the room's rulings for %s cannot be read (%s)", self.table_id, words(exc)
                    )
                self._rulings_at = time.monotonic()
                return
            self._rulings_at, self._rulings_unread = time.monotonic(), False
            self._room_rulings = [
                PendingRuling(rid, sid, hand, payload, login, record_time(at), digest)
                for rid, sid, hand, payload, login, at, digest in found
            ]
        applied = applied_room_rulings(local) if self._room_rulings else set()
        self._rulings = tuple(r for r in self._room_rulings if (r.id, r.hash) not in applied)

    def _sealed(self, found: list[tuple], keys: FloorKeys, local: sqlite3.Connection) -> list[tuple]:
        """The rulings whose floor seal holds (record/floor_keys.py): signed by their filing
        login's person with the login's one key — and that key is the one this table applied the
        login's rulings under, if it applied any (if not, the room's keys were rewritten: none of
        that login's rulings is offered); a ruling whose seal this table applied already, or that
        copies an earlier ruling's seal, is a copy (its chips would move twice). Each one held
        back is logged once."""
        seen = applied_seals(local)
        signatures = set(seen.signatures)
        applied = applied_room_rulings(local)
        kept = []
        for ruling in sorted(found, key=lambda r: r[0]):
            rid, sid, hand, text, login = ruling[:5]
            if (rid, ruling[6]) in applied:
                kept.append(ruling)  # (applied: left out with the others applied, not a copy of itself)
                continue
            payload = payload_dict(text)
            problem = seal_problem(payload, self.table_id, sid, hand, login, keys)
            if problem is None and not all(keys.holds(login, k) for k in seen.keys.get(login, ())):
                problem = "a key this table applied the login's rulings under is no longer valid in the room"
            if problem is None and seal_signature(payload) in signatures:
                problem = "a copy of a ruling applied or offered already (the same floor signature)"
            if problem is None:
                kept.append(ruling)
                signatures.add(seal_signature(payload) or "")
            elif rid not in self._held_back:
                self._held_back.add(rid)
                log.warning("room forwarder: room ruling %s by %s is not offered: %s", rid, login, problem)
        return kept

    def _settle(self) -> None:
        """After a commit, wait until the dealer's keys pause (``SETTLE_S`` without one, at most
        ``SETTLE_MAX_S``): the rows then go in one batch while the window is idle, instead of
        taking the processor in the middle of the repaint of the next key."""
        deadline = time.monotonic() + SETTLE_MAX_S
        while not self._stop.is_set():
            self._wake.clear()
            left = deadline - time.monotonic()
            if left <= 0 or not self._wake.wait(min(SETTLE_S, left)):
                return

    @staticmethod
    def _waiting(local: sqlite3.Connection | None, head: int) -> int:
        """Rows not yet sent: the record's last row id less the room's head (the ids have no
        gaps in a record that proves itself). A COUNT of the rows after the head read them all,
        once a batch: a backlog of 100,000 hands took time quadratic in its length."""
        if local is None:
            return 0
        try:
            last = local.execute("SELECT MAX(id) FROM log").fetchone()[0]
        except sqlite3.Error:
            return 0
        return max(0, (last or 0) - head)


def _public_key(local: sqlite3.Connection) -> str | None:
    """The record's public signing key (64 hex digits), if it signs its heads."""
    found = local.execute("SELECT value FROM meta WHERE name = 'public_key'").fetchone()
    return found[0] if found and isinstance(found[0], str) and found[0] else None


def _has_heads(local: sqlite3.Connection) -> bool:
    return local.execute("SELECT 1 FROM sqlite_master WHERE type = 'table' AND name = 'heads'").fetchone() is not None


def _reap(process) -> None:
    process.join(3)
    if process.is_alive():
        process.terminate()
        process.join(3)


def _listed(differences: Differences, lead: str = "; the room's copy against this record: ") -> str:
    if not differences.found:
        return ""
    more = differences.count - len(differences.found)
    text = "; ".join(d.text for d in differences.found[:3])
    if more or len(differences.found) > 3:
        text += f"; and {differences.count - 3} more"
    return lead + text


class _WaitingForFloor(Exception):
    """The room waits for a floor's login to approve this table's changed record or key."""


class _Refused(Exception):
    """The server will not take this table's next row (the reason in words); ``lost``: how many
    of the table's rows the room holds that the record no longer has."""

    def __init__(self, why: str, lost: int = 0, differs: int = 0):
        super().__init__(why)
        self.lost, self.differs = lost, differs


def _close(conn) -> None:
    if conn is not None:
        with contextlib.suppress(Exception):
            conn.close()
