"""A table's record against the room's copy of it, and the room's copy against itself.

``dealer-app verify RECORD --database URL`` (issue 30 §2, §3) trusts no trigger and no
check the server made: it reads the room's rows and heads of the record's table and

- compares them with the record row by row and head by head, naming what is missing in the
  room, extra in the room, or different (which fields), with table session, hand and row;
- checks the room's copy itself: every head's Ed25519 signature with the public key the floor
  enrolled (never the one the record names), that each head's row holds the hash it signed and
  that the room holds as many rows up to it as it counts, and (room/room_check.py) the keyless
  digest chain its heads sign, recomputed over the room's rows with no key; the record's key
  recomputes the keyed chain only for a table whose heads carry no digest (weaker: the room's
  owner can read the room's copy of that key; said).

Both sides are read in row order, a stream each (a named cursor in the room): memory stays
flat however long the record. Runs of consecutive rows of one hand are said once.
"""

from __future__ import annotations

from dataclasses import dataclass
from typing import TYPE_CHECKING

from dealer_app.record.chain import row_hash
from dealer_app.record.replay import REPLAY
from dealer_app.record.row_times import ROW_TIME
from dealer_app.record.signing import Head, public_key_id

if TYPE_CHECKING:
    import sqlite3
    from collections.abc import Iterator

    from dealer_app.record.store import Store

SHOWN = 60  # characters of a differing field shown, each side
MISSING, EXTRA, DIFFERENT, FORGED, NOT_ENROLLED = (
    "missing in the room",
    "extra in the room",
    "different",
    "forged",
    ("not enrolled"),
)
FLOOR_ACT = "floor act"  # a floor act's row the room's acts do not bear out (room/floor_act_check.py)
# (a row time running back, or ahead of the room; a signed row the engine cannot make: own kinds)
_OWN_KINDS = {ROW_TIME: ROW_TIME, REPLAY: REPLAY}
WEAKER = "checked with the key only"  # said, not failing: an old table's rows, checked with the chain key alone
_ROW_FIELDS = ("session", "seq", "hand", "kind", "payload", "at", "hash")


@dataclass(frozen=True)
class Difference:
    """One thing the record and the room's copy disagree on, or one the room's copy fails."""

    what: str  # MISSING, EXTRA, DIFFERENT, FORGED, NOT_ENROLLED, ROW_TIME, REPLAY, FLOOR_ACT (failing); WEAKER (said only)
    table_id: str
    text: str  # the sentence, naming the table, session, hand and row(s)
    session: int | None = None
    hand: int | None = None
    row: int | None = None  # the first row it is about
    last_row: int | None = None  # the last one, for a run of rows

    def to_dict(self) -> dict:
        return {
            "what": self.what,
            "table": self.table_id,
            "session": self.session,
            "hand": self.hand,
            "row": self.row,
            "last_row": self.last_row,
            "text": self.text,
        }


@dataclass(frozen=True)
class _Row:
    row: int
    session: int
    seq: int
    hand: int
    kind: str
    payload: str
    at: str
    hash: str


@dataclass
class _Run:
    """Consecutive rows of one hand with the same difference (said as one)."""

    what: str
    session: int
    hand: int
    first: int
    last: int
    side: str  # whose rows they are


def compare_with_room(store: Store, conn) -> list[Difference]:
    """Every difference between ``store`` (open, with its key) and the room at ``conn`` (a
    floor's or the owner's connection), and everything the room's copy fails on its own."""
    table_id = store.table_id()
    known = conn.execute("SELECT record_id FROM room.tables WHERE table_id = %s", (table_id,)).fetchone()
    if known is None:
        return [Difference(MISSING, table_id, f"table {table_id}: the room has no such table (none of its rows)")]
    enrolled = conn.execute(
        "SELECT e.public_key FROM room.enrollments e JOIN room.approvals a ON a.enrollment_id = e.id "
        "WHERE e.table_id = %s ORDER BY e.id DESC LIMIT 1",
        (table_id,),
    ).fetchone()
    found: list[Difference] = []
    public = bytes(enrolled[0]).hex() if enrolled is not None and enrolled[0] is not None else None
    if enrolled is None:
        found.append(
            Difference(NOT_ENROLLED, table_id, f"table {table_id}: no floor login has enrolled it in the room")
        )
    elif store.public_key and public != store.public_key:
        found.append(
            Difference(
                DIFFERENT,
                table_id,
                f"table {table_id}: the public key the room enrolled ({public_key_id(public) if public else 'none'}) "
                f"is not the record's ({store.signing_key_id}): its heads cannot be checked with the room's",
            )
        )
    theirs = [
        Head(store.record_id, *r)
        for r in conn.execute(
            "SELECT rows, row_id, session, hand_no, hash, at, key_id, signature, coalesce(digest, '') FROM room.heads WHERE table_id = %s "
            "ORDER BY row_id",
            (table_id,),
        ).fetchall()
    ]
    at_heads: dict[int, tuple[int, str]] = {h.row: (0, "") for h in theirs}
    # the room's copy checked on its own: by the keyless digest its signed heads carry
    # (room/room_check.py, the public key alone); the record's key recomputes the chain only of
    # a table whose heads carry no digest (signed before it, or never: weaker, said)
    digested = any(h.digest for h in theirs) and public is not None
    found += _rows(store, conn, table_id, at_heads, keyed=not digested)
    found += _heads(store, table_id, public, theirs, at_heads)
    if digested:
        from dealer_app.room.room_check import check_room_table

        checked = check_room_table(conn, table_id, f"table {table_id}")
        found += [
            Difference(
                FORGED if p.what == "forged" else MISSING if p.what == "missing" else _OWN_KINDS.get(p.what, EXTRA),
                table_id,
                p.text,
                p.session,
                p.hand,
                p.row,
            )
            for p in checked.problems
        ]
    else:
        found.append(
            Difference(
                WEAKER,
                table_id,
                f"table {table_id}: its heads in the room carry no digest (signed before it existed, or not at all): "
                f"the room's rows were checked only with the record's chain key (weaker: the room's owner holds a "
                f"copy of that key)",
            )
        )
    found += _floor_acts(conn, table_id)
    return found


def _floor_acts(conn, table_id: str) -> list[Difference]:
    """Each floor act's row of the table the room's own acts do not bear out: a local account's
    act after the table joined the room, an act the room has not, or one that differs."""
    from dealer_app.room.floor_act_check import check_floor_acts

    checks = check_floor_acts(lambda sql, args: conn.execute(sql, args).fetchall(), table_id)
    return [
        Difference(FLOOR_ACT, table_id, f"floor act: {c.words()}", c.session, c.hand, c.row)
        for c in checks
        if c.flagged
    ]


def _local_rows(store: Store) -> Iterator[_Row]:
    for r in store.db.execute("SELECT id, session_id, seq, hand_no, kind, payload, at, hash FROM log ORDER BY id"):
        yield _Row(*r)


def _room_rows(conn, table_id: str) -> Iterator[_Row]:
    with conn.cursor(name="verify_room_rows") as cur:
        cur.execute(
            "SELECT row_id, session, seq, hand_no, kind, payload, at, hash FROM room.log WHERE table_id = %s "
            "ORDER BY row_id",
            (table_id,),
        )
        for r in cur:
            yield _Row(*r)


def _merged(left: Iterator[_Row], right: Iterator[_Row]) -> Iterator[tuple[_Row | None, _Row | None]]:
    """(the record's row, the room's row) by row id; None where a side has none."""
    a, b = next(left, None), next(right, None)
    while a is not None or b is not None:
        if b is None or (a is not None and a.row < b.row):
            yield a, None
            a = next(left, None)
        elif a is None or b.row < a.row:
            yield None, b
            b = next(right, None)
        else:
            yield a, b
            a, b = next(left, None), next(right, None)


def _rows(store: Store, conn, table_id: str, at_heads: dict[int, tuple[int, str]], keyed: bool) -> list[Difference]:
    """The rows, side by side; ``at_heads`` gets, for each row a room's head names, how many
    rows the room holds up to it and the room's hash of it (absent: the room has no such row)."""
    key, record_id = (store.key if keyed else None), store.record_id
    found: list[Difference] = []
    run: _Run | None = None
    prev_room = ""  # the room's previous row's hash (its chain, recomputed)
    room_count = 0

    def flush() -> None:
        nonlocal run
        if run is not None:
            found.append(_said_run(table_id, run))
            run = None

    def extend(what: str, r: _Row, side: str) -> None:
        nonlocal run
        same = run is not None and (run.what, run.session, run.hand, run.side) == (what, r.session, r.hand, side)
        if same and run is not None and r.row == run.last + 1:
            run.last = r.row
            return
        flush()
        run = _Run(what, r.session, r.hand, r.row, r.row, side)

    for mine, theirs in _merged(_local_rows(store), _room_rows(conn, table_id)):
        if theirs is None:
            assert mine is not None
            extend(MISSING, mine, "the record's")
            continue
        if key is not None:
            expected = row_hash(
                key,
                record_id,
                prev_room,
                theirs.row,
                theirs.session,
                theirs.seq,
                theirs.hand,
                theirs.kind,
                theirs.payload,
                theirs.at,
            )
            if expected != theirs.hash:
                flush()
                found.append(
                    Difference(
                        FORGED,
                        table_id,
                        f"table {table_id}, session {theirs.session}, hand {theirs.hand}, row {theirs.row} "
                        f"({theirs.kind}): the room's copy does not match its chain hash: it was changed, inserted "
                        f"or a row before it deleted in the room",
                        theirs.session,
                        theirs.hand,
                        theirs.row,
                    )
                )
        prev_room, room_count = theirs.hash, room_count + 1
        if theirs.row in at_heads:
            at_heads[theirs.row] = (room_count, theirs.hash)
        if mine is None:
            extend(EXTRA, theirs, "the room's")
            continue
        fields = [f for f in _ROW_FIELDS if getattr(mine, f) != getattr(theirs, f)]
        if not fields:
            continue
        flush()
        shown = "; ".join(
            f"{f}: the record's {_short(getattr(mine, f))}, the room's {_short(getattr(theirs, f))}" for f in fields
        )
        found.append(
            Difference(
                DIFFERENT,
                table_id,
                f"table {table_id}, session {mine.session}, hand {mine.hand}, row {mine.row} ({mine.kind}): "
                f"the room's copy differs ({shown})",
                mine.session,
                mine.hand,
                mine.row,
            )
        )
    flush()
    return found


def _said_run(table_id: str, run: _Run) -> Difference:
    rows = f"row {run.first}" if run.first == run.last else f"rows {run.first}–{run.last}"
    text = f"table {table_id}, session {run.session}, hand {run.hand}, {rows}: {run.what}"
    if run.what == MISSING:
        text += " (the record has them; deleted in the room, or not sent yet)"
    else:
        text += " (the record does not have them)"
    return Difference(run.what, table_id, text, run.session, run.hand, run.first, run.last)


def _short(value: object) -> str:
    text = str(value)
    return repr(text if len(text) <= SHOWN else text[:SHOWN] + "…")


def _heads(
    store: Store, table_id: str, public: str | None, theirs: list[Head], at_heads: dict[int, tuple[int, str]]
) -> list[Difference]:
    """The room's heads: each against the record's, its signature, and the room's rows it covers."""
    from dealer_app.record.heads import iter_heads

    found: list[Difference] = []
    mine = {h.row: h for _hid, h in iter_heads(store.db, store.record_id)}
    room_last = theirs[-1].row if theirs else 0
    for h in theirs:
        where = f"table {table_id}, session {h.session}, hand {h.hand}, the signed head for row {h.row} ({h.at})"
        if public is None or not h.holds(public):
            found.append(
                Difference(
                    FORGED,
                    table_id,
                    f"{where}: not signed by the key the floor enrolled: forged or edited in the room",
                    h.session,
                    h.hand,
                    h.row,
                )
            )
        else:
            count, at_row = at_heads.get(h.row, (0, ""))
            if at_row != h.hash:
                found.append(
                    Difference(
                        FORGED,
                        table_id,
                        f"{where}: the room's row {h.row} is not the row the table signed "
                        f"({'changed' if at_row else 'deleted'} in the room)",
                        h.session,
                        h.hand,
                        h.row,
                    )
                )
            elif count != h.rows:
                found.append(
                    Difference(
                        MISSING if count < h.rows else EXTRA,
                        table_id,
                        f"{where}: it covers {h.rows} rows and the room holds {count} up to it: "
                        f"{abs(h.rows - count)} row(s) {'deleted from' if count < h.rows else 'inserted into'} "
                        f"the room's copy",
                        h.session,
                        h.hand,
                        h.row,
                    )
                )
        local = mine.get(h.row)
        if local is None:
            found.append(Difference(EXTRA, table_id, f"{where}: the record has no such head", h.session, h.hand, h.row))
        elif local != h:
            found.append(
                Difference(DIFFERENT, table_id, f"{where}: differs from the record's", h.session, h.hand, h.row)
            )
    rooms = {h.row for h in theirs}
    gone = [h for row, h in sorted(mine.items()) if row not in rooms and row <= room_last]
    if gone:
        found.append(
            Difference(
                MISSING,
                table_id,
                f"table {table_id}: {len(gone)} of the record's signed heads are not in the room, the first for "
                f"row {gone[0].row} (session {gone[0].session}, hand {gone[0].hand}): deleted in the room",
                gone[0].session,
                gone[0].hand,
                gone[0].row,
            )
        )
    return found


# --- a table's own copy, as its own login reads it (the forwarder on every connect) ---------------
ROOM_ITERSIZE = 2000  # rows fetched from the room's cursor at a time (memory stays flat)


def compare_copy(
    db: sqlite3.Connection, conn, table_id: str, rows_until: int, heads_until: int
) -> Iterator[Difference]:
    """Every difference between a record (``db``, open to read) and the room's copy of its
    rows and signed heads as the table's own login reads them (``conn``, in a transaction):
    every row and head the room holds, against the record's up to ``rows_until`` and
    ``heads_until`` (where the room said it stood, asked first: the record's later ones are
    still to be sent). Both sides are streamed in row order."""
    mine = record_rows(db, rows_until)
    theirs = room_rows(conn, table_id, None)
    yield from compare_rows(table_id, mine, theirs)
    yield from compare_heads(table_id, record_heads(db, heads_until), room_heads(conn, table_id))


def record_rows(db: sqlite3.Connection, until: int | None = None) -> Iterator[_Row]:
    """The record's rows in order (up to row ``until``)."""
    sql = "SELECT id, session_id, seq, hand_no, kind, payload, at, hash FROM log"
    args: tuple = ()
    if until is not None:
        sql, args = sql + " WHERE id <= ?", (until,)
    for r in db.execute(sql + " ORDER BY id", args):
        yield _Row(*r)


def room_rows(conn, table_id: str, until: int | None = None) -> Iterator[_Row]:
    """The room's rows of ``table_id`` in order (up to row ``until``), through a cursor of the
    server's: never all in memory."""
    sql = "SELECT row_id, session, seq, hand_no, kind, payload, at, hash FROM room.log WHERE table_id = %s"
    args: tuple = (table_id,)
    if until is not None:
        sql, args = sql + " AND row_id <= %s", (table_id, until)
    with conn.cursor(name="witness_room_rows") as cur:
        cur.itersize = ROOM_ITERSIZE
        cur.execute(sql + " ORDER BY row_id", args)
        for r in cur:
            yield _Row(*r)


@dataclass(frozen=True)
class _HeadRow:
    rows: int
    row: int
    session: int
    hand: int
    hash: str
    at: str
    key_id: str
    signature: str
    digest: str  # "" for a head signed before heads carried one


def record_heads(db: sqlite3.Connection, until: int) -> Iterator[_HeadRow]:
    from dealer_app.record.heads import head_columns

    columns = head_columns(db)  # (the digest "" where a head has none)
    if columns is None:
        return  # (a record that signs no heads)
    for r in db.execute(f"SELECT {columns} FROM heads WHERE row <= ? ORDER BY row", (until,)):
        yield _HeadRow(*r)


def room_heads(conn, table_id: str) -> Iterator[_HeadRow]:
    with conn.cursor(name="witness_room_heads") as cur:
        cur.itersize = ROOM_ITERSIZE
        cur.execute(
            "SELECT rows, row_id, session, hand_no, hash, at, key_id, signature, coalesce(digest, '') FROM room.heads "
            "WHERE table_id = %s ORDER BY row_id",
            (table_id,),
        )
        for r in cur:
            yield _HeadRow(*r)


def compare_rows(table_id: str, mine: Iterator[_Row], theirs: Iterator[_Row]) -> Iterator[Difference]:
    """The record's rows and the room's, side by side by row id: runs of rows of one hand
    missing in the room or extra in it said once, each differing row with its fields."""
    run: _Run | None = None
    for a, b in _merged(mine, theirs):
        if a is None or b is None:
            r, what, side = (b, EXTRA, "the room's") if a is None else (a, MISSING, "the record's")
            assert r is not None
            key = (what, r.session, r.hand, side)
            if run is not None and (run.what, run.session, run.hand, run.side) == key and r.row == run.last + 1:
                run.last = r.row
                continue
            if run is not None:
                yield _said_run(table_id, run)
            run = _Run(what, r.session, r.hand, r.row, r.row, side)
            continue
        fields = [f for f in _ROW_FIELDS if getattr(a, f) != getattr(b, f)]
        if not fields:
            continue
        if run is not None:
            yield _said_run(table_id, run)
            run = None
        shown = "; ".join(
            f"{f}: the record's {_short(getattr(a, f))}, the room's {_short(getattr(b, f))}" for f in fields
        )
        yield Difference(
            DIFFERENT,
            table_id,
            f"table {table_id}, session {a.session}, hand {a.hand}, row {a.row} ({a.kind}): the room's copy differs "
            f"({shown})",
            a.session,
            a.hand,
            a.row,
        )
    if run is not None:
        yield _said_run(table_id, run)


def compare_heads(table_id: str, mine: Iterator[_HeadRow], theirs: Iterator[_HeadRow]) -> Iterator[Difference]:
    """The record's signed heads and the room's, side by side by the row each covers."""
    a, b = next(mine, None), next(theirs, None)
    while a is not None or b is not None:
        h = b if a is None or (b is not None and b.row < a.row) else a
        assert h is not None
        where = f"table {table_id}, session {h.session}, hand {h.hand}, the signed head for row {h.row} ({h.at})"
        if a is None or (b is not None and b.row < a.row):
            yield Difference(
                EXTRA, table_id, f"{where}: extra in the room (the record has no such head)", h.session, h.hand, h.row
            )
            b = next(theirs, None)
        elif b is None or a.row < b.row:
            yield Difference(
                MISSING, table_id, f"{where}: missing in the room (deleted in the room)", h.session, h.hand, h.row
            )
            a = next(mine, None)
        else:
            if a != b:
                yield Difference(
                    DIFFERENT,
                    table_id,
                    f"{where}: the room's differs from the record's (it covers {b.rows} rows, the record's {a.rows})",
                    h.session,
                    h.hand,
                    h.row,
                )
            a, b = next(mine, None), next(theirs, None)


__all__ = [
    "DIFFERENT",
    "EXTRA",
    "FORGED",
    "MISSING",
    "NOT_ENROLLED",
    "WEAKER",
    "Difference",
    "compare_copy",
    "compare_heads",
    "compare_rows",
    "compare_with_room",
]
