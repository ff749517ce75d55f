"""The record service's wire protocol: one frozen dataclass per request and per reply.

A message is 4 bytes of length (big-endian) and that many bytes of UTF-8 JSON, an object with
``"type"`` (the class's name) and the class's fields. Nothing else is read: never pickle, no
code and no class chosen by the peer beyond the names listed here. A message longer than
``MAX_MESSAGE`` is refused before it is read, and a message that is not one of these classes
with fields of the right JSON types is a ``ProtocolError`` naming what was wrong.

Rows travel as ``[kind, payload]`` (record/rows.py's ``as_written``), read back with
``row_from_dict``: the service re-makes each row as the record's own class, so a kind the record
does not know is refused as it would be in-process.

Every value is one the service can hold without failing (the sixth attack pass stopped the
service with one request each): a number field (a table session, a hand) is a whole number
0 … ``MAX_NUMBER``, any other integer in a message at most ``MAX_INTEGER`` either way, no
number is NaN or infinite, and text is UTF-8 text (no lone surrogate escape, "\\ud800").
"""

from __future__ import annotations

import json
import math
import re
import struct
from dataclasses import MISSING, asdict, dataclass, fields
from typing import TYPE_CHECKING, Any

from dealer_app.engine.says import Says, english
from dealer_app.recordsvc.words import WordsError, data_of, says_of

if TYPE_CHECKING:
    import socket

MAX_MESSAGE = 4 * 1024 * 1024  # a hand's rows are a few KB; a whole table opened with its profile ~100 KB
_LENGTH = struct.Struct(">I")
MAX_NUMBER = 2**31 - 1  # a table session, a hand, a row number: SQLite and the room's integer columns hold it
MAX_INTEGER = 2**53  # any integer in a message: what every JSON reader (a double) keeps exactly
_LONE_SURROGATE_ESCAPE = re.compile(rb"\\u[dD][89a-fA-F]")  # (a surrogate as JSON escapes it)

RowData = list[Any]  # [kind, payload]


class ProtocolError(ValueError):
    """A message that is not this protocol's (too long, not JSON, an unknown type, a bad field)."""


class Disconnected(ConnectionError):
    """The other end closed the connection (between messages or in the middle of one)."""


# --- requests ---------------------------------------------------------------------------------
@dataclass(frozen=True)
class Hello:
    """Which record the service keeps (the client reads it, read-only)."""


@dataclass(frozen=True)
class OpenTable:
    table: str
    profile: str
    rows: list[RowData]


@dataclass(frozen=True)
class Commit:
    """Rows of consecutive hands of one table, all committed or none: ``parts`` is
    [[hand number, [row, …]], …]."""

    session: int
    parts: list[list[Any]]


@dataclass(frozen=True)
class CloseTable:
    session: int
    hand: int
    rows: list[RowData]


@dataclass(frozen=True)
class Hold:
    """Hold a table for this connection (``release``: let it go)."""

    session: int
    release: bool = False


@dataclass(frozen=True)
class InUse:
    """Whether another connection holds the table."""

    session: int


@dataclass(frozen=True)
class Check:
    """The record's check (``Store.failing``), made by the service, which has the chain's key."""


@dataclass(frozen=True)
class TableId:
    """This table's identity in a card room (made once, in the record's keyed meta)."""


@dataclass(frozen=True)
class ConfirmFloor:
    """A floor person's passphrase, checked by the service against the accounts file the
    dealer's login cannot read. Never recorded, never logged."""

    name: str
    passphrase: str


@dataclass(frozen=True)
class ConfirmRoomFloor:
    """A floor act at a table in a room: the floor's own room login and password, tried by the
    service against the room it forwards to (room/floor_login.py), which records the act there
    first. ``act``: the act as the room keeps it (kind, session, hand, digest)."""

    name: str
    passphrase: str
    act: dict[str, Any]


@dataclass(frozen=True)
class AppendFloorRows:
    """The floor console's rows for a hand (a ruling; a refused floor act), on a table this
    connection need not hold: only those kinds, a ruling only as its floor confirmed it here."""

    session: int
    hand: int
    rows: list[RowData]


@dataclass(frozen=True)
class JoinRoom:
    """Forward the record to the card room at ``url`` (the table's room login) under ``label``
    (empty: the machine's name); again: the forwarder is started afresh on the new URL."""

    url: str
    label: str


@dataclass(frozen=True)
class LeaveRoom:
    """Stop forwarding (no room named any more, or the window closed)."""


@dataclass(frozen=True)
class RoomStatus:
    """The forwarder's latest state (``RoomState``), which the window polls."""


@dataclass(frozen=True)
class AskRoom:
    """The start check (room/start_check.py) of the service's record against the room at ``url``:
    what it finds is witnessed on the service's record, whose check then fails."""

    url: str


# --- replies ----------------------------------------------------------------------------------
@dataclass(frozen=True)
class Record:
    path: str
    anchors: str


@dataclass(frozen=True)
class Opened:
    session: int


@dataclass(frozen=True)
class Committed:
    """The rows are on disk. ``seals``: the hands they ended, as Anchor fields; ``anchor_problem``:
    why the anchors file lacks them, if it does."""

    seals: list[dict[str, Any]]
    anchor_problem: str | None = None


@dataclass(frozen=True)
class Answer:
    value: bool


@dataclass(frozen=True)
class Failing:
    """``Store.failing``'s answer: [[session, hand or null, what is wrong], …]."""

    problems: list[list[Any]]


@dataclass(frozen=True)
class Text:
    text: str


@dataclass(frozen=True)
class FloorConfirmed:
    by: dict[str, Any]


@dataclass(frozen=True)
class RoomState:
    """The service's forwarder's state (room/forwarder.py ``ForwardState``; ``rulings``: each
    ``PendingRuling``'s fields). ``state`` "none": no room is being forwarded to."""

    state: str
    on_server: int
    waiting: int
    detail: str
    rulings: list[dict[str, Any]]
    lost: int
    differs: int


@dataclass(frozen=True)
class RoomChecked:
    """The start check's answer: whether the room answered, and what the dealer is told (a
    sentence as data, recordsvc/words.py; None: nothing)."""

    checked: bool
    note: dict[str, Any] | None


@dataclass(frozen=True)
class Refused:
    """The request was refused and nothing was changed: ``template`` and ``args`` (the English
    template and its values as English text, as before), ``words`` the same sentence as data
    (recordsvc/words.py: its context and typed values, for the dealer's language), ``what``
    which kind of refusal (``RECORD``, ``LOCKED``, ``FLOOR``, ``STORE``, ``PROTOCOL``); a
    refused floor act's row to record, if one."""

    template: str
    args: list[str]
    what: str
    floor_row: dict[str, Any] | None = None
    words: dict[str, Any] | None = None

    @property
    def says(self) -> Says:
        """The sentence, typed (its English only for a peer that sent no ``words``)."""
        if self.words is not None:
            try:
                return says_of(self.words)
            except WordsError:
                pass  # (said in English, from template and args)
        return Says(self.template, tuple(self.args))

    @classmethod
    def of(cls, message: Says | str, what: str, floor_row: dict[str, Any] | None = None) -> Refused:
        if isinstance(message, Says):
            return cls(str(message.template), [english(a) for a in message.args], what, floor_row, data_of(message))
        return cls(str(message), [], what, floor_row, data_of(str(message)))


RECORD, LOCKED, FLOOR, STORE, PROTOCOL = "record", "locked", "floor", "store", "protocol"

Request = (
    Hello | OpenTable | Commit | CloseTable | Hold | InUse | Check | TableId | ConfirmFloor
    | ConfirmRoomFloor | AppendFloorRows | JoinRoom | LeaveRoom | RoomStatus | AskRoom
)  # fmt: skip
Reply = Record | Opened | Committed | Answer | Failing | Text | FloorConfirmed | RoomState | RoomChecked | Refused
REPLIES = (Record, Opened, Committed, Answer, Failing, Text, FloorConfirmed, RoomState, RoomChecked, Refused)
_TYPES: dict[str, type[Any]] = {
    cls.__name__: cls
    for cls in (
        Hello, OpenTable, Commit, CloseTable, Hold, InUse, Check, TableId, ConfirmFloor,
        ConfirmRoomFloor, AppendFloorRows, JoinRoom, LeaveRoom, RoomStatus, AskRoom,
        Record, Opened, Committed, Answer, Failing, Text, FloorConfirmed, RoomState, RoomChecked, Refused,
    )
}  # fmt: skip
# each field's JSON type (what a well-formed message has): checked before a class is made
_JSON_TYPES: dict[str, tuple[type, ...]] = {
    "str": (str,),
    "int": (int,),
    "bool": (bool,),
    "list[RowData]": (list,),
    "list[list[Any]]": (list,),
    "list[dict[str, Any]]": (list,),
    "list[str]": (list,),
    "dict[str, str]": (dict,),
    "dict[str, Any]": (dict,),
    "str | None": (str, type(None)),
    "dict[str, Any] | None": (dict, type(None)),
}


def encode(message: Request | Reply) -> bytes:
    body = json.dumps({"type": type(message).__name__, **asdict(message)}, ensure_ascii=False).encode()
    if len(body) > MAX_MESSAGE:
        raise ProtocolError(f"a {type(message).__name__} of {len(body)} bytes is longer than {MAX_MESSAGE}")
    return _LENGTH.pack(len(body)) + body


def is_number(value: object) -> bool:
    """Whether ``value`` is a table session's, a hand's or a row's number: 0 … ``MAX_NUMBER``."""
    return isinstance(value, int) and not isinstance(value, bool) and 0 <= value <= MAX_NUMBER


def _integer(text: str) -> int:
    if len(text.lstrip("-")) > 16 or abs(value := int(text)) > MAX_INTEGER:
        raise ProtocolError(f"an integer beyond ±{MAX_INTEGER}: {text[:24]}")
    return value


def _finite(text: str) -> float:
    value = float(text)
    if not math.isfinite(value):
        raise ProtocolError(f"a number that is not finite: {text[:24]}")
    return value


def _no_constant(name: str) -> Any:
    raise ProtocolError(f"a number that is not finite: {name}")


def decode(body: bytes) -> Request | Reply:
    """One message's body back as its class; ProtocolError names what is wrong."""
    try:
        data = json.loads(body.decode(), parse_int=_integer, parse_float=_finite, parse_constant=_no_constant)
    except (UnicodeDecodeError, json.JSONDecodeError) as exc:
        raise ProtocolError(f"not a message (not UTF-8 JSON: {exc})") from None
    except RecursionError:
        raise ProtocolError("not a message (nested too deep)") from None
    if _LONE_SURROGATE_ESCAPE.search(body) and not _is_text(data):
        raise ProtocolError("not a message (text that is no UTF-8 text: a lone surrogate escape)")
    if not isinstance(data, dict) or not isinstance(data.get("type"), str):
        raise ProtocolError("not a message (no type)")
    cls = _TYPES.get(data.pop("type"))
    if cls is None:
        raise ProtocolError("an unknown message type")
    given: dict[str, Any] = {}
    for f in fields(cls):
        if f.name not in data:
            if f.default is MISSING:
                raise ProtocolError(f"{cls.__name__}: {f.name} is missing")
            continue
        value = data.pop(f.name)
        wanted = _JSON_TYPES[str(f.type)]
        if not isinstance(value, wanted) or (isinstance(value, bool) and bool not in wanted):
            raise ProtocolError(f"{cls.__name__}: {f.name} is not a {f.type!s}")
        if wanted == (int,) and not is_number(value):
            raise ProtocolError(f"{cls.__name__}: {f.name} is not a number 0 … {MAX_NUMBER}")
        given[f.name] = value
    if data:
        raise ProtocolError(f"{cls.__name__}: unknown fields {sorted(data)}")
    message: Request | Reply = cls(**given)
    return message


def _is_text(value: Any) -> bool:
    """Whether every string in ``value`` is UTF-8 text (a lone surrogate is none)."""
    try:
        json.dumps(value, ensure_ascii=False).encode("utf-8")
    except UnicodeEncodeError:
        return False
    return True


def _read_exactly(sock: socket.socket, n: int) -> bytes:
    chunks, left = [], n
    while left:
        chunk = sock.recv(min(left, 1 << 16))
        if not chunk:
            raise Disconnected("the connection closed")
        chunks.append(chunk)
        left -= len(chunk)
    return b"".join(chunks)


def receive(sock: socket.socket) -> Request | Reply:
    """One message from a blocking socket (Disconnected, ProtocolError)."""
    (length,) = _LENGTH.unpack(_read_exactly(sock, _LENGTH.size))
    if length > MAX_MESSAGE:
        raise ProtocolError(f"a message of {length} bytes is longer than {MAX_MESSAGE}")
    return decode(_read_exactly(sock, length))


def send(sock: socket.socket, message: Request | Reply) -> None:
    sock.sendall(encode(message))
