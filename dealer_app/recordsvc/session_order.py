"""A table session as its readers fold it, in row order: what the record service checks a
commit's rows against before it writes them.

Replay and resume (live/resume.py), the floor's timeline and the record's check fold a table's
rows in the order they were written, whatever hand number each row carries: the hand being
dealt is the one whose ``hand_start`` was read last with no ``hand_end`` after it, an undo takes
back the last input in force (record/fold.py), and a ruling's chips move only between hands.
The service once folded an undo by the hand number its client sent (``hand_rows(session, hand)``):
an undo sent under a made-up hand 7 took the floor's void of hand 2 back (the sixth attack
pass). ``SessionOrder`` is that one fold, and ``take`` says, in words, why a row cannot follow
the rows before it:

- an input, a redo, an irregularity or an undo belongs to the hand being dealt (its number, not
  another; none while no hand is dealt: replay could not apply it);
- an undo names the input it takes back (record/undo_claim.py);
- a row applying a card room's ruling comes between hands (replay moves its chips only there,
  as the window's own path refuses it while a hand is open: floor/rulings.check_room_ruling),
  confirmed by the dealer as the window writes it (``{"role": "dealer"}``), and names the room's
  ruling by its id as a whole number (the seventh attack pass: ``2.0`` was vouched for by the
  room link, ``2.0 == 2``, while every reader, taking ints only, saw no room ruling at all);
- a hand starts only while none is dealt, numbered the next hand, its payload's number its row's;
  a hand ends only while it is the hand dealt, once (the seventh pass ended hand 3 right after
  its start with a made-up result, ended hand 2 twice, and dealt hand 1 again);
- a top-up and a player's leaving come between hands (replay seats them there), a top-up of
  whole cents above 0 and at most ``MAX_CENTS`` (the pass topped up -9000 and 1e308).
Then every row is replayed through the engine as every reader replays it (record/replay.py):
a row the engine cannot make, a ``hand_end`` stating other pots or nets than the engine gives
(the seventh pass committed a made-up result for the hand being dealt), a ``leave`` cashing out
more than the seat holds, a ``resume`` naming another table, a ``sit`` not shaped as written —
each is refused before it is written. A table whose record no longer replays (the record's
check names it; only the floor acts on it) is folded, not replayed.
"""

from __future__ import annotations

import copy
from dataclasses import dataclass, field
from typing import TYPE_CHECKING, Any, TypeGuard

from dealer_app.engine.money import MAX_CENTS
from dealer_app.engine.says import QT_TRANSLATE_NOOP, Says, says
from dealer_app.record.fold import InputFold
from dealer_app.record.replay import REPLAY_ERRORS, TableState, opened_table, replay_one, why_not
from dealer_app.record.room_ruling_content import room_ruling_id
from dealer_app.record.rows import GIVING_KINDS, HandEndRow, HandStartRow, LeaveRow, RulingRow, TopUpRow, UndoRow
from dealer_app.record.undo_claim import undo_mismatch

if TYPE_CHECKING:
    from dealer_app.record.store import Store

HAND_ROWS = GIVING_KINDS | {UndoRow.kind}  # rows of the hand being dealt, and of no other
DEALER_CONFIRMS = {"role": "dealer"}  # a room ruling's confirmation as the window writes it
BETWEEN_HANDS = frozenset({TopUpRow.kind, LeaveRow.kind})  # seat changes replay makes between hands only


def _whole(value: object) -> TypeGuard[int]:
    """A whole number as the readers take one (an int, not a bool, not 2.0)."""
    return isinstance(value, int) and not isinstance(value, bool)


@dataclass
class SessionOrder:
    """Table session ``session`` folded up to its row ``last_row`` (the record's row id):
    ``dealing`` is the hand being dealt (None: between hands), ``dealt`` the last hand started
    (0: none yet), ``fold`` the inputs in force."""

    session: int
    last_row: int = 0
    dealing: int | None = None
    dealt: int = 0
    fold: InputFold = field(default_factory=lambda: InputFold(strict=False))
    table: TableState | None = None  # the table replayed so far; None: its record does not replay

    @classmethod
    def of(cls, store: Store, session: int, since: SessionOrder | None = None) -> SessionOrder:
        """The session as the record holds it, replayed (StoreError: a row the readers cannot
        read); ``since``: a fold of its first rows (a copy of it is taken on from its last row)."""
        if since is not None:
            order = since.copy()
            rows = store.iter_session_log(session, after=since.last_row)
        else:
            order = cls(session)
            rows = store.iter_session_log(session)
            first = next(rows, None)
            if first is not None:  # its open_table row
                order.fold_row(first.number, first.kind, first.payload)
                order.table = _opened(first.payload, session)
        for hand, kind, payload, _at in rows:
            order.fold_row(hand, kind, payload)
            if order.table is not None and _replay(order.table, hand, kind, payload) is not None:
                order.table = None  # (the record's check names the row; the floor acts on the table)
        order.last_row = store.last_row_id(session)
        return order

    @staticmethod
    def opening(rows: list[tuple[str, dict[str, Any]]]) -> Says | None:
        """Why a table's opening rows (open_table, then its seats) do not replay, or None."""
        if not rows:
            return None
        table = _opened(rows[0][1], None)
        if table is None:
            return says(
                QT_TRANSLATE_NOOP("Errors", "the open_table row's limit table or profile is not readable: refused")
            )
        for kind, payload in rows[1:]:
            why = _replay(table, 0, kind, payload)
            if why is not None:
                return says(QT_TRANSLATE_NOOP("Errors", "the table's %1 row does not replay: %2: refused"), kind, why)
        return None

    def copy(self) -> SessionOrder:
        return copy.deepcopy(self)

    def take(self, hand: int, kind: str, payload: dict[str, Any]) -> Says | None:
        """Why the row cannot be written next (a sentence), or None: the row is folded in and
        replayed (a refusal leaves this fold part-way: the caller drops it)."""
        refusal = self._out_of_order(hand, kind, payload)
        if refusal is not None:
            return refusal
        mismatch = self.fold_row(hand, kind, payload)
        if mismatch is not None:
            return says(
                QT_TRANSLATE_NOOP("Errors", "table session %1, hand %2: %3: refused"), self.session, hand, mismatch
            )
        why = _replay(self.table, hand, kind, payload) if self.table is not None else None
        if why is not None:
            return says(
                QT_TRANSLATE_NOOP("Errors", "table session %1, hand %2: the %3 row does not replay: %4: refused"),
                self.session,
                hand,
                kind,
                why,
            )
        return None

    def fold_row(self, hand: int, kind: str, payload: dict[str, Any]) -> Says | None:
        """The row folded in as the readers fold it; an undo's false claim, in words."""
        mismatch = undo_mismatch(self.fold, kind, payload, hand)
        if kind == HandStartRow.kind:
            self.dealing = hand
            self.dealt = max(self.dealt, hand)
        elif kind == HandEndRow.kind:
            self.dealing = None
        return mismatch.says() if mismatch is not None else None

    def _out_of_order(self, hand: int, kind: str, payload: dict[str, Any]) -> Says | None:
        for check in (self._hand_bounds, self._between_hands):
            refusal = check(hand, kind, payload)
            if refusal is not None:
                return refusal
        if kind in HAND_ROWS and self.dealing is None:
            return says(
                QT_TRANSLATE_NOOP(
                    "Errors",
                    "table session %1, hand %2: the %3 row is refused: no hand is being dealt "
                    "(an input or an undo belongs to the hand being dealt)",
                ),
                self.session,
                hand,
                kind,
            )
        if kind in HAND_ROWS and hand != self.dealing:
            return says(
                QT_TRANSLATE_NOOP(
                    "Errors",
                    "table session %1, hand %2: the %3 row is refused: hand %4 is being dealt "
                    "(an input or an undo belongs to the hand being dealt)",
                ),
                self.session,
                hand,
                kind,
                self.dealing,
            )
        if kind == RulingRow.kind and "room_ruling" in payload and room_ruling_id(payload) is None:
            return says(
                QT_TRANSLATE_NOOP(
                    "Errors",
                    "a row applying a room's ruling names it by the room's id, a whole number, not %1: refused",
                ),
                repr(payload.get("room_ruling"))[:40],
            )
        rid = room_ruling_id(payload) if kind == RulingRow.kind else None
        if rid is not None and self.dealing is not None:
            return says(
                QT_TRANSLATE_NOOP(
                    "Errors",
                    "table session %1: hand %2 is being dealt: the room's ruling %3 is applied between hands "
                    "(a ruling that moves chips is applied between hands): refused",
                ),
                self.session,
                self.dealing,
                rid,
            )
        if rid is not None and payload.get("confirmed_by") != DEALER_CONFIRMS:
            return says(
                QT_TRANSLATE_NOOP(
                    "Errors",
                    'the row applying the room\'s ruling %1 is confirmed by the dealer as {"role": "dealer"}, '
                    "nothing else: refused",
                ),
                rid,
            )
        return None

    def _hand_bounds(self, hand: int, kind: str, payload: dict[str, Any]) -> Says | None:
        """A hand_start only between hands, the next hand, its payload's number its row's; a
        hand_end only of the hand being dealt."""
        if kind == HandStartRow.kind:
            if self.dealing is not None:
                return says(
                    QT_TRANSLATE_NOOP(
                        "Errors",
                        "table session %1: hand %2 is being dealt: hand %3 is started after it ends: refused",
                    ),
                    self.session,
                    self.dealing,
                    hand,
                )
            if hand != self.dealt + 1:
                return says(
                    QT_TRANSLATE_NOOP("Errors", "table session %1: the next hand is hand %2, not hand %3: refused"),
                    self.session,
                    self.dealt + 1,
                    hand,
                )
            named = payload.get("hand")
            if not _whole(named) or named != hand:
                return says(
                    QT_TRANSLATE_NOOP("Errors", "table session %1: the row starting hand %2 names hand %3: refused"),
                    self.session,
                    hand,
                    repr(named)[:40],
                )
        if kind == HandEndRow.kind and hand != self.dealing:
            return says(
                QT_TRANSLATE_NOOP(
                    "Errors",
                    "table session %1: hand %2 is not being dealt: only the hand being dealt ends (once): refused",
                ),
                self.session,
                hand,
            )
        return None

    def _between_hands(self, hand: int, kind: str, payload: dict[str, Any]) -> Says | None:
        """A top-up or a leave only between hands; a top-up of whole cents, 1 … MAX_CENTS."""
        if kind in BETWEEN_HANDS and self.dealing is not None:
            return says(
                QT_TRANSLATE_NOOP(
                    "Errors", "table session %1: hand %2 is being dealt: a %3 row is written between hands: refused"
                ),
                self.session,
                self.dealing,
                kind,
            )
        amount = payload.get("amount")
        if kind == TopUpRow.kind and not (_whole(amount) and 0 < amount <= MAX_CENTS):
            return says(
                QT_TRANSLATE_NOOP(
                    "Errors",
                    "table session %1, hand %2: a top-up is whole cents above 0 and at most %3, not %4: refused",
                ),
                self.session,
                hand,
                MAX_CENTS,
                repr(amount)[:40],
            )
        return None


def _opened(first: dict[str, Any], session: int | None) -> TableState | None:
    """The table an open_table row opens; None if its rules are not readable."""
    try:
        return opened_table(first, session)
    except REPLAY_ERRORS:
        return None


def _replay(table: TableState, hand: int, kind: str, payload: dict[str, Any]) -> Says | str | None:
    """The row replayed onto ``table``; why it does not replay, or None."""
    try:
        replay_one(table, hand, kind, payload)
    except REPLAY_ERRORS as exc:
        return why_not(exc)
    return None


__all__ = ["DEALER_CONFIRMS", "HAND_ROWS", "SessionOrder"]
