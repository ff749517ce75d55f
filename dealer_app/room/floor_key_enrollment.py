"""The floor keys a room holds, read and enrolled (room/migrations/0017, record/floor_keys.py).

Reading: every login's enrollments, from which ``floor_keys_from`` decides which key is valid —
the reader's own decision, not the server's. Enrolling: a floor login enrolls its one key, made
on this machine. ``mine`` says how this machine's key stands in the room: the person's console
and ``floor-key show`` say loudly when the room holds a key under their login that this machine
did not make (the owner enrolling one in their name).
"""

from __future__ import annotations

from dataclasses import dataclass
from typing import TYPE_CHECKING

from dealer_app.record.floor_keys import FloorKeyRow, FloorKeys, floor_keys_from

if TYPE_CHECKING:
    from collections.abc import Callable

FLOOR_KEYS_SQL = "SELECT id, login::text, public_key, enrolled_by::text FROM room.floor_keys ORDER BY id"


def _hex(value: bytes | memoryview | None) -> str:
    return bytes(value).hex() if value is not None else ""


def floor_key_rows(query: Callable[[str, tuple], list[tuple]]) -> list[FloorKeyRow]:
    return [FloorKeyRow(int(i), str(login), _hex(key), str(by)) for i, login, key, by in query(FLOOR_KEYS_SQL, ())]


def read_floor_keys(query: Callable[[str, tuple], list[tuple]]) -> FloorKeys:
    """Which keys are each floor login's, as this reader decides from the room's enrollments."""
    return floor_keys_from(floor_key_rows(query))


def enroll_floor_key(conn, public_key: str) -> int:  # conn: a floor login's psycopg connection
    """Enrolls ``public_key`` as the connection's login's one key; its id (the server refuses a
    second key for a login: a new key is a new login)."""
    row = conn.execute("SELECT room.enroll_floor_key(%s)", (bytes.fromhex(public_key),)).fetchone()
    return int(row[0])


# how this machine's key stands for its login in the room
NO_KEY_HERE = "no key here"  # this machine holds none for the login
NOT_ENROLLED = "not enrolled"  # this machine's key is not in the room (floor-key new enrolls it)
MINE = "mine"  # this machine's key is the login's newest valid key, and no other key is enrolled unseen
FOREIGN = "foreign key"  # the room holds a key under the login that this machine did not make


@dataclass(frozen=True)
class KeyStanding:
    state: str  # NO_KEY_HERE | NOT_ENROLLED | MINE | FOREIGN
    foreign: tuple[FloorKeyRow, ...] = ()  # enrollments under the login of keys not this machine's


def mine(rows: list[FloorKeyRow], login: str, here: str | None) -> KeyStanding:
    """How ``here`` (this machine's public key for ``login``; None: none) stands among the room's
    enrollments: any key enrolled under the login that is not it is FOREIGN — the person did not
    make it on this machine, and a login has one key."""
    foreign = tuple(r for r in rows if r.login == login and r.public_key != here)
    if foreign:
        return KeyStanding(FOREIGN, foreign)
    if here is None:
        return KeyStanding(NO_KEY_HERE)
    if not any(r.login == login for r in rows):
        return KeyStanding(NOT_ENROLLED)
    return KeyStanding(MINE)


__all__ = [
    "FLOOR_KEYS_SQL",
    "FOREIGN",
    "MINE",
    "NOT_ENROLLED",
    "NO_KEY_HERE",
    "KeyStanding",
    "enroll_floor_key",
    "floor_key_rows",
    "mine",
    "read_floor_keys",
]
