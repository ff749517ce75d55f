"""The floor's cases (I-3): every ruling belongs to a case, found again by its number.

A case has a number unique in the card room, a category (irregularity, misdeal, pot dispute,
conduct, other) and a status (open, decided, appealed, closed). The record is append-only, so
a case is the rulings that carry its number, in order: the first opens it, each later one (a
decision, an appeal, the closing) says its status then; the case's status is its last ruling's.

Numbers: ``C-XXXXXX-N``, where ``XXXXXX`` names the record that holds the case (six letters of
its identity, in the seals' alphabet) and ``N`` counts its cases. Each table's record numbers
its own cases without asking anyone, offline too, and two records of one room share a prefix
once in about a billion pairs. A ruling made in the room (its console) is ``R-XXXXXX-N``, the
letters naming the room's table. Rulings recorded before cases existed are listed under the
hand they are on (``3-12``).
"""

from __future__ import annotations

import csv
import io
import json
from dataclasses import asdict, dataclass, field
from typing import TYPE_CHECKING

from dealer_app.engine.says import QT_TRANSLATE_NOOP
from dealer_app.floor.ruling import Ruling
from dealer_app.record.chain import seal_code
from dealer_app.record.floor_signing import shown_floor_name
from dealer_app.record.hand_index import applied_room_ruling, payload_dict

if TYPE_CHECKING:
    from collections.abc import Iterable

CATEGORIES = ("irregularity", "misdeal", "pot_dispute", "conduct", "other")
STATUSES = ("open", "decided", "appealed", "closed")
CATEGORY_WORDS = {  # (the UI's words for each; translated where they are shown)
    "irregularity": QT_TRANSLATE_NOOP("Cases", "irregularity"),
    "misdeal": QT_TRANSLATE_NOOP("Cases", "misdeal"),
    "pot_dispute": QT_TRANSLATE_NOOP("Cases", "pot dispute"),
    "conduct": QT_TRANSLATE_NOOP("Cases", "conduct"),
    "other": QT_TRANSLATE_NOOP("Cases", "other"),
}
STATUS_WORDS = {
    "open": QT_TRANSLATE_NOOP("Cases", "open"),
    "decided": QT_TRANSLATE_NOOP("Cases", "decided"),
    "appealed": QT_TRANSLATE_NOOP("Cases", "appealed"),
    "closed": QT_TRANSLATE_NOOP("Cases", "closed"),
}
_ALPHABET = "0123456789ABCDEFGHJKMNPQRSTVWXYZ"  # (the seals' Crockford base 32: read aloud safely)


def case_prefix(identity: str, room: bool = False) -> str:
    """``C-XXXXXX`` for a record (its identity: hex digits), ``R-XXXXXX`` for a room's table
    (its id, ``T-`` and ten letters of the same alphabet)."""
    if room:
        return "R-" + identity.removeprefix("T-")[:6].upper()
    try:
        bits = int(identity[:8], 16)
    except ValueError:
        bits = int.from_bytes(identity.encode()[:4].ljust(4, b"\0"), "big")
    return "C-" + "".join(_ALPHABET[(bits >> shift) & 31] for shift in range(25, -1, -5))


def next_case_number(prefix: str, known: Iterable[str]) -> str:
    """The next number after the record's highest case with this prefix."""
    highest = 0
    for number in known:
        head, _sep, n = number.rpartition("-")
        if head == prefix and n.isdigit():
            highest = max(highest, int(n))
    return f"{prefix}-{highest + 1}"


@dataclass(frozen=True)
class CaseEntry:
    """One ruling of a case, as the record holds it."""

    case: str
    category: str
    status: str
    session: int
    hand: int
    at: str  # UTC, as the record writes it
    floor: str
    facts: str
    decision: str
    rules: tuple[str, ...]
    remedy: str
    chips: dict[int, int]
    witnesses: str
    camera: str
    table: str  # the limit table, or the room's table name
    table_id: str | None = None  # in a card room: the table's identity
    seal: str | None = None  # the ruling row's own seal (its hash, as a hand's seal is written)

    @property
    def hand_id(self) -> str:
        return f"{self.session}-{self.hand}"

    def to_dict(self) -> dict:
        out = asdict(self)
        out["rules"] = list(self.rules)
        out["chips"] = {str(s): a for s, a in sorted(self.chips.items())}
        out["hand_id"] = self.hand_id
        return out


@dataclass
class Case:
    number: str
    entries: list[CaseEntry] = field(default_factory=list)

    @property
    def category(self) -> str:
        return self.entries[0].category

    @property
    def status(self) -> str:
        return self.entries[-1].status


def entry_of(
    payload: dict, session: int, hand: int, at: str, table: str, table_id: str | None = None, seal: str | None = None
) -> CaseEntry:
    """A ruling row's case entry, read as the timeline reads a ruling (``Ruling.from_payload``);
    rulings from before cases: one case, named by their hand."""
    r = Ruling.from_payload(session, payload)
    by = payload.get("by")
    return CaseEntry(
        r.case or f"{session}-{hand}",
        r.category,
        r.status,
        session,
        hand,
        at,
        shown_floor_name(by) if isinstance(by, dict) and by else "?",  # (unsigned: said so)
        r.facts,
        r.decision,
        tuple(str(x) for x in r.rules),
        r.remedy,
        r.chips,
        r.witnesses,
        r.camera,
        table,
        table_id,
        seal,
    )


_UNREADABLE = (TypeError, ValueError, AttributeError)  # a row edited out of shape: the record's check names it


def record_entries(store) -> list[CaseEntry]:
    """Every ruling of a record, in the order written."""

    names = {sid: name for sid, name, _profile, _opened in store.all_sessions()}
    out = []
    for sid, hand, text, at, digest in store.db.execute(
        "SELECT session_id, hand_no, payload, at, hash FROM log WHERE kind = 'ruling' ORDER BY id"
    ):
        try:
            out.append(
                entry_of(
                    payload_dict(text),
                    sid,
                    hand,
                    at,
                    names.get(sid, "?"),
                    seal=seal_code(digest) if isinstance(digest, str) else None,
                )
            )
        except _UNREADABLE:
            continue
    return out


def room_entries(reader) -> list[CaseEntry]:
    """Every ruling in a card room: the tables' own (their records' rows) and the room's. A room
    ruling a table applied is one ruling: the table's row, which names it (its id and hash)."""

    reader.catch_up(hands=False)
    label = {tid: t.label for tid, t in reader.tables.items()}
    out = []
    applied: set[tuple[str, int, str]] = set()
    for tid, sid, hand, text, at, digest in reader._query(
        "SELECT table_id, session, hand_no, payload, at, hash FROM room.log WHERE kind = 'ruling' "
        "ORDER BY table_id, row_id"
    ):
        payload = payload_dict(text)
        if (named := applied_room_ruling(payload)) is not None:
            applied.add((tid, *named))
        try:
            out.append(
                entry_of(
                    payload,
                    sid,
                    hand,
                    at,
                    label.get(tid, tid),
                    tid,
                    seal_code(digest) if isinstance(digest, str) else None,
                )
            )
        except _UNREADABLE:
            continue
    for r in reader.rulings:
        if (r.table_id, r.id, r.hash) in applied:
            continue
        try:
            out.append(
                entry_of(
                    r.payload,
                    r.session,
                    r.hand,
                    r.at,
                    label.get(r.table_id, r.table_id),
                    r.table_id,
                    seal_code(r.hash) if isinstance(r.hash, str) else None,
                )
            )
        except _UNREADABLE:
            continue
    return sorted(out, key=lambda e: e.at)


def cases_of(entries: Iterable[CaseEntry]) -> list[Case]:
    """The entries grouped by case, in the order each case was opened."""
    cases: dict[tuple, Case] = {}
    for e in entries:
        cases.setdefault((e.table_id, e.case), Case(e.case)).entries.append(e)
    return list(cases.values())


@dataclass(frozen=True)
class CaseFilter:
    """What the floor looks for: each given part must hold (times: UTC, as the record's)."""

    since: str | None = None
    until: str | None = None
    floor: str = ""
    status: str | None = None  # the case's status now (its last ruling's)
    case: str = ""
    text: str = ""

    def wants(self, case: Case) -> bool:
        first, last = case.entries[0], case.entries[-1]
        if self.status and case.status != self.status:
            return False
        if self.since and last.at < self.since:
            return False
        if self.until and first.at[: len(self.until)] > self.until:
            return False
        if self.case and self.case.lower() not in case.number.lower():
            return False
        if self.floor and not any(self.floor.lower() in e.floor.lower() for e in case.entries):
            return False
        if self.text:
            words = self.text.lower()
            return any(
                words
                in " ".join((e.facts, e.decision, e.witnesses, e.camera, " ".join(e.rules), e.table, e.hand_id)).lower()
                for e in case.entries
            )
        return True


def as_json(cases: list[Case]) -> str:
    return json.dumps(
        {
            "cases": [
                {
                    "case": c.number,
                    "category": c.category,
                    "status": c.status,
                    "table": c.entries[0].table,
                    "table_id": c.entries[0].table_id,
                    "hand_id": c.entries[0].hand_id,
                    "opened": c.entries[0].at,
                    "updated": c.entries[-1].at,
                    "rulings": [e.to_dict() for e in c.entries],
                }
                for c in cases
            ]
        },
        indent=1,
        ensure_ascii=False,
    )


CSV_COLUMNS = (
    "case",
    "category",
    "status",
    "at",
    "table",
    "table_id",
    "hand_id",
    "floor",
    "rules",
    "decision",
    "remedy",
    "chips",
    "witnesses",
    "camera",
    "seal",
    "facts",
)  # (facts last: the earlier columns stay put)


def as_csv(cases: list[Case]) -> str:
    """One line per ruling (a shift report's spreadsheet), each with its case's status now."""
    out = io.StringIO()
    w = csv.writer(out, lineterminator="\n")
    w.writerow(CSV_COLUMNS)
    for c in cases:
        for e in c.entries:
            w.writerow(
                [
                    c.number,
                    c.category,
                    e.status,
                    e.at,
                    e.table,
                    e.table_id or "",
                    e.hand_id,
                    e.floor,
                    " ".join(e.rules),
                    _cell(e.decision),
                    e.remedy,
                    " ".join(f"{s}:{a}" for s, a in sorted(e.chips.items())),
                    _cell(e.witnesses),
                    _cell(e.camera),
                    e.seal or "",
                    _cell(e.facts),
                ]
            )
    return out.getvalue()


def _cell(text: str) -> str:
    """A spreadsheet never runs a cell: text starting =, +, - or @ is kept as text."""
    return "'" + text if text[:1] in ("=", "+", "-", "@") else text
