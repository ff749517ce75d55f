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
  floor act the floor did not confirm; one check covers one such row (the seventh attack pass:
  one check let one commit write five rulings naming her);
- a table closed, or not in the record, is not held: nothing more is written to it; a
  ``close_table`` row comes only in a ``CloseTable`` request, as the window writes it, and no
  client sends a row only the store writes (``STORE_WRITES``: the record's check would say its
  sessions table was edited);
- every row is one the record's own reader takes (``read_payload``: not nested too deep, a JSON
  object), and follows the table's rows as its readers fold them, in row order
  (recordsvc/session_order.py): an input or an undo of the hand being dealt, an undo naming
  what it takes back, a room's ruling applied between hands;
- a refused floor act (``floor_refused``) is the service's to record, never a client's: the
  service checks the passphrases, and a window could otherwise record tries nobody made.
A client that does not read its replies is dropped after ``SEND_TIMEOUT`` (a reply is sent whole
before the next client is served: one that never read stalled the service for everyone).
A request the service cannot handle (a fault of its own) is answered all the same, "the
request could not be handled", its traceback in the log, and the service goes on serving.
The peer's uid and pid are in the service's log for every connection.

With a card room, the service is also the table's link to it (``RoomLink``, made by
room/service_link.py and handed in by the command, since the room's modules sit above this
one): the window names the room (``JoinRoom``) and polls the forwarder's state
(``RoomStatus``); the start check (``AskRoom``) and the floor's room login (``ConfirmRoomFloor``)
are made here too, with the record and its keys, which the dealer's login cannot reach. A
ruling of the room's floor that the forwarder brought is the one row naming a floor person that
needs no passphrase checked here: the room's floor confirmed it (``RoomLink.vouches``).
"""

from __future__ import annotations

import json
import logging
import os
import selectors
import socket
import struct
import time
from dataclasses import asdict, dataclass, field
from pathlib import Path
from typing import Any, Protocol

from dealer_app.engine.says import QT_TRANSLATE_NOOP, Says, says
from dealer_app.record.chain import load_or_create_key
from dealer_app.record.floor_accounts import BACKOFF, FloorRefused, confirm_floor
from dealer_app.record.floor_signing import FLOOR_ROLE, SIGNED_IN, floor_claim
from dealer_app.record.payload import read_payload
from dealer_app.record.room_ruling_content import room_ruling_id
from dealer_app.record.rows import (
    STORE_WRITES,
    CloseTableRow,
    FloorRefusedRow,
    OpenTableRow,
    RecordRow,
    RulingRow,
    as_written,
    row_from_dict,
)
from dealer_app.record.signing import FileSigner
from dealer_app.record.store import RecordError, SessionLocked, Store, StoreError, applied_room_rulings
from dealer_app.recordsvc import protocol as p
from dealer_app.recordsvc.session_order import SessionOrder
from dealer_app.recordsvc.words import data_of
from dealer_app.settings import ANCHORS_NAME, KEY_NAME, RECORD_NAME, SIGNING_KEY_NAME

log = logging.getLogger("dealer_app.recordsvc")
FLOOR_WINDOW = 120.0  # seconds a checked floor passphrase stands for the act it confirms
# seconds a reply may wait for its client to read: one that does not is dropped (the seventh attack
# pass pipelined 754 requests and read no reply; the blocking send stalled every other client)
SEND_TIMEOUT = 3.0
BACKOFF_NAME = "floor-backoff.json"  # the refused floor names' waits, in the service's state folder
_CRED = struct.Struct("3i")  # struct ucred: pid, uid, gid


class RoomLink(Protocol):
    """The table's link to a card room, kept by the service (room/service_link.py)."""

    def join(self, store: Store, url: str, label: str) -> None: ...
    def leave(self) -> None: ...
    def status(self) -> p.RoomState: ...
    def ask(self, store: Store, url: str) -> p.RoomChecked: ...
    def confirm_floor(self, store: Store, name: str, passphrase: str, act: dict[str, Any]) -> dict[str, Any]: ...
    def vouches(self, row: RecordRow, session: int | None = None, hand: int | None = None) -> bool: ...


@dataclass
class _Peer:
    sock: socket.socket
    uid: int
    pid: int
    buffer: bytearray = field(default_factory=bytearray)
    held: set[int] = field(default_factory=set)


@dataclass(frozen=True)
class _Check:
    """A floor person's passphrase found right by this service: when, and the signature given."""

    at: float
    by: dict[str, Any]


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
        role = value.get("role")
        # (any spelling of the floor's role: "Floor" or " floor" claims the floor as much as "floor")
        is_floor = isinstance(role, str) and role.strip().casefold() == FLOOR_ROLE
        found = {str(value.get("name"))} if is_floor else set()
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

    def __init__(
        self, socket_path: Path, record_dir: Path, floor_accounts: Path | None = None, room: RoomLink | None = None
    ) -> None:
        self.store = open_store(record_dir)
        self.floor_accounts = floor_accounts
        self.room = room
        self.socket_path = socket_path
        self.holders: dict[int, _Peer] = {}  # table session -> the connection holding it
        # table session -> its rows as the readers fold them (kept: a commit reads no more than its rows)
        self.orders: dict[int, SessionOrder] = {}
        # each table's fold as its current hand began: a request refused part-way folds one hand again
        self.checkpoints: dict[int, SessionOrder] = {}
        # (connection, name case-folded) -> each time its passphrase was right, and the signature the
        # account gave, oldest first: one check covers one floor act, written with that signature,
        # never the client's (the seventh attack pass: one check let one commit write five rulings)
        self.floor_checked: dict[tuple[int, str], list[_Check]] = {}
        BACKOFF.keep_in(record_dir / BACKOFF_NAME)  # (a restart forgets no refusal's wait)
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
                    continue
                try:
                    self._readable(key.data)
                except Exception:  # (a fault of the service's own: said in its log; the others are served)
                    log.exception("uid %d (pid %d): the connection failed; it is closed", key.data.uid, key.data.pid)
                    if key.data.sock.fileno() != -1:
                        self._drop(key.data, "the service failed on its request")

    def stop(self) -> None:
        self.running = False

    def close(self) -> None:
        for key in list(self.selector.get_map().values()):
            if key.data is not None:
                self._drop(key.data, "the service stopped")
        self.selector.close()
        self.listener.close()
        if self.room is not None:
            self.room.leave()
        self.store.close()
        BACKOFF.keep_in(None)

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
        for key in [k for k in self.floor_checked if k[0] == id(peer)]:  # (a later connection may reuse its id)
            del self.floor_checked[key]
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
            except Exception as exc:  # (the last line: every request is answered, the service serves on)
                reply = self._could_not_handle(peer, body, exc)
            try:
                peer.sock.settimeout(SEND_TIMEOUT)  # (a reply is small: sent whole before the next peer)
                p.send(peer.sock, reply)
                peer.sock.setblocking(False)
            except TimeoutError:
                log.warning(
                    "uid %d (pid %d): reads no reply in %.0f s: its connection is closed",
                    peer.uid,
                    peer.pid,
                    SEND_TIMEOUT,
                )
                self._drop(peer, "it read no reply")
                return
            except (OSError, ValueError) as exc:
                self._drop(peer, str(exc))
                return

    def _could_not_handle(self, peer: _Peer, body: bytes, exc: Exception) -> p.Refused:
        """A request the service failed on (a fault of its own, not the client's): its traceback
        in the log, and the answer says so (the store rolled back a write it was in)."""
        log.exception(
            "uid %d (pid %d): a request could not be handled (%s …)",
            peer.uid,
            peer.pid,
            body[:80].decode(errors="replace"),
        )
        self.orders.clear()  # (what was folded may not be what was written)
        detail = f"{type(exc).__name__}: {exc}"[:200].encode("utf-8", "backslashreplace").decode()
        return p.Refused.of(
            says(QT_TRANSLATE_NOOP("Errors", "the request could not be handled (%1)"), detail), p.RECORD
        )

    def _refuse_and_drop(self, peer: _Peer, why: str) -> None:
        log.warning("uid %d (pid %d): refused a request that is not the protocol's: %s", peer.uid, peer.pid, why)
        try:
            peer.sock.settimeout(SEND_TIMEOUT)
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
                _rows_a_client_writes(rows)
                rows = self._floor_confirmed(peer, rows, [None] * len(rows))
                _check_opening(table, profile, rows)
                refusal = SessionOrder.opening([as_written(row) for row in rows])
                if refusal is not None:
                    raise RecordError(refusal)
                session = store.open_session(table, profile, rows)
                self._hold(peer, session)
                return p.Opened(session)
            case p.Commit(session=session, parts=parts):
                hands = []
                for part in parts:
                    if not (isinstance(part, list) and len(part) == 2 and p.is_number(part[0])):
                        raise p.ProtocolError(f"a commit's part is [hand number 0 … {p.MAX_NUMBER}, rows]")
                    hands.append((part[0], _rows(part[1] if isinstance(part[1], list) else [None])))
                self._must_hold(peer, session)
                flat = [row for _, rows in hands for row in rows]
                _rows_a_client_writes(flat)
                order = self._in_order(session, hands)
                places: list[tuple[int, int] | None] = [(session, hand) for hand, rows in hands for _ in rows]
                confirmed = iter(self._floor_confirmed(peer, flat, places))
                hands = [(hand, [next(confirmed) for _ in rows]) for hand, rows in hands]
                seals = store.append_hands(session, hands)
                self._written(order, len(flat))
                return p.Committed([asdict(seal) for seal in seals], store.anchor_problem)
            case p.CloseTable(session=session, hand=hand, rows=data):
                return self._close(peer, session, hand, _rows(data))
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
                return p.Failing([[s, h, str(text), _words(text)] for (s, h), text in store.failing().items()])
            case p.TableId():
                return p.Text(store.table_id())
            case p.ConfirmFloor(name=name, passphrase=passphrase):
                return self._confirm_floor(peer, name, passphrase)
            case p.AppendFloorRows(session=session, hand=hand, rows=data):
                rows = _rows(data)
                _rows_a_client_writes(rows)
                self._floor_rows(peer, session, rows)
                order = self._in_order(session, [(hand, rows)])
                rows = self._floor_confirmed(peer, rows, [(session, hand)] * len(rows))
                seals = store.append(session, hand, rows)
                self._written(order, len(rows))
                return p.Committed([asdict(seal) for seal in seals], store.anchor_problem)
            case p.ConfirmRoomFloor(name=name, passphrase=passphrase, act=act):
                return self._confirm_room_floor(peer, name, passphrase, act)
            case p.JoinRoom(url=url, label=label):
                self._room().join(store, url, label)
                log.info("uid %d (pid %d): the record is forwarded to a card room", peer.uid, peer.pid)
                return self._room().status()
            case p.LeaveRoom():
                self._room().leave()
                return self._room().status()
            case p.RoomStatus():
                return self._room().status()
            case p.AskRoom(url=url):
                return self._room().ask(store, url)
        raise p.ProtocolError(f"{type(request).__name__} is a reply, not a request")

    def _close(self, peer: _Peer, session: int, hand: int, rows: list[RecordRow]) -> p.Reply:
        """Table session ``session`` closed with ``rows`` (its close_table row, as the window writes it)."""
        if self.holders.get(session, peer) is not peer:
            raise SessionLocked(_held_elsewhere(session))
        _rows_a_client_writes(rows, closing=True)
        self._in_order(session, [(hand, rows)])
        checks = {key: list(kept) for key, kept in self.floor_checked.items()}
        rows = self._floor_confirmed(peer, rows, [(session, hand)] * len(rows))
        try:
            _one_close_as_written(rows)
            self._hold(peer, session)
        except StoreError:  # (nothing is written: the floor's checks stand for the close made next)
            self.floor_checked = checks
            raise
        self.store.close_session(session, rows, hand)
        self._release(peer, session)
        self.orders.pop(session, None)  # (a closed table is written to no more)
        self.checkpoints.pop(session, None)
        return p.Committed([], self.store.anchor_problem)

    def _room(self) -> RoomLink:
        if self.room is None:
            raise StoreError(
                says(QT_TRANSLATE_NOOP("Errors", "this record service has no card room link (started without one)"))
            )
        return self.room

    def _floor_rows(self, peer: _Peer, session: int, rows: list[RecordRow]) -> None:
        """The floor console writes rulings and refused floor acts only; a ruling that moves
        chips only on a table no other window deals (its seats would disagree with the record)."""
        for row in rows:
            if not isinstance(row, RulingRow | FloorRefusedRow):
                raise RecordError(
                    says(
                        QT_TRANSLATE_NOOP(
                            "Errors", "the floor console writes rulings and refused floor acts, not a %1 row"
                        ),
                        row.kind,
                    )
                )
        holder = self.holders.get(session)
        moves = any(isinstance(r, RulingRow) and r.to_dict().get("chips") for r in rows)
        if moves and holder is not None and holder is not peer:
            raise SessionLocked(
                says(
                    QT_TRANSLATE_NOOP(
                        "Errors",
                        "table session %1 is being dealt in another window: "
                        "a ruling that moves chips is made at that table",
                    ),
                    session,
                )
            )

    def _hold(self, peer: _Peer, session: int) -> None:
        holder = self.holders.get(session)
        if holder is peer:
            return
        if holder is not None:
            raise SessionLocked(_held_elsewhere(session))
        if not self.store.is_open(session):  # (the seventh attack pass wrote a top-up to a closed table)
            raise RecordError(
                says(
                    QT_TRANSLATE_NOOP(
                        "Errors", "table session %1 is closed (or not in the record): nothing more is written to it"
                    ),
                    session,
                )
            )
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
            raise RecordError(
                says(
                    QT_TRANSLATE_NOOP("Errors", "table session %1 is not held by this window: open or resume it first"),
                    session,
                )
            )

    def _floor_confirmed(
        self, peer: _Peer, rows: list[RecordRow], places: list[tuple[int, int] | None]
    ) -> list[RecordRow]:
        """The rows as they are written: each floor act (``floor_claim``: a ruling, a void, a
        close, confirmed stacks, a game switch, whatever its role's spelling) only if this
        connection had the named floor person's passphrase checked by this service within
        ``FLOOR_WINDOW``, once, and signed with the signature the account gave (its name as the
        account spells it), never the client's. Any other row naming the floor the same. A room's
        ruling is applied once (``_room_rulings_once``); ``places``: each row's (session, hand),
        None where it has none yet (a table being opened)."""
        self._room_rulings_once(rows)
        now = time.monotonic()
        fresh = {key: [c for c in checks if now - c.at <= FLOOR_WINDOW] for key, checks in self.floor_checked.items()}
        taken: dict[tuple[int, str], int] = {}  # checks of each name this request's rows use up
        out: list[RecordRow] = []
        for row, place in zip(rows, places, strict=True):
            session, hand = place if place is not None else (None, None)
            if self.room is not None and self.room.vouches(row, session, hand):
                out.append(row)
                continue
            payload = row.to_dict()
            claim = floor_claim(row.kind, payload)
            named = _floor_names(payload)
            if claim is not None:
                named.add(str(claim.get("name", "")))
            used: dict[str, _Check] = {}  # (a row naming one person twice is one act of theirs)
            for name in sorted(named):
                key = (id(peer), name.strip().casefold())
                have, before = fresh.get(key, []), taken.get(key, 0)
                if before >= len(have):
                    log.warning(
                        "uid %d (pid %d): a floor act by %r without its passphrase: refused", peer.uid, peer.pid, name
                    )
                    raise RecordError(_unchecked(name, before))
                used[key[1]] = have[before]
                taken[key] = before + 1
            if claim is not None:
                check = used[str(claim.get("name", "")).strip().casefold()]
                signed = dict(payload, **{SIGNED_IN[row.kind][1]: dict(check.by)})
                row = row_from_dict(row.kind, signed)
            out.append(row)
        for key, checks in fresh.items():
            left = checks[taken.get(key, 0) :]
            if left:
                self.floor_checked[key] = left
            else:
                del self.floor_checked[key]
        return out

    def _in_order(self, session: int, hands: list[tuple[int, list[RecordRow]]]) -> SessionOrder:
        """The table's rows folded as its readers fold them, in row order, with these rows after
        them (recordsvc/session_order.py): RecordError, in words, for the first row that cannot
        follow (an input or undo of another hand than the one being dealt, an undo naming
        another input than it takes back, a room's ruling applied while a hand is dealt). The
        fold of the record is kept between commits (the service is its only writer); it is
        taken out while a request uses it, and put back by ``_written`` (a request refused or
        failing part-way leaves it out: it is folded again from the record when next asked, from
        a copy kept as the table's hand began, so a refused commit costs one hand's rows)."""
        order = self.orders.pop(session, None)  # (back in ``_written``: a request that fails drops it)
        last = self.store.last_row_id(session)
        if order is None or order.last_row != last:
            since = self.checkpoints.get(session)  # (the hand's start: one hand's rows to fold again)
            order = SessionOrder.of(
                self.store, session, since if since is not None and since.last_row <= last else None
            )
        for hand, rows in hands:
            for row in rows:
                refusal = order.take(hand, row.kind, row.to_dict())
                if refusal is not None:
                    log.warning("table session %d: a %s row refused: %s", session, row.kind, refusal)
                    raise RecordError(refusal)
        return order

    def _written(self, order: SessionOrder, count: int) -> None:
        """``order`` folded the ``count`` rows just written: kept as the table's fold, if those
        are all the rows written to the table since (else it is folded afresh when next asked)."""
        since = self.store.db.execute(
            "SELECT COUNT(*), MAX(id) FROM log WHERE session_id = ? AND id > ?", (order.session, order.last_row)
        ).fetchone()
        if since[0] == count and since[1] is not None:
            order.last_row = since[1]
            self.orders[order.session] = order
            if not order.fold.inputs:  # a hand just dealt, or between hands: a small copy, once a hand
                self.checkpoints[order.session] = order.copy()
        else:
            self.orders.pop(order.session, None)

    def _room_rulings_once(self, rows: list[RecordRow]) -> None:
        """No room ruling applied twice: not two rows of one request naming the same room ruling,
        nor one the record has applied already (whatever hash the row names) — the fourth attack
        pass's two copies of one vouched ruling moved its chips twice (RecordError, in words)."""
        named = [rid for row in rows if isinstance(row, RulingRow) and (rid := room_ruling_id(row.payload)) is not None]
        if not named:
            return
        applied = {rid for rid, _hash in applied_room_rulings(self.store.db)}
        seen: set[int] = set()
        for rid in named:
            if rid in applied:
                raise RecordError(
                    says(
                        QT_TRANSLATE_NOOP("Errors", "the room's ruling %1 is applied in this record already: refused"),
                        rid,
                    )
                )
            if rid in seen:
                raise RecordError(
                    says(
                        QT_TRANSLATE_NOOP("Errors", "the room's ruling %1 is applied twice in one commit: refused"), rid
                    )
                )
            seen.add(rid)

    def _record_refusal(self, peer: _Peer, refused: FloorRefused) -> dict[str, Any] | None:
        """A refused floor passphrase, written by the service itself into the table this
        connection holds (its last hand; else the record's newest table), in turn with that
        table's commits (one thread); None when written (the client has nothing to write), else
        the row for the client to write (no table in the record yet)."""
        if refused.row is None:
            return None
        sessions = sorted(peer.held) or [s.id for s in self.store.all_sessions()[-1:]]
        if not sessions:
            return refused.row.to_dict()
        session = sessions[-1]
        try:
            self.store.append(session, self.store.last_hand_no(session), [refused.row])
        except StoreError as exc:
            log.warning("uid %d (pid %d): a refused floor act could not be recorded: %s", peer.uid, peer.pid, exc)
            return refused.row.to_dict()
        log.info("uid %d (pid %d): a refused floor act recorded in table session %d", peer.uid, peer.pid, session)
        return None

    def _confirm_floor(self, peer: _Peer, name: str, passphrase: str) -> p.Reply:
        try:
            by = confirm_floor(name, passphrase, self.floor_accounts)
        except FloorRefused as exc:
            log.warning("uid %d (pid %d): floor act refused for %r", peer.uid, peer.pid, name[:60])
            return p.Refused.of(exc.says, p.FLOOR, self._record_refusal(peer, exc))
        self._checked(peer, by)
        log.info("uid %d (pid %d): floor account %s confirmed", peer.uid, peer.pid, by["name"])
        return p.FloorConfirmed(by)

    def _checked(self, peer: _Peer, by: dict[str, Any]) -> None:
        """One more floor act of ``by``'s may be written on this connection."""
        key = (id(peer), str(by["name"]).strip().casefold())
        self.floor_checked.setdefault(key, []).append(_Check(time.monotonic(), dict(by)))

    def _confirm_room_floor(self, peer: _Peer, name: str, passphrase: str, act: dict[str, Any]) -> p.Reply:
        try:
            by = self._room().confirm_floor(self.store, name, passphrase, act)
        except FloorRefused as exc:
            log.warning("uid %d (pid %d): room floor act refused for %r", peer.uid, peer.pid, name[:60])
            return p.Refused.of(exc.says, p.FLOOR, self._record_refusal(peer, exc))
        self._checked(peer, by)
        log.info("uid %d (pid %d): room floor login %s confirmed", peer.uid, peer.pid, by["name"])
        return p.FloorConfirmed({k: v for k, v in by.items()})


def _rows_a_client_writes(rows: list[RecordRow], closing: bool = False) -> None:
    """Rows a client may send (RecordError, in words): no refused floor act (the service records
    those itself: the sixth attack pass's dealer wrote fifty tries by Maria she never made), and
    each row one the record's own reader takes as the store writes it (``read_payload``): a row
    it refuses is skipped by every reader (the pass's room ruling applied with a confirmation
    nested 40 deep was offered, and applied, again). No row only the store writes itself
    (``STORE_WRITES``), and a ``close_table`` row only as the table is closed (``closing``: a
    ``CloseTable`` request, its one row as the window writes it, ``_one_close_as_written``, checked
    after the floor's passphrase): the seventh pass's
    ``close_table`` and ``record_upgraded`` rows, committed as rows of a hand, made the record's
    check say the sessions table was edited, failing the whole table's evidence."""
    _closing_rows(rows, closing)
    for row in rows:
        if isinstance(row, FloorRefusedRow):
            raise RecordError(
                says(
                    QT_TRANSLATE_NOOP(
                        "Errors",
                        "a refused floor act is recorded by the record service itself, not sent to it: refused",
                    )
                )
            )
        kind, payload = as_written(row)
        try:
            readable = isinstance(read_payload(json.dumps(payload, sort_keys=True, ensure_ascii=False)), dict)
        except ValueError as exc:
            log.warning("a %s row the record's reader refuses: %s", kind, exc)
            readable = False
        if not readable:
            raise RecordError(
                says(
                    QT_TRANSLATE_NOOP(
                        "Errors",
                        "a %1 row that the record's own reader cannot read (nested too deep, or not a JSON object): refused",
                    ),
                    kind[:40],
                )
            )


def _closing_rows(rows: list[RecordRow], closing: bool) -> None:
    """RecordError, in words: a row only the store writes, or a close_table row outside a close."""
    for row in rows:
        if row.kind in STORE_WRITES:
            raise RecordError(
                says(
                    QT_TRANSLATE_NOOP("Errors", "the %1 row is written by the record itself, not sent to it: refused"),
                    row.kind,
                )
            )
        if row.kind == CloseTableRow.kind and not closing:
            raise RecordError(
                says(
                    QT_TRANSLATE_NOOP(
                        "Errors", "a close_table row is written as the table is closed, not as a row of a hand: refused"
                    )
                )
            )


def _one_close_as_written(rows: list[RecordRow]) -> None:
    """A close is no row (the store writes its own) or one close_table row as the window writes
    it (RecordError, in words)."""
    if not (rows == [] or (len(rows) == 1 and _closes_as_written(rows[0]))):
        raise RecordError(
            says(
                QT_TRANSLATE_NOOP(
                    "Errors",
                    "a table is closed with one close_table row as the window writes it "
                    "(the hand left open or not; or not resumed, a failing table by the floor): refused",
                )
            )
        )


def _closes_as_written(row: RecordRow) -> bool:
    """The close_table payloads the window writes (live/record_writer.py, live/floor_acts.py):
    {} (the store's own), the hand left open or not, not resumed, or a failing table not
    resumed closed by the floor (saying why)."""
    if not isinstance(row, CloseTableRow):
        return False
    payload = row.to_dict()
    shape = set(payload)
    if shape <= {"hand_open"}:
        return isinstance(payload.get("hand_open", False), bool)
    if shape == {"resumed"}:
        return payload["resumed"] is False
    return (
        shape == {"resumed", "by", "failing"}
        and payload["resumed"] is False
        and isinstance(payload["failing"], str)
        and isinstance(payload["by"], dict)
        and floor_claim(row.kind, payload) is not None
    )


def _check_opening(table: str, profile: str, rows: list[RecordRow]) -> None:
    """A table opens with its ``open_table`` row first, naming the same limit table and profile
    as the request, each as played and readable, and each the house's own: the one of that name
    in the service's limits folder, as played: the dealer's login cannot open a table of nothing,
    of a limit table or profile that does not exist (the third attack pass: an empty open failed
    the record's check), or of rules of its own under the house's name."""
    from dealer_app.engine.limits import (
        LimitsError,
        load_profile,
        load_table,
        played_differently,
        profile_from_record,
        table_from_record,
    )

    first = rows[0] if rows else None
    if not isinstance(first, OpenTableRow):
        raise RecordError(
            says(
                QT_TRANSLATE_NOOP(
                    "Errors", "a table opens with its open_table row first (limit table, profile, stacks): refused"
                )
            )
        )
    if (first.table, first.profile) != (table, profile):
        raise RecordError(
            says(
                QT_TRANSLATE_NOOP("Errors", "the open_table row names limit table %1 and profile %2, not %3 and %4"),
                first.table[:60],
                first.profile[:60],
                table[:60],
                profile[:60],
            )
        )
    missing = (
        says(
            QT_TRANSLATE_NOOP("Errors", "the limit table %1 does not exist (or is not readable as played): refused"),
            table[:60],
        ),
        says(
            QT_TRANSLATE_NOOP("Errors", "the profile %1 does not exist (or is not readable as played): refused"),
            profile[:60],
        ),
    )
    for name in (table, profile):
        if Path(name).name != name or name.endswith((".yaml", ".yml")) or name in ("", ".", ".."):
            # (the review of the eighth pass: a name that is a path loaded the client's own file)
            raise RecordError(
                says(
                    QT_TRANSLATE_NOOP(
                        "Errors", "%1 is a path, not the name of one of the house's limit tables or profiles: refused"
                    ),
                    name[:60],
                )
            )
    for refusal, name, data, from_record, from_folder in (
        (missing[0], table, first.limit_table, table_from_record, load_table),
        (missing[1], profile, first.house_profile, profile_from_record, load_profile),
    ):
        try:
            from_record(data) if data is not None else None
            house = from_folder(name)
        except (LimitsError, OSError, TypeError, ValueError, KeyError):
            raise RecordError(refusal) from None
        differs = played_differently(data, house) if data is not None else None
        if differs is not None:
            # the eighth attack pass: the dealer's client read a limits folder of its own
            # (DEALER_APP_LIMITS) with stud-5-10's bets at $500/$1000 and played it as stud-5-10
            raise RecordError(
                says(
                    QT_TRANSLATE_NOOP(
                        "Errors",
                        "%1 as the table sent it is not the house's %1 (the record service's limits folder): "
                        "its %2 differs: refused",
                    ),
                    name[:60],
                    differs,
                )
            )


def _unchecked(name: str, acts_before: int) -> Says:
    """Why a row naming floor person ``name`` is refused: no passphrase of theirs checked (or
    each one checked covers an earlier row of the request already)."""
    if acts_before:
        return says(
            QT_TRANSLATE_NOOP(
                "Errors",
                "one passphrase check of %1 confirms one floor act: %2 rows name them and the record service "
                "checked their passphrase %3 times: refused",
            ),
            name[:60] or "?",
            acts_before + 1,
            acts_before,
        )
    return says(
        QT_TRANSLATE_NOOP("Errors", "a floor act by %1 whose passphrase the record service did not check: refused"),
        name[:60] or "?",
    )


def _held_elsewhere(session: int) -> Says:
    return says(QT_TRANSLATE_NOOP("Errors", "this table (session %1) is open in another dealer-app window"), session)


def _words(text: object) -> dict[str, Any] | None:
    """A problem's sentence as data, when it keeps one (a ``Said``), for the reader's language."""
    sentence = getattr(text, "says", None)
    return data_of(sentence) if isinstance(sentence, Says) else None
