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

- 3: the trainer's tables (trainees, their answers with the drill's seed, FSRS cards).
- 4: what rebuilds an answer's drill and what the trainee answered (the review of each answer).
- 5: the exam tables (instructors, blueprints, results, the sealed counts); exam tables of before
  the steps were numbered get the columns added since.
- 6: the signed heads (``heads``: each commit's row count and last hash, signed with the table's
  Ed25519 key). The table only: an older record's rows keep their keyed chain, and the record
  moves to signed heads at its next write (``Store``, recorded as a ``signing_started`` row).
- 7: each head's keyless digest (``heads.digest``: ``chain.row_digest``, a SHA-256 chain over the
  rows the keyed chain covers), so a reader checks rows with the public key alone. Heads signed
  before have none and keep verifying as they were signed; the next commit's head walks the log
  from its start once and carries the digest from then on.

One sequence, one ``schema_version`` table, but each step belongs to a ``Part`` of the file and a
part's steps are taken by whoever opens that part: ``Store`` the record's, the trainer
(``training.progress.Progress``) its tables', the exam book its own. A record used only at the
table is never given empty training tables, and the exam book still knows when it made its tables
(it seals their first counts with the record's key, which the record's own steps never see). A
file made before the steps were kept is at the steps its tables show (``taken``): the log's
columns, the trainer's old ``training_schema`` rows (its version N is step N + 2).

The training tables' SQL is here rather than in ``training/`` (the record must not import the
trainer): a registry the trainer filled at import would number a file's steps by what happened to
be imported; written here, the whole file's sequence reads in one place.
"""

from __future__ import annotations

import json
import secrets
from dataclasses import dataclass
from datetime import UTC, datetime
from enum import Enum
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
# step 6: every commit's head (rows, last row, its hash), signed with the table's own key
# (record/signing.py). AUTOINCREMENT as the log's: a head id is never used twice.
HEADS = """
CREATE TABLE IF NOT EXISTS heads (
    id INTEGER PRIMARY KEY AUTOINCREMENT,
    rows INTEGER NOT NULL,
    row INTEGER NOT NULL,
    session_id INTEGER NOT NULL,
    hand_no INTEGER NOT NULL,
    hash TEXT NOT NULL,
    at TEXT NOT NULL,
    key_id TEXT NOT NULL,
    signature TEXT NOT NULL
);
"""
# step 7: each head's keyless digest (``chain.row_digest`` at its row), so a reader checks the
# rows with the public key alone. A head signed before it has none (NULL) and keeps its message.
HEAD_DIGEST = "ALTER TABLE heads ADD COLUMN digest TEXT"
# (a new record is made with both at once)
SCHEMA += HEADS.replace("    signature TEXT NOT NULL\n", "    signature TEXT NOT NULL,\n    digest TEXT\n")

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

TRAINER_TABLES = """
CREATE TABLE IF NOT EXISTS training_trainees (
    id INTEGER PRIMARY KEY AUTOINCREMENT,
    name TEXT NOT NULL UNIQUE,
    created_at TEXT NOT NULL
);
CREATE TABLE IF NOT EXISTS training_attempts (
    id INTEGER PRIMARY KEY AUTOINCREMENT,
    trainee_id INTEGER NOT NULL REFERENCES training_trainees(id),
    skill TEXT NOT NULL,
    mode TEXT NOT NULL,
    right INTEGER NOT NULL,
    seconds REAL NOT NULL,
    seed INTEGER,
    at TEXT NOT NULL
);
CREATE INDEX IF NOT EXISTS training_attempts_trainee ON training_attempts(trainee_id, skill, at);
CREATE TABLE IF NOT EXISTS training_cards (
    trainee_id INTEGER NOT NULL REFERENCES training_trainees(id),
    skill TEXT NOT NULL,
    card TEXT NOT NULL,
    PRIMARY KEY (trainee_id, skill)
);
"""

ANSWER_REVIEW = """
ALTER TABLE training_attempts ADD COLUMN given TEXT;
ALTER TABLE training_attempts ADD COLUMN table_arg TEXT;
ALTER TABLE training_attempts ADD COLUMN profile_arg TEXT;
ALTER TABLE training_attempts ADD COLUMN drill_table TEXT;
ALTER TABLE training_attempts ADD COLUMN digest TEXT;
"""

EXAM_TABLES = """
CREATE TABLE IF NOT EXISTS training_instructors (
    name TEXT PRIMARY KEY,
    pin TEXT NOT NULL,
    created_at TEXT NOT NULL,
    seal TEXT NOT NULL,
    failures INTEGER NOT NULL DEFAULT 0,
    locked_until TEXT,
    number INTEGER NOT NULL DEFAULT 0,
    lock_seal TEXT NOT NULL DEFAULT ''
);
CREATE TABLE IF NOT EXISTS training_blueprints (
    id TEXT PRIMARY KEY,
    name TEXT NOT NULL,
    spec TEXT NOT NULL,
    instructor TEXT NOT NULL,
    locked_at TEXT NOT NULL,
    seal TEXT NOT NULL,
    instructor_seal TEXT NOT NULL DEFAULT '',
    instructor_at TEXT NOT NULL DEFAULT ''
);
CREATE TABLE IF NOT EXISTS training_exam_results (
    id TEXT PRIMARY KEY,
    trainee_id INTEGER,
    trainee TEXT NOT NULL,
    blueprint_id TEXT NOT NULL,
    blueprint_seal TEXT NOT NULL,
    blueprint_name TEXT NOT NULL,
    instructor TEXT NOT NULL,
    seed INTEGER NOT NULL,
    started_at TEXT NOT NULL,
    finished_at TEXT NOT NULL,
    seconds INTEGER NOT NULL,
    time_limit_s INTEGER NOT NULL,
    timed_out INTEGER NOT NULL,
    right INTEGER NOT NULL,
    asked INTEGER NOT NULL,
    pass_mark INTEGER NOT NULL,
    passed INTEGER NOT NULL,
    skills TEXT NOT NULL,
    tables TEXT NOT NULL,
    seal TEXT NOT NULL,
    field_seals TEXT NOT NULL,
    serial INTEGER NOT NULL DEFAULT 0,
    seed_mac TEXT NOT NULL DEFAULT ''
);
CREATE TABLE IF NOT EXISTS training_exam_marks (
    name TEXT PRIMARY KEY,
    value INTEGER NOT NULL,
    seal TEXT NOT NULL
);
"""
# the exam tables' columns added before the steps were numbered (given to older exam tables)
EXAM_COLUMNS_ADDED = {
    "training_instructors": (("number", "INTEGER NOT NULL DEFAULT 0"), ("lock_seal", "TEXT NOT NULL DEFAULT ''")),
    "training_blueprints": (
        ("instructor_seal", "TEXT NOT NULL DEFAULT ''"),
        ("instructor_at", "TEXT NOT NULL DEFAULT ''"),
    ),
    "training_exam_results": (("serial", "INTEGER NOT NULL DEFAULT 0"), ("seed_mac", "TEXT NOT NULL DEFAULT ''")),
}


class Part(Enum):
    """The tables of the file a step belongs to, and who takes it."""

    RECORD = "record"  # the hand record: Store
    TRAINER = "trainer"  # trainees, answers, cards: training.progress.Progress
    EXAMS = "exams"  # instructors, blueprints, results: training.exam.ExamBook


class Format1Broken(ValueError):
    """A version-1 record whose row ``row`` no longer matches its old hash: never re-chained."""

    def __init__(self, row: int):
        super().__init__(f"row {row} no longer matches its hash")
        self.row = row


@dataclass(frozen=True)
class Migration:
    """One step: ``sql`` run in one transaction with its ``schema_version`` row, or ``code``
    (given the connection and the record's key) that keeps its own transaction."""

    version: int
    name: str
    part: Part
    sql: str = ""
    code: Callable[[sqlite3.Connection, bytes], None] | None = None


def _now() -> str:
    return datetime.now(UTC).isoformat(timespec="milliseconds")


def _columns(db: sqlite3.Connection, table: str) -> list[str]:
    return [r[1] for r in db.execute(f"PRAGMA table_info({table})")]


def _tables(db: sqlite3.Connection) -> set[str]:
    return {str(r[0]) for r in db.execute("SELECT name FROM sqlite_master WHERE type = 'table'")}


def taken(db: sqlite3.Connection) -> set[int]:
    """The steps a file has taken: those its ``schema_version`` keeps, and, for a file made before
    they were kept, those its tables show."""
    tables = _tables(db)
    steps: set[int] = set()
    if "schema_version" in tables:
        steps |= {int(v) for (v,) in db.execute("SELECT version FROM schema_version")}
    log = _columns(db, "log")
    steps |= {1} if log == LEGACY_LOG_COLUMNS else {1, 2} if log == LOG_COLUMNS else set()
    if "training_schema" in tables:  # (the trainer's own numbering, before: its version N is step N + 2)
        steps |= {int(v) + 2 for (v,) in db.execute("SELECT version FROM training_schema")}
    elif "training_attempts" in tables:  # (the trainer's tables of before its versions: its version 1)
        steps.add(3)
    return steps


def version_of(db: sqlite3.Connection, part: Part = Part.RECORD) -> int:
    """The last step of ``part`` the file has taken (0: it has none of that part's tables yet)."""
    return max((m.version for m in MIGRATIONS if m.part is part and m.version in taken(db)), default=0)


def migrate(db: sqlite3.Connection, key: bytes, part: Part = Part.RECORD) -> list[int]:
    """Bring ``part`` of the file to the latest version, step by step; returns the steps taken.
    A new record is made at the latest version at once (no step is taken for it); the training
    parts are made by taking their steps from the first."""
    steps = [m for m in MIGRATIONS if m.part is part]
    have = taken(db)
    fresh_record = part is Part.RECORD and not have & {m.version for m in steps}
    done = []
    for step in steps:
        if step.version in have or fresh_record:
            continue
        if step.code is not None:
            step.code(db, key)
            done.append(step.version)
        else:
            name = step.name.replace("'", "''")
            db.executescript(
                f"BEGIN; {VERSIONS} {step.sql}; INSERT INTO schema_version(version, name, at) "
                f"VALUES ({step.version}, '{name}', '{_now()}'); COMMIT;"
            )
            have.add(step.version)
            done.append(step.version)
    if part is Part.RECORD:
        db.executescript(SCHEMA)
    db.executescript(VERSIONS)
    recorded = {int(v) for (v,) in db.execute("SELECT version FROM schema_version")}
    with db:  # (a step of before the versions were kept, or of a part made at its latest version)
        db.executemany(
            "INSERT INTO schema_version(version, name, at) VALUES (?, ?, ?)",
            [(m.version, m.name, _now()) for m in steps if m.version not in recorded],
        )
    return done


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


def _head_digest(db: sqlite3.Connection, key: bytes) -> None:
    """The digest column, unless the heads table was made with it (a format-1 record re-chained by
    step 2 today gets today's schema)."""
    columns = _columns(db, "heads")
    db.executescript(
        f"BEGIN; {VERSIONS} {'' if 'digest' in columns else HEAD_DIGEST + ';'} INSERT INTO schema_version(version, "
        f"name, at) VALUES (7, 'the heads'' keyless digest', '{_now()}'); COMMIT;"
    )


def _unkeyed_log(db: sqlite3.Connection, key: bytes) -> None:
    raise AssertionError("a record is never made at version 1")


def _exam_tables(db: sqlite3.Connection, key: bytes) -> None:
    """The exam tables, and the columns added since to exam tables made before this step (the
    columns to add depend on the file: hence code, in one transaction with its version row)."""
    added = []
    for table, columns in EXAM_COLUMNS_ADDED.items():
        have = set(_columns(db, table))
        if have:  # (tables made now have them all)
            added += [
                f"ALTER TABLE {table} ADD COLUMN {column} {kind};" for column, kind in columns if column not in have
            ]
    db.executescript(
        f"BEGIN; {VERSIONS} {EXAM_TABLES} {' '.join(added)} INSERT INTO schema_version(version, name, at) "
        f"VALUES (5, 'the exam tables', '{_now()}'); COMMIT;"
    )


MIGRATIONS = [
    Migration(1, "the unkeyed log", Part.RECORD, code=_unkeyed_log),
    Migration(2, "the keyed chain", Part.RECORD, code=_keyed_chain),
    Migration(3, "the trainer's tables", Part.TRAINER, sql=TRAINER_TABLES),
    Migration(4, "the review of each answer", Part.TRAINER, sql=ANSWER_REVIEW),
    Migration(5, "the exam tables", Part.EXAMS, code=_exam_tables),
    Migration(6, "the signed heads", Part.RECORD, sql=HEADS),
    Migration(7, "the heads' keyless digest", Part.RECORD, code=_head_digest),
]
LATEST = MIGRATIONS[-1].version
