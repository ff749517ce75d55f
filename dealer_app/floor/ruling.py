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

    @classmethod
    def from_payload(cls, session: int, payload: dict) -> Ruling:
        # (a field left out is read as READ_AS says: the room's readers compare an applied room
        # ruling with the room's by the same defaults)
        return cls(
            session,
            int(payload.get("hand", 0)),
            int(payload.get("moment", READ_AS["moment"])),
            str(payload.get("facts", READ_AS["facts"])),
            tuple(payload.get("rules") or READ_AS["rules"]),
            str(payload.get("decision", READ_AS["decision"])),
            str(payload.get("remedy", READ_AS["remedy"])),
            {int(s): int(a) for s, a in (payload.get("chips") or READ_AS["chips"]).items()},
            str(payload.get("witnesses", READ_AS["witnesses"])),
            str(payload.get("camera", READ_AS["camera"])),
            payload.get("row_seq", READ_AS["row_seq"]),
            str(payload.get("case") or READ_AS["case"]),
            str(payload.get("category") or READ_AS["category"]),
            str(payload.get("status") or READ_AS["status"]),
        )
