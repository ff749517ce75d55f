"""One recorded hand as the floor steps through it: every row of the hand on a timeline, and
the table exactly as it stood after each.

Built from the hand's own rows (``Store.hand_rows``), not by replaying the table's earlier
hands: the hand's start row names every seat with its starting stack, and the table's first
row holds the limit table and profile it was played by. The table at a step is a ``Moment``:
the hand replayed to that step, read by the same presentation the dealer's screen reads (whose
turn, every legal action with its amount and rules, pots, stub, the shortage plan). "What if"
plays on from a step on a controller with no record (``what_if``): nothing of it is stored.
"""

from __future__ import annotations

from dataclasses import dataclass, field
from typing import TypeVar

from dealer_app.engine.cards import format_card
from dealer_app.engine.errors import EngineError
from dealer_app.engine.hand import Hand
from dealer_app.engine.limits import (
    BettingRules,
    HouseProfile,
    LimitsError,
    LimitTable,
    profile_from_record,
    table_from_record,
)
from dealer_app.engine.player import SeatSpec
from dealer_app.engine.says import QT_TRANSLATE_NOOP, Says, says
from dealer_app.engine.session import TableSession
from dealer_app.floor.ruling import Ruling
from dealer_app.live.controller import InputError, TableController, replay_inputs
from dealer_app.live.presentation import SeatView, TablePresentation
from dealer_app.record.fold import InputFold
from dealer_app.record.rows import HandEndRow, HandStartRow, OpenTableRow, RulingRow


class TimelineError(ValueError):
    """A hand that cannot be opened (not in the record, or its rows no longer replay)."""

    def __init__(self, message: str | Says):
        super().__init__(str(message))
        self.says = message if isinstance(message, Says) else None


@dataclass(frozen=True)
class Step:
    """One row of the hand: what it was, when, and the dealer's inputs in force after it."""

    index: int
    seq: int  # the row's sequence number in its table's record
    at: str
    kind: str  # hand_start, input, irregularity, undo, redo, ruling, resume, hand_end, …
    input: tuple | None  # the input the row gave (or, for an undo, took back)
    inputs: tuple  # the inputs in force after the row
    by: dict | None = None  # who confirmed it (an irregularity, a ruling)
    ruling: Ruling | None = None

    @property
    def time(self) -> str:
        """HH:MM:SS of the row (the record keeps UTC with milliseconds)."""
        return self.at[11:19]


class Moment(TablePresentation):
    """A recorded moment on the floor's screen: the live table's presentation of the hand
    replayed to a step (read-only: no undo, no record). ``reveal``: downcards to draw face up,
    as they were shown at the end of the hand (the floor's toggle); None draws them as the
    dealer saw."""

    reveal: dict[int, list[str]] | None = None

    def seats(self) -> list[SeatView]:
        views = super().seats()
        if self.reveal:
            for v in views:
                if v.in_hand and not v.shown and self.reveal.get(v.seat):
                    known = self.reveal[v.seat]
                    v.shown = known + ["??"] * max(0, v.down_count - len(known))
                    v.shown = v.shown[: v.down_count]
        return views


M = TypeVar("M", bound=Moment)


@dataclass
class HandTimeline:
    session: int
    hand: int
    table: str
    profile: str
    seats: list[tuple[int, str, int]]  # (seat, name, starting stack)
    steps: list[Step] = field(default_factory=list)
    # the limit table and house profile as played (the table's first row, or a file's hand's)
    limit_table: LimitTable | None = None
    house_profile: HouseProfile | None = None
    _final_shown: dict[int, list[str]] | None = None
    # a hand from a file: the rules it was replayed by, and whether its upcards may be unknown
    rules_override: BettingRules | None = None
    unknown_upcards: bool = False
    source: str = ""  # a file's hand: where it came from (a recorded hand: "")
    # the game the hand was dealt as: at a mixed table its start row's (M-3); else the table's
    game: str | None = None
    _street_cache: list[int] | None = None

    # --- the table at a step ----------------------------------------------------------------------
    def moment(self, index: int) -> Moment:
        """The table as it stood after step ``index``, for the screen."""
        return self.moment_as(index, Moment)

    def moment_as(self, index: int, kind: type[M]) -> M:
        """``moment``, built as a subclass of Moment (the trainer's, which hides the answer)."""
        session, inputs = self._table_at(index)
        return kind(session, self.hand, inputs, replay=lambda given: replay_inputs(session, given))

    def what_if(self, index: int) -> TableController:
        """The table as it stood after step ``index`` on a controller with no record: the
        floor plays on from there with other actions, and nothing of it is stored."""
        session, inputs = self._table_at(index)
        return TableController.playing_on(session, self.hand, inputs)

    def _table_at(self, index: int) -> tuple[TableSession, list[list]]:
        """A fresh table with the hand replayed to step ``index``, and the inputs in force."""
        step = self.steps[max(0, min(index, len(self.steps) - 1))]
        session = self._fresh_session()
        inputs = [list(i) for i in step.inputs]
        try:
            hand = replay_inputs(session, inputs)
        except EngineError as exc:
            raise TimelineError(exc.says or str(exc)) from None
        session.replace_hand(hand)
        return session, inputs

    def _fresh_session(self) -> TableSession:
        assert self.limit_table is not None and self.house_profile is not None
        session = TableSession(self.limit_table, self.house_profile)
        if self.rules_override is not None:
            session.rules = self.rules_override
        elif self.game is not None and session.mix is not None and self.game != session.game:
            session.switch_game(self.game)  # M-1: a mixed table's hand rebuilt with its own game's rules
        for seat, name, stack in self.seats:  # as the hand started: a fact, not a buy-in judged again
            session.seat_as_played(seat, name, stack)
        if self.unknown_upcards:
            session.begin(Hand(session.rules, [SeatSpec(s, n, st) for s, n, st in self.seats], True))
        else:
            session.new_hand()
        return session

    def final_shown(self) -> dict[int, list[str]]:
        """Every downcard shown by the end of the hand (the floor's "as shown at the end")."""
        if self._final_shown is None:
            end = self.moment(len(self.steps) - 1).hand
            self._final_shown = {
                p.seat: [format_card(c) for c in p.down if c is not None]
                for p in (end.players if end is not None else [])
                if p.shown
            }
        return self._final_shown

    # --- the steps --------------------------------------------------------------------------------
    def street_starts(self) -> list[int]:
        """The step index where each street's dealing begins (PgUp/PgDn jump between them)."""
        starts, last = [0], 3
        for s in self.steps:
            street = self.street_after(s.index)
            if street != last:
                starts.append(s.index)
                last = street
        return starts

    def street_after(self, index: int) -> int:
        return self._streets()[index]

    def _streets(self) -> list[int]:
        if self._street_cache is None:  # (each step's street, replayed once)
            self._street_cache = [self._street_of(s.inputs) for s in self.steps]
        return self._street_cache

    def _street_of(self, inputs: tuple) -> int:
        try:
            return replay_inputs(self._fresh_session(), list(inputs)).street
        except EngineError:
            return 3

    def rulings(self) -> list[Ruling]:
        return [s.ruling for s in self.steps if s.ruling is not None]


def load_hand(store, session_id: int, hand_no: int) -> HandTimeline:
    """A recorded hand's timeline (TimelineError if the record lacks it or it no longer replays)."""
    first = store.hand_rows(session_id, 0)
    opening = next((r.payload for r in first if r.kind == OpenTableRow.kind), None)
    rows = store.hand_rows(session_id, hand_no)
    start = next((r.payload for r in rows if r.kind == HandStartRow.kind), None)
    if opening is None or start is None:
        raise TimelineError(
            says(QT_TRANSLATE_NOOP("Errors", "%1: table session %2 has no hand %3"), store.path, session_id, hand_no)
        )
    try:
        table, profile = table_from_record(opening["limit_table"]), profile_from_record(opening["house_profile"])
    except (LimitsError, KeyError, TypeError) as exc:
        raise TimelineError(
            says(QT_TRANSLATE_NOOP("Errors", "%1: the limit table in the record is not readable (%2)"), store.path, exc)
        ) from None
    seats = [(int(s), str(n), int(stack)) for s, n, stack in start.get("seats", [])]
    game = start.get("game") if table.mixed else None  # (M-3: written at a mixed table)
    if table.mixed and game not in table.games:
        raise TimelineError(
            says(
                QT_TRANSLATE_NOOP("Errors", "%1: hand %2-%3 names no game of its mixed table (%4)"),
                store.path,
                session_id,
                hand_no,
                repr(game),
            )
        )
    timeline = HandTimeline(
        session_id, hand_no, table.name, profile.name, seats, limit_table=table, house_profile=profile, game=game
    )
    fold = InputFold(strict=False)  # (the floor shows a hand as far as its rows go)
    inputs = fold.inputs
    begun = ended = False
    for seq, kind, payload, at in rows:
        if kind == HandStartRow.kind:
            begun = True
        if not begun or (ended and kind != RulingRow.kind):
            continue
        given = None
        if kind == HandEndRow.kind:
            ended = True  # (the inputs stay in force: the hand's end shows the whole hand)
        elif kind != HandStartRow.kind:
            folded = fold.take(kind, payload, hand_no)
            given = tuple(folded.input) if folded.input is not None else None
        ruling = Ruling.from_payload(session_id, payload) if kind == RulingRow.kind else None
        timeline.steps.append(
            Step(len(timeline.steps), seq, at, kind, given, tuple(tuple(i) for i in inputs), payload.get("by"), ruling)
        )
    try:
        timeline.moment(len(timeline.steps) - 1)  # the whole hand must replay: found now, not mid-dispute
    except (TimelineError, InputError) as exc:
        raise TimelineError(
            says(
                QT_TRANSLATE_NOOP("Errors", "%1: hand %2-%3 no longer replays: %4"),
                store.path,
                session_id,
                hand_no,
                exc.says or str(exc),
            )
        ) from None
    return timeline
