"""An installed table's link to the card room, kept by its record service (recordsvc/).

On a table installed from the package the record and its keys are the service's: the dealer's
login reads the record and cannot write it. The room link needs what only the service has —
the chain's key (``room.register_table`` takes it), the table's room identity (made once in the
record's keyed meta), the record's commits (each wakes the forwarder), and the right to record
what the room says (the start check's witness; a room ruling applied) — so the service runs it:

- ``ServiceRoom`` (in the service): the ``Forwarder`` of the record it holds, started by a
  ``JoinRoom`` request that names the room's URL (the table's room login, from the dealer's
  Settings, as run from source) and the table's name there, stopped by ``LeaveRoom``; its
  ``ForwardState`` reported on ``RoomStatus``. The start check (``AskRoom``) and the floor's
  room login (``ConfirmRoomFloor``) run here on the service's record, and a room ruling the
  forwarder brought is the one floor-signed row it commits without a passphrase checked here
  (``vouches``): the room's floor confirmed it, under their own room login.
- ``ServiceForwarder`` (in the window): stands where the ``Forwarder`` stands for a record the
  table writes itself; it sends ``JoinRoom``/``LeaveRoom`` and its ``poll`` asks ``RoomStatus``
  (ui/room_link.py polls it twice a second: a request over a local socket, ~0.1 ms).

The other design — the window runs the forwarder on the record read-only and asks the service
for the few writes — was not taken: the forwarder would need the chain's key in the dealer's
process, which is what the service is there to keep out of it. What this one gives the dealer's
login: it names the room (as from source, in the Settings), so it can point the service at a
server of its own, which then receives what any room receives (the rows, the heads, the
public key and the chain's key ``register_table`` takes). It cannot make the service write
anything but the record's own rows and what a room's floor signed.
"""

from __future__ import annotations

import contextlib
from dataclasses import asdict, fields
from typing import TYPE_CHECKING, Any

from dealer_app.engine.says import QT_TRANSLATE_NOOP, Said, says
from dealer_app.record.floor_accounts import FloorRefused
from dealer_app.record.floor_signing import FloorAct
from dealer_app.record.room_ruling_content import content_differs
from dealer_app.record.rows import RulingRow
from dealer_app.record.store import RecordError, StoreError, applied_room_rulings
from dealer_app.recordsvc import protocol as p
from dealer_app.recordsvc.words import WordsError, data_of, says_of
from dealer_app.room.database import RoomError
from dealer_app.room.forwarder import STOPPED, Forwarder, ForwardState, PendingRuling
from dealer_app.room.start_check import RoomAnswer, ask_room

if TYPE_CHECKING:
    from dealer_app.record.rows import RecordRow
    from dealer_app.record.store import Store
    from dealer_app.recordsvc.client import ServiceStore

NONE = "none"  # RoomState.state when the service forwards to no room


def room_state(state: ForwardState | None) -> p.RoomState:
    """A forwarder's state as the protocol's reply (None: no room)."""
    if state is None:
        return p.RoomState(NONE, 0, 0, "", [], 0, 0)
    return p.RoomState(
        state.state,
        state.on_server,
        state.waiting,
        state.detail,
        [asdict(r) for r in state.rulings],
        state.lost,
        state.differs,
    )


def forward_state(reply: p.RoomState) -> ForwardState:
    """The reply back as the forwarder's state (StoreError: rulings not of their shape)."""
    names = {f.name for f in fields(PendingRuling)}
    rulings = []
    for data in reply.rulings:
        if set(data) != names:
            raise StoreError(f"the record service sent a room ruling of other fields: {sorted(data)[:8]}")
        rulings.append(PendingRuling(**data))
    state = STOPPED if reply.state == NONE else reply.state
    return ForwardState(state, reply.on_server, reply.waiting, reply.detail, tuple(rulings), reply.lost, reply.differs)


class ServiceRoom:
    """The service's room link (``recordsvc.server.RoomLink``): one forwarder at a time."""

    def __init__(self, retry_max_s: float = 5.0) -> None:
        self.forwarder: Forwarder | None = None
        self.url: str | None = None
        self.store: Store | None = None
        self.retry_max_s = retry_max_s

    def join(self, store: Store, url: str, label: str) -> None:
        self.leave()
        if not url:
            return
        try:
            forwarder = Forwarder(store, url, label or None, retry_max_s=self.retry_max_s)
            self.forwarder = forwarder.start()
        except (RoomError, OSError) as exc:
            raise StoreError(
                says(QT_TRANSLATE_NOOP("Errors", "the record cannot be forwarded to the card room: %1"), str(exc))
            ) from None
        self.url, self.store = url, store

    def leave(self) -> None:
        if self.forwarder is not None:
            self.forwarder.stop()
        self.forwarder, self.url = None, None

    def status(self) -> p.RoomState:
        return room_state(self.forwarder.state if self.forwarder is not None else None)

    def ask(self, store: Store, url: str) -> p.RoomChecked:
        answer = ask_room(store, url)
        note = answer.note.says if answer.note is not None else None
        return p.RoomChecked(answer.checked, data_of(note) if note is not None else None)

    def confirm_floor(self, store: Store, name: str, passphrase: str, act: dict[str, Any]) -> dict[str, Any]:
        from dealer_app.room.floor_login import RoomFloorLogin

        if self.url is None:
            raise FloorRefused(
                says(
                    QT_TRANSLATE_NOOP(
                        "Errors", "this table is not linked to a card room now: a floor act in the room cannot be made"
                    )
                )
            )
        try:
            floor_act = FloorAct(str(act["kind"]), int(act["session"]), int(act["hand"]), str(act["digest"]))
        except (KeyError, TypeError, ValueError):
            raise p.ProtocolError("a floor act is its kind, session, hand and digest") from None
        if not (p.is_number(floor_act.session) and p.is_number(floor_act.hand)):  # (the room's columns hold no more)
            raise p.ProtocolError(f"a floor act's session and hand are numbers 0 … {p.MAX_NUMBER}")
        return RoomFloorLogin(self.url, store.table_id()).confirm(name, passphrase, floor_act)

    def vouches(self, row: RecordRow, session: int | None = None, hand: int | None = None) -> bool:
        """A ruling row that applies a ruling of the room's floor, as the forwarder brought it:
        its id and hash, its floor login, and the ruling as the room filed it — every field of it
        (``content_differs``: chips, decision, witnesses, …), on the table session and hand the
        room filed it on (``session``/``hand``: where the row is committed) — signed with that
        login as the floor's name (never another name: the third attack pass), not applied by
        the record yet. A row naming a pending ruling but carrying other content is refused in
        words (RecordError), not left to the passphrase check (the fourth attack pass: a second
        copy with another decision moved the chips twice)."""
        if self.forwarder is None or self.store is None or not isinstance(row, RulingRow):
            return False
        payload = row.payload
        for pending in self.forwarder.state.rulings:
            rid = payload.get("room_ruling")
            # (the exact int: 2.0 == 2 in Python, and a float id is no room ruling to any reader)
            if type(rid) is not int or (rid, payload.get("room_hash")) != (pending.id, pending.hash):
                continue
            differs = content_differs(payload, pending.data, pending.hand, pending.floor_login)
            if (session, hand) != (pending.session, pending.hand):
                differs.insert(0, "table session and hand")
            if payload.get("floor_login") != pending.floor_login:
                differs.insert(0, "floor_login")
            if differs:
                raise RecordError(
                    says(
                        QT_TRANSLATE_NOOP(
                            "Errors",
                            "the row applying the room's ruling %1 is not the ruling as the room filed it "
                            "(it differs in %2): refused",
                        ),
                        pending.id,
                        ", ".join(differs)[:200],
                    )
                )
            return pending.id not in {rid for rid, _hash in applied_room_rulings(self.store.db)}
        return False


class ServiceForwarder:
    """The window's side of the service's forwarder: what ui/room_link.py holds as its
    forwarder for a record the service keeps."""

    def __init__(self, store: ServiceStore, url: str, label: str | None) -> None:
        self.store, self.url, self.label = store, url, label or ""
        self.state = ForwardState("connecting", 0, 0)

    def start(self) -> ServiceForwarder:
        """The service forwards from now on (StoreError: it cannot, in its words)."""
        self.state = forward_state(self.store.join_room(self.url, self.label))
        return self

    def poll(self) -> ForwardState:
        """The service's forwarder's latest state (StoreError: the service is gone)."""
        self.state = forward_state(self.store.room_status())
        return self.state

    def stop(self, wait: bool = False) -> None:
        with contextlib.suppress(StoreError):  # (a service that is gone forwards nothing either)
            self.store.leave_room()


def ask_room_through(store: ServiceStore, url: str) -> RoomAnswer:
    """The start check, made by the service on its record (its finding witnessed there: the
    record's check, which the window asks the service for, then fails)."""
    reply = store.ask_room(url)
    note = None
    if reply.note is not None:
        try:
            note = Said(says_of(reply.note))
        except WordsError as exc:
            raise StoreError(f"the record service sent a note that is not a sentence: {exc}") from None
    return RoomAnswer(reply.checked, (), note)


__all__ = ["ServiceForwarder", "ServiceRoom", "ask_room_through", "forward_state", "room_state"]
