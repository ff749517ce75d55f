"""Who authorises a floor act, and what the act is, as the room records it.

A floor act (voiding a hand, a ruling that moves chips, closing a table whose record fails its
check, stacks the floor counted) is confirmed by a ``FloorAuthority``: alone, the local floor
accounts (``LocalAccounts``: record/floor_accounts.py); at a table in a room, the floor
person's own room login (room/floor_login.py), which records the act in the room first and is
named, with the room's id of the act, in the table's row (``FloorSignature``).

``FloorAct`` is what the room keeps of an act: its kind, the table session and hand, and a
digest of what the act does — the row's payload without the floor's signature — so that a
reader can match each signed row with the room's act (``act_of_row``).
"""

from __future__ import annotations

import hashlib
import json
from dataclasses import dataclass
from typing import TYPE_CHECKING, Any, Protocol

from dealer_app.record.rows import CloseTableRow, IrregularityRow, OpenTableRow, RulingRow, SwitchGameRow

if TYPE_CHECKING:
    from dealer_app.record.rows import Payload

# the act kinds the room takes (room/migrations/0008) and the row kind each is written as,
# with the payload key that holds the floor's signature. The floor's switch of a mixed table's
# game (M-2) is a ruling of the floor's to the room: the act's digest tells it from a ruling row.
VOID, RULING, CLOSE, STACKS = "void", "ruling", "close", "stacks"
SIGNED_IN: dict[str, tuple[str, str]] = {
    IrregularityRow.kind: (VOID, "by"),
    RulingRow.kind: (RULING, "by"),
    CloseTableRow.kind: (CLOSE, "by"),
    OpenTableRow.kind: (STACKS, "stacks_confirmed_by"),
    SwitchGameRow.kind: (RULING, "by"),
}
# (each act kind's first row kind: a ruling is written as a ruling row)
ROW_KIND_OF = {act: row_kind for row_kind, (act, _key) in reversed(SIGNED_IN.items())}


def act_digest(row_kind: str, payload: Payload) -> str:
    """SHA-256 of what a row does: its payload as JSON (sorted keys), less the floor's signature."""
    _act, key = SIGNED_IN[row_kind]
    unsigned = {k: v for k, v in payload.items() if k != key}
    text = json.dumps(unsigned, sort_keys=True, ensure_ascii=False, separators=(",", ":"))
    return hashlib.sha256(text.encode()).hexdigest()


@dataclass(frozen=True)
class FloorAct:
    """One floor act as the room records it (room.floor_acts)."""

    kind: str  # VOID | RULING | CLOSE | STACKS
    session: int
    hand: int
    digest: str

    @classmethod
    def of(cls, row_kind: str, payload: Payload, session: int, hand: int) -> FloorAct:
        """The act a row (still unsigned, or signed: the signature is left out) records."""
        return cls(SIGNED_IN[row_kind][0], session, hand, act_digest(row_kind, payload))


@dataclass(frozen=True)
class FloorSignature:
    """Who made a floor act, as the row names it: the floor person's name; in a room also their
    room login and the room's id of the act (absent in older rows and at a table alone)."""

    name: str
    room_login: str | None = None
    room_act: int | None = None

    def to_dict(self) -> dict[str, Any]:
        signed: dict[str, Any] = {"role": "floor", "name": self.name}
        if self.room_login is not None:
            signed["room_login"] = self.room_login
        if self.room_act is not None:
            signed["room_act"] = self.room_act
        return signed

    @classmethod
    def from_dict(cls, d: Payload) -> FloorSignature | None:
        """The signature a row's payload holds (None: not the floor's)."""
        if not isinstance(d, dict) or d.get("role") != "floor":
            return None
        act = d.get("room_act")
        login = d.get("room_login")
        return cls(
            str(d.get("name", "")),
            login if isinstance(login, str) else None,
            act if isinstance(act, int) and not isinstance(act, bool) else None,
        )


def act_of_row(row_kind: str, payload: Payload, session: int, hand: int) -> tuple[FloorAct, FloorSignature] | None:
    """A recorded row that is a floor act, with the signature it carries (None: not one). A
    room ruling the dealer applied is the room console's act, not this table's floor's."""
    if row_kind not in SIGNED_IN or "room_ruling" in payload:
        return None
    signature = FloorSignature.from_dict(payload.get(SIGNED_IN[row_kind][1]) or {})
    if signature is None:
        return None
    return FloorAct.of(row_kind, payload, session, hand), signature


class FloorAuthority(Protocol):
    """Confirms a floor act: the floor's signature for the row, or FloorRefused (with the
    ``row`` to record when a name and password were tried and refused)."""

    @property
    def in_room(self) -> bool:
        """Whether the floor gives their room login (the dialog is worded for the room)."""
        ...

    def confirm(self, name: str, passphrase: str, act: FloorAct | None) -> dict[str, Any]: ...


class LocalAccounts:
    """The floor accounts of this table (record/floor_accounts.py): a table alone."""

    in_room = False

    def confirm(self, name: str, passphrase: str, act: FloorAct | None) -> dict[str, Any]:
        from dealer_app.record.floor_accounts import confirm_floor

        return confirm_floor(name, passphrase)


LOCAL_ACCOUNTS = LocalAccounts()
