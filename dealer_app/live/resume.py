"""Reading a table back from the record: the open tables, and replaying a session's rows.

A session's rows are replayed through the record's fold (record/fold.py) onto a fresh table:
the seats as they changed, each hand as the engine rebuilds it from its inputs, the floor's
chips between hands. ``replay_state`` gives the table as the record left it (the live table
resumes it; a floor ruling counts the seats on it); ``logged_hands`` each hand as it ended (the
export). ``open_tables`` lists the tables left open, with what they stood at or why one cannot
be resumed (``failing``: its rows fail the record's check).
"""

from __future__ import annotations

from typing import TYPE_CHECKING, Any

from dealer_app.engine.limits import HouseProfile, LimitsError, LimitTable
from dealer_app.engine.says import QT_TRANSLATE_NOOP, Says, says
from dealer_app.engine.session import TableSession
from dealer_app.live.errors import InputError
from dealer_app.record.replay import REPLAY_ERRORS, Step, TableState, replay_row, rules_of, why_not
from dealer_app.record.rows import OpenTableRow
from dealer_app.record.store import StoreError

if TYPE_CHECKING:
    from collections.abc import Iterator
    from pathlib import Path

    from dealer_app.engine.hand import Hand
    from dealer_app.record.store import Store

__all__ = [
    "OpenTable",
    "Step",
    "TableState",
    "check_resumable",
    "failing",
    "logged_hands",
    "open_tables",
    "replay_row",
    "replay_state",
    "replay_steps",
    "stage",
]

STREET_NAMES = {3: "third street", 4: "fourth street", 5: "fifth street", 6: "sixth street", 7: "seventh street"}


class OpenTable(tuple[Any, ...]):
    """A table the record left open: ``(session_id, table, profile, opened_at)`` as before,
    with what the dealer needs to recognise it (players, hand, street, last input) and, if
    it cannot be resumed, why (``problem``)."""

    players: list[str]
    hand_no: int
    stage: str  # "between hands", "third street", "awards" …
    last_at: str
    problem: str | None
    problem_says: Says | None
    in_use: bool
    last_input: list[Any] | None  # the hand's last input (the record's vocabulary), None between hands
    currency: str
    last_row: int  # the id of its last row: the largest is the table played last
    failing: bool  # its rows fail the record's check: only the floor closes it
    seats: list[tuple[int, str, int]]  # (seat, name, stack) as its record last says (for the floor to count against)
    limit_table: LimitTable | None  # the LimitTable it is played with (its title for the list), None if unreadable
    house: HouseProfile | None  # its HouseProfile, likewise

    def __new__(cls, session_id: int, table: str, profile: str, opened_at: str, **info: Any) -> OpenTable:
        self = super().__new__(cls, (session_id, table, profile, opened_at))
        self.players = info.get("players", [])
        self.hand_no = info.get("hand_no", 0)
        self.stage = info.get("stage", "")
        self.last_at = info.get("last_at") or opened_at
        self.problem = info.get("problem")
        self.in_use = info.get("in_use", False)
        self.last_input = info.get("last_input")
        self.currency = info.get("currency", "USD")
        self.problem_says = info.get("problem_says")  # the same, as data (the reader's language)
        self.last_row = info.get("last_row", 0)
        self.failing = bool(info.get("failing"))
        self.seats = info.get("seats", [])
        self.limit_table = info.get("limit_table")
        self.house = info.get("house")
        return self

    @property
    def session_id(self) -> int:
        return int(self[0])

    @property
    def table(self) -> str:
        return str(self[1])

    @property
    def profile(self) -> str:
        return str(self[2])

    @property
    def opened_at(self) -> str:
        return str(self[3])


def stage(session: TableSession) -> str:
    """Where a table stands, in words for the resume list."""
    h = session.hand
    if h is None:
        return "between hands"
    if h.phase == "done":
        return "awards"
    if h.phase == "showdown":
        return "showdown"
    return STREET_NAMES.get(h.street, f"street {h.street}")


def failing(store: Store | None, session_id: int) -> Says | None:
    """Why this table may not be resumed or dealt on: its rows fail the record's check (an
    edited ruling's chips would otherwise reach the seats). The dealer calls the floor; the
    floor may close it, and open a fresh table from the stacks it confirms."""
    failing = store.failing() if store is not None else {}
    found = next((text for (sid, _hand), text in failing.items() if sid in (session_id, 0)), None)
    if found is None:
        return None
    return says(
        QT_TRANSLATE_NOOP(
            "Errors", "this table's record fails its check, so it is not resumed or dealt on — call the floor: %1"
        ),
        found,
    )


def open_tables(store: Store | None, current: int | None, limits_dir: Path | None = None) -> list[OpenTable]:
    """Every table the record left open but ``current``, newest first, each with what it
    stood at or why it cannot be resumed."""
    if store is None:
        return []
    out = []
    for sid, table, profile, opened in store.open_sessions():
        if sid == current:
            continue
        info: dict[str, Any] = {
            "last_at": store.last_row_at(sid),
            "in_use": store.session_in_use(sid),
            "last_row": store.last_row_id(sid),
        }
        fails = failing(store, sid)
        if fails is not None:  # (a replay's own problem, below, is the more precise words)
            info["problem"], info["problem_says"], info["failing"] = str(fails), fails, True
        try:
            state = replay_state(store, sid, limits_dir)
            info.update(
                seats=[(seat, p.name, p.stack) for seat, p in sorted(state.session.seats.items())],
                players=[p.name for _s, p in sorted(state.session.seats.items())],
                hand_no=state.hand_no,
                stage=stage(state.session),
                last_input=state.inputs[-1] if state.inputs else None,
                currency=state.session.table.currency,
                limit_table=state.session.table,
                house=state.session.profile,
            )
        except InputError as exc:
            info["problem"], info["problem_says"] = exc.message, exc.says
        if info["in_use"] and not info.get("problem"):
            info["problem"] = "open in another dealer-app window"
        out.append(OpenTable(sid, table, profile, opened, **info))
    out.sort(key=lambda t: t.last_row, reverse=True)  # the table played last first
    return out


def check_resumable(store: Store | None, session_id: object) -> tuple[Store, int]:
    """The record and the session to resume, or the refusal: no record, not a table, not
    open, or its rows fail the record's check."""
    if store is None:
        raise InputError(says(QT_TRANSLATE_NOOP("Errors", "there is no hand record to resume from")))
    if isinstance(session_id, bool) or not isinstance(session_id, int) or not 0 < session_id < 2**62:
        raise InputError(says(QT_TRANSLATE_NOOP("Errors", "%1 is not a table in the record"), repr(session_id)))
    if not store.is_open(session_id):
        raise InputError(
            says(
                QT_TRANSLATE_NOOP("Errors", "session %1 is not an open table in the record (closed, or never opened)"),
                session_id,
            )
        )
    fails = failing(store, session_id)
    if fails is not None:
        raise InputError(fails, ("I-3",))
    return store, session_id


def logged_hands(store: Store, session_id: int, limits_dir: Path | None = None) -> Iterator[tuple[int, Hand | None]]:
    """Every hand of a recorded session, rebuilt by the engine, one at a time as the
    record is read: (hand number, Hand). The last may still be open."""
    for step in replay_steps(store, session_id, limits_dir, include_open=True):
        if step[0] == "hand":
            yield step[1]


def replay_state(store: Store, session_id: int, limits_dir: Path | None = None) -> TableState:
    """A session's record applied to a fresh table; raises InputError naming the session
    and the row when the record cannot be replayed. Changes nothing in the record."""
    state = None
    for step in replay_steps(store, session_id, limits_dir):
        if step[0] == "state":
            state = step[1]
    assert state is not None
    return state


def replay_steps(
    store: Store, session_id: int, limits_dir: Path | None = None, include_open: bool = False
) -> Iterator[Step]:
    """Replay a session's record row by row: yields ("hand", (number, Hand)) as each hand
    ends (and, with ``include_open``, the open one), then ("state", the table)."""
    where = f"{store.path}: session {session_id}"
    try:
        log = store.iter_session_log(session_id)
        first = next(log, None)
    except StoreError as exc:
        raise InputError(str(exc)) from None
    if first is None:
        raise InputError(
            says(QT_TRANSLATE_NOOP("Errors", "%1: the table has no rows in the record (nothing to resume)"), where)
        )
    if first.kind != OpenTableRow.kind:
        raise InputError(says(QT_TRANSLATE_NOOP("Errors", "%1: the record does not start with the table"), where))
    try:
        table, profile = rules_of(first.payload, limits_dir)
    except LimitsError as exc:
        raise InputError(
            says(
                QT_TRANSLATE_NOOP("Errors", "%1: the limit table it was played with cannot be loaded: %2"),
                where,
                exc,
            )
        ) from None
    except REPLAY_ERRORS as exc:  # (rules of a 0-cent chip divide by zero: ArithmeticError)
        raise InputError(
            says(
                QT_TRANSLATE_NOOP("Errors", "%1: the limit table in the record is not readable (%2)"),
                where,
                why_not(exc),
            )
        ) from None
    state = TableState(TableSession(table, profile), session_id)
    s = state.session
    row_no, kind = 1, OpenTableRow.kind
    try:
        for row_no, (hand_no, kind, payload, _at) in enumerate(log, 2):  # noqa: B007 - named if it fails
            yield from replay_row(state, hand_no, kind, payload)
    except StoreError as exc:
        raise InputError(str(exc)) from None
    except REPLAY_ERRORS as exc:  # (the eighth pass's review: chips by a seat "x" raised a ValueError here)
        detail = why_not(exc)
        raise InputError(
            says(QT_TRANSLATE_NOOP("Errors", "%1: row %2 (%3) no longer replays: %4"), where, row_no, kind, detail)
        ) from None
    if include_open and s.hand is not None:
        yield "hand", (state.hand_no, s.hand)
    yield "state", state
