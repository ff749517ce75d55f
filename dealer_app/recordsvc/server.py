"""The record service's process: owns the record and its keys, and is the only writer.

One thread, one ``Store``: connections are served in turn by a ``selectors`` loop, so every
commit is one SQLite transaction made by this process (no thread shares the connection). Each
request is answered with the committed result or a ``Refused`` in words, and a request that
is not the protocol's (too long, not JSON, an unknown type) is refused and its connection
closed; the service goes on serving the others.

What the service checks before it writes, beyond what ``Store`` checks:
- a table is written only by the connection that holds it (``Hold``), and a connection that
  closes lets its tables go (a GUI that died frees its table, as the lock file did);
- a row that names a floor person (``{"role": "floor", "name": …}``) is committed only if
  that person's passphrase was checked by this service for the same login (the peer's uid,
  SO_PEERCRED) within the last ``FLOOR_WINDOW`` seconds, once: the dealer cannot write a
  floor act the floor did not confirm.
The peer's uid and pid are in the service's log for every connection.
"""

from __future__ import annotations

import logging
import os
import selectors
import socket
import struct
import time
from dataclasses import asdict, dataclass, field
from typing import TYPE_CHECKING, Any

from dealer_app.record.chain import load_or_create_key
from dealer_app.record.floor_accounts import FloorRefused, confirm_floor
from dealer_app.record.rows import FloorRefusedRow, RecordRow, row_from_dict
from dealer_app.record.signing import FileSigner
from dealer_app.record.store import RecordError, SessionLocked, Store, StoreError
from dealer_app.recordsvc import protocol as p
from dealer_app.settings import ANCHORS_NAME, KEY_NAME, RECORD_NAME, SIGNING_KEY_NAME

if TYPE_CHECKING:
    from pathlib import Path

log = logging.getLogger("dealer_app.recordsvc")
FLOOR_WINDOW = 120.0  # seconds a checked floor passphrase stands for the act it confirms
_CRED = struct.Struct("3i")  # struct ucred: pid, uid, gid


@dataclass
class _Peer:
    sock: socket.socket
    uid: int
    pid: int
    buffer: bytearray = field(default_factory=bytearray)
    held: set[int] = field(default_factory=set)


def peer_credentials(sock: socket.socket) -> tuple[int, int]:
    """The connecting process's (pid, uid), from the kernel (SO_PEERCRED): not what it says."""
    pid, uid, _gid = _CRED.unpack(sock.getsockopt(socket.SOL_SOCKET, socket.SO_PEERCRED, _CRED.size))
    return pid, uid


def open_store(record_dir: Path) -> Store:
    """The record in ``record_dir`` with its chain key, signing key and anchors file beside it
    (each made on first use; the keys mode 0600)."""
    return Store(
        record_dir / RECORD_NAME,
        key=load_or_create_key(record_dir / KEY_NAME),
        anchors=record_dir / ANCHORS_NAME,
        signer=FileSigner.load_or_create(record_dir / SIGNING_KEY_NAME),
    )


def _floor_names(value: Any) -> set[str]:
    """Every floor person a payload names as having confirmed something."""
    if isinstance(value, dict):
        found = {value["name"]} if value.get("role") == "floor" and isinstance(value.get("name"), str) else set()
        for item in value.values():
            found |= _floor_names(item)
        return found
    if isinstance(value, list):
        return set().union(*(_floor_names(v) for v in value)) if value else set()
    return set()


def _rows(data: list[Any]) -> list[RecordRow]:
    """Rows from the wire as the record's classes (ProtocolError: not rows)."""
    rows = []
    for item in data:
        if not (isinstance(item, list) and len(item) == 2 and isinstance(item[0], str) and isinstance(item[1], dict)):
            raise p.ProtocolError("a row is [kind, payload]")
        try:
            rows.append(row_from_dict(item[0], item[1]))
        except (KeyError, TypeError, ValueError) as exc:
            raise p.ProtocolError(f"not a {item[0]!r} row ({exc!r})") from None
    return rows


class RecordService:
    """Serves one record on one Unix socket until ``stop`` (or the process ends)."""

    def __init__(self, socket_path: Path, record_dir: Path, floor_accounts: Path | None = None) -> None:
        self.store = open_store(record_dir)
        self.floor_accounts = floor_accounts
        self.socket_path = socket_path
        self.holders: dict[int, _Peer] = {}  # table session -> the connection holding it
        self.floor_checked: dict[tuple[int, str], float] = {}  # (uid, name) -> when its passphrase was right
        if socket_path.is_socket():
            socket_path.unlink()  # (a service that died left it: nobody listens on it)
        self.listener = socket.socket(socket.AF_UNIX, socket.SOCK_STREAM)
        old = os.umask(0o117)  # the socket: the service's and its group's (the dealers), nobody else's
        try:
            self.listener.bind(str(socket_path))
        finally:
            os.umask(old)
        self.listener.listen(16)
        self.listener.setblocking(False)
        self.selector = selectors.DefaultSelector()
        self.selector.register(self.listener, selectors.EVENT_READ)
        self.running = True
        log.info("record service: %s on %s", self.store.path, socket_path)

    def serve_forever(self) -> None:
        while self.running:
            for key, _mask in self.selector.select(timeout=0.5):
                if key.fileobj is self.listener:
                    self._accept()
                else:
                    self._readable(key.data)

    def stop(self) -> None:
        self.running = False

    def close(self) -> None:
        for key in list(self.selector.get_map().values()):
            if key.data is not None:
                self._drop(key.data, "the service stopped")
        self.selector.close()
        self.listener.close()
        self.store.close()

    def _accept(self) -> None:
        try:
            sock, _ = self.listener.accept()
        except BlockingIOError:
            return
        pid, uid = peer_credentials(sock)
        sock.setblocking(False)
        peer = _Peer(sock, uid, pid)
        self.selector.register(sock, selectors.EVENT_READ, peer)
        log.info("connection from uid %d (pid %d)", uid, pid)

    def _drop(self, peer: _Peer, why: str) -> None:
        for session in list(peer.held):
            self._release(peer, session)
        self.selector.unregister(peer.sock)
        peer.sock.close()
        log.info("uid %d (pid %d) disconnected: %s", peer.uid, peer.pid, why)

    def _readable(self, peer: _Peer) -> None:
        try:
            chunk = peer.sock.recv(1 << 16)
        except OSError as exc:
            self._drop(peer, str(exc))
            return
        if not chunk:
            self._drop(peer, "closed")
            return
        peer.buffer += chunk
        while len(peer.buffer) >= 4:
            (length,) = struct.unpack(">I", peer.buffer[:4])
            if length > p.MAX_MESSAGE:
                self._refuse_and_drop(peer, f"a message of {length} bytes is longer than {p.MAX_MESSAGE}")
                return
            if len(peer.buffer) < 4 + length:
                return
            body = bytes(peer.buffer[4 : 4 + length])
            del peer.buffer[: 4 + length]
            try:
                request = p.decode(body)
                reply = self.answer(peer, request)
            except p.ProtocolError as exc:
                self._refuse_and_drop(peer, str(exc))
                return
            try:
                peer.sock.setblocking(True)  # (a reply is small: sent whole before the next peer)
                p.send(peer.sock, reply)
                peer.sock.setblocking(False)
            except OSError as exc:
                self._drop(peer, str(exc))
                return

    def _refuse_and_drop(self, peer: _Peer, why: str) -> None:
        log.warning("uid %d (pid %d): refused a request that is not the protocol's: %s", peer.uid, peer.pid, why)
        try:
            peer.sock.setblocking(True)
            p.send(peer.sock, p.Refused.of(f"not a record service request: {why}", p.PROTOCOL))
        except OSError:
            pass  # (it is closed either way)
        self._drop(peer, "a request that is not the protocol's")

    # --- the requests ----------------------------------------------------------------------
    def answer(self, peer: _Peer, request: p.Request | p.Reply) -> p.Reply:
        """The reply to one request; the store's refusals become ``Refused`` in words."""
        try:
            return self._answer(peer, request)
        except SessionLocked as exc:
            return p.Refused.of(exc.says or str(exc), p.LOCKED)
        except RecordError as exc:
            return p.Refused.of(exc.says or str(exc), p.RECORD)
        except StoreError as exc:
            return p.Refused.of(exc.says or str(exc), p.STORE)

    def _answer(self, peer: _Peer, request: p.Request | p.Reply) -> p.Reply:
        store = self.store
        match request:
            case p.Hello():
                return p.Record(str(store.path.resolve()), str(store.anchors_path.resolve()))
            case p.OpenTable(table=table, profile=profile, rows=data):
                rows = _rows(data)
                self._floor_confirmed(peer, rows)
                session = store.open_session(table, profile, rows)
                self._hold(peer, session)
                return p.Opened(session)
            case p.Commit(session=session, parts=parts):
                hands = []
                for part in parts:
                    if not (isinstance(part, list) and len(part) == 2 and isinstance(part[0], int)):
                        raise p.ProtocolError("a commit's part is [hand number, rows]")
                    hands.append((part[0], _rows(part[1] if isinstance(part[1], list) else [None])))
                self._must_hold(peer, session)
                self._floor_confirmed(peer, [row for _, rows in hands for row in rows])
                seals = store.append_hands(session, hands)
                return p.Committed([asdict(seal) for seal in seals], store.anchor_problem)
            case p.CloseTable(session=session, hand=hand, rows=data):
                rows = _rows(data)
                if self.holders.get(session, peer) is not peer:
                    raise SessionLocked(f"this table (session {session}) is open in another dealer-app window")
                self._floor_confirmed(peer, rows)
                self._hold(peer, session)
                store.close_session(session, rows, hand)
                self._release(peer, session)
                return p.Committed([], store.anchor_problem)
            case p.Hold(session=session, release=release):
                if release:
                    self._release(peer, session)
                else:
                    self._hold(peer, session)
                return p.Answer(True)
            case p.InUse(session=session):
                holder = self.holders.get(session)
                return p.Answer(holder is not None and holder is not peer)
            case p.Check():
                return p.Failing([[s, h, str(text)] for (s, h), text in store.failing().items()])
            case p.TableId():
                return p.Text(store.table_id())
            case p.ConfirmFloor(name=name, passphrase=passphrase):
                return self._confirm_floor(peer, name, passphrase)
        raise p.ProtocolError(f"{type(request).__name__} is a reply, not a request")

    def _hold(self, peer: _Peer, session: int) -> None:
        holder = self.holders.get(session)
        if holder is peer:
            return
        if holder is not None:
            raise SessionLocked(f"this table (session {session}) is open in another dealer-app window")
        self.store.lock_session(session)  # (against a program that opens the file itself)
        self.holders[session] = peer
        peer.held.add(session)
        log.info("uid %d (pid %d) holds table session %d", peer.uid, peer.pid, session)

    def _release(self, peer: _Peer, session: int) -> None:
        if self.holders.get(session) is peer:
            del self.holders[session]
            self.store.unlock_session(session)
        peer.held.discard(session)

    def _must_hold(self, peer: _Peer, session: int) -> None:
        if self.holders.get(session) is not peer:
            raise RecordError(f"table session {session} is not held by this window: open or resume it first")

    def _floor_confirmed(self, peer: _Peer, rows: list[RecordRow]) -> None:
        """Refuse rows naming a floor person whose passphrase this service did not just check
        for this login; each check stands for one commit."""
        now = time.monotonic()
        named = set().union(*(_floor_names(row.to_dict()) for row in rows if not isinstance(row, FloorRefusedRow)))
        for name in sorted(named):
            checked = self.floor_checked.get((peer.uid, name))
            if checked is None or now - checked > FLOOR_WINDOW:
                log.warning(
                    "uid %d (pid %d): a floor act by %s without its passphrase: refused", peer.uid, peer.pid, name
                )
                raise RecordError(f"a floor act by {name} whose passphrase the record service did not check: refused")
        for name in named:
            del self.floor_checked[(peer.uid, name)]

    def _confirm_floor(self, peer: _Peer, name: str, passphrase: str) -> p.Reply:
        try:
            by = confirm_floor(name, passphrase, self.floor_accounts)
        except FloorRefused as exc:
            log.warning("uid %d (pid %d): floor act refused for %r", peer.uid, peer.pid, name[:60])
            row = exc.row.to_dict() if exc.row is not None else None
            return p.Refused.of(exc.says, p.FLOOR, row)
        self.floor_checked[(peer.uid, by["name"])] = time.monotonic()
        log.info("uid %d (pid %d): floor account %s confirmed", peer.uid, peer.pid, by["name"])
        return p.FloorConfirmed(by)
