"""How far the room acknowledged this table's rows, kept beside the record (issue 30 §3).

The room's copy ending before the record's end is the ordinary state of a table whose rows are
on their way; so is a room that lost its last rows — unless the table remembers what the room
had acknowledged. The forwarder writes here the furthest row the room took (it only grows) and,
on every connect, a room whose copy now ends before it is a room whose rows were cut: said to the
dealer and reported to the floor, and nothing more is sent (the record keeps them) until the
floor has looked. Found by the insider review: the room's owner deleted a table's last hands
with their heads, and the forwarder sent them again without a word.

The file is the record's neighbour (``hands.sqlite3.room-acked``): on an installed table the
record service's, out of the dealer's reach; run from source, the dealer's own (a dealer who
edits it hides a cut of the room's copy from this table only: the floor machines' memory,
room/memory.py, still sees it).
"""

from __future__ import annotations

import json
import os
from pathlib import Path

MAX_BYTES = 64 * 1024


def path_of(record_path: str | os.PathLike[str]) -> Path:
    return Path(f"{record_path}.room-acked")


def load(record_path: str | os.PathLike[str], table_id: str) -> int:
    """The furthest row of ``table_id`` (a table in a room: the forwarder names both) the room
    acknowledged (0: none known)."""
    try:
        with open(path_of(record_path), "rb") as f:
            data = json.loads(f.read(MAX_BYTES).decode("utf-8"))
        value = data.get(table_id, 0) if isinstance(data, dict) else 0
        return value if isinstance(value, int) and not isinstance(value, bool) and value > 0 else 0
    except (OSError, ValueError, UnicodeDecodeError):
        return 0  # (never known, or not readable: nothing is claimed; the room's readers still watch)


def save(record_path: str | os.PathLike[str], table_id: str, row: int) -> None:
    """Remember that the room acknowledged rows up to ``row`` (never moved back)."""
    if row <= load(record_path, table_id):
        return
    path = path_of(record_path)
    try:
        with open(path, "rb") as f:
            data = json.loads(f.read(MAX_BYTES).decode("utf-8"))
        if not isinstance(data, dict):
            data = {}
    except (OSError, ValueError, UnicodeDecodeError):
        data = {}
    data[table_id] = row
    tmp = path.with_name(path.name + ".tmp")
    with open(tmp, "w", encoding="utf-8") as f:
        json.dump(data, f)
    os.replace(tmp, path)


__all__ = ["load", "path_of", "save"]
