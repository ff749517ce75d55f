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
import secrets
import sqlite3
from dataclasses import dataclass
from datetime import UTC, datetime
from pathlib import Path
from typing import TYPE_CHECKING, Any, NamedTuple, TypeVar

from dealer_app.engine.says import QT_TRANSLATE_NOOP, Said, Says, said, says
from dealer_app.record.chain import (
    ANCHORED_KINDS,
    Anchor,
    Creation,
    KeyProblem,
    append_anchor,
    key_id,
    load_or_create_key,
    meta_mac,
    read_key,
    row_hash,
)
from dealer_app.record.heads import PUBLIC_KEY, SIGNING_KEY_ID, latest_head, next_head
from dealer_app.record.migrations import (
    FORMAT,
    LEGACY_LOG_COLUMNS,
    LOG_COLUMNS,
    SESSION_COLUMNS,
    Format1Broken,
    format1_head,
    migrate,
)
from dealer_app.record.payload import read_payload, record_text
from dealer_app.record.rows import (
    CloseTableRow,
    EventRow,
    HandEndRow,
    RecordRow,
    RulingRow,
    SigningStartedRow,
    as_written,
)
from dealer_app.record.signing import FileSigner, Head, public_key_id
from dealer_app.settings import RECORD_NAME  # (every folder and file: settings.py)
from dealer_app.settings import anchors_path as default_anchors_path
from dealer_app.settings import data_dir as default_data_dir
from dealer_app.settings import key_path as default_key_path

if TYPE_CHECKING:
    from collections.abc import Callable, Iterator, Sequence

    from dealer_app.record.integrity import KeptCheck, Problem
    from dealer_app.record.signing import Signer


class LogRow(NamedTuple):
    """One row of a table's log as the readers get it: ``number`` is the hand number
    (``iter_session_log``, ``session_log``) or the row's sequence number in its table
    (``hand_rows``); ``payload`` is the row's JSON, a dict."""

    number: int
    kind: str
    payload: dict[str, Any]
    at: str


class SessionRow(NamedTuple):
    """A table in the record: its session id, limit table, profile and when it was opened."""

    id: int
    table: str
    profile: str
    opened_at: str


COLUMNS = {"sessions": SESSION_COLUMNS, "log": LOG_COLUMNS}
# a record written before the keyed chain (format 1): read, checked as it was, upgraded on open
LEGACY_COLUMNS = {"sessions": SESSION_COLUMNS, "log": LEGACY_LOG_COLUMNS}
# record path -> its lock file, open for the life of the process (see lock_session)
_LOCK_FILES: dict[str, int] = {}
# (record path, session id) -> how many stores of this process hold that table
_HELD_LOCKS: dict[tuple[str, int], int] = {}
# how long a write waits for another process (a second window, the export tool) to finish
BUSY_TIMEOUT_MS = 3000


def _now() -> str:
    return datetime.now(UTC).isoformat(timespec="milliseconds")


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


def _disk_full(path: Path | None) -> bool:
    """Whether the disk holding ``path`` has (next to) no room left: less than 64 KiB, the
    most a WAL frame and its page need."""
    if path is None:
        return False
    import shutil

    for folder in (Path(path), Path(path).parent):
        try:
            return shutil.disk_usage(folder).free < 64 * 1024
        except OSError:
            continue
    return False


def reason(exc: BaseException) -> str:
    """Why a write failed, in the words a dealer can act on."""
    return str(reason_says(exc))


def reason_says(exc: BaseException, path: Path | None = None, record: bool = True) -> Says | str:
    """``reason`` as data (the system's own message where it says something else). ``path``:
    the file written, whose disk is asked whether it is full when SQLite says only "disk I/O
    error" (a WAL write that met a full disk is reported so); ``record``: the file is the hand
    record (else it is named as a file: the anchors file is not "the record")."""
    text = str(exc).lower()
    code = getattr(exc, "errno", None)
    if "full" in text or code == errno.ENOSPC or (("disk i/o" in text or code == errno.EIO) and _disk_full(path)):
        return says(QT_TRANSLATE_NOOP("Errors", "disk full"))
    if "readonly" in text or "read-only" in text or code in (errno.EROFS, errno.EACCES, errno.EPERM):
        return (
            says(QT_TRANSLATE_NOOP("Errors", "the record is read-only"))
            if record
            else says(QT_TRANSLATE_NOOP("Errors", "the file is read-only"))
        )
    if "locked" in text or "busy" in text:
        return says(QT_TRANSLATE_NOOP("Errors", "the record is locked by another program"))
    if "disk i/o" in text or code == errno.EIO:
        return says(QT_TRANSLATE_NOOP("Errors", "the disk reported an I/O error"))
    if "malformed" in text or "not a database" in text:
        return says(QT_TRANSLATE_NOOP("Errors", "the record file is damaged"))
    return str(exc) or exc.__class__.__name__


_T = TypeVar("_T")
_RecordState = tuple[int, int, tuple[int, int] | None]


class Store:
    _lock_fd: int | None  # None for a record opened read-only: it never holds a table
    _key: bytes | None  # the chain's key; a read-only record is checked with the key it is given
    record_id: str  # the record's own identity (meta), in every row's hash and every anchor
    format: int  # 2: the keyed chain; 1: an older record, read as it is until it is upgraded
    meta: dict[str, str]  # the record's identity and its key's name, as its meta table holds them
    _key_id: str
    # (the record's state: its data version, this connection's changes, the anchors file's size
    # and time; failing()'s answer then)
    _failing_at: tuple[_RecordState, dict[tuple[int, int | None], str]] | None = None
    # what signs each commit's head (record/signing.py): given, or the config folder's key file;
    # None for a record opened read-only. The seam for a service that keeps the key elsewhere.
    _signer: Signer | None = None

    def __init__(
        self,
        path: Path | str | None = None,
        create: bool = True,
        key: bytes | None = None,
        anchors: Path | None = None,
        signer: Signer | None = None,
    ):
        """Open (or, with ``create``, make) a record. A file that is not a readable record
        raises ``StoreError`` naming it, and is left exactly as it was. ``key`` (default: the
        config folder's key, made on first use) chains the rows; a record another key wrote
        is refused, so that every row of a record stays provable with one key. Each hand's
        seal is appended to ``anchors`` (default: the config folder's anchors file). ``signer``
        (default: the table's key file, ``signing.FileSigner``) signs the head every commit
        moves; a record signed by another table's key is refused as one of another key is."""
        path = Path(path) if path else default_data_dir() / RECORD_NAME
        self.path = path
        self.anchors_path = anchors or default_anchors_path()
        self._locks: dict[int, int] = {}  # session id -> open lock file descriptor
        try:
            self._key = key if key is not None else load_or_create_key()
        except (KeyProblem, OSError) as exc:
            raise StoreError(
                says(QT_TRANSLATE_NOOP("Errors", "the record's key cannot be used: %1"), str(exc))
            ) from None
        try:
            self._signer = signer if signer is not None else FileSigner.load_or_create()
        except (KeyProblem, OSError) as exc:
            raise StoreError(
                says(QT_TRANSLATE_NOOP("Errors", "the record's key cannot be used: %1"), str(exc))
            ) from None
        if not create and not path.is_file():
            raise StoreError(says(QT_TRANSLATE_NOOP("Errors", "%1: no such hand record"), path))
        try:
            path.parent.mkdir(parents=True, exist_ok=True)
        except OSError as exc:
            raise StoreError(
                says(
                    QT_TRANSLATE_NOOP("Errors", "%1: the record folder cannot be made (%2)"),
                    path.parent,
                    exc.strerror or exc,
                )
            ) from None
        if path.exists() and not path.is_file():
            raise StoreError(says(QT_TRANSLATE_NOOP("Errors", "%1: not a file"), path))
        if self._check_header(path):
            self._check_readable(path)  # read-only, before anything may write to the file
            self._check_format1(path)
            for where in (path, path.parent):  # SQLite writes the file and its -wal beside it
                if not os.access(where, os.W_OK):
                    raise StoreError(
                        says(QT_TRANSLATE_NOOP("Errors", "%1: the hand record cannot be written (read-only)"), where)
                    )
            self._check_identity(path)
        elif not os.access(path.parent, os.W_OK):
            raise StoreError(
                says(QT_TRANSLATE_NOOP("Errors", "%1: the record folder cannot be written (read-only)"), path.parent)
            )
        self._lock_fd = self._open_lock_file()
        try:
            self.db = sqlite3.connect(str(path), isolation_level=None, timeout=BUSY_TIMEOUT_MS / 1000)
            self.db.text_factory = record_text
            self.db.execute(f"PRAGMA busy_timeout={BUSY_TIMEOUT_MS}")
            self.db.execute("PRAGMA journal_mode=WAL")
            self.db.execute("PRAGMA synchronous=FULL")  # a committed action survives a power cut
            upgraded = bool(migrate(self.db, self._key))
            made = self._read_meta(create_missing=True) or upgraded
        except Format1Broken as exc:  # (checked before opening; changed since by another program)
            self.db.close()
            raise self._format1_broken(path, exc.row) from None
        except sqlite3.Error as exc:
            if hasattr(self, "db"):
                self.db.close()
            raise StoreError(
                says(QT_TRANSLATE_NOOP("Errors", "%1: the hand record cannot be opened (%2)"), path, reason(exc))
            ) from None
        if made:  # the anchors file learns of the record as it is made (a wiped record shows)
            self._anchor([Creation(self.record_id, str(path.resolve()), _now())])

    def _check_identity(self, path: Path) -> None:
        """Before anything is written: a record another key wrote is refused (left exactly as
        it is), and so is an older, unkeyed record where keyed records are already kept (its
        rows cannot prove themselves: upgrading it would lend them this machine's key)."""
        ro = _read_only_connection(path)
        try:
            meta = dict(ro.execute("SELECT name, value FROM meta").fetchall()) if "meta" in _tables(ro) else {}
            legacy = _columns(ro, "log") == LEGACY_COLUMNS["log"]
        finally:
            ro.close()
        assert self._key is not None  # (a writable store always has its key)
        if meta.get("key_id") and meta["key_id"] != key_id(self._key):
            raise StoreError(
                says(
                    QT_TRANSLATE_NOOP(
                        "Errors",
                        "%1: this record was written with another key (%2), not this machine's "
                        "(%3): it is left as it is, so that its rows stay provable",
                    ),
                    path,
                    meta["key_id"],
                    key_id(self._key),
                )
            )
        signing = self._signer
        if signing is not None and meta.get(PUBLIC_KEY) and meta[PUBLIC_KEY] != signing.public_key:
            raise StoreError(
                says(
                    QT_TRANSLATE_NOOP(
                        "Errors",
                        "%1: this record was written with another key (%2), not this machine's "
                        "(%3): it is left as it is, so that its rows stay provable",
                    ),
                    path,
                    meta.get(SIGNING_KEY_ID, "?"),
                    public_key_id(signing.public_key),
                )
            )
        if legacy and _has_lines(self.anchors_path):
            raise StoreError(
                says(
                    QT_TRANSLATE_NOOP(
                        "Errors",
                        "%1: an older record without the keyed chain, where keyed records are "
                        "already kept (%2): it is not upgraded, and is left as it was",
                    ),
                    path,
                    self.anchors_path,
                )
            )

    def _read_meta(self, create_missing: bool = False) -> bool:
        """The record's identity and the key that writes it; a new record gets both (True)."""
        meta = dict(self.db.execute("SELECT name, value FROM meta").fetchall()) if "meta" in _tables(self.db) else {}
        made = False
        if create_missing and "record_id" not in meta and self._key is not None:
            meta = {"record_id": secrets.token_hex(8), "format": str(FORMAT), "key_id": key_id(self._key)}
            if self._signer is not None:  # (a new record is signed from its first row)
                meta |= {PUBLIC_KEY: self._signer.public_key, SIGNING_KEY_ID: public_key_id(self._signer.public_key)}
            meta["meta_mac"] = meta_mac(self._key, meta)
            self.db.executemany("INSERT OR IGNORE INTO meta(name, value) VALUES (?, ?)", meta.items())
            meta = dict(self.db.execute("SELECT name, value FROM meta").fetchall())
            made = True
        self.meta = meta
        self.record_id = meta.get("record_id", "")
        self._key_id = meta.get("key_id", "")
        self.format = FORMAT if _columns(self.db, "log") == COLUMNS["log"] else 1
        return made

    def table_id(self) -> str:
        """This table's identity in a card room (issue 15), made the first time it is asked
        for and kept in the record's identity (keyed like the rest of it): stable across the
        table's sessions, and different for every record, whatever limits it plays."""
        if self.meta.get("table_id"):
            return self.meta["table_id"]
        made = "T-" + "".join(secrets.choice("0123456789ABCDEFGHJKMNPQRSTVWXYZ") for _ in range(10))

        def work() -> None:
            meta = dict(self.db.execute("SELECT name, value FROM meta").fetchall())
            if meta.get("table_id"):
                return  # another window of this record made it first
            assert self._key is not None
            if meta.get("meta_mac") != meta_mac(self._key, meta):  # never launder a changed identity
                raise RecordError(
                    says(
                        QT_TRANSLATE_NOOP(
                            "Errors",
                            "%1: the record's identity was changed after it was made: it is not given a "
                            "table identity, and is not forwarded ('dealer-app verify' says more)",
                        ),
                        self.path,
                    )
                )
            meta["table_id"] = made
            self.db.execute("INSERT INTO meta(name, value) VALUES ('table_id', ?)", (made,))
            self.db.execute("UPDATE meta SET value = ? WHERE name = 'meta_mac'", (meta_mac(self._key, meta),))

        self._write(work)
        self._read_meta()
        return self.meta["table_id"]

    @property
    def key(self) -> bytes | None:
        """The chain's key (what the room server checks this record's rows with)."""
        return self._key

    @property
    def public_key(self) -> str | None:
        """The table's public signing key (64 hex digits) as the record's meta holds it: what
        the room and the floor check its heads with. None: an older record, not yet signed."""
        return self.meta.get(PUBLIC_KEY) or None

    @property
    def signing_key_id(self) -> str | None:
        """The public key's short name (meta), None for a record not yet signed."""
        return self.meta.get(SIGNING_KEY_ID) or None

    def latest_head(self) -> Head | None:
        """The record's last signed head (None: no commit signed yet)."""
        return latest_head(self.db, self.record_id)

    @property
    def writable(self) -> bool:
        """False for a record opened read-only (``read_only``): nothing can be written to it."""
        return self._lock_fd is not None and self._key is not None

    @property
    def key_id(self) -> str:
        """Which key wrote this record (meta): a name, not the key."""
        return self._key_id

    @classmethod
    def read_only(cls, path: Path | str, key: bytes | None = None) -> Store:
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
        if key is None and default_key_path().is_file():
            try:
                key = read_key(default_key_path())
            except KeyProblem:
                key = None  # the check then says that no key could be used
        self.path, self._locks, self._lock_fd, self._key = path, {}, None, key
        self.anchors_path = default_anchors_path()
        self.db = _read_only_connection(path)
        try:
            self.db.execute("SELECT COUNT(*) FROM sessions").fetchone()
        except sqlite3.Error:
            # a WAL record in a folder we may not write: read it as it stands on disk
            self.db = sqlite3.connect(f"{path.resolve().as_uri()}?immutable=1", uri=True, isolation_level=None)
            self.db.text_factory = record_text
        self._read_meta()
        return self

    @classmethod
    def following(cls, path: Path | str, key: bytes | None, anchors: Path | None) -> Store:
        """The record opened for reading only, seeing what other connections commit as they
        commit it (``read_only`` may read a record nobody has open as a fixed file): the
        console's check, in a thread of its own, beside the table dealing on. The file is the
        one the console has opened, so it is not read through again here (``read_only``'s
        quick_check of every page takes 4 s at 100,000 hands, and cannot be stopped)."""
        path = Path(path)
        self = cls.__new__(cls)
        self.path, self._locks, self._lock_fd, self._key = path, {}, None, key
        self.anchors_path = anchors if anchors is not None else default_anchors_path()
        try:
            self.db = sqlite3.connect(
                f"{path.resolve().as_uri()}?mode=ro", uri=True, isolation_level=None, timeout=BUSY_TIMEOUT_MS / 1000
            )
            self.db.text_factory = record_text
            self.db.execute("SELECT COUNT(*) FROM sessions").fetchone()
        except sqlite3.Error:  # (a WAL record in a folder we may not write: read as it stands)
            as_it_stands = cls.read_only(path, key)
            as_it_stands.anchors_path = self.anchors_path
            return as_it_stands
        self._read_meta()
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
            raise StoreError(
                says(QT_TRANSLATE_NOOP("Errors", "%1: the hand record cannot be read (%2)"), path, exc.strerror or exc)
            ) from None
        if size == 0:
            return False  # an empty file is a new record (sqlite3 makes one so too)
        try:
            with open(path, "rb") as f:
                head = f.read(16)
        except OSError as exc:
            raise StoreError(
                says(QT_TRANSLATE_NOOP("Errors", "%1: the hand record cannot be read (%2)"), path, exc.strerror or exc)
            ) from None
        if head != b"SQLite format 3\x00":
            raise StoreError(
                says(QT_TRANSLATE_NOOP("Errors", "%1: not a hand record (the file is not an SQLite database)"), path)
            )
        return True

    @staticmethod
    def _check_format1(path: Path) -> None:
        """An older record is upgraded only if its old chain holds (read-only, before the
        file is touched: a refused record stays byte for byte as it was)."""
        ro = _read_only_connection(path)
        try:
            if _columns(ro, "log") == LEGACY_COLUMNS["log"]:
                format1_head(ro)
        except Format1Broken as exc:
            raise Store._format1_broken(path, exc.row) from None
        finally:
            ro.close()

    @staticmethod
    def _format1_broken(path: Path, row: int) -> StoreError:
        return StoreError(
            says(
                QT_TRANSLATE_NOOP(
                    "Errors",
                    "%1: an older record whose row %2 no longer matches its hash: it is not "
                    "upgraded, and is left as it was",
                ),
                path,
                row,
            )
        )

    @staticmethod
    def _check_readable(path: Path) -> None:
        """Read every page once, through a read-only connection: a truncated or damaged file
        is found now, not in the middle of a hand, and nothing is written to it."""
        try:
            ro = _read_only_connection(path)
        except sqlite3.Error as exc:
            raise StoreError(
                says(QT_TRANSLATE_NOOP("Errors", "%1: the hand record cannot be opened (%2)"), path, reason(exc))
            ) from None
        try:
            names = {r[0] for r in ro.execute("SELECT name FROM sqlite_master WHERE type = 'table'")}
            if not {"sessions", "log"} <= names:
                raise StoreError(
                    f"{path}: an SQLite file, but not a hand record"
                    + (f" (its tables: {', '.join(sorted(names))})" if names else "")
                )
            for table, want in COLUMNS.items():
                have = [r[1] for r in ro.execute(f"PRAGMA table_info({table})")]
                if have != want and have != LEGACY_COLUMNS[table]:
                    raise StoreError(
                        says(
                            QT_TRANSLATE_NOOP(
                                "Errors",
                                "%1: an SQLite file, but not a hand record (table %2 has the "
                                "columns %3; a record's are %4)",
                            ),
                            path,
                            table,
                            ", ".join(have),
                            ", ".join(want),
                        )
                    )
            ok = ro.execute("PRAGMA quick_check").fetchone()
            if not ok or ok[0] != "ok":
                raise StoreError(
                    says(
                        QT_TRANSLATE_NOOP("Errors", "%1: the hand record is damaged (%2)"),
                        path,
                        ok[0] if ok else "no answer",
                    )
                )
        except sqlite3.Error as exc:
            raise StoreError(
                says(QT_TRANSLATE_NOOP("Errors", "%1: not a readable hand record (%2)"), path, reason(exc))
            ) from None
        finally:
            ro.close()

    # --- writing ------------------------------------------------------------------------------
    def _write(self, work: Callable[[], _T]) -> _T:
        """Run ``work()`` in one transaction; commit it whole or raise RecordError. The rows
        it inserted that are anchored (ANCHORED_KINDS) go to the anchors file once committed."""
        if not self.writable:
            raise RecordError(
                says(
                    QT_TRANSLATE_NOOP("Errors", "%1: the record was opened to read only: nothing is written to it"),
                    self.path,
                )
            )
        self._pending: list[Anchor] = []
        self._heads: list[Head] = []
        self._inserted, self._last_inserted = 0, None
        try:
            self.db.execute("BEGIN IMMEDIATE")
            try:
                result = work()
                moved = self._sign_commit()
                self.db.execute("COMMIT")
            except BaseException:
                if self.db.in_transaction:
                    self.db.execute("ROLLBACK")
                raise
        except sqlite3.Error as exc:
            raise RecordError(
                says(
                    QT_TRANSLATE_NOOP("Errors", "the hand record cannot be written: %1 — nothing was changed (%2)"),
                    reason_says(exc, self.path),
                    str(self.path),
                )
            ) from exc
        if moved:
            self._read_meta()
        self.last_anchored = list(self._pending)
        self._anchor([*self._pending, *self._heads])
        if self.on_commit is not None:
            self.on_commit()  # (the room's forwarder: wakes up, never blocks)
        return result

    def _sign_commit(self) -> bool:
        """Inside the write's transaction: move the signed head over the rows just inserted (an
        older record first moves to signing, recorded as a ``signing_started`` row in the table
        written to). True when the record's meta changed (it moved). Nothing when no row was
        inserted or the store has no signer."""
        signer, last = self._signer, self._last_inserted
        if signer is None or last is None or not self.record_id:
            return False
        moved = False
        if not self.meta.get(PUBLIC_KEY):
            assert self._key is not None
            meta = dict(self.db.execute("SELECT name, value FROM meta").fetchall())
            if meta.get("meta_mac") != meta_mac(self._key, meta):
                return False  # never launder a changed identity by signing over it ('verify' names it)
            rows_before = int(self.db.execute("SELECT COUNT(*) FROM log").fetchone()[0]) - self._inserted
            public = signer.public_key
            _row, session, hand, _digest = last
            self._insert_rows(session, hand, [SigningStartedRow(public, public_key_id(public), rows_before)])
            meta |= {PUBLIC_KEY: public, SIGNING_KEY_ID: public_key_id(public)}
            self.db.executemany(
                "INSERT OR REPLACE INTO meta(name, value) VALUES (?, ?)",
                [(PUBLIC_KEY, meta[PUBLIC_KEY]), (SIGNING_KEY_ID, meta[SIGNING_KEY_ID])],
            )
            self.db.execute("UPDATE meta SET value = ? WHERE name = 'meta_mac'", (meta_mac(self._key, meta),))
            moved, last = True, self._last_inserted
            assert last is not None
        self._heads.append(next_head(self.db, signer, self.record_id, self._inserted, last, _now()))
        return moved

    def _anchor(self, lines: Sequence[Anchor | Creation | Head]) -> None:
        """Append to the anchors file; the record is already safe, so a file that cannot be
        written does not undo anything: ``anchor_problem`` says why (for the dealer), and the
        lines missed are written first the next time."""
        missed = [*self._missed, *lines]
        self._missed, self.anchor_problem = [], None
        for i, line in enumerate(missed):
            try:
                append_anchor(self.anchors_path, line)
            except OSError as exc:
                self._missed = missed[i:]
                what = line.seal if isinstance(line, Anchor) else line.record_id
                self.anchor_problem = said(
                    QT_TRANSLATE_NOOP(
                        "Errors", "the seal %1 is in the record, but the anchors file %2 cannot be written (%3)"
                    ),
                    what,
                    self.anchors_path,
                    reason_says(exc, self.anchors_path, record=False),
                )
                return

    anchor_problem: str | None = None  # why the last seal is not in the anchors file, if it is not
    # (never changed in place, only replaced: a class-level empty default is shared safely)
    _inserted = 0  # rows inserted by the write under way, and its last one (row id, session, hand, hash)
    _last_inserted: tuple[int, int, int, str] | None = None
    _missed: list[Anchor | Creation | Head] = []  # noqa: RUF012  not yet in the anchors file (written before the next ones)
    last_anchored: list[Anchor] = []  # noqa: RUF012  the anchors of the last write
    on_commit: Callable[[], None] | None = (
        None  # called after every committed write (room/forwarder.py); must not block
    )

    def _insert_rows(
        self, session_id: int, hand_no: int, rows: list[RecordRow], at: str | None = None
    ) -> tuple[int, int, str]:
        """Chain and insert rows (inside ``_write``'s transaction). Returns the last row's
        (id, seq, hash). The ids are given, not left to SQLite, because each is in its hash."""
        assert self._key is not None, "a read-only record is never written"
        at = at or _now()
        prev, row_id = self._last_hash(), self._last_row_id()
        seq = self.db.execute("SELECT COALESCE(MAX(seq), 0) FROM log WHERE session_id = ?", (session_id,)).fetchone()[0]
        digest = prev
        for row in rows:
            kind, payload = as_written(row)
            row_id, seq = row_id + 1, seq + 1
            text = json.dumps(payload, sort_keys=True, ensure_ascii=False)
            digest = row_hash(self._key, self.record_id, prev, row_id, session_id, seq, hand_no, kind, text, at)
            self.db.execute(
                "INSERT INTO log(id, session_id, seq, hand_no, kind, payload, at, hash) VALUES (?,?,?,?,?,?,?,?)",
                (row_id, session_id, seq, hand_no, kind, text, at, digest),
            )
            if kind in ANCHORED_KINDS:
                self._pending.append(Anchor(self.record_id, session_id, hand_no, row_id, seq, digest, at, kind))
            prev = digest
        self._inserted += len(rows)
        if rows:
            self._last_inserted = (row_id, session_id, hand_no, digest)
        return row_id, seq, digest

    def open_session(self, table: str, profile: str, rows: list[RecordRow] | None = None) -> int:
        """A new table in the record, with its first rows in the same transaction (so a
        kill can never leave a table with no rows). The session's ``opened_at`` is its first
        row's time: the check finds an edited sessions table by comparing the two."""

        def work() -> int:
            at = _now()
            cur = self.db.execute(
                "INSERT INTO sessions(table_name, profile, opened_at) VALUES (?, ?, ?)", (table, profile, at)
            )
            assert cur.lastrowid is not None  # (an insert gives a row id)
            if rows:
                self._insert_rows(cur.lastrowid, 0, rows, at)
            return cur.lastrowid

        return self._write(work)

    def close_session(self, session_id: int, rows: list[RecordRow] | None = None, hand_no: int = 0) -> None:
        """Mark a table closed; its ``closed_at`` is the time of its ``close_table`` row."""

        def work() -> None:
            at = _now()
            self._insert_rows(session_id, hand_no, rows or [CloseTableRow()], at)
            self.db.execute("UPDATE sessions SET closed_at = ? WHERE id = ?", (at, session_id))

        self._write(work)
        self.unlock_session(session_id)

    def _last_hash(self) -> str:
        row = self.db.execute("SELECT hash FROM log ORDER BY id DESC LIMIT 1").fetchone()
        return row[0] if row else ""

    def _last_row_id(self) -> int:
        row = self.db.execute("SELECT seq FROM sqlite_sequence WHERE name = 'log'").fetchone()
        return row[0] if row else 0

    def append(self, session_id: int, hand_no: int, rows: list[RecordRow]) -> list[Anchor]:
        """Write rows in one transaction; returns once they are on disk (with the seal of a
        hand they end), else RecordError."""
        return self.append_hands(session_id, [(hand_no, rows)]) if rows else []

    def append_hands(self, session_id: int, parts: list[tuple[int, list[RecordRow]]]) -> list[Anchor]:
        """Rows of consecutive hands ((hand number, rows), …), all in one transaction. Returns
        the seals of the hands they end (their hand_end rows), once committed and anchored."""

        def work() -> None:
            for hand_no, rows in parts:
                self._insert_rows(session_id, hand_no, rows)

        self._write(work)
        return [a for a in self.last_anchored if a.kind == HandEndRow.kind]

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
                raise StoreError(
                    says(
                        QT_TRANSLATE_NOOP("Errors", "%1: the record's lock file cannot be made (%2)"),
                        lock_path,
                        reason(exc),
                    )
                ) from None
            _LOCK_FILES[key] = fd
        return fd

    def _lock_key(self, session_id: int) -> tuple[str, int]:
        return (str(self.path.resolve()), session_id)

    def lock_session(self, session_id: int) -> None:
        """Hold this table for this process (released when it closes, or dies)."""
        if session_id in self._locks:
            return
        if self._lock_fd is None:
            raise StoreError(
                says(QT_TRANSLATE_NOOP("Errors", "%1: opened read-only, so no table can be held"), self.path)
            )
        key = self._lock_key(session_id)
        if key not in _HELD_LOCKS:
            try:
                fcntl.lockf(self._lock_fd, fcntl.LOCK_EX | fcntl.LOCK_NB, 1, session_id)
            except OSError:
                raise SessionLocked(f"this table (session {session_id}) is open in another dealer-app window") from None
            _HELD_LOCKS[key] = 0
        _HELD_LOCKS[key] += 1
        self._locks[session_id] = self._lock_fd

    def unlock_session(self, session_id: int) -> None:
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
            raise StoreError(
                says(
                    QT_TRANSLATE_NOOP("Errors", "%1: opened read-only, so whose table it is cannot be asked"), self.path
                )
            )
        try:  # a probe: take the byte and give it back at once
            fcntl.lockf(self._lock_fd, fcntl.LOCK_EX | fcntl.LOCK_NB, 1, session_id)
        except OSError:
            return True
        fcntl.lockf(self._lock_fd, fcntl.LOCK_UN, 1, session_id)
        return False

    # --- reading ------------------------------------------------------------------------------
    def open_sessions(self) -> list[SessionRow]:
        return [
            SessionRow(*r)
            for r in self.db.execute(
                "SELECT id, table_name, profile, opened_at FROM sessions WHERE closed_at IS NULL ORDER BY id DESC"
            )
        ]

    def all_sessions(self) -> list[SessionRow]:
        return [
            SessionRow(*r)
            for r in self.db.execute("SELECT id, table_name, profile, opened_at FROM sessions ORDER BY id")
        ]

    def last_row_at(self, session_id: int) -> str | None:
        row = self.db.execute(
            "SELECT at FROM log WHERE session_id = ? ORDER BY id DESC LIMIT 1", (session_id,)
        ).fetchone()
        return row[0] if row else None

    def last_row_id(self, session_id: int) -> int:
        """The id of the table's last row: ids grow across the whole record, so the table
        played last has the largest (times may tie within a second)."""
        row = self.db.execute("SELECT MAX(id) FROM log WHERE session_id = ?", (session_id,)).fetchone()
        return row[0] or 0

    def last_hand_no(self, session_id: int) -> int:
        row = self.db.execute("SELECT MAX(hand_no) FROM log WHERE session_id = ?", (session_id,)).fetchone()
        return row[0] or 0

    def session_log(self, session_id: int, with_events: bool = False) -> list[LogRow]:
        return list(self.iter_session_log(session_id, with_events))

    def hand_rows(self, session_id: int, hand_no: int) -> list[LogRow]:
        """One hand's rows in order, (sequence number, kind, payload, time): what the floor
        steps through. The table's first row (its rules) is hand 0's."""
        try:
            seq = "seq" if self.format == FORMAT else "id"  # (an older record numbers its rows only)
            found = self.db.execute(
                f"SELECT {seq}, kind, payload, at FROM log WHERE session_id = ? AND hand_no = ? "
                f"AND kind != '{EventRow.kind}' ORDER BY id",
                (session_id, hand_no),
            ).fetchall()
        except sqlite3.Error as exc:
            raise StoreError(
                says(QT_TRANSLATE_NOOP("Errors", "%1: the hand record cannot be read (%2)"), self.path, reason(exc))
            ) from None
        out = []
        for seq, kind, text, at in found:
            try:
                payload = read_payload(text)
            except ValueError:
                payload = None
            if not isinstance(payload, dict):
                raise StoreError(
                    says(
                        QT_TRANSLATE_NOOP("Errors", "%1: session %2: a %3 row is not readable JSON"),
                        self.path,
                        session_id,
                        kind,
                    )
                )
            out.append(LogRow(seq, kind, payload, at))
        return out

    def iter_session_log(self, session_id: int, with_events: bool = False, after: int = 0) -> Iterator[LogRow]:
        """A table's rows in order: (hand number, kind, payload, time); ``after``: only those
        after that row id. ``event`` rows (what an input caused, kept by older records) are
        derived by replaying the inputs, so they are read only when asked for."""
        sql = "SELECT hand_no, kind, payload, at FROM log WHERE session_id = ? AND id > ?"
        if not with_events:
            sql += f" AND kind != '{EventRow.kind}'"
        try:
            for h, k, p, at in self.db.execute(sql + " ORDER BY id", (session_id, after)):
                try:
                    payload = read_payload(p)
                except ValueError:
                    raise StoreError(
                        says(
                            QT_TRANSLATE_NOOP("Errors", "%1: session %2: a %3 row is not readable JSON"),
                            self.path,
                            session_id,
                            k,
                        )
                    ) from None
                if not isinstance(payload, dict):
                    raise StoreError(
                        says(
                            QT_TRANSLATE_NOOP("Errors", "%1: session %2: a %3 row is not a record row"),
                            self.path,
                            session_id,
                            k,
                        )
                    )
                yield LogRow(h, k, payload, at)
        except sqlite3.Error as exc:
            raise StoreError(
                says(QT_TRANSLATE_NOOP("Errors", "%1: the hand record cannot be read (%2)"), self.path, reason(exc))
            ) from None

    def verify(self, key: bytes | None = None, anchors: Path | None = None) -> list[str]:
        """Check the whole record (record/integrity.py), every signed head's signature with it;
        the problems in words, [] if whole."""
        return [p.text for p in self.check(key, anchors, every_signature=True)]

    def check(
        self, key: bytes | None = None, anchors: Path | None = None, every_signature: bool = False
    ) -> list[Problem]:
        """Every problem with the record: edited, missing, reordered or inserted rows, a chain
        recomputed without the key, a deleted tail (against its signed heads and the anchors),
        an edited sessions table. ``key``: this store's key unless given; ``anchors``: checked
        when given; ``every_signature``: each signed head's signature, not only the latest's."""
        from dealer_app.record.integrity import check_record

        return check_record(self, key if key is not None else self._key, anchors, every_signature=every_signature)

    def failing(self, kept: KeptCheck | None = None) -> dict[tuple[int, int | None], str]:
        """What fails the record's check, by (table session, hand): the first problem's words.
        Session 0 is the record as a whole (then every table fails); hand None, the table's
        rows outside a hand or the problem's hand unknown. A table or hand found here is never
        resumed, dealt on or reported as whole. The check reads every row (about 11 µs a row),
        so its answer is kept until the record changes — by this connection or another one —
        and the resume list, the hand list and a report ask it once, not once each.
        ``kept``: only for a reader that looks again and again (the floor console's check): the
        walk is taken up where it ended when the record has only grown (``integrity.KeptCheck``).
        Every gate — resume, dealing on, a report, verify — walks the whole record."""
        anchors = self.anchors_path if self.anchors_path is not None and self.anchors_path.is_file() else None
        seals = anchors.stat() if anchors is not None else None  # (the last hands deleted: against the seals)
        state: _RecordState = (
            int(self.db.execute("PRAGMA data_version").fetchone()[0]),
            self.db.total_changes,
            (seals.st_size, seals.st_mtime_ns) if seals is not None else None,
        )
        from dealer_app.record.integrity import check_record, failing_by_hand

        cached = self._failing_at  # (a whole walk's answer only: a gate never takes a kept walk's)
        if kept is None and cached is not None and cached[0] == state:
            out = cached[1]
        else:
            key = self._key
            out = failing_by_hand(
                check_record(self, key, anchors, kept) if key is not None else self.check(anchors=anchors)
            )
            if kept is None:
                self._failing_at = (state, out)
        return {**failing_by_hand(self.witnessed), **out}

    # what a witness outside the record found against it (the card room, asked at the table's
    # start: room/start_check.py): the record fails as for its own check's problems, and is not
    # played on (the floor's close stays possible)
    witnessed: tuple[Problem, ...] = ()

    def witness(self, problems: Sequence[Problem]) -> None:
        self.witnessed = (*self.witnessed, *problems)

    def broken_rows(self, but: str | None = None) -> list[tuple[int, str]]:
        """(session, what is wrong) for each problem ``check`` finds (session 0: the record
        as a whole), against the anchors file when there is one, as the start check does (the
        last hands deleted are found only there); ``but``: leaving out problems of that kind."""
        anchors = self.anchors_path if self.anchors_path is not None and self.anchors_path.is_file() else None
        return [(p.session or 0, p.text) for p in self.check(anchors=anchors) if p.what != but]

    # --- what the floor reads -------------------------------------------------------------------
    def seals(self, session_id: int | None = None) -> list[Anchor]:
        """Every hand's seal as the record holds it (its hand_end row), oldest first."""
        sql = "SELECT session_id, hand_no, id, seq, hash, at FROM log WHERE kind = ?"
        args: tuple[str | int, ...] = (HandEndRow.kind,)
        if session_id is not None:
            sql, args = sql + " AND session_id = ?", (*args, session_id)
        seq_column = "seq" if self.format == FORMAT else "0"
        sql = sql.replace("seq,", f"{seq_column},")
        return [
            Anchor(self.record_id, sid, hand, rid, seq, digest, at)
            for sid, hand, rid, seq, digest, at in self.db.execute(sql + " ORDER BY id", args)
        ]

    def close(self) -> None:
        for sid in list(self._locks):
            self.unlock_session(sid)
        self.db.close()


def applied_room_rulings(db: sqlite3.Connection) -> set[tuple[int, str]]:
    """The card room's rulings this record has applied, as (the room's id, its hash): each is
    one ruling row of the record carrying ``room_ruling`` and ``room_hash`` (issue 26 §4)."""
    found = set()
    for (text,) in db.execute("SELECT payload FROM log WHERE kind = ?", (RulingRow.kind,)):
        try:
            payload = read_payload(text)
        except ValueError:
            continue
        if (
            isinstance(payload, dict)
            and isinstance(payload.get("room_ruling"), int)
            and isinstance(payload.get("room_hash"), str)
        ):
            found.add((payload["room_ruling"], payload["room_hash"]))
    return found


@dataclass(frozen=True)
class AppliedSeals:
    """What the room rulings this record applied were signed with (record/floor_keys.py): each
    floor login's keys (what this table has seen of each floor person's key) and each seal's
    signature (a ruling's own: one filed again with the same seal is a copy, never applied)."""

    keys: dict[str, set[str]]
    signatures: set[str]


def applied_seals(db: sqlite3.Connection) -> AppliedSeals:
    from dealer_app.record.floor_keys import seal_key, seal_signature

    keys: dict[str, set[str]] = {}
    signatures: set[str] = set()
    for (text,) in db.execute("SELECT payload FROM log WHERE kind = ?", (RulingRow.kind,)):
        try:
            payload = read_payload(text)
        except ValueError:
            continue
        if isinstance(payload, dict) and isinstance(payload.get("floor_login"), str) and "room_ruling" in payload:
            key, signature = seal_key(payload), seal_signature(payload)
            if key is not None:
                keys.setdefault(payload["floor_login"], set()).add(key)
            if signature is not None:
                signatures.add(signature)
    return AppliedSeals(keys, signatures)


def _has_lines(path: Path) -> bool:
    try:
        return path.is_file() and path.stat().st_size > 0
    except OSError:
        return False


def _tables(db: sqlite3.Connection) -> set[str]:
    return {r[0] for r in db.execute("SELECT name FROM sqlite_master WHERE type = 'table'")}


def _columns(db: sqlite3.Connection, table: str) -> list[str]:
    return [r[1] for r in db.execute(f"PRAGMA table_info({table})")]


def _read_only_connection(path: Path) -> sqlite3.Connection:
    """A connection that only reads ``path``. With no ``-wal`` file (no program has the record
    open) the file is complete and is read as immutable, so SQLite makes no ``-wal``/``-shm``
    files next to it (next to a damaged file least of all). With one (a program has it open,
    or one stopped without closing it), it is read through that log, and SQLite uses the
    ``-shm`` index beside it as every reader of a WAL record must; the record is not changed."""
    uri = path.resolve().as_uri()
    wal = path.with_name(path.name + "-wal")
    flag = "mode=ro" if wal.exists() else "immutable=1"
    db = sqlite3.connect(f"{uri}?{flag}", uri=True, isolation_level=None)
    db.text_factory = record_text  # (a byte flipped in a TEXT cell: that row fails its hash, named)
    return db


def _anchors_notes(store: Store) -> list[str]:
    """What the start must say of the anchors file (issue 31): one that is not a regular file
    (a folder, a device, a pipe: never read, it could be endless) or that is gone while the
    record has sealed hands (deleted or moved: the record's last hands cannot be checked)."""
    import stat as stat_module

    path = store.anchors_path
    try:
        mode = path.stat().st_mode
    except FileNotFoundError:
        sealed = len(store.seals())
        if not sealed and store.latest_head() is not None:
            # (a signed record's anchors file is made with it: its heads went there)
            return [
                said(
                    QT_TRANSLATE_NOOP(
                        "Errors",
                        "The anchors file %1 is missing, but the record's signed heads were written "
                        "to it: rows cut from the record's end cannot be found without it. Put the "
                        "file back (or set DEALER_APP_ANCHORS to where it is) and tell the floor.",
                    ),
                    path,
                )
            ]
        if not sealed:
            return []
        return [
            said(
                QT_TRANSLATE_NOOP(
                    "Errors",
                    "The anchors file %1 is missing, but the record holds sealed "
                    "hands (%2): its last hands cannot be checked. Put the file back (or "
                    "set DEALER_APP_ANCHORS to where it is) and tell the floor.",
                ),
                path,
                sealed,
            )
        ]
    except OSError as exc:
        return [
            said(
                QT_TRANSLATE_NOOP(
                    "Errors",
                    "The anchors file %1 cannot be read (%2): the record's seals are "
                    "not checked against it. Tell the floor.",
                ),
                path,
                reason_says(exc),
            )
        ]
    if not stat_module.S_ISREG(mode):
        return [
            said(
                QT_TRANSLATE_NOOP(
                    "Errors",
                    "The anchors file %1 is not a file (a folder or a device): the "
                    "record's seals are neither checked against it nor kept in it. "
                    "Tell the floor.",
                ),
                path,
            )
        ]
    return []


def check_notes(store: Store) -> list[str]:
    """The record's own check at start, before any table is resumed (issue 12): nothing to
    say when it is whole; else how many problems, the first ones, and where the rest are.
    The app goes on (the dealer can deal; the floor must know)."""
    notes = _anchors_notes(store)
    anchors = store.anchors_path if store.anchors_path.is_file() else None
    problems = store.check(anchors=anchors)
    if not problems:
        return notes
    first = "; ".join(p.text for p in problems[:3])
    return [
        *notes,
        said(
            QT_TRANSLATE_NOOP(
                "Errors",
                "The hand record does not prove itself (%1 problem(s)): %2. "
                "Tell the floor; 'dealer-app verify %3' lists every one.",
                None,
                1,
            ),
            len(problems),
            first,
            store.path,
        ),
    ]


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
            notes.append(
                said(
                    QT_TRANSLATE_NOOP("Errors", "%1 was an empty file (0 bytes): a new record is kept in it."), primary
                )
            )
        return store, notes + check_notes(store)
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
            return store, notes + check_notes(store)
        except StoreError as exc:
            notes.append(said(QT_TRANSLATE_NOOP("Errors", "%1. The file is kept untouched."), exc.says or str(exc)))
    stamp = datetime.now(UTC).strftime("%Y%m%dT%H%M%S")
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
    notes.append(
        said(
            QT_TRANSLATE_NOOP(
                "Errors",
                "The data folder %1 cannot be written: hands are recorded in %2 for now. Copy "
                "that file before the machine restarts, and fix the data folder.",
            ),
            data_dir,
            fallback,
        )
    )
    return store, notes
