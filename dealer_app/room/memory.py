"""What this floor machine has seen of the room, kept off the room's server (issue 30 §2, §3).

A reader checks the room's copy of each table against the heads the table signed
(room/room_check.py). Some changes leave nothing in the room to check against: the database's
owner deleting a table's last hands *with* their heads, deleting a whole table, replacing the
public key the floor enrolled (and re-signing with their own), or rewriting a ruling made in the
console (the rulings' chain is plain SHA-256: whoever can write the table can recompute it).
What catches them is a witness that is not the server: each floor machine remembers, in a file of
its own (``settings.room_memory_path``), for every table it saw its enrolled public key and the
furthest signed head, and the hash of every ruling. At each look:

- **cut**: a table's last head in the room is behind one this machine saw (rows and heads cut);
- **gone**: a table this machine saw is not in the room any more;
- **rekeyed**: the key enrolled for a table is not the one this machine first saw (a changed key
  is a floor's act: if no floor approved one, the owner replaced it);
- **ruling changed / ruling gone**: a ruling's hash is not the one seen, or the ruling is gone;
- **floor key gone**: a floor person's key this machine saw valid (record/floor_keys.py) is not
  valid in the room any more — the login's keys were rewritten (the owner deleting them and
  enrolling one of their own as the first).

What was seen is never moved back: the flag stays until the file is removed by someone who has
looked into it. A machine that never saw a table before it was changed cannot tell (the README
says so); every floor machine is one more witness.
"""

from __future__ import annotations

import hashlib
import json
import os
import tempfile
from dataclasses import asdict, dataclass, field
from typing import TYPE_CHECKING

if TYPE_CHECKING:
    from collections.abc import Callable
    from pathlib import Path

CUT, GONE, REKEYED, RULING_CHANGED, RULING_GONE = "cut", "gone", "rekeyed", "ruling-changed", "ruling-gone"
FLOOR_KEY_GONE = "floor-key-gone"
MAX_BYTES = 8 * 1024 * 1024  # a memory file larger than this is not this app's (refused by name)


@dataclass
class TableSeen:
    """One table as this machine last saw it: the key first seen enrolled, the furthest head."""

    public_key: str | None
    head_row: int = 0
    head_rows: int = 0


@dataclass
class Seen:
    """Everything seen of one room (by its server and database, never its password)."""

    tables: dict[str, TableSeen] = field(default_factory=dict)
    rulings: dict[str, str] = field(default_factory=dict)  # ruling id -> hash
    floor_keys: dict[str, list[str]] = field(default_factory=dict)  # floor login -> its keys seen valid


@dataclass(frozen=True)
class MemoryFlag:
    """One thing the room holds that contradicts what this machine saw."""

    table_id: str
    what: str  # CUT | GONE | REKEYED | RULING_CHANGED | RULING_GONE | FLOOR_KEY_GONE
    seen: str  # what was seen: a head's row, a key; a ruling's id
    now: str  # what the room holds now ("" when gone): a head's row, a key, a ruling's new hash

    @property
    def text(self) -> str:
        """In English (the command line; the console says it in the reader's words)."""
        table = f"table {self.table_id}"
        if self.what == CUT:
            return (
                f"{table}: its signed heads in the room end at row {self.now}, but this machine saw them reach "
                f"row {self.seen}: rows and heads were cut in the room"
            )
        if self.what == GONE:
            return f"{table}: this machine saw it in the room (up to row {self.seen}); the room no longer has it"
        if self.what == REKEYED:
            return (
                f"{table}: the public key enrolled for it is {self.now[:16]}…, not {self.seen[:16]}… as this "
                "machine first saw: if no floor approved a changed key, the room's owner replaced it"
            )
        if self.what == RULING_GONE:
            return f"the room's ruling {self.seen}: this machine saw it; the room no longer has it"
        if self.what == FLOOR_KEY_GONE:
            return (
                f"the floor login {self.table_id}: its key {self.seen[:16]}… was valid when this machine saw it; "
                "the room no longer holds it valid: the login's keys were rewritten"
            )
        return f"the room's ruling {self.seen}: its copy now hashes to {self.now}…, not as this machine saw it: it was rewritten"


def room_key(url: str) -> str:
    """A room's name in the memory file: its server and database, without login or password."""
    from urllib.parse import urlsplit

    parts = urlsplit(url)
    host = parts.hostname or parts.path or "local"
    return f"{host}:{parts.port or 5432}/{parts.path.lstrip('/') or '?'}"


def load(path: Path, room: str) -> Seen:
    """What was seen of ``room`` (nothing yet: empty). A file that is no memory is an OSError
    naming it: never silently started over, which would forget what was seen."""
    try:
        with open(path, "rb") as f:
            raw = f.read(MAX_BYTES + 1)
    except FileNotFoundError:
        return Seen()
    if len(raw) > MAX_BYTES:
        raise OSError(f"{path}: not a room memory file (larger than {MAX_BYTES} bytes)")
    try:
        data = json.loads(raw.decode("utf-8")).get(room, {})
        return Seen(
            {t: TableSeen(v["public_key"], int(v["head_row"]), int(v["head_rows"])) for t, v in data["tables"].items()}
            if data
            else {},
            {str(k): str(v) for k, v in data.get("rulings", {}).items()} if data else {},
            {str(k): [str(x) for x in v] for k, v in data.get("floor_keys", {}).items()} if data else {},
        )
    except (ValueError, KeyError, TypeError, AttributeError):
        raise OSError(
            f"{path}: not a room memory file (it cannot be read as one; move it aside to start over)"
        ) from None


def save(path: Path, room: str, seen: Seen) -> None:
    """Written whole to a file of its own, then moved into place (a crash leaves the old one)."""
    try:
        with open(path, encoding="utf-8") as f:
            every = json.load(f)
    except (FileNotFoundError, ValueError):
        every = {}
    every[room] = {
        "tables": {t: asdict(s) for t, s in seen.tables.items()},
        "rulings": seen.rulings,
        "floor_keys": seen.floor_keys,
    }
    path.parent.mkdir(parents=True, exist_ok=True)
    fd, tmp = tempfile.mkstemp(dir=path.parent, prefix=".room-memory-")
    try:
        with os.fdopen(fd, "w", encoding="utf-8") as f:
            json.dump(every, f, sort_keys=True)
        os.replace(tmp, path)
    except BaseException:
        os.unlink(tmp)
        raise


def compare(seen: Seen, now: Seen) -> list[MemoryFlag]:
    """What the room holds now against what was seen; ``seen`` then holds both (never moved back)."""
    flags: list[MemoryFlag] = []
    for table_id, was in seen.tables.items():
        is_ = now.tables.get(table_id)
        if is_ is None:
            flags.append(MemoryFlag(table_id, GONE, str(was.head_row), ""))
            continue
        if was.public_key and is_.public_key != was.public_key:
            flags.append(MemoryFlag(table_id, REKEYED, was.public_key, is_.public_key or ""))
        if is_.head_row < was.head_row or is_.head_rows < was.head_rows:
            flags.append(MemoryFlag(table_id, CUT, str(was.head_row), str(is_.head_row)))
        was.head_row, was.head_rows = max(was.head_row, is_.head_row), max(was.head_rows, is_.head_rows)
    for table_id, is_ in now.tables.items():
        seen.tables.setdefault(table_id, TableSeen(is_.public_key, is_.head_row, is_.head_rows))
    for ruling, digest in seen.rulings.items():
        if ruling not in now.rulings:
            flags.append(MemoryFlag("", RULING_GONE, ruling, ""))
        elif now.rulings[ruling] != digest:
            flags.append(MemoryFlag("", RULING_CHANGED, ruling, now.rulings[ruling][:12]))
    for ruling, digest in now.rulings.items():
        seen.rulings.setdefault(ruling, digest)
    for login, keys in seen.floor_keys.items():
        flags += [MemoryFlag(login, FLOOR_KEY_GONE, k, "") for k in keys if k not in now.floor_keys.get(login, [])]
    for login, keys in now.floor_keys.items():
        known = seen.floor_keys.setdefault(login, [])
        known += [k for k in keys if k not in known]
    return flags


_NOW = """
SELECT t.table_id,
       encode(k.public_key, 'hex'),
       coalesce((SELECT max(h.row_id) FROM room.heads h WHERE h.table_id = t.table_id), 0),
       coalesce((SELECT max(h.rows) FROM room.heads h WHERE h.table_id = t.table_id), 0)
FROM room.tables t
LEFT JOIN LATERAL (
    SELECT e.public_key FROM room.enrollments e JOIN room.approvals a ON a.enrollment_id = e.id
    WHERE e.table_id = t.table_id ORDER BY e.id DESC LIMIT 1
) k ON true
"""


def room_now(query: Callable[[str, tuple], list[tuple]]) -> Seen:
    """The room as it stands: each table's enrolled key and furthest head, each ruling's hash."""
    tables = {str(t): TableSeen(key, int(row), int(rows)) for t, key, row, rows in query(_NOW, ())}
    # each ruling's content hashed here, not the room's ``hash`` column: an owner who edits a
    # ruling and leaves its hash as it was is seen too (the second attack pass)
    rulings = {
        str(i): hashlib.sha256(
            "|".join(str(v) for v in (i, table_id, session, hand, payload, login, at, prev, digest)).encode()
        ).hexdigest()
        for i, table_id, session, hand, payload, login, at, prev, digest in query(
            "SELECT id, table_id, session, hand_no, payload, floor_login, at, prev, hash FROM room.rulings", ()
        )
    }
    from dealer_app.room.floor_key_enrollment import read_floor_keys

    keys = read_floor_keys(query)  # (the keys valid as this machine decides: record/floor_keys.py)
    return Seen(tables, rulings, {login: [key] for login, key in keys.valid.items()})


def look(query: Callable[[str, tuple], list[tuple]], url: str, path: Path) -> list[MemoryFlag]:
    """Compare the room with what this machine saw, remember what it sees now, and say what
    contradicts it."""
    room = room_key(url)
    seen = load(path, room)
    flags = compare(seen, room_now(query))
    save(path, room, seen)
    return flags


__all__ = [
    "CUT",
    "FLOOR_KEY_GONE",
    "GONE",
    "REKEYED",
    "RULING_CHANGED",
    "RULING_GONE",
    "MemoryFlag",
    "look",
    "room_key",
]
