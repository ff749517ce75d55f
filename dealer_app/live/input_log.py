"""The hand's inputs in force and its redo stack, and the hands they rebuild.

Rebuilt, never patched: a trial, an undo and a redo replay the inputs into a fresh hand with
the same seats and stacks (``replay_inputs``), so the engine stays the only place where rules
live. The log holds the inputs as the record keeps them (the fold's lists, record/fold.py);
``apply_input`` is where one becomes an engine call. To spare a replay per keystroke, the hand
an input replaced is brought up to date and kept as the next input's trial (``spare``).
"""

from __future__ import annotations

from typing import TYPE_CHECKING

from dealer_app.engine.cards import CardError
from dealer_app.engine.errors import EngineError
from dealer_app.engine.says import QT_TRANSLATE_NOOP, says
from dealer_app.live.errors import InputError, as_input_error
from dealer_app.record.fold import InputFold
from dealer_app.record.inputs import DealerInput, Irregularity
from dealer_app.record.replay import RecordedInput, apply_input, replay_inputs

if TYPE_CHECKING:
    from collections.abc import Sequence

    from dealer_app.engine.events import Event
    from dealer_app.engine.hand import Hand
    from dealer_app.engine.session import TableSession

# the remedies that void a hand: a floor-only act (a floor account), and never undone by the dealer
FLOOR_IRREGULARITIES = ("I-6", "I-7")


def replayed(session: TableSession, inputs: Sequence[RecordedInput]) -> Hand:
    """``replay_inputs``, its refusal as an InputError."""
    try:
        return replay_inputs(session, inputs)
    except (EngineError, CardError) as exc:
        raise as_input_error(exc) from None


class InputLog:
    """The inputs in force in the table's hand, the redo stack and the hand number (the
    record's fold), with how many inputs were undone and what the latest one caused."""

    def __init__(self, fold: InputFold | None = None) -> None:
        self.fold = fold if fold is not None else InputFold()
        self.undo_count = 0
        self.spare: Hand | None = None  # see tried
        self.fresh_events: list[Event] = []  # what the latest input caused, for the dealer's next steps
        self.fresh_key: tuple[int, int] | tuple[()] = ()  # (the hand, the inputs) those events are of

    @property
    def hand_no(self) -> int:
        return self.fold.hand_no

    @property
    def inputs(self) -> list[RecordedInput]:
        return self.fold.inputs

    @property
    def redo_stack(self) -> list[RecordedInput]:
        return self.fold.redo_stack

    def fresh_events_of(self, hand: Hand | None) -> list[Event] | None:
        """What the latest input caused, if ``hand`` is the one it made (else None: replay)."""
        return self.fresh_events if self.fresh_key == (id(hand), len(self.inputs)) else None

    # --- a hand's inputs begin and end -----------------------------------------------------------
    def install(self, fold: InputFold) -> None:
        """A table's fold (opened, resumed, played on from a moment) becomes the log."""
        self.fold, self.spare = fold, None

    def new_hand(self, hand_no: int) -> None:
        self.fold.hand_no = hand_no
        self.fold.inputs, self.fold.redo_stack = [], []
        self.spare = None

    def hand_ended(self) -> None:
        self.fold.inputs, self.fold.redo_stack = [], []
        self.spare = None

    def table_closed(self) -> None:
        self.fold.hand_no = 0
        self.fold.inputs, self.fold.redo_stack = [], []

    # --- an input tried, then given -----------------------------------------------------------
    def tried(self, session: TableSession, inp: DealerInput) -> Hand:
        """A hand equal to the table's with ``inp`` applied; the table's hand is untouched.

        It starts from the spare (the table's hand as it was before the last input, brought up
        to date after that input was committed) or, when there is none, from a replay."""
        trial, self.spare = self.spare, None
        if trial is None:
            trial = replayed(session, self.inputs)
        try:
            apply_input(trial, inp)
        except (EngineError, CardError) as exc:
            raise as_input_error(exc) from None
        return trial

    def given(self, session: TableSession, trial: Hand, inp: DealerInput, recorded: RecordedInput, redo: bool) -> None:
        """The input was recorded: ``trial`` becomes the table's hand and ``inp`` is in force
        (kept as ``recorded``, the record's list of it)."""
        previous = session.hand
        assert previous is not None  # (an input is tried on the hand being played)
        start = len(previous.events)
        session.replace_hand(trial)
        self.inputs.append(recorded)
        self.fresh_key, self.fresh_events = (id(trial), len(self.inputs)), trial.events[start:]
        # the hand it replaced, given the same committed input, is the next input's trial
        # (one engine step instead of a replay of the whole hand)
        try:
            apply_input(previous, inp)
            self.spare = previous
        except (EngineError, CardError):
            self.spare = None
        if redo:
            self.redo_stack.pop()
        else:
            self.redo_stack.clear()

    # --- undo ------------------------------------------------------------------------------------
    def last_undoable(self) -> RecordedInput:
        """The input an undo takes back; a void is the floor's (I-3), and refused."""
        last = self.inputs[-1]
        if last[0] == Irregularity.kind and last[1] in FLOOR_IRREGULARITIES:
            raise InputError(
                says(
                    QT_TRANSLATE_NOOP(
                        "Errors", "the floor voided this hand (%1): only a floor ruling changes that (I-3)"
                    ),
                    last[1],
                ),
                (last[1], "I-3"),
            )
        return last

    def undone(self, session: TableSession, rebuilt: Hand) -> None:
        """The undo was recorded: the hand rebuilt without the last input is the table's."""
        self.spare = None
        session.replace_hand(rebuilt)
        self.redo_stack.append(self.inputs.pop())
        self.undo_count += 1
