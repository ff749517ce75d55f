"""The record's hands at a glance: one summary per hand, for the floor's browser and
``dealer-app hands``.

Read from the few rows that say it (a hand's start, its end, its undos, irregularities and
rulings) through the ``log_kind`` index, never by replaying: 10,000 hands list in well under a
second. A hand still open has no pot yet (``None``): its end has not been recorded.
"""

from __future__ import annotations

import re
from dataclasses import dataclass, field
from datetime import UTC
from typing import TYPE_CHECKING

from dealer_app.record.chain import seal_code
from dealer_app.record.floor_signing import shown_floor_name
from dealer_app.record.payload import JsonObject, read_payload
from dealer_app.record.rows import HandEndRow, HandStartRow, IrregularityRow, OpenTableRow, RulingRow, UndoRow

if TYPE_CHECKING:
    from dealer_app.record.store import Store

# (a card room's table id, or None in one record; the table's session)
Place = tuple[str | None, int]
Failing = dict[tuple[int, int | None], str]  # Store.failing's answer: by (session, hand), the first problem's words

_KINDS = tuple(r.kind for r in (OpenTableRow, HandStartRow, HandEndRow, UndoRow, IrregularityRow, RulingRow))


@dataclass
class CaseMark:
    category: str
    status: str
    floors: list[str] = field(default_factory=list)
    words: str = ""


def mark_case(summary: HandSummary, payload: JsonObject) -> None:
    """A ruling's case on its hand's summary (rulings from before cases: one case, the hand's id)."""
    given, by = payload.get("case"), payload.get("by")
    case = given if isinstance(given, str) and given else summary.id
    by = by if isinstance(by, dict) else {}
    mark = summary.cases.get(case)
    if mark is None:
        mark = summary.cases[case] = CaseMark(str(payload.get("category") or "other"), "decided")
    mark.status = str(payload.get("status") or "decided")
    mark.floors.append(shown_floor_name(by) if by else "?")  # (an unsigned one said so: never its name alone)
    mark.words += " " + " ".join(str(payload.get(k, "")) for k in ("facts", "decision", "witnesses", "camera"))
    mark.words += " " + " ".join(str(r) for r in payload.get("rules") or ())


@dataclass
class HandSummary:
    session: int
    table: str
    hand: int
    started: str
    players: list[str] = field(default_factory=list)
    seats: list[int] = field(default_factory=list)
    pot: int | None = None  # cents; None while the hand is open
    undos: int = 0
    irregularities: int = 0
    rulings: int = 0
    seal: str | None = None
    ended: str | None = None
    profile: str = ""
    currency: str = "USD"
    table_id: str | None = None  # in a card room: the table's own identity (issue 15); None in one record
    room_label: str = ""  # in a card room: the table's name there
    failing: str | None = None  # why its rows fail the record's check (None: they pass)
    # the game it was dealt as (M-3): a mixed table's hand_start row names it; a one-game
    # table's hands are its table's game ("" where the record does not say)
    game: str = ""
    mixed: bool = False  # its start row names its game: a mixed table's hand (M-3)
    # its rulings' cases, each as the floor finds it again: number -> (category, status now,
    # the floors who ruled, the words of its rulings) — floor/cases has the whole rulings
    cases: dict[str, CaseMark] = field(default_factory=dict)

    @property
    def id(self) -> str:
        """How the floor names a hand: ``SESSION-HAND``, e.g. ``3-12``."""
        return f"{self.session}-{self.hand}"

    def to_dict(self) -> dict[str, object]:
        out: dict[str, object] = {
            "session": self.session,
            "table": self.table,
            "hand": self.hand,
            "started": self.started,
            "players": self.players,
            "pot": self.pot,
            "undos": self.undos,
            "irregularities": self.irregularities,
            "rulings": self.rulings,
            "seal": self.seal,
            "id": self.id,
            "seats": self.seats,
            "ended": self.ended,
            "profile": self.profile,
            "failing": self.failing,
            "game": self.game,
            "cases": {
                n: {"category": m.category, "status": m.status, "floors": m.floors} for n, m in self.cases.items()
            },
        }
        if self.table_id is not None:
            out["table_id"] = self.table_id
            out["table_label"] = self.room_label
        return out


# the rows a summary is made of (the rest of a hand is read only when it is opened)
SUMMARY_KINDS = _KINDS


# a time the floor filters hands by: UTC, as the record writes it (2026-12-01, 2026-12-01T21:00,
# 2026-12-01T21:00:05.250; a trailing Z, "UTC", is taken too)
TIME_FILTER = re.compile(r"\d{4}-\d{2}-\d{2}([T ]\d{2}(:\d{2}(:\d{2}(\.\d{1,6})?)?)?[Zz]?)?")
_TIME_SHAPE = "0000-00-00T00:00:00.000000"
_EARLIEST = "2000-01-01T00:00:00"  # (what a time still being typed is completed with, to try it)
_FIELDS = ((5, 7), (8, 10), (11, 13), (14, 16), (17, 19))  # month, day, hour, minute, second


def utc_time(text: str) -> str:
    """A whole time as the record writes it ("2026-12-01 21:00Z" → "2026-12-01T21:00"; seconds
    to the record's milliseconds), or ValueError saying why not: not the shape of one
    ("yesterday"), or a date or time that does not exist ("2026-02-30", "2026-12-01T25:00")."""
    text = text.strip()
    if not TIME_FILTER.fullmatch(text):
        raise ValueError("not the shape of a date and time")
    text = text.rstrip("Zz").replace(" ", "T")
    _exists(text)
    whole, dot, fraction = text.partition(".")
    return whole + dot + fraction[:3]  # (the record keeps milliseconds)


def _exists(text: str) -> None:
    """ValueError naming the part of a date and time that does not exist (month 13, 30 February …)."""
    from datetime import datetime

    parts = [int(text[a:b]) for a, b in ((0, 4), *_FIELDS) if len(text) >= b]
    year, month, day, hour, minute, second = parts + [0] * (6 - len(parts))
    try:
        datetime(year, month, day, hour, minute, second)
    except ValueError as exc:
        raise ValueError(f"no such date or time ({exc})") from None


def time_filter(text: str) -> str | None:
    """A From/To time as typed: the record's form of it ("2026-12-01 21:00" → "2026-12-01T21:00"),
    None while it is still being typed (a start of one: "2026-12", "2026-1"), or ValueError when
    it can never be one ("yesterday", "12/01", and a date or time that does not exist:
    "2026-13-01", "2026-02-30", "2026-12-01T25:00" — or a start that none can finish: "2026-02-3")."""
    text = text.strip()
    if TIME_FILTER.fullmatch(text):
        return utc_time(text)
    shaped = all(
        (want == "0" and ch.isdigit()) or (want == "T" and ch in "T ") or ch == want
        for ch, want in zip(text, _TIME_SHAPE, strict=False)
    )
    if len(text) <= len(_TIME_SHAPE) and shaped and _may_become_one(text.replace(" ", "T")):
        return None
    raise ValueError(text)


def _may_become_one(start: str) -> bool:
    """Whether a time still being typed can be finished as one that exists: "2026-1" can
    (2026-10 …), "2026-13" and "2026-02-3" cannot."""
    if len(start) <= 4:
        return True  # a year being typed (0001 … 9999)
    start = start[:19]  # (the seconds' fraction being typed: the time before it decides)
    field = next(((a, b) for a, b in _FIELDS if a < len(start) < b), None)  # the number being typed
    left = 0 if field is None else field[1] - len(start)  # its digits not typed yet (0 or 1)
    fills = [str(n).zfill(left) for n in range(10**left)] if left else [""]
    for fill in fills:
        whole = start + fill + _EARLIEST[len(start) + len(fill) :]
        try:
            _exists(whole)
        except ValueError:
            continue
        return True
    return False


def record_time(at: str) -> str:
    """A server's timestamp (``2026-12-02 09:14:44.5+00``) as the record writes UTC times."""
    from datetime import datetime

    try:
        return datetime.fromisoformat(at).astimezone(UTC).isoformat(timespec="milliseconds")
    except ValueError:
        return at


def list_hands(store: Store, failing: Failing | None = None) -> list[HandSummary]:
    """Every hand of the record, newest first, each whose rows fail the record's check marked.
    ``failing``: what fails, when the caller knows it (the console checks in a thread of its
    own and marks the hands when the check ends); else the record is checked here."""
    index = HandIndex({(None, sid): (name, profile) for sid, name, profile, _opened in store.all_sessions()})
    marks = ",".join("?" * len(_KINDS))
    for sid, hand_no, kind, text, at, digest in store.db.execute(
        f"SELECT session_id, hand_no, kind, payload, at, hash FROM log WHERE kind IN ({marks}) ORDER BY id", _KINDS
    ):
        index.take(None, sid, hand_no, kind, text, at, digest)
    hands = index.newest_first()
    if failing is None:
        failing = store.failing()
    mark_failing(hands, failing)
    return hands


def mark_failing(hands: list[HandSummary], failing: Failing) -> None:
    """Each hand's ``failing``: the words of the first problem of its rows, its table's or the
    whole record's; None for a hand whose rows hold (a hand from a file, session 0, is no
    record's)."""
    for h in hands:
        h.failing = None
    if failing:  # every hand whose rows fail is marked (the whole table's, when its own rows fail)
        whole = failing.get((0, None)) or next((t for (sid, _hand), t in failing.items() if sid == 0), None)
        for h in hands:
            if h.session:
                h.failing = failing.get((h.session, h.hand)) or failing.get((h.session, None)) or whole


class HandIndex:
    """Hand summaries built row by row, in the record's order: from one record at once, or from
    a card room's rows as they arrive (``table_id`` tells the room's tables apart; None in one
    record). ``tables``: (table_id, session) -> (limit table, profile), where known beforehand;
    otherwise the table's ``open_table`` row says it."""

    def __init__(self, tables: dict[Place, tuple[str, str]] | None = None, labels: dict[str, str] | None = None):
        self.hands: dict[tuple[str | None, int, int], HandSummary] = {}  # (table_id, session, hand)
        self.tables: dict[Place, tuple[str, str]] = dict(tables or {})
        self.labels: dict[str, str] = dict(labels or {})  # table_id -> its name in the room
        self.currencies: dict[Place, str] = {}
        self.games: dict[Place, str] = {}  # a one-game table's game, from its open_table row

    def take(
        self, table_id: str | None, sid: int, hand_no: int, kind: str, text: str, at: str, digest: str
    ) -> HandSummary | None:
        """One row's part of its hand's summary; returns the summary it changed, if any."""
        try:
            return self._take(table_id, sid, hand_no, kind, text, at, digest)
        except (TypeError, ValueError, KeyError, IndexError, AttributeError):
            return None  # a row edited out of shape: verify names it; the other hands are listed

    def newest_first(self) -> list[HandSummary]:
        return sorted(
            self.hands.values(), key=lambda h: (str(h.started), h.table_id or "", h.session, h.hand), reverse=True
        )

    def _take(
        self, table_id: str | None, sid: int, hand_no: int, kind: str, text: str, at: str, digest: str
    ) -> HandSummary | None:
        place: Place = (table_id, sid)
        if kind == OpenTableRow.kind:
            payload = payload_dict(text)
            played = payload.get("limit_table")
            self.currencies[place] = str(played.get("currency", "USD")) if isinstance(played, dict) else "USD"
            self.games[place] = str(played.get("game", "")) if isinstance(played, dict) else ""
            self.tables.setdefault(place, (str(payload.get("table", "?")), str(payload.get("profile", "?"))))
            return None
        if kind == HandStartRow.kind:
            start = payload_dict(text)
            seats = start.get("seats") or []
            game = start.get("game")
            name, profile = self.tables.get(place, ("?", "?"))
            started = HandSummary(
                sid,
                name,
                hand_no,
                at,
                [str(s[1]) for s in seats],
                [int(s[0]) for s in seats],
                profile=profile,
                currency=self.currencies.get(place, "USD"),
                table_id=table_id,
                room_label=self.labels.get(table_id, "") if table_id is not None else "",
                game=game if isinstance(game, str) else self.games.get(place, ""),
                mixed=isinstance(game, str),
            )
            self.hands[(table_id, sid, hand_no)] = started
            return started
        summary = self.hands.get((table_id, sid, hand_no))
        if summary is not None:
            _count(summary, kind, text, at, digest)
        return summary


def _count(summary: HandSummary, kind: str, text: str, at: str, digest: str) -> None:
    """A hand's end, undo, irregularity or ruling, on its summary."""
    if kind == HandEndRow.kind:
        pots = payload_dict(text).get("pots") or []
        summary.pot = sum(int(p.get("amount", 0)) for p in pots if isinstance(p, dict))
        summary.seal, summary.ended = seal_code(digest), at
    elif kind == UndoRow.kind:
        summary.undos += 1
    elif kind == IrregularityRow.kind:
        summary.irregularities += 1
    elif kind == RulingRow.kind:
        summary.rulings += 1
        mark_case(summary, payload_dict(text))


def applied_room_ruling(payload: JsonObject) -> tuple[int, str] | None:
    """The room's ruling a table's ruling row says it applied (issue 26 §4: the row carries the
    room's id and hash), as (id, hash); None for a ruling of the table's own."""
    rid, digest = payload.get("room_ruling"), payload.get("room_hash")
    if isinstance(rid, int) and not isinstance(rid, bool) and isinstance(digest, str):
        return rid, digest
    return None


def payload_dict(text: str) -> JsonObject:
    """A row's payload as a dict: {} for text that is no JSON object, so one malformed row
    never stops a reader (the record's check names it)."""
    try:
        value = read_payload(text)  # (nested past any row's depth is no JSON object either)
    except ValueError:
        return {}
    return value if isinstance(value, dict) else {}
