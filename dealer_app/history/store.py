"""The hand record: an append-only SQLite log, written before the screen shows anything.

Every table opened, seat change, card, action, undo/redo, engine event (with its rule IDs) and
result is one row with its time. Rows are hash-chained (each row's SHA-256 covers the previous
row's hash), so the floor can tell if the record was edited afterwards.

A write either commits every row it was given or none, and a failed write raises
``RecordError`` with the reason in words (disk full, read-only, locked): the caller applies
an input only after its rows are committed.
"""

from __future__ import annotations

import errno
import fcntl
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

RECORD_NAME = "hands.sqlite3"
# (record path, session id) -> [lock file descriptor, holders in this process]
_HELD_LOCKS: dict[tuple[str, int], list[int]] = {}
# how long a write waits for another process (a second window, the export tool) to finish
BUSY_TIMEOUT_MS = 3000


def default_data_dir() -> Path:
    env = os.environ.get("DEALER_APP_DATA")
    if env:
        return Path(env)
    base = os.environ.get("XDG_DATA_HOME") or str(Path.home() / ".local" / "share")
    return Path(base) / "dealer-app"


def _now() -> str:
    return datetime.now(timezone.utc).isoformat(timespec="milliseconds")


class StoreError(RuntimeError):
    """The record cannot be opened or read (names the file and the reason)."""


class RecordError(StoreError):
    """A write to the record failed; nothing of it was committed."""


class SessionLocked(StoreError):
    """Another process has this table open."""


def reason(exc: BaseException) -> str:
    """Why a write failed, in the words a dealer can act on."""
    text = str(exc).lower()
    code = getattr(exc, "errno", None)
    if "full" in text or code == errno.ENOSPC:
        return "disk full"
    if "readonly" in text or "read-only" in text or code in (errno.EROFS, errno.EACCES, errno.EPERM):
        return "the record is read-only"
    if "locked" in text or "busy" in text:
        return "the record is locked by another program"
    if "disk i/o" in text or code == errno.EIO:
        return "the disk reported an I/O error"
    if "malformed" in text or "not a database" in text:
        return "the record file is damaged"
    return str(exc) or exc.__class__.__name__


def _digest(prev: str, session_id: int, hand_no: int, kind: str, text: str, at: str) -> str:
    return hashlib.sha256(f"{prev}|{session_id}|{hand_no}|{kind}|{text}|{at}".encode()).hexdigest()


class Store:
    def __init__(self, path: Path | str | None = None, create: bool = True):
        """Open (or, with ``create``, make) a record. A file that is not a readable record
        raises ``StoreError`` naming it, and is left exactly as it was."""
        path = Path(path) if path else default_data_dir() / RECORD_NAME
        self.path = path
        self._locks: dict[int, int] = {}  # session id -> open lock file descriptor
        if not create and not path.is_file():
            raise StoreError(f"{path}: no such hand record")
        try:
            path.parent.mkdir(parents=True, exist_ok=True)
        except OSError as exc:
            raise StoreError(f"{path.parent}: the record folder cannot be made ({exc.strerror or exc})") from None
        if path.exists() and not path.is_file():
            raise StoreError(f"{path}: not a file")
        if self._check_header(path):
            self._check_readable(path)  # read-only, before anything may write to the file
        try:
            self.db = sqlite3.connect(str(path), isolation_level=None, timeout=BUSY_TIMEOUT_MS / 1000)
            self.db.execute(f"PRAGMA busy_timeout={BUSY_TIMEOUT_MS}")
            self.db.execute("PRAGMA journal_mode=WAL")
            self.db.execute("PRAGMA synchronous=FULL")  # a committed action survives a power cut
            self.db.executescript(SCHEMA)
        except sqlite3.Error as exc:
            if hasattr(self, "db"):
                self.db.close()
            raise StoreError(f"{path}: the hand record cannot be opened ({reason(exc)})") from None

    @staticmethod
    def _check_header(path: Path) -> bool:
        """Refuse a file that is not SQLite before SQLite opens it. True: an existing record
        to check; False: a new one."""
        try:
            size = path.stat().st_size
        except FileNotFoundError:
            return False
        except OSError as exc:
            raise StoreError(f"{path}: the hand record cannot be read ({exc.strerror or exc})") from None
        if size == 0:
            return False  # an empty file is a new record (sqlite3 makes one so too)
        try:
            with open(path, "rb") as f:
                head = f.read(16)
        except OSError as exc:
            raise StoreError(f"{path}: the hand record cannot be read ({exc.strerror or exc})") from None
        if head != b"SQLite format 3\x00":
            raise StoreError(f"{path}: not a hand record (the file is not an SQLite database)")
        return True

    @staticmethod
    def _check_readable(path: Path):
        """Read every page once, through a read-only connection: a truncated or damaged file
        is found now, not in the middle of a hand, and nothing is written to it."""
        try:
            ro = sqlite3.connect(f"{path.resolve().as_uri()}?mode=ro", uri=True)
        except sqlite3.Error as exc:
            raise StoreError(f"{path}: the hand record cannot be opened ({reason(exc)})") from None
        try:
            names = {r[0] for r in ro.execute("SELECT name FROM sqlite_master WHERE type = 'table'")}
            if not {"sessions", "log"} <= names:
                raise StoreError(f"{path}: an SQLite file, but not a hand record"
                                 + (f" (its tables: {', '.join(sorted(names))})" if names else ""))
            ok = ro.execute("PRAGMA quick_check").fetchone()
            if not ok or ok[0] != "ok":
                raise StoreError(f"{path}: the hand record is damaged ({ok[0] if ok else 'no answer'})")
        except sqlite3.Error as exc:
            raise StoreError(f"{path}: not a readable hand record ({reason(exc)})") from None
        finally:
            ro.close()

    # --- writing ------------------------------------------------------------------------------
    def _write(self, work):
        """Run ``work(prev_hash)`` in one transaction; commit it whole or raise RecordError."""
        try:
            self.db.execute("BEGIN IMMEDIATE")
            try:
                result = work()
                self.db.execute("COMMIT")
                return result
            except BaseException:
                if self.db.in_transaction:
                    self.db.execute("ROLLBACK")
                raise
        except sqlite3.Error as exc:
            raise RecordError(f"the hand record cannot be written: {reason(exc)} — nothing was changed "
                              f"({self.path})") from exc

    def _insert_rows(self, session_id: int, hand_no: int, rows: list[tuple[str, dict]]):
        at = _now()
        prev = self._last_hash()
        for kind, payload in rows:
            text = json.dumps(payload, sort_keys=True, ensure_ascii=False)
            digest = _digest(prev, session_id, hand_no, kind, text, at)
            self.db.execute("INSERT INTO log(session_id, hand_no, kind, payload, at, hash) VALUES (?,?,?,?,?,?)",
                            (session_id, hand_no, kind, text, at, digest))
            prev = digest

    def open_session(self, table: str, profile: str, rows: list[tuple[str, dict]] | None = None) -> int:
        """A new table in the record, with its first rows in the same transaction (so a
        kill can never leave a table with no rows)."""
        def work():
            cur = self.db.execute("INSERT INTO sessions(table_name, profile, opened_at) VALUES (?, ?, ?)",
                                  (table, profile, _now()))
            if rows:
                self._insert_rows(cur.lastrowid, 0, rows)
            return cur.lastrowid
        return self._write(work)

    def close_session(self, session_id: int, rows: list[tuple[str, dict]] | None = None, hand_no: int = 0):
        def work():
            if rows:
                self._insert_rows(session_id, hand_no, rows)
            self.db.execute("UPDATE sessions SET closed_at = ? WHERE id = ?", (_now(), session_id))
        self._write(work)
        self.unlock_session(session_id)

    def _last_hash(self) -> str:
        row = self.db.execute("SELECT hash FROM log ORDER BY id DESC LIMIT 1").fetchone()
        return row[0] if row else ""

    def append(self, session_id: int, hand_no: int, rows: list[tuple[str, dict]]):
        """Write rows in one transaction; returns once they are on disk, else RecordError."""
        if rows:
            self._write(lambda: self._insert_rows(session_id, hand_no, rows))

    # --- one window per table -----------------------------------------------------------------
    # An advisory lock per table (flock on a file beside the record): another process that
    # holds it is another dealer-app window on the same table. The kernel drops it when the
    # process dies, so a crash never leaves a table locked. Within one process the lock is
    # shared (a test, or the floor reading the table it deals, is not a second window).
    def _lock_path(self, session_id: int) -> Path:
        return self.path.with_name(f"{self.path.name}.table-{session_id}.lock")

    def _lock_key(self, session_id: int) -> tuple[str, int]:
        return (str(self.path.resolve()), session_id)

    def lock_session(self, session_id: int):
        """Hold this table for this process (released when it closes, or dies)."""
        if session_id in self._locks:
            return
        key = self._lock_key(session_id)
        held = _HELD_LOCKS.get(key)
        if held is not None:
            held[1] += 1
            self._locks[session_id] = held[0]
            return
        path = self._lock_path(session_id)
        try:
            fd = os.open(path, os.O_RDWR | os.O_CREAT, 0o644)
        except OSError as exc:
            raise RecordError(f"the hand record cannot be written: {reason(exc)} — nothing was changed "
                              f"({path})") from None
        try:
            fcntl.flock(fd, fcntl.LOCK_EX | fcntl.LOCK_NB)
        except OSError:
            holder = os.read(fd, 32).decode(errors="replace").strip()
            os.close(fd)
            raise SessionLocked(f"this table (session {session_id}) is open in another dealer-app window"
                                + (f" (process {holder})" if holder else "")) from None
        os.ftruncate(fd, 0)
        os.write(fd, str(os.getpid()).encode())
        _HELD_LOCKS[key] = [fd, 1]
        self._locks[session_id] = fd

    def unlock_session(self, session_id: int):
        if self._locks.pop(session_id, None) is None:
            return
        key = self._lock_key(session_id)
        held = _HELD_LOCKS.get(key)
        if held is None:
            return
        held[1] -= 1
        if held[1] <= 0:
            del _HELD_LOCKS[key]
            os.close(held[0])  # closing the descriptor releases the lock

    def session_in_use(self, session_id: int) -> bool:
        """Whether another process holds this table."""
        if self._lock_key(session_id) in _HELD_LOCKS:
            return False
        path = self._lock_path(session_id)
        if not path.exists():
            return False
        try:
            fd = os.open(path, os.O_RDONLY)
        except OSError:
            return False
        try:
            fcntl.flock(fd, fcntl.LOCK_SH | fcntl.LOCK_NB)
            return False
        except OSError:
            return True
        finally:
            os.close(fd)

    # --- reading ------------------------------------------------------------------------------
    def open_sessions(self) -> list[tuple[int, str, str, str]]:
        return self.db.execute("SELECT id, table_name, profile, opened_at FROM sessions WHERE closed_at IS NULL "
                               "ORDER BY id DESC").fetchall()

    def all_sessions(self) -> list[tuple[int, str, str, str]]:
        return self.db.execute("SELECT id, table_name, profile, opened_at FROM sessions ORDER BY id").fetchall()

    def last_row_at(self, session_id: int) -> str | None:
        row = self.db.execute("SELECT at FROM log WHERE session_id = ? ORDER BY id DESC LIMIT 1",
                              (session_id,)).fetchone()
        return row[0] if row else None

    def last_hand_no(self, session_id: int) -> int:
        row = self.db.execute("SELECT MAX(hand_no) FROM log WHERE session_id = ?", (session_id,)).fetchone()
        return row[0] or 0

    def session_log(self, session_id: int) -> list[tuple[int, str, dict, str]]:
        rows = self.db.execute("SELECT hand_no, kind, payload, at FROM log WHERE session_id = ? ORDER BY id",
                               (session_id,)).fetchall()
        out = []
        for h, k, p, at in rows:
            try:
                out.append((h, k, json.loads(p), at))
            except ValueError:
                raise StoreError(f"{self.path}: session {session_id}: a {k} row is not readable JSON") from None
        return out

    def verify(self) -> list[str]:
        """Recompute the hash chain; returns the rows that do not match (tamper evidence)."""
        problems, prev = [], ""
        for rid, sid, hand_no, kind, text, at, digest in self.db.execute(
                "SELECT id, session_id, hand_no, kind, payload, at, hash FROM log ORDER BY id"):
            if _digest(prev, sid, hand_no, kind, text, at) != digest:
                problems.append(f"{self.path}: log row {rid} ({kind}) does not match its hash")
            prev = digest
        return problems

    def close(self):
        for sid in list(self._locks):
            self.unlock_session(sid)
        self.db.close()


def open_record(data_dir: Path | None = None) -> tuple[Store, list[str]]:
    """The app's record in ``data_dir``, whatever state the folder is in.

    ``hands.sqlite3`` is the record. If it cannot be read, it is left untouched and the
    record continues in a fresh file beside it (``hands-recovered-<time>.sqlite3``); the
    newest such file is used on later starts until the damaged one is dealt with. If the
    folder itself cannot be written, the record goes to a folder that can. Returns the store
    and what the dealer must be told.
    """
    data_dir = Path(data_dir) if data_dir else default_data_dir()
    notes: list[str] = []
    primary = data_dir / RECORD_NAME
    try:
        return Store(primary), notes
    except StoreError as exc:
        notes.append(f"{exc}. The file is kept untouched.")
    try:
        recovered = sorted(data_dir.glob("hands-recovered-*.sqlite3"), reverse=True)
    except OSError:
        recovered = []
    for path in recovered:
        try:
            store = Store(path, create=False)
            notes.append(f"The record continues in {path}.")
            return store, notes
        except StoreError as exc:
            notes.append(f"{exc}. The file is kept untouched.")
    stamp = datetime.now(timezone.utc).strftime("%Y%m%dT%H%M%S")
    fresh = data_dir / f"hands-recovered-{stamp}.sqlite3"
    try:
        store = Store(fresh)
        notes.append(f"A fresh record was opened beside it: {fresh}.")
        return store, notes
    except StoreError as exc:
        notes.append(str(exc))
    import tempfile
    fallback = Path(tempfile.gettempdir()) / f"dealer-app-{os.getuid()}" / f"hands-{stamp}.sqlite3"
    store = Store(fallback)  # if even this fails, the caller reports it
    notes.append(f"The data folder {data_dir} cannot be written: hands are recorded in {fallback} "
                 f"for now. Copy that file before the machine restarts, and fix the data folder.")
    return store, notes
