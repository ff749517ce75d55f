"""A floor ruling as data (I-3): the moment of the hand it is about, the facts, the rules cited,
the decision, the remedy and its chips, the witnesses, the camera reference, and its case.
Checking and recording one is ``rulings.py``'s job; the timeline and the cases read them."""

from __future__ import annotations

from dataclasses import dataclass, field

from dealer_app.record.room_ruling_content import READ_AS


@dataclass(frozen=True)
class Ruling:
    session: int
    hand: int
    moment: int  # the step of the hand's timeline it refers to (0: the hand as dealt)
    facts: str
    rules: tuple[str, ...]
    decision: str
    remedy: str = "none"
    chips: dict[int, int] = field(default_factory=dict)  # seat -> chips moved (a sum of zero)
    witnesses: str = ""
    camera: str = ""
    row_seq: int | None = None  # the record row of that moment (its table's sequence number)
    # the case (floor/cases): its number ("" for a new case: numbered as it is recorded), its
    # category, and its status as of this ruling
    case: str = ""
    category: str = "other"
    status: str = "decided"

    def payload(self, floor: dict) -> dict:
        return {
            "case": self.case,
            "category": self.category,
            "status": self.status,
            "hand": self.hand,
            "moment": self.moment,
            "row_seq": self.row_seq,
            "facts": self.facts,
            "rules": list(self.rules),
            "decision": self.decision,
            "remedy": self.remedy,
            "chips": {str(s): a for s, a in sorted(self.chips.items())},
            "witnesses": self.witnesses,
            "camera": self.camera,
            "by": floor,
        }

    # the fields a ruling row held that could not be read (the row as written, e.g. chips "NaN"):
    # read as their defaults, and said — a ruling is shown, never a reader stopped by it
    unreadable: tuple[str, ...] = ()

    @classmethod
    def from_payload(cls, session: int, payload: dict) -> Ruling:
        """A ruling as a row holds it; every field read, or its default and its name in
        ``unreadable`` (a hostile or damaged row stops no reader: the sixth attack pass's chips
        of 1e400 stopped ``report`` and every ruling on the hand after it)."""
        # (a field left out is read as READ_AS says: the room's readers compare an applied room
        # ruling with the room's by the same defaults)
        bad: list[str] = []

        def read(key: str, kind, default):
            value = payload.get(key, default)
            try:
                return kind(value) if value is not None else default
            except (TypeError, ValueError, OverflowError):
                bad.append(key)
                return default

        chips: dict[int, int] = {}
        try:
            raw = payload.get("chips") or READ_AS["chips"]
            chips = {_whole(s): _whole(a) for s, a in raw.items()}
        except (AttributeError, TypeError, ValueError, OverflowError):
            bad.append("chips")
        rules = payload.get("rules") or READ_AS["rules"]
        if not isinstance(rules, list | tuple) or not all(isinstance(r, str) for r in rules):
            bad.append("rules")
            rules = READ_AS["rules"]
        row_seq = payload.get("row_seq", READ_AS["row_seq"])
        if row_seq is not None and (isinstance(row_seq, bool) or not isinstance(row_seq, int)):
            bad.append("row_seq")
            row_seq = None
        return cls(
            session,
            read("hand", _whole, 0),
            read("moment", _whole, READ_AS["moment"]),
            read("facts", str, READ_AS["facts"]),
            tuple(rules),
            read("decision", str, READ_AS["decision"]),
            read("remedy", str, READ_AS["remedy"]),
            chips,
            read("witnesses", str, READ_AS["witnesses"]),
            read("camera", str, READ_AS["camera"]),
            row_seq,
            str(payload.get("case") or READ_AS["case"]),
            str(payload.get("category") or READ_AS["category"]),
            str(payload.get("status") or READ_AS["status"]),
            tuple(bad),
        )


def _whole(value) -> int:
    """A whole number as a row holds it (an int, or its digits as text): anything else — a
    fraction, infinity, a word — is no amount (ValueError)."""
    if isinstance(value, bool) or not isinstance(value, int | str):
        raise ValueError(f"not a whole number: {str(value)[:20]}")
    return int(value)
