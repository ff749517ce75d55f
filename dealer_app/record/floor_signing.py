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

from dealer_app.record.rows import (
    CloseTableRow,
    InputRow,
    IrregularityRow,
    OpenTableRow,
    RedoRow,
    RulingRow,
    SitRow,
    SwitchGameRow,
    UndoRow,
)

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
    # (the fourth attack pass: a void is the floor's however it is sent — as an input or a redo
    # row too — and so is taking one back; stacks a sit row says the floor counted skip the
    # buy-in rules on replay. Listed after their act's first row kind: ROW_KIND_OF keeps that.)
    InputRow.kind: (VOID, "by"),
    RedoRow.kind: (VOID, "by"),
    UndoRow.kind: (VOID, "by"),
    SitRow.kind: (STACKS, "confirmed_by"),
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


FLOOR_ROLE = "floor"  # the one spelling of the floor's role a signed floor act carries
_ALWAYS_FLOOR = (RulingRow.kind, SwitchGameRow.kind)  # rows only the floor makes, whoever they name


VOID_CODES = ("I-6", "I-7")  # the irregularities that void a hand: the floor's call (STUD_RULES I-6, I-7)
_GIVEN_ROWS = (IrregularityRow.kind, InputRow.kind, RedoRow.kind, UndoRow.kind)  # rows holding an input


def is_void_input(given: Any) -> bool:
    """Whether an input (its JSON list) declares the hand void: a misdeal or a fouled deck."""
    return isinstance(given, list) and len(given) >= 2 and given[0] == "irregularity" and given[1] in VOID_CODES


def floor_claim(row_kind: str, payload: Payload) -> dict[str, Any] | None:
    """The signature a row carries if the row is a floor act, whatever its role says (None: not
    a floor act). The one list of floor acts is ``SIGNED_IN``: a ruling and a game switch are
    the floor's whatever they name; so is a void (I-6, I-7), sent as an irregularity, an input
    or a redo row, and an undo that takes a void back (the fourth attack pass: a void "by the
    dealer" went unchecked, and the dealer undid the floor's void); so is a sit row with stacks
    it says were confirmed (on replay they skip the buy-in rules). Another irregularity, a close
    or an opening's confirmed stacks are the floor's when they name anyone but the dealer
    (``{"role": "dealer"}``). A role spelt "Floor", "FLOOR " or "flor" still claims a floor act:
    it is an unsigned one, not "not a floor act" (the third attack pass)."""
    if row_kind not in SIGNED_IN:
        return None
    signed = payload.get(SIGNED_IN[row_kind][1])
    if row_kind in _GIVEN_ROWS and is_void_input(payload.get("input")):
        always = True
    elif row_kind in (InputRow.kind, RedoRow.kind, UndoRow.kind):
        return None
    elif row_kind == SitRow.kind:
        always = bool(signed)  # (replay seats it as played whenever confirmed_by is given)
    else:
        always = row_kind in _ALWAYS_FLOOR
    by_dealer = signed is None or (isinstance(signed, dict) and signed.get("role") == "dealer")
    if not always and by_dealer:
        return None
    return signed if isinstance(signed, dict) else {}


def signed_floor_name(signed: Any) -> str | None:
    """The floor person a signature names, if it is the floor's as written (role exactly
    ``floor``, a name): None for any other role or spelling."""
    if not isinstance(signed, dict) or signed.get("role") != FLOOR_ROLE:
        return None
    name = signed.get("name")
    return name if isinstance(name, str) and name.strip() else None


NOT_FLOOR_LOGIN = "not a floor login"  # the role a reader gives a room ruling filed by any other login


def filed_payload(payload: Payload, login: str, is_floor_login: bool) -> dict[str, Any]:
    """A room ruling as readers show and apply it: under the login the server says filed it
    (room.rulings.floor_login), never the name its payload gives (the third attack pass: floor_bob
    filed a ruling "by floor_anna"); a login that is not a floor's is said so, not as the floor."""
    return dict(payload, by={"role": FLOOR_ROLE if is_floor_login else NOT_FLOOR_LOGIN, "name": login})


def shown_floor_name(signed: Any) -> str:
    """The floor's name as a reader shows it: the name when the signature is the floor's, else
    words saying the act is unsigned (never a name it merely claims, shown as a floor person)."""
    name = signed_floor_name(signed)
    if name is not None:
        return name
    role = signed.get("role") if isinstance(signed, dict) else None
    claimed = signed.get("name") if isinstance(signed, dict) else None
    if role == NOT_FLOOR_LOGIN:
        return f"NOT FILED BY A FLOOR LOGIN (filed by {str(claimed)[:63]})"
    if role is None and claimed is None:  # (no signature at all: there is no "None" to show)
        return "UNSIGNED floor act (names no one)"
    if claimed is None:
        return f"UNSIGNED floor act (role {str(role)[:20]!r}, no name)"
    return f"UNSIGNED floor act (role {str(role)[:20]!r}, name {str(claimed)[:40]!r} not checked)"


UNSIGNED_FLOOR = "unsigned floor act"  # the record's check names such a row (record/integrity.py)


def unsigned_floor_words(row_kind: str, payload: Payload) -> str | None:
    """Why a row is an unsigned floor act (English), or None: a floor act whose signature names
    a role that is not exactly ``floor`` ("Floor", "FLOOR", "dealer" on a ruling) or no name.
    (A ruling that names no one at all, as rulings from before signatures, is not said here; a
    void or an undo of one that names no one is: nothing before signatures wrote one so.)"""
    claim = floor_claim(row_kind, payload)
    if claim is None or signed_floor_name(claim) is not None or (not claim and row_kind == RulingRow.kind):
        return None
    article = "an" if row_kind[:1] in "aeiou" else "a"  # (an undo, an irregularity, an input row)
    return (
        f"{article} {row_kind} row claims a floor act under a signature that is not the floor's "
        f"({shown_floor_name(claim)}): no floor person's passphrase stands behind it"
    )


@dataclass(frozen=True)
class FloorSignature:
    """Who made a floor act, as the row names it: the floor person's name; in a room also their
    room login and the room's id of the act (absent in older rows and at a table alone).
    ``signed`` False: the row claims a floor act under another role or spelling (unsigned)."""

    name: str
    room_login: str | None = None
    room_act: int | None = None
    signed: bool = True

    def to_dict(self) -> dict[str, Any]:
        signed: dict[str, Any] = {"role": "floor", "name": self.name}
        if self.room_login is not None:
            signed["room_login"] = self.room_login
        if self.room_act is not None:
            signed["room_act"] = self.room_act
        return signed

    @classmethod
    def from_dict(cls, d: Payload) -> FloorSignature | None:
        """The signature a row's payload holds (None: names no one, or the dealer); a role that
        is not exactly ``floor`` gives an unsigned one (``signed`` False), never the floor's."""
        if not isinstance(d, dict) or not d or d.get("role") == "dealer":
            return None
        act = d.get("room_act")
        login = d.get("room_login")
        return cls(
            str(d.get("name", "")),
            login if isinstance(login, str) else None,
            act if isinstance(act, int) and not isinstance(act, bool) else None,
            signed=signed_floor_name(d) is not None,
        )


def act_of_row(row_kind: str, payload: Payload, session: int, hand: int) -> tuple[FloorAct, FloorSignature] | None:
    """A recorded row that is a floor act, with the signature it carries (None: not one; an
    unsigned one, ``signed`` False, for a role not spelt ``floor``). A row that applies a room
    ruling (``room_ruling``) is the room console's act, checked against room.rulings instead
    (room/floor_act_check.py)."""
    claim = floor_claim(row_kind, payload)
    if claim is None or "room_ruling" in payload:
        return None
    signature = FloorSignature.from_dict(claim) or FloorSignature("", signed=False)
    if row_kind == SitRow.kind and signature.signed:
        return None  # (the opening's confirmed stacks: the room's act is the open_table row's)
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
