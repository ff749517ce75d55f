"""What the floor reads from the room server: every table, every hand, the server's refusals
and the room's rulings; and a ruling added to the room.

``RoomReader`` keeps one connection and an index of hands that grows with the rows read
(``catch_up``: every row after the last one seen, by the room's own id, so that a console that
was disconnected misses nothing). ``RoomTableRecord`` is one table's hands as the floor's
timeline reads a record (``hand_rows``), so a room hand steps through, prints and is ruled on
like a hand of this machine's record.
"""

from __future__ import annotations

import contextlib
import json
from dataclasses import dataclass
from typing import TYPE_CHECKING

from dealer_app.engine.says import QT_TRANSLATE_NOOP, says
from dealer_app.record.chain import Anchor, KeyProblem
from dealer_app.record.floor_keys import floor_keys_from, load_floor_signer, seal_ruling
from dealer_app.record.floor_signing import filed_payload
from dealer_app.record.hand_index import (
    SUMMARY_KINDS,
    HandIndex,
    HandSummary,
    applied_room_ruling,
    mark_case,
    mark_failing,
    payload_dict,
    record_time,
)
from dealer_app.record.integrity import Problem, failing_by_hand
from dealer_app.record.rows import HandStartRow, RecordRow, RulingRow, as_written
from dealer_app.record.store import LogRow, StoreError
from dealer_app.room.database import RoomError, WrongLogin, connect, shown_url, words
from dealer_app.room.floor_act_check import FLOOR_LOGINS_SQL
from dealer_app.room.floor_key_enrollment import KeyStanding, floor_key_rows, mine
from dealer_app.room.room_check import RoomTableCheck, check_room_table
from dealer_app.room.schema import require_current
from dealer_app.room.watch import STALE_AFTER_S, TableFlag, table_flags

if TYPE_CHECKING:
    from dealer_app.record.signing import FileSigner
    from dealer_app.room.memory import MemoryFlag


@dataclass(frozen=True)
class RoomTable:
    table_id: str
    label: str
    login: str
    registered_at: str


@dataclass(frozen=True)
class Refusal:
    id: int
    table_id: str
    session: int
    seq: int
    row_id: int
    kind: str
    hand: int
    what: str  # differs | early | gap | numbered | hash
    reason: str  # in English, as the server wrote it
    at: str
    login: str = ""  # the login that sent the refused row (the room's own check names it)


@dataclass(frozen=True)
class RoomRuling:
    id: int
    table_id: str
    session: int
    hand: int
    payload: dict
    floor_login: str
    at: str  # UTC, in the record's form (the server's timestamp, converted as it is read)
    hash: str


# how much of a text a login sent the floor reads: what the console shows, and no more
LABEL_SHOWN, KIND_SHOWN, REASON_SHOWN = 80, 40, 600
ROWS_PER_PAGE = 5000  # a table's summary rows read in one query
LATE_WINDOW = 1000  # ids: how far back a refusal or ruling that committed late is looked for


class RoomReader:
    """The floor's view of the room at ``url`` (a login with the floor's grants)."""

    def __init__(self, url: str):
        self.url = url
        self.conn = connect(url, autocommit=True)
        try:
            require_current(self.conn, url)
            self._require_floor()
        except BaseException:
            self.conn.close()
            raise
        # how far each table's rows have been read (its record's row id): a table's rows become
        # visible in their order (the server holds each table's batch until it commits), so
        # reading on from here misses none, whatever order the tables' batches commit in
        self.heads: dict[str, int] = {}
        self.tables: dict[str, RoomTable] = {}  # the tables the floor enrolled
        self.waiting: dict[str, RoomTable] = {}  # registered, not enrolled yet: not shown as tables
        self.refusals: list[Refusal] = []
        self.rulings: list[RoomRuling] = []
        self._counted: set[int] = set()  # the rulings counted on their hands' summaries
        # the room's rulings a table applied, by (table_id, the room's id): the hash its row names.
        # Such a ruling is one ruling, the table's row (the chips it moved, its seal): the room's
        # copy is not counted, listed or replayed beside it (``is_applied``)
        self._applied: dict[tuple[str, int], str] = {}
        self.index = HandIndex()
        self._login: str | None = None

    def _require_floor(self) -> None:
        member = self.conn.execute(
            "SELECT pg_has_role(current_user, 'dealer_floor', 'MEMBER') "
            "OR (SELECT rolsuper FROM pg_roles WHERE rolname = current_user) "
            "OR pg_has_role(current_user, (SELECT nspowner FROM pg_namespace "
            "WHERE nspname = 'room'), 'MEMBER')"
        ).fetchone()
        if not member or not member[0]:
            raise WrongLogin(
                f"{self.path}: {self.conn.info.user} is not a floor's login (it cannot read the "
                "room): give the floor's URL, or make one with 'dealer-app db add-login NAME --role "
                "floor'"
            )

    @property
    def path(self) -> str:
        """How messages name the room (the URL, its password hidden)."""
        return shown_url(self.url)

    @property
    def last_id(self) -> int:
        """How much of the room has been read: the sum of the tables' heads (it grows with
        every row read, whichever table it is from)."""
        return sum(self.heads.values())

    def close(self) -> None:
        self.conn.close()

    def reconnect(self) -> None:
        """A new connection after the old one broke; what was read is kept, and the next
        ``catch_up`` reads on from where each table was (notifications sent meanwhile are lost)."""
        with contextlib.suppress(Exception):
            self.conn.close()
        self.conn = connect(self.url, autocommit=True)
        require_current(self.conn, self.url)

    def _query(self, sql: str, args: tuple | dict = ()) -> list[tuple]:
        """Rows, or RoomError in words. A connection that broke is made again once first."""
        import psycopg

        for attempt in (1, 2):
            try:
                return self.conn.execute(sql, args).fetchall()
            except psycopg.OperationalError as exc:
                if attempt == 2 or (not self.conn.broken and not self.conn.closed):
                    raise RoomError(f"{self.path}: the room cannot be read ({words(exc)})") from None
                try:
                    self.reconnect()
                except RoomError:
                    raise RoomError(f"{self.path}: the room cannot be read ({words(exc)})") from None
            except psycopg.Error as exc:
                raise RoomError(f"{self.path}: the room cannot be read ({words(exc)})") from None
        raise AssertionError("unreachable")

    # --- keeping up ----------------------------------------------------------------------------
    def catch_up(self, hands: bool = True) -> list[HandSummary]:
        """Read everything new (tables, rows, refusals, rulings); returns the hands it changed.
        ``hands=False``: the tables, refusals and rulings only (what opening a hand needs)."""
        # a table the floor has not enrolled (room/migrations/0004) is no table of the room's:
        # it is listed as waiting, and none of its rows is read
        for tid, label, login, at, enrolled in self._query(
            f"SELECT table_id, left(label, {LABEL_SHOWN}), login, registered_at::text, EXISTS (SELECT FROM "
            "room.enrollments e JOIN room.approvals a ON a.enrollment_id = e.id WHERE e.table_id = t.table_id) "
            "FROM room.tables t ORDER BY registered_at"
        ):
            if not enrolled:
                self.waiting[tid] = RoomTable(tid, label, login, at)
                continue
            self.waiting.pop(tid, None)
            self.tables[tid] = RoomTable(tid, label, login, at)
            self.index.labels[tid] = label
        for tid, label in self._query(  # renamed since (at the table or by the floor): the newest name
            f"SELECT DISTINCT ON (table_id) table_id, left(label, {LABEL_SHOWN}) FROM room.table_names "
            "ORDER BY table_id, id DESC"
        ):
            if tid in self.tables and self.tables[tid].label != label:
                first = self.tables[tid]
                self.tables[tid] = RoomTable(tid, label, first.login, first.registered_at)
                self.index.labels[tid] = label
                for h in self.index.hands.values():
                    if h.table_id == tid:
                        h.room_label = label
        changed: dict[tuple, HandSummary] = {}
        if hands:
            self._read_rows(changed)
        # refusals and rulings commit in no order of their ids: read again over a window of the
        # last ids seen, so that one committed late is still found (each kept once, by id)
        known = {r.id for r in self.refusals}
        since = max(known, default=0) - LATE_WINDOW
        for row in self._query(
            # (never more of a refusal than the console shows: a login's text is bounded by the
            # server since 0004, and one stored before is read only this far)
            f"SELECT id, left(table_id, 40), session, seq, row_id, left(kind, {KIND_SHOWN}), hand_no, "
            f"left(what, 16), left(reason, {REASON_SHOWN}), at::text, login::text FROM room.refusals "
            "WHERE id > %s ORDER BY id",
            (since,),
        ):
            if row[0] not in known:
                self.refusals.append(Refusal(*row))
        self.refusals.sort(key=lambda r: r.id)
        known = {r.id for r in self.rulings}
        since = max(known, default=0) - LATE_WINDOW
        fresh = self._query(
            "SELECT id, table_id, session, hand_no, payload, floor_login, at::text, hash FROM room.rulings "
            "WHERE id > %s ORDER BY id",
            (since,),
        )
        floor_logins = {r[0] for r in self._query(FLOOR_LOGINS_SQL)} if fresh else set()
        for rid, tid, sid, hand, payload, login, at, digest in fresh:
            if rid not in known:  # (shown under the login that filed it: never the name its payload gives)
                shown = filed_payload(payload_dict(payload), login, login in floor_logins)
                self.rulings.append(RoomRuling(rid, tid, sid, hand, shown, login, record_time(at), digest))
        if self.history_skipped:  # a room ruling on a hand from before the skip: that hand read whole
            for r in self.rulings:
                key = (r.table_id, r.session, r.hand)
                if r.id not in self._counted and r.table_id in self.tables and key not in self.index.hands:
                    self._read_hand(changed, *key)
                    if key not in self.index.hands:  # (no such hand in the room: not looked for again)
                        self._counted.add(r.id)
        for r in self.rulings:  # each ruling counted on its hand once the hand is known
            summary = self.index.hands.get((r.table_id, r.session, r.hand))
            if summary is not None and r.id not in self._counted and not self.is_applied(r):
                summary.rulings += 1
                mark_case(summary, r.payload)
                self._counted.add(r.id)
                changed[(r.table_id, r.session, r.hand)] = summary
        self.rulings.sort(key=lambda r: r.id)
        return list(changed.values())

    def _read_rows(self, changed: dict) -> None:
        """Each table's summary rows after its head, up to its last row as it stood when this
        began (read first: rows up to it are committed, so the read below sees every one of
        them, and nothing that commits meanwhile is skipped); then the heads move there."""
        tops = {
            tid: last
            for tid, last in self._query(
                "SELECT t.table_id, (SELECT l.row_id FROM room.log l WHERE l.table_id = t.table_id "
                "ORDER BY l.row_id DESC LIMIT 1) FROM room.tables t"
            )
            if last is not None and tid in self.tables  # (enrolled: read just before)
        }
        missing: set[tuple[str, int, int]] = set()
        # one table at a time, a page at a time, each page a range of the (table_id, row_id)
        # index: a page that joined every table's span and sorted what was left read the rest
        # of the room again for each page (23 s for a room of 100,000 hands)
        for tid, top in tops.items():
            head = self.heads.get(tid, 0)
            while head < top:
                rows = self._query(
                    "SELECT row_id, session, hand_no, kind, payload, at, hash FROM room.log "
                    "WHERE table_id = %s AND row_id > %s AND row_id <= %s AND kind = ANY(%s) ORDER BY row_id "
                    "LIMIT %s",
                    (tid, head, top, list(SUMMARY_KINDS), ROWS_PER_PAGE),
                )
                for row_id, sid, hand, kind, payload, at, digest in rows:
                    if (
                        self.history_skipped
                        and hand
                        and kind != HandStartRow.kind
                        and (tid, sid, hand) not in self.index.hands
                    ):
                        missing.add((tid, sid, hand))  # a hand from before the skip: read whole, below
                    else:
                        self._take_row(changed, tid, sid, hand, kind, payload, at, digest)
                    head = row_id
                if len(rows) < ROWS_PER_PAGE:
                    break
        self.heads.update(tops)
        for tid, sid, hand in sorted(missing):
            self._read_hand(changed, tid, sid, hand)

    def _take_row(self, changed: dict, tid: str, sid: int, hand: int, kind: str, payload, at, digest) -> None:
        summary = self.index.take(tid, sid, hand, kind, payload, at, digest)
        if summary is not None:  # (its room_label: the index's labels, read just before)
            changed[(tid, sid, hand)] = summary
        if kind == RulingRow.kind:
            self._take_applied(tid, payload_dict(payload), summary)

    # --- a console that pages the hands before it opened (room/hand_pages.py) -------------------
    history_skipped = False

    def skip_history(self) -> None:
        """From now on ``catch_up`` reads each enrolled table from the start of its last hand
        (and its sessions' openings), not from its first row: the console pages the hands before
        from the room (room/hand_pages.py), so what it reads at start is flat in the room's size.
        A row that arrives later for a hand from before (its end, a ruling) reads that hand whole."""
        self.catch_up(hands=False)
        for tid in self.tables:
            if tid in self.heads:
                continue
            last = self._query(
                "SELECT row_id FROM room.log WHERE table_id = %s AND kind = 'hand_start' "
                "ORDER BY session DESC, hand_no DESC LIMIT 1",
                (tid,),
            )
            for sid, payload, at, digest in self._query(
                "SELECT session, payload, at, hash FROM room.log WHERE kind = 'open_table' AND table_id = %s "
                "ORDER BY row_id",
                (tid,),
            ):
                self.index.take(tid, sid, 0, "open_table", payload, at, digest)
            if last:
                self.heads[tid] = int(last[0][0]) - 1
        self.history_skipped = True

    def _read_hand(self, changed: dict, tid: str, sid: int, hand: int) -> None:
        """One hand's summary rows, up to the table's head (a hand from before ``skip_history``
        that a new row, or a room ruling, touched)."""
        for row_sid, row_hand, kind, payload, at, digest in self._query(
            "SELECT session, hand_no, kind, payload, at, hash FROM room.log WHERE table_id = %s AND session = %s "
            "AND hand_no = %s AND row_id <= %s AND kind = ANY(%s) ORDER BY row_id",
            (tid, sid, hand, self.heads.get(tid, 0), list(SUMMARY_KINDS)),
        ):
            self._take_row(changed, tid, row_sid, row_hand, kind, payload, at, digest)

    def _take_applied(self, table_id: str, payload: dict, summary: HandSummary | None) -> None:
        """A table's ruling row that applied a room's ruling: that ruling is counted once, as
        this row (if the room's copy was counted on the hand already, it is taken back)."""
        applied = applied_room_ruling(payload)
        if applied is None:
            return
        self._applied[(table_id, applied[0])] = applied[1]
        ruling = next((r for r in self.rulings if r.id == applied[0] and r.table_id == table_id), None)
        if (
            ruling is not None
            and summary is not None
            and ruling.id in self._counted
            and self.is_applied(ruling)
            and (ruling.session, ruling.hand) == (summary.session, summary.hand)
        ):
            summary.rulings -= 1  # (the case's mark stays: it is the same case, with the same words)

    def is_applied(self, ruling: RoomRuling) -> bool:
        """Whether a table's row (read by ``catch_up``) says it applied this room ruling, as its
        id and hash are: then the table's row is the ruling, and this copy is not shown again."""
        return self._applied.get((ruling.table_id, ruling.id)) == ruling.hash

    def flags(self, bound_s: float = STALE_AFTER_S) -> tuple[TableFlag, ...]:
        """The tables the floor must look at (room/watch.py): record and room disagree, heads
        stopped, rows no head covers; after ``catch_up`` (its tables and refusals); and what
        contradicts what this machine saw of the room before (room/memory.py: rows and heads
        cut, a table gone, a key replaced, a ruling rewritten)."""
        found = self.memory_look()
        memory = tuple(TableFlag(f.table_id, f.what, "", reason=f.text, seen=f.seen, now=f.now) for f in found)
        return table_flags(self._query, self.tables, self.refusals, bound_s) + memory

    def memory_look(self) -> list[MemoryFlag]:
        """The room against this machine's memory of it (which it then brings up to date)."""
        from dealer_app.room.memory import look
        from dealer_app.settings import room_memory_path

        try:
            return look(self._query, self.url, room_memory_path())
        except OSError as exc:  # (its memory cannot be read or written: said, never skipped)
            raise RoomError(f"{self.path}: what this machine saw of the room cannot be kept ({exc})") from None

    def hands(self) -> list[HandSummary]:
        """Every hand of every table, newest first (after ``catch_up``)."""
        return self.index.newest_first()

    def check_table(self, table_id: str) -> RoomTableCheck:
        """The room's copy of one table checked by this reader itself (room/room_check.py)."""
        import psycopg

        label = self.tables[table_id].label if table_id in self.tables else table_id
        try:
            return check_room_table(self.conn, table_id, f"{label} ({table_id})")
        except psycopg.Error as exc:
            raise RoomError(f"{self.path}: table {table_id} cannot be checked ({words(exc)})") from None

    def check_hands(self) -> dict[str, RoomTableCheck]:
        """Every enrolled table checked (``check_table``), and each hand's ``failing`` marked."""
        checked = {tid: self.check_table(tid) for tid in self.tables}
        for tid, found in checked.items():
            mark_failing([h for h in self.index.hands.values() if h.table_id == tid], failing_by_hand(found.problems))
        return checked

    def table(self, table_id: str) -> RoomTableRecord:
        return RoomTableRecord(self, table_id)

    # --- one hand ------------------------------------------------------------------------------
    def hand_rows(self, table_id: str, session: int, hand_no: int) -> list[LogRow]:
        """One hand's rows as its table's record has them (the timeline's ``hand_rows``), with the
        room's rulings on it after them — but not one the table applied: its own ruling row,
        carrying the room's id and hash, is that ruling (shown once, its chips moved once)."""
        out: list[LogRow] = []
        applied: set[tuple[int, str]] = set()
        if table_id not in self.tables:  # (not enrolled: its rows are no table's hands)
            return out
        for seq, kind, text, at in self._query(
            "SELECT seq, kind, payload, at FROM room.log WHERE table_id = %s AND session = %s AND hand_no = %s "
            "AND kind != 'event' ORDER BY row_id",
            (table_id, session, hand_no),
        ):
            payload = payload_dict(text)
            if not payload:
                raise StoreError(
                    says(
                        QT_TRANSLATE_NOOP("Errors", "%1: session %2: a %3 row is not readable JSON"),
                        f"{self.path} {table_id}",
                        session,
                        kind,
                    )
                )
            out.append(LogRow(seq, kind, payload, at))
            if kind == RulingRow.kind and (named := applied_room_ruling(payload)) is not None:
                applied.add(named)
        if out and hand_no:
            last_seq = out[-1][0]
            for r in self.rulings:
                if (r.table_id, r.session, r.hand) == (table_id, session, hand_no) and (r.id, r.hash) not in applied:
                    out.append(LogRow(last_seq, RulingRow.kind, r.payload, r.at))
        return out

    def approve_table(self, table_id: str) -> int:
        """Enroll a table (its first registration, or its changed record or key): a floor act,
        recorded by the server with this login and the time. Returns the request approved."""
        import psycopg

        try:  # (its newest request, by number: room.approve_table(text) is gone, migrations/0012)
            row = self.conn.execute(
                "SELECT room.approve_request(%s, (SELECT max(e.id) FROM room.enrollments e WHERE e.table_id = %s))",
                (table_id, table_id),
            ).fetchone()
        except psycopg.Error as exc:
            raise RoomError(f"{self.path}: table {table_id} is not enrolled ({words(exc)})") from None
        assert row is not None
        return int(row[0])

    def login(self) -> str:
        """The room login this reader is connected as (the server's ``session_user``)."""
        if self._login is None:
            self._login = str(self._query("SELECT session_user::text")[0][0])
        return self._login

    def floor_key_standing(self) -> tuple[KeyStanding, bool]:
        """How this machine's key for the reader's login stands in the room (room/floor_key_enrollment.mine),
        and whether the key is valid for the login (a ruling signed with it holds for every reader)."""
        try:
            signer = load_floor_signer(self.login())
        except KeyProblem:
            signer = None  # (a file that is no key: said when a ruling is signed with it)
        rows = floor_key_rows(self._query)
        here = signer.public_key if signer is not None else None
        standing = mine(rows, self.login(), here)
        return standing, here is not None and floor_keys_from(rows).holds(self.login(), here)

    def require_floor_key(self) -> None:
        """RoomError, in words, when this machine holds no floor key for the reader's login: said
        before a ruling asks for anything else (a new floor person heard of the key only after
        their passphrase)."""
        self._floor_signer()

    def _floor_signer(self) -> FileSigner:
        """This machine's key for the reader's login (RoomError, in words, when it holds none)."""
        try:
            signer = load_floor_signer(self.login())
        except KeyProblem as exc:
            raise RoomError(f"the ruling cannot be signed: {exc}") from None
        if signer is None:
            raise RoomError(
                f"this machine holds no floor key for {self.login()}: a ruling is signed with the floor "
                f"person's own key — make one with `dealer-app floor-key new --database URL` (README)"
            )
        return signer

    def record_ruling(self, table_id: str, session: int, hand_no: int, payload: dict) -> RoomRuling:
        """A floor's ruling into the room (appended, chained by the server, signed by the login)."""
        import psycopg

        # (filed under this login, as the server requires since 0014: the floor's signature names it)
        by = payload.get("by")
        if isinstance(by, dict):
            payload = dict(payload, by=dict(by, name=self.login()))
        # signed with the floor person's own key, kept on this machine (record/floor_keys.py):
        # the login's password is the owner's to set, the key is not
        payload = seal_ruling(self._floor_signer(), table_id, session, hand_no, self.login(), payload)
        text = json.dumps(payload, sort_keys=True, ensure_ascii=False)
        try:
            row = self.conn.execute(
                "INSERT INTO room.rulings (table_id, session, hand_no, payload) "
                "VALUES (%s, %s, %s, %s) RETURNING id, floor_login, at::text, hash",
                (table_id, session, hand_no, text),
            ).fetchone()
        except psycopg.Error as exc:
            raise RoomError(f"{self.path}: the ruling cannot be recorded in the room ({words(exc)})") from None
        assert row is not None
        shown = filed_payload(payload, row[1], True)  # (the server took it: a floor login's, under its name)
        ruling = RoomRuling(row[0], table_id, session, hand_no, shown, row[1], record_time(row[2]), row[3])
        self.rulings.append(ruling)
        return ruling


class RoomTableRecord:
    """One room table, read as the floor reads a record (``floor/timeline.load_hand``,
    ``floor/rulings.record_ruling``). A ruling recorded through it goes to the room. Its chips
    move no seat here: the table's record carries the seats, so a ruling that moves chips
    reaches the table (``room.rulings_for_table``, read by its forwarder), which shows it to
    its dealer between hands and applies it when the dealer confirms."""

    writable = True
    # a ruling recorded here moves no seat's chips itself (and is numbered as the room's): its
    # chips reach the table, and move there when the table's dealer confirms them
    moves_no_chips = True

    def __init__(self, reader: RoomReader, table_id: str, owns_reader: bool = False):
        self.reader, self.table_id, self._owns_reader = reader, table_id, owns_reader
        label = reader.tables[table_id].label if table_id in reader.tables else table_id
        self.path = f"{label} ({table_id})"

    def close(self) -> None:
        """Closes the reader's connection if this record was given it to keep (``report``)."""
        if self._owns_reader:
            self.reader.close()

    def hand_rows(self, session: int, hand_no: int) -> list[LogRow]:
        try:
            return self.reader.hand_rows(self.table_id, session, hand_no)
        except RoomError as exc:  # (what a record says when it cannot be read)
            raise StoreError(str(exc)) from None

    def is_open(self, session: int) -> bool:
        return False  # (no seats of this machine's to move: see the class's note)

    anchors_path = None  # (the server checked every row as it came: there is no anchors file to read)

    def seals(self, session: int | None = None) -> list:
        """The table's hands' seals as the room holds them (their hand_end rows)."""

        sql = "SELECT session, hand_no, row_id, seq, hash, at FROM room.log WHERE table_id = %s AND kind = 'hand_end'"
        args: tuple = (self.table_id,)
        if session is not None:
            sql, args = sql + " AND session = %s", (self.table_id, session)
        try:
            found = self.reader._query(sql + " ORDER BY row_id", args)
        except RoomError as exc:  # (what a record says when it cannot be read)
            raise StoreError(str(exc)) from None
        return [Anchor("", sid, hand, rid, seq, digest, at) for sid, hand, rid, seq, digest, at in found]

    def failing(self) -> dict[tuple[int, int | None], str]:
        """What fails, by (session, hand), as a record's ``failing``: the rows the room's copy
        fails (checked here: room/room_check.py), and those the room refused."""

        return failing_by_hand(self.check())

    notes: tuple[str, ...] = ()  # what the last check could not prove (an old table: HMAC only), in words

    def check(self, key=None, anchors=None) -> list:
        """Every row of this table in the room, checked here with the public key the floor
        enrolled, trusting no trigger and no server-held secret (room/room_check.py: forged,
        missing, not signed); then what the room refused of the table's rows."""

        try:
            self.reader.catch_up(hands=False)
            found = self.reader.check_table(self.table_id)
        except RoomError as exc:
            raise StoreError(str(exc)) from None
        self.notes = tuple(found.notes)
        return found.problems + [
            Problem(
                "refused",
                f"{self.path}: the room refused row {r.row_id} (table session {r.session}, {r.kind}): {r.reason}",
                r.row_id,
                r.session,
            )
            for r in self.reader.refusals
            if r.table_id == self.table_id
        ]

    def append(self, session: int, hand_no: int, rows: list[RecordRow]) -> list:
        """The record's ``append`` for a room's table: a ruling, sent to the room (no other row)."""
        for kind, payload in map(as_written, rows):
            if kind != RulingRow.kind:
                raise StoreError(f"{self.path}: only a ruling is added to a table from the room")
            try:  # (its chips, if any, reach the table: its dealer applies them between hands)
                self.reader.record_ruling(self.table_id, session, hand_no, payload)
            except RoomError as exc:
                raise StoreError(str(exc)) from None
        return []
