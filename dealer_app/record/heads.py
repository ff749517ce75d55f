"""The record's signed heads: moving the head at each commit, and checking the heads.

Writing (``next_head``, inside the store's transaction): the head after a commit counts the
rows the previous head counted plus those just inserted (never ``COUNT(*)``: that reads the
whole log at every keystroke), so a record whose rows were cut keeps disagreeing with its heads.

Checking (``check_heads``), with the record's public key only (no secret):

- the latest head in the record covers exactly the rows present (count, last row, its hash);
  rows after it were added without the table's signature, rows missing from it were cut;
- each head's row still holds the hash it signed (the chain hash covers every row before it, so
  the latest head's match proves all rows up to it; the others name where a rewrite starts);
- signatures: the latest head's always; every head's when asked (``dealer-app verify``: an
  Ed25519 check costs some 110 µs, ten times a row's walk, so the start and the gates check the
  heads that carry the evidence, not the ones a matching chain already proves);
- the anchors file's heads of this record (streamed, nothing kept but the last): one past the
  record's end names the rows cut (how many, from which table session and hand); the last one
  within it must match the record's row there, else the record was rewritten or replaced; a
  head signed by another key says the table's key was replaced.
"""

from __future__ import annotations

from dataclasses import dataclass
from typing import TYPE_CHECKING

from dealer_app.record.chain import row_digest
from dealer_app.record.problem import Problem
from dealer_app.record.signing import Head, public_key_id

if TYPE_CHECKING:
    import sqlite3
    from collections.abc import Iterator
    from pathlib import Path

    from dealer_app.record.signing import Signer
    from dealer_app.record.store import Store

PUBLIC_KEY = "public_key"  # the meta rows naming the table's public key and its id
SIGNING_KEY_ID = "signing_key_id"


def has_heads_table(db: sqlite3.Connection) -> bool:
    return _heads_sql(db) is not None


def _heads_sql(db: sqlite3.Connection) -> str | None:
    """The heads table's definition (None: the record has none)."""
    row = db.execute("SELECT sql FROM sqlite_master WHERE type = 'table' AND name = 'heads'").fetchone()
    return str(row[0]) if row is not None else None


def head_columns(db: sqlite3.Connection, empty: str = "''") -> str | None:
    """The heads' columns as ``Head`` takes them, the digest last (``empty`` for a head without
    one, or in a record opened to read before migration step 7 gave it the column)."""
    sql = _heads_sql(db)
    if sql is None:
        return None
    digest = f"COALESCE(NULLIF(digest, ''), {empty})" if "digest" in sql else empty
    return f"rows, row, session_id, hand_no, hash, at, key_id, signature, {digest}"


def latest_head(db: sqlite3.Connection, record_id: str) -> Head | None:
    columns = head_columns(db)
    if columns is None:
        return None
    row = db.execute(f"SELECT {columns} FROM heads ORDER BY id DESC LIMIT 1").fetchone()
    return Head(record_id, *row) if row is not None else None


def iter_heads(db: sqlite3.Connection, record_id: str) -> Iterator[tuple[int, Head]]:
    """(head id, head) in the order they were written."""
    columns = head_columns(db)
    if columns is None:
        return
    for hid, *fields in db.execute(f"SELECT id, {columns} FROM heads ORDER BY id"):
        yield hid, Head(record_id, *fields)


def digest_after(db: sqlite3.Connection, record_id: str, prev: str, after: int, upto: int) -> str:
    """The digest chain (``chain.row_digest``) from ``prev`` (the digest at row ``after``) over
    the log's rows after it up to ``upto``: a commit's few rows, read by the primary key."""
    for rid, sid, seq, hand, kind, payload, at in db.execute(
        "SELECT id, session_id, seq, hand_no, kind, payload, at FROM log WHERE id > ? AND id <= ? ORDER BY id",
        (after, upto),
    ):
        prev = row_digest(record_id, prev, rid, sid, seq, hand, kind, payload, at)
    return prev


def next_head(
    db: sqlite3.Connection, signer: Signer, record_id: str, inserted: int, last: tuple[int, int, int, str], at: str
) -> Head:
    """Sign and insert the head after a commit that inserted ``inserted`` rows, the last one
    ``last`` = (row id, table session, hand, hash). The first head counts the rows present.
    Its digest goes on from the latest head's over the rows just inserted; from the first row
    only when no head has one yet (the first head, or the first of a record signed before the
    digest existed): once per record, not per keystroke."""
    before = latest_head(db, record_id)
    rows = (
        before.rows + inserted
        if before is not None
        else int(db.execute("SELECT COUNT(*) FROM log").fetchone()[0])  # (the first head only)
    )
    row, session, hand, chained = last
    if before is not None and before.digest:
        digest = digest_after(db, record_id, before.digest, before.row, row)
    else:
        digest = digest_after(db, record_id, "", 0, row)
    head = Head(
        record_id, rows, row, session, hand, chained, at, public_key_id(signer.public_key), digest=digest
    ).signed(signer)
    db.execute(
        "INSERT INTO heads(rows, row, session_id, hand_no, hash, at, key_id, signature, digest) "
        "VALUES (?,?,?,?,?,?,?,?,?)",
        (head.rows, head.row, head.session, head.hand, head.hash, head.at, head.key_id, head.signature, head.digest),
    )
    return head


# --- the anchors file's heads -----------------------------------------------------------------
@dataclass
class AnchoredHeads:
    """What the anchors file says of one record's heads, read line by line (memory: three heads)."""

    count: int = 0
    within: Head | None = None  # the last head whose row the record still has
    first_beyond: Head | None = None  # the first and last heads past the record's last row
    last_beyond: Head | None = None
    other_key: Head | None = None  # the first head signed by another key than the record's


def read_anchored_heads(path: Path, record_id: str, last_row: int, key_id: str) -> AnchoredHeads:
    """This record's head lines in the anchors file (``chain.read_anchors_file`` names the lines
    that are no anchor line; here they are skipped)."""
    from dealer_app.engine.bounded import open_regular
    from dealer_app.record.chain import _bounded_lines

    found = AnchoredHeads()
    try:
        with open_regular(path) as f:
            for _n, line in _bounded_lines(f):
                if not line or f"record={record_id} " not in line:
                    continue
                at, _, rest = line.partition(" ")
                words = rest.split()
                if not words or words[0] != "head":
                    continue
                try:
                    head = Head.from_fields(at, dict(w.partition("=")[::2] for w in words[1:]))
                except (KeyError, ValueError):
                    continue
                found.count += 1
                if head.key_id != key_id and found.other_key is None:
                    found.other_key = head
                if head.row <= last_row:
                    found.within = head
                else:
                    if found.first_beyond is None:
                        found.first_beyond = head
                    if found.last_beyond is None or head.rows >= found.last_beyond.rows:
                        found.last_beyond = head
    except OSError:
        pass  # (the anchors reader says why the file cannot be read)
    return found


def first_anchored_mismatch(store: Store, path: Path, last_row: int) -> Head | None:
    """The first head of the anchors file whose row now holds another hash (a second pass,
    only when the last one disagrees: it names where the rewrite begins)."""
    from dealer_app.engine.bounded import open_regular
    from dealer_app.record.chain import _bounded_lines

    try:
        with open_regular(path) as f:
            for _n, line in _bounded_lines(f):
                if not line or f"record={store.record_id} " not in line or " head " not in f" {line} ":
                    continue
                at, _, rest = line.partition(" ")
                try:
                    head = Head.from_fields(at, dict(w.partition("=")[::2] for w in rest.split()[1:]))
                except (KeyError, ValueError):
                    continue
                if head.row <= last_row and _row_hash(store.db, head.row) != head.hash:
                    return head
    except OSError:
        return None
    return None


def _row_hash(db: sqlite3.Connection, row: int) -> str | None:
    found = db.execute("SELECT hash FROM log WHERE id = ?", (row,)).fetchone()
    return found[0] if found is not None and isinstance(found[0], str) else None


# --- the check ----------------------------------------------------------------------------------
def check_heads(store: Store, anchors: Path | None, every_signature: bool) -> list[Problem]:
    """Every problem with the record's signed heads (see the module's docstring)."""

    where, meta, db = str(store.path), store.meta, store.db
    public = meta.get(PUBLIC_KEY, "")
    rows, last_row = db.execute("SELECT COUNT(*), COALESCE(MAX(id), 0) FROM log").fetchone()
    problems: list[Problem] = []
    anchored = (
        read_anchored_heads(anchors, store.record_id, last_row, meta.get(SIGNING_KEY_ID, ""))
        if anchors is not None
        else AnchoredHeads()
    )
    if not public:
        if anchored.count:  # an older record never had heads in the anchors file
            problems.append(
                Problem(
                    "heads",
                    f"{where}: the anchors file holds {anchored.count} signed head(s) of this record, which "
                    f"names no signing key: its signing was removed from the record",
                    None,
                    None,
                    None,
                    ((0, None),),
                )
            )
        return problems
    if public_key_id(public) != meta.get(SIGNING_KEY_ID):
        problems.append(Problem("meta", f"{where}: the record's public key does not match its key id"))
    latest = None
    if every_signature:
        for _hid, head in iter_heads(db, store.record_id):
            if not head.holds(public):
                problems.append(_forged(where, head, "in the record"))
            elif _row_hash(db, head.row) not in (head.hash, None):
                problems.append(_rewritten(where, head, "in the record"))
            latest = head
        problems += check_digests(store, public)
    else:
        latest = latest_head(db, store.record_id)
    if latest is None:
        if rows:
            problems.append(
                Problem(
                    "heads",
                    f"{where}: the record is signed but holds no signed head for its {rows} rows: its heads "
                    f"were deleted",
                    None,
                    None,
                    None,
                    ((0, None),),
                )
            )
    else:
        problems += _latest(store, latest, public, rows, last_row, every_signature)
    problems += _against_anchors(store, anchors, anchored, public, rows, last_row)
    return problems


def check_digests(store: Store, public: str) -> list[Problem]:
    """The keyless digest chain recomputed over the log, one pass, compared at each signed head
    that names one (its signature holding: a forged head is said by the caller). The first head
    it misses names where a row was changed, inserted or deleted (after the last head it met)."""
    where, db = str(store.path), store.db
    heads = (h for _hid, h in iter_heads(db, store.record_id) if h.digest and h.holds(public))
    head = next(heads, None)
    digest, good = "", None
    if head is None:
        return []
    rows = db.execute("SELECT id, session_id, seq, hand_no, kind, payload, at FROM log ORDER BY id")
    for rid, sid, seq, hand, kind, payload, at in rows:
        if head is not None and head.row < rid:  # (its row is gone: the digest met no row there)
            return [_digest_missed(where, head, good)]
        digest = row_digest(store.record_id, digest, rid, sid, seq, hand, kind, payload, at)
        while head is not None and head.row == rid:
            if head.digest != digest:
                return [_digest_missed(where, head, good)]
            good, head = head, next(heads, None)
    return [] if head is None else [_digest_missed(where, head, good)]


def _digest_missed(where: str, head: Head, good: Head | None) -> Problem:
    since = f"after {good.where}, which still matches" if good is not None else "from the first row on"
    return Problem(
        "edited",
        f"{where}: the rows up to {head.where} no longer give the digest the table signed at {head.at}: "
        f"a row {since} was changed, inserted or deleted",
        head.row,
        head.session,
        head.hand,
    )


def _forged(where: str, head: Head, place: str) -> Problem:

    return Problem(
        "heads",
        f"{where}: the signed head {place} for {head.where}, {head.at}, is not signed by this table's key: "
        f"it was forged or edited",
        head.row,
        head.session,
        head.hand,
    )


def _rewritten(where: str, head: Head, place: str) -> Problem:

    return Problem(
        "edited",
        f"{where}: {head.where} is not the row this table signed at {head.at} (signed head {place}): "
        f"the record was rewritten at or before it",
        head.row,
        head.session,
        head.hand,
    )


def _latest(store: Store, latest: Head, public: str, rows: int, last_row: int, signatures_done: bool) -> list[Problem]:
    """The latest head covers exactly the rows present."""

    where, db = str(store.path), store.db
    problems: list[Problem] = []
    if not signatures_done and not latest.holds(public):
        return [_forged(where, latest, "in the record (its latest)")]
    if latest.rows > rows or latest.row > last_row:
        problems.append(
            Problem(
                "tail",
                f"{where}: rows cut: the record's last signed head ({latest.at}) covers {latest.rows} rows up to "
                f"{latest.where}; the record holds {rows}: {latest.rows - rows} row(s) were deleted",
                latest.row,
                latest.session,
                latest.hand,
            )
        )
    elif latest.row < last_row:
        first = db.execute(
            "SELECT id, session_id, hand_no FROM log WHERE id > ? ORDER BY id LIMIT 1", (latest.row,)
        ).fetchone()
        problems.append(
            Problem(
                "unsigned",
                f"{where}: log rows {latest.row + 1}–{last_row} (from table session {first[1]}, hand {first[2]}) "
                f"come after the last signed head ({latest.at}): they were added without the table's signature",
                first[0],
                first[1],
                first[2],
            )
        )
    elif _row_hash(db, latest.row) != latest.hash:
        problems.append(_rewritten(where, latest, "in the record (its latest)"))
    elif latest.rows != rows:
        problems.append(
            Problem(
                "missing",
                f"{where}: the record's last signed head ({latest.at}) covers {latest.rows} rows up to "
                f"{latest.where}, and the record holds {rows}: rows were deleted from its middle or added",
                latest.row,
                latest.session,
                latest.hand,
                ((0, None),),
            )
        )
    return problems


def _against_anchors(
    store: Store, anchors: Path | None, found: AnchoredHeads, public: str, rows: int, last_row: int
) -> list[Problem]:

    where = str(store.path)
    problems: list[Problem] = []
    if anchors is None:
        return problems
    if found.other_key is not None:
        o = found.other_key
        problems.append(
            Problem(
                "heads",
                f"{where}: the anchors file's head for {o.where} ({o.at}) was signed by another key "
                f"({o.key_id}) than the record's ({store.meta.get(SIGNING_KEY_ID)}): the table's signing key "
                f"was replaced, or the line forged",
                o.row,
                o.session,
                o.hand,
                ((0, None),),
            )
        )
    beyond = found.last_beyond
    if beyond is not None and beyond.holds(public):
        first = found.first_beyond or beyond
        problems.append(
            Problem(
                "tail",
                f"{where}: rows cut: the anchors file's signed head ({beyond.at}) covers {beyond.rows} rows up to "
                f"{beyond.where}; the record holds {rows} (its last row {last_row}): "
                f"{max(beyond.rows - rows, beyond.row - last_row)} row(s) are gone, from table session "
                f"{first.session}, hand {first.hand} on (the record cut back, or replaced by an older copy)",
                first.row,
                first.session,
                first.hand,
                ((first.session, first.hand), (beyond.session, beyond.hand)),
            )
        )
    elif beyond is not None and found.other_key is None:
        problems.append(_forged(where, beyond, "in the anchors file"))
    within = found.within
    if within is not None and _row_hash(store.db, within.row) not in (within.hash, None):
        if not within.holds(public):
            problems.append(_forged(where, within, "in the anchors file"))
        else:
            first = first_anchored_mismatch(store, anchors, last_row) or within
            problems.append(_rewritten(where, first, "in the anchors file"))
    return problems
