"""Does an undo row take back the input it names?

An undo row names the input it undoes (its payload's ``input``), but replay takes back
whatever the hand's last input in force is (the record's fold, record/fold.py). Who may write
the undo is decided from what it names (floor_signing.floor_claim: taking a void back is the
floor's), so a row naming an ordinary input while the fold takes the floor's void back would
undo the void without the floor (the fourth attack pass). ``undo_mismatch`` folds one row and
says, in words, when an undo names another input than the one it takes back: the record service
refuses such a row before writing it (its sentence, ``says``, translated in the dealer's window as
the service's other refusals are), the record's check names one already written (English).
"""

from __future__ import annotations

import json
from dataclasses import dataclass
from typing import TYPE_CHECKING, Any

from dealer_app.engine.says import QT_TRANSLATE_NOOP, Says, says
from dealer_app.record.floor_signing import is_void_input
from dealer_app.record.rows import GIVING_KINDS, HandEndRow, HandStartRow, UndoRow

if TYPE_CHECKING:
    from dealer_app.record.fold import InputFold

UNDO_CLAIM = "undo claim"  # the record's check names such a row (record/integrity.py)
FOLDED_KINDS = GIVING_KINDS | {UndoRow.kind, HandStartRow.kind, HandEndRow.kind}  # rows the fold reads


@dataclass(frozen=True)
class UndoMismatch:
    """An undo row that names ``claimed`` while the hand's last input in force is ``taken``
    (None: the hand has no input to take back)."""

    claimed: Any
    taken: list[Any] | None

    def says(self) -> Says:
        """What the undo names and what it really takes back, as a sentence (engine/says.py)."""
        claimed = _shown(self.claimed)
        if self.taken is None:
            return says(QT_TRANSLATE_NOOP("Errors", "the undo names %1 but the hand has no input to undo"), claimed)
        return says(
            QT_TRANSLATE_NOOP("Errors", "the undo names %1 but the hand's last input is %2"),
            claimed,
            _shown(self.taken),
        )

    def words(self) -> str:
        """English: what the undo names and what it really takes back."""
        return str(self.says())


def _shown(given: Any) -> Says | str:
    """An input as the sentence quotes it: the floor's void in words, any other as its JSON."""
    if is_void_input(given):
        return says(QT_TRANSLATE_NOOP("Errors", "the floor's void (%1)"), str(given[1]))
    text = json.dumps(given, ensure_ascii=False)
    return text if len(text) <= 80 else text[:77] + "..."


def undo_mismatch(fold: InputFold, kind: str, payload: dict[str, Any], hand_no: int) -> UndoMismatch | None:
    """One row taken into ``fold`` (a fold that is not strict: it reads a record as it stands);
    the mismatch when the row is an undo that names another input than the one it takes back.
    A row the fold cannot read (a giving row with no input) is left out of the fold."""
    if kind not in FOLDED_KINDS or (kind in GIVING_KINDS and "input" not in payload):
        return None
    folded = fold.take(kind, payload, hand_no)
    if kind != UndoRow.kind:
        return None
    claimed = payload.get("input")
    taken = folded.input if folded.what == "took_back" else None
    if taken is not None and _same(claimed, taken):
        return None
    return UndoMismatch(claimed, taken)


def _same(a: Any, b: Any) -> bool:
    """Inputs as JSON (a tuple written is a list read back)."""
    return json.dumps(a, sort_keys=True) == json.dumps(b, sort_keys=True)
