"""The floor keys a room holds, read and enrolled (room/migrations/0017, record/floor_keys.py).

Reading: every login's enrollments, from which ``floor_keys_from`` decides which keys are valid —
the reader's own decision, not the server's. Enrolling: a floor login enrolls its own new key
(endorsed by its previous key when it has one on this machine) or, with its own valid key, a
colleague's whose key was lost. ``mine`` says how this machine's key stands in the room: the
person's console and ``floor-key show`` say loudly when the room holds a key under their login
that this machine did not make (the owner enrolling one in their name).
"""

from __future__ import annotations

from dataclasses import dataclass
from typing import TYPE_CHECKING

from dealer_app.record.floor_keys import FloorKeyRow, FloorKeys, endorsement_message, floor_keys_from

if TYPE_CHECKING:
    from collections.abc import Callable

    from dealer_app.record.signing import FileSigner

FLOOR_KEYS_SQL = (
    "SELECT id, login::text, public_key, endorser_key, endorsement, enrolled_by::text FROM room.floor_keys ORDER BY id"
)


def _hex(value: bytes | memoryview | None) -> str:
    return bytes(value).hex() if value is not None else ""


def floor_key_rows(query: Callable[[str, tuple], list[tuple]]) -> list[FloorKeyRow]:
    return [
        FloorKeyRow(int(i), str(login), _hex(key), _hex(endorser), _hex(endorsement), str(by))
        for i, login, key, endorser, endorsement, by in query(FLOOR_KEYS_SQL, ())
    ]


def read_floor_keys(query: Callable[[str, tuple], list[tuple]]) -> FloorKeys:
    """Which keys are each floor login's, as this reader decides from the room's enrollments."""
    return floor_keys_from(floor_key_rows(query))


def enroll_floor_key(
    conn, login: str, public_key: str, endorser: FileSigner | None = None
) -> int:  # conn: a floor login's psycopg connection
    """Enrolls ``public_key`` for ``login`` (endorsed by ``endorser``'s key when given); its id."""
    endorsement = endorser.sign(endorsement_message(login, public_key)) if endorser is not None else None
    row = conn.execute(
        "SELECT room.enroll_floor_key(%s, %s, %s, %s)",
        (
            login,
            bytes.fromhex(public_key),
            bytes.fromhex(endorser.public_key) if endorser is not None else None,
            bytes.fromhex(endorsement) if endorsement is not None else None,
        ),
    ).fetchone()
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


def mine(rows: list[FloorKeyRow], login: str, here: str | None, earlier: tuple[str, ...] = ()) -> KeyStanding:
    """How ``here`` (this machine's public key for ``login``; None: none) stands among the room's
    enrollments: any key enrolled under the login that is neither it nor one of its ``earlier``
    keys (kept as ``<login>.key.old``) is FOREIGN — valid or not, the person did not make it."""
    own = {k for k in (here, *earlier) if k}
    foreign = tuple(r for r in rows if r.login == login and r.public_key not in own)
    if foreign:
        return KeyStanding(FOREIGN, foreign)
    if here is None:
        return KeyStanding(NO_KEY_HERE)
    if not any(r.login == login and r.public_key == here for r in rows):
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
