"""The live table's record writer: rows committed before anything reaches the table.

Record first: the controller builds the hand an input makes, hands its rows to ``commit``, and
only puts that hand on the table once the rows are written; a failed write is a
``RecordFailure`` and the table stays as it was. The writer also keeps which session of the
record the table is (locking it against another window) and the last hand's seal the dealer is
shown, with why the anchors file lacks it if it does.
"""

from __future__ import annotations

import logging
from typing import TYPE_CHECKING, Any

from dealer_app.engine.says import QT_TRANSLATE_NOOP, says
from dealer_app.live.errors import InputError, RecordFailure
from dealer_app.record.floor_accounts import FloorRefused
from dealer_app.record.floor_signing import LOCAL_ACCOUNTS
from dealer_app.record.inputs import Irregularity
from dealer_app.record.replay import hand_end_payload
from dealer_app.record.rows import (
    CloseTableRow,
    FloorRefusedRow,
    HandEndRow,
    HandStartRow,
    InputRow,
    IrregularityRow,
    RecordRow,
    RedoRow,
    ResumeRow,
)
from dealer_app.record.store import RecordError, SessionLocked, StoreError

if TYPE_CHECKING:
    from collections.abc import Callable, Sequence

    from dealer_app.engine.hand import Hand
    from dealer_app.record.chain import Anchor
    from dealer_app.record.floor_signing import FloorAct, FloorAuthority
    from dealer_app.record.store import Store

# who confirmed an input, as the record keeps it
Confirmation = dict[str, Any]


def dealer_confirms() -> Confirmation:
    """The dealer's own input (the floor's is ``floor_confirms``)."""
    return {"role": "dealer"}


def floor_confirms(
    floor: tuple[str, str] | None,
    trace: Callable[[FloorRefusedRow], None] | None = None,
    act: FloorAct | None = None,
    authority: FloorAuthority = LOCAL_ACCOUNTS,
) -> Confirmation:
    """The floor's account name and passphrase, checked by ``authority`` (alone: the local
    accounts, record/floor_accounts.py; in a room: the floor's room login, which records
    ``act`` in the room first); the passphrase is never recorded. A wrong one is refused and
    given to ``trace`` to record."""
    if not (isinstance(floor, tuple) and len(floor) == 2):
        raise InputError(
            says(QT_TRANSLATE_NOOP("Errors", "a floor act needs the floor's account name and passphrase")), ("I-3",)
        )
    try:
        return authority.confirm(floor[0], floor[1], act)
    except FloorRefused as exc:
        if exc.row is not None and trace is not None:
            trace(exc.row)
        raise InputError(exc.says, ("I-3",)) from None
    except StoreError as exc:  # (the record service could not be asked)
        raise RecordFailure(exc.says or str(exc)) from exc


def record_refusal(store: Store | None, session_id: int | None, hand_no: int, row: FloorRefusedRow) -> None:
    """A refused floor act written to table ``session_id``'s record (the act stays refused
    either way); with no table to write it to, or a record that refuses it, it goes to the log."""
    if store is not None and session_id is not None:
        try:
            store.append(session_id, hand_no, [row])
            return
        except StoreError as exc:
            logging.getLogger("dealer_app").error("a refused floor act could not be recorded: %s", exc)
    logging.getLogger("dealer_app").warning(
        "floor act refused for %s: %s (no table to record it in)", row.by, row.reason
    )


def input_row(recorded: list[Any], redo: bool = False, confirmed_by: Confirmation | None = None) -> InputRow:
    """The row that records one dealer input (its record's list): a redo, an irregularity (with
    who confirmed it: only the dealer's are ever undone, so a redone one is the dealer's), or
    an input."""
    if recorded[0] == Irregularity.kind:
        if redo:
            return RedoRow(recorded, dealer_confirms())
        return IrregularityRow(recorded, confirmed_by)
    return (RedoRow if redo else InputRow)(recorded, confirmed_by)


def hand_start_row(hand_no: int, hand: Hand, mixed: bool = False) -> HandStartRow:
    """A hand dealt, with every seat in it as [seat, name, starting stack]; at a mixed table
    with the game it is dealt as (M-3)."""
    return HandStartRow(hand_no, [[p.seat, p.name, p.start] for p in hand.players], hand.rules.game if mixed else None)


def hand_end_row(hand: Hand) -> HandEndRow:
    """The awards confirmed: each pot as awarded and every seat's net (as replay checks them)."""
    return HandEndRow.from_dict(hand_end_payload(hand))


class RecordWriter:
    """Writes the table's rows to ``store`` (None: a table with no record, nothing written)."""

    def __init__(self, store: Store | None) -> None:
        self.store = store
        self.session_id: int | None = None
        self.last_seal: Anchor | None = None  # the last finished hand's seal, once committed
        self.seal_problem: str | None = None  # why that seal is not in the anchors file, if it is not

    def commit(self, hand_no: int, rows: Sequence[RecordRow]) -> None:
        """Write rows to the record, or refuse with the reason: nothing is applied before this."""
        if self.store is None or self.session_id is None or not rows:
            return
        try:
            self._sealed(self.store.append(self.session_id, hand_no, list(rows)))
        except RecordError as exc:
            raise RecordFailure(exc.says or str(exc)) from exc

    def commit_hands(self, parts: list[tuple[int, list[RecordRow]]]) -> None:
        """One hand's end and the next hand's start, written in one step."""
        if self.store is None or self.session_id is None:
            return
        try:
            self._sealed(self.store.append_hands(self.session_id, parts))
        except RecordError as exc:
            raise RecordFailure(exc.says or str(exc)) from exc

    def _sealed(self, seals: list[Anchor]) -> None:
        """A hand's end was committed: its seal is what the dealer is shown (and whether the
        anchors file has it)."""
        if seals:
            self.last_seal = seals[-1]
            self.seal_problem = getattr(self.store, "anchor_problem", None)

    def open_table(self, table: str, profile: str, rows: list[RecordRow]) -> None:
        """A new table in the record, locked to this window (the previous one let go)."""
        session_id = None
        if self.store is not None:
            try:
                session_id = self.store.open_session(table, profile, rows)
                self.store.lock_session(session_id)
            except StoreError as exc:
                raise RecordFailure(exc.says or str(exc)) from exc
            if self.session_id is not None:
                self.store.unlock_session(self.session_id)
        self.session_id = session_id
        self.last_seal = None

    def close_table(self, hand_no: int, hand_open: bool) -> None:
        """The table closed in the record (a hand still open stays there, unfinished)."""
        if self.store is not None and self.session_id is not None:
            try:
                self.store.close_session(self.session_id, [CloseTableRow(hand_open=hand_open)], hand_no)
            except RecordError as exc:
                raise RecordFailure(exc.says or str(exc)) from exc
        self.session_id = None

    def close_other(self, store: Store, session_id: int, row: CloseTableRow) -> None:
        """Another table the record left open, closed without resuming it."""
        try:
            store.close_session(session_id, [row], store.last_hand_no(session_id))
        except RecordError as exc:
            raise RecordFailure(exc.says or str(exc)) from exc

    def take_over(self, store: Store, session_id: int, hand_no: int) -> None:
        """A table resumed: locked to this window, its resume recorded, the previous table let
        go, and its last hand's seal shown as before the restart."""
        try:
            store.lock_session(session_id)
        except SessionLocked as exc:
            raise InputError(str(exc)) from None
        except StoreError as exc:
            raise RecordFailure(exc.says or str(exc)) from exc
        try:
            store.append(session_id, hand_no, [ResumeRow(session_id)])
        except RecordError as exc:
            store.unlock_session(session_id)
            raise RecordFailure(exc.says or str(exc)) from exc
        previous = self.session_id
        if previous is not None and previous != session_id:
            store.unlock_session(previous)
        self.session_id = session_id

    def seal_shown(self, store: Store, session_id: int, hand_no: int) -> None:
        seals = store.seals(session_id)
        self.last_seal = seals[-1] if seals and seals[-1].hand == hand_no else None
