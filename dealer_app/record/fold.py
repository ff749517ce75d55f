"""A table's rows folded into the dealer's inputs in force, the redo stack and the hand number.

Written once for every reader of a hand: the live table resuming and the export of a record
(``live/resume``: ``replay_row``, ``logged_hands``), the floor stepping through a hand
(``floor/timeline.load_hand``, which folds the rows between the hand's start and end: at the
end the floor keeps the inputs, to show the whole hand). ``take`` reads one row and says what
it did to the inputs; the reader gives the engine what it needs (the fold knows rows, not hands).
"""

from __future__ import annotations

from dataclasses import dataclass, field
from typing import Any

from dealer_app.record.rows import GIVING_KINDS, HandEndRow, HandStartRow, RedoRow, UndoRow


@dataclass(frozen=True)
class Folded:
    """What one row did: ``started`` a hand, ``gave`` an input, ``took_back`` one, ``ended``
    the hand, or nothing to the inputs (``None``: a seat change, a ruling, a resume …).
    ``input``: the input given or taken back."""

    what: str | None
    input: list[Any] | None = None


NOTHING = Folded(None)


@dataclass
class InputFold:
    """The inputs in force in the hand being read. ``strict``: an undo with nothing to undo, or
    a redo with nothing undone, is IndexError (the live table refuses to resume such a record);
    else it is read as far as it goes (the floor shows such a hand as it stands)."""

    hand_no: int = 0
    inputs: list[list[Any]] = field(default_factory=list)
    redo_stack: list[list[Any]] = field(default_factory=list)
    strict: bool = True

    def take(self, kind: str, payload: dict[str, Any], hand_no: int) -> Folded:
        if kind in GIVING_KINDS:
            given = payload["input"]
            self.inputs.append(given)
            if kind != RedoRow.kind:
                self.redo_stack.clear()
            elif self.redo_stack or self.strict:
                self.redo_stack.pop()
            return Folded("gave", given)
        if kind == UndoRow.kind:
            if not self.inputs and not self.strict:
                return NOTHING
            taken = self.inputs.pop()
            self.redo_stack.append(taken)
            return Folded("took_back", taken)
        if kind == HandStartRow.kind:
            self.hand_no = hand_no
            self.inputs, self.redo_stack = [], []
            return Folded("started")
        if kind == HandEndRow.kind:
            self.inputs, self.redo_stack = [], []
            return Folded("ended")
        return NOTHING
