"""The hand record: an append-only SQLite log, written before the screen shows anything.

Every table opened, seat change, card, action, undo/redo, engine event (with its rule IDs) and
result is one row with its time. Rows are hash-chained (each row's SHA-256 covers the previous
row's hash), so the floor can tell if the record was edited afterwards.
"""

from __future__ import annotations

import hashlib
import json
import os
import sqlite3
from datetime import datetime, timezone
from pathlib import Path

SCHEMA = """
CREATE TABLE IF NOT EXISTS sessions (
    id INTEGER PRIMARY KEY,
    table_name TEXT NOT NULL,
    profile TEXT NOT NULL,
    opened_at TEXT NOT NULL,
    closed_at TEXT
);
CREATE TABLE IF NOT EXISTS log (
    id INTEGER PRIMARY KEY,
    session_id INTEGER NOT NULL REFERENCES sessions(id),
    hand_no INTEGER NOT NULL,
    kind TEXT NOT NULL,
    payload TEXT NOT NULL,
    at TEXT NOT NULL,
    hash TEXT NOT NULL
);
CREATE INDEX IF NOT EXISTS log_session ON log(session_id, id);
"""


def default_data_dir() -> Path:
    env = os.environ.get("DEALER_APP_DATA")
    if env:
        return Path(env)
    base = os.environ.get("XDG_DATA_HOME") or str(Path.home() / ".local" / "share")
    return Path(base) / "dealer-app"


def _now() -> str:
    return datetime.now(timezone.utc).isoformat(timespec="milliseconds")


class StoreError(RuntimeError):
    pass


class Store:
    def __init__(self, path: Path | str | None = None):
        path = Path(path) if path else default_data_dir() / "hands.sqlite3"
        path.parent.mkdir(parents=True, exist_ok=True)
        self.path = path
        try:
            self.db = sqlite3.connect(str(path), isolation_level=None)
            self.db.execute("PRAGMA journal_mode=WAL")
            self.db.execute("PRAGMA synchronous=FULL")  # a committed action survives a power cut
            self.db.executescript(SCHEMA)
        except sqlite3.DatabaseError as exc:
            raise StoreError(f"{path}: not a readable hand record ({exc})") from None

    def open_session(self, table: str, profile: str) -> int:
        cur = self.db.execute("INSERT INTO sessions(table_name, profile, opened_at) VALUES (?, ?, ?)",
                              (table, profile, _now()))
        return cur.lastrowid

    def close_session(self, session_id: int):
        self.db.execute("UPDATE sessions SET closed_at = ? WHERE id = ?", (_now(), session_id))

    def _last_hash(self) -> str:
        row = self.db.execute("SELECT hash FROM log ORDER BY id DESC LIMIT 1").fetchone()
        return row[0] if row else ""

    def append(self, session_id: int, hand_no: int, rows: list[tuple[str, dict]]):
        """Write rows in one transaction; returns once they are on disk."""
        if not rows:
            return
        at = _now()
        self.db.execute("BEGIN IMMEDIATE")
        try:
            prev = self._last_hash()
            for kind, payload in rows:
                text = json.dumps(payload, sort_keys=True, ensure_ascii=False)
                digest = hashlib.sha256(f"{prev}|{session_id}|{hand_no}|{kind}|{text}|{at}".encode()).hexdigest()
                self.db.execute("INSERT INTO log(session_id, hand_no, kind, payload, at, hash) VALUES (?,?,?,?,?,?)",
                                (session_id, hand_no, kind, text, at, digest))
                prev = digest
            self.db.execute("COMMIT")
        except BaseException:
            self.db.execute("ROLLBACK")
            raise

    def open_sessions(self) -> list[tuple[int, str, str, str]]:
        return self.db.execute("SELECT id, table_name, profile, opened_at FROM sessions WHERE closed_at IS NULL "
                               "ORDER BY id DESC").fetchall()

    def session_log(self, session_id: int) -> list[tuple[int, str, dict, str]]:
        rows = self.db.execute("SELECT hand_no, kind, payload, at FROM log WHERE session_id = ? ORDER BY id",
                               (session_id,)).fetchall()
        return [(h, k, json.loads(p), at) for h, k, p, at in rows]

    def verify(self) -> list[str]:
        """Recompute the hash chain; returns the rows that do not match (tamper evidence)."""
        problems, prev = [], ""
        for rid, sid, hand_no, kind, text, at, digest in self.db.execute(
                "SELECT id, session_id, hand_no, kind, payload, at, hash FROM log ORDER BY id"):
            want = hashlib.sha256(f"{prev}|{sid}|{hand_no}|{kind}|{text}|{at}".encode()).hexdigest()
            if want != digest:
                problems.append(f"{self.path}: log row {rid} ({kind}) does not match its hash")
            prev = digest
        return problems

    def close(self):
        self.db.close()
