"""A floor ruling (I-3): the moment it is about, the facts, the rules cited, the decision, the
remedy, the witnesses, the camera reference, and who ruled.

A ruling never edits the record: it is one more row (``ruling``) in the hand's table, written
after everything it refers to. A remedy that moves chips (``adjust``, or ``void``: every chip
of the hand back where it started) is a compensating record; the live table applies it to the
seats between hands, and a resumed table replays it.
"""

from __future__ import annotations

from typing import Protocol

from dealer_app.engine.catalog import rule_texts
from dealer_app.engine.says import QT_TRANSLATE_NOOP, MoneyArg, says
from dealer_app.floor.cases import CATEGORIES, STATUSES, case_prefix, next_case_number
from dealer_app.floor.ruling import Ruling
from dealer_app.record.floor_signing import LOCAL_ACCOUNTS, FloorAct, FloorAuthority
from dealer_app.record.room_ruling_content import APPLYING_KEYS
from dealer_app.record.rows import HandEndRow, RulingRow
from dealer_app.recordsvc.client import ServiceStore, authority_for

REMEDIES = ("none", "adjust", "void")
_TEXT_LIMIT = 2000


class RulingRefused(ValueError):
    """A ruling that cannot be recorded as given (``says``: why, as data)."""

    def __init__(self, message):
        super().__init__(str(message))
        self.says = message


def check_ruling(r: Ruling, seats: list[int], currency: str = "USD") -> None:
    """Refuse (RulingRefused, naming what) a ruling that is incomplete or does not add up."""
    for name, text in (("facts", r.facts), ("decision", r.decision), ("witnesses", r.witnesses), ("camera", r.camera)):
        if (
            not isinstance(text, str)
            or len(text) > _TEXT_LIMIT
            or any(not (c.isprintable() or c in "\n\t") for c in text)
        ):
            raise RulingRefused(
                says(
                    QT_TRANSLATE_NOOP("Errors", "the ruling's %1 is not plain text of at most %2 characters"),
                    name,
                    _TEXT_LIMIT,
                )
            )
    if r.category not in CATEGORIES:
        raise RulingRefused(
            says(
                QT_TRANSLATE_NOOP("Errors", "the case's category is one of %1, not %2"),
                ", ".join(CATEGORIES),
                repr(r.category),
            )
        )
    if r.status not in STATUSES:
        raise RulingRefused(
            says(
                QT_TRANSLATE_NOOP("Errors", "the case's status is one of %1, not %2"),
                ", ".join(STATUSES),
                repr(r.status),
            )
        )
    if not r.decision.strip() and r.status != "open":  # (a case opened: the facts now, the decision later)
        raise RulingRefused(says(QT_TRANSLATE_NOOP("Errors", "a ruling needs its decision")))
    if r.status == "open" and r.chips:
        raise RulingRefused(says(QT_TRANSLATE_NOOP("Errors", "an open case moves no chips: the decision does")))
    if not r.facts.strip():
        raise RulingRefused(says(QT_TRANSLATE_NOOP("Errors", "a ruling needs the facts")))
    known = rule_texts()
    unknown = [x for x in r.rules if x not in known]
    if unknown or not r.rules:
        raise RulingRefused(
            says(
                QT_TRANSLATE_NOOP("Errors", "a ruling cites the catalog's rule IDs (I-3, A-1 …); not known: %1"),
                ", ".join(unknown) or "none given",
            )
        )
    if r.remedy not in REMEDIES:
        raise RulingRefused(
            says(QT_TRANSLATE_NOOP("Errors", "the remedy is one of %1, not %2"), ", ".join(REMEDIES), repr(r.remedy))
        )
    if r.remedy == "adjust":
        if not r.chips or any(s not in seats for s in r.chips):
            raise RulingRefused(
                says(
                    QT_TRANSLATE_NOOP("Errors", "chips move between the hand's seats (%1)"), ", ".join(map(str, seats))
                )
            )
        if sum(r.chips.values()) != 0:
            total = MoneyArg(sum(r.chips.values()), currency)
            raise RulingRefused(
                says(QT_TRANSLATE_NOOP("Errors", "the chips moved must add up to zero (they add up to %1)"), total)
            )
    elif r.chips and r.remedy == "none":
        raise RulingRefused(says(QT_TRANSLATE_NOOP("Errors", "a ruling that moves chips has the remedy adjust")))


def void_chips(store, session_id: int, hand_no: int) -> dict[int, int]:
    """The chips that put a finished hand back as it started: each seat's result, reversed."""
    end = next((p for _s, kind, p, _at in store.hand_rows(session_id, hand_no) if kind == HandEndRow.kind), None)
    if end is None:
        raise RulingRefused(
            says(
                QT_TRANSLATE_NOOP("Errors", "hand %1-%2 has not ended: it is voided at the table (I-6, I-7)"),
                session_id,
                hand_no,
            )
        )
    return {int(s): -int(n) for s, n in (end.get("net") or {}).items() if int(n)}


def _check_chips_can_move(store, ruling: Ruling, timeline, seated: dict | None) -> None:
    """Chips move to and from the players of the hand, still seated, and never below zero: a
    seat now held by someone else, or left, is refused (the ruling is made with the cashier)."""
    if not ruling.chips or not store.is_open(ruling.session):
        return  # a closed table: the ruling records what is owed; no seat moves
    if seated is None:
        from dealer_app.live.errors import InputError
        from dealer_app.live.resume import replay_state

        try:
            state = replay_state(store, ruling.session)
        except InputError as exc:
            raise RulingRefused(exc.says or str(exc)) from None
        seated = {seat: (p.name, p.stack) for seat, p in state.session.seats.items()}
    names = {seat: name for seat, name, _stack in timeline.seats}
    for seat, delta in sorted(ruling.chips.items()):
        now = seated.get(seat)
        if now is None or now[0] != names.get(seat):
            raise RulingRefused(
                says(
                    QT_TRANSLATE_NOOP(
                        "Errors",
                        "seat %1 (%2) is no longer at the table: chips for a player who left are settled off the table",
                    ),
                    seat,
                    names.get(seat, "?"),
                )
            )
        if now[1] + delta < 0:
            raise RulingRefused(
                says(
                    QT_TRANSLATE_NOOP("Errors", "seat %1 has %2: it cannot give %3"),
                    seat,
                    MoneyArg(now[1], timeline_currency(timeline)),
                    MoneyArg(-delta, timeline_currency(timeline)),
                )
            )


def timeline_currency(timeline) -> str:
    session = timeline.moment(0).session
    return session.table.currency if session is not None else "USD"


def record_ruling(
    store, ruling: Ruling, floor: tuple[str, str], seated: dict | None = None, authority: FloorAuthority | None = None
) -> Ruling:
    """The floor's ruling on a recorded hand, from the console: checked, signed with the
    floor's account (name and passphrase), and appended to the hand's table. Chips move only on a table that is
    not being dealt in another window and is between hands (else the table's own window rules,
    so that its seats and the record never disagree). Returns the ruling as recorded. A
    record the console reads read-only is opened to write for the ruling alone. ``authority``:
    who confirms the floor (None: the local floor accounts; a table in a room: its floor's
    room login, which records the act in the room first). On an installed table (the record
    service's record, recordsvc/) the ruling is the service's to write: a request naming the
    hand, committed only once the service has checked the floor's account itself."""
    writer = store if _writes(store) else None
    if writer is None:
        from dealer_app.record.store import Store, StoreError

        try:
            writer = Store(store.path, create=False)
        except StoreError as exc:
            raise RulingRefused(exc.says or str(exc)) from None
    try:
        return _record(writer, ruling, floor, seated, authority_for(writer, authority or LOCAL_ACCOUNTS))
    finally:
        if writer is not store:
            writer.close()


def _record(store, ruling: Ruling, floor: tuple[str, str], seated: dict | None, authority: FloorAuthority) -> Ruling:
    from dataclasses import replace

    from dealer_app.floor.timeline import load_hand
    from dealer_app.live.record_writer import record_refusal
    from dealer_app.record.floor_accounts import FloorRefused

    timeline = load_hand(store, ruling.session, ruling.hand)
    if ruling.remedy == "void":
        if any(r.remedy == "void" for r in timeline.rulings()):
            raise RulingRefused(
                says(
                    QT_TRANSLATE_NOOP("Errors", "hand %1-%2 is already voided by a ruling"), ruling.session, ruling.hand
                )
            )
        ruling = replace(ruling, chips=void_chips(store, ruling.session, ruling.hand))
    check_ruling(ruling, [s for s, _n, _st in timeline.seats], timeline_currency(timeline))
    if not 0 <= ruling.moment < len(timeline.steps):
        raise RulingRefused(
            says(
                QT_TRANSLATE_NOOP("Errors", "the moment %1 is not on the hand's timeline (0–%2)"),
                ruling.moment,
                len(timeline.steps) - 1,
            )
        )
    ruling = replace(ruling, row_seq=timeline.steps[ruling.moment].seq)
    ruling = _numbered(store, ruling, timeline.rulings())
    if ruling.chips:
        if store.is_open(ruling.session) and store.session_in_use(ruling.session):
            raise RulingRefused(
                says(
                    QT_TRANSLATE_NOOP(
                        "Errors",
                        "table session %1 is being dealt in another window: "
                        "a ruling that moves chips is made at that table",
                    ),
                    ruling.session,
                )
            )
        # (a room's table is never open here: its chips move at the table, between its hands)
        if store.is_open(ruling.session) and not any(
            k == HandEndRow.kind
            for _s, k, _p, _a in store.hand_rows(ruling.session, store.last_hand_no(ruling.session))
        ):
            raise RulingRefused(
                says(
                    QT_TRANSLATE_NOOP("Errors", "table session %1 has a hand open: chips move between hands"),
                    ruling.session,
                )
            )
    _check_chips_can_move(store, ruling, timeline, seated)
    if getattr(store, "moves_no_chips", False):  # a room's table: the ruling is signed with the floor's key
        from dealer_app.room.database import RoomError

        try:
            store.reader.require_floor_key()
        except RoomError as exc:
            raise RulingRefused(str(exc)) from None
    try:
        if not (isinstance(floor, tuple) and len(floor) == 2):
            raise RulingRefused(
                says(QT_TRANSLATE_NOOP("Errors", "a floor act needs the floor's account name and passphrase"))
            )
        act = FloorAct.of(RulingRow.kind, ruling.payload({}), ruling.session, ruling.hand)
        signed = authority.confirm(floor[0], floor[1], act)
    except FloorRefused as exc:
        if exc.row is not None:  # (a room's record takes rulings only: the try goes to the log)
            record_refusal(store if _writes(store) else None, ruling.session, ruling.hand, exc.row)
        raise RulingRefused(exc.says) from None
    store.append(ruling.session, ruling.hand, [RulingRow(ruling.payload(signed))])
    return ruling


def _writes(store) -> bool:
    """Whether rulings are written through ``store``: a record open to write, or the record
    service's (which writes them itself, recordsvc/)."""
    return bool(store.writable) or isinstance(store, ServiceStore)


def _numbered(store, ruling: Ruling, earlier: list[Ruling]) -> Ruling:
    """A new case gets the record's next number; a ruling on a case goes on one of this hand's
    cases that is not closed, with that case's category (a case does not change its kind)."""
    from dataclasses import replace

    if not ruling.case:
        room = bool(getattr(store, "moves_no_chips", False))
        prefix = case_prefix(store.table_id if room else store.record_id, room)
        return replace(ruling, case=next_case_number(prefix, _case_numbers(store)))
    on_case = [r for r in earlier if r.case == ruling.case]
    if not on_case:
        raise RulingRefused(
            says(
                QT_TRANSLATE_NOOP("Errors", "case %1 is not a case of hand %2-%3"),
                ruling.case,
                ruling.session,
                ruling.hand,
            )
        )
    if on_case[-1].status == "closed":
        raise RulingRefused(
            says(QT_TRANSLATE_NOOP("Errors", "case %1 is closed: a new ruling opens a new case"), ruling.case)
        )
    return replace(ruling, category=on_case[0].category)


def _case_numbers(store) -> list[str]:
    """The case numbers a record (or a room's table) holds already."""
    if getattr(store, "moves_no_chips", False):
        reader = store.reader
        reader.catch_up(hands=False)
        return [str(r.payload.get("case", "")) for r in reader.rulings if r.table_id == store.table_id]
    from dealer_app.floor.cases import record_entries

    return [e.case for e in record_entries(store)]


def rule_at_table(controller, ruling: Ruling, floor: tuple[str, str]) -> Ruling:
    """A ruling on the live table's own record: recorded as from the console, and its chips
    moved on the table's seats at once (between hands)."""
    from dealer_app.floor.timeline import TimelineError
    from dealer_app.live.controller import InputError, RecordFailure
    from dealer_app.record.store import RecordError

    if controller.store is None:
        raise InputError(says(QT_TRANSLATE_NOOP("Errors", "there is no hand record")))
    seated = None
    if controller.session is not None and controller.session_id == ruling.session:
        seated = {seat: (p.name, p.stack) for seat, p in controller.session.seats.items()}
    try:
        recorded = record_ruling(controller.store, ruling, floor, seated, controller.floor_authority)
    except (RulingRefused, TimelineError) as exc:
        raise InputError(exc.says or str(exc), ("I-3",)) from None
    except RecordError as exc:
        raise RecordFailure(exc.says or str(exc)) from exc
    controller.apply_ruling_chips(ruling.session, recorded.chips, recorded.case)
    return recorded


class RoomChips(Protocol):
    """A ruling of the card room's floor that moves chips at this table, as the table's
    forwarder brings it (``room.forwarder.PendingRuling``)."""

    @property
    def id(self) -> int: ...
    @property
    def hash(self) -> str: ...
    @property
    def session(self) -> int: ...
    @property
    def hand(self) -> int: ...
    @property
    def floor_login(self) -> str: ...
    @property
    def data(self) -> dict: ...


def room_ruling_applied(store, pending: RoomChips) -> bool:
    """Whether this record has applied the room's ruling already (its ruling row carries it)."""
    from dealer_app.record.store import applied_room_rulings

    return (pending.id, pending.hash) in applied_room_rulings(store.db)


def check_room_ruling(controller, pending: RoomChips) -> Ruling:
    """A room ruling that moves chips, checked at this table as it stands now (between hands,
    the hand's players still in their seats, no stack below zero): the ruling it applies, or
    InputError saying why it cannot be applied here. Nothing is written."""
    from dataclasses import replace

    from dealer_app.floor.timeline import TimelineError, load_hand
    from dealer_app.live.controller import InputError

    store = controller.store
    if store is None:
        raise InputError(says(QT_TRANSLATE_NOOP("Errors", "there is no hand record")))
    if room_ruling_applied(store, pending):
        raise InputError(
            says(QT_TRANSLATE_NOOP("Errors", "the room's ruling %1 is applied at this table already"), pending.id),
            ("I-3",),
        )
    if controller.session is None or controller.session_id != pending.session:
        raise InputError(
            says(
                QT_TRANSLATE_NOOP(
                    "Errors", "the room's ruling is on table session %1: its chips move when that table is dealt here"
                ),
                pending.session,
            ),
            ("I-3",),
        )
    if controller.hand is not None:
        raise InputError(
            says(QT_TRANSLATE_NOOP("Errors", "a hand is open: the room's ruling moves chips between hands")), ("I-3",)
        )
    ruling = replace(Ruling.from_payload(pending.session, pending.data), hand=pending.hand)
    if ruling.unreadable:  # (a ruling written into the room out of shape: chips of 1e400, "NaN")
        raise InputError(
            says(QT_TRANSLATE_NOOP("Errors", "the room's ruling %1 is not readable"), pending.id), ("I-3",)
        )
    try:
        timeline = load_hand(store, ruling.session, ruling.hand)
        if ruling.remedy == "void" and any(r.remedy == "void" for r in timeline.rulings()):
            raise RulingRefused(
                says(
                    QT_TRANSLATE_NOOP("Errors", "hand %1-%2 is already voided by a ruling"), ruling.session, ruling.hand
                )
            )
        if ruling.remedy == "void" and ruling.chips != void_chips(store, ruling.session, ruling.hand):
            raise RulingRefused(
                says(
                    QT_TRANSLATE_NOOP(
                        "Errors", "the room's ruling voids hand %1-%2 with other chips than this record's hand moved"
                    ),
                    ruling.session,
                    ruling.hand,
                )
            )
        if not 0 <= ruling.moment < len(timeline.steps):
            raise RulingRefused(
                says(
                    QT_TRANSLATE_NOOP("Errors", "the moment %1 is not on the hand's timeline (0–%2)"),
                    ruling.moment,
                    len(timeline.steps) - 1,
                )
            )
        check_ruling(ruling, [s for s, _n, _st in timeline.seats], timeline_currency(timeline))
        if not ruling.chips:
            raise RulingRefused(says(QT_TRANSLATE_NOOP("Errors", "the room's ruling moves no chips")))
        seated = {seat: (p.name, p.stack) for seat, p in controller.session.seats.items()}
        _check_chips_can_move(store, ruling, timeline, seated)
    except (RulingRefused, TimelineError) as exc:
        raise InputError(exc.says or str(exc), ("I-3",)) from None
    return ruling


def room_floor_name(pending: RoomChips) -> str:
    """Who ruled in the room: the login the server says filed the ruling (its ``floor_login``),
    never the name the payload gives (the third attack pass: floor_bob filed a ruling "by
    floor_anna", and the table signed it as floor_anna's)."""
    return pending.floor_login


def rule_from_room(controller, pending: RoomChips) -> Ruling:
    """The room's ruling applied at this table, the dealer having confirmed it: checked
    (``check_room_ruling``), recorded first (a ruling row of this record, carrying the room's
    id and hash, the floor who ruled and the dealer who confirmed), and only then its chips
    moved, as a ruling of this table's own floor console moves them (``rule_at_table``)."""
    from dealer_app.live.controller import RecordFailure
    from dealer_app.record.store import RecordError

    ruling = check_room_ruling(controller, pending)
    # (every field the room filed, as filed, and the table's reading of its own: a row applying a
    # room ruling carries the ruling as the room filed it — record/room_ruling_content.py)
    filed = {k: v for k, v in pending.data.items() if k not in APPLYING_KEYS}
    row = dict(
        filed,
        **ruling.payload({"role": "floor", "name": room_floor_name(pending)}),
        room_ruling=pending.id,
        room_hash=pending.hash,
        floor_login=pending.floor_login,
        confirmed_by={"role": "dealer"},
    )
    try:
        controller.store.append(ruling.session, ruling.hand, [RulingRow(row)])
    except RecordError as exc:
        raise RecordFailure(exc.says or str(exc)) from exc
    controller.apply_ruling_chips(ruling.session, ruling.chips, ruling.case)
    return ruling
