"""A row that applies a card room's ruling, compared with the ruling as the room filed it.

A table applies a room ruling by writing a ruling row carrying the room's id and hash of it
(``room_ruling``, ``room_hash``), the login that filed it (``floor_login``) and the dealer who
confirmed it (``confirmed_by``). Everything else in the row is the ruling itself and must be the
room's, field by field: its chips, decision, facts, rules, witnesses, hand — every field the
room's payload has (the fourth attack pass: a second copy of a vouched row with the decision
changed was committed, and readers compared only the hash the row names). The floor who ruled
is the filing login (``by`` names it), and the hand is the one the room filed it on.

A field the room's payload leaves out may be in the row only as the table reads a missing one
(``floor/ruling.Ruling.from_payload``'s defaults, ``READ_AS``): a table that read the room's
payload and wrote it back in full applied the same ruling. Used by the record service (before
it commits) and the room's readers (room/floor_act_check.py).
"""

from __future__ import annotations

from typing import Any

# what the applying table adds to the room's ruling (not the ruling's content)
APPLYING_KEYS = frozenset({"room_ruling", "room_hash", "floor_login", "confirmed_by"})
# a field the room's payload leaves out, as the table reads it (floor/ruling.Ruling.from_payload
# reads its defaults from here)
READ_AS: dict[str, Any] = {
    "case": "",
    "category": "other",
    "status": "decided",
    "moment": 0,
    "row_seq": None,
    "facts": "",
    "rules": [],
    "decision": "",
    "remedy": "none",
    "chips": {},
    "witnesses": "",
    "camera": "",
}
_MISSING = object()


def _same(row_value: Any, room_value: Any) -> bool:
    if isinstance(row_value, dict) and isinstance(room_value, dict):  # (chips: seat keys as text)
        return {str(k): v for k, v in row_value.items()} == {str(k): v for k, v in room_value.items()}
    if isinstance(row_value, list | tuple) and isinstance(room_value, list | tuple):
        return list(row_value) == list(room_value)
    return bool(type(row_value) is type(room_value) and row_value == room_value)


def content_differs(row: dict[str, Any], room: dict[str, Any], room_hand: int, floor_login: str) -> list[str]:
    """The fields in which a row applying a room ruling differs from the ruling as the room filed
    it (``room``: its payload; ``room_hand``: the hand it was filed on; ``floor_login``: the login
    that filed it), in order; empty when the row carries the room's ruling."""
    expected = {k: v for k, v in room.items() if k not in APPLYING_KEYS}
    expected["hand"] = room_hand
    expected["by"] = {"role": "floor", "name": floor_login}
    applied = {k: v for k, v in row.items() if k not in APPLYING_KEYS}
    differs = []
    for key in sorted(set(expected) | set(applied)):
        mine, theirs = applied.get(key, _MISSING), expected.get(key, _MISSING)
        if theirs is _MISSING:
            theirs = READ_AS.get(key, _MISSING)
        if mine is _MISSING:
            mine = READ_AS.get(key, _MISSING)
        if mine is _MISSING or theirs is _MISSING or not _same(mine, theirs):
            differs.append(key)
    return differs


def room_ruling_id(payload: dict[str, Any]) -> int | None:
    """The room's id of the ruling a row applies, or None (not an int: no room ruling)."""
    rid = payload.get("room_ruling")
    return rid if isinstance(rid, int) and not isinstance(rid, bool) else None


__all__ = ["APPLYING_KEYS", "READ_AS", "content_differs", "room_ruling_id"]
