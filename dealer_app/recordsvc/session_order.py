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
  confirmed by the dealer as the window writes it (``{"role": "dealer"}``).
"""

from __future__ import annotations

import copy
from dataclasses import dataclass, field
from typing import TYPE_CHECKING, Any

from dealer_app.engine.says import QT_TRANSLATE_NOOP, Says, says
from dealer_app.record.fold import InputFold
from dealer_app.record.room_ruling_content import room_ruling_id
from dealer_app.record.rows import GIVING_KINDS, HandEndRow, HandStartRow, RulingRow, UndoRow
from dealer_app.record.undo_claim import undo_mismatch

if TYPE_CHECKING:
    from dealer_app.record.store import Store

HAND_ROWS = GIVING_KINDS | {UndoRow.kind}  # rows of the hand being dealt, and of no other
DEALER_CONFIRMS = {"role": "dealer"}  # a room ruling's confirmation as the window writes it


@dataclass
class SessionOrder:
    """Table session ``session`` folded up to its row ``last_row`` (the record's row id):
    ``dealing`` is the hand being dealt (None: between hands), ``fold`` the inputs in force."""

    session: int
    last_row: int = 0
    dealing: int | None = None
    fold: InputFold = field(default_factory=lambda: InputFold(strict=False))

    @classmethod
    def of(cls, store: Store, session: int) -> SessionOrder:
        """The session as the record holds it (StoreError: a row the readers cannot read)."""
        order = cls(session)
        for hand, kind, payload, _at in store.iter_session_log(session):
            order.fold_row(hand, kind, payload)
        order.last_row = store.last_row_id(session)
        return order

    def copy(self) -> SessionOrder:
        return copy.deepcopy(self)

    def take(self, hand: int, kind: str, payload: dict[str, Any]) -> Says | None:
        """Why the row cannot be written next (a sentence), or None: the row is folded in."""
        refusal = self._out_of_order(hand, kind, payload)
        if refusal is not None:
            return refusal
        mismatch = self.fold_row(hand, kind, payload)
        if mismatch is not None:
            return says(
                QT_TRANSLATE_NOOP("Errors", "table session %1, hand %2: %3: refused"), self.session, hand, mismatch
            )
        return None

    def fold_row(self, hand: int, kind: str, payload: dict[str, Any]) -> Says | None:
        """The row folded in as the readers fold it; an undo's false claim, in words."""
        mismatch = undo_mismatch(self.fold, kind, payload, hand)
        if kind == HandStartRow.kind:
            self.dealing = hand
        elif kind == HandEndRow.kind:
            self.dealing = None
        return mismatch.says() if mismatch is not None else None

    def _out_of_order(self, hand: int, kind: str, payload: dict[str, Any]) -> Says | None:
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


__all__ = ["DEALER_CONFIRMS", "HAND_ROWS", "SessionOrder"]
