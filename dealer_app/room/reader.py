"""What the floor reads from the room server: every table, every hand, the server's refusals
and the room's rulings; and a ruling added to the room.

``RoomReader`` keeps one connection and an index of hands that grows with the rows read
(``catch_up``: every row after the last one seen, by the room's own id, so that a console that
was disconnected misses nothing). ``RoomTableRecord`` is one table's hands as the floor's
timeline reads a record (``hand_rows``), so a room hand steps through, prints and is ruled on
like a hand of this machine's record.
"""

from __future__ import annotations

import json
from dataclasses import dataclass

from dealer_app.engine.says import QT_TRANSLATE_NOOP, says
from dealer_app.history.hand_index import SUMMARY_KINDS, HandIndex, HandSummary
from dealer_app.history.store import StoreError
from dealer_app.room.database import RoomError, connect, shown_url, words
from dealer_app.room.schema import require_current


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


@dataclass(frozen=True)
class RoomRuling:
    id: int
    table_id: str
    session: int
    hand: int
    payload: dict
    floor_login: str
    at: str
    hash: str


class RoomReader:
    """The floor's view of the room at ``url`` (a login with the floor's grants)."""

    def __init__(self, url: str):
        self.url = url
        self.conn = connect(url, autocommit=True)
        try:
            require_current(self.conn, url)
        except BaseException:
            self.conn.close()
            raise
        self.last_id = 0  # the room's last row read (room.log.id)
        self.last_refusal = 0
        self.last_ruling = 0
        self.tables: dict[str, RoomTable] = {}
        self.refusals: list[Refusal] = []
        self.rulings: list[RoomRuling] = []
        self.index = HandIndex()

    @property
    def path(self) -> str:
        """How messages name the room (the URL, its password hidden)."""
        return shown_url(self.url)

    def close(self) -> None:
        self.conn.close()

    def reconnect(self) -> None:
        """A new connection after the old one broke; what was read is kept, and the next
        ``catch_up`` reads on from the last row seen (notifications sent meanwhile are lost)."""
        try:
            self.conn.close()
        except Exception:  # noqa: BLE001 - a broken connection may fail to close: it is gone anyway
            pass
        self.conn = connect(self.url, autocommit=True)
        require_current(self.conn, self.url)

    def _query(self, sql: str, args: tuple = ()) -> list[tuple]:
        import psycopg
        try:
            return self.conn.execute(sql, args).fetchall()
        except psycopg.Error as exc:
            raise RoomError(f"{self.path}: the room cannot be read ({words(exc)})") from None

    # --- keeping up ----------------------------------------------------------------------------
    def catch_up(self) -> list[HandSummary]:
        """Read everything new since the last call (tables, rows, refusals, rulings); returns
        the hands it changed."""
        for tid, label, login, at in self._query(
                "SELECT table_id, label, login, registered_at::text FROM room.tables ORDER BY registered_at"):
            self.tables[tid] = RoomTable(tid, label, login, at)
            self.index.labels[tid] = label
        changed: dict[tuple, HandSummary] = {}
        while True:
            rows = self._query("SELECT id, table_id, session, hand_no, kind, payload, at, hash FROM room.log "
                               "WHERE id > %s AND kind = ANY(%s) ORDER BY id LIMIT 5000",
                               (self.last_id, list(SUMMARY_KINDS)))
            for rid, tid, sid, hand, kind, payload, at, digest in rows:
                summary = self.index.take(tid, sid, hand, kind, payload, at, digest)
                if summary is not None:
                    summary.room_label = self.index.labels.get(tid, "")
                    changed[(tid, sid, hand)] = summary
                self.last_id = rid
            if len(rows) < 5000:
                break
        # rows of other kinds move the high-water mark too (the console's live hand reloads on them)
        newest = self._query("SELECT COALESCE(MAX(id), 0) FROM room.log")[0][0]
        self.last_id = max(self.last_id, newest)
        for row in self._query("SELECT id, table_id, session, seq, row_id, kind, hand_no, what, reason, at::text "
                               "FROM room.refusals "
                               "WHERE id > %s ORDER BY id", (self.last_refusal,)):
            self.refusals.append(Refusal(*row))
            self.last_refusal = row[0]
        for rid, tid, sid, hand, payload, login, at, digest in self._query(
                "SELECT id, table_id, session, hand_no, payload, floor_login, at::text, hash FROM room.rulings "
                "WHERE id > %s ORDER BY id", (self.last_ruling,)):
            self.rulings.append(RoomRuling(rid, tid, sid, hand, _json(payload), login, at, digest))
            self.last_ruling = rid
            summary = self.index.hands.get((tid, sid, hand))
            if summary is not None:
                summary.rulings += 1
                changed[(tid, sid, hand)] = summary
        return list(changed.values())

    def hands(self) -> list[HandSummary]:
        """Every hand of every table, newest first (after ``catch_up``)."""
        return self.index.newest_first()

    def table(self, table_id: str) -> RoomTableRecord:
        return RoomTableRecord(self, table_id)

    # --- one hand ------------------------------------------------------------------------------
    def hand_rows(self, table_id: str, session: int, hand_no: int) -> list[tuple[int, str, dict, str]]:
        """One hand's rows as its table's record has them (the timeline's ``hand_rows``), with the
        room's rulings on it after them."""
        out = []
        for seq, kind, text, at in self._query(
                "SELECT seq, kind, payload, at FROM room.log WHERE table_id = %s AND session = %s AND hand_no = %s "
                "AND kind != 'event' ORDER BY row_id", (table_id, session, hand_no)):
            payload = _json(text)
            if not payload:
                raise StoreError(says(QT_TRANSLATE_NOOP("Errors", "%1: session %2: a %3 row is not readable JSON"),
                                      f"{self.path} {table_id}", session, kind))
            out.append((seq, kind, payload, at))
        if out and hand_no:
            last_seq = out[-1][0]
            for r in self.rulings:
                if (r.table_id, r.session, r.hand) == (table_id, session, hand_no):
                    out.append((last_seq, "ruling", r.payload, r.at))
        return out

    def record_ruling(self, table_id: str, session: int, hand_no: int, payload: dict) -> RoomRuling:
        """A floor's ruling into the room (appended, chained by the server, signed by the login)."""
        import psycopg
        text = json.dumps(payload, sort_keys=True, ensure_ascii=False)
        try:
            row = self.conn.execute("INSERT INTO room.rulings (table_id, session, hand_no, payload) "
                                    "VALUES (%s, %s, %s, %s) RETURNING id, floor_login, at::text, hash",
                                    (table_id, session, hand_no, text)).fetchone()
        except psycopg.Error as exc:
            raise RoomError(f"{self.path}: the ruling cannot be recorded in the room ({words(exc)})") from None
        assert row is not None
        ruling = RoomRuling(row[0], table_id, session, hand_no, payload, row[1], row[2], row[3])
        self.rulings.append(ruling)
        self.last_ruling = max(self.last_ruling, ruling.id)
        return ruling


class RoomTableRecord:
    """One room table, read as the floor reads a record (``floor/timeline.load_hand``,
    ``floor/rulings.record_ruling``). A ruling recorded through it goes to the room; it records
    the decision, and moves no chips: chips are moved by a ruling at the table's own console,
    whose record carries its seats."""

    writable = True
    moves_no_chips = True

    def __init__(self, reader: RoomReader, table_id: str):
        self.reader, self.table_id = reader, table_id
        label = reader.tables[table_id].label if table_id in reader.tables else table_id
        self.path = f"{label} ({table_id})"

    def hand_rows(self, session: int, hand_no: int):
        return self.reader.hand_rows(self.table_id, session, hand_no)

    def is_open(self, session: int) -> bool:
        return False  # (no seats of this machine's to move: see the class's note)

    anchors_path = None  # (the server checked every row as it came: there is no anchors file to read)

    def seals(self, session: int | None = None) -> list:
        """The table's hands' seals as the room holds them (their hand_end rows)."""
        from dealer_app.history.chain import Anchor
        sql = "SELECT session, hand_no, row_id, seq, hash, at FROM room.log WHERE table_id = %s AND kind = 'hand_end'"
        args: tuple = (self.table_id,)
        if session is not None:
            sql, args = sql + " AND session = %s", (self.table_id, session)
        return [Anchor("", sid, hand, rid, seq, digest, at) for sid, hand, rid, seq, digest, at in
                self.reader._query(sql + " ORDER BY row_id", args)]

    def check(self, key=None, anchors=None) -> list:
        """What the room refused of this table's rows (the server checked each against the
        table's keyed chain as it arrived; a row that broke it was never stored)."""
        from dealer_app.history.integrity import Problem
        self.reader.catch_up()
        return [Problem("refused", f"{self.path}: the room refused row {r.row_id} (table session {r.session}, "
                                   f"{r.kind}): {r.reason}", r.row_id, r.session)
                for r in self.reader.refusals if r.table_id == self.table_id]

    def append(self, session: int, hand_no: int, rows: list[tuple[str, dict]]) -> list:
        for kind, payload in rows:
            if kind != "ruling":
                raise StoreError(f"{self.path}: only a ruling is added to a table from the room")
            if payload.get("chips"):
                raise StoreError(says(QT_TRANSLATE_NOOP(
                    "Errors", "a ruling made in the room records the decision; chips are moved by a ruling at the "
                              "table's own floor console (its record carries the seats)")))
            try:
                self.reader.record_ruling(self.table_id, session, hand_no, payload)
            except RoomError as exc:
                raise StoreError(str(exc)) from None
        return []


def _json(text: str) -> dict:
    try:
        value = json.loads(text)
    except ValueError:
        return {}
    return value if isinstance(value, dict) else {}
