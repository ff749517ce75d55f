"""The record's rows: one frozen class per kind, each with the payload dict the record keeps.

A row is written as its ``kind`` and ``to_dict()`` (JSON with sorted keys), and read back with
``row_from_dict``. ``to_dict`` gives exactly the payload the app wrote before these classes
existed — an optional field absent stays absent — so old and new records read alike and every
row's keyed hash covers the same bytes. A row kind's name is written here and nowhere else.
"""

from __future__ import annotations

from dataclasses import dataclass, field
from typing import Any, ClassVar

Payload = dict[str, Any]


@dataclass(frozen=True)
class RecordRow:
    kind: ClassVar[str]

    def to_dict(self) -> Payload:
        raise NotImplementedError


def _given(**optional: Any) -> Payload:
    """The optional fields that are set (None: absent from the payload)."""
    return {k: v for k, v in optional.items() if v is not None}


@dataclass(frozen=True)
class OpenTableRow(RecordRow):
    """A table opened: the limit table and profile it is played by (as played: older records
    name them only); ``stacks_confirmed_by``: the floor who confirmed the stacks."""

    kind: ClassVar[str] = "open_table"
    table: str
    profile: str
    limit_table: Payload | None = None
    house_profile: Payload | None = None
    stacks_confirmed_by: Payload | None = None

    def to_dict(self) -> Payload:
        return {
            "table": self.table,
            "profile": self.profile,
            **_given(
                limit_table=self.limit_table,
                house_profile=self.house_profile,
                stacks_confirmed_by=self.stacks_confirmed_by,
            ),
        }

    @classmethod
    def from_dict(cls, p: Payload) -> OpenTableRow:
        return cls(p["table"], p["profile"], p.get("limit_table"), p.get("house_profile"), p.get("stacks_confirmed_by"))


@dataclass(frozen=True)
class SitRow(RecordRow):
    """A player sits (``buy_in`` cents); ``confirmed_by``: stacks the floor confirmed (no buy-in)."""

    kind: ClassVar[str] = "sit"
    seat: int
    name: str
    buy_in: int
    confirmed_by: Payload | None = None

    def to_dict(self) -> Payload:
        return {
            "seat": self.seat,
            "name": self.name,
            "buy_in": self.buy_in,
            **_given(confirmed_by=self.confirmed_by),
        }

    @classmethod
    def from_dict(cls, p: Payload) -> SitRow:
        return cls(p["seat"], p["name"], p["buy_in"], p.get("confirmed_by") or None)


@dataclass(frozen=True)
class TopUpRow(RecordRow):
    kind: ClassVar[str] = "top_up"
    seat: int
    amount: int

    def to_dict(self) -> Payload:
        return {"seat": self.seat, "amount": self.amount}

    @classmethod
    def from_dict(cls, p: Payload) -> TopUpRow:
        return cls(p["seat"], p["amount"])


@dataclass(frozen=True)
class LeaveRow(RecordRow):
    """A player leaves with their stack (``cash_out`` cents)."""

    kind: ClassVar[str] = "leave"
    seat: int
    name: str = ""
    cash_out: int = 0

    def to_dict(self) -> Payload:
        return {"seat": self.seat, "name": self.name, "cash_out": self.cash_out}

    @classmethod
    def from_dict(cls, p: Payload) -> LeaveRow:
        return cls(p["seat"], p.get("name", ""), p.get("cash_out", 0))


@dataclass(frozen=True)
class SitOutRow(RecordRow):
    kind: ClassVar[str] = "sit_out"
    seat: int

    def to_dict(self) -> Payload:
        return {"seat": self.seat}

    @classmethod
    def from_dict(cls, p: Payload) -> SitOutRow:
        return cls(p["seat"])


@dataclass(frozen=True)
class SitInRow(RecordRow):
    kind: ClassVar[str] = "sit_in"
    seat: int

    def to_dict(self) -> Payload:
        return {"seat": self.seat}

    @classmethod
    def from_dict(cls, p: Payload) -> SitInRow:
        return cls(p["seat"])


@dataclass(frozen=True)
class HandStartRow(RecordRow):
    """A hand dealt: its number, every seat in it as [seat, name, starting stack], and at a
    mixed table the game it is dealt as (M-3; a one-game table's game is its open_table's)."""

    kind: ClassVar[str] = "hand_start"
    hand: int
    seats: list[list[Any]] | None = None  # (records from before seats were kept: None)
    game: str | None = None

    def to_dict(self) -> Payload:
        return {"hand": self.hand, **_given(seats=self.seats, game=self.game)}

    @classmethod
    def from_dict(cls, p: Payload) -> HandStartRow:
        return cls(p.get("hand", 0), p.get("seats"), p.get("game"))


@dataclass(frozen=True)
class InputRow(RecordRow):
    """A dealer's input (its JSON list: ``record.inputs``); ``by``: who confirmed it."""

    kind: ClassVar[str] = "input"
    input: list[Any]
    by: Payload | None = None

    def to_dict(self) -> Payload:
        return {"input": self.input, **_given(by=self.by)}

    @classmethod
    def from_dict(cls, p: Payload) -> InputRow:
        return cls(p["input"], p.get("by"))


@dataclass(frozen=True)
class IrregularityRow(InputRow):
    """An irregularity reported, with who confirmed it (the dealer, or the floor for a void)."""

    kind: ClassVar[str] = "irregularity"


@dataclass(frozen=True)
class RedoRow(InputRow):
    """An undone input given again."""

    kind: ClassVar[str] = "redo"


@dataclass(frozen=True)
class UndoRow(RecordRow):
    """The hand's last input taken back (the input, as it was); ``by``: the floor who confirmed
    taking back a floor act (a void: record/floor_signing.floor_claim), else absent."""

    kind: ClassVar[str] = "undo"
    input: list[Any]
    by: Payload | None = None

    def to_dict(self) -> Payload:
        return {"input": self.input, **_given(by=self.by)}

    @classmethod
    def from_dict(cls, p: Payload) -> UndoRow:
        return cls(p["input"], p.get("by"))


@dataclass(frozen=True)
class RulingRow(RecordRow):
    """A floor ruling (its payload: ``floor.rulings.Ruling.payload``, signed with the floor)."""

    kind: ClassVar[str] = "ruling"
    payload: Payload = field(default_factory=dict)

    def to_dict(self) -> Payload:
        return self.payload

    @property
    def chips(self) -> dict[str, int]:
        return self.payload.get("chips") or {}

    @classmethod
    def from_dict(cls, p: Payload) -> RulingRow:
        return cls(p)


@dataclass(frozen=True)
class SwitchGameRow(RecordRow):
    """The floor switched a mixed table's game between hands (M-1, M-2): the input
    (``["switch_game", game]``: record/inputs.SwitchGame) and the floor who confirmed it (``by``).
    Written under the last hand's number; the next hand starts a new round of ``game``."""

    kind: ClassVar[str] = "switch_game"
    input: list[Any]
    by: Payload | None = None

    @property
    def game(self) -> str:
        return str(self.input[1])

    def to_dict(self) -> Payload:
        return {"input": self.input, **_given(by=self.by)}

    @classmethod
    def from_dict(cls, p: Payload) -> SwitchGameRow:
        return cls(p["input"], p.get("by"))


@dataclass(frozen=True)
class FloorRefusedRow(RecordRow):
    """A floor act refused: the account named (``by``, as the floor's acts name it) with a wrong
    passphrase, or a name that is no account. Kept so that guessing leaves a trace the floor
    sees; the passphrase tried is never recorded. Changes no hand (the fold passes it by)."""

    kind: ClassVar[str] = "floor_refused"
    by: Payload
    reason: str

    def to_dict(self) -> Payload:
        return {"by": self.by, "reason": self.reason}

    @classmethod
    def from_dict(cls, p: Payload) -> FloorRefusedRow:
        return cls(p.get("by") or {}, p.get("reason", ""))


@dataclass(frozen=True)
class HandEndRow(RecordRow):
    """The awards confirmed: each pot (amount, eligible seats, winners) and every seat's net."""

    kind: ClassVar[str] = "hand_end"
    pots: list[Payload]
    net: dict[str, int]

    def to_dict(self) -> Payload:
        return {"pots": self.pots, "net": self.net}

    @classmethod
    def from_dict(cls, p: Payload) -> HandEndRow:
        return cls(p.get("pots") or [], p.get("net") or {})


@dataclass(frozen=True)
class ResumeRow(RecordRow):
    kind: ClassVar[str] = "resume"
    session: int

    def to_dict(self) -> Payload:
        return {"session": self.session}

    @classmethod
    def from_dict(cls, p: Payload) -> ResumeRow:
        return cls(p.get("session", 0))


@dataclass(frozen=True)
class CloseTableRow(RecordRow):
    """A table closed: from its window (``hand_open``), or from the resume list without
    resuming it (``resumed`` False; a failing table by the floor, ``by``, saying why)."""

    kind: ClassVar[str] = "close_table"
    hand_open: bool | None = None
    resumed: bool | None = None
    by: Payload | None = None
    failing: str | None = None

    def to_dict(self) -> Payload:
        return _given(hand_open=self.hand_open, resumed=self.resumed, by=self.by, failing=self.failing)

    @classmethod
    def from_dict(cls, p: Payload) -> CloseTableRow:
        return cls(p.get("hand_open"), p.get("resumed"), p.get("by"), p.get("failing"))


@dataclass(frozen=True)
class RecordUpgradedRow(RecordRow):
    """A format-1 record re-chained with the key: each table's times as the old one had them."""

    kind: ClassVar[str] = "record_upgraded"
    opened_at: str | None
    closed_at: str | None
    format1_head: str

    def to_dict(self) -> Payload:
        return {"opened_at": self.opened_at, "closed_at": self.closed_at, "format1_head": self.format1_head}

    @classmethod
    def from_dict(cls, p: Payload) -> RecordUpgradedRow:
        return cls(p.get("opened_at"), p.get("closed_at"), p.get("format1_head", ""))


@dataclass(frozen=True)
class SigningStartedRow(RecordRow):
    """An older record (keyed chain only) moves to signed heads at its table's next session: the
    table's public key, and how many rows the record held before (covered from here on by the
    signed heads through the chain)."""

    kind: ClassVar[str] = "signing_started"
    public_key: str
    key_id: str
    rows_before: int

    def to_dict(self) -> Payload:
        return {"public_key": self.public_key, "key_id": self.key_id, "rows_before": self.rows_before}

    @classmethod
    def from_dict(cls, p: Payload) -> SigningStartedRow:
        return cls(p["public_key"], p["key_id"], p["rows_before"])


@dataclass(frozen=True)
class EventRow(RecordRow):
    """What an input caused, as older records kept it (derived by replaying now; never written)."""

    kind: ClassVar[str] = "event"
    payload: Payload = field(default_factory=dict)

    def to_dict(self) -> Payload:
        return self.payload

    @classmethod
    def from_dict(cls, p: Payload) -> EventRow:
        return cls(p)


ROW_KINDS: dict[str, type[Any]] = {
    c.kind: c
    for c in (
        OpenTableRow,
        SitRow,
        TopUpRow,
        LeaveRow,
        SitOutRow,
        SitInRow,
        HandStartRow,
        InputRow,
        IrregularityRow,
        RedoRow,
        UndoRow,
        RulingRow,
        SwitchGameRow,
        FloorRefusedRow,
        HandEndRow,
        ResumeRow,
        CloseTableRow,
        RecordUpgradedRow,
        SigningStartedRow,
        EventRow,
    )
}
# the rows that give the hand an input (the fold applies them), and those a hand's summary reads
GIVING_KINDS = frozenset({InputRow.kind, IrregularityRow.kind, RedoRow.kind})


def row_from_dict(kind: str, payload: Payload) -> RecordRow:
    """The typed row of a record's (kind, payload); KeyError for a kind the app never wrote,
    KeyError/TypeError for a payload out of shape."""
    return ROW_KINDS[kind].from_dict(payload)  # type: ignore[no-any-return]


# rows the store writes itself, never a client (recordsvc refuses them; a closed table may hold them)
STORE_WRITES = frozenset({RecordUpgradedRow.kind, SigningStartedRow.kind, EventRow.kind})


def as_written(row: RecordRow | tuple[str, Payload]) -> tuple[str, Payload]:
    """A row as the store writes it: (kind, payload)."""
    if isinstance(row, RecordRow):
        return row.kind, row.to_dict()
    return row
