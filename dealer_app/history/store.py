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

from dealer_app.engine.says import QT_TRANSLATE_NOOP, Said, Says, said, says

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

COLUMNS = {"sessions": ["id", "table_name", "profile", "opened_at", "closed_at"],
           "log": ["id", "session_id", "hand_no", "kind", "payload", "at", "hash"]}
RECORD_NAME = "hands.sqlite3"
# record path -> its lock file, open for the life of the process (see lock_session)
_LOCK_FILES: dict[str, int] = {}
# (record path, session id) -> how many stores of this process hold that table
_HELD_LOCKS: dict[tuple[str, int], int] = {}
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
    """The record cannot be opened or read (names the file and the reason). ``says``: the
    sentence as data, for the dealer's language (engine/says.py), where one is given."""

    def __init__(self, message: str | Says):
        super().__init__(str(message))
        self.says = message if isinstance(message, Says) else None


class RecordError(StoreError):
    """A write to the record failed; nothing of it was committed."""


class SessionLocked(StoreError):
    """Another process has this table open."""


def reason(exc: BaseException) -> str:
    """Why a write failed, in the words a dealer can act on."""
    return str(reason_says(exc))


def reason_says(exc: BaseException) -> Says | str:
    """``reason`` as data (the system's own message where it says something else)."""
    text = str(exc).lower()
    code = getattr(exc, "errno", None)
    if "full" in text or code == errno.ENOSPC:
        return says(QT_TRANSLATE_NOOP("Errors", "disk full"))
    if "readonly" in text or "read-only" in text or code in (errno.EROFS, errno.EACCES, errno.EPERM):
        return says(QT_TRANSLATE_NOOP("Errors", "the record is read-only"))
    if "locked" in text or "busy" in text:
        return says(QT_TRANSLATE_NOOP("Errors", "the record is locked by another program"))
    if "disk i/o" in text or code == errno.EIO:
        return says(QT_TRANSLATE_NOOP("Errors", "the disk reported an I/O error"))
    if "malformed" in text or "not a database" in text:
        return says(QT_TRANSLATE_NOOP("Errors", "the record file is damaged"))
    return str(exc) or exc.__class__.__name__


def _digest(prev: str, session_id: int, hand_no: int, kind: str, text: str, at: str) -> str:
    return hashlib.sha256(f"{prev}|{session_id}|{hand_no}|{kind}|{text}|{at}".encode()).hexdigest()


class Store:
    _lock_fd: int | None  # None for a record opened read-only: it never holds a table

    def __init__(self, path: Path | str | None = None, create: bool = True):
        """Open (or, with ``create``, make) a record. A file that is not a readable record
        raises ``StoreError`` naming it, and is left exactly as it was."""
        path = Path(path) if path else default_data_dir() / RECORD_NAME
        self.path = path
        self._locks: dict[int, int] = {}  # session id -> open lock file descriptor
        if not create and not path.is_file():
            raise StoreError(says(QT_TRANSLATE_NOOP("Errors", "%1: no such hand record"), path))
        try:
            path.parent.mkdir(parents=True, exist_ok=True)
        except OSError as exc:
            raise StoreError(says(
                QT_TRANSLATE_NOOP("Errors", "%1: the record folder cannot be made (%2)"),
                path.parent, exc.strerror or exc)) from None
        if path.exists() and not path.is_file():
            raise StoreError(says(QT_TRANSLATE_NOOP("Errors", "%1: not a file"), path))
        if self._check_header(path):
            self._check_readable(path)  # read-only, before anything may write to the file
            for where in (path, path.parent):  # SQLite writes the file and its -wal beside it
                if not os.access(where, os.W_OK):
                    raise StoreError(says(
                        QT_TRANSLATE_NOOP("Errors", "%1: the hand record cannot be written (read-only)"),
                        where))
        elif not os.access(path.parent, os.W_OK):
            raise StoreError(says(
                QT_TRANSLATE_NOOP("Errors", "%1: the record folder cannot be written (read-only)"),
                path.parent))
        self._lock_fd = self._open_lock_file()
        try:
            self.db = sqlite3.connect(str(path), isolation_level=None, timeout=BUSY_TIMEOUT_MS / 1000)
            self.db.execute(f"PRAGMA busy_timeout={BUSY_TIMEOUT_MS}")
            self.db.execute("PRAGMA journal_mode=WAL")
            self.db.execute("PRAGMA synchronous=FULL")  # a committed action survives a power cut
            self.db.executescript(SCHEMA)
        except sqlite3.Error as exc:
            if hasattr(self, "db"):
                self.db.close()
            raise StoreError(says(
                QT_TRANSLATE_NOOP("Errors", "%1: the hand record cannot be opened (%2)"),
                path, reason(exc))) from None

    @classmethod
    def read_only(cls, path: Path | str) -> "Store":
        """An existing record opened for reading only (the export tool, the floor): nothing is
        created, locked or written, so a read-only file or a record another program is
        writing can be read. StoreError names a missing, foreign or damaged file."""
        path = Path(path)
        if not path.exists():
            raise StoreError(says(QT_TRANSLATE_NOOP("Errors", "%1: no such hand record"), path))
        if not path.is_file():
            raise StoreError(says(QT_TRANSLATE_NOOP("Errors", "%1: not a file"), path))
        if not cls._check_header(path):
            raise StoreError(says(QT_TRANSLATE_NOOP("Errors", "%1: an empty file, not a hand record"), path))
        cls._check_readable(path)
        self = cls.__new__(cls)
        self.path, self._locks, self._lock_fd = path, {}, None
        self.db = _read_only_connection(path)
        try:
            self.db.execute("SELECT COUNT(*) FROM sessions").fetchone()
        except sqlite3.Error:
            # a WAL record in a folder we may not write: read it as it stands on disk
            self.db = sqlite3.connect(f"{path.resolve().as_uri()}?immutable=1", uri=True, isolation_level=None)
        return self

    @staticmethod
    def _check_header(path: Path) -> bool:
        """Refuse a file that is not SQLite before SQLite opens it. True: an existing record
        to check; False: a new one."""
        try:
            size = path.stat().st_size
        except FileNotFoundError:
            return False
        except OSError as exc:
            raise StoreError(says(
                QT_TRANSLATE_NOOP("Errors", "%1: the hand record cannot be read (%2)"),
                path, exc.strerror or exc)) from None
        if size == 0:
            return False  # an empty file is a new record (sqlite3 makes one so too)
        try:
            with open(path, "rb") as f:
                head = f.read(16)
        except OSError as exc:
            raise StoreError(says(
                QT_TRANSLATE_NOOP("Errors", "%1: the hand record cannot be read (%2)"),
                path, exc.strerror or exc)) from None
        if head != b"SQLite format 3\x00":
            raise StoreError(says(
                QT_TRANSLATE_NOOP("Errors", "%1: not a hand record (the file is not an SQLite database)"),
                path))
        return True

    @staticmethod
    def _check_readable(path: Path):
        """Read every page once, through a read-only connection: a truncated or damaged file
        is found now, not in the middle of a hand, and nothing is written to it."""
        try:
            ro = _read_only_connection(path)
        except sqlite3.Error as exc:
            raise StoreError(says(
                QT_TRANSLATE_NOOP("Errors", "%1: the hand record cannot be opened (%2)"),
                path, reason(exc))) from None
        try:
            names = {r[0] for r in ro.execute("SELECT name FROM sqlite_master WHERE type = 'table'")}
            if not {"sessions", "log"} <= names:
                raise StoreError(f"{path}: an SQLite file, but not a hand record"
                                 + (f" (its tables: {', '.join(sorted(names))})" if names else ""))
            for table, want in COLUMNS.items():
                have = [r[1] for r in ro.execute(f"PRAGMA table_info({table})")]
                if have != want:
                    raise StoreError(says(
                        QT_TRANSLATE_NOOP("Errors", "%1: an SQLite file, but not a hand record (table %2 has the "
                                                    "columns %3; a record's are %4)"),
                        path, table, ', '.join(have), ', '.join(want)))
            ok = ro.execute("PRAGMA quick_check").fetchone()
            if not ok or ok[0] != "ok":
                raise StoreError(says(
                    QT_TRANSLATE_NOOP("Errors", "%1: the hand record is damaged (%2)"),
                    path, ok[0] if ok else 'no answer'))
        except sqlite3.Error as exc:
            raise StoreError(says(
                QT_TRANSLATE_NOOP("Errors", "%1: not a readable hand record (%2)"),
                path, reason(exc))) from None
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
            raise RecordError(says(
                QT_TRANSLATE_NOOP("Errors", "the hand record cannot be written: %1 — nothing was changed (%2)"),
                reason_says(exc), str(self.path))) from exc

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
            self.append_hands(session_id, [(hand_no, rows)])

    def append_hands(self, session_id: int, parts: list[tuple[int, list[tuple[str, dict]]]]):
        """Rows of consecutive hands ((hand number, rows), …), all in one transaction."""
        def work():
            for hand_no, rows in parts:
                self._insert_rows(session_id, hand_no, rows)
        self._write(work)

    def is_open(self, session_id: int) -> bool:
        row = self.db.execute("SELECT closed_at FROM sessions WHERE id = ?", (session_id,)).fetchone()
        return row is not None and row[0] is None

    # --- one window per table -----------------------------------------------------------------
    # A POSIX record lock on byte <session id> of one lock file beside the record: another
    # process that holds it is another dealer-app window on that table. The kernel drops the
    # lock when the process dies, so a crash never leaves a table locked. POSIX locks belong to
    # the process, so within one process the lock is shared (a test, or the floor reading the
    # table it deals, is not a second window) and the file stays open for the process's life:
    # closing any descriptor of it would drop every lock the process holds on it.
    def _open_lock_file(self) -> int:
        key = str(self.path.resolve())
        fd = _LOCK_FILES.get(key)
        if fd is None:
            lock_path = self.path.with_name(self.path.name + ".locks")
            try:
                fd = os.open(lock_path, os.O_RDWR | os.O_CREAT, 0o644)
            except OSError as exc:
                raise StoreError(says(
                    QT_TRANSLATE_NOOP("Errors", "%1: the record's lock file cannot be made (%2)"),
                    lock_path, reason(exc))) from None
            _LOCK_FILES[key] = fd
        return fd

    def _lock_key(self, session_id: int) -> tuple[str, int]:
        return (str(self.path.resolve()), session_id)

    def lock_session(self, session_id: int):
        """Hold this table for this process (released when it closes, or dies)."""
        if session_id in self._locks:
            return
        if self._lock_fd is None:
            raise StoreError(says(
                QT_TRANSLATE_NOOP("Errors", "%1: opened read-only, so no table can be held"),
                self.path))
        key = self._lock_key(session_id)
        if key not in _HELD_LOCKS:
            try:
                fcntl.lockf(self._lock_fd, fcntl.LOCK_EX | fcntl.LOCK_NB, 1, session_id)
            except OSError:
                raise SessionLocked(f"this table (session {session_id}) is open in another dealer-app "
                                    f"window") from None
            _HELD_LOCKS[key] = 0
        _HELD_LOCKS[key] += 1
        self._locks[session_id] = self._lock_fd

    def unlock_session(self, session_id: int):
        if self._locks.pop(session_id, None) is None:
            return
        key = self._lock_key(session_id)
        _HELD_LOCKS[key] -= 1
        if _HELD_LOCKS[key] <= 0 and self._lock_fd is not None:
            del _HELD_LOCKS[key]
            fcntl.lockf(self._lock_fd, fcntl.LOCK_UN, 1, session_id)

    def session_in_use(self, session_id: int) -> bool:
        """Whether another process holds this table."""
        if self._lock_key(session_id) in _HELD_LOCKS:
            return False
        if self._lock_fd is None:
            raise StoreError(says(
                QT_TRANSLATE_NOOP("Errors", "%1: opened read-only, so whose table it is cannot be asked"),
                self.path))
        try:  # a probe: take the byte and give it back at once
            fcntl.lockf(self._lock_fd, fcntl.LOCK_EX | fcntl.LOCK_NB, 1, session_id)
        except OSError:
            return True
        fcntl.lockf(self._lock_fd, fcntl.LOCK_UN, 1, session_id)
        return False

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

    def session_log(self, session_id: int, with_events: bool = False) -> list[tuple[int, str, dict, str]]:
        return list(self.iter_session_log(session_id, with_events))

    def iter_session_log(self, session_id: int, with_events: bool = False):
        """A table's rows in order: (hand number, kind, payload, time). ``event`` rows (what an
        input caused, kept by older records) are derived by replaying the inputs, so they
        are read only when asked for."""
        sql = "SELECT hand_no, kind, payload, at FROM log WHERE session_id = ?"
        if not with_events:
            sql += " AND kind != 'event'"
        try:
            for h, k, p, at in self.db.execute(sql + " ORDER BY id", (session_id,)):
                try:
                    payload = json.loads(p)
                except ValueError:
                    raise StoreError(says(
                        QT_TRANSLATE_NOOP("Errors", "%1: session %2: a %3 row is not readable JSON"),
                        self.path, session_id, k)) from None
                if not isinstance(payload, dict):
                    raise StoreError(says(
                        QT_TRANSLATE_NOOP("Errors", "%1: session %2: a %3 row is not a record row"),
                        self.path, session_id, k))
                yield h, k, payload, at
        except sqlite3.Error as exc:
            raise StoreError(says(
                QT_TRANSLATE_NOOP("Errors", "%1: the hand record cannot be read (%2)"),
                self.path, reason(exc))) from None

    def verify(self) -> list[str]:
        """Recompute the hash chain; returns the rows that do not match (tamper evidence)."""
        return [message for _sid, message in self.broken_rows()]

    def broken_rows(self) -> list[tuple[int, str]]:
        """(session, what is wrong) for every row whose hash does not match its content and
        the row before it: a row changed, inserted or deleted after it was written."""
        problems, prev, prev_sid = [], "", None
        for rid, sid, hand_no, kind, text, at, digest in self.db.execute(
                "SELECT id, session_id, hand_no, kind, payload, at, hash FROM log ORDER BY id"):
            if _digest(prev, sid, hand_no, kind, text, at) != digest:
                message = (f"{self.path}: log row {rid} ({kind}, table session {sid}, hand {hand_no}) "
                           f"does not match its hash: the record was changed after it was written")
                problems.append((sid, message))
                if prev_sid is not None and prev_sid != sid:
                    # a row deleted just before this one may have been the previous table's
                    problems.append((prev_sid, f"{message} (a row of table session {prev_sid} may be missing)"))
            prev, prev_sid = digest, sid
        return problems

    def close(self):
        for sid in list(self._locks):
            self.unlock_session(sid)
        self.db.close()


def _read_only_connection(path: Path) -> sqlite3.Connection:
    """A connection that only reads ``path``. With no ``-wal`` file (no program has the record
    open) the file is complete and is read as immutable, so SQLite makes no ``-wal``/``-shm``
    files next to it (next to a damaged file least of all). With one (a program has it open,
    or one stopped without closing it), it is read through that log, and SQLite uses the
    ``-shm`` index beside it as every reader of a WAL record must; the record is not changed."""
    uri = path.resolve().as_uri()
    wal = path.with_name(path.name + "-wal")
    flag = "mode=ro" if wal.exists() else "immutable=1"
    return sqlite3.connect(f"{uri}?{flag}", uri=True, isolation_level=None)


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
        empty = primary.is_file() and primary.stat().st_size == 0
    except OSError:
        empty = False
    try:
        store = Store(primary)
        if empty:
            notes.append(said(
                QT_TRANSLATE_NOOP("Errors", "%1 was an empty file (0 bytes): a new record is kept in it."),
                primary))
        return store, notes
    except StoreError as exc:
        notes.append(said(QT_TRANSLATE_NOOP("Errors", "%1. The file is kept untouched."), exc.says or str(exc)))
    try:
        recovered = sorted(data_dir.glob("hands-recovered-*.sqlite3"), reverse=True)
    except OSError:
        recovered = []
    for path in recovered:
        try:
            store = Store(path, create=False)
            notes.append(said(QT_TRANSLATE_NOOP("Errors", "The record continues in %1."), path))
            return store, notes
        except StoreError as exc:
            notes.append(said(QT_TRANSLATE_NOOP("Errors", "%1. The file is kept untouched."), exc.says or str(exc)))
    stamp = datetime.now(timezone.utc).strftime("%Y%m%dT%H%M%S")
    fresh = data_dir / f"hands-recovered-{stamp}.sqlite3"
    try:
        store = Store(fresh)
        notes.append(said(QT_TRANSLATE_NOOP("Errors", "A fresh record was opened beside it: %1."), fresh))
        return store, notes
    except StoreError as exc:
        notes.append(Said(exc.says) if exc.says is not None else str(exc))
    import tempfile
    # one fallback per data folder, always the same file: a later start with the folder still
    # unwritable finds the tables it left open
    folder_id = hashlib.sha256(str(data_dir.resolve()).encode()).hexdigest()[:12]
    fallback = Path(tempfile.gettempdir()) / f"dealer-app-{os.getuid()}" / folder_id / RECORD_NAME
    store = Store(fallback)  # if even this fails, the caller reports it
    notes.append(said(
        QT_TRANSLATE_NOOP("Errors", "The data folder %1 cannot be written: hands are recorded in %2 for now. Copy "
                                    "that file before the machine restarts, and fix the data folder."),
        data_dir, fallback))
    return store, notes
