"""The record's schema, by number: each step a record's file takes from one version to the next.

As the card room's server has (``room/migrations``), but for the SQLite record, whose steps
are code: a step may re-chain rows with the record's key. The version a file is at is kept in
its ``schema_version`` table (one row per step applied); a file made before that table is at
the version its columns say (format 1: the unkeyed chain; format 2: the keyed chain). A new
record is made at the latest version at once.

- 1: the unkeyed log (SHA-256 chain, no sequence numbers): what the first records were made with;
  no record is made so any more.
- 2: the keyed chain (``chain.row_hash``, each table's rows numbered ``seq``): a version-1 record is
  re-chained with the key in one transaction, each table's old times kept in a
  ``record_upgraded`` row, after its old chain was checked (``Store`` checks it before opening).

The training tables live in the same file under their own numbered steps
(``training/progress.py``, ``training_schema``).
"""

from __future__ import annotations

import json
import secrets
from dataclasses import dataclass
from datetime import UTC, datetime
from typing import TYPE_CHECKING

from dealer_app.record.chain import key_id, legacy_row_hash, meta_mac, row_hash
from dealer_app.record.rows import RecordUpgradedRow

if TYPE_CHECKING:
    import sqlite3
    from collections.abc import Callable

SCHEMA = """
CREATE TABLE IF NOT EXISTS meta (
    name TEXT PRIMARY KEY,
    value TEXT NOT NULL
);
CREATE TABLE IF NOT EXISTS sessions (
    id INTEGER PRIMARY KEY AUTOINCREMENT,
    table_name TEXT NOT NULL,
    profile TEXT NOT NULL,
    opened_at TEXT NOT NULL,
    closed_at TEXT
);
CREATE TABLE IF NOT EXISTS log (
    id INTEGER PRIMARY KEY AUTOINCREMENT,
    session_id INTEGER NOT NULL REFERENCES sessions(id),
    seq INTEGER NOT NULL,
    hand_no INTEGER NOT NULL,
    kind TEXT NOT NULL,
    payload TEXT NOT NULL,
    at TEXT NOT NULL,
    hash TEXT NOT NULL,
    UNIQUE (session_id, seq)
);
CREATE INDEX IF NOT EXISTS log_session ON log(session_id, id);
CREATE INDEX IF NOT EXISTS log_kind ON log(kind, session_id, hand_no);
CREATE INDEX IF NOT EXISTS log_hand ON log(session_id, hand_no, id);
"""

SESSION_COLUMNS = ["id", "table_name", "profile", "opened_at", "closed_at"]
# AUTOINCREMENT: a row id is never used twice, even after the last rows were deleted, so a
# deleted tail shows in sqlite_sequence; seq numbers each table's rows 1, 2, 3 … with no gap.
LOG_COLUMNS = ["id", "session_id", "seq", "hand_no", "kind", "payload", "at", "hash"]
LEGACY_LOG_COLUMNS = ["id", "session_id", "hand_no", "kind", "payload", "at", "hash"]
FORMAT = 2  # the latest version (the record's meta calls it its format)

VERSIONS = """
CREATE TABLE IF NOT EXISTS schema_version (
    version INTEGER PRIMARY KEY,
    name TEXT NOT NULL,
    at TEXT NOT NULL
);
"""


class Format1Broken(ValueError):
    """A version-1 record whose row ``row`` no longer matches its old hash: never re-chained."""

    def __init__(self, row: int):
        super().__init__(f"row {row} no longer matches its hash")
        self.row = row


@dataclass(frozen=True)
class Migration:
    version: int
    name: str
    apply: Callable[[sqlite3.Connection, bytes], None]  # (the connection, the record's key)


def _now() -> str:
    return datetime.now(UTC).isoformat(timespec="milliseconds")


def _columns(db: sqlite3.Connection, table: str) -> list[str]:
    return [r[1] for r in db.execute(f"PRAGMA table_info({table})")]


def version_of(db: sqlite3.Connection) -> int:
    """The version a record's file is at (0: no record in it yet)."""
    tables = {r[0] for r in db.execute("SELECT name FROM sqlite_master WHERE type = 'table'")}
    if "schema_version" in tables:
        found = db.execute("SELECT MAX(version) FROM schema_version").fetchone()[0]
        if found:
            return int(found)
    log = _columns(db, "log")
    return 1 if log == LEGACY_LOG_COLUMNS else FORMAT if log == LOG_COLUMNS else 0


def migrate(db: sqlite3.Connection, key: bytes) -> list[int]:
    """Bring the record to the latest version, step by step; returns the steps taken. A new
    record is made at the latest version (no step is taken for it)."""
    have = version_of(db)
    taken = []
    for step in MIGRATIONS:
        if have and step.version > have:
            step.apply(db, key)
            taken.append(step.version)
    db.executescript(SCHEMA + VERSIONS)
    recorded = {v for (v,) in db.execute("SELECT version FROM schema_version")}
    for step in MIGRATIONS:
        if step.version not in recorded:
            # (a step of before the versions were kept, or of a record made at the latest one)
            db.execute(
                "INSERT INTO schema_version(version, name, at) VALUES (?, ?, ?)", (step.version, step.name, _now())
            )
    return taken


def format1_head(db: sqlite3.Connection) -> str:
    """The old chain's head, or Format1Broken naming the first row that breaks it."""
    prev = ""
    for rid, sid, hand_no, kind, text, at, digest in db.execute(
        "SELECT id, session_id, hand_no, kind, payload, at, hash FROM log ORDER BY id"
    ):
        if legacy_row_hash(prev, sid, hand_no, kind, text, at) != digest:
            raise Format1Broken(rid)
        prev = digest
    return prev


def _keyed_chain(db: sqlite3.Connection, key: bytes) -> None:
    """A format-1 record (plain SHA-256 chain) becomes a keyed one, in one transaction.

    Its old chain is checked first: a record whose rows no longer match their old hashes is
    never re-chained (that would launder the change); it is refused, left as it was, and the
    app goes on in a fresh record beside it. The old chain's head is kept in ``meta``."""
    prev = format1_head(db)
    record_id = secrets.token_hex(8)
    db.execute("BEGIN IMMEDIATE")
    try:
        db.execute("ALTER TABLE log RENAME TO log_format1")
        db.execute("ALTER TABLE sessions RENAME TO sessions_format1")
        db.execute("DROP INDEX IF EXISTS log_session")
        for statement in SCHEMA.split(";"):
            if statement.strip():
                db.execute(statement)
        db.execute("INSERT INTO sessions SELECT id, table_name, profile, opened_at, closed_at FROM sessions_format1")
        meta = {
            "record_id": record_id,
            "format": str(FORMAT),
            "key_id": key_id(key),
            "upgraded_from": "1",
            "format1_head": prev,
        }
        meta["meta_mac"] = meta_mac(key, meta)
        db.executemany("INSERT INTO meta(name, value) VALUES (?, ?)", meta.items())
        chain, row_id = "", 0
        seqs: dict[int, int] = {}
        old = db.execute("SELECT session_id, hand_no, kind, payload, at FROM log_format1 ORDER BY id").fetchall()
        # each table's times as the old sessions table had them, kept in the chain: the new
        # check compares a session's times with its rows, which the old format did not do
        ended = {
            sid: (opened, closed)
            for sid, opened, closed in db.execute("SELECT id, opened_at, closed_at FROM sessions_format1")
        }
        last_hand = {sid: hand for sid, hand, *_ in old}
        upgrade_at = _now()
        marks = [
            (
                sid,
                last_hand.get(sid, 0),
                RecordUpgradedRow.kind,
                json.dumps(RecordUpgradedRow(opened, closed, prev).to_dict(), sort_keys=True),
                upgrade_at,
            )
            for sid, (opened, closed) in sorted(ended.items())
        ]
        for sid, hand_no, kind, text, at in old + marks:
            row_id, seqs[sid] = row_id + 1, seqs.get(sid, 0) + 1
            chain = row_hash(key, record_id, chain, row_id, sid, seqs[sid], hand_no, kind, text, at)
            db.execute(
                "INSERT INTO log(id, session_id, seq, hand_no, kind, payload, at, hash) VALUES (?,?,?,?,?,?,?,?)",
                (row_id, sid, seqs[sid], hand_no, kind, text, at, chain),
            )
        db.execute("DROP TABLE log_format1")
        db.execute("DROP TABLE sessions_format1")
        db.execute("COMMIT")
    except BaseException:
        if db.in_transaction:
            db.execute("ROLLBACK")
        raise


def _unkeyed_log(db: sqlite3.Connection, key: bytes) -> None:
    raise AssertionError("a record is never made at version 1")


MIGRATIONS = [
    Migration(1, "the unkeyed log", _unkeyed_log),
    Migration(2, "the keyed chain", _keyed_chain),
]
