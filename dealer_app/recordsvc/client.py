"""The live table's record when a record service keeps it: ``ServiceStore``.

A ``Store`` that reads the record file itself, read-only (the file is the dealers' group's to
read), and sends every write to the service: opening and closing a table, committing rows,
holding a table, the record's check (the service has the chain's key) and the floor's
passphrases. Nothing here opens the record or a key for writing, so the dealer's login needs no
right to either. A refused write is a ``RecordError`` with the service's words, and a service
that is gone (stopped, crashed) is one too: the live table then applies nothing and says so.
"""

from __future__ import annotations

import contextlib
import socket
from pathlib import Path
from typing import TYPE_CHECKING, Any, TypeVar

from dealer_app.engine.says import QT_TRANSLATE_NOOP, says
from dealer_app.record.chain import Anchor
from dealer_app.record.floor_accounts import FloorRefused
from dealer_app.record.rows import FloorRefusedRow, as_written
from dealer_app.record.store import RecordError, SessionLocked, Store, StoreError
from dealer_app.recordsvc import protocol as p
from dealer_app.settings import record_socket

if TYPE_CHECKING:
    from dealer_app.record.floor_signing import FloorAct, FloorAuthority
    from dealer_app.record.integrity import KeptCheck
    from dealer_app.record.rows import RecordRow

CONNECT_TIMEOUT = 5.0  # seconds: a service that does not answer is a write that failed
REPLY_TIMEOUT = 30.0  # (a commit waits for the disk: SQLite's synchronous=FULL)


def _wire(rows: list[RecordRow]) -> list[p.RowData]:
    return [list(as_written(row)) for row in rows]


class ServiceConnection:
    """One connection to the service: a request, its reply (``call``)."""

    def __init__(self, path: Path) -> None:
        self.path = path
        self.sock = socket.socket(socket.AF_UNIX, socket.SOCK_STREAM)
        self.sock.settimeout(CONNECT_TIMEOUT)
        try:
            self.sock.connect(str(path))
        except OSError as exc:
            self.sock.close()
            raise StoreError(
                says(
                    QT_TRANSLATE_NOOP("Errors", "the record service (%1) cannot be reached: %2"),
                    path,
                    exc.strerror or exc,
                )
            ) from None
        self.sock.settimeout(REPLY_TIMEOUT)

    def call(self, request: p.Request) -> p.Reply:
        """The service's reply; RecordError if it is gone (then nothing more is sent)."""
        try:
            p.send(self.sock, request)
            reply = p.receive(self.sock)
        except (OSError, p.Disconnected, p.ProtocolError) as exc:
            self.sock.close()
            raise RecordError(
                says(
                    QT_TRANSLATE_NOOP("Errors", "the record service (%1) did not answer: %2 — nothing was changed"),
                    self.path,
                    str(exc) or type(exc).__name__,
                )
            ) from None
        if isinstance(reply, p.Refused):
            raise _refusal(reply)
        if not isinstance(reply, p.REPLIES):
            raise RecordError(f"the record service sent a {type(reply).__name__}, not a reply")
        return reply

    def close(self) -> None:
        self.sock.close()


def _refusal(reply: p.Refused) -> StoreError:
    if reply.what == p.LOCKED:
        return SessionLocked(reply.says)
    if reply.what == p.FLOOR:
        row = FloorRefusedRow.from_dict(reply.floor_row) if reply.floor_row is not None else None
        return _FloorRefusedByService(reply.says, row)
    if reply.what == p.STORE:
        return StoreError(reply.says)
    return RecordError(reply.says)


class _FloorRefusedByService(StoreError):
    def __init__(self, message: object, row: FloorRefusedRow | None) -> None:
        super().__init__(message)  # type: ignore[arg-type]
        self.row = row


_T = TypeVar("_T")


def _expect(reply: p.Reply, kind: type[_T]) -> _T:
    if not isinstance(reply, kind):
        raise RecordError(f"the record service answered {type(reply).__name__}, not {kind.__name__}")
    return reply


class ServiceStore(Store):
    """The record the service at ``socket_path`` keeps, read here, written there."""

    service: ServiceConnection

    @classmethod
    def connect(cls, socket_path: Path) -> ServiceStore:
        service = ServiceConnection(socket_path)
        try:
            record = _expect(service.call(p.Hello()), p.Record)
        except StoreError:
            service.close()
            raise
        self = cls.following(Path(record.path), None, Path(record.anchors))
        assert isinstance(self, ServiceStore)
        self.service = service
        return self

    # --- what the service does ---------------------------------------------------------------
    def open_session(self, table: str, profile: str, rows: list[RecordRow] | None = None) -> int:
        return _expect(self.service.call(p.OpenTable(table, profile, _wire(rows or []))), p.Opened).session

    def append_hands(self, session_id: int, parts: list[tuple[int, list[RecordRow]]]) -> list[Anchor]:
        committed = _expect(
            self.service.call(p.Commit(session_id, [[hand, _wire(rows)] for hand, rows in parts])), p.Committed
        )
        self.anchor_problem = committed.anchor_problem
        self.last_anchored = [Anchor(**seal) for seal in committed.seals]
        return list(self.last_anchored)

    def close_session(self, session_id: int, rows: list[RecordRow] | None = None, hand_no: int = 0) -> None:
        committed = _expect(self.service.call(p.CloseTable(session_id, hand_no, _wire(rows or []))), p.Committed)
        self.anchor_problem = committed.anchor_problem

    def lock_session(self, session_id: int) -> None:
        self.service.call(p.Hold(session_id))

    def unlock_session(self, session_id: int) -> None:
        with contextlib.suppress(StoreError):  # (a service that is gone holds nothing for this window)
            self.service.call(p.Hold(session_id, release=True))

    def session_in_use(self, session_id: int) -> bool:
        return _expect(self.service.call(p.InUse(session_id)), p.Answer).value

    def failing(self, kept: KeptCheck | None = None) -> dict[tuple[int, int | None], str]:
        problems = _expect(self.service.call(p.Check()), p.Failing).problems
        return {(int(s), None if h is None else int(h)): str(text) for s, h, text in problems}

    def table_id(self) -> str:
        return _expect(self.service.call(p.TableId()), p.Text).text

    def confirm_floor(self, name: str, passphrase: str) -> dict[str, str]:
        """The floor's passphrase checked by the service (FloorRefused, as in-process)."""
        try:
            return _expect(self.service.call(p.ConfirmFloor(name, passphrase)), p.FloorConfirmed).by
        except _FloorRefusedByService as exc:
            raise FloorRefused(exc.says or says(str(exc)), exc.row) from None

    def close(self) -> None:
        self.service.close()
        self.db.close()


def service_store() -> ServiceStore | None:
    """The record service's record if its socket is there (``settings.record_socket``), else
    None: the table keeps its own record (run from source)."""
    path = record_socket()
    if path is None or not path.exists():
        return None
    return ServiceStore.connect(path)


class ServiceAccounts:
    """The floor accounts of an installed table: checked by the record service, which keeps the
    accounts file out of the dealer's reach and signs only rows whose floor it checked (a
    ``FloorAuthority``, record/floor_signing.py)."""

    in_room = False

    def __init__(self, store: ServiceStore):
        self.store = store

    def confirm(self, name: str, passphrase: str, act: FloorAct | None) -> dict[str, Any]:
        return self.store.confirm_floor(name, passphrase)


def authority_for(store: Store | None, authority: FloorAuthority) -> FloorAuthority:
    """Who confirms a floor act on ``store``: the record service when it keeps the record and
    the table would check local accounts; else ``authority`` (the local accounts, or the room)."""
    if isinstance(store, ServiceStore) and not authority.in_room:
        return ServiceAccounts(store)
    return authority


__all__ = ["ServiceAccounts", "ServiceStore", "authority_for", "service_store"]
