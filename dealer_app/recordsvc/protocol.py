"""The record service's wire protocol: one frozen dataclass per request and per reply.

A message is 4 bytes of length (big-endian) and that many bytes of UTF-8 JSON, an object with
``"type"`` (the class's name) and the class's fields. Nothing else is read: never pickle, no
code and no class chosen by the peer beyond the names listed here. A message longer than
``MAX_MESSAGE`` is refused before it is read, and a message that is not one of these classes
with fields of the right JSON types is a ``ProtocolError`` naming what was wrong.

Rows travel as ``[kind, payload]`` (record/rows.py's ``as_written``), read back with
``row_from_dict``: the service re-makes each row as the record's own class, so a kind the record
does not know is refused as it would be in-process.
"""

from __future__ import annotations

import json
import struct
from dataclasses import MISSING, asdict, dataclass, fields
from typing import TYPE_CHECKING, Any

from dealer_app.engine.says import Says, english

if TYPE_CHECKING:
    import socket

MAX_MESSAGE = 4 * 1024 * 1024  # a hand's rows are a few KB; a whole table opened with its profile ~100 KB
_LENGTH = struct.Struct(">I")

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
    by: dict[str, str]


@dataclass(frozen=True)
class Refused:
    """The request was refused and nothing was changed: ``words`` (a template and its values,
    for the dealer's language), ``what`` which kind of refusal (``RECORD``, ``LOCKED``,
    ``FLOOR``, ``STORE``, ``PROTOCOL``); a refused floor act's row to record, if one."""

    template: str
    args: list[str]
    what: str
    floor_row: dict[str, Any] | None = None

    @property
    def says(self) -> Says:
        return Says(self.template, tuple(self.args))

    @classmethod
    def of(cls, message: Says | str, what: str, floor_row: dict[str, Any] | None = None) -> Refused:
        if isinstance(message, Says):
            return cls(str(message.template), [english(a) for a in message.args], what, floor_row)
        return cls(str(message).replace("%", "%%"), [], what, floor_row)


RECORD, LOCKED, FLOOR, STORE, PROTOCOL = "record", "locked", "floor", "store", "protocol"

Request = Hello | OpenTable | Commit | CloseTable | Hold | InUse | Check | TableId | ConfirmFloor
Reply = Record | Opened | Committed | Answer | Failing | Text | FloorConfirmed | Refused
REPLIES = (Record, Opened, Committed, Answer, Failing, Text, FloorConfirmed, Refused)
_TYPES: dict[str, type[Any]] = {
    cls.__name__: cls
    for cls in (
        Hello, OpenTable, Commit, CloseTable, Hold, InUse, Check, TableId, ConfirmFloor,
        Record, Opened, Committed, Answer, Failing, Text, FloorConfirmed, Refused,
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
    "str | None": (str, type(None)),
    "dict[str, Any] | None": (dict, type(None)),
}


def encode(message: Request | Reply) -> bytes:
    body = json.dumps({"type": type(message).__name__, **asdict(message)}, ensure_ascii=False).encode()
    if len(body) > MAX_MESSAGE:
        raise ProtocolError(f"a {type(message).__name__} of {len(body)} bytes is longer than {MAX_MESSAGE}")
    return _LENGTH.pack(len(body)) + body


def decode(body: bytes) -> Request | Reply:
    """One message's body back as its class; ProtocolError names what is wrong."""
    try:
        data = json.loads(body.decode())
    except (UnicodeDecodeError, json.JSONDecodeError) as exc:
        raise ProtocolError(f"not a message (not UTF-8 JSON: {exc})") from None
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
        given[f.name] = value
    if data:
        raise ProtocolError(f"{cls.__name__}: unknown fields {sorted(data)}")
    message: Request | Reply = cls(**given)
    return message


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
